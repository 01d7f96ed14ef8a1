using System;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Whether a read threw because of the bytes it was given (a header, a checksum, a property byte it cannot parse):
    /// what a decoder must do with malformed input, not a verdict on the stream. An exception that speaks of the call
    /// instead (NotSupportedException from a stream that says it reads, a disposed object, a bad argument) is the
    /// stream's own and stays for the checks to judge.
    /// </summary>
    public static class ContentRejection
    {
        public static bool Is(Exception e)
        {
            while (e is System.Reflection.TargetInvocationException && e.InnerException != null) e = e.InnerException;
            // A program's fault is not a verdict on the content: Mono 6.8 turns a stack overflow into a catchable
            // StackOverflowException, which counted as "rejects its content" hid FaultyStreams' crash from every read.
            return !(e is NotSupportedException || e is NotImplementedException || e is ObjectDisposedException || e is ArgumentException
                     || e is NullReferenceException || e is OutOfMemoryException || e is System.Threading.ThreadInterruptedException
                     || e is StackOverflowException || e is AccessViolationException || e is InvalidProgramException
                     || e is IndexOutOfRangeException || e is InvalidCastException);
        }
    }
}
