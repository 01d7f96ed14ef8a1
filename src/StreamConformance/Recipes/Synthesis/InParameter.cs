using System;
using System.Collections.Generic;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// An <c>in</c> parameter (a read-only reference: <c>ReadOnlySequenceStream(in ReadOnlySequence&lt;byte&gt;)</c>) seen as
    /// the value a caller writes, so the argument sources supply its element type. Reflection passes the value by
    /// reference itself; a <c>ref</c> or <c>out</c> parameter, which the method may write, is not one of these.
    /// </summary>
    public sealed class InParameter : ParameterInfo
    {
        readonly ParameterInfo _parameter;

        InParameter(ParameterInfo parameter)
        {
            _parameter = parameter;
            ClassImpl = parameter.ParameterType.GetElementType();
            NameImpl = parameter.Name;
            PositionImpl = parameter.Position;
            AttrsImpl = parameter.Attributes;
            MemberImpl = parameter.Member;
        }

        /// <summary>True for an <c>in</c> parameter: by reference, marked [In], not [Out].</summary>
        public static bool IsInParameter(ParameterInfo parameter) => parameter.ParameterType.IsByRef && parameter.IsIn && !parameter.IsOut;

        /// <summary>The parameter as its value when it is an <c>in</c> parameter, else itself.</summary>
        public static ParameterInfo AsValue(ParameterInfo parameter) => IsInParameter(parameter) ? new InParameter(parameter) : parameter;

        /// <summary>The type of value a caller writes for <paramref name="parameter"/>.</summary>
        public static Type ValueType(ParameterInfo parameter) => AsValue(parameter).ParameterType;

        public override Type ParameterType => ClassImpl!;
        public override object? DefaultValue => _parameter.DefaultValue;
        public override object? RawDefaultValue => _parameter.RawDefaultValue;
        public override bool HasDefaultValue => _parameter.HasDefaultValue;
        public override object[] GetCustomAttributes(bool inherit) => _parameter.GetCustomAttributes(inherit);
        public override object[] GetCustomAttributes(Type attributeType, bool inherit) => _parameter.GetCustomAttributes(attributeType, inherit);
        public override bool IsDefined(Type attributeType, bool inherit) => _parameter.IsDefined(attributeType, inherit);
        public override IList<CustomAttributeData> GetCustomAttributesData() => _parameter.GetCustomAttributesData();
    }
}
