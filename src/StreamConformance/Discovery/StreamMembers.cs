using System.Collections.Generic;
using System.Linq;

namespace StreamConformance.Discovery
{
    /// <summary>
    /// The System.IO.Stream members the inventory resolves, by stable key. A key names a member the way a
    /// reader writes it ("Read(Span&lt;byte&gt;)"); <see cref="Signature"/> is how Cecil spells the same
    /// overload (name + parameter type full names), which is what overrides are matched on.
    /// </summary>
    public static class StreamMembers
    {
        public const string ReadByte = "ReadByte";
        public const string WriteByte = "WriteByte";
        public const string ReadArray = "Read(byte[],int,int)";
        public const string ReadSpan = "Read(Span<byte>)";
        public const string WriteArray = "Write(byte[],int,int)";
        public const string WriteSpan = "Write(ReadOnlySpan<byte>)";
        public const string ReadAsyncArray = "ReadAsync(byte[],int,int,CancellationToken)";
        public const string ReadAsyncMemory = "ReadAsync(Memory<byte>,CancellationToken)";
        public const string WriteAsyncArray = "WriteAsync(byte[],int,int,CancellationToken)";
        public const string WriteAsyncMemory = "WriteAsync(ReadOnlyMemory<byte>,CancellationToken)";
        public const string BeginRead = "BeginRead";
        public const string BeginWrite = "BeginWrite";
        public const string Seek = "Seek";
        public const string GetPosition = "get_Position";
        public const string SetPosition = "set_Position";
        public const string GetLength = "get_Length";
        public const string SetLength = "SetLength";
        public const string Flush = "Flush";
        public const string FlushAsync = "FlushAsync(CancellationToken)";
        public const string CopyTo = "CopyTo(Stream,int)";
        public const string CopyToAsync = "CopyToAsync(Stream,int,CancellationToken)";
        public const string Dispose = "Dispose(bool)";
        public const string DisposeAsync = "DisposeAsync";

        const string Bytes = "System.Byte[]", Int = "System.Int32", Long = "System.Int64", Token = "System.Threading.CancellationToken";

        /// <summary>Key → Cecil signature "Name(ParamType,ParamType)", in report order.</summary>
        public static readonly IReadOnlyList<KeyValuePair<string, string>> All = new[]
        {
            Pair(ReadByte, "ReadByte"),
            Pair(WriteByte, "WriteByte", "System.Byte"),
            Pair(ReadArray, "Read", Bytes, Int, Int),
            Pair(ReadSpan, "Read", "System.Span`1<System.Byte>"),
            Pair(WriteArray, "Write", Bytes, Int, Int),
            Pair(WriteSpan, "Write", "System.ReadOnlySpan`1<System.Byte>"),
            Pair(ReadAsyncArray, "ReadAsync", Bytes, Int, Int, Token),
            Pair(ReadAsyncMemory, "ReadAsync", "System.Memory`1<System.Byte>", Token),
            Pair(WriteAsyncArray, "WriteAsync", Bytes, Int, Int, Token),
            Pair(WriteAsyncMemory, "WriteAsync", "System.ReadOnlyMemory`1<System.Byte>", Token),
            Pair(BeginRead, "BeginRead", Bytes, Int, Int, "System.AsyncCallback", "System.Object"),
            Pair(BeginWrite, "BeginWrite", Bytes, Int, Int, "System.AsyncCallback", "System.Object"),
            Pair(Seek, "Seek", Long, "System.IO.SeekOrigin"),
            Pair(GetPosition, "get_Position"),
            Pair(SetPosition, "set_Position", Long),
            Pair(GetLength, "get_Length"),
            Pair(SetLength, "SetLength", Long),
            Pair(Flush, "Flush"),
            Pair(FlushAsync, "FlushAsync", Token),
            Pair(CopyTo, "CopyTo", "System.IO.Stream", Int),
            Pair(CopyToAsync, "CopyToAsync", "System.IO.Stream", Int, Token),
            Pair(Dispose, "Dispose", "System.Boolean"),
            Pair(DisposeAsync, "DisposeAsync"),
        };

        /// <summary>Members on whose path a per-call heap allocation is a hazard.</summary>
        public static readonly IReadOnlyList<string> AllocationSensitive = new[] { ReadByte, WriteByte, ReadSpan, WriteSpan };

        /// <summary>Synchronous members, where blocking on a task is a hazard.</summary>
        public static readonly IReadOnlyList<string> Synchronous = new[]
            { ReadByte, WriteByte, ReadArray, ReadSpan, WriteArray, WriteSpan, Flush, Seek, Dispose, CopyTo };

        static readonly Dictionary<string, string> s_keyBySignature = All.ToDictionary(p => p.Value, p => p.Key);
        static readonly HashSet<string> s_names = new HashSet<string>(All.Select(p => p.Value.Substring(0, p.Value.IndexOf('('))));

        public static string Signature(string key) => All.First(p => p.Key == key).Value;

        /// <summary>The key of a method with this name and signature, or null.</summary>
        internal static string? KeyOf(Mono.Cecil.MethodReference method)
        {
            if (!s_names.Contains(method.Name) || !method.HasThis) return null;
            var signature = method.Name + "(" + string.Join(",", method.Parameters.Select(p => p.ParameterType.FullName)) + ")";
            return s_keyBySignature.TryGetValue(signature, out var key) ? key : null;
        }

        static KeyValuePair<string, string> Pair(string key, string name, params string[] parameters) =>
            new KeyValuePair<string, string>(key, name + "(" + string.Join(",", parameters) + ")");
    }
}
