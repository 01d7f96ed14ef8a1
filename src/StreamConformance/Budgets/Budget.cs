namespace StreamConformance.Budgets
{
    // One concept: a budget's ceiling and the meter it limits.

    /// <summary>What a budget limits.</summary>
    public enum BudgetMeter
    {
        /// <summary>Bytes allocated per call ("bytesPerCall").</summary>
        Allocation,
        /// <summary>Time per call as a multiple of MemoryStream's ReadByte or WriteByte ("ratioToBaseline").</summary>
        Latency,
        /// <summary>A wrapper's time per call as a multiple of the same call on the stream it wraps ("ratioToInner").</summary>
        Wrapping,
    }

    /// <summary>The ceiling that applies to one (stream, operation, meter), and where it came from.</summary>
    public sealed class Budget
    {
        public Budget(BudgetMeter meter, double ceiling, string source)
        {
            Meter = meter;
            Ceiling = ceiling;
            Source = source;
        }

        public BudgetMeter Meter { get; }

        /// <summary>Bytes per call, or a ratio to the baseline or to the wrapped stream; a measured figure equal to it passes.</summary>
        public double Ceiling { get; }

        /// <summary>Which rule of which file set it: "default for buffered streams", "override for X: reason".</summary>
        public string Source { get; }

        public bool Allows(double measured) => measured <= Ceiling;

        /// <summary>JSON property name of this meter's ceiling in a budget file.</summary>
        public static string PropertyOf(BudgetMeter meter) => meter switch
        {
            BudgetMeter.Allocation => "bytesPerCall",
            BudgetMeter.Wrapping => "ratioToInner",
            _ => "ratioToBaseline",
        };
    }
}
