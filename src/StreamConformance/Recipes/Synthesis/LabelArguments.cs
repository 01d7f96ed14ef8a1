using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A string named as a secret or a label (a password, a passphrase, a name, an id, a tag): a short fixed ASCII string,
    /// as a caller types one. Not a path (<see cref="PathArguments"/> makes those), and not a name of something to reach
    /// (a host, a pipe, a server): a made-up one would make the construction wait on the network.
    /// </summary>
    public sealed class LabelArguments : IArgumentSource
    {
        public const string Value = "conformance";

        /// <summary>The last word of the name (userName, keyId, password).</summary>
        static readonly string[] Labels = { "password", "passphrase", "passwd", "pwd", "secret", "key", "name", "id", "identifier", "label", "tag", "title" };

        static readonly string[] Reached =
        {
            "host", "server", "pipe", "url", "uri", "address", "endpoint", "domain", "machine", "socket", "connection", "port",
            "queue", "channel", "mutex", "semaphore", "event", "path", "file", "directory", "folder", "dir",
        };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (parameter.ParameterType != typeof(string) || !IsLabel(parameter.Name)) return new Argument[0];
            return new[] { Argument.Text(Value) };
        }

        public static bool IsLabel(string? name)
        {
            var words = ParameterWords.Of(name);
            return ParameterWords.EndIn(words, Labels) && !words.Any(Reached.Contains);
        }
    }
}
