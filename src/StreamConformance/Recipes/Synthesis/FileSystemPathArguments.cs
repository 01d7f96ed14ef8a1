using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A path beside an argument that is itself a file system (an object whose <c>File</c> has System.IO.File's
    /// <c>WriteAllBytes</c>, <c>ReadAllBytes</c> and <c>Exists</c>: an in-memory or mock file system): the path is one
    /// that file system has, a bare file name in its current directory, where a real scratch path would name a folder
    /// it lacks. Its content is written, and a write read back, through that object's own <c>File</c>, as a caller
    /// who hands a stream a file system does.
    /// </summary>
    public sealed class FileSystemPathArguments : IArgumentSource
    {
        const string Name = "synthesized";

        static int s_files;

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            if (!PathArguments.IsPath(parameter) || !(parameter.Member is MethodBase method)) return new Argument[0];
            if (!method.GetParameters().Any(p => p != parameter && FileOf(p.ParameterType) != null)) return new Argument[0];
            return new[]
            {
                new Argument("file name", $"\"{Name}\" /* a file of the file system argument, holding content */", $"\"{Name}\"", scope =>
                {
                    var fileSystem = scope.Made.LastOrDefault(v => v != null && FileOf(v.GetType()) != null)
                                     ?? throw new InvalidOperationException("no file system argument was made before the path");
                    var property = FileOf(fileSystem.GetType())!;
                    var file = property.GetValue(fileSystem) ?? throw new InvalidOperationException($"{property.Name} of the file system argument is null");
                    // A file system may be shared by the streams of a recipe: each build has a file of its own.
                    var name = $"{Name}-{Interlocked.Increment(ref s_files)}";
                    if (scope.ForReading)
                    {
                        Call(file, "WriteAllBytes", name, scope.Content);
                        scope.ContentGiven = true;
                    }
                    else if (scope.ReadBack == null)
                        scope.ReadBack = () => (bool)Call(file, "Exists", name)! ? (byte[])Call(file, "ReadAllBytes", name)! : new byte[0];
                    return name;
                }) { MadeAfterOthers = true },
            };
        }

        /// <summary>The public <c>File</c> property of <paramref name="type"/> (or of an interface it extends) that has System.IO.File's byte calls, or null.</summary>
        public static PropertyInfo? FileOf(Type type)
        {
            if (type.IsPrimitive || type == typeof(string) || typeof(System.IO.Stream).IsAssignableFrom(type)) return null;
            return new[] { type }.Concat(type.IsInterface ? type.GetInterfaces() : new Type[0])
                .Select(t => t.GetProperty("File", BindingFlags.Public | BindingFlags.Instance))
                .FirstOrDefault(p => p != null && p.GetIndexParameters().Length == 0 && HasByteCalls(p.PropertyType));
        }

        static bool HasByteCalls(Type file) =>
            Method(file, "WriteAllBytes", typeof(string), typeof(byte[])) != null && Method(file, "ReadAllBytes", typeof(string)) is { } read && read.ReturnType == typeof(byte[])
            && Method(file, "Exists", typeof(string)) is { } exists && exists.ReturnType == typeof(bool);

        static MethodInfo? Method(Type type, string name, params Type[] parameters) =>
            new[] { type }.Concat(type.IsInterface ? type.GetInterfaces() : new Type[0])
                .Select(t => t.GetMethod(name, BindingFlags.Public | BindingFlags.Instance, null, parameters, null)).FirstOrDefault(m => m != null);

        static object? Call(object file, string name, params object[] arguments)
        {
            return Reflected.Invoke(Method(file.GetType(), name, arguments.Select(a => a.GetType()).ToArray())!, file, arguments);
        }
    }
}
