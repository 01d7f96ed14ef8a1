using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;

namespace StreamConformance.Discovery
{
    /// <summary>
    /// Answers, from metadata and IL only, which classes derive from System.IO.Stream, which class provides
    /// each Stream member a type actually gets, and what hazards the IL on those members' paths shows.
    /// Memoizes per type and per method: one analyzer serves a whole runtime.
    /// </summary>
    sealed class StreamAnalyzer
    {
        /// <summary>How many delegation steps a hazard scan follows (base chain, this.X(), _field.X()).</summary>
        public const int MaxDelegationDepth = 4;

        readonly Dictionary<TypeDefinition, TypeDefinition?> _base = new Dictionary<TypeDefinition, TypeDefinition?>();
        readonly Dictionary<TypeDefinition, bool> _isStream = new Dictionary<TypeDefinition, bool>();
        readonly Dictionary<TypeDefinition, Dictionary<string, MethodDefinition>> _declared = new Dictionary<TypeDefinition, Dictionary<string, MethodDefinition>>();
        readonly Dictionary<TypeDefinition, Dictionary<string, MethodDefinition?>> _providers = new Dictionary<TypeDefinition, Dictionary<string, MethodDefinition?>>();
        readonly Dictionary<MethodDefinition, MethodFacts> _facts = new Dictionary<MethodDefinition, MethodFacts>();
        readonly Dictionary<TypeReference, bool> _isValueType = new Dictionary<TypeReference, bool>();
        readonly Dictionary<TypeReference, bool> _isException = new Dictionary<TypeReference, bool>();

        public static bool IsStreamRoot(TypeDefinition type) => !type.IsNested && type.FullName == "System.IO.Stream";

        /// <summary>Reflection-style name: nested types joined with '+' (Cecil uses '/').</summary>
        public static string ReflectionName(TypeReference type) => ReflectionName(type.GetElementType().FullName);

        /// <summary>The reflection-style name of a type named the inventory's (Cecil's) way: Outer/Inner is Outer+Inner.</summary>
        public static string ReflectionName(string cecilName) => cecilName.Replace('/', '+');

        public static bool IsVisible(TypeDefinition type) =>
            type.IsNested ? type.IsNestedPublic && IsVisible(type.DeclaringType) : type.IsPublic;

        /// <summary>True for classes deriving (transitively) from System.IO.Stream; false for Stream itself.</summary>
        public bool IsStream(TypeDefinition type)
        {
            if (_isStream.TryGetValue(type, out var known)) return known;
            var result = false;
            if (type.IsClass && !type.IsInterface && !IsStreamRoot(type))
            {
                var b = BaseOf(type);
                result = b != null && (IsStreamRoot(b) || IsStream(b));
            }
            _isStream[type] = result;
            return result;
        }

        /// <summary>The type, its bases, up to and including System.IO.Stream.</summary>
        public List<TypeDefinition> Chain(TypeDefinition type)
        {
            var chain = new List<TypeDefinition> { type };
            var current = type;
            while (!IsStreamRoot(current))
            {
                current = BaseOf(current)!;
                chain.Add(current);
            }
            return chain;
        }

        /// <summary>
        /// The method a Stream-derived type (or Stream) gets for a member key, or null when Stream has no such
        /// member. Walks from Stream down: a virtual, reuse-slot method with the same name and signature
        /// overrides; a "new virtual" one starts another slot, so nothing below it overrides Stream's.
        /// </summary>
        public MethodDefinition? Provider(TypeDefinition type, string key)
        {
            if (!_providers.TryGetValue(type, out var byKey))
                _providers[type] = byKey = new Dictionary<string, MethodDefinition?>();
            if (byKey.TryGetValue(key, out var known)) return known;
            var chain = Chain(type);
            MethodDefinition? current = null;
            if (Declared(chain[chain.Count - 1]).TryGetValue(key, out var root))
            {
                current = root;
                var live = root.IsVirtual && !root.IsFinal;
                for (var i = chain.Count - 2; i >= 0 && live; i--)
                {
                    if (!Declared(chain[i]).TryGetValue(key, out var m) || !m.IsVirtual) continue;
                    if (m.IsNewSlot) { live = false; continue; }
                    current = m;
                    if (m.IsFinal) live = false;
                }
            }
            byKey[key] = current;
            return current;
        }

        /// <summary>Hazards on the paths of the type's members; see docs/inventory.md.</summary>
        public List<Hazard> Hazards(TypeDefinition type)
        {
            var hazards = new List<Hazard>();
            foreach (var key in StreamMembers.AllocationSensitive)
                AddScanned(hazards, HazardKinds.AllocatesPerCall, key, type, f => f.Allocations);
            foreach (var key in StreamMembers.Synchronous)
                AddScanned(hazards, HazardKinds.SyncOverAsync, key, type, f => f.TaskWaits);
            foreach (var key in new[] { StreamMembers.ReadSpan, StreamMembers.WriteSpan })
            {
                var provider = Provider(type, key);
                if (provider == null || !IsStreamRoot(provider.DeclaringType)) continue;
                hazards.Add(new Hazard
                {
                    Kind = HazardKinds.SpanPathRentsAndCopies,
                    Member = key,
                    Evidence = provider.HasBody ? Facts(provider).RentsAndCopies.ToList() : new List<HazardEvidence>(),
                });
            }
            return hazards;
        }

        void AddScanned(List<Hazard> hazards, string kind, string key, TypeDefinition type, System.Func<MethodFacts, List<HazardEvidence>> select)
        {
            var start = Provider(type, key);
            if (start == null) return;
            var evidence = new List<HazardEvidence>();
            Walk(start, type, 0, new HashSet<MethodDefinition>(), evidence, select);
            if (evidence.Count > 0)
                hazards.Add(new Hazard { Kind = kind, Member = key, Evidence = evidence });
        }

        void Walk(MethodDefinition method, TypeDefinition thisType, int depth, HashSet<MethodDefinition> visited,
            List<HazardEvidence> evidence, System.Func<MethodFacts, List<HazardEvidence>> select)
        {
            if (!method.HasBody || !visited.Add(method)) return;
            var facts = Facts(method);
            evidence.AddRange(select(facts));
            if (depth >= MaxDelegationDepth) return;
            foreach (var call in facts.StreamCalls)
            {
                MethodDefinition? next;
                TypeDefinition nextThis;
                if (call.Field == null)
                {
                    // this.X(): a virtual call reaches the inventoried type's own override; base.X() is exact.
                    next = call.IsVirtual ? Provider(thisType, call.Key) : call.Target;
                    nextThis = thisType;
                }
                else
                {
                    // _inner.X(): only when the field's declared type pins the implementation down: a concrete
                    // Stream subclass of the caller's own assembly, e.g. GZipStream's DeflateStream. Plain Stream
                    // or an abstract type (FileStream's strategy) only says what some unknown subclass does.
                    var fieldType = TryResolve(call.Field.FieldType);
                    if (fieldType == null || fieldType.IsAbstract || !IsStream(fieldType) || fieldType.Module.Assembly != method.Module.Assembly) continue;
                    next = call.IsVirtual ? Provider(fieldType, call.Key) : call.Target;
                    nextThis = fieldType;
                }
                if (next != null) Walk(next, nextThis, depth + 1, visited, evidence, select);
            }
        }

        Dictionary<string, MethodDefinition> Declared(TypeDefinition type)
        {
            if (_declared.TryGetValue(type, out var map)) return map;
            map = new Dictionary<string, MethodDefinition>();
            foreach (var m in type.Methods)
            {
                var key = StreamMembers.KeyOf(m);
                if (key != null && !map.ContainsKey(key)) map[key] = m;
            }
            _declared[type] = map;
            return map;
        }

        TypeDefinition? BaseOf(TypeDefinition type)
        {
            if (_base.TryGetValue(type, out var known)) return known;
            var result = type.BaseType == null ? null : TryResolve(type.BaseType);
            _base[type] = result;
            return result;
        }

        static TypeDefinition? TryResolve(TypeReference type)
        {
            try { return type.Resolve(); }
            catch (AssemblyResolutionException) { return null; }
        }

        static MethodDefinition? TryResolve(MethodReference method)
        {
            try { return method.Resolve(); }
            catch (AssemblyResolutionException) { return null; }
        }

        FieldDefinition? TryResolve(FieldReference field)
        {
            try { return field.Resolve(); }
            catch (AssemblyResolutionException) { return null; }
        }

        bool IsValueType(TypeReference type)
        {
            if (_isValueType.TryGetValue(type, out var known)) return known;
            var def = TryResolve(type);
            var result = def != null ? def.IsValueType : type.IsValueType;
            _isValueType[type] = result;
            return result;
        }

        bool IsException(TypeReference type)
        {
            if (_isException.TryGetValue(type, out var known)) return known;
            var result = false;
            for (var t = TryResolve(type); t != null; t = BaseOf(t))
            {
                if (t.FullName == "System.Exception") { result = true; break; }
            }
            _isException[type] = result;
            return result;
        }

        MethodFacts Facts(MethodDefinition method)
        {
            if (_facts.TryGetValue(method, out var known)) return known;
            var facts = new MethodFacts();
            var name = MethodName(method);
            var instructions = method.Body.Instructions;
            for (var i = 0; i < instructions.Count; i++)
            {
                var ins = instructions[i];
                var code = ins.OpCode.Code;
                var next = i + 1 < instructions.Count ? instructions[i + 1].OpCode.Code : Code.Nop;
                switch (code)
                {
                    case Code.Newarr:
                        facts.Allocations.Add(Evidence(name, ins));
                        break;
                    case Code.Newobj:
                        // Exceptions are built on failure paths (thrown at once, or handed to Task.FromException):
                        // not the per-call cost of a working stream.
                        var created = ((MethodReference)ins.Operand).DeclaringType;
                        if (next != Code.Throw && !IsValueType(created) && !IsException(created))
                            facts.Allocations.Add(Evidence(name, ins));
                        break;
                    case Code.Box:
                        // box + brtrue/brfalse is a null test the JIT folds away.
                        if (next != Code.Brtrue && next != Code.Brtrue_S && next != Code.Brfalse && next != Code.Brfalse_S)
                            facts.Allocations.Add(Evidence(name, ins));
                        break;
                    case Code.Call:
                    case Code.Callvirt:
                        var target = (MethodReference)ins.Operand;
                        if (target.Name == "ToArray") facts.Allocations.Add(Evidence(name, ins));
                        if (IsTaskWait(target)) facts.TaskWaits.Add(Evidence(name, ins));
                        if (IsRentOrCopy(target)) facts.RentsAndCopies.Add(Evidence(name, ins));
                        AddStreamCall(facts, method, instructions, i, target, code == Code.Callvirt);
                        break;
                }
            }
            _facts[method] = facts;
            return facts;
        }

        void AddStreamCall(MethodFacts facts, MethodDefinition caller, IList<Instruction> instructions, int index, MethodReference target, bool isVirtual)
        {
            var key = StreamMembers.KeyOf(target);
            if (key == null || !caller.HasThis) return;
            var def = TryResolve(target);
            if (def == null || !def.IsVirtual || !(IsStreamRoot(def.DeclaringType) || IsStream(def.DeclaringType))) return;
            var receiver = ReceiverIndex(instructions, index, target.Parameters.Count + 1);
            if (receiver < 0) return;
            var r = instructions[receiver];
            if (r.OpCode.Code == Code.Ldarg_0)
                facts.StreamCalls.Add(new StreamCall(key, def, isVirtual, null));
            else if (r.OpCode.Code == Code.Ldfld && receiver > 0 && instructions[receiver - 1].OpCode.Code == Code.Ldarg_0)
            {
                var field = TryResolve((FieldReference)r.Operand);
                if (field != null) facts.StreamCalls.Add(new StreamCall(key, def, isVirtual, field));
            }
        }

        /// <summary>
        /// Index of the instruction that pushed a call's receiver, found by walking back over straight-line code
        /// and counting stack slots; -1 when control flow or an unknown stack effect gets in the way.
        /// </summary>
        static int ReceiverIndex(IList<Instruction> instructions, int callIndex, int slots)
        {
            var need = slots;
            for (var j = callIndex - 1; j >= 0; j--)
            {
                var ins = instructions[j];
                var flow = ins.OpCode.FlowControl;
                if (flow == FlowControl.Branch || flow == FlowControl.Cond_Branch || flow == FlowControl.Return || flow == FlowControl.Throw)
                    return -1;
                var push = Pushes(ins);
                var pop = Pops(ins);
                if (push < 0 || pop < 0) return -1;
                if (push >= need) return j;
                need = need - push + pop;
            }
            return -1;
        }

        static int Pushes(Instruction ins)
        {
            switch (ins.OpCode.StackBehaviourPush)
            {
                case StackBehaviour.Push0: return 0;
                case StackBehaviour.Push1_push1: return 2;
                case StackBehaviour.Varpush:
                    if (ins.Operand is MethodReference m)
                        return m.ReturnType.MetadataType == MetadataType.Void ? 0 : 1;
                    return -1;
                default: return 1;
            }
        }

        static int Pops(Instruction ins)
        {
            switch (ins.OpCode.StackBehaviourPop)
            {
                case StackBehaviour.Pop0: return 0;
                case StackBehaviour.Pop1:
                case StackBehaviour.Popi:
                case StackBehaviour.Popref: return 1;
                case StackBehaviour.Pop1_pop1:
                case StackBehaviour.Popi_pop1:
                case StackBehaviour.Popi_popi:
                case StackBehaviour.Popi_popi8:
                case StackBehaviour.Popi_popr4:
                case StackBehaviour.Popi_popr8:
                case StackBehaviour.Popref_pop1:
                case StackBehaviour.Popref_popi: return 2;
                case StackBehaviour.Popi_popi_popi:
                case StackBehaviour.Popref_popi_popi:
                case StackBehaviour.Popref_popi_popi8:
                case StackBehaviour.Popref_popi_popr4:
                case StackBehaviour.Popref_popi_popr8:
                case StackBehaviour.Popref_popi_popref: return 3;
                case StackBehaviour.Varpop:
                    if (ins.OpCode.Code == Code.Calli || !(ins.Operand is MethodReference m)) return -1;
                    return m.Parameters.Count + (m.HasThis && ins.OpCode.Code != Code.Newobj ? 1 : 0);
                default: return -1;
            }
        }

        static bool IsTaskWait(MethodReference target)
        {
            var type = target.DeclaringType.GetElementType().FullName;
            switch (type)
            {
                case "System.Threading.Tasks.Task":
                    return target.Name.StartsWith("Wait", System.StringComparison.Ordinal) && !target.Name.EndsWith("Async", System.StringComparison.Ordinal);
                case "System.Threading.Tasks.Task`1":
                case "System.Threading.Tasks.ValueTask`1":
                    return target.Name == "get_Result";
            }
            // TaskAwaiter, TaskAwaiter`1, ValueTaskAwaiter`1, Configured...Awaitable/Configured...Awaiter.
            return target.Name == "GetResult" && type.StartsWith("System.Runtime.CompilerServices.", System.StringComparison.Ordinal)
                && type.Contains("Awaiter");
        }

        static bool IsRentOrCopy(MethodReference target)
        {
            var type = target.DeclaringType.GetElementType().FullName;
            switch (target.Name)
            {
                case "Rent": return type == "System.Buffers.ArrayPool`1";
                case "CopyTo": return type == "System.Span`1" || type == "System.ReadOnlySpan`1";
                case "BlockCopy": return type == "System.Buffer";
                case "Copy": return type == "System.Array";
                case "Memmove": return type == "System.Buffer";
            }
            return false;
        }

        static HazardEvidence Evidence(string method, Instruction ins)
        {
            var text = ins.ToString();
            var colon = text.IndexOf(": ", System.StringComparison.Ordinal);
            return new HazardEvidence { Method = method, IlOffset = ins.Offset, Instruction = colon >= 0 ? text.Substring(colon + 2) : text };
        }

        /// <summary>"Declaring.Type::Name(ParamType,ParamType)", e.g. "System.IO.Stream::ReadByte()".</summary>
        public static string MethodName(MethodReference method) =>
            ReflectionName(method.DeclaringType) + "::" + method.Name + "(" + string.Join(",", method.Parameters.Select(p => p.ParameterType.FullName)) + ")";

        sealed class MethodFacts
        {
            public readonly List<HazardEvidence> Allocations = new List<HazardEvidence>();
            public readonly List<HazardEvidence> TaskWaits = new List<HazardEvidence>();
            public readonly List<HazardEvidence> RentsAndCopies = new List<HazardEvidence>();
            public readonly List<StreamCall> StreamCalls = new List<StreamCall>();
        }

        /// <summary>A call to a Stream member on this (Field null) or on one of this's fields.</summary>
        sealed class StreamCall
        {
            public StreamCall(string key, MethodDefinition target, bool isVirtual, FieldDefinition? field)
            {
                Key = key; Target = target; IsVirtual = isVirtual; Field = field;
            }
            public string Key { get; }
            public MethodDefinition Target { get; }
            public bool IsVirtual { get; }
            public FieldDefinition? Field { get; }
        }
    }
}
