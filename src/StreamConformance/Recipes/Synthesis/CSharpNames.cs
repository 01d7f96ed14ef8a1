using System;
using System.Linq;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>How C# spells a type in a repro (nested types with '.', generic arguments in angle brackets).</summary>
    static class CSharpNames
    {
        public static string Of(Type type)
        {
            if (type == typeof(byte)) return "byte";
            if (type == typeof(int)) return "int";
            if (type == typeof(long)) return "long";
            if (type == typeof(bool)) return "bool";
            if (type == typeof(string)) return "string";
            if (type.IsArray) return Of(type.GetElementType()!) + "[]";
            var name = (type.IsGenericType ? type.GetGenericTypeDefinition() : type).FullName ?? type.Name;
            name = name.Replace('+', '.');
            var tick = name.IndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            return type.IsGenericType ? $"{name}<{string.Join(", ", type.GetGenericArguments().Select(Of))}>" : name;
        }

        /// <summary>The short name for a variant label (no namespace, generic arguments kept).</summary>
        public static string Short(Type type)
        {
            var full = Of(type);
            var lt = full.IndexOf('<');
            var head = lt < 0 ? full : full.Substring(0, lt);
            var dot = head.LastIndexOf('.');
            return dot < 0 ? full : full.Substring(dot + 1);
        }
    }
}
