using System;
using System.Reflection;
using System.Runtime.ExceptionServices;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// Calls into a library's API by reflection as a caller's code would see them: what the callee throws comes out as
    /// itself (not wrapped in a TargetInvocationException), and an optional parameter left out gets its declared default.
    /// </summary>
    public static class Reflected
    {
        /// <summary>An assembly's public types; none when they cannot all be loaded (a dependency missing).</summary>
        public static Type[] PublicTypes(Assembly assembly)
        {
            try { return assembly.GetExportedTypes(); }
            catch (Exception) { return new Type[0]; }
        }

        /// <summary>Invokes a method or constructor (<paramref name="target"/> ignored for a constructor or a static method).</summary>
        public static object? Invoke(MethodBase method, object? target, object?[]? arguments)
        {
            try { return method is ConstructorInfo ctor ? ctor.Invoke(arguments) : method.Invoke(target, arguments); }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }

        /// <summary>
        /// An optional parameter's default as reflection must pass it: an enum as the enum, a struct's default made; one
        /// marked optional with no declared default gets its type's default (its DefaultValue is DBNull, no value to pass).
        /// </summary>
        public static object? DefaultOf(ParameterInfo parameter)
        {
            var value = parameter.HasDefaultValue ? parameter.DefaultValue : null;
            if (value != null && parameter.ParameterType.IsEnum) return Enum.ToObject(parameter.ParameterType, value);
            return value == null && parameter.ParameterType.IsValueType ? Activator.CreateInstance(parameter.ParameterType) : value;
        }
    }
}
