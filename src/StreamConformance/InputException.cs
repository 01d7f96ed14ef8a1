using System;

namespace StreamConformance
{
    /// <summary>
    /// Bad input from the user (a path, a value, a file's content). The CLI prints the message as one
    /// line and exits with code 2; the message must name the path or value at fault.
    /// </summary>
    public sealed class InputException : Exception
    {
        public InputException(string message) : base(message) { }
        public InputException(string message, Exception inner) : base(message, inner) { }
    }
}
