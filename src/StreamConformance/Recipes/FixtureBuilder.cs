using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Owns what a recipe acquires while it builds a fixture (a file, a listener, a client, a response) until it hands
    /// everything over: to the fixture (<see cref="Fixture"/>) or to the caller (<see cref="HandOver"/>). Disposed before
    /// that, because building threw, it releases what it owns, the last acquired first, and lets the exception go on.
    /// <code>
    /// using var build = new FixtureBuilder();
    /// var file = build.Own(new TempFile(...));
    /// return build.Fixture(Open(file.Path), file.ReadAll);
    /// </code>
    /// </summary>
    public sealed class FixtureBuilder : IDisposable
    {
        readonly List<IDisposable> _owned = new List<IDisposable>();
        bool _handedOver;

        /// <summary>Owns <paramref name="resource"/> until the hand-over; returns it.</summary>
        public T Own<T>(T resource) where T : IDisposable
        {
            _owned.Add(resource);
            return resource;
        }

        /// <summary>
        /// The fixture over <paramref name="stream"/>, owning everything owned here: disposed after the stream, the last
        /// acquired first, or, where the order matters, in the reverse of <paramref name="order"/> (as
        /// <see cref="StreamFixture"/> lists them), which must name exactly what was owned.
        /// </summary>
        public StreamFixture Fixture(Stream stream, Func<byte[]>? readBack = null, params IDisposable[] order)
        {
            if (order.Length > 0 && (order.Length != _owned.Count || order.Any(o => !_owned.Contains(o))))
                throw new InvalidOperationException("a fixture's disposal order must name exactly what its builder owns");
            var fixture = new StreamFixture(stream, readBack, order.Length > 0 ? order : _owned.ToArray());
            _handedOver = true;
            return fixture;
        }

        /// <summary>What was owned here is the caller's now (a connection or pair built for a fixture made elsewhere).</summary>
        public void HandOver() => _handedOver = true;

        public void Dispose()
        {
            if (_handedOver) return;
            _handedOver = true;
            for (var i = _owned.Count - 1; i >= 0; i--)
            {
                // The exception that stopped the building is the one to see, not a failure to clean up after it.
                try { _owned[i].Dispose(); }
                catch (Exception) { }
            }
        }
    }
}
