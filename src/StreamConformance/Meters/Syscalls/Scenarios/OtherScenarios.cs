using System;
using System.IO;
using System.IO.Pipes;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using StreamConformance.Recipes;

namespace StreamConformance.Meters.Syscalls.Scenarios
{
    // One concept: the syscall scenarios beyond FileStream: BufferedStream, pipe, socket and RandomAccess.
    /// <summary>
    /// buffered.read / buffered.write: a BufferedStream of the given size over an unbuffered FileStream (bufferSize 1),
    /// reading or writing a whole file. Parameters: api (Read|ReadByte|Write|WriteByte), buffer (the BufferedStream's),
    /// chunk, length. Operations: the calls (a final Flush for writes is not one).
    /// </summary>
    public sealed class BufferedStreamScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.BufferedStream.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var api = cell.Get("api");
            var content = StreamContent.Of(cell.GetInt("length"));
            var size = cell.GetInt("buffer");
            var operations = 0;
            if (api.StartsWith("Read", StringComparison.Ordinal))
            {
                var path = region.NewFile(content);
                region.WatchFile(path);
                using var stream = new BufferedStream(ScenarioFiles.Open(path, FileMode.Open, FileAccess.Read, "sync", "1"), size);
                var read = new MemoryStream();
                region.Begin();
                if (api == "ReadByte")
                {
                    int b;
                    do { b = stream.ReadByte(); operations++; if (b >= 0) read.WriteByte((byte)b); } while (b >= 0);
                }
                else
                {
                    var buffer = new byte[cell.GetInt("chunk")];
                    int n;
                    do { n = stream.Read(buffer, 0, buffer.Length); operations++; read.Write(buffer, 0, n); } while (n > 0);
                }
                region.End();
                ScenarioFiles.Expect(content, read.ToArray(), "the bytes read");
            }
            else
            {
                var path = region.NewFile(new byte[0]);
                region.WatchFile(path);
                using (var stream = new BufferedStream(ScenarioFiles.Open(path, FileMode.Create, FileAccess.Write, "sync", "1"), size))
                {
                    region.Begin();
                    if (api == "WriteByte")
                        foreach (var b in content) { stream.WriteByte(b); operations++; }
                    else
                    {
                        var chunk = cell.GetInt("chunk");
                        for (var at = 0; at < content.Length; at += chunk, operations++)
                            stream.Write(content, at, Math.Min(chunk, content.Length - at));
                    }
                    stream.Flush();
                    region.End();
                }
                ScenarioFiles.Expect(content, File.ReadAllBytes(path), "the file written");
            }
            return operations;
        }
    }

    /// <summary>
    /// pipe.read: an anonymous pipe with 11 × chunk bytes already waiting; one read outside the region, then 10 reads of chunk bytes.
    /// Parameters: api (Read|ReadAsync), chunk. Operations: 10.
    /// </summary>
    public sealed class PipeReadScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.Pipe.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var chunk = cell.GetInt("chunk");
            var content = StreamContent.Of(11 * chunk);
            var isAsync = cell.Get("api") == "ReadAsync";
            region.AllThreads = isAsync;
            using var server = new AnonymousPipeServerStream(PipeDirection.Out);
            using var client = new AnonymousPipeClientStream(PipeDirection.In, server.ClientSafePipeHandle);
            region.WatchHandle(client.SafePipeHandle);
            server.Write(content, 0, content.Length);
            server.Flush();
            return SocketReadScenario.ReadTen(client, content, chunk, isAsync, region);
        }
    }

    /// <summary>
    /// socket.read: a NetworkStream over a connected loopback TCP socket with 11 × chunk bytes already received;
    /// one read outside the region, then 10 reads of chunk bytes. Parameters: api (Read|ReadAsync), chunk. Operations: 10.
    /// </summary>
    public sealed class SocketReadScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.Socket.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var chunk = cell.GetInt("chunk");
            var content = StreamContent.Of(11 * chunk);
            var isAsync = cell.Get("api") == "ReadAsync";
            region.AllThreads = isAsync;
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            try
            {
                using var client = new TcpClient();
                client.Connect(IPAddress.Loopback, ((IPEndPoint)listener.LocalEndpoint).Port);
                using var accepted = listener.AcceptSocket();
                accepted.Send(content);
                var deadline = DateTime.UtcNow.AddSeconds(10);
                while (client.Available < content.Length)
                {
                    if (DateTime.UtcNow > deadline) throw new ScenarioWrongResultException($"only {client.Available} of {content.Length} bytes arrived on loopback within 10 s");
                    Thread.Sleep(1);
                }
                using var stream = client.GetStream();
                region.WatchDescriptor(client.Client.Handle);
                return ReadTen(stream, content, chunk, isAsync, region);
            }
            finally
            {
                listener.Stop();
            }
        }

        /// <summary>
        /// Reads 11 chunks of <paramref name="content"/>: the first outside the region (it pays the stream's one-time
        /// setup, e.g. a descriptor made non-blocking for async reads), then ten inside it.
        /// </summary>
        internal static int ReadTen(Stream stream, byte[] content, int chunk, bool isAsync, SyscallRegion region)
        {
            var buffers = new byte[11][];
            for (var i = 0; i < 11; i++) buffers[i] = new byte[chunk];
            var counts = new int[11];
            counts[0] = Read(stream, buffers[0], isAsync);
            region.Begin();
            for (var i = 1; i < 11; i++) counts[i] = Read(stream, buffers[i], isAsync);
            region.End();
            for (var i = 0; i < 11; i++)
            {
                if (counts[i] != chunk) throw new ScenarioWrongResultException($"read {i} returned {counts[i]} bytes with {content.Length - i * chunk} waiting, expected {chunk}");
                ScenarioFiles.Expect(ScenarioFiles.Slice(content, i * chunk, chunk), buffers[i], $"read {i}");
            }
            return 10;
        }

        static int Read(Stream stream, byte[] buffer, bool isAsync) =>
            isAsync ? stream.ReadAsync(buffer, 0, buffer.Length).GetAwaiter().GetResult() : stream.Read(buffer, 0, buffer.Length);
    }

#if NET
    /// <summary>
    /// random-access: 16 positioned RandomAccess.Read or RandomAccess.Write calls of chunk bytes at increasing offsets,
    /// on a handle opened by File.OpenHandle. Parameters: api (Read|Write), chunk. Operations: 16.
    /// </summary>
    public sealed class RandomAccessScenario : ISyscallScenario
    {
        public string Name => SyscallFamilies.RandomAccess.Scenario.Name;

        public int Run(SyscallCell cell, SyscallRegion region)
        {
            var chunk = cell.GetInt("chunk");
            var content = StreamContent.Of(16 * chunk);
            var write = cell.Get("api") == "Write";
            var path = region.NewFile(write ? new byte[0] : content);
            region.WatchFile(path);
            using (var handle = File.OpenHandle(path, FileMode.Open, write ? FileAccess.Write : FileAccess.Read))
            {
                var buffer = new byte[chunk];
                var read = new byte[content.Length];
                region.Begin();
                for (var i = 0; i < 16; i++)
                {
                    if (write) RandomAccess.Write(handle, new ReadOnlySpan<byte>(content, i * chunk, chunk), (long)i * chunk);
                    else
                    {
                        var n = RandomAccess.Read(handle, new Span<byte>(read, i * chunk, chunk), (long)i * chunk);
                        if (n != chunk) throw new ScenarioWrongResultException($"RandomAccess.Read at {i * chunk} returned {n}, expected {chunk}");
                    }
                }
                region.End();
                if (!write) ScenarioFiles.Expect(content, read, "the bytes read");
            }
            if (write) ScenarioFiles.Expect(content, File.ReadAllBytes(path), "the file written");
            return 16;
        }
    }
#endif
}
