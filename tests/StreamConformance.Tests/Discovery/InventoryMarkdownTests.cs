using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using StreamConformance.Discovery;
using StreamConformance.Reports;

namespace StreamConformance.Tests.Discovery
{
    public class InventoryMarkdownTests
    {
        static StreamInventory Inventory() => InventoryReader.ReadAssembly(typeof(InventoryMarkdownTests).Assembly.Location);

        [Test]
        public void MarkdownHasATablePerAssemblyAndTotals()
        {
            var inventory = Inventory();
            var md = InventoryMarkdown.Render(inventory);
            var assembly = typeof(InventoryMarkdownTests).Assembly.GetName().Name;
            Assert.That(md, Does.Contain("## " + assembly + "\n"));
            Assert.That(md, Does.Contain("| Type | Public | Kind | ReadByte from | WriteByte from | Hazards |"));
            var row = md.Split('\n').Single(l => l.StartsWith("| `" + typeof(Synthetic.AllocatingReadByteStream).FullName + "`"));
            Assert.That(row, Does.Contain("| own | `System.IO.Stream` |"));
            Assert.That(row, Does.Contain("allocates-per-call (ReadByte, WriteByte"));
            Assert.That(md, Does.Contain("``" + " " + typeof(Synthetic.GenericStream<>).FullName + " ``"));
            Assert.That(md, Does.Contain("| Stream types | " + inventory.Totals.Types + " |"));
        }

        [Test]
        public void JsonUsesTheDocumentedNames()
        {
            var json = JObject.Parse(JsonConvert.SerializeObject(Inventory()));
            Assert.That(json.Properties().Select(p => p.Name), Is.EquivalentTo(new[] { "runtime", "assemblies", "errors", "types", "totals" }));
            var type = (JObject)json["types"]!.First(t => (string?)t["fullName"] == typeof(Synthetic.AllocatingReadByteStream).FullName);
            Assert.That(type.Properties().Select(p => p.Name), Is.EquivalentTo(new[]
                { "assembly", "assemblyFullName", "assemblyPath", "fullName", "isPublic", "isAbstract", "isSealed", "baseChain", "members", "hazards" }));
            var evidence = (JObject)type["hazards"]![0]!["evidence"]![0]!;
            Assert.That(evidence.Properties().Select(p => p.Name), Is.EquivalentTo(new[] { "method", "ilOffset", "instruction" }));
            var back = JsonConvert.DeserializeObject<StreamInventory>(json.ToString())!;
            Assert.That(back.Types.Count, Is.EqualTo(json["types"]!.Count()));
        }
    }
}
