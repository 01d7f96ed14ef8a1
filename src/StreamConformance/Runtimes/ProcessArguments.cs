using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;

namespace StreamConformance.Runtimes
{
    /// <summary>Passes an argument list to a child process on both runtimes.</summary>
    public static class ProcessArguments
    {
        public static void Set(ProcessStartInfo psi, IEnumerable<string> args)
        {
#if NET
            foreach (var a in args) psi.ArgumentList.Add(a);
#else
            // Mono 6.8's Process ignores ArgumentList: quote into the single command line it does read.
            psi.Arguments = string.Join(" ", args.Select(Quote));
#endif
        }

        static string Quote(string arg) =>
            arg.Length > 0 && arg.All(c => !char.IsWhiteSpace(c) && c != '"' && c != '\\' && c != '\'')
                ? arg
                : "\"" + arg.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"";
    }
}
