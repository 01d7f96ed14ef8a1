using System;
using System.Globalization;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace StreamConformance.Results
{
    /// <summary>
    /// Writes a double[] on one line ("[1.02,0.998,1.1]") even in an indented document: a latency result's
    /// rounds would otherwise take a line each and the sweep's JSON would grow by a third.
    /// </summary>
    public sealed class CompactArrayConverter : JsonConverter
    {
        public override bool CanConvert(Type objectType) => objectType == typeof(double[]);

        public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer)
        {
            if (value is not double[] values)
            {
                writer.WriteNull();
                return;
            }
            writer.WriteRawValue("[" + string.Join(",", values.Select(v => v.ToString("R", CultureInfo.InvariantCulture))) + "]");
        }

        public override object? ReadJson(JsonReader reader, Type objectType, object? existingValue, JsonSerializer serializer) =>
            reader.TokenType == JsonToken.Null ? null : JArray.Load(reader).ToObject<double[]>();

        /// <summary>
        /// <paramref name="value"/> to <paramref name="digits"/> significant digits (whole numbers keep all theirs):
        /// 3 digits keep a ratio to 0.5%, well inside any threshold compare uses.
        /// </summary>
        public static double RoundToSignificant(double value, int digits)
        {
            if (value == 0 || double.IsNaN(value) || double.IsInfinity(value)) return value;
            var decimals = digits - 1 - (int)Math.Floor(Math.Log10(Math.Abs(value)));
            return Math.Round(value, Math.Max(0, Math.Min(15, decimals)));
        }
    }
}
