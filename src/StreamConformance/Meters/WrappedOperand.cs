using System;
using System.IO;
using StreamConformance.Recipes;

namespace StreamConformance.Meters
{
    /// <summary>
    /// The stream a measured stream wraps (the one Stream its instance holds in its own fields: a BufferedStream's,
    /// a CryptoStream's, a user's wrapper's), with the same operation bound to it, so a wrapper's cost can be judged
    /// against what it forwards to. The inner stream is taken from a second instance of the recipe, so timing it never
    /// moves the measured wrapper's inner stream under it.
    /// </summary>
    /// <remarks>
    /// Only a seekable inner stream is timed: it is rewound before each batch, as the baseline is, and reading or
    /// writing it directly waits on no peer. A wrapper over a socket, a pipe or another unseekable source has no inner figure.
    /// </remarks>
    public sealed class WrappedOperand : IDisposable
    {
        readonly StreamFixture _second;

        WrappedOperand(StreamFixture second, OperationSession session, int calls)
        {
            _second = second;
            Session = session;
            Calls = calls;
        }

        /// <summary>The operation on the inner stream, timed through its generated loop.</summary>
        public OperationSession Session { get; }

        /// <summary>Calls per batch on the inner stream: at most the wrapper's, fewer where the inner stream holds less (compressed content).</summary>
        public int Calls { get; }

        public string TypeName => Session.LoopStream!.GetType().FullName ?? Session.LoopStream.GetType().Name;

        /// <summary>
        /// The inner operand of <paramref name="measured"/>, or null: no single seekable inner stream, no generated loop
        /// for it, too little in it for a batch, or a second instance that cannot be opened.
        /// </summary>
        public static WrappedOperand? Open(StreamOperation operation, StreamRecipe recipe, OperationSession measured, int calls, int minCalls)
        {
            if (measured.Loop == null || measured.LoopStream == null) return null;
            var inner = SoleInner(measured.LoopStream);
            // A public inner type is a stream someone handed the wrapper; an internal one (a FileStream's strategy) is the
            // type's own machinery, covered through it.
            if (inner == null || !inner.CanSeek || !(inner.GetType().IsPublic || inner.GetType().IsNestedPublic)) return null;
            StreamFixture? second = null;
            try
            {
                second = operation.Kind == OperationKind.Write
                    ? recipe.OpenWrite()
                    : recipe.OpenRead(ContentCache.ForCalls(calls, operation.BytesPerCall));
                var secondInner = second == null ? null : SoleInner(second.Stream);
                if (secondInner == null || secondInner.GetType() != inner.GetType()) { second?.Dispose(); return null; }
                var innerCalls = calls;
                if (operation.Kind == OperationKind.Read && operation.BytesPerCall > 0)
                    innerCalls = (int)Math.Min(calls, (secondInner.Length - 16) / operation.BytesPerCall);
                innerCalls = innerCalls / DirectLoop.Unroll * DirectLoop.Unroll;
                var session = innerCalls >= minCalls ? operation.OpenOn(secondInner) : null;
                if (session?.Loop == null) { second!.Dispose(); return null; }
                return new WrappedOperand(second!, session, innerCalls);
            }
            catch (Exception e) when (!(e is OutOfMemoryException))
            {
                // The inner figure is extra evidence: a recipe whose second instance cannot be opened or measured has none.
                try { second?.Dispose(); }
                catch (Exception) { }
                return null;
            }
        }

        /// <summary>The one Stream instance <paramref name="outer"/> holds in its own fields (<see cref="InnerStreams.HeldBy"/>), or null.</summary>
        public static Stream? SoleInner(Stream outer)
        {
            Stream? found = null;
            foreach (var inner in InnerStreams.HeldBy(outer))
            {
                if (ReferenceEquals(inner, outer) || ReferenceEquals(inner, found)) continue;
                if (found != null) return null; // two streams: which one a call forwards to is not known
                found = inner;
            }
            return found;
        }

        public void Dispose()
        {
            try { _second.Dispose(); }
            catch (Exception) { }
        }
    }
}
