using System;
using System.Collections.Concurrent;
using System.IO;
using System.Reflection;
using System.Reflection.Emit;

namespace StreamConformance.Meters
{
    /// <summary>
    /// A timed loop generated at run time for one stream type and one operation, as BenchmarkDotNet generates one per
    /// benchmark: the operation's call written <see cref="Unroll"/> times per turn, as a caller holding a
    /// <see cref="Stream"/> writes it (a virtual call of Stream's member on the instance). Its overhead is the same loop
    /// with an empty body.
    /// </summary>
    /// <remarks>
    /// Why generated: one loop shared by every stream type calls the operation from one call site, and on .NET 8+ that
    /// site's code depends on the profile tiering collected there (guarded devirtualization guesses the type it saw most):
    /// which streams ran before the profile was taken decided whether MemoryStream's call was devirtualized and inlined,
    /// so the baseline settled at one of two speeds per process (docs/budgets.md). A <see cref="DynamicMethod"/> is
    /// compiled once, fully optimized, with no tiering and no profile, on CoreCLR, classic Mono and Mono's interpreter alike.
    /// Each call's result is folded into the loop's return value, so the JIT cannot drop it and an end of stream (a
    /// ReadByte of −1, a Read of 0) shows as a negative value.
    /// Why a virtual call and not a direct one to the override it reaches: a direct call let the JIT inline a one-line
    /// forwarder (FileStream.ReadByte → its strategy's ReadByte), a dispatch no caller holding a Stream saves without
    /// tiered PGO (off in the probes). FileStream.ReadByte measured 3.4 ns and 1.05× MemoryStream's with the direct call,
    /// 4.3 ns and 1.34× with the virtual one, against BenchmarkDotNet's 4.25 ns and 1.32–1.43× (docs/agreement.md); the
    /// other nine figures did not move.
    /// </remarks>
    public sealed class DirectLoop
    {
        /// <summary>Calls per loop turn: BenchmarkDotNet's unroll factor.</summary>
        public const int Unroll = 16;

        /// <summary>(stream, buffer, turns) → the folded results; negative when a call reached the end of the stream.</summary>
        readonly Func<Stream?, byte[]?, int, int> _run;

        DirectLoop(Func<Stream?, byte[]?, int, int> run, MethodInfo? target)
        {
            _run = run;
            Target = target;
        }

        /// <summary>The member each call reaches on the loop's type (its most derived override), or null for the empty loop.</summary>
        public MethodInfo? Target { get; }

        /// <summary>Runs <paramref name="turns"/> turns (<see cref="Unroll"/> calls each); negative when a read found the end of the stream.</summary>
        public int Run(Stream? stream, byte[]? buffer, int turns) => _run(stream, buffer, turns);

        /// <summary>The overhead: the same loop with nothing in it.</summary>
        public static DirectLoop Empty => s_empty.Value;

        static readonly Lazy<DirectLoop> s_empty = new Lazy<DirectLoop>(() => Generate(null, null));

        /// <summary>How each call of an operation is written.</summary>
        public enum Shape
        {
            /// <summary><c>acc |= s.ReadByte()</c>.</summary>
            ReadByte,
            /// <summary><c>s.WriteByte(42)</c>.</summary>
            WriteByte,
            /// <summary><c>acc |= s.Read(span) - 1</c>, the span over the whole buffer made once before the loop.</summary>
            ReadSpan,
            /// <summary><c>s.Write(span)</c>, the span over the whole buffer.</summary>
            WriteSpan,
            /// <summary><c>s.Seek(offset, Begin); offset = 3 - offset</c>: offsets 1 and 2 in turn.</summary>
            SeekAlternating,
            /// <summary><c>acc |= (int)s.Position &amp; 0x7FFFFFFF</c>.</summary>
            PositionGet,
        }

        static readonly ConcurrentDictionary<(Type, Shape), DirectLoop> s_loops = new ConcurrentDictionary<(Type, Shape), DirectLoop>();

        /// <summary>The loop of <paramref name="shape"/> on streams of exactly <paramref name="streamType"/>, generated once per process.</summary>
        public static DirectLoop For(Type streamType, Shape shape)
        {
            if (!typeof(Stream).IsAssignableFrom(streamType) || streamType.IsAbstract)
                throw new ArgumentException($"{streamType} is not a concrete Stream", nameof(streamType));
            return s_loops.GetOrAdd((streamType, shape), key => Generate(key.Item1, key.Item2));
        }

        /// <summary>
        /// <see cref="For"/>, or null where the runtime cannot generate code (a runtime without Reflection.Emit): the
        /// figure is then timed through the session's delegate, and says so.
        /// </summary>
        public static DirectLoop? TryFor(Type streamType, Shape shape)
        {
            if (!s_canGenerate) return null;
            try
            {
                return For(streamType, shape);
            }
            catch (Exception e) when (e is NotSupportedException || e is PlatformNotSupportedException || e is InvalidProgramException || e is MemberAccessException)
            {
                return null;
            }
        }

        static readonly bool s_canGenerate = CanGenerate();

        static bool CanGenerate()
        {
            try
            {
                return Empty.Run(null, null, 1) == 0;
            }
            catch (Exception e) when (e is NotSupportedException || e is PlatformNotSupportedException)
            {
                return false;
            }
        }

        /// <summary>
        /// The method a virtual call of <paramref name="streamMember"/> reaches on an instance of <paramref name="type"/>:
        /// the most derived override in its chain (a <c>new virtual</c> member of the same signature starts a chain of
        /// its own and is not it).
        /// </summary>
        public static MethodInfo Implementation(Type type, MethodInfo streamMember)
        {
            var slot = streamMember.GetBaseDefinition().MethodHandle;
            var parameters = Array.ConvertAll(streamMember.GetParameters(), p => p.ParameterType);
            for (var t = type; t != null; t = t.BaseType)
            {
                var declared = t.GetMethod(streamMember.Name, BindingFlags.DeclaredOnly | BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic,
                    null, parameters, null);
                if (declared != null && declared.IsVirtual && !declared.IsAbstract && declared.GetBaseDefinition().MethodHandle == slot)
                    return declared;
            }
            throw new ArgumentException($"{type} has no implementation of Stream.{streamMember.Name}");
        }

        static readonly MethodInfo s_readByte = typeof(Stream).GetMethod(nameof(Stream.ReadByte), Type.EmptyTypes)!;
        static readonly MethodInfo s_writeByte = typeof(Stream).GetMethod(nameof(Stream.WriteByte), new[] { typeof(byte) })!;
        static readonly MethodInfo s_readSpan = typeof(Stream).GetMethod(nameof(Stream.Read), new[] { typeof(Span<byte>) })!;
        static readonly MethodInfo s_writeSpan = typeof(Stream).GetMethod(nameof(Stream.Write), new[] { typeof(ReadOnlySpan<byte>) })!;
        static readonly MethodInfo s_seek = typeof(Stream).GetMethod(nameof(Stream.Seek), new[] { typeof(long), typeof(SeekOrigin) })!;
        static readonly MethodInfo s_positionGet = typeof(Stream).GetProperty(nameof(Stream.Position))!.GetGetMethod()!;

        static MethodInfo MemberOf(Shape shape) => shape switch
        {
            Shape.ReadByte => s_readByte,
            Shape.WriteByte => s_writeByte,
            Shape.ReadSpan => s_readSpan,
            Shape.WriteSpan => s_writeSpan,
            Shape.SeekAlternating => s_seek,
            Shape.PositionGet => s_positionGet,
            _ => throw new ArgumentOutOfRangeException(nameof(shape)),
        };

        /// <summary>
        /// <c>int Loop(Stream s, byte[] buffer, int turns)</c>: the stream in a local of type Stream, then
        /// <c>for (turn = turns; turn != 0; turn--) { call ×16 }</c>; a null type gives the empty loop.
        /// </summary>
        static DirectLoop Generate(Type? streamType, Shape? shape)
        {
            // skipVisibility: most runtime streams are internal (strategies, HTTP bodies), and so are their members.
            var method = new DynamicMethod("DirectLoop_" + (streamType?.Name ?? "Empty") + "_" + (shape?.ToString() ?? ""), typeof(int),
                new[] { typeof(Stream), typeof(byte[]), typeof(int) }, typeof(DirectLoop).Module, skipVisibility: true);
            var il = method.GetILGenerator();
            var acc = il.DeclareLocal(typeof(int));
            var turn = il.DeclareLocal(typeof(int));
            LocalBuilder? stream = null, span = null, offset = null;
            MethodInfo? target = null;
            if (streamType != null && shape != null)
            {
                target = Implementation(streamType, MemberOf(shape.Value));
                // Typed Stream, not the stream's own type: on a sealed type (BufferedStream) a local of that type
                // lets the JIT turn the virtual call into a direct one and inline it, which no caller holding a
                // Stream gets: BufferedStream.WriteByte measured 0.65× MemoryStream's that way against
                // BenchmarkDotNet's 0.78–0.79×.
                stream = il.DeclareLocal(typeof(Stream));
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stloc, stream);
                if (shape == Shape.ReadSpan || shape == Shape.WriteSpan)
                {
                    var spanType = shape == Shape.ReadSpan ? typeof(Span<byte>) : typeof(ReadOnlySpan<byte>);
                    span = il.DeclareLocal(spanType);
                    il.Emit(OpCodes.Ldloca, span);
                    il.Emit(OpCodes.Ldarg_1);
                    il.Emit(OpCodes.Call, spanType.GetConstructor(new[] { typeof(byte[]) })!);
                }
                if (shape == Shape.SeekAlternating)
                {
                    offset = il.DeclareLocal(typeof(long));
                    il.Emit(OpCodes.Ldc_I8, 1L);
                    il.Emit(OpCodes.Stloc, offset);
                }
            }
            il.Emit(OpCodes.Ldarg_2);
            il.Emit(OpCodes.Stloc, turn);
            var test = il.DefineLabel();
            var body = il.DefineLabel();
            il.Emit(OpCodes.Br, test);
            il.MarkLabel(body);
            if (target != null)
                for (var i = 0; i < Unroll; i++)
                    EmitCall(il, shape!.Value, MemberOf(shape.Value), stream!, span, offset, acc);
            il.Emit(OpCodes.Ldloc, turn);
            il.Emit(OpCodes.Ldc_I4_1);
            il.Emit(OpCodes.Sub);
            il.Emit(OpCodes.Stloc, turn);
            il.MarkLabel(test);
            il.Emit(OpCodes.Ldloc, turn);
            il.Emit(OpCodes.Brtrue, body);
            il.Emit(OpCodes.Ldloc, acc);
            il.Emit(OpCodes.Ret);
            return new DirectLoop((Func<Stream?, byte[]?, int, int>)method.CreateDelegate(typeof(Func<Stream?, byte[]?, int, int>)), target);
        }

        static void EmitCall(ILGenerator il, Shape shape, MethodInfo member, LocalBuilder stream, LocalBuilder? span, LocalBuilder? offset, LocalBuilder acc)
        {
            il.Emit(OpCodes.Ldloc, stream);
            switch (shape)
            {
                case Shape.ReadByte:
                    il.Emit(OpCodes.Callvirt, member);
                    FoldInto(il, acc);
                    break;
                case Shape.WriteByte:
                    il.Emit(OpCodes.Ldc_I4_S, (sbyte)42);
                    il.Emit(OpCodes.Callvirt, member);
                    break;
                case Shape.ReadSpan:
                    il.Emit(OpCodes.Ldloc, span!);
                    il.Emit(OpCodes.Callvirt, member);
                    // A read of 0 is the end: 0 − 1 sets the sign bit.
                    il.Emit(OpCodes.Ldc_I4_1);
                    il.Emit(OpCodes.Sub);
                    FoldInto(il, acc);
                    break;
                case Shape.WriteSpan:
                    il.Emit(OpCodes.Ldloc, span!);
                    il.Emit(OpCodes.Callvirt, member);
                    break;
                case Shape.SeekAlternating:
                    il.Emit(OpCodes.Ldloc, offset!);
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Callvirt, member);
                    il.Emit(OpCodes.Pop);
                    il.Emit(OpCodes.Ldc_I8, 3L);
                    il.Emit(OpCodes.Ldloc, offset!);
                    il.Emit(OpCodes.Sub);
                    il.Emit(OpCodes.Stloc, offset!);
                    break;
                case Shape.PositionGet:
                    il.Emit(OpCodes.Callvirt, member);
                    il.Emit(OpCodes.Conv_I4);
                    il.Emit(OpCodes.Ldc_I4, 0x7FFFFFFF);
                    il.Emit(OpCodes.And);
                    FoldInto(il, acc);
                    break;
            }
        }

        static void FoldInto(ILGenerator il, LocalBuilder acc)
        {
            il.Emit(OpCodes.Ldloc, acc);
            il.Emit(OpCodes.Or);
            il.Emit(OpCodes.Stloc, acc);
        }

        /// <summary>
        /// The limit, generated the same way: <c>sum += data[i]</c> over a whole byte[], so the floor is compiled as the
        /// loops it is compared with are, fully optimized on its first call whatever the process has run before.
        /// </summary>
        public static Func<byte[], int> SumBytes { get; } = GenerateSum();

        static Func<byte[], int> GenerateSum()
        {
            var method = new DynamicMethod("DirectLoop_SumBytes", typeof(int), new[] { typeof(byte[]) }, typeof(DirectLoop).Module, skipVisibility: true);
            var il = method.GetILGenerator();
            var sum = il.DeclareLocal(typeof(int));
            var i = il.DeclareLocal(typeof(int));
            var test = il.DefineLabel();
            var body = il.DefineLabel();
            il.Emit(OpCodes.Br, test);
            il.MarkLabel(body);
            il.Emit(OpCodes.Ldloc, sum);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, i);
            il.Emit(OpCodes.Ldelem_U1);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Stloc, sum);
            il.Emit(OpCodes.Ldloc, i);
            il.Emit(OpCodes.Ldc_I4_1);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Stloc, i);
            il.MarkLabel(test);
            il.Emit(OpCodes.Ldloc, i);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldlen);
            il.Emit(OpCodes.Conv_I4);
            il.Emit(OpCodes.Blt, body);
            il.Emit(OpCodes.Ldloc, sum);
            il.Emit(OpCodes.Ret);
            return (Func<byte[], int>)method.CreateDelegate(typeof(Func<byte[], int>));
        }
    }
}
