using System.IO;
using Newtonsoft.Json;
using StreamConformance.Results;

namespace StreamConformance.Reports
{
    /// <summary>The machine-readable result (docs/results.md), and its reader for compare.</summary>
    public sealed class JsonExporter : IExporter
    {
        public string Format => "json";

        public static readonly JsonSerializerSettings Settings = new JsonSerializerSettings
        {
            Formatting = Formatting.Indented,
            DateParseHandling = DateParseHandling.DateTimeOffset,
        };

        public void Export(RunDocument document, TextWriter writer) =>
            writer.Write(JsonConvert.SerializeObject(document, Settings));

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
