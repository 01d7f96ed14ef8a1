using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;
using System.Threading.Tasks;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// One way to get a stream: a public constructor, or a public static (or extension) method, or an instance method
    /// of an object a caller can make, with one value per parameter. A method returning two streams (a connected pair)
    /// gives the stream under test and its peer.
    /// </summary>
    public sealed class Construction
    {
        readonly Argument? _receiver;
        readonly IReadOnlyList<Argument> _arguments;

        public Construction(MethodBase method, Argument? receiver, IReadOnlyList<Argument> arguments, MethodInfo? setter = null, Argument? setterValue = null, EntryStep? entry = null)
        {
            Method = method;
            _receiver = receiver;
            _arguments = arguments;
            Setter = setter;
            _setterValue = setterValue;
            Entry = entry;
        }

        /// <summary>An archive stream's first entry, put or moved to after it is built (<see cref="EntryStep"/>); null for the rest.</summary>
        public EntryStep? Entry { get; }

        readonly Argument? _setterValue;

        /// <summary>Its build used a code page only <see cref="CodePages"/> provides: the repro registers them first.</summary>
        public bool NeedsCodePages { get; private set; }

        /// <summary>The same construction, marked as one that needs the code pages registered.</summary>
        public Construction WithCodePages() => new Construction(Method, _receiver, _arguments, Setter, _setterValue, Entry) { NeedsCodePages = true };

        public MethodBase Method { get; }

        /// <summary>An argument is an implementation picked for an interface (<see cref="Argument.IsGuessed"/>).</summary>
        public bool HasGuessedArgument => _arguments.Any(a => a.IsGuessed);

        /// <summary>A size, count or length among the arguments (<see cref="Argument.IsSize"/>).</summary>
        public bool HasSize => _arguments.Any(a => a.IsSize);

        /// <summary>A size of 0 among them: over an empty sink, the only one a window onto it takes.</summary>
        public bool HasZeroSize => _arguments.Any(a => a.IsZeroSize);

        /// <summary>
        /// A public <c>void SetX(Stream)</c> or <c>AddX(Stream)</c> the stream takes its source or sink through after a
        /// constructor that has none (SharpCompress's Xz filters: <c>new ArmFilter()</c>, then <c>SetBaseStream(stream)</c>);
        /// null for the rest (<see cref="ConstructionEnumerator.SourceSetter"/>).
        /// </summary>
        public MethodInfo? Setter { get; }

        public bool IsConstructor => Method is ConstructorInfo;

        /// <summary>For the variant name: "new DeflateStream(Stream, Compress, false)", "RecyclableMemoryStreamManager.GetStream()".</summary>
        public string Label => (IsConstructor ? "new " + CSharpNames.Short(Method.DeclaringType!) : CSharpNames.Short(Method.DeclaringType!) + "." + Method.Name)
                               + "(" + string.Join(", ", _arguments.Select(a => a.Label)) + ")"
                               + (Setter == null ? "" : $" then {Setter.Name}({_setterValue!.Label})")
                               + (Entry == null ? "" : $" then {Entry.Label}")
                               + (NeedsCodePages ? " with CodePagesEncodingProvider registered" : "");

        /// <summary>
        /// The values of the arguments that select a mode (an enum named as one: CompressionMode, a parameter called mode),
        /// which decide what a transform does whatever its CanRead and CanWrite say; empty when there are none.
        /// </summary>
        public string ModeLabel => string.Join(",", Method.GetParameters().Select((p, i) => IsMode(p) ? _arguments[i].Label : null).Where(l => l != null));

        static bool IsMode(ParameterInfo p) =>
            p.ParameterType.IsEnum && (p.ParameterType.Name.EndsWith("Mode", StringComparison.Ordinal) || (p.Name ?? "").EndsWith("mode", StringComparison.OrdinalIgnoreCase));

        /// <summary>The C# expression a user would write (for the repro).</summary>
        public string Source(bool forReading)
        {
            var source = SourceOfCall(forReading);
            if (!NeedsCodePages) return source;
            return $"((System.Func<{CSharpNames.Of(Method is MethodInfo m ? ResultType(m.ReturnType) : Method.DeclaringType!)}>)(() => {{ {CodePages.RegisterSource} return {source}; }}))()";
        }

        string SourceOfCall(bool forReading)
        {
            var args = string.Join(", ", _arguments.Select(a => a.Source(forReading)));
            if (IsConstructor && (Setter != null || Entry != null))
            {
                // One expression, as every other construction is: a lambda that makes the stream and gives it its source.
                var type = CSharpNames.Of(Method.DeclaringType!);
                var setter = Setter == null ? "" : $" s.{Setter.Name}({_setterValue!.Source(forReading)});";
                var entry = Entry == null ? "" : " " + Entry.Source("s");
                return $"((System.Func<{type}>)(() => {{ var s = new {type}({args});{setter}{entry} return s; }}))()";
            }
            if (IsConstructor) return $"new {CSharpNames.Of(Method.DeclaringType!)}({args})";
            var target = _receiver != null ? _receiver.Source(forReading) : CSharpNames.Of(Method.DeclaringType!);
            var call = $"{target}.{Method.Name}({args})";
            return Method is MethodInfo method && ResultType(method.ReturnType) != method.ReturnType ? call + ".GetAwaiter().GetResult()" : call;
        }

        /// <summary>Builds the stream(s): one stream, or a connected pair (the first is the one under test).</summary>
        public Stream[] Invoke(BuildScope scope)
        {
            var receiver = _receiver?.Make(scope);
            var values = new object?[_arguments.Count];
            foreach (var i in Enumerable.Range(0, values.Length).OrderBy(i => _arguments[i].MadeAfterOthers ? 1 : 0))
                scope.Made.Add(values[i] = _arguments[i].Make(scope));
            var result = Awaited(Reflected.Invoke(Method, receiver, values));
            if (Setter != null && result is Stream built)
            {
                try
                {
                    // Optional parameters after the stream keep their defaults.
                    Reflected.Invoke(Setter, built, new[] { _setterValue!.Make(scope) }.Concat(Setter.GetParameters().Skip(1).Select(Reflected.DefaultOf)).ToArray());
                }
                catch (Exception)
                {
                    built.Dispose();
                    throw;
                }
            }
            if (Entry != null && result is Stream archive)
            {
                try { Entry.Run(archive); }
                catch (Exception)
                {
                    Trial.Discard(archive);
                    throw;
                }
            }
            if (result is IDisposable owned && !(result is Stream) && PairOf(result) == null) scope.Owned.Add(owned);
            if (receiver is IDisposable disposableReceiver && !_receiver!.IsShared) scope.Owned.Add(disposableReceiver);
            if (result is Stream stream) return new[] { stream };
            return PairOf(result) ?? throw new InvalidOperationException($"{Label} returned {result?.GetType().FullName ?? "null"}, not a stream");
        }

        /// <summary>The two streams of a (Stream, Stream) tuple, or null.</summary>
        static Stream[]? PairOf(object? result)
        {
            if (result == null) return null;
            var type = result.GetType();
            object? Item(string name) => (object?)type.GetField(name)?.GetValue(result) ?? type.GetProperty(name)?.GetValue(result);
            return Item("Item1") is Stream a && Item("Item2") is Stream b ? new[] { a, b } : null;
        }

        /// <summary>How long an async factory's result is waited for: one that waits on a peer nobody runs is no construction.</summary>
        public static readonly TimeSpan AwaitLimit = TimeSpan.FromSeconds(2);

        /// <summary>
        /// What a caller awaits of a method's declared result: T of Task&lt;T&gt; or ValueTask&lt;T&gt; (SharpCompress's
        /// <c>SqueezeStream.CreateAsync</c>, an <c>OpenReadAsync</c>), else the result type itself.
        /// </summary>
        public static Type ResultType(Type returnType)
        {
            if (!returnType.IsGenericType || returnType.ContainsGenericParameters) return returnType;
            var definition = returnType.GetGenericTypeDefinition();
            return definition == typeof(Task<>) || definition == typeof(ValueTask<>) ? returnType.GetGenericArguments()[0] : returnType;
        }

        /// <summary>
        /// The value of an awaitable result, as <c>GetAwaiter().GetResult()</c> gives it (its own exception, not an
        /// AggregateException); past <see cref="AwaitLimit"/> a <see cref="TimeoutException"/>. Anything else as it is.
        /// </summary>
        static object? Awaited(object? result)
        {
            var task = result as Task;
            if (result != null && task == null && result.GetType() is { IsGenericType: true } type && type.GetGenericTypeDefinition() == typeof(ValueTask<>))
                task = (Task?)type.GetMethod("AsTask", Type.EmptyTypes)?.Invoke(result, null);
            if (task == null || !IsTaskOfT(task.GetType())) return result;
            try
            {
                if (!task.Wait(AwaitLimit)) throw new TimeoutException($"it did not complete within {AwaitLimit.TotalSeconds:0} s");
            }
            catch (AggregateException e) when (e.InnerExceptions.Count == 1)
            {
                ExceptionDispatchInfo.Capture(e.InnerExceptions[0]).Throw();
            }
            return task.GetType().GetProperty("Result")!.GetValue(task);
        }

        static bool IsTaskOfT(Type type)
        {
            for (var t = type; t != null; t = t.BaseType)
                if (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(Task<>)) return true;
            return false;
        }

        /// <summary>Whether the method's declared result can be a stream or a pair of streams.</summary>
        public static bool ReturnsStreams(Type returnType) =>
            returnType != typeof(object) && (typeof(Stream).IsAssignableFrom(returnType) || IsPairType(returnType));

        public static bool IsPairType(Type type)
        {
            if (!type.IsGenericType) return false;
            var definition = type.GetGenericTypeDefinition();
            return (definition == typeof(ValueTuple<,>) || definition == typeof(Tuple<,>)) && type.GetGenericArguments().All(t => typeof(Stream).IsAssignableFrom(t));
        }

        public override string ToString() => Label;
    }
}
