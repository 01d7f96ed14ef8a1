namespace StreamConformance.Reports.Matrix
{
    /// <summary>What a matrix section shows, and so how two of its figures are told apart.</summary>
    public enum MatrixMeasure
    {
        /// <summary>Bytes allocated per call (budget.alloc.*): differ by at least 1 B and 10 % (25 % when a side is not exact).</summary>
        BytesPerCall,
        /// <summary>Time per call over the limit, summing a byte[] (budget.latency.*): timing is noisy, so differ at 2× or more.</summary>
        RatioToLimit,
        /// <summary>Syscalls a scenario's region made (syscalls.*[…]): exact counts, any difference.</summary>
        Syscalls,
    }
}
