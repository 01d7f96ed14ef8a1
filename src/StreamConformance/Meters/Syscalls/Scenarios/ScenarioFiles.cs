using System;
using System.Globalization;
using System.IO;

namespace StreamConformance.Meters.Syscalls.Scenarios
{
    /// <summary>Shared helpers of the file scenarios: how a cell's "handle" and "buffer" parameters become a FileStream.</summary>
    public static class ScenarioFiles
    {
        /// <summary>What "buffer=default" means where the runtime offers no constructor without a size (async handles on Mono): its documented 4096.</summary>
        public const int DocumentedDefaultBufferSize = 4096;

        /// <summary>
        /// Opens a FileStream as the cell says: handle "sync" or "async" (FileOptions.Asynchronous), buffer a size
        /// or "default" (the constructor without a size). A size the runtime rejects makes the cell unsupported.
        /// </summary>
        public static FileStream Open(string path, FileMode mode, FileAccess access, string handle, string buffer)
        {
            var asynchronous = handle == "async";
            if (!asynchronous && handle != "sync") throw new ArgumentException("handle must be sync or async: " + handle);
            try
            {
                if (buffer == "default")
                {
                    if (!asynchronous) return new FileStream(path, mode, access);
#if NET
                    return new FileStream(path, new FileStreamOptions { Mode = mode, Access = access, Options = FileOptions.Asynchronous });
#else
                    return new FileStream(path, mode, access, access == FileAccess.Read ? FileShare.Read : FileShare.None, DocumentedDefaultBufferSize, FileOptions.Asynchronous);
#endif
                }
                var size = int.Parse(buffer, CultureInfo.InvariantCulture);
                return new FileStream(path, mode, access, access == FileAccess.Read ? FileShare.Read : FileShare.None, size,
                    asynchronous ? FileOptions.Asynchronous : FileOptions.None);
            }
            catch (ArgumentOutOfRangeException e)
            {
                throw new ScenarioUnsupportedException($"FileStream rejects bufferSize={buffer}: {e.Message.Split('\n')[0]}");
            }
        }

        /// <summary>Throws <see cref="ScenarioWrongResultException"/> unless <paramref name="actual"/> equals <paramref name="expected"/>.</summary>
        public static void Expect(byte[] expected, byte[] actual, string what)
        {
            if (expected.Length != actual.Length)
                throw new ScenarioWrongResultException($"{what}: expected {expected.Length} bytes, got {actual.Length}");
            for (var i = 0; i < expected.Length; i++)
                if (expected[i] != actual[i])
                    throw new ScenarioWrongResultException($"{what}: byte {i} is {actual[i]}, expected {expected[i]}");
        }

        public static byte[] Slice(byte[] data, int offset, int count)
        {
            var result = new byte[count];
            Array.Copy(data, offset, result, 0, count);
            return result;
        }

        public static bool IsAsyncApi(string api) => api.EndsWith("Async", StringComparison.Ordinal);
    }
}
