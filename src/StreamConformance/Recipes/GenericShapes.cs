using System;
using System.Collections.Generic;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// Recipes for types nobody wrote a recipe for (user assemblies, unknown runtime types): public constructors
    /// (), (byte[]), (Stream), (Stream, bool) over a MemoryStream.
    /// </summary>
    public static class GenericShapes
    {
        public static IReadOnlyList<StreamRecipe> For(Type type)
        {
            var result = new List<StreamRecipe>();
            if (type.IsAbstract || type.IsGenericTypeDefinition || !typeof(Stream).IsAssignableFrom(type)) return result;
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
            if (!type.IsPublic && !type.IsNestedPublic) return "not public and no recipe reaches it through public API";
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
            }

            readonly Lazy<bool> _canSeek;

            protected Type Type { get; }
            protected System.Reflection.ConstructorInfo Ctor { get; }
            string Shape { get; }
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
        }

        sealed class WrapperShape : ShapeRecipe
        {
            readonly bool _leaveOpen;

            public WrapperShape(Type type, System.Reflection.ConstructorInfo ctor, string shape) : base(type, ctor, shape) =>
                _leaveOpen = ctor.GetParameters().Length == 2;

            object[] Args(Stream inner) => _leaveOpen ? new object[] { inner, true } : new object[] { inner };

            public override StreamFixture? OpenRead(byte[] content)
            {
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
                return new StreamFixture(Create(Args(inner)), inner.ToArray, inner);
            }
        }

        sealed class EmptyShape : ShapeRecipe
        {
            public EmptyShape(Type type, System.Reflection.ConstructorInfo ctor) : base(type, ctor, "()") { }
            public override StreamFixture? OpenWrite() => new StreamFixture(Create());
        }
    }
}
