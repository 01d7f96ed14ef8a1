using System;
using System.IO;
using System.IO.Pipes;
using System.Threading;

namespace StreamConformance.Recipes
{
    // One concept: the pipe streams' recipes, anonymous and named, from the server or the client end, and their repro peer.
    /// <summary>Anonymous pipe pair inside this process (not inheritable, so no child process keeps an end open).</summary>
    public abstract class AnonymousPipeRecipe : PeerRecipe
    {
        /// <summary>As dotnet/runtime's pipe conformance tests declare: a disposed pipe stream may keep CanRead/CanWrite true.</summary>
        public override bool CansReturnFalseAfterDispose => false;

        protected abstract bool ServerUnderTest { get; }

        public override string TypeName => ServerUnderTest
            ? "System.IO.Pipes.AnonymousPipeServerStream"
            : "System.IO.Pipes.AnonymousPipeClientStream";

        protected override Pair Connect(bool underTestReads)
        {
            // The server's direction decides the data flow; the client gets the opposite end.
            var serverReads = ServerUnderTest ? underTestReads : !underTestReads;
            var server = new AnonymousPipeServerStream(serverReads ? PipeDirection.In : PipeDirection.Out, HandleInheritability.None);
            var client = new AnonymousPipeClientStream(serverReads ? PipeDirection.Out : PipeDirection.In, server.ClientSafePipeHandle);
            return ServerUnderTest ? new Pair(server, client) : new Pair(client, server);
        }

        public override string? ReproSource(StreamAccess access)
        {
            if (access == StreamAccess.ReadWrite) return null;
            var serverReads = ServerUnderTest == (access == StreamAccess.Read);
            return $"var server = new System.IO.Pipes.AnonymousPipeServerStream(System.IO.Pipes.PipeDirection.{(serverReads ? "In" : "Out")}, HandleInheritability.None);\n" +
                   $"var client = new System.IO.Pipes.AnonymousPipeClientStream(System.IO.Pipes.PipeDirection.{(serverReads ? "Out" : "In")}, server.ClientSafePipeHandle);\n" +
                   PipeSource.Peer(ServerUnderTest ? "client" : "server", access) +
                   $"var stream = {(ServerUnderTest ? "server" : "client")};";
        }
    }

    /// <summary>The other end of a pipe in a repro program: a thread that writes the content and closes, or drains.</summary>
    static class PipeSource
    {
        public static string Peer(string peer, StreamAccess access) => access == StreamAccess.Read
            ? $"new System.Threading.Thread(() => {{ {peer}.Write(content, 0, content.Length); {peer}.Dispose(); }}) {{ IsBackground = true }}.Start();\n"
            : $"new System.Threading.Thread(() => {peer}.CopyTo(Stream.Null)) {{ IsBackground = true }}.Start();\n";
    }

    public sealed class AnonymousPipeServerRecipe : AnonymousPipeRecipe
    {
        protected override bool ServerUnderTest => true;
    }

    public sealed class AnonymousPipeClientRecipe : AnonymousPipeRecipe
    {
        protected override bool ServerUnderTest => false;
    }

    /// <summary>
    /// Named pipe pair on this machine. On Unix a named pipe is a Unix domain socket; its name is an absolute
    /// path in the run's temp folder so nothing lands in the system temp dir.
    /// </summary>
    public abstract class NamedPipeRecipe : PeerRecipe
    {
        /// <summary>As dotnet/runtime's pipe conformance tests declare: a disposed pipe stream may keep CanRead/CanWrite true.</summary>
        public override bool CansReturnFalseAfterDispose => false;

        // sun_path holds 108 bytes on Linux, including the terminating NUL.
        const int MaxSocketPath = 100;

        protected abstract bool ServerUnderTest { get; }

        public override string TypeName => ServerUnderTest
            ? "System.IO.Pipes.NamedPipeServerStream"
            : "System.IO.Pipes.NamedPipeClientStream";

        public override string? UnavailableReason =>
            PipeName().Length > MaxSocketPath ? $"the temp folder path is too long for a Unix domain socket ({PipeName().Length} > {MaxSocketPath})" : null;

        string PipeName() => Path.Combine(Scratch.TempDirectory, "pipe-000");

        public override string? ReproSource(StreamAccess access)
        {
            if (access == StreamAccess.ReadWrite) return null;
            var serverReads = ServerUnderTest == (access == StreamAccess.Read);
            return "var name = Path.Combine(Path.GetTempPath(), \"repro-pipe-\" + Guid.NewGuid().ToString(\"N\").Substring(0, 8));\n" +
                   $"var server = new System.IO.Pipes.NamedPipeServerStream(name, System.IO.Pipes.PipeDirection.{(serverReads ? "In" : "Out")}, 1, System.IO.Pipes.PipeTransmissionMode.Byte, System.IO.Pipes.PipeOptions.None);\n" +
                   $"var client = new System.IO.Pipes.NamedPipeClientStream(\".\", name, System.IO.Pipes.PipeDirection.{(serverReads ? "Out" : "In")}, System.IO.Pipes.PipeOptions.None);\n" +
                   "var connecting = new System.Threading.Thread(() => client.Connect());\nconnecting.Start();\nserver.WaitForConnection();\nconnecting.Join();\n" +
                   PipeSource.Peer(ServerUnderTest ? "client" : "server", access) +
                   $"var stream = {(ServerUnderTest ? "server" : "client")};";
        }

        protected override Pair Connect(bool underTestReads)
        {
            var name = Scratch.NewTempPath("pipe");
            var serverReads = ServerUnderTest ? underTestReads : !underTestReads;
            using var build = new FixtureBuilder();
            var cleanup = build.Own(new SocketFile(name));
            var server = build.Own(new NamedPipeServerStream(name, serverReads ? PipeDirection.In : PipeDirection.Out, 1, PipeTransmissionMode.Byte, PipeOptions.None));
            var client = build.Own(new NamedPipeClientStream(".", name, serverReads ? PipeDirection.Out : PipeDirection.In, PipeOptions.None));
            Exception? acceptError = null;
            var accept = new Thread(() =>
            {
                try { server.WaitForConnection(); }
                catch (Exception e) { acceptError = e; }
            }) { IsBackground = true, Name = "streamconf-pipe-accept" };
            accept.Start();
            client.Connect((int)RecipeEnvironment.HelperTimeout.TotalMilliseconds);
            if (!accept.Join(RecipeEnvironment.HelperTimeout)) throw new TimeoutException("named pipe server did not see the connection");
            if (acceptError != null) throw new IOException("named pipe server failed to accept", acceptError);
            build.HandOver();
            return ServerUnderTest ? new Pair(server, client, cleanup) : new Pair(client, server, cleanup);
        }

        static void DeleteSocketFile(string path)
        {
            try { File.Delete(path); }
            catch (IOException) { }
            catch (UnauthorizedAccessException) { }
        }

        /// <summary>The runtime normally unlinks the socket file when the server closes; this makes sure.</summary>
        sealed class SocketFile : IDisposable
        {
            readonly string _path;
            public SocketFile(string path) => _path = path;
            public void Dispose() => DeleteSocketFile(_path);
        }
    }

    public sealed class NamedPipeServerRecipe : NamedPipeRecipe
    {
        protected override bool ServerUnderTest => true;
    }

    public sealed class NamedPipeClientRecipe : NamedPipeRecipe
    {
        protected override bool ServerUnderTest => false;
    }
}
