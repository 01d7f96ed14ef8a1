using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// The public ways to get a stream and every combination of argument values for each (bounded), from the
    /// argument sources: a parameter gets its values from the first source that supplies it, and an optional
    /// parameter tries its default first.
    /// </summary>
    public sealed class ConstructionEnumerator
    {
        /// <summary>Enough for two flags and a mode; beyond it the first values of each parameter are the likely ones.</summary>
        public const int MaxCombinations = 32;

        readonly IReadOnlyList<IArgumentSource> _sources;
        readonly bool _optionalDefaults;

        readonly bool _setters;

        public ConstructionEnumerator(IReadOnlyList<IArgumentSource>? sources = null, bool optionalDefaults = true, bool setters = true)
        {
            _sources = sources ?? DefaultSources;
            _optionalDefaults = optionalDefaults;
            _setters = setters;
        }

        /// <summary>
        /// For the runtime's own types: the constructor shapes the default sweep has always used ((), (byte[]),
        /// (Stream), (Stream, bool)…: streams, content and flags only). Hand-written recipes judge the rest, since a
        /// runtime type's other parameters select states (buffering thresholds, modes) whose rules a recipe must state.
        /// A recipe for more shapes passes its own sources.
        /// </summary>
        public static ConstructionEnumerator ForRuntimeTypes { get; } = new ConstructionEnumerator(new IArgumentSource[]
        {
            new OfParameterTypes(new StreamArguments(), typeof(Stream)), new OfParameterTypes(new ContentArguments(), typeof(byte[])),
            new OfParameterTypes(new FlagArguments(), typeof(bool)),
        }, optionalDefaults: false, setters: false);

        public static IReadOnlyList<IArgumentSource> DefaultSources { get; } = new IArgumentSource[]
        {
            new KeyArguments(), new DigestArguments(), new LabelArguments(), new DelimiterArguments(), new StreamListArguments(), new PathListArguments(), new CollectionArguments(), // by name or shape, before content and objects take them
            new StreamArguments(), new LibraryStreamArguments(), new ContentArguments(), new FlagArguments(), new SizeArguments(),
            new FileSystemPathArguments(), new PathArguments(),
            new BufferWriterArguments(), new StreamAdapterArguments(), new LibraryContentArguments(), new WaitArguments(), new ObjectArguments(), new HandedOutArguments(),
            new NullCheckedArguments(), // only where nothing else supplies the parameter and the code itself allows null
        };

        /// <summary>Public constructors of a public concrete type, fewest parameters first.</summary>
        public static IReadOnlyList<MethodBase> Constructors(Type type)
        {
            if (type.IsAbstract || type.ContainsGenericParameters || !type.IsVisible) return new MethodBase[0];
            return type.GetConstructors(BindingFlags.Public | BindingFlags.Instance).Where(Usable)
                .OrderBy(c => c.GetParameters().Length).ThenBy(c => c.ToString(), StringComparer.Ordinal).ToList<MethodBase>();
        }

        /// <summary>
        /// Public methods of the assembly's public types that return a stream or a pair of streams: static ones
        /// (factories, extension methods) and instance ones of a type a caller can make without arguments (a
        /// manager's GetStream()). Which stream type each returns is known only by calling it.
        /// </summary>
        public static IReadOnlyList<MethodBase> Factories(Assembly assembly)
        {
            Type[] types;
            try { types = assembly.GetExportedTypes(); }
            catch (Exception) { return new MethodBase[0]; }
            var result = new List<MethodBase>();
            foreach (var type in types.Where(t => !t.ContainsGenericParameters && !AuthoredRecipes.IsRecipeClass(t)).OrderBy(t => t.FullName, StringComparer.Ordinal))
            {
                var receiverMakeable = !typeof(Stream).IsAssignableFrom(type) && (ObjectArguments.Instance(type).Count > 0 || PathReceiver(type) != null);
                foreach (var method in type.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                             .OrderBy(m => m.GetParameters().Length).ThenBy(m => m.ToString(), StringComparer.Ordinal))
                {
                    if (method.IsSpecialName || method.ContainsGenericParameters || method.IsAbstract || !Construction.ReturnsStreams(Construction.ResultType(method.ReturnType))) continue;
                    if (!method.IsStatic && !receiverMakeable) continue;
                    if (Usable(method)) result.Add(method);
                }
            }
            return result;
        }

        /// <summary>
        /// A receiver a caller makes from a path, for the streams its methods hand out (Mono.Unix's <c>new UnixFileInfo(path)</c>,
        /// whose <c>Open…</c> give its <c>UnixStream</c>): made per build over a file holding the content (read) or not there
        /// yet (write, read back from disk), as a path argument is (<see cref="PathArguments"/>). Null for a stream, or a type
        /// with no public constructor whose one parameter is a path.
        /// </summary>
        public static Argument? PathReceiver(Type type)
        {
            if (typeof(Stream).IsAssignableFrom(type) || type.IsAbstract || type.ContainsGenericParameters) return null;
            var ctor = type.GetConstructors(BindingFlags.Public | BindingFlags.Instance)
                .Where(c => c.GetParameters() is { Length: 1 } ps && PathArguments.IsPath(ps[0])).OrderBy(c => c.ToString(), StringComparer.Ordinal).FirstOrDefault();
            if (ctor == null) return null;
            var path = new PathArguments().For(ctor.GetParameters()[0]).Single();
            var name = CSharpNames.Of(type);
            return new Argument($"new {CSharpNames.Short(type)}(path)", $"new {name}({path.Source(true)})", $"new {name}({path.Source(false)})",
                scope => ctor.Invoke(new[] { path.Make(scope) }));
        }

        /// <summary>No pointer, and no reference the method may write (an <c>in</c> parameter takes a value: <see cref="InParameter"/>).</summary>
        static bool Usable(MethodBase method) =>
            method.GetParameters().All(p => (!p.ParameterType.IsByRef || InParameter.IsInParameter(p)) && !p.ParameterType.IsPointer && !p.IsOut);

        /// <summary>Each combination of values, or none with <paramref name="unsupplied"/> naming the parameter nothing supplies.</summary>
        public IReadOnlyList<Construction> Combinations(MethodBase method, out string? unsupplied)
        {
            unsupplied = null;
            Argument? receiver = null;
            if (!method.IsStatic && !method.IsConstructor)
            {
                receiver = ObjectArguments.Instance(method.DeclaringType!).FirstOrDefault() ?? PathReceiver(method.DeclaringType!);
                if (receiver == null)
                {
                    unsupplied = $"no instance of {CSharpNames.Short(method.DeclaringType!)} to call {method.Name} on";
                    return new Construction[0];
                }
            }
            var perParameter = new List<IReadOnlyList<Argument>>();
            foreach (var parameter in method.GetParameters())
            {
                var values = Values(parameter);
                if (values.Count == 0)
                {
                    unsupplied = $"parameter {parameter.Name} ({CSharpNames.Short(parameter.ParameterType)}) of {Describe(method)}: no value a caller would pass";
                    return new Construction[0];
                }
                perParameter.Add(values);
            }
            // A constructor with no stream parameter whose type takes its stream through a setter gets it there.
            var setter = _setters && method.IsConstructor && !method.GetParameters().Any(p => typeof(Stream).IsAssignableFrom(p.ParameterType)) ? SourceSetter(method.DeclaringType!) : null;
            // Bytes given through a setter are the content only where no parameter takes bytes already.
            if (setter != null && ContentArguments.SuppliesBytes(setter.GetParameters()[0].ParameterType)
                && method.GetParameters().Any(p => ContentArguments.SuppliesBytes(InParameter.ValueType(p)))) setter = null;
            var setterValue = setter == null ? null : _sources.Select(s => s.For(setter.GetParameters()[0])).FirstOrDefault(v => v.Count > 0)?.FirstOrDefault();
            if (setterValue == null) setter = null;
            // An archive stream is used inside an entry (user types only, as setters: the runtime's archives have recipes).
            var entry = _setters && method.IsConstructor ? EntryStep.For(method.DeclaringType!) : null;
            var result = new List<Construction>();
            // Every value of the parameters a caller must pass, the optional ones at their defaults, before any optional
            // one varies: a mode (FileMode) is not crowded out by the combinations of the options after it.
            var optional = method.GetParameters().Select(p => p.HasDefaultValue && _optionalDefaults).ToArray();
            foreach (var defaultsOnly in new[] { true, false })
            {
                var indices = new int[perParameter.Count];
                while (result.Count < MaxCombinations)
                {
                    if (indices.Where((_, i) => optional[i]).All(x => x == 0) == defaultsOnly)
                        result.Add(new Construction(method, receiver, perParameter.Select((values, i) => values[indices[i]]).ToList(), setter, setterValue, entry));
                    // Odometer, last parameter fastest: the first values of the leading parameters are tried first.
                    var k = indices.Length - 1;
                    while (k >= 0 && ++indices[k] == (defaultsOnly && optional[k] ? 1 : perParameter[k].Count)) indices[k--] = 0;
                    if (k < 0) break;
                }
            }
            return result;
        }

        /// <summary>
        /// A public instance <c>void SetX(Stream)</c> of a stream type (SetBaseStream, SetInput…), else <c>void AddX(Stream)</c>
        /// (a chain of streams: MimeKit's <c>ChainedStream.Add(Stream, bool leaveOpen = false)</c>): how a stream built by a
        /// constructor without a source is given one. Bytes count as a source too: a queue a caller fills and then reads
        /// (BouncyCastle's <c>ByteQueueInputStream.AddBytes(byte[])</c>). Any further parameter must be optional, and keeps
        /// its default. Null when the type has none, or more than one of the first kind that has any.
        /// </summary>
        public static MethodInfo? SourceSetter(Type type)
        {
            if (!typeof(Stream).IsAssignableFrom(type)) return null;
            foreach (var prefix in new[] { "Set", "Add" })
            {
                var setters = type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                    .Where(m => m.ReturnType == typeof(void) && !m.IsSpecialName && !m.ContainsGenericParameters && m.Name.StartsWith(prefix, StringComparison.Ordinal)
                                && m.GetParameters() is { Length: > 0 } ps && (StreamArguments.Supplies(ps[0].ParameterType) || ContentArguments.SuppliesBytes(ps[0].ParameterType))
                                && ps.Skip(1).All(p => p.HasDefaultValue))
                    .ToList();
                if (setters.Count > 0) return setters.Count == 1 ? setters[0] : null;
            }
            return null;
        }

        IReadOnlyList<Argument> Values(ParameterInfo parameter)
        {
            parameter = InParameter.AsValue(parameter);
            var supplied = _sources.Select(s => s.For(parameter)).FirstOrDefault(v => v.Count > 0) ?? new Argument[0];
            if (!parameter.HasDefaultValue || !_optionalDefaults) return supplied;
            var byDefault = Argument.Constant(Reflected.DefaultOf(parameter), parameter.Name + ": default", "default");
            return new[] { byDefault }.Concat(supplied).ToList();
        }

        public static string Describe(MethodBase method) =>
            (method.IsConstructor ? "new " + CSharpNames.Short(method.DeclaringType!) : CSharpNames.Short(method.DeclaringType!) + "." + method.Name)
            + "(" + string.Join(", ", method.GetParameters().Select(p => CSharpNames.Short(InParameter.ValueType(p)))) + ")";
    }
}
