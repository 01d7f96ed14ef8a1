namespace StreamConformance.Results
{
    /// <summary>What a check concluded. Only <see cref="Pass"/> means "measured and within the contract".</summary>
    public enum Outcome
    {
        /// <summary>Measured, and the stream did what the contract or budget asks.</summary>
        Pass,
        /// <summary>Measured, and the stream did not: the message says expected vs actual.</summary>
        Fail,
        /// <summary>Not measured (capability absent, meter unavailable): the message says why.</summary>
        Skip,
        /// <summary>The harness itself failed (recipe threw, unexpected harness state).</summary>
        Error,
        /// <summary>The check did not return within its time limit.</summary>
        Timeout,
        /// <summary>The process running the check died (exit code or signal in the message).</summary>
        Crash,
        /// <summary>
        /// Within what dotnet/runtime's own conformance suite requires, but not a stricter rule the harness also
        /// checks (e.g. ObjectDisposedException, not NotSupportedException, after Dispose): reported, never a finding.
        /// <c>--strict</c> makes it a <see cref="Fail"/>.
        /// </summary>
        Advisory,
        /// <summary>
        /// Measured, but the budget lies inside the figure's confidence interval: another run could judge either way,
        /// so neither a pass nor a failure is claimed. Both figures are in the message; never a finding.
        /// </summary>
        Inconclusive,
    }
}
