using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Results;

namespace StreamConformance.Tests.Reports
{
    /// <summary>The per-runtime syscall table on a hand-built run (no strace).</summary>
    public class SyscallTableTests
    {
        const string FileStream = "System.IO.FileStream";
        const string Read100 = "syscalls.file.read[handle=sync,api=Read,buffer=4096,chunk=100,length=65536]";
        const string WriteByte = "syscalls.file.write[handle=sync,api=WriteByte,buffer=4096,chunk=1,length=65536]";
        const string Pipe = "syscalls.pipe[api=Read,chunk=100]";
        const string RandomRead = "syscalls.random-access[api=Read,chunk=4096]";
        const string Buffered = "syscalls.buffered-stream[api=Read,buffer=4096,chunk=100,length=65536]";

        static CheckResult Cell(string runtime, string check, Outcome outcome, string message, int operations, params (string Name, int Calls)[] calls)
        {
            var r = new CheckResult { Runtime = runtime, Type = FileStream, Variant = "default", Check = check, Outcome = outcome, Message = message };
            r.WithMetric("operations", operations);
            foreach (var (name, n) in calls) r.WithMetric("syscalls." + name, (double)n / operations);
            r.WithMetric("syscalls.total", (double)calls.Sum(c => c.Calls) / operations);
            r.WithMetric("syscalls.background.total", 0);
            return r;
        }

        static RunDocument Run()
        {
            var doc = new RunDocument();
            doc.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "dotnet", Flavor = "coreclr", Version = "10.0.12" } });
            doc.Runtimes.Add(new RuntimeRun { Runtime = new RuntimeInfo { Name = "mono", Flavor = "mono", Version = "6.8.0.105" } });
            doc.Results.AddRange(new[]
            {
                // Out of family order on purpose: the table orders by family, then by first appearance.
                Cell("dotnet", Pipe, Outcome.Pass, "within budget", 10, ("read", 10)),
                Cell("dotnet", WriteByte, Outcome.Fail, "write calls: expected at most 16 (…), measured 17", 65536, ("lseek", 1), ("pwrite64", 17)),
                Cell("dotnet", Read100, Outcome.Fail, "read calls: expected at most 18 (…), measured 33", 657, ("pread64", 33)),
                Cell("mono", Read100, Outcome.Pass, "within budget", 657, ("read", 18)),
                Cell("mono", WriteByte, Outcome.Fail, "seek calls: expected at most 1 (…), measured 16", 65536, ("lseek", 16), ("write", 16)),
                Cell("mono", Pipe, Outcome.Skip, "no budget: readsPerWaitingRead for pipe.read in my|budgets.json; 10 operations", 10, ("read", 10)),
                Cell("dotnet", RandomRead, Outcome.Pass, "within budget", 16, ("pread64", 16)),
                new CheckResult { Runtime = "mono", Type = FileStream, Variant = "default", Check = "syscalls.random-access", Outcome = Outcome.Skip, Message = "RandomAccess does not exist on this runtime" },
                // Family-level skips on other recipes and non-syscall results stay out of the table.
                new CheckResult { Runtime = "mono", Type = "System.IO.MemoryStream", Variant = "default", Check = "syscalls.pipe", Outcome = Outcome.Skip, Message = "runs its own scenario matrix once per runtime" },
                new CheckResult { Runtime = "dotnet", Type = FileStream, Variant = "default", Check = "read-byte.values", Outcome = Outcome.Pass, Message = "" },
                new CheckResult { Runtime = "dotnet", Type = FileStream, Variant = "default", Check = "syscalls.fsync-batching", Outcome = Outcome.Pass, Message = "verdict" },
                Cell("dotnet", Buffered, Outcome.Fail, "wrong data: byte 5 differs; calls: read=17", 657, ("read", 17)),
            });
            return doc;
        }

        [Test]
        public void RowsAreCellsInFamilyOrderAndColumnsAreRuntimes()
        {
            var table = SyscallTable.From(Run());
            Assert.That(table.Columns.Select(c => c.Title), Is.EqualTo(new[] { "dotnet (coreclr 10.0.12)", "mono (mono 6.8.0.105)" }));
            Assert.That(table.Rows.Select(r => r.Family), Is.EqualTo(new[] { "file.read", "file.write", "buffered-stream", "pipe", "random-access" }));
            Assert.That(table.Rows.Select(r => r.Stream), Is.EqualTo(new[] { "FileStream", "FileStream", "BufferedStream", "AnonymousPipe", "RandomAccess" }));
            Assert.That(table.Rows[0].Parameters, Is.EqualTo("handle=sync,api=Read,buffer=4096,chunk=100,length=65536"));
        }

        [Test]
        public void CellsShowCallsPerRegionAndMarkOverBudget()
        {
            var table = SyscallTable.From(Run());
            var read = table.Rows[0].Cells;
            Assert.That(read["dotnet"].Text, Is.EqualTo("pread64 33 / 657 ops ✗"));
            Assert.That(read["dotnet"].OverBudget, Is.True);
            Assert.That(read["mono"].Text, Is.EqualTo("read 18 / 657 ops"));
            Assert.That(read["mono"].OverBudget, Is.False);
            var write = table.Rows[1].Cells;
            Assert.That(write["dotnet"].Text, Is.EqualTo("pwrite64 17, lseek 1 / 65536 ops ✗"));
            Assert.That(write["dotnet"].Calls, Is.EqualTo(new[] { new KeyValuePair<string, int>("pwrite64", 17), new KeyValuePair<string, int>("lseek", 1) }));
            Assert.That(write["mono"].Text, Is.EqualTo("lseek 16, write 16 / 65536 ops ✗"));
            Assert.That(table.Rows[2].Cells["dotnet"].Text, Is.EqualTo("wrong data: read 17 / 657 ops"));
            Assert.That(table.Rows[2].Cells["mono"].Text, Is.EqualTo("—"));
            Assert.That(table.Rows[3].Cells["mono"].Text, Is.EqualTo("read 10 / 10 ops (no budget)"));
            Assert.That(table.Rows[3].Cells["mono"].OverBudget, Is.False);
            Assert.That(table.Rows[4].Cells["mono"].Text, Is.EqualTo("skip: RandomAccess does not exist on this runtime"));
        }

        [Test]
        public void MarkdownIsATableWithEscapedText()
        {
            var md = MarkdownExporter.Syscalls(SyscallTable.From(Run()));
            var lines = md.Split('\n');
            Assert.That(lines[0], Is.EqualTo("| stream | cell | dotnet (coreclr 10.0.12) | mono (mono 6.8.0.105) |"));
            Assert.That(lines[1], Is.EqualTo("|---|---|---|---|"));
            Assert.That(lines[2], Is.EqualTo("| FileStream | file.read handle=sync,api=Read,buffer=4096,chunk=100,length=65536 | **pread64 33 / 657 ops ✗** | read 18 / 657 ops |"));
            Assert.That(lines.Count(l => l.StartsWith("| ", System.StringComparison.Ordinal)), Is.EqualTo(6), "header and five rows");
            Assert.That(md, Does.Contain(SyscallTable.Legend));
        }

        [Test]
        public void HtmlIsAnEncodedFragment()
        {
            var html = HtmlExporter.Syscalls(SyscallTable.From(Run()));
            Assert.That(html, Does.StartWith("<table class=\"syscalls\"><tr><th>stream</th><th>cell</th><th>dotnet (coreclr 10.0.12)</th>"));
            Assert.That(html, Does.Not.Contain("<html").And.Not.Contain("<body"));
            Assert.That(html, Does.Contain("<td class=\"fail\" title=\"read calls: expected at most 18 (…), measured 33\"><strong>pread64 33 / 657 ops ✗</strong></td>"));
            Assert.That(html, Does.Contain("title=\"no budget: readsPerWaitingRead for pipe.read in my|budgets.json; 10 operations\""));
            Assert.That(html, Does.Contain("<td class=\"missing\">—</td>"));
            var doc = Run();
            doc.Results[0].Message = "<script>&";
            Assert.That(HtmlExporter.Syscalls(SyscallTable.From(doc)), Does.Contain("title=\"&lt;script&gt;&amp;\"").And.Not.Contain("<script>"));
        }

        [Test]
        public void ARunWithoutSyscallResultsSaysSo()
        {
            var doc = new RunDocument();
            Assert.That(MarkdownExporter.Syscalls(SyscallTable.From(doc)), Is.EqualTo("No syscall results.\n"));
            Assert.That(HtmlExporter.Syscalls(SyscallTable.From(doc)), Is.EqualTo("<p>No syscall results.</p>\n"));
        }
    }
}
