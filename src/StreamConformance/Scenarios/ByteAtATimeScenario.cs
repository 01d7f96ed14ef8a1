using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using StreamConformance.Meters.Syscalls;

namespace StreamConformance.Scenarios
{
    /// <summary>
    /// byte-at-a-time (seed 002): a file read one byte at a time through FileStream.ReadByte and through a
    /// BufferedStream over it. On a runtime copy with patch 0001 woven in (the allocating 2010 body of
    /// BufferedStream.ReadByte), the BufferedStream case is the 2010 one: the host runs this scenario there too and
    /// adds those rows with <see cref="AddCopy"/>.
    /// </summary>
    public sealed class ByteAtATimeScenario : IScenario
    {
        public const int DefaultBytes = 8 << 20, Rounds = 5;
        /// <summary>The seed's file: 1.5 GB, which the per-byte figures are extrapolated to.</summary>
        public const double PublishedBytes = 1.5e9;
        /// <summary>The patch that puts the 2010 body into a runtime copy.</summary>
        public const string PatchFolderName = "0001-bufferedstream-readbyte-regression-guard";

        public string Name => "byte-at-a-time";
        public string Source => "seed 002 (The Devil is in the Details, Logos, 2010): 1.5 GB read one byte at a time, BufferedStream.ReadByte over 12 min vs FileStream.ReadByte about 45 s";

        public const string FileCase = "FileStream.ReadByte", BufferedCase = "BufferedStream(FileStream).ReadByte";

        public ScenarioResult Run(ScenarioContext context)
        {
            var length = context.Scaled(DefaultBytes, 4096);
            var path = ScratchFile.Create(context.TempDirectory, "byte-at-a-time", length);
            var result = new ScenarioResult { Scenario = Name, Source = Source };
            result.Notes.Add($"file {ScenarioMeters.Bytes(length)} (published: 1.5 GB; per-byte figures extrapolated to 1.5 GB), read whole {Rounds} times per case after a warm-up read; 1 thread; FileStream bufferSize 4096, BufferedStream bufferSize 4096");
            result.Notes.Add("page cache: warm (the file was just written)");
            var traced = new System.Collections.Generic.List<(ScenarioCase, SyscallCell, string)>();
            foreach (var buffered in new[] { false, true })
            {
                var c = new ScenarioCase
                {
                    Name = buffered ? BufferedCase : FileCase, Baseline = !buffered,
                    Published = buffered ? "fixed since (the 2010 body: see the runtime copy's rows)" : "about 45 s per 1.5 GB (30 ns/byte)",
                };
                ReadAll(path, buffered, length);
                c.BytesPerOp = ScenarioMeters.BytesPerOp(() => ReadAll(path, buffered, length), length);
                c.Time = TimeFigure.Measure(Rounds, () =>
                {
                    var clock = Stopwatch.StartNew();
                    ReadAll(path, buffered, length);
                    return clock.Elapsed.TotalSeconds;
                }, "byte", length, context.Heartbeat);
                c.Note = "1.5 GB at this rate: " + Extrapolate(c.Time.Median);
                result.Cases.Add(c);
                traced.Add((c, new SyscallCell(Traced.ScenarioName, ("buffered", buffered), ("length", TracedBytes)), ScenarioMeters.Bytes(TracedBytes)));
            }
            ScenarioMeters.CountSyscalls(context, traced);
            return result.WithRatios();
        }

        public static string Extrapolate(double secondsPerByte)
        {
            var s = secondsPerByte * PublishedBytes;
            return s >= 120 ? (s / 60).ToString("0.#", CultureInfo.InvariantCulture) + " min" : s.ToString("0.#", CultureInfo.InvariantCulture) + " s";
        }

        /// <summary>Reads the file to its end one byte at a time, checking every byte.</summary>
        public static void ReadAll(string path, bool buffered, long length)
        {
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096);
            using Stream stream = buffered ? new BufferedStream(file, 4096) : (Stream)file;
            long at = 0;
            int b;
            while ((b = stream.ReadByte()) >= 0)
            {
                if (b != ScratchFile.ValueAt(at)) throw new InvalidDataException($"byte {at}: {b}, expected {ScratchFile.ValueAt(at)}");
                at++;
            }
            if (at != length) throw new InvalidDataException($"read {at} bytes, expected {length}");
        }

        /// <summary>
        /// The rows measured on the runtime copy with the 2010 body (<paramref name="copy"/>, run like any runtime),
        /// added to <paramref name="original"/> as a group of their own: their ratio is to the copy's own FileStream.ReadByte,
        /// measured in the same process.
        /// </summary>
        public static void AddCopy(ScenarioResult original, ScenarioResult copy)
        {
            if (copy.Error != null)
            {
                original.Notes.Add($"runtime copy {copy.Runtime} (2010 body): {copy.Error}");
                return;
            }
            foreach (var c in copy.Cases)
            {
                c.Group = "copy " + copy.Runtime + " (patch 0001: 2010 body)";
                if (c.Name == BufferedCase)
                {
                    c.Name = BufferedCase + ", 2010 body";
                    c.Published = "over 12 min per 1.5 GB (480 ns/byte): >16×";
                }
            }
            original.Cases.AddRange(copy.Cases);
            original.Notes.Add($"runtime copy {copy.Runtime}: this runtime with patch 0001 woven in (docs/patching.md); it ran the same cases in its own probe ({copy.Seconds:0.#} s)");
            original.Seconds += copy.Seconds;
        }

        /// <summary>Bytes read under strace: enough to show one read per buffer fill.</summary>
        public const int TracedBytes = 64 << 10;

        /// <summary>The same reads in the syscall meter's traced child. Parameters: buffered, length.</summary>
        public sealed class Traced : ISyscallScenario
        {
            public const string ScenarioName = "scenario.byte-at-a-time";
            public string Name => ScenarioName;

            public int Run(SyscallCell cell, SyscallRegion region)
            {
                var length = cell.GetInt("length");
                var content = new byte[length];
                for (var i = 0; i < length; i++) content[i] = ScratchFile.ValueAt(i);
                var path = region.NewFile(content);
                region.WatchFile(path);
                region.Begin();
                try { ReadAll(path, cell.Get("buffered") == "True", length); }
                catch (InvalidDataException e) { throw new ScenarioWrongResultException(e.Message); }
                finally { region.End(); }
                return length + 1;
            }
        }

        /// <summary>The copy's row with the 2010 body, if it was measured.</summary>
        public static ScenarioCase? Body2010(ScenarioResult result) => result.Cases.FirstOrDefault(c => c.Name == BufferedCase + ", 2010 body");
    }
}
