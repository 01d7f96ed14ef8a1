using System;
using System.Collections.Generic;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// Base of the functional checks: one verdict per recipe. The body throws <see cref="ContractViolation"/>
    /// for a broken rule; any other exception the stream throws is also the stream's fault (a Fail naming it),
    /// while a recipe that cannot open its fixture is the harness's (an Error, via <see cref="RecipeFailure"/>).
    /// </summary>
    public abstract class StreamCheck : IStreamCheck
    {
        public abstract string Name { get; }

        /// <summary>
        /// Whether the check compares the stream's bytes with what the recipe put in (or reads back what was written):
        /// meaningless on a stream that transforms its content (a decompressor, a parser, an encoder) built by a
        /// generic shape, so such a check skips there with the recipe's reason.
        /// </summary>
        protected virtual bool AssumesPassThrough => false;

        /// <summary>
        /// Whether the check needs bytes to read (it reads into the content, seeks in it or interleaves reads over it): it
        /// cannot measure a stream that is only ever built empty, so it skips there with the recipe's reason. Checks
        /// whose rules hold at the end of a stream run over the empty one instead (<see cref="StreamRecipe.ContentFor"/>).
        /// </summary>
        protected virtual bool NeedsContent => false;

        public IEnumerable<CheckResult> Run(StreamRecipe recipe, CheckContext context)
        {
            if (AssumesPassThrough && recipe.TransformsContentReason is string transforms)
                return new[] { Skip("not judged as a pass-through stream: " + transforms) };
            if (NeedsContent && recipe.EmptyOnlyReason is string empty)
                return new[] { Skip("needs content to read; the recipe builds its stream only empty: " + empty) };
            CheckResult result;
            try
            {
                result = Evaluate(recipe, context);
            }
            catch (RecipeFailure f)
            {
                result = CheckResult.Of(Name, Outcome.Error, f.Message);
            }
            return new[] { result };
        }

        protected abstract CheckResult Evaluate(StreamRecipe recipe, CheckContext context);

        protected CheckResult Pass(string message) => CheckResult.Of(Name, Outcome.Pass, message);
        protected CheckResult Fail(string message) => CheckResult.Of(Name, Outcome.Fail, message);
        protected CheckResult Skip(string message) => CheckResult.Of(Name, Outcome.Skip, message);

        /// <summary>Pass with <paramref name="message"/> when nothing was found, else Fail listing every finding.</summary>
        protected CheckResult Verdict(Violations findings, string message) =>
            findings.Count == 0 ? Pass(message) : Fail(findings.ToString());

        /// <summary>
        /// Runs <paramref name="body"/>, which returns the Pass message or throws; a broken rule's result carries the
        /// calls that led to it when <paramref name="repro"/> can give them.
        /// </summary>
        protected CheckResult Verify(Func<string> body, Func<ContractViolation, ReproTrace?>? repro = null)
        {
            try
            {
                return Pass(body());
            }
            catch (ContractViolation v)
            {
                var failed = Fail(v.Message);
                failed.Repro = repro?.Invoke(v);
                return failed;
            }
            catch (RecipeFailure f)
            {
                return CheckResult.Of(Name, Outcome.Error, f.Message);
            }
            catch (Exception e)
            {
                return Fail($"unexpected {Describe.Exception(e)}");
            }
        }
    }

    /// <summary>
    /// What went wrong in the independent parts of one check (per access, per read mode), so one verdict reports
    /// all of them. A recipe failure is not a violation: it propagates and the check reports Error. (Findings are
    /// another thing: results grouped by cause, in the Findings namespace.)
    /// </summary>
    public sealed class Violations
    {
        readonly List<string> _items = new List<string>();

        public int Count => _items.Count;

        public void Add(string finding) => _items.Add(finding);

        /// <summary>A finding that outranks the others (a call that never returns): it leads the message and the title.</summary>
        public void AddFirst(string finding) => _items.Insert(0, finding);

        /// <summary>Runs one part; a broken rule or an exception from the stream becomes a finding prefixed by <paramref name="label"/>.</summary>
        public void Run(string? label, Action part)
        {
            var prefix = label == null ? "" : label + ": ";
            try
            {
                part();
            }
            catch (ContractViolation v)
            {
                _items.Add(prefix + v.Message);
            }
            catch (RecipeFailure)
            {
                throw;
            }
            catch (Exception e)
            {
                _items.Add(prefix + "unexpected " + Describe.Exception(e));
            }
        }

        public override string ToString() => string.Join("; ", _items);
    }

    /// <summary>The stream broke a rule; the message says what was expected and what happened.</summary>
    public sealed class ContractViolation : Exception
    {
        public ContractViolation(string message) : base(message) { }
    }

    /// <summary>
    /// The runtime cannot make a call the check needs at all: on WebAssembly, which has one thread and no monitors to
    /// wait on, the APM calls, a blocking wait and a second thread throw PlatformNotSupportedException whatever the stream.
    /// Not a verdict on the stream: the check is a skip with this reason (<see cref="Probe.ProbeRunner"/>), as a missing
    /// counter is elsewhere. Raised where an exception becomes a verdict's words (<see cref="Describe.Exception"/>), and
    /// only on that flavour and for that exception: elsewhere a PlatformNotSupportedException is the stream's answer.
    /// </summary>
    public sealed class PlatformLimit : Exception
    {
        PlatformLimit(string message, Exception inner) : base(message, inner) { }

        /// <summary>The limit <paramref name="e"/> shows, or null when it is the stream's own doing.</summary>
        public static PlatformLimit? Of(Exception e)
        {
            if (e is PlatformLimit limit) return limit;
            if (!Runtimes.RuntimeResolver.IsRunningOnWasm || !(Describe.Unwrap(e) is PlatformNotSupportedException pnse)) return null;
            return new PlatformLimit("the runtime cannot make the call (WebAssembly: one thread, no monitors): " + pnse.Message.Replace('\n', ' '), pnse);
        }
    }

    /// <summary>The recipe threw while opening a fixture: a harness problem, not a verdict on the stream.</summary>
    public sealed class RecipeFailure : Exception
    {
        public RecipeFailure(string message, Exception inner) : base(message, inner) { }
    }

    static class Expect
    {
        public static void That(bool condition, string whenViolated)
        {
            if (!condition) throw new ContractViolation(whenViolated);
        }

        public static ContractViolation Violation(string message) => new ContractViolation(message);

        /// <summary>Runs a stream call; an exception from it becomes a violation naming the call.</summary>
        public static T Call<T>(string what, Func<T> call)
        {
            try
            {
                return call();
            }
            catch (ContractViolation) { throw; }
            catch (Exception e)
            {
                throw new ContractViolation($"{what} threw {Describe.Exception(e)}");
            }
        }

        public static void Call(string what, Action call) => Call(what, () => { call(); return 0; });

        /// <summary>
        /// Runs a call that must throw <typeparamref name="TExpected"/> (or a subclass); a faulted task counts as
        /// thrown, since async members may report argument and state errors either way.
        /// </summary>
        public static void Throws<TExpected>(string what, Action call) where TExpected : Exception =>
            ThrowsAnyOf(what, call, typeof(TExpected));

        public static void ThrowsAnyOf(string what, Action call, params Type[] accepted)
        {
            var names = string.Join(" or ", Array.ConvertAll(accepted, t => t.Name));
            Exception? seen = null;
            try
            {
                call();
            }
            catch (Exception e)
            {
                seen = Describe.Unwrap(e);
            }
            if (seen == null) throw new ContractViolation($"{what}: expected {names}, nothing was thrown");
            foreach (var type in accepted)
                if (type.IsInstanceOfType(seen)) return;
            throw new ContractViolation($"{what}: expected {names}, got {Describe.Exception(seen)}");
        }
    }

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

    /// <summary>Opening fixtures the way every check does: first access that the recipe offers.</summary>
    static class Fixtures
    {
        /// <summary>A readable stream over <paramref name="content"/> at position 0: OpenRead, else OpenReadWrite.</summary>
        public static StreamFixture? Readable(StreamRecipe recipe, byte[] content) => Readable(recipe, content, out _);

        /// <summary>As <see cref="Readable(StreamRecipe, byte[])"/>, saying which access it opened.</summary>
        public static StreamFixture? Readable(StreamRecipe recipe, byte[] content, out StreamAccess access)
        {
            access = StreamAccess.Read;
            var fixture = Open(recipe, StreamAccess.Read, content);
            if (fixture != null) return fixture;
            access = StreamAccess.ReadWrite;
            return Open(recipe, StreamAccess.ReadWrite, content);
        }

        /// <summary>An empty writable stream with a read-back: OpenWrite, else OpenReadWrite over nothing.</summary>
        public static StreamFixture? Writable(StreamRecipe recipe) => Writable(recipe, out _);

        /// <summary>As <see cref="Writable(StreamRecipe)"/>, saying which access it opened.</summary>
        public static StreamFixture? Writable(StreamRecipe recipe, out StreamAccess access)
        {
            access = StreamAccess.Write;
            var fixture = Open(recipe, StreamAccess.Write, Array.Empty<byte>());
            if (fixture != null && fixture.CanReadBack) return fixture;
            fixture?.Dispose();
            access = StreamAccess.ReadWrite;
            fixture = Open(recipe, StreamAccess.ReadWrite, Array.Empty<byte>());
            if (fixture != null && fixture.CanReadBack) return fixture;
            fixture?.Dispose();
            return null;
        }

        /// <summary>Opens one access over <paramref name="content"/>, or over nothing for an empty-only recipe.</summary>
        public static StreamFixture? Open(StreamRecipe recipe, StreamAccess access, byte[] content)
        {
            try
            {
                return recipe.Open(access, recipe.ContentFor(content));
            }
            catch (Exception e)
            {
                throw new RecipeFailure($"the recipe failed to open a {access} fixture: {Describe.Exception(e)}", e);
            }
        }

        public static byte[] ReadBack(StreamFixture fixture)
        {
            try
            {
                return fixture.ReadBack();
            }
            catch (Exception e)
            {
                throw new RecipeFailure($"the fixture's read-back failed: {Describe.Exception(e)}", e);
            }
        }

        /// <summary>Content length for a check: the recipe's preference, smaller in quick mode.</summary>
        public static int ContentLength(StreamRecipe recipe, CheckContext context, int atLeast = 256)
        {
            var length = recipe.PreferredContentLength;
            if (context.Quick) length = Math.Min(length, 1024);
            return Math.Max(atLeast, Math.Min(length, context.MaxBytesRead / 2));
        }
    }
}
