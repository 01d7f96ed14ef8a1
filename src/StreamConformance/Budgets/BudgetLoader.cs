using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using StreamConformance.Meters;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Budgets
{
    /// <summary>
    /// Reads budget files (schema version 1, docs/budgets.md). Every fault, from a stray comma to an override
    /// without a reason, is an <see cref="InputException"/> naming file, line and column.
    /// </summary>
    public static class BudgetLoader
    {
        public const int SchemaVersion = 1;

        public static BudgetSet Load(string path)
        {
            string text;
            try
            {
                text = File.ReadAllText(path);
            }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException || e is ArgumentException || e is NotSupportedException)
            {
                throw new InputException($"{path}: cannot read the budget file: {e.Message}", e);
            }
            return Parse(text, path);
        }

        /// <summary>Parses budget JSON; <paramref name="source"/> names it in error messages.</summary>
        public static BudgetSet Parse(string json, string source)
        {
            JToken root;
            try
            {
                using var reader = new JsonTextReader(new StringReader(json)) { DateParseHandling = DateParseHandling.None, FloatParseHandling = FloatParseHandling.Double };
                root = JToken.Load(reader, new JsonLoadSettings
                {
                    LineInfoHandling = LineInfoHandling.Load,
                    DuplicatePropertyNameHandling = DuplicatePropertyNameHandling.Error,
                    CommentHandling = CommentHandling.Ignore,
                });
                while (reader.Read())
                {
                    if (reader.TokenType != JsonToken.Comment)
                        throw new InputException($"{source}:{reader.LineNumber}:{reader.LinePosition}: unexpected content after the end of the budget object");
                }
            }
            catch (JsonReaderException e)
            {
                throw new InputException($"{source}:{e.LineNumber}:{e.LinePosition}: {WithoutLocation(e.Message)}", e);
            }
            return new Reader(source).Root(root);
        }

        /// <summary>Newtonsoft appends "Path 'a.b', line 3, position 7." to its messages; the location is already in front.</summary>
        static string WithoutLocation(string message)
        {
            var cut = message.IndexOf(" Path '", StringComparison.Ordinal);
            if (cut < 0) cut = message.IndexOf(", line ", StringComparison.Ordinal);
            return (cut >= 0 ? message.Substring(0, cut) : message).TrimEnd('.', ' ');
        }

        sealed class Reader
        {
            static readonly string[] s_classes = { "buffered", "unbuffered" };
            const string Syscalls = "syscalls";
            readonly string _source;

            public Reader(string source) => _source = source;

            InputException Error(JToken at, string message)
            {
                var info = (IJsonLineInfo)at;
                return new InputException(info.HasLineInfo()
                    ? $"{_source}:{info.LineNumber}:{info.LinePosition}: {message}"
                    : $"{_source}: {message}");
            }

            JObject Object(JToken token, string what) =>
                token as JObject ?? throw Error(token, $"expected an object for '{what}'");

            void OnlyKnown(JObject obj, string what, params string[] known)
            {
                foreach (var property in obj.Properties())
                    if (!known.Contains(property.Name))
                        throw Error(property, $"unknown property '{property.Name}' in {what} (known: {string.Join(", ", known)})");
            }

            string String(JToken token, string name)
            {
                if (token.Type != JTokenType.String || string.IsNullOrWhiteSpace((string?)token))
                    throw Error(token, $"expected a non-empty string for '{name}'");
                return (string)token!;
            }

            double Ceiling(JToken token, string name)
            {
                if (token.Type != JTokenType.Integer && token.Type != JTokenType.Float)
                    throw Error(token, $"expected a number for '{name}'");
                var value = token.Value<double>();
                if (double.IsNaN(value) || double.IsInfinity(value) || value < 0)
                    throw Error(token, $"expected a finite number ≥ 0 for '{name}', got {value.ToString(CultureInfo.InvariantCulture)}");
                return value;
            }

            string Operation(JToken token) => KnownOperation(String(token, "operation"), token);

            string KnownOperation(string name, JToken at)
            {
                if (name != BudgetSet.Wildcard && StreamOperations.Find(name) == null)
                    throw Error(at, $"unknown operation '{name}' (known: *, {string.Join(", ", StreamOperations.All.Select(o => o.Name))})");
                return name;
            }

            public BudgetSet Root(JToken token)
            {
                var root = Object(token, "the budget file");
                OnlyKnown(root, "the budget file", "schemaVersion", "description", "defaults", "runtimes", "overrides");
                var version = root.Property("schemaVersion") ?? throw Error(root, "missing 'schemaVersion' (this reader knows 1)");
                if (version.Value.Type != JTokenType.Integer)
                    throw Error(version.Value, "expected a number for 'schemaVersion'");
                if (version.Value.Value<long>() != SchemaVersion)
                    throw Error(version.Value, $"unsupported schemaVersion {version.Value} (this reader knows {SchemaVersion})");
                if (root.Property("description") is { } description) String(description.Value, "description");

                SyscallRules? syscallDefaults = null;
                var defaults = root.Property("defaults") is { } d ? Section(d.Value, "defaults", out syscallDefaults) : new Dictionary<string, ClassCeilings>();
                var runtimes = new Dictionary<string, IReadOnlyDictionary<string, ClassCeilings>>(StringComparer.Ordinal);
                var syscallRuntimes = new Dictionary<string, SyscallRules>(StringComparer.Ordinal);
                if (root.Property("runtimes") is { } r)
                    foreach (var runtime in Object(r.Value, "runtimes").Properties())
                    {
                        runtimes[runtime.Name] = Section(runtime.Value, "runtimes." + runtime.Name, out var syscalls);
                        if (syscalls != null) syscallRuntimes[runtime.Name] = syscalls;
                    }
                var overrides = new List<BudgetOverride>();
                if (root.Property("overrides") is { } o)
                {
                    if (!(o.Value is JArray list)) throw Error(o.Value, "expected an array for 'overrides'");
                    overrides.AddRange(list.Select(Override));
                }
                return new BudgetSet(_source, defaults, runtimes, overrides, syscallDefaults, syscallRuntimes);
            }

            /// <summary>{ "buffered": { op: ceilings }, "unbuffered": { ... }, "syscalls": { pattern: allowances } }</summary>
            Dictionary<string, ClassCeilings> Section(JToken token, string what, out SyscallRules? syscalls)
            {
                var section = Object(token, what);
                OnlyKnown(section, what, s_classes.Concat(new[] { Syscalls }).ToArray());
                var result = new Dictionary<string, ClassCeilings>(StringComparer.Ordinal);
                syscalls = section.Property(Syscalls) is { } s ? SyscallSection(s.Value, what + "." + Syscalls, null) : null;
                foreach (var streamClass in section.Properties().Where(p => p.Name != Syscalls))
                {
                    var byOperation = new Dictionary<string, Ceilings>(StringComparer.Ordinal);
                    foreach (var entry in Object(streamClass.Value, what + "." + streamClass.Name).Properties())
                    {
                        KnownOperation(entry.Name, entry);
                        var ceilings = Object(entry.Value, entry.Name);
                        OnlyKnown(ceilings, $"{what}.{streamClass.Name}.{entry.Name}", "bytesPerCall", "ratioToBaseline", "ratioToInner");
                        byOperation[entry.Name] = ReadCeilings(ceilings, entry.Name);
                    }
                    result[streamClass.Name] = new ClassCeilings(byOperation);
                }
                return result;
            }

            Ceilings ReadCeilings(JObject obj, string what)
            {
                var ceilings = new Ceilings();
                if (obj.Property("bytesPerCall") is { } bytes) ceilings.BytesPerCall = Ceiling(bytes.Value, "bytesPerCall");
                if (obj.Property("ratioToBaseline") is { } ratio) ceilings.RatioToBaseline = Ceiling(ratio.Value, "ratioToBaseline");
                if (obj.Property("ratioToInner") is { } inner) ceilings.RatioToInner = Ceiling(inner.Value, "ratioToInner");
                if (ceilings.BytesPerCall == null && ceilings.RatioToBaseline == null && ceilings.RatioToInner == null)
                    throw Error(obj, $"'{what}' sets none of 'bytesPerCall', 'ratioToBaseline' and 'ratioToInner'");
                return ceilings;
            }

            /// <summary>{ "*" or cell pattern: { allowance: whole number } }; in an override every pattern must measure <paramref name="type"/>.</summary>
            SyscallRules SyscallSection(JToken token, string what, string? type)
            {
                var entries = new List<(CellPattern, IReadOnlyDictionary<string, int>)>();
                foreach (var entry in Object(token, what).Properties())
                {
                    var pattern = CellPattern.Parse(entry.Name, out var error) ?? throw Error(entry, error);
                    if (type != null && pattern.Scenario != BudgetSet.Wildcard && SyscallBudgets.TypeOf(pattern.Scenario) != type)
                        throw Error(entry, $"'{pattern.Scenario}' measures {SyscallBudgets.TypeOf(pattern.Scenario)}, not {type}");
                    var obj = Object(entry.Value, entry.Name);
                    var allowances = new Dictionary<string, int>(StringComparer.Ordinal);
                    foreach (var allowance in obj.Properties())
                    {
                        if (!SyscallBudgets.Allowances.ContainsKey(allowance.Name))
                            throw Error(allowance, $"unknown syscall allowance '{allowance.Name}' in {what}.{entry.Name} (known: {string.Join(", ", SyscallBudgets.Allowances.Keys)})");
                        allowances[allowance.Name] = Count(allowance.Value, allowance.Name);
                    }
                    if (allowances.Count == 0) throw Error(obj, $"'{entry.Name}' in {what} sets no allowance");
                    entries.Add((pattern, allowances));
                }
                return new SyscallRules(entries);
            }

            int Count(JToken token, string name)
            {
                if (token.Type != JTokenType.Integer || token.Value<long>() < 0 || token.Value<long>() > int.MaxValue)
                    throw Error(token, $"expected a whole number ≥ 0 for '{name}', got {token.ToString(Formatting.None)}");
                return token.Value<int>();
            }

            BudgetOverride Override(JToken token)
            {
                var obj = Object(token, "an override");
                if (obj.Property(Syscalls) != null) return SyscallOverride(obj);
                OnlyKnown(obj, "an override", "type", "variant", "runtime", "operation", "bytesPerCall", "ratioToBaseline", "ratioToInner", "reason");
                var type = obj.Property("type") ?? throw Error(obj, "an override needs 'type' (the stream's full type name)");
                var reason = obj.Property("reason") ?? throw Error(obj, $"the override for {(string?)type.Value} needs a 'reason': why this stream may exceed the default");
                return new BudgetOverride
                {
                    Type = String(type.Value, "type"),
                    Variant = obj.Property("variant") is { } v ? String(v.Value, "variant") : null,
                    Runtime = obj.Property("runtime") is { } rt ? String(rt.Value, "runtime") : null,
                    Operation = obj.Property("operation") is { } op ? Operation(op.Value) : BudgetSet.Wildcard,
                    Ceilings = ReadCeilings(obj, "the override for " + (string?)type.Value),
                    Reason = String(reason.Value, "reason"),
                };
            }

            /// <summary>{ "type", "runtime"?, "syscalls": { pattern: allowances }, "reason" }.</summary>
            BudgetOverride SyscallOverride(JObject obj)
            {
                OnlyKnown(obj, "a syscall override (bytesPerCall, ratioToBaseline, ratioToInner, operation and variant go in a separate override)", "type", "runtime", Syscalls, "reason");
                var type = obj.Property("type") ?? throw Error(obj, "an override needs 'type' (the stream's full type name)");
                var typeName = String(type.Value, "type");
                if (!SyscallBudgets.Scenarios.Values.Any(s => s.Type == typeName))
                    throw Error(type.Value, $"no syscall scenario measures {typeName} (known: {string.Join(", ", SyscallBudgets.Scenarios.Values.Select(s => s.Type).Distinct())})");
                var reason = obj.Property("reason") ?? throw Error(obj, $"the override for {typeName} needs a 'reason': why this stream may exceed the default");
                return new BudgetOverride
                {
                    Type = typeName,
                    Runtime = obj.Property("runtime") is { } rt ? String(rt.Value, "runtime") : null,
                    Syscalls = SyscallSection(obj.Property(Syscalls)!.Value, "the override for " + typeName, typeName),
                    Reason = String(reason.Value, "reason"),
                };
            }
        }
    }
}
