using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A generic stream type no public method of its assembly hands out an instantiation of, closed as its caller closes
    /// it: each type parameter over the first public concrete type of the same assembly, by name, that meets all its
    /// constraints (<c>HashStream&lt;T&gt; where T : IHashingWrapper, new()</c>), when its constraints name a type of that
    /// assembly. A parameter constrained by nothing of the assembly (<c>LiteFileStream&lt;TFileId&gt;</c>) says nothing
    /// about what a caller passes: the type stays open, and the reason names the parameter.
    /// </summary>
    public static class GenericClosing
    {
        /// <summary>The instantiation to build through its constructors; <paramref name="type"/> itself when it is not to be closed.</summary>
        public static Type Closed(Type type)
        {
            if (!type.IsGenericTypeDefinition || !type.IsVisible || FactoryIndex.IsRuntimeAssembly(type.Assembly)) return type;
            // The instantiations the assembly hands out are the ones its callers get.
            if (FactoryIndex.For(type).Count > 0) return type;
            var arguments = new List<Type>();
            foreach (var parameter in type.GetGenericArguments())
            {
                var argument = ArgumentFor(parameter);
                if (argument == null) return type;
                arguments.Add(argument);
            }
            try { return type.MakeGenericType(arguments.ToArray()); }
            catch (ArgumentException) { return type; } // a constraint this reading did not see through
        }

        /// <summary>Why <paramref name="type"/> stays open: the first type parameter nothing closes, or null.</summary>
        public static string? WhyOpen(Type type)
        {
            if (!type.IsGenericTypeDefinition) return null;
            var open = type.GetGenericArguments().FirstOrDefault(p => ArgumentFor(p) == null);
            if (open == null) return null;
            return NamesOwnType(open)
                ? $"no public concrete type of its assembly meets the constraints of its type parameter {open.Name}"
                : $"its type parameter {open.Name} is constrained by no type of its assembly, so nothing says what a caller closes it over";
        }

        static bool NamesOwnType(Type parameter) =>
            parameter.GetGenericParameterConstraints().Any(c => c.Assembly == parameter.DeclaringType!.Assembly && !c.ContainsGenericParameters);

        static Type? ArgumentFor(Type parameter)
        {
            var constraints = parameter.GetGenericParameterConstraints();
            if (!NamesOwnType(parameter) || constraints.Any(c => c.ContainsGenericParameters)) return null;
            var attributes = parameter.GenericParameterAttributes;
            bool Meets(Type candidate) =>
                constraints.All(c => c.IsAssignableFrom(candidate))
                && (!attributes.HasFlag(GenericParameterAttributes.ReferenceTypeConstraint) || !candidate.IsValueType)
                && (!attributes.HasFlag(GenericParameterAttributes.NotNullableValueTypeConstraint) || candidate.IsValueType)
                && (!attributes.HasFlag(GenericParameterAttributes.DefaultConstructorConstraint) || candidate.IsValueType
                    || candidate.GetConstructor(Type.EmptyTypes) is { IsPublic: true });
            return Candidates(parameter.DeclaringType!.Assembly).FirstOrDefault(Meets);
        }

        static IReadOnlyList<Type> Candidates(Assembly assembly)
        {
            Type[] exported;
            try { exported = assembly.GetExportedTypes(); }
            catch (Exception) { return new Type[0]; }
            return exported.Where(t => !t.IsAbstract && !t.IsInterface && !t.ContainsGenericParameters && (t.IsClass || t.IsValueType))
                .OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        }
    }
}
