
namespace StreamConformance.Recipes
{
    // One concept: the console's standard streams, stdin and stdout, over one base that says why neither opens.
    /// <summary>
    /// The console's standard streams: reading stdin would take the harness's own input and writing stdout would
    /// corrupt the probe's event stream, and neither can be read back. Named after the runtime's actual type.
    /// </summary>
    public abstract class ConsoleStreamRecipe : StreamRecipe
    {
        /// <summary>
        /// Verified on each runtime (a test compares it with the type Console actually returns). Not computed at
        /// run time: opening and disposing a standard stream could close the probe's own stdout on Mono.
        /// </summary>
#if MONO_CORLIB
        public override string TypeName => "System.IO.FileStream";
#else
        public override string TypeName => "System.ConsolePal+UnixConsoleStream";
#endif

        public override string? UnavailableReason =>
            "the process's own standard streams cannot be fed known content or read back without disturbing the harness";
    }

    public sealed class ConsoleStandardInputRecipe : ConsoleStreamRecipe
    {
        public override string Variant => "Console.OpenStandardInput";
    }

    public sealed class ConsoleStandardOutputRecipe : ConsoleStreamRecipe
    {
        public override string Variant => "Console.OpenStandardOutput";
    }
}
