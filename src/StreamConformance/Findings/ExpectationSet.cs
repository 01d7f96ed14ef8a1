using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using StreamConformance.Results;

namespace StreamConformance.Findings
{
    // One concept: an expectations file and its rules, each matching results and saying why they are by design.

    /// <summary>
    /// By-design behaviour: a rule matches results by type, check and optionally variant and runtime (globs) and what
    /// the result says (a regular expression over its whole message, for a rule that allows one way of failing and
    /// not another), and gives the reason the behaviour is intended and where that is documented. A finding all of
    /// whose results match is listed as <see cref="FindingClass.Expected"/> (by design) or, for a rule whose "class"
    /// is "advisory", <see cref="FindingClass.Advisory"/> (outside dotnet/runtime's rule, within one the type's
    /// owners hold) with that reason instead of counting as a failure. The most specific rule wins (fewest
    /// wildcards), as budget overrides do; every rule must say why.
    /// </summary>
    public sealed class ExpectationSet
    {
        public const string DefaultResourceName = "StreamConformance.Findings.expectations.json";
        static readonly Lazy<ExpectationSet> s_default = new Lazy<ExpectationSet>(LoadDefault);

        ExpectationSet(string source, List<Expectation> rules)
        {
            Source = source;
            Rules = rules;
        }

        public string Source { get; }
        public IReadOnlyList<Expectation> Rules { get; }

        /// <summary>The shipped expectations (expectations/default.json).</summary>
        public static ExpectationSet Default => s_default.Value;

        public static ExpectationSet None { get; } = new ExpectationSet("(none)", new List<Expectation>());

        /// <summary>The shipped rules and then the user's (a user's rule that is more specific wins).</summary>
        public ExpectationSet With(ExpectationSet more) => new ExpectationSet(Source + " + " + more.Source, Rules.Concat(more.Rules).ToList());

        /// <summary>The rule that matches <paramref name="r"/>, most specific first; null when none does.</summary>
        public Expectation? Match(CheckResult r) =>
            Rules.Where(e => e.Matches(r)).OrderByDescending(e => e.Specificity).FirstOrDefault();

        public static ExpectationSet Load(string path)
        {
            string text;
            try { text = File.ReadAllText(path); }
            catch (Exception e) when (e is IOException || e is UnauthorizedAccessException || e is ArgumentException || e is NotSupportedException)
            {
                throw new InputException($"{path}: cannot read the expectations file: {e.Message}");
            }
            return Parse(text, path);
        }

        public static ExpectationSet Parse(string json, string source)
        {
            JToken root;
            try
            {
                root = JToken.Parse(json, new JsonLoadSettings { LineInfoHandling = LineInfoHandling.Load, CommentHandling = CommentHandling.Ignore });
            }
            catch (JsonReaderException e)
            {
                throw new InputException($"{source}:{e.LineNumber}:{e.LinePosition}: {e.Message.Split(new[] { " Path '" }, StringSplitOptions.None)[0]}");
            }
            InputException Fault(JToken at, string what)
            {
                var info = (IJsonLineInfo)at;
                return new InputException(info.HasLineInfo() ? $"{source}:{info.LineNumber}:{info.LinePosition}: {what}" : $"{source}: {what}");
            }
            if (!(root is JObject obj)) throw Fault(root, "expected an object with schemaVersion and expectations");
            if ((int?)obj["schemaVersion"] != 1) throw Fault(obj, "schemaVersion must be 1");
            if (!(obj["expectations"] is JArray array)) throw Fault(obj, "expected an array 'expectations'");
            var rules = new List<Expectation>();
            foreach (var item in array)
            {
                if (!(item is JObject rule))
                    throw Fault(item, item.Type == JTokenType.String
                        ? $"\"{(string?)item}\" is not applied: each expectation is an object {{ \"type\", \"check\", \"reason\" }} (\"CHECKS: REASON\" is the form of a recipe class's Expected knob)"
                        : "each expectation is an object");
                foreach (var p in rule.Properties())
                    if (!Fields.Contains(p.Name))
                        throw Fault(p, $"unknown field '{p.Name}' (expected {string.Join(", ", Fields)})");
                string? Text(string name, bool required)
                {
                    var token = rule[name];
                    if (token == null) return required ? throw Fault(rule, $"an expectation needs '{name}'") : null;
                    if (token.Type != JTokenType.String || string.IsNullOrWhiteSpace((string?)token)) throw Fault(token, $"'{name}' must be a non-empty string");
                    return (string)token!;
                }
                var check = Text("check", true)!;
                // A check that is no glob of check names ("seek origins") would never apply, silently: refused as the bad input it is.
                if (Checks.CheckCatalog.WhyNotChecks(check, known: false) is string badChecks) throw Fault(rule["check"]!, $"'check' {badChecks}");
                var reason = Text("reason", required: true)!;
                if (reason.Trim().Length < 20) throw Fault(rule["reason"]!, "a reason says why the behaviour is intended and where it is documented (at least 20 characters)");
                Regex? message = null;
                if (Text("message", false) is string pattern)
                {
                    try { message = new Regex("^(?:" + pattern + ")$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)); }
                    catch (ArgumentException e) { throw Fault(rule["message"]!, $"'message' is not a regular expression: {e.Message}"); }
                }
                var @class = Text("class", false) switch
                {
                    null or "expected" => FindingClass.Expected,
                    "advisory" => FindingClass.Advisory,
                    _ => throw Fault(rule["class"]!, "'class' must be \"expected\" or \"advisory\""),
                };
                rules.Add(new Expectation(Text("type", true)!, check, Text("variant", false), Text("runtime", false), reason, source, message, @class));
            }
            return new ExpectationSet(source, rules);
        }

        static readonly string[] Fields = { "type", "check", "variant", "runtime", "message", "class", "reason" };

        static ExpectationSet LoadDefault()
        {
            using var stream = typeof(ExpectationSet).Assembly.GetManifestResourceStream(DefaultResourceName)
                ?? throw new InvalidOperationException($"resource {DefaultResourceName} is missing from the library");
            using var reader = new StreamReader(stream);
            return Parse(reader.ReadToEnd(), "expectations/default.json");
        }
    }

    public sealed class Expectation
    {
        public Expectation(string type, string check, string? variant, string? runtime, string reason, string source,
            Regex? message = null, FindingClass @class = FindingClass.Expected)
        {
            Message = message;
            Class = @class;
            Type = type;
            Check = check;
            Variant = variant;
            Runtime = runtime;
            Reason = reason;
            Source = source;
        }

        public string Type { get; }
        public string Check { get; }
        public string? Variant { get; }
        /// <summary>A runtime name from the run ("dotnet", "mono", a path's name); null: every runtime.</summary>
        public string? Runtime { get; }
        /// <summary>
        /// Anchored at both ends: the whole of a result's message must match, so a rule that allows one exception for
        /// one argument does not also cover a result that reports another violation beside it. Null: any message.
        /// </summary>
        public Regex? Message { get; }
        /// <summary><see cref="FindingClass.Expected"/> (by design) or <see cref="FindingClass.Advisory"/> (the owners' rule allows it).</summary>
        public FindingClass Class { get; }
        public string Reason { get; }
        public string Source { get; }

        public bool Matches(CheckResult r) =>
            Glob.IsMatch(Type, r.Type) && Glob.IsMatch(Check, r.Check)
            && (Variant == null || Glob.IsMatch(Variant, r.Variant))
            && (Runtime == null || Glob.IsMatch(Runtime, r.Runtime))
            && (Message == null || Message.IsMatch(r.Message));

        /// <summary>Fewer wildcards and more fields set is more specific; a message pattern counts as a field set.</summary>
        public int Specificity =>
            new[] { Type, Check, Variant ?? "*", Runtime ?? "*" }.Sum(p => p == "*" ? 0 : p.Contains("*") || p.Contains("?") ? 1 : 2)
            + (Message == null ? 0 : 2);
    }
}
