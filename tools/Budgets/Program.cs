using System;
using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Checks;
using StreamConformance.Meters;
using StreamConformance.Recipes;

namespace StreamConformance.Tools.Budgets
{
    /// <summary>
    /// Prints, for the runtime's MemoryStream, BufferedStream, FileStream and a stream that inherits
    /// Stream.ReadByte/WriteByte, the bytes and nanoseconds per ReadByte and WriteByte, with the ratios to
    /// the MemoryStream baseline and to the limit, repeated to show what is repeatable (allocations) and
    /// what spreads (times). Usage: measure-budgets [repetitions=3] [--quick] [--checks: run every budget check instead]
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            var repetitions = 3;
            var quick = false;
            var checks = false;
            foreach (var arg in args)
            {
                if (arg == "--quick") quick = true;
                else if (arg == "--checks") checks = true;
                else if (!int.TryParse(arg, NumberStyles.None, CultureInfo.InvariantCulture, out repetitions) || repetitions < 1)
                {
                    Console.Error.WriteLine($"measure-budgets: not a repetition count: {arg}");
                    return 2;
                }
            }
            var runtime = Type.GetType("Mono.Runtime") != null ? "mono" : "coreclr";
            Console.WriteLine($"runtime {runtime} {Environment.Version}, {Environment.ProcessorCount} cores{(quick ? ", quick" : "")}");
            if (AllocationMeter.UnavailableReason != null) Console.WriteLine("allocation meter unavailable: " + AllocationMeter.UnavailableReason);
            var temp = Path.Combine(Path.GetTempPath(), "measure-budgets-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(temp);
            var scratch = new RecipeEnvironment(temp);
            try
            {
                StreamRecipe[] recipes =
                {
                    new MemoryStreamExpandableRecipe(), new BufferedStreamSeekableRecipe(), new FileStreamDefaultRecipe(), new BaseInheritingRecipe(),
                };
                recipes = recipes.Select(r => r.In(scratch)).ToArray();
                if (checks)
                {
                    RunChecks(recipes, quick);
                    return 0;
                }
                Console.WriteLine("run  stream                          operation   B/call  ns/call  [min..max]       baseline ns  limit ns  harness ns  ×baseline  ×limit");
                for (var run = 1; run <= repetitions; run++)
                    foreach (var recipe in recipes)
                        foreach (var op in new[] { StreamOperations.ReadByte, StreamOperations.WriteByte })
                            Print(run, recipe, op, quick);
            }
            finally
            {
                Directory.Delete(temp, recursive: true);
            }
            return 0;
        }

        /// <summary>Every budget check on every stream, with the built-in budgets: the figures behind budgets/default.json.</summary>
        static void RunChecks(StreamRecipe[] recipes, bool quick)
        {
            var context = new CheckContext { Quick = quick };
            foreach (var recipe in recipes)
                foreach (var check in CheckCatalog.Select("budget.*"))
                    foreach (var result in check.Run(recipe, context))
                        Console.WriteLine($"{recipe,-45} {result.Check,-35} {result.Outcome,-5} {result.Message}");
        }

        static void Print(int run, StreamRecipe recipe, StreamOperation op, bool quick)
        {
            var bytes = AllocationMeter.UnavailableReason == null
                ? AllocationMeter.Measure(calls => op.Open(recipe, calls, out var why) ?? throw new InvalidOperationException(why)).BytesPerCall.ToString("0.##", CultureInfo.InvariantCulture)
                : "n/a";
            var t = LatencyMeter.Measure(op, recipe, quick);
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
                "{0,-4} {1,-31} {2,-10} {3,7} {4,8:0.00}  [{5:0.00}..{6:0.00}] {7,12:0.00} {8,9:0.00} {9,11:0.00} {10,10:0.00} {11,7:0.0}",
                run, recipe.ToString(), op.Name, bytes, t.Operation.Median, t.Operation.Min, t.Operation.Max,
                t.Baseline.Median, t.Limit.Median, t.Harness.Median, t.RatioToBaseline, t.RatioToLimit));
        }
    }

    /// <summary>A MemoryStream wrapper that overrides only the array Read/Write: ReadByte and WriteByte come from Stream.</summary>
    sealed class BaseInheritingRecipe : StreamRecipe
    {
        public override string TypeName => "BaseInheritingStream";
        public override bool CanSeek => true;
        public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(new BaseInheritingStream(new MemoryStream(content, writable: false)));
        public override StreamFixture? OpenWrite() => new StreamFixture(new BaseInheritingStream(new MemoryStream()));
    }

    sealed class BaseInheritingStream : Stream
    {
        readonly MemoryStream _inner;
        public BaseInheritingStream(MemoryStream inner) => _inner = inner;
        public override bool CanRead => _inner.CanRead;
        public override bool CanSeek => true;
        public override bool CanWrite => _inner.CanWrite;
        public override long Length => _inner.Length;
        public override long Position { get => _inner.Position; set => _inner.Position = value; }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
        public override void SetLength(long value) => _inner.SetLength(value);
        public override void Write(byte[] buffer, int offset, int count) => _inner.Write(buffer, offset, count);
    }
}
