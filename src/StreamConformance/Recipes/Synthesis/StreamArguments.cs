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
        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (!parameter.ParameterType.IsAssignableFrom(typeof(MemoryStream))) return new Argument[0];
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
