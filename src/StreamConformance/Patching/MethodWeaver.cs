using System;
using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;

namespace StreamConformance.Patching
{
    /// <summary>
    /// Weaves the bodies of a compiled replacement into a runtime assembly. The replacement declares shadow types
    /// (same full names as the runtime's); its members marked <c>[Replace]</c> give their bodies to the runtime
    /// member of the same name and signature. Every reference a body makes is mapped onto the target module: the
    /// shadow's fields and methods to the runtime's own (by name and signature: a mismatch is an error naming the
    /// member), types of the target assembly to its own definitions (a core library must not reference itself through
    /// a facade), and everything else imported from its defining assembly. An extern marked <c>[Original("Member")]</c>
    /// calls the runtime's own body of that member (same signature), which the weaver keeps as a private method beside
    /// the replaced one: the way to put a guard in front of a body that cannot be written as a replacement.
    /// </summary>
    public sealed class MethodWeaver
    {
        /// <summary>Changes whenever weaving would produce different IL for the same inputs (part of the cache key).</summary>
        public const string Version = "1";

        readonly ModuleDefinition _target;
        readonly ModuleDefinition _patch;
        MethodDefinition? _source, _woven;
        /// <summary>The shadow's [Original] externs and the kept copies of the runtime's bodies they stand for.</summary>
        readonly Dictionary<MethodDefinition, MethodDefinition> _originals = new Dictionary<MethodDefinition, MethodDefinition>();

        public MethodWeaver(ModuleDefinition target, ModuleDefinition patch)
        {
            _target = target;
            _patch = patch;
        }

        /// <summary>Weaves every [Replace] member of the shadow <paramref name="typeName"/>; returns the members woven, as
        /// <see cref="Describe"/> names them.</summary>
        public IReadOnlyList<string> Weave(string typeName)
        {
            var shadow = _patch.GetType(typeName)
                ?? throw new InputException($"patch: the replacement declares no type {typeName} (the shadow of the runtime type, same namespace and name)");
            var targetType = _target.GetType(typeName)
                ?? throw new InputException($"patch: {typeName} not found in {_target.Assembly.Name.Name}");
            // Kept before any body is replaced: an [Original] extern calls the body the runtime shipped.
            foreach (var stand in shadow.Methods.Where(m => OriginalOf(m) != null))
                _originals[stand] = KeepOriginal(targetType, stand, OriginalOf(stand)!);
            var replaced = new List<string>();
            foreach (var method in ReplacedMethods(shadow))
            {
                if (!method.HasBody) throw new InputException($"patch: {typeName}.{method.Name} is marked [Replace] but has no body");
                var target = FindMethod(targetType, method)
                    ?? throw new InputException($"patch: {typeName} has no member {Describe(method)} in {_target.Assembly.Name.Name} " +
                        $"(the replacement's signature must match the runtime's; it has {Candidates(targetType, method.Name)})");
                if (target.IsStatic != method.IsStatic)
                    throw new InputException($"patch: {typeName}.{Describe(method)} is {(method.IsStatic ? "static" : "an instance member")} in the replacement, not in the runtime");
                if (!target.HasBody) throw new InputException($"patch: {typeName}.{Describe(target)} has no IL body in the runtime (abstract, extern or internal call)");
                CopyBody(method, target);
                replaced.Add(Describe(target));
            }
            return replaced;
        }

        static IEnumerable<MethodDefinition> ReplacedMethods(TypeDefinition shadow)
        {
            foreach (var m in shadow.Methods.Where(IsReplace)) yield return m;
            foreach (var p in shadow.Properties.Where(IsReplace))
            {
                if (p.GetMethod != null) yield return p.GetMethod;
                if (p.SetMethod != null) yield return p.SetMethod;
            }
        }

        static string? OriginalOf(MethodDefinition method) =>
            method.CustomAttributes.FirstOrDefault(a => a.AttributeType.FullName == ReplacementCompiler.OriginalAttributeFullName)?.ConstructorArguments[0].Value as string;

        /// <summary>
        /// A private, non-virtual copy of the runtime's <paramref name="member"/> (the overload with the extern's signature)
        /// under a name of its own, for the extern <paramref name="stand"/> to call. The copy is of the same module, so its
        /// tokens are the original's; only branch targets, locals and parameters are the copy's own.
        /// </summary>
        MethodDefinition KeepOriginal(TypeDefinition targetType, MethodDefinition stand, string member)
        {
            // An extern compiles to a method without IL (RVA 0), which Cecil still counts as having a body.
            if (stand.RVA != 0) throw new InputException($"patch: {targetType.FullName}.{stand.Name} is marked [Original] but has a body: declare it extern");
            if (stand.HasGenericParameters) throw new InputException($"patch: {targetType.FullName}.{stand.Name} is marked [Original] and generic, which the weaver does not keep");
            var named = new MethodReference(member, stand.ReturnType, stand.DeclaringType) { HasThis = stand.HasThis };
            foreach (var p in stand.Parameters) named.Parameters.Add(new ParameterDefinition(p.ParameterType));
            var original = FindMethod(targetType, named)
                ?? throw new InputException($"patch: [Original(\"{member}\")] on {stand.Name}: {targetType.FullName} has no {member} with that signature in {_target.Assembly.Name.Name} ({Candidates(targetType, member)})");
            if (original.IsStatic != stand.IsStatic)
                throw new InputException($"patch: [Original(\"{member}\")] on {stand.Name}: {(stand.IsStatic ? "static" : "an instance member")} in the replacement, not in the runtime");
            if (!original.HasBody) throw new InputException($"patch: {targetType.FullName}.{Describe(original)} has no IL body to keep (abstract, extern or internal call)");
            var kept = new MethodDefinition(member + "$original", (original.Attributes & MethodAttributes.Static) | MethodAttributes.Private | MethodAttributes.HideBySig, original.ReturnType)
            {
                ImplAttributes = original.ImplAttributes,
            };
            foreach (var p in original.Parameters) kept.Parameters.Add(new ParameterDefinition(p.Name, p.Attributes, p.ParameterType));
            // Same module: every token stays as it is.
            kept.Body = CopyOf(original.Body, kept, t => t, o => o);
            targetType.Methods.Add(kept);
            return kept;
        }

        static bool IsReplace(ICustomAttributeProvider member) =>
            member.CustomAttributes.Any(a => a.AttributeType.FullName == ReplacementCompiler.AttributeFullName);

        /// <summary>"Name(ParamType,…)" with full type names, as patch.json lists members.</summary>
        public static string Describe(MethodReference m) => m.Name + "(" + string.Join(",", m.Parameters.Select(p => p.ParameterType.FullName)) + ")";

        static string Candidates(TypeDefinition type, string name)
        {
            var found = type.Methods.Where(m => m.Name == name).Select(Describe).ToList();
            return found.Count == 0 ? "no member of that name" : string.Join("; ", found);
        }

        void CopyBody(MethodDefinition source, MethodDefinition target)
        {
            _source = source;
            _woven = target;
            target.Body = CopyOf(source.Body, target, t => MapType(t), MapReference);
            // The runtime may have marked the original for aggressive inlining or as an intrinsic; the new body is plain IL.
            target.AggressiveInlining = false;
            _source = _woven = null;
        }

        /// <summary>
        /// A copy of <paramref name="from"/> for <paramref name="owner"/>: instructions, locals, parameters and handlers
        /// of its own (placeholder operands first, as branches go forward too), member and type tokens through
        /// <paramref name="reference"/> and <paramref name="type"/>.
        /// </summary>
        static MethodBody CopyOf(MethodBody from, MethodDefinition owner, Func<TypeReference, TypeReference> type, Func<object, object> reference)
        {
            var body = new MethodBody(owner) { InitLocals = from.InitLocals };
            foreach (var v in from.Variables) body.Variables.Add(new VariableDefinition(type(v.VariableType)));
            var map = new Dictionary<Instruction, Instruction>();
            foreach (var i in from.Instructions)
            {
                var copy = Instruction.Create(OpCodes.Nop);
                copy.OpCode = i.OpCode;
                map[i] = copy;
                body.Instructions.Add(copy);
            }
            foreach (var i in from.Instructions)
                map[i].Operand = i.Operand switch
                {
                    null => null,
                    Instruction t => map[t],
                    Instruction[] targets => targets.Select(t => map[t]).ToArray(),
                    VariableDefinition v => body.Variables[v.Index],
                    ParameterDefinition p => p == from.ThisParameter ? body.ThisParameter : owner.Parameters[p.Index],
                    var other => reference(other),
                };
            Instruction? Map(Instruction? i) => i == null ? null : map[i];
            foreach (var h in from.ExceptionHandlers)
                body.ExceptionHandlers.Add(new ExceptionHandler(h.HandlerType)
                {
                    TryStart = Map(h.TryStart), TryEnd = Map(h.TryEnd), HandlerStart = Map(h.HandlerStart), HandlerEnd = Map(h.HandlerEnd),
                    FilterStart = Map(h.FilterStart), CatchType = h.CatchType == null ? null : type(h.CatchType),
                });
            return body;
        }

        /// <summary>A member or type token of the replacement, mapped onto the target module.</summary>
        object MapReference(object operand) => operand switch
        {
            GenericInstanceMethod or MethodReference => MapMethod((MethodReference)operand),
            FieldReference f => MapField(f),
            TypeReference t => MapType(t),
            CallSite => throw new InputException($"patch: {Describe(_source!)} uses calli, which the weaver does not map"),
            _ => operand, // numbers and strings
        };

        /// <param name="typeScope">Owner of !N in a member reference's signature (the mapped declaring type's element).</param>
        /// <param name="methodScope">Owner of !!N there (the mapped method reference).</param>
        public TypeReference MapType(TypeReference type, IGenericParameterProvider? typeScope = null, IGenericParameterProvider? methodScope = null)
        {
            TypeReference Map(TypeReference t) => MapType(t, typeScope, methodScope);
            switch (type)
            {
                case GenericParameter gp:
                    if (gp.Owner == _source) return _woven!.GenericParameters[gp.Position];
                    if (gp.Owner is TypeDefinition owner && owner.Module == _patch)
                        return ((TypeDefinition)MapType(owner)).GenericParameters[gp.Position];
                    var scope = gp.Type == GenericParameterType.Method ? methodScope : typeScope;
                    if (scope == null || gp.Position >= scope.GenericParameters.Count)
                        throw new InputException($"patch: the replacement uses generic parameter {gp.FullName} where the weaver cannot place it");
                    return scope.GenericParameters[gp.Position];
                case ArrayType a:
                    var array = new ArrayType(Map(a.ElementType), a.Rank);
                    if (a.Rank > 1) { array.Dimensions.Clear(); foreach (var d in a.Dimensions) array.Dimensions.Add(d); }
                    return array;
                case ByReferenceType r: return new ByReferenceType(Map(r.ElementType));
                case PointerType p: return new PointerType(Map(p.ElementType));
                case PinnedType p: return new PinnedType(Map(p.ElementType));
                case RequiredModifierType r: return new RequiredModifierType(Map(r.ModifierType), Map(r.ElementType));
                case OptionalModifierType o: return new OptionalModifierType(Map(o.ModifierType), Map(o.ElementType));
                case GenericInstanceType g:
                    var instance = new GenericInstanceType(Map(g.ElementType));
                    foreach (var arg in g.GenericArguments) instance.GenericArguments.Add(Map(arg));
                    return instance;
                case TypeSpecification other:
                    throw new InputException($"patch: the replacement uses {other.FullName}, a type form the weaver does not map");
            }
            if (type is TypeDefinition own && own.Module == _patch)
            {
                if (own.Name.StartsWith("<", StringComparison.Ordinal) || (own.DeclaringType?.Name.StartsWith("<", StringComparison.Ordinal) ?? false))
                    throw new InputException($"patch: the replacement needs compiler-generated {own.FullName} (a lambda, iterator, async method or array initializer): write the body without it");
                return _target.GetType(own.FullName)
                    ?? throw new InputException($"patch: the replacement declares {own.FullName}, which {_target.Assembly.Name.Name} does not have");
            }
            var def = Resolve(type);
            if (def.Module.Assembly.Name.Name == _target.Assembly.Name.Name)
                return _target.GetType(def.FullName) ?? throw new InputException($"patch: {def.FullName} not found in {_target.Assembly.Name.Name}");
            return _target.ImportReference(def);
        }

        TypeDefinition Resolve(TypeReference type)
        {
            try
            {
                return type.Resolve() ?? throw new InputException($"patch: cannot resolve {type.FullName} (from {type.Scope}) among the runtime's assemblies");
            }
            catch (AssemblyResolutionException e)
            {
                throw new InputException($"patch: cannot resolve {type.FullName}: assembly {e.AssemblyReference.Name} not among the runtime's assemblies");
            }
        }

        public MethodReference MapMethod(MethodReference method)
        {
            if (method is MethodDefinition stand && _originals.TryGetValue(stand, out var kept)) return kept;
            if (method is GenericInstanceMethod gim)
            {
                var instance = new GenericInstanceMethod(MapMethod(gim.ElementMethod));
                foreach (var arg in gim.GenericArguments) instance.GenericArguments.Add(MapType(arg));
                return instance;
            }
            var declaring = MapType(method.DeclaringType);
            var typeScope = (declaring as GenericInstanceType)?.ElementType ?? declaring;
            if (declaring is TypeDefinition own && own.Module == _target)
            {
                var found = FindMethod(own, method)
                    ?? throw new InputException($"patch: the replacement calls {own.FullName}.{Describe(method)}, which {_target.Assembly.Name.Name} does not have ({Candidates(own, method.Name)})");
                return found;
            }
            var reference = new MethodReference(method.Name, _target.TypeSystem.Void, declaring)
            {
                HasThis = method.HasThis, ExplicitThis = method.ExplicitThis, CallingConvention = method.CallingConvention,
            };
            foreach (var gp in method.GenericParameters) reference.GenericParameters.Add(new GenericParameter(gp.Name, reference));
            reference.ReturnType = MapType(method.ReturnType, typeScope, reference);
            foreach (var p in method.Parameters) reference.Parameters.Add(new ParameterDefinition(p.Name, p.Attributes, MapType(p.ParameterType, typeScope, reference)));
            return reference;
        }

        public FieldReference MapField(FieldReference field)
        {
            var declaring = MapType(field.DeclaringType);
            var fieldType = MapType(field.FieldType, (declaring as GenericInstanceType)?.ElementType ?? declaring);
            if (declaring is TypeDefinition own && own.Module == _target)
            {
                var found = own.Fields.FirstOrDefault(f => f.Name == field.Name)
                    ?? throw new InputException($"patch: the replacement uses field {own.FullName}.{field.Name}, which {_target.Assembly.Name.Name} does not have");
                if (Signature(found.FieldType) != Signature(fieldType))
                    throw new InputException($"patch: field {own.FullName}.{field.Name} is {found.FieldType.FullName} in the runtime, {field.FieldType.FullName} in the replacement");
                return found;
            }
            return new FieldReference(field.Name, fieldType, declaring);
        }

        /// <summary>The target's method with the same name, arity and parameter and return types as <paramref name="m"/> (mapped).</summary>
        MethodDefinition? FindMethod(TypeDefinition type, MethodReference m)
        {
            // Positions are all a comparison needs: the candidate's own parameters stand in for !N and !!N.
            var methodScope = new MethodReference(m.Name, _target.TypeSystem.Void);
            for (var i = 0; i < m.GenericParameters.Count; i++) methodScope.GenericParameters.Add(new GenericParameter("T" + i, methodScope));
            var wanted = m.Parameters.Select(p => Signature(MapType(p.ParameterType, type, methodScope))).ToList();
            var returns = Signature(MapType(m.ReturnType, type, methodScope));
            return type.Methods.FirstOrDefault(c => c.Name == m.Name
                && c.Parameters.Count == wanted.Count
                && c.GenericParameters.Count == m.GenericParameters.Count
                && c.HasThis == m.HasThis
                && Signature(c.ReturnType) == returns
                && c.Parameters.Select(p => Signature(p.ParameterType)).SequenceEqual(wanted));
        }

        /// <summary>A type as a signature compares it: generic parameters by position (!0, !!0), everything else by full name.</summary>
        static string Signature(TypeReference t) => t switch
        {
            GenericParameter gp => (gp.Type == GenericParameterType.Method ? "!!" : "!") + gp.Position,
            ArrayType a => Signature(a.ElementType) + "[" + new string(',', a.Rank - 1) + "]",
            ByReferenceType r => Signature(r.ElementType) + "&",
            PointerType p => Signature(p.ElementType) + "*",
            GenericInstanceType g => Signature(g.ElementType) + "<" + string.Join(",", g.GenericArguments.Select(Signature)) + ">",
            RequiredModifierType r => Signature(r.ElementType) + " modreq(" + r.ModifierType.FullName + ")",
            OptionalModifierType o => Signature(o.ElementType) + " modopt(" + o.ModifierType.FullName + ")",
            _ => t.FullName,
        };
    }
}
