using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A byte[] named as a key, IV, salt or nonce: the sizes a caller passes for them (a 256-bit, then a 128-bit key; a
    /// 16-byte IV or salt, a 12-byte nonce), zeroed, stated in the label ("byte[32]"). The content's length would be no
    /// key size a cipher takes ("Specified key is not a valid size for this algorithm").
    /// </summary>
    public sealed class KeyArguments : IArgumentSource
    {
        static readonly int[] KeySizes = { 32, 16 };
        static readonly int[] BlockSizes = { 16 };
        static readonly int[] NonceSizes = { 12 };

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (parameter.ParameterType != typeof(byte[])) return new Argument[0];
            return Sizes(parameter.Name).Select(size => new Argument($"byte[{size}]", $"new byte[{size}]", _ => new byte[size])).ToList();
        }

        /// <summary>The sizes for a parameter of this name, most common first; empty when it names none of them.</summary>
        public static IReadOnlyList<int> Sizes(string? name)
        {
            var words = ParameterWords.Of(name);
            if (words.Contains("key")) return KeySizes;
            if (words.Contains("iv") || words.Contains("salt") || Adjacent(words, "initialization", "vector")) return BlockSizes;
            if (words.Contains("nonce")) return NonceSizes;
            return new int[0];
        }

        static bool Adjacent(IReadOnlyList<string> words, string first, string second)
        {
            for (var i = 0; i + 1 < words.Count; i++)
                if (words[i] == first && words[i + 1] == second) return true;
            return false;
        }
    }
}
