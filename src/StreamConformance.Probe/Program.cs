namespace StreamConformance.Probe
{
    static class Program
    {
        static int Main(string[] args) =>
            args.Length > 0 && args[0] == XunitHost.Flag ? XunitHost.Run(args)
            : args.Length > 0 && args[0] == ReproHost.Flag ? ReproHost.Run(args)
            : ProbeHost.Main(args);
    }
}
