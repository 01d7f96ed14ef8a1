
namespace StreamConformance.Recipes
{
    /// <summary>
    /// IsolatedStorageFileStream: its store lives under the user's profile (IsolatedStorageFile's root), which a
    /// run may not write to; the recipe exists so the report says why the type is static-only. The root comes from
    /// the environment, but moving it for one recipe would move it for everything else the probe process runs.
    /// </summary>
    public sealed class IsolatedStorageFileStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.IO.IsolatedStorage.IsolatedStorageFileStream";
        public override string? UnavailableReason =>
#if MONO_CORLIB
            "IsolatedStorageFile.GetUserStoreFor…() roots its store in LocalApplicationData/.isolated-storage ($XDG_DATA_HOME, else " +
            "~/.local/share), in the user's profile, outside the run's temp folder; a scratch XDG_DATA_HOME for the probe would move " +
            "every other LocalApplicationData use in that process with it";
#else
            "IsolatedStorageFile.GetUserStoreFor…() roots its store in LocalApplicationData/IsolatedStorage ($XDG_DATA_HOME, else " +
            "~/.local/share), in the user's profile, outside the run's temp folder; a scratch XDG_DATA_HOME for the probe would move " +
            "every other LocalApplicationData use in that process with it";
#endif
    }

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
