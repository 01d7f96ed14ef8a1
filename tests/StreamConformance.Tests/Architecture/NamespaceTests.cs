using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;
using NUnit.Framework;

namespace StreamConformance.Tests.Architecture
{
    /// <summary>
    /// The flow only goes forward: runtime → inventory → recipes → checks and meters → results → findings → reports.
    /// Read from the built library's IL: which of its namespaces each namespace's types use. A cycle fails with its path.
    /// </summary>
    public class NamespaceTests
    {
        [Test]
        public void TheHarnessNamespacesHaveNoCycle()
        {
            var graph = Graph();
            var cycle = FindCycle(graph);
            Assert.That(graph["Checks"], Does.Contain("Meters"), "the graph is read from the IL (checks use meters)");
            Assert.That(cycle, Is.Null, "namespace cycle: " + (cycle == null ? "" : string.Join(" → ", cycle)) + "\n" +
                string.Join("\n", graph.OrderBy(kv => kv.Key).Select(kv => kv.Key + " → " + string.Join(", ", kv.Value.OrderBy(x => x)))));
        }

        /// <summary>StreamConformance.X (first level) → the first-level namespaces its types reference.</summary>
        static Dictionary<string, HashSet<string>> Graph()
        {
            using var module = ModuleDefinition.ReadModule(typeof(Glob).Assembly.Location);
            var graph = new Dictionary<string, HashSet<string>>();
            foreach (var type in module.GetTypes())
            {
                var from = Area(Root(type).Namespace);
                if (from == null) continue;
                if (!graph.TryGetValue(from, out var uses)) graph[from] = uses = new HashSet<string>();
                void Use(TypeReference? t)
                {
                    while (t is TypeSpecification spec) t = spec.ElementType;
                    if (t == null || t.Scope != module && t.Module != module) return;
                    if (t is GenericParameter) return;
                    var to = Area(Root(t).Namespace);
                    if (to != null && to != from) uses.Add(to);
                }
                Use(type.BaseType);
                foreach (var i in type.Interfaces) Use(i.InterfaceType);
                foreach (var f in type.Fields) Use(f.FieldType);
                foreach (var m in type.Methods)
                {
                    Use(m.ReturnType);
                    foreach (var p in m.Parameters) Use(p.ParameterType);
                    if (!m.HasBody) continue;
                    foreach (var v in m.Body.Variables) Use(v.VariableType);
                    foreach (var ins in m.Body.Instructions)
                        switch (ins.Operand)
                        {
                            case MethodReference mr: Use(mr.DeclaringType); break;
                            case FieldReference fr: Use(fr.DeclaringType); break;
                            case TypeReference tr: Use(tr); break;
                        }
                }
            }
            return graph;
        }

        static TypeReference Root(TypeReference t)
        {
            while (t.DeclaringType != null) t = t.DeclaringType;
            return t;
        }

        /// <summary>"StreamConformance.Meters.Syscalls" → "Meters"; the root namespace (InputException, Glob) is shared by all and left out.</summary>
        static string? Area(string ns)
        {
            var parts = ns.Split('.');
            return parts.Length >= 2 && parts[0] == "StreamConformance" ? parts[1] : null;
        }

        static List<string>? FindCycle(Dictionary<string, HashSet<string>> graph)
        {
            var state = new Dictionary<string, int>();
            var path = new List<string>();
            List<string>? Visit(string n)
            {
                state[n] = 1;
                path.Add(n);
                foreach (var next in graph.TryGetValue(n, out var s) ? s.OrderBy(x => x) : Enumerable.Empty<string>())
                {
                    if (state.TryGetValue(next, out var st) && st == 1) return path.Skip(path.IndexOf(next)).Concat(new[] { next }).ToList();
                    if (!state.ContainsKey(next) && Visit(next) is { } found) return found;
                }
                path.RemoveAt(path.Count - 1);
                state[n] = 2;
                return null;
            }
            foreach (var n in graph.Keys.OrderBy(x => x))
                if (!state.ContainsKey(n) && Visit(n) is { } cycle) return cycle;
            return null;
        }
    }
}
