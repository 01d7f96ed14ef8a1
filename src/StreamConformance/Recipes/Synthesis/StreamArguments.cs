using System.Collections.Generic;
using System.IO;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A Stream parameter: the stream's source or sink. The first one is a MemoryStream over the content (read) or
    /// an empty one whose bytes are read back (write); any further one is an empty MemoryStream.
    /// </summary>
    public sealed class StreamArguments : IArgumentSource
    {
        /// <summary>A Stream, or a base a MemoryStream fits that is itself a stream (not IDisposable or object).</summary>
        public static bool Supplies(System.Type type) => typeof(Stream).IsAssignableFrom(type) && type.IsAssignableFrom(typeof(MemoryStream));

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (!Supplies(parameter.ParameterType)) return new Argument[0];
            return new[]
            {
                new Argument("Stream", "new MemoryStream(content, writable: false)", "new MemoryStream()", scope =>
                {
                    if (scope.ForReading && !scope.ContentGiven)
                    {
                        scope.ContentGiven = true;
                        var source = new MemoryStream(scope.Content, writable: false);
                        scope.Owned.Add(source);
                        return source;
                    }
                    if (!scope.ForReading && scope.ReadBack == null) return scope.NewSink();
                    var other = new MemoryStream();
                    scope.Owned.Add(other);
                    return other;
                }),
            };
        }
    }
}
