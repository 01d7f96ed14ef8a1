using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Mono.Cecil;
using Mono.Cecil.Cil;
using Mono.Cecil.Rocks;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// <c>null</c> for a parameter of a class or interface that nothing else supplies, where the method's own code tests
    /// it, or the field it is stored in, against null and goes on without throwing: an optional collaborator a caller
    /// leaves out. Azure Storage's <c>new MultiBufferMemoryStream(IBufferManager bufferManager, int bufferSize)</c> takes
    /// its buffer size "bufferManager == null ? bufferSize : bufferManager.GetDefaultBufferSize()". A method that only
    /// stores the parameter, or throws when it is null, gets nothing: null there is a state no caller sees.
    /// </summary>
    public sealed class NullCheckedArguments : IArgumentSource
    {
        /// <summary>Each module read once per process (a library's methods are asked about one after another).</summary>
        static readonly ConcurrentDictionary<string, ModuleDefinition?> Modules = new ConcurrentDictionary<string, ModuleDefinition?>(StringComparer.Ordinal);

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type.IsValueType || type.IsByRef || type.IsPointer || type == typeof(string) || type.IsArray || typeof(Stream).IsAssignableFrom(type)
                || typeof(Delegate).IsAssignableFrom(type) || !(parameter.Member is MethodBase method) || !TestsForNull(method, parameter.Position))
                return new Argument[0];
            return new[] { Argument.Constant(null, $"{parameter.Name}: null", "null") };
        }

        /// <summary>Whether <paramref name="method"/>'s body branches on parameter <paramref name="position"/> being null, by a path that does not throw.</summary>
        public static bool TestsForNull(MethodBase method, int position)
        {
            var definition = Definition(method);
            if (definition == null) return false;
            // Cecil's deferred reading is not thread-safe: one method of a module at a time.
            lock (definition.Module) return TestsForNull(definition, position);
        }

        static bool TestsForNull(MethodDefinition definition, int position)
        {
            if (!definition.HasBody || position >= definition.Parameters.Count) return false;
            var parameter = definition.Parameters[position];
            var body = definition.Body;
            body.SimplifyMacros();
            // Fields the parameter is stored in: "this.field = parameter" (ldarg.0, ldarg p, stfld).
            var fields = new HashSet<string>(StringComparer.Ordinal);
            foreach (var ins in body.Instructions)
                if (ins.OpCode.Code == Code.Stfld && LoadsParameter(ins.Previous, parameter))
                    fields.Add(((FieldReference)ins.Operand).FullName);
            foreach (var ins in body.Instructions)
            {
                if (!(LoadsParameter(ins, parameter) || ins.OpCode.Code == Code.Ldfld && fields.Contains(((FieldReference)ins.Operand).FullName))) continue;
                var next = ins.Next;
                if (next == null) continue;
                // if (p != null) …, if (p == null) …, p?.Member: the null path must go on, not throw (a guard).
                if (next.OpCode.Code == Code.Brtrue || next.OpCode.Code == Code.Brfalse)
                {
                    var nullPath = next.OpCode.Code == Code.Brtrue ? next.Next : (Instruction)next.Operand;
                    if (!ThrowsSoon(nullPath)) return true;
                }
                // p == null, p != null as a value (ldnull, ceq / cgt.un), judged by the trial that builds with it.
                else if (next.OpCode.Code == Code.Ldnull && next.Next?.OpCode.Code is Code.Ceq or Code.Cgt_Un)
                    return true;
            }
            return false;
        }

        static bool LoadsParameter(Instruction? ins, ParameterDefinition parameter) =>
            ins != null && ins.OpCode.Code == Code.Ldarg && ins.Operand == parameter;

        /// <summary>A throw within the next few instructions, before any branch: "if (p == null) throw new ArgumentNullException(…)".</summary>
        static bool ThrowsSoon(Instruction? ins)
        {
            for (var i = 0; ins != null && i < 8; i++, ins = ins.Next)
            {
                if (ins.OpCode.Code == Code.Throw) return true;
                if (ins.OpCode.FlowControl is FlowControl.Branch or FlowControl.Cond_Branch or FlowControl.Return) return false;
            }
            return false;
        }

        static MethodDefinition? Definition(MethodBase method)
        {
            var location = method.Module.Assembly.Location;
            if (string.IsNullOrEmpty(location)) return null;
            var module = Modules.GetOrAdd(location + "|" + method.Module.Name, _ => Read(location, method.Module.Name));
            if (module == null) return null;
            try { lock (module) return module.LookupToken(method.MetadataToken) as MethodDefinition; }
            catch (Exception e) when (e is InvalidOperationException || e is ArgumentException || e is BadImageFormatException) { return null; }
        }

        static ModuleDefinition? Read(string location, string moduleName)
        {
            try
            {
                var assembly = AssemblyDefinition.ReadAssembly(location, new ReaderParameters(ReadingMode.Deferred) { InMemory = true });
                return assembly.Modules.FirstOrDefault(m => string.Equals(m.Name, moduleName, StringComparison.OrdinalIgnoreCase)) ?? assembly.MainModule;
            }
            catch (Exception e) when (e is IOException || e is BadImageFormatException || e is UnauthorizedAccessException) { return null; }
        }
    }
}
