using System.IO;
using System.Linq;
using Newtonsoft.Json;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>The machine-readable result (docs/results.md), and its reader for compare.</summary>
    public sealed class JsonExporter : IExporter
    {
        public string Format => "json";
        public string Description => "Write the JSON result to this file.";

        public static readonly JsonSerializerSettings Settings = new JsonSerializerSettings
        {
            Formatting = Formatting.Indented,
            DateParseHandling = DateParseHandling.DateTimeOffset,
        };

        /// <summary>The run document with its findings, in rank order (derived from the results, so a reader may also recompute them).</summary>
        public void Export(RunAnalysis analysis, TextWriter writer)
        {
            var json = Newtonsoft.Json.Linq.JObject.FromObject(analysis.Document, JsonSerializer.Create(Settings));
            json["findings"] = Newtonsoft.Json.Linq.JArray.FromObject(analysis.Findings.Select(f => new
            {
                f.Id, Class = f.Class.ToString().ToLowerInvariant(), f.Runtime, f.Type, f.Cause, f.Title, f.Severity, f.ExpectedBecause, f.Variants, f.IlEvidence,
                Checks = f.Results.Select(r => r.Check).Distinct().ToList(),
            }), JsonSerializer.Create(new JsonSerializerSettings { ContractResolver = new Newtonsoft.Json.Serialization.CamelCasePropertyNamesContractResolver() }));
            // Derived, as the findings are: the sweep read per assembly (docs/results.md, "byAssembly").
            json["byAssembly"] = Newtonsoft.Json.Linq.JArray.FromObject(analysis.ByAssembly.Select(r => new
            {
                r.Runtime, r.Assembly, r.Discovered, r.Built, r.How, r.CoveredThrough, r.StaticOnly, r.Findings,
                StaticOnlyTypes = r.StaticOnlyTypes.Select(s => new { s.Type, s.Reason }),
            }), JsonSerializer.Create(new JsonSerializerSettings { ContractResolver = new Newtonsoft.Json.Serialization.DefaultContractResolver { NamingStrategy = new Newtonsoft.Json.Serialization.CamelCaseNamingStrategy() } }));
            if (analysis.Warnings.Count > 0) json["warnings"] = Newtonsoft.Json.Linq.JArray.FromObject(analysis.Warnings);
            writer.Write(json.ToString(Settings.Formatting));
        }

        /// <summary>Reads a saved run; anything that is not a run document of this schema version is an input error naming the file.</summary>
        public static RunDocument Read(string path)
        {
            string text;
            try { text = File.ReadAllText(path); }
            catch (System.Exception e) when (e is IOException || e is System.UnauthorizedAccessException)
            {
                throw new InputException($"{path}: cannot be read ({e.Message})");
            }
            RunDocument? document;
            try
            {
                var token = Newtonsoft.Json.Linq.JToken.Parse(text);
                // A patch's evidence.json has a schemaVersion too: named for what it is, not misread as a run.
                if (token.Type == Newtonsoft.Json.Linq.JTokenType.Object && token["patch"] != null && token["headline"] != null)
                    throw new InputException($"{path}: a patch's evidence, not a sweep's result (its page: streamconf patch report {path} --html F)");
                if (token.Type != Newtonsoft.Json.Linq.JTokenType.Object || token["schemaVersion"] == null)
                    throw new InputException($"{path}: not a streamconf result (no schemaVersion)");
                var version = (int?)token["schemaVersion"];
                if (version != RunDocument.CurrentSchemaVersion)
                    throw new InputException($"{path}: schema version {token["schemaVersion"]}, expected {RunDocument.CurrentSchemaVersion}");
                document = token.ToObject<RunDocument>(JsonSerializer.Create(Settings));
            }
            catch (JsonException e)
            {
                throw new InputException($"{path}: not valid JSON ({e.Message.Split('\n')[0]})");
            }
            return document ?? throw new InputException($"{path}: empty result document");
        }
    }
}
