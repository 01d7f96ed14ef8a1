using System.Collections.Generic;
using Newtonsoft.Json;

namespace StreamConformance.Discovery
{
    // One concept: the inventory's JSON document (docs/inventory.md) and its parts: types, hazards, errors, totals.

    /// <summary>
    /// Every class deriving from System.IO.Stream found in a set of assemblies, read from metadata only.
    /// The JSON format is described in docs/inventory.md.
    /// </summary>
    public sealed class StreamInventory
    {
        /// <summary>The runtime inventoried, or for user assemblies the runtime their base types were resolved against.</summary>
        [JsonProperty("runtime")] public string Runtime { get; set; } = "";
        /// <summary>Files read as assemblies (full paths), in reading order.</summary>
        [JsonProperty("assemblies")] public List<string> Assemblies { get; set; } = new List<string>();
        /// <summary>User-given inputs that could not be read; runtime folders' native files are not listed.</summary>
        [JsonProperty("errors")] public List<InventoryError> Errors { get; set; } = new List<InventoryError>();
        /// <summary>System.IO.Stream itself when it is among the assemblies read (what every subclass inherits).</summary>
        [JsonProperty("stream", NullValueHandling = NullValueHandling.Ignore)] public StreamTypeInfo? Stream { get; set; }
        /// <summary>Every class deriving from System.IO.Stream, ordered by assembly then full name.</summary>
        [JsonProperty("types")] public List<StreamTypeInfo> Types { get; set; } = new List<StreamTypeInfo>();
        [JsonProperty("totals")] public InventoryTotals Totals { get; set; } = new InventoryTotals();
    }

    public sealed class InventoryError
    {
        [JsonProperty("path")] public string Path { get; set; } = "";
        [JsonProperty("message")] public string Message { get; set; } = "";
    }

    public sealed class StreamTypeInfo
    {
        /// <summary>Simple name of the defining assembly, e.g. "System.Private.CoreLib".</summary>
        [JsonProperty("assembly")] public string Assembly { get; set; } = "";
        [JsonProperty("assemblyFullName")] public string AssemblyFullName { get; set; } = "";
        /// <summary>The file the type was read from.</summary>
        [JsonProperty("assemblyPath")] public string AssemblyPath { get; set; } = "";
        /// <summary>Reflection-style name: nested types joined with '+', generic arity kept ("Foo`1").</summary>
        [JsonProperty("fullName")] public string FullName { get; set; } = "";
        /// <summary>Visible outside its assembly: public, or nested public all the way out.</summary>
        [JsonProperty("isPublic")] public bool IsPublic { get; set; }
        [JsonProperty("isAbstract")] public bool IsAbstract { get; set; }
        [JsonProperty("isSealed")] public bool IsSealed { get; set; }
        /// <summary>Base classes from the direct base up to and including System.IO.Stream.</summary>
        [JsonProperty("baseChain")] public List<string> BaseChain { get; set; } = new List<string>();
        /// <summary>Member key (see <see cref="StreamMembers"/>) → full name of the class whose implementation the type gets.</summary>
        [JsonProperty("members")] public Dictionary<string, string> Members { get; set; } = new Dictionary<string, string>();
        [JsonProperty("hazards")] public List<Hazard> Hazards { get; set; } = new List<Hazard>();

        [JsonIgnore] public bool IsConcrete => !IsAbstract;

        /// <summary>The class providing a member, or null when the runtime's Stream has no such member.</summary>
        public string? ProviderOf(string memberKey) => Members.TryGetValue(memberKey, out var p) ? p : null;

        public bool Has(string hazardKind) => Hazards.Exists(h => h.Kind == hazardKind);
    }

    public sealed class Hazard
    {
        /// <summary>One of <see cref="HazardKinds"/>.</summary>
        [JsonProperty("kind")] public string Kind { get; set; } = "";
        /// <summary>The member key whose call path shows the hazard.</summary>
        [JsonProperty("member")] public string Member { get; set; } = "";
        [JsonProperty("evidence")] public List<HazardEvidence> Evidence { get; set; } = new List<HazardEvidence>();
    }

    /// <summary>One IL instruction that shows a hazard.</summary>
    public sealed class HazardEvidence
    {
        /// <summary>The method holding the instruction: "Declaring.Type::Name(param types)".</summary>
        [JsonProperty("method")] public string Method { get; set; } = "";
        [JsonProperty("ilOffset")] public int IlOffset { get; set; }
        /// <summary>Opcode and operand, e.g. "newarr System.Byte".</summary>
        [JsonProperty("instruction")] public string Instruction { get; set; } = "";

        public override string ToString() => $"{Method} IL_{IlOffset:x4}: {Instruction}";
    }

    /// <summary>Counts over the inventory. Member and hazard counts are over concrete types only.</summary>
    public sealed class InventoryTotals
    {
        [JsonProperty("assembliesRead")] public int AssembliesRead { get; set; }
        [JsonProperty("errors")] public int Errors { get; set; }
        [JsonProperty("types")] public int Types { get; set; }
        [JsonProperty("concrete")] public int Concrete { get; set; }
        [JsonProperty("publicConcrete")] public int PublicConcrete { get; set; }
        /// <summary>Concrete types whose ReadByte is System.IO.Stream's own.</summary>
        [JsonProperty("concreteInheritingReadByte")] public int ConcreteInheritingReadByte { get; set; }
        [JsonProperty("concreteInheritingWriteByte")] public int ConcreteInheritingWriteByte { get; set; }
        [JsonProperty("concreteAllocatesPerCall")] public int ConcreteAllocatesPerCall { get; set; }
        [JsonProperty("concreteSyncOverAsync")] public int ConcreteSyncOverAsync { get; set; }
        [JsonProperty("concreteSpanPathRentsAndCopies")] public int ConcreteSpanPathRentsAndCopies { get; set; }
    }

    public static class HazardKinds
    {
        /// <summary>A byte-at-a-time or span member allocates on the heap each call (newarr, reference newobj, box, ToArray).</summary>
        public const string AllocatesPerCall = "allocates-per-call";
        /// <summary>A synchronous member blocks on a task (Task.Wait, .Result, GetAwaiter().GetResult()).</summary>
        public const string SyncOverAsync = "sync-over-async";
        /// <summary>Read(Span)/Write(ReadOnlySpan) come from System.IO.Stream, which rents an array and copies.</summary>
        public const string SpanPathRentsAndCopies = "span-path-rents-and-copies";
    }
}
