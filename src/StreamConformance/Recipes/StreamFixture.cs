using System;
using System.Collections.Generic;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A stream built by a recipe, plus what it depends on (inner streams, files, sockets) and, for
    /// writable fixtures, a way to read back what reached the underlying store.
    /// </summary>
    public sealed class StreamFixture : IDisposable
    {
        readonly Func<byte[]>? _readBack;
        readonly List<IDisposable> _owned = new List<IDisposable>();
        bool _disposed;

        public StreamFixture(Stream stream, Func<byte[]>? readBack = null, params IDisposable[] owned)
        {
            Stream = stream;
            _readBack = readBack;
            _owned.AddRange(owned);
        }

        /// <summary>The stream under test.</summary>
        public Stream Stream { get; }

        public bool CanReadBack => _readBack != null;

        /// <summary>
        /// The bytes that reached the store behind the stream. Call after <see cref="Stream"/> was flushed
        /// (or disposed, for recipes whose <see cref="StreamRecipe.WritesVisibleAfterFlush"/> is false).
        /// </summary>
        public byte[] ReadBack() =>
            _readBack != null ? _readBack() : throw new InvalidOperationException("this fixture has no read-back");

        /// <summary>Adds something to dispose after the stream (in reverse order of adding).</summary>
        public StreamFixture Owns(IDisposable resource)
        {
            _owned.Add(resource);
            return this;
        }

        public void Dispose()
        {
            if (_disposed) return;
            _disposed = true;
            // The stream under test may already be disposed by a check, or may throw from Dispose (a broken
            // stream): the fixture's own resources are released regardless.
            try { Stream.Dispose(); }
            catch (Exception)
            {
                // A Dispose that threw never reached its GC.SuppressFinalize: the finalizer would run the failed
                // cleanup again on the finalizer thread, where an exception takes the whole probe down and blames
                // whatever runs next (the throwing Dispose is what the dispose checks report). A finalizer that
                // throws after a Dispose that worked is the type's own defect, and is left to show.
                GC.SuppressFinalize(Stream);
            }
            for (var i = _owned.Count - 1; i >= 0; i--)
            {
                try { _owned[i].Dispose(); }
                catch (Exception) { }
            }
        }
    }
}
