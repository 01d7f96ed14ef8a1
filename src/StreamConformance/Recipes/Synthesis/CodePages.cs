using System;
using System.Text;
using System.Threading;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// The code pages .NET leaves out of the box (IBM437, which zip libraries name entries in), made available only
    /// after a library's construction failed for want of one: registered at the start they would hide a requirement the
    /// library leaves to its callers. Registration is process-wide and cannot be undone, so every later use is counted:
    /// a construction that used one says so in its variant and its repro. Mono has them built in.
    /// </summary>
    public static class CodePages
    {
        static int s_uses;
#if NETCOREAPP
        static int s_registered;
#endif

        /// <summary>Encodings handed out through the registered provider so far in this process.</summary>
        public static int Uses => Volatile.Read(ref s_uses);

        /// <summary>Whether <paramref name="e"/> is .NET refusing an encoding it has no data for (its message points at RegisterProvider).</summary>
        public static bool Missing(Exception e)
        {
            for (Exception? x = e; x != null; x = x.InnerException)
                if ((x is ArgumentException || x is NotSupportedException) && x.Message.IndexOf("Encoding.RegisterProvider", StringComparison.Ordinal) >= 0)
                    return true;
            return false;
        }

        /// <summary>Registers the provider; false when it was already registered (a retry would fail alike) or the platform has none.</summary>
        public static bool Provide()
        {
#if NETCOREAPP
            if (Interlocked.Exchange(ref s_registered, 1) == 1) return false;
            Encoding.RegisterProvider(new Counting());
            return true;
#else
            return false;
#endif
        }

        /// <summary>The statement a repro runs first.</summary>
        public const string RegisterSource = "System.Text.Encoding.RegisterProvider(System.Text.CodePagesEncodingProvider.Instance);";

#if NETCOREAPP
        sealed class Counting : EncodingProvider
        {
            public override Encoding? GetEncoding(int codepage) => Counted(CodePagesEncodingProvider.Instance.GetEncoding(codepage));

            public override Encoding? GetEncoding(string name) => Counted(CodePagesEncodingProvider.Instance.GetEncoding(name));

            static Encoding? Counted(Encoding? encoding)
            {
                if (encoding != null) Interlocked.Increment(ref s_uses);
                return encoding;
            }
        }
#endif
    }
}
