using System;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A pipe onto itself (<see cref="SelfLoop"/>): its peer is another thread on the same object, as a connected
    /// pair's is on the other end. For reading, a feeder thread writes the content into it and ends its writing; for
    /// writing, a drainer thread reads it, and the read-back is what the drainer got once writing was ended, before
    /// Dispose (which drops what is unread). Without a method that ends writing, nothing but Dispose ends a read: no
    /// readable fixture and no read-back, so the checks that need them skip.
    /// </summary>
    [NotInCatalog]
    public sealed class SelfLoopRecipe : StreamRecipe
    {
        readonly Type _type;
        readonly SelfLoop _loop;

        public SelfLoopRecipe(Type type, SelfLoop loop)
        {
            _type = type;
            _loop = loop;
        }

        /// <summary>The construction that makes the stream.</summary>
        public Construction Construction => _loop.Trial.Construction;

        public override string TypeName => _type.FullName ?? _type.Name;
        public override string Variant => "self-loop " + Construction.Label;
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;
        // Its own store: what was written is complete once writing ends, and gone at Dispose.
        public override bool ReadBackBeforeDispose => true;
        public override bool HasLivePeer => true;
        public override bool CanSeek => false;
        // As ConnectedRecipe: dotnet/runtime's ConnectedStreamConformanceTests turn this knob off for pipes.
        public override bool CansReturnFalseAfterDispose => false;
        // The read fixture's writing is the feeder's, ended after the content.
        public override bool WritesOnReadFixture => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            if (_loop.EndOfWriting == null) return null;
            var scope = new BuildScope(false, new byte[0], Scratch);
            var stream = _loop.Trial.Build(scope).stream;
            return new StreamFixture(stream, null, scope.Owned.ToArray()).Owns(new Feeder(stream, content, close: () => _loop.EndWriting(stream)));
        }

        public override StreamFixture? OpenWrite()
        {
            var scope = new BuildScope(false, new byte[0], Scratch);
            var stream = _loop.Trial.Build(scope).stream;
            var drainer = new Drainer(stream);
            Func<byte[]>? readBack = null;
            if (_loop.EndOfWriting != null)
                readBack = () =>
                {
                    _loop.EndWriting(stream);
                    return drainer.Received();
                };
            return new StreamFixture(stream, readBack, scope.Owned.ToArray()).Owns(drainer);
        }

        public override string? ReproSource(StreamAccess access)
        {
            var build = $"var stream = {Construction.Source(false)};";
            if (access == StreamAccess.Read && _loop.EndOfWriting != null)
                return build + $" new System.Threading.Thread(() => {{ stream.Write(content, 0, content.Length); stream.{_loop.EndOfWriting.Name}(); }}) {{ IsBackground = true }}.Start();";
            if (access == StreamAccess.Write)
                return build + " new System.Threading.Thread(() => { try { stream.CopyTo(System.IO.Stream.Null); } catch (System.Exception) { } }) { IsBackground = true }.Start();";
            return null;
        }
    }
}
