using System;

namespace StreamConformance.Checks
{
    /// <summary>What a stream threw or gave, in a verdict's words.</summary>
    static class Describe
    {
        public static Exception Unwrap(Exception e)
        {
            while ((e is AggregateException || e is System.Reflection.TargetInvocationException) && e.InnerException != null)
                e = e.InnerException;
            return e;
        }

        /// <summary>An exception from the stream in a verdict's words; throws <see cref="PlatformLimit"/> when the runtime could not make the call.</summary>
        public static string Exception(Exception e)
        {
            if (PlatformLimit.Of(e) is PlatformLimit limit) throw limit;
            e = Unwrap(e);
            var message = e.Message.Replace('\n', ' ').Replace("\r", "");
            if (message.Length > 160) message = message.Substring(0, 160) + "…";
            return $"{e.GetType().FullName} ({message})";
        }

        /// <summary>"first difference at offset 17: expected 0x0A, got 0x0B (expected 4096 bytes, got 4095)".</summary>
        public static string Difference(byte[] expected, byte[] actual)
        {
            var common = Math.Min(expected.Length, actual.Length);
            for (var i = 0; i < common; i++)
                if (expected[i] != actual[i])
                    return $"first difference at offset {i}: expected 0x{expected[i]:X2}, got 0x{actual[i]:X2} (expected {expected.Length} bytes, got {actual.Length})";
            if (expected.Length != actual.Length)
                return $"expected {expected.Length} bytes, got {actual.Length} (equal up to offset {common})";
            return "identical";
        }

        public static bool Same(byte[] a, byte[] b)
        {
            if (a.Length != b.Length) return false;
            for (var i = 0; i < a.Length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
    }
}
