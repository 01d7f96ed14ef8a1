using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;

namespace StreamConformance.Meters.Syscalls
{
    // One concept: a syscall scenario's contract: the interface, the region it is handed, the exceptions it throws.
    /// <summary>
    /// Code run in the traced child process. It prepares its streams, calls <see cref="SyscallRegion.Begin"/>,
    /// performs the operations, calls <see cref="SyscallRegion.End"/>, then checks what it read. Found by reflection
    /// (public, parameterless constructor) in this assembly and in an extra assembly given to the meter.
    /// </summary>
    public interface ISyscallScenario
    {
        /// <summary>Scenario name used in cells, e.g. "file.read".</summary>
        string Name { get; }

        /// <summary>
        /// Runs one cell and returns how many operations the region performed. Throw
        /// <see cref="ScenarioUnsupportedException"/> when the runtime cannot do what the cell asks and
        /// <see cref="ScenarioWrongResultException"/> when the stream returned wrong data.
        /// </summary>
        int Run(SyscallCell cell, SyscallRegion region);
    }

    /// <summary>The measured region of one cell, and the scratch space a scenario may use.</summary>
    public sealed class SyscallRegion
    {
        readonly string _beginPath, _endPath;

        internal SyscallRegion(string beginPath, string endPath, string tempDirectory)
        {
            _beginPath = beginPath;
            _endPath = endPath;
            TempDirectory = tempDirectory;
        }

        public string TempDirectory { get; }

        /// <summary>
        /// Count the calls of every thread between the markers, not only the marking thread's: set for async
        /// operations, whose I/O may be issued by thread-pool threads. Other threads' unrelated calls then count too.
        /// </summary>
        public bool AllThreads { get; set; }

        /// <summary>Descriptors of the stream under test (pipes, sockets): their calls count on every thread.</summary>
        public List<int> WatchedDescriptors { get; } = new List<int>();
        /// <summary>Files of the stream under test, as strace -y names their descriptors: their calls count on every thread.</summary>
        public List<string> WatchedPaths { get; } = new List<string>();

        /// <summary>Attributes every call on this file's descriptors to the region, whichever thread makes it.</summary>
        public void WatchFile(string path) => WatchedPaths.Add(Path.GetFullPath(path));

        /// <summary>Attributes every call on this handle's descriptor (its value is the fd on Unix) to the region.</summary>
        public void WatchHandle(SafeHandle handle) => WatchDescriptor(handle.DangerousGetHandle());

        public void WatchDescriptor(System.IntPtr fd) => WatchedDescriptors.Add(checked((int)fd.ToInt64()));

        internal bool Begun { get; private set; }
        internal bool Ended { get; private set; }

        /// <summary>Marks the start of the region: a failed stat of a unique path, which strace shows with the calling thread id.</summary>
        public void Begin()
        {
            Begun = true;
            File.Exists(_beginPath);
        }

        public void End()
        {
            File.Exists(_endPath);
            Ended = true;
        }

        /// <summary>A fresh file in the scratch folder holding <paramref name="content"/>.</summary>
        public string NewFile(byte[] content)
        {
            var path = Path.Combine(TempDirectory, "syscalls-" + Guid.NewGuid().ToString("N") + ".bin");
            File.WriteAllBytes(path, content);
            return path;
        }
    }

    /// <summary>The runtime cannot do what the cell asks (API missing, argument rejected): the cell is skipped with this reason.</summary>
    public sealed class ScenarioUnsupportedException : Exception
    {
        public ScenarioUnsupportedException(string message) : base(message) { }
    }

    /// <summary>The stream did the operations but returned or stored wrong data: the cell fails whatever the counts.</summary>
    public sealed class ScenarioWrongResultException : Exception
    {
        public ScenarioWrongResultException(string message) : base(message) { }
    }
}
