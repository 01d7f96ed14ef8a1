using System;
using System.Collections.Generic;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Recipes for types nobody wrote a recipe for (user assemblies, unknown runtime types): public constructors
    /// (), (byte[]), (Stream), (Stream, bool) over a MemoryStream, of types visible outside their assembly. A type
    /// that is not public reaches its callers only through the public APIs that hand it out, in the state those
    /// APIs set up: built by reflection with guessed arguments it shows states no caller sees (an HTTP server's
    /// upgrade stream that throws by design, a parser's private wrapper), so it waits for a recipe instead.
    /// </summary>
    public static class GenericShapes
    {
        public static IReadOnlyList<StreamRecipe> For(Type type)
        {
            var result = new List<StreamRecipe>();
            if (type.IsAbstract || type.IsGenericTypeDefinition || !type.IsVisible || !typeof(Stream).IsAssignableFrom(type)) return result;
            if (type.GetConstructor(new[] { typeof(byte[]) }) is { IsPublic: true } byteCtor)
                result.Add(new ByteArrayShape(type, byteCtor));
            if (type.GetConstructor(new[] { typeof(Stream), typeof(bool) }) is { IsPublic: true } wrapLeaveOpen)
                result.Add(new WrapperShape(type, wrapLeaveOpen, "(Stream, bool)"));
            else if (type.GetConstructor(new[] { typeof(Stream) }) is { IsPublic: true } wrap)
                result.Add(new WrapperShape(type, wrap, "(Stream)"));
            if (result.Count == 0 && type.GetConstructor(Type.EmptyTypes) is { IsPublic: true } empty)
                result.Add(new EmptyShape(type, empty));
            return result;
        }

        /// <summary>Why no shape fits, for the static-only report.</summary>
        public static string WhyNone(Type type)
        {
            if (type.IsAbstract) return "abstract";
            if (type.IsGenericTypeDefinition) return "open generic type";
            if (!type.IsVisible)
                return "not public, and no recipe reaches it through the public API that hands it out (its constructors are not called by reflection: guessed arguments give states no caller sees)";
            return "no recipe, and no public constructor of the shapes (), (byte[]), (Stream), (Stream, bool)";
        }

        abstract class ShapeRecipe : StreamRecipe
        {
            protected ShapeRecipe(Type type, System.Reflection.ConstructorInfo ctor, string shape)
            {
                Type = type;
                Ctor = ctor;
                Shape = shape;
                _canSeek = new Lazy<bool>(ObserveCanSeek);
                _transforms = new Lazy<string?>(ObservePassThrough);
            }

            readonly Lazy<bool> _canSeek;
            readonly Lazy<string?> _transforms;

            /// <summary>A shape assumes nothing of the type: only a first read (or a write and its read-back) that gives
            /// back the content shows it passes bytes through unchanged; until then checks that compare bytes skip.</summary>
            public override string? TransformsContentReason => _transforms.Value;

            string? ObservePassThrough()
            {
                var content = new byte[512];
                for (var i = 0; i < content.Length; i++) content[i] = (byte)(i * 7 + 3);
                try
                {
                    using (var reader = OpenRead(content))
                        if (reader != null) return Compare("a first read", ReadAll(reader.Stream, content.Length * 2), content);
                    using var writer = OpenWrite();
                    if (writer == null || !writer.CanReadBack) return "neither a read nor a write with its read-back could show that it passes bytes through";
                    writer.Stream.Write(content, 0, content.Length);
                    writer.Stream.Dispose();
                    return Compare("writing and reading back", writer.ReadBack(), content);
                }
                catch (Exception e)
                {
                    return $"a first pass over 512 bytes threw {e.GetType().Name} ({e.Message.Split('\n')[0]})";
                }
            }

            static string? Compare(string how, byte[] got, byte[] content)
            {
                var n = 0;
                while (n < got.Length && n < content.Length && got[n] == content[n]) n++;
                if (n == content.Length && got.Length == content.Length) return null;
                return $"{how} of 512 bytes gave {got.Length} bytes, equal up to offset {n}: the type transforms its content (a decoder, parser or encoder), so its bytes are not compared";
            }

            static byte[] ReadAll(Stream s, int limit)
            {
                var result = new MemoryStream();
                var buffer = new byte[256];
                int n;
                while (result.Length < limit && (n = s.Read(buffer, 0, buffer.Length)) > 0) result.Write(buffer, 0, n);
                return result.ToArray();
            }

            protected Type Type { get; }
            protected System.Reflection.ConstructorInfo Ctor { get; }
            string Shape { get; }

            /// <summary>The type's name as C# spells it (nested types with '.').</summary>
            protected string CSharpName => (Type.FullName ?? Type.Name).Replace('+', '.');
            public override string TypeName => Type.FullName ?? Type.Name;
            public override string Variant => "shape" + Shape;
            // A generic shape knows nothing of the type: expect only what the base contract guarantees.
            public override bool ReadsReadUntilSizeOrEof => false;
            // Nothing says whether the type seeks, so the knob repeats what an instance reports; checks then hold
            // the stream to its own claim (a CanSeek of true whose Seek throws still fails).
            public override bool CanSeek => _canSeek.Value;

            bool ObserveCanSeek()
            {
                try
                {
                    using var fixture = OpenRead(new byte[] { 1 }) ?? OpenWrite();
                    return fixture != null && fixture.Stream.CanSeek;
                }
                catch (Exception)
                {
                    return false;
                }
            }

            /// <summary>A read-only type built over a writable stream is no write fixture: checks would write to what says it cannot.</summary>
            protected static StreamFixture? Writable(StreamFixture fixture)
            {
                if (fixture.Stream.CanWrite) return fixture;
                fixture.Dispose();
                return null;
            }

            protected Stream Create(params object[] args)
            {
                try { return (Stream)Ctor.Invoke(args); }
                catch (System.Reflection.TargetInvocationException e) when (e.InnerException != null)
                {
                    System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                    throw;
                }
            }
        }

        sealed class ByteArrayShape : ShapeRecipe
        {
            public ByteArrayShape(Type type, System.Reflection.ConstructorInfo ctor) : base(type, ctor, "(byte[])") { }
            public override StreamFixture? OpenRead(byte[] content) => new StreamFixture(Create((byte[])content.Clone()));
            public override string? ReproSource(StreamAccess access) => access == StreamAccess.Read ? $"var stream = new {CSharpName}((byte[])content.Clone());" : null;
        }

        sealed class WrapperShape : ShapeRecipe
        {
            readonly bool _leaveOpen;

            readonly Lazy<bool> _readable;

            public WrapperShape(Type type, System.Reflection.ConstructorInfo ctor, string shape) : base(type, ctor, shape)
            {
                _leaveOpen = ctor.GetParameters().Length == 2;
                _readable = new Lazy<bool>(ObserveReadable);
            }

            object[] Args(Stream inner) => _leaveOpen ? new object[] { inner, true } : new object[] { inner };

            public override string? ReproSource(StreamAccess access) => access switch
            {
                StreamAccess.Read => $"var stream = new {CSharpName}(new MemoryStream(content, writable: false){(_leaveOpen ? ", true" : "")});",
                StreamAccess.Write => $"var stream = new {CSharpName}(new MemoryStream(){(_leaveOpen ? ", true" : "")});",
                _ => null,
            };

            /// <summary>
            /// Whether the type reads at all, asked of an instance over a writable stream: a write-only type (a
            /// compressor, an encoder) built over a read-only one may throw from its constructor after its finalizer
            /// was registered (SharpZipLib's BZip2OutputStream writes its header there), and that finalizer then
            /// throws on the finalizer thread and takes the probe down, blaming whatever check runs next.
            /// </summary>
            bool ObserveReadable()
            {
                try
                {
                    using var probe = new StreamFixture(Create(Args(new MemoryStream())));
                    return probe.Stream.CanRead;
                }
                catch (Exception)
                {
                    return true; // the read fixture will say what is wrong
                }
            }

            public override StreamFixture? OpenRead(byte[] content)
            {
                if (!_readable.Value) return null;
                var inner = new MemoryStream(content, writable: false);
                Stream wrapper;
                try { wrapper = Create(Args(inner)); }
                catch (ArgumentException)
                {
                    // The type refuses a read-only inner stream: it only writes (compressors, encoders).
                    inner.Dispose();
                    return null;
                }
                if (!wrapper.CanRead)
                {
                    // Built, but write-only: our misuse, not the type's fault, so its finalizer (which may
                    // flush into the read-only inner stream and throw) is not left to take the probe down.
                    GC.SuppressFinalize(wrapper);
                    try { wrapper.Dispose(); }
                    catch (Exception) { }
                    inner.Dispose();
                    return null;
                }
                return new StreamFixture(wrapper, null, inner);
            }

            public override StreamFixture? OpenWrite()
            {
                var inner = new MemoryStream();
                return Writable(new StreamFixture(Create(Args(inner)), inner.ToArray, inner));
            }
        }

        sealed class EmptyShape : ShapeRecipe
        {
            public EmptyShape(Type type, System.Reflection.ConstructorInfo ctor) : base(type, ctor, "()") { }
            public override StreamFixture? OpenWrite() => Writable(new StreamFixture(Create()));
            public override string? ReproSource(StreamAccess access) => access == StreamAccess.Write ? $"var stream = new {CSharpName}();" : null;
        }
    }
}
