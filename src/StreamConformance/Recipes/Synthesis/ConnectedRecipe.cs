using System;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// One end of a connected pair a public method hands out (CreatePair()): a feeder thread writes the content into
    /// the other end and closes it, or a drainer reads it, as for pipes and sockets. Reads may be short, nothing seeks,
    /// and what was written is complete only once the end under test is disposed.
    /// </summary>
    [NotInCatalog]
    public sealed class ConnectedRecipe : StreamRecipe
    {
        readonly Type _type;
        readonly Trial _pair;

        /// <summary>The method that makes the connected pair.</summary>
        public Construction Construction => _pair.Construction;

        public ConnectedRecipe(Type type, Trial pair)
        {
            _type = type;
            _pair = pair;
        }

        public override string TypeName => _type.FullName ?? _type.Name;
        public override string Variant => "pair " + _pair.Construction.Label;
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;
        public override bool HasLivePeer => true;
        public override bool CanSeek => false;
        // dotnet/runtime's ConnectedStreamConformanceTests turn this knob off for pipes.
        public override bool CansReturnFalseAfterDispose => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (!_pair.CanRead) return null;
            var scope = new BuildScope(false, new byte[0], Scratch);
            var (stream, peer) = _pair.Build(scope);
            return new StreamFixture(stream, null, scope.Owned.ToArray()).Owns(new Feeder(peer!, content));
        }

        public override StreamFixture? OpenWrite()
        {
            if (!_pair.CanWrite) return null;
            var scope = new BuildScope(false, new byte[0], Scratch);
            var (stream, peer) = _pair.Build(scope);
            var drainer = new Drainer(peer!);
            return new StreamFixture(stream, drainer.Received, scope.Owned.ToArray()).Owns(drainer);
        }

        public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read || access == StreamAccess.Write
            ? $"var (stream, peer) = {_pair.Construction.Source(false)};"
            : null;
    }
}
