namespace StreamConformance.Probe
{
    static class Program
    {
        static int Main(string[] args)
        {
#if !MONO_CORLIB
            // Once, before anything loads: ASP.NET Core's assemblies (a patched copy's among them) bind from the framework
            // beside the runtime this runs on, for the recipes, the hello's proof of what loaded, a repro and an upstream
            // test alike; the probe's runtimeconfig names only .NET, so that it starts where ASP.NET Core is missing.
            StreamConformance.Recipes.AspNetCoreFramework.Register();
#endif
            return args.Length > 0 && args[0] == XunitHost.Flag ? XunitHost.Run(args)
                : args.Length > 0 && args[0] == ReproHost.Flag ? ReproHost.Run(args)
                : ProbeHost.Main(args);
        }
    }
}
