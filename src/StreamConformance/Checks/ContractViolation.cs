using System;

namespace StreamConformance.Checks
{
    /// <summary>The stream broke a rule; the message says what was expected and what happened.</summary>
    public sealed class ContractViolation : Exception
    {
        public ContractViolation(string message) : base(message) { }
    }
}
