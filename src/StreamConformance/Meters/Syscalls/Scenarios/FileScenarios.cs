using System.IO;
using StreamConformance.Recipes;

namespace StreamConformance.Meters.Syscalls.Scenarios
{
    // One concept: FileStream's syscall scenarios, one per file family (read, write, seeks, flush, fsync batching).
    /// <summary>
    /// file.read: reads a whole file front to back. Parameters: handle (sync|async), api (Read|ReadAsync|ReadByte),
    /// buffer (FileStream bufferSize or "default"), chunk (bytes per call; ignored by ReadByte), length.
    /// Operations: every call, including the last one that returns 0 (or -1).
    /// </summary>
    public sealed class FileReadScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FileRead.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var api = cell.Get("api");
            var content = StreamContent.Of(cell.GetInt("length"));
            var path = region.NewFile(content);
            region.WatchFile(path);
            using var stream = ScenarioFiles.Open(path, FileMode.Open, FileAccess.Read, cell.Get("handle"), cell.Get("buffer"));
            var read = new MemoryStream();
            var operations = 0;
            region.AllThreads = ScenarioFiles.IsAsyncApi(api);
            if (api == "ReadByte")
            {
                region.Begin();
                int b;
                do { b = stream.ReadByte(); operations++; if (b >= 0) read.WriteByte((byte)b); } while (b >= 0);
                region.End();
            }
            else
            {
                var buffer = new byte[cell.GetInt("chunk")];
                var isAsync = api == "ReadAsync";
                region.Begin();
                int n;
                do
                {
                    n = isAsync ? stream.ReadAsync(buffer, 0, buffer.Length).GetAwaiter().GetResult() : stream.Read(buffer, 0, buffer.Length);
                    operations++;
                    read.Write(buffer, 0, n);
                } while (n > 0);
                region.End();
            }
            ScenarioFiles.Expect(content, read.ToArray(), "the bytes read");
            return operations;
        }
    }

    /// <summary>
    /// file.write: writes a whole file, then flushes, inside the region. Parameters: handle, api
    /// (Write|WriteAsync|WriteByte), buffer, chunk, length. Operations: the write calls (the final Flush is not one).
    /// </summary>
    public sealed class FileWriteScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FileWrite.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var api = cell.Get("api");
            var content = StreamContent.Of(cell.GetInt("length"));
            var path = region.NewFile(new byte[0]);
            region.WatchFile(path);
            var operations = 0;
            region.AllThreads = ScenarioFiles.IsAsyncApi(api);
            using (var stream = ScenarioFiles.Open(path, FileMode.Create, FileAccess.Write, cell.Get("handle"), cell.Get("buffer")))
            {
                region.Begin();
                if (api == "WriteByte")
                {
                    foreach (var b in content) { stream.WriteByte(b); operations++; }
                    stream.Flush();
                }
                else
                {
                    var chunk = cell.GetInt("chunk");
                    for (var at = 0; at < content.Length; at += chunk, operations++)
                    {
                        var count = System.Math.Min(chunk, content.Length - at);
                        if (api == "WriteAsync") stream.WriteAsync(content, at, count).GetAwaiter().GetResult();
                        else stream.Write(content, at, count);
                    }
                    if (api == "WriteAsync") stream.FlushAsync().GetAwaiter().GetResult();
                    else stream.Flush();
                }
                region.End();
            }
            ScenarioFiles.Expect(content, File.ReadAllBytes(path), "the file written");
            return operations;
        }
    }

    /// <summary>
    /// file.seek-in-buffer: after one ReadByte filled the buffer, ten Seeks to targets inside it, each followed by a
    /// Position get. Parameters: handle, buffer. Operations: 20 (10 Seek + 10 Position).
    /// </summary>
    public sealed class FileSeekInBufferScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FileSeekInBuffer.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var content = StreamContent.Of(8192);
            var path = region.NewFile(content);
            region.WatchFile(path);
            using var stream = ScenarioFiles.Open(path, FileMode.Open, FileAccess.Read, cell.Get("handle"), cell.Get("buffer"));
            stream.ReadByte();
            long sum = 0;
            region.Begin();
            for (var k = 0; k < 10; k++)
            {
                stream.Seek(1 + k * 100, SeekOrigin.Begin);
                sum += stream.Position;
            }
            region.End();
            if (sum != 10 + 100 * 45) throw new ScenarioWrongResultException($"Position after the seeks summed to {sum}, expected {10 + 100 * 45}");
            var b = stream.ReadByte();
            if (b != content[901]) throw new ScenarioWrongResultException($"ReadByte after Seek(901) returned {b}, expected {content[901]}");
            return 20;
        }
    }

    /// <summary>
    /// file.seek-between-reads (the seed 003 shape): read 100 bytes at 0, Seek(5000), read 100 bytes; both must be the
    /// file's bytes at those offsets. Parameters: handle, api (Read|ReadAsync), buffer. Operations: 3.
    /// </summary>
    public sealed class FileSeekBetweenReadsScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FileSeekBetweenReads.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var content = StreamContent.Of(16384);
            var path = region.NewFile(content);
            region.WatchFile(path);
            var isAsync = cell.Get("api") == "ReadAsync";
            region.AllThreads = isAsync;
            using var stream = ScenarioFiles.Open(path, FileMode.Open, FileAccess.Read, cell.Get("handle"), cell.Get("buffer"));
            var first = new byte[100];
            var second = new byte[100];
            region.Begin();
            var n1 = ReadFully(stream, first, isAsync);
            stream.Seek(5000, SeekOrigin.Begin);
            var n2 = ReadFully(stream, second, isAsync);
            region.End();
            if (n1 != 100 || n2 != 100) throw new ScenarioWrongResultException($"reads returned {n1} and {n2} bytes, expected 100 each");
            ScenarioFiles.Expect(ScenarioFiles.Slice(content, 0, 100), first, "the read at 0");
            ScenarioFiles.Expect(ScenarioFiles.Slice(content, 5000, 100), second, "the read after Seek(5000)");
            return 3;
        }

        static int ReadFully(Stream stream, byte[] buffer, bool isAsync) =>
            isAsync ? stream.ReadAsync(buffer, 0, buffer.Length).GetAwaiter().GetResult() : stream.Read(buffer, 0, buffer.Length);
    }

    /// <summary>
    /// file.flush: mode "empty" = ten Flush() calls with nothing buffered (after 10 bytes were written and flushed);
    /// mode "to-disk" = five rounds of a 10-byte Write and Flush(true). Parameters: handle, buffer, mode. Operations: the Flush calls.
    /// </summary>
    public sealed class FileFlushScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FileFlush.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var path = region.NewFile(new byte[0]);
            region.WatchFile(path);
            var data = StreamContent.Of(10);
            var toDisk = cell.Get("mode") == "to-disk";
            int operations;
            using (var stream = ScenarioFiles.Open(path, FileMode.Create, FileAccess.Write, cell.Get("handle"), cell.Get("buffer")))
            {
                stream.Write(data, 0, data.Length);
                stream.Flush();
                region.Begin();
                if (toDisk)
                {
                    for (var i = 0; i < 5; i++) { stream.Write(data, 0, data.Length); stream.Flush(true); }
                    operations = 5;
                }
                else
                {
                    for (var i = 0; i < 10; i++) stream.Flush();
                    operations = 10;
                }
                region.End();
            }
            var expected = toDisk ? 60 : 10;
            var length = new FileInfo(path).Length;
            if (length != expected) throw new ScenarioWrongResultException($"the file holds {length} bytes, expected {expected}");
            return operations;
        }
    }

    /// <summary>
    /// file.fsync-batching (the seed 004 shape): n 10-byte writes made durable either per item (Flush(true) after each)
    /// or batched (one Flush(true) at the end). Parameters: handle, mode (per-item|batched), n. Operations: n.
    /// </summary>
    public sealed class FileFsyncBatchingScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.FsyncBatching.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var path = region.NewFile(new byte[0]);
            region.WatchFile(path);
            var data = StreamContent.Of(10);
            var n = cell.GetInt("n");
            var perItem = cell.Get("mode") == "per-item";
            using (var stream = ScenarioFiles.Open(path, FileMode.Create, FileAccess.Write, cell.Get("handle"), "4096"))
            {
                region.Begin();
                for (var i = 0; i < n; i++)
                {
                    stream.Write(data, 0, data.Length);
                    if (perItem) stream.Flush(true);
                }
                if (!perItem) stream.Flush(true);
                region.End();
            }
            var length = new FileInfo(path).Length;
            if (length != 10L * n) throw new ScenarioWrongResultException($"the file holds {length} bytes, expected {10 * n}");
            return n;
        }
    }
}
