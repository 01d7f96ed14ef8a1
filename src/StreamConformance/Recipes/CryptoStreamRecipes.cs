using System;
using System.IO;
using System.Security.Cryptography;

namespace StreamConformance.Recipes
{
    // One concept: CryptoStream's recipes, one per identity transform pair (Base64, AES), over one base.
    /// <summary>
    /// CryptoStream with a transform pair whose round trip is the identity: read mode runs the inverse transform
    /// over pre-transformed content, write mode runs the forward transform and read-back inverts it.
    /// The final block is written only by Dispose (FlushFinalBlock), and reads may be short.
    /// </summary>
    public abstract class CryptoStreamRecipe : StreamRecipe
    {
        public override string TypeName => "System.Security.Cryptography.CryptoStream";
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;

        protected abstract ICryptoTransform Forward();
        protected abstract ICryptoTransform Inverse();

        static byte[] Apply(ICryptoTransform transform, byte[] data)
        {
            var output = new MemoryStream();
            using (var crypto = new CryptoStream(output, transform, CryptoStreamMode.Write))
                crypto.Write(data, 0, data.Length);
            return output.ToArray();
        }

        public override StreamFixture? OpenRead(byte[] content) =>
            new StreamFixture(new CryptoStream(new MemoryStream(Apply(Forward(), content), false), Inverse(), CryptoStreamMode.Read));

        public override StreamFixture? OpenWrite()
        {
            var inner = ForwardOnlyStore.New();
            return new StreamFixture(new CryptoStream(inner, Forward(), CryptoStreamMode.Write), () => Apply(Inverse(), inner.ToArray()));
        }

        /// <summary>C# that declares <c>forward</c> and <c>inverse</c>, the two transforms.</summary>
        protected abstract string TransformsSource { get; }

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Read => TransformsSource + "\nvar encoded = new MemoryStream();\nusing (var encoder = new CryptoStream(encoded, forward, CryptoStreamMode.Write)) encoder.Write(content, 0, content.Length);\n" +
                                 "var stream = new CryptoStream(new MemoryStream(encoded.ToArray(), false), inverse, CryptoStreamMode.Read);",
            StreamAccess.Write => TransformsSource + "\nvar stream = new CryptoStream(new MemoryStream(), forward, CryptoStreamMode.Write);",
            _ => null,
        };
    }

    /// <summary>ToBase64Transform / FromBase64Transform: block sizes 3 → 4 and back, multi-block capable.</summary>
    public sealed class CryptoStreamBase64Recipe : CryptoStreamRecipe
    {
        public override string Variant => "base64";
        protected override ICryptoTransform Forward() => new ToBase64Transform();
        protected override ICryptoTransform Inverse() => new FromBase64Transform();
        protected override string TransformsSource => "ICryptoTransform forward = new ToBase64Transform(), inverse = new FromBase64Transform();";
    }

    /// <summary>AES-CBC with PKCS7 padding and a fixed key: 16-byte blocks, padding removed on the last read.</summary>
    public sealed class CryptoStreamAesRecipe : CryptoStreamRecipe
    {
        static readonly byte[] s_key = Sequence(32, 1);
        static readonly byte[] s_iv = Sequence(16, 101);

        public override string Variant => "aes-cbc";
        protected override ICryptoTransform Forward() => NewAes().CreateEncryptor(s_key, s_iv);
        protected override ICryptoTransform Inverse() => NewAes().CreateDecryptor(s_key, s_iv);
        protected override string TransformsSource =>
            "var aes = Aes.Create();  // CBC, PKCS7\nvar key = new byte[32]; var iv = new byte[16];\nfor (var i = 0; i < 32; i++) key[i] = (byte)(1 + i);\nfor (var i = 0; i < 16; i++) iv[i] = (byte)(101 + i);\n" +
            "ICryptoTransform forward = aes.CreateEncryptor(key, iv), inverse = aes.CreateDecryptor(key, iv);";

        static Aes NewAes()
        {
            var aes = Aes.Create();
            aes.Mode = CipherMode.CBC;
            aes.Padding = PaddingMode.PKCS7;
            return aes;
        }

        static byte[] Sequence(int length, int start)
        {
            var bytes = new byte[length];
            for (var i = 0; i < length; i++) bytes[i] = (byte)(start + i);
            return bytes;
        }
    }
}
