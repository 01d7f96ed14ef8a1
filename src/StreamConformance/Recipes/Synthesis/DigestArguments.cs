using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A byte[] named as a hash, digest, checksum or CRC to verify (<c>expectedHash</c>): null, the value a caller passes
    /// who has nothing to verify (AWS's HashStream: "Pass in null to disable check"). Never the content or another guess:
    /// the hash of what the checks will read is known to no construction, and a wrong one makes the stream throw at its
    /// end, a fault of the guess (as an integer checksum, which <see cref="SizeArguments"/> does not guess either).
    /// </summary>
    public sealed class DigestArguments : IArgumentSource
    {
        static readonly string[] Digests = { "hash", "digest", "checksum", "crc" };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (parameter.ParameterType != typeof(byte[]) || !ParameterWords.Of(parameter.Name).Any(Digests.Contains)) return new Argument[0];
            return new[] { Argument.Constant(null, "null", "null") };
        }
    }
}
