using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A byte[] named as a hash, digest, checksum or CRC to verify (<c>expectedHash</c>): null first, the value a caller
    /// passes who has nothing to verify (AWS's HashStream: "Pass in null to disable check"), so the content read is
    /// judged and not a mismatch the guess made; the content, as any other byte[], when null is refused.
    /// </summary>
    public sealed class DigestArguments : IArgumentSource
    {
        static readonly string[] Digests = { "hash", "digest", "checksum", "crc" };

        readonly ContentArguments _content = new ContentArguments();

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (parameter.ParameterType != typeof(byte[]) || !ParameterWords.Of(parameter.Name).Any(Digests.Contains)) return new Argument[0];
            return new[] { Argument.Constant(null, "null", "null") }.Concat(_content.For(parameter)).ToList();
        }
    }
}
