namespace StreamConformance.Probe
{
    static class Program
    {
        static int Main(string[] args) => ProbeHost.Main(args);
    }
}
