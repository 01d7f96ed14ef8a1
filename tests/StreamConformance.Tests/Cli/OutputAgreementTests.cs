#if NET
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Tests.Reports;
using Agreement = StreamConformance.Tests.Reports.OutputAgreementTests;

namespace StreamConformance.Tests.Cli
{
    /// <summary>
    /// `report RESULT.json` with --json, --markdown and --html: the console, the three files and the analysis list the
    /// same findings by id, in one order, with and without --expectations and --all (the console shows the first 40
    /// without --all).
    /// </summary>
    public class OutputAgreementTests
    {
        const int ConsoleShows = 40;

        [TestCase(false, false)]
        [TestCase(true, false)]
        [TestCase(false, true)]
        [TestCase(true, true)]
        public void TheConsoleAndEveryFileListTheSameFindings(bool withExpectations, bool all)
        {
            var folder = Path.Combine(Path.GetTempPath(), "streamconf-agreement-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            try
            {
                var document = SyntheticRuns.FindingsRun();
                var saved = Path.Combine(folder, "run.json");
                using (var w = new StreamWriter(saved)) new JsonExporter().Export(RunAnalysis.Of(document), w);
                var expectationsFile = Path.Combine(folder, "expectations.json");
                File.WriteAllText(expectationsFile, SyntheticRuns.FindingsExpectationsJson);

                var args = new List<string> { "report", saved, "--json", Path.Combine(folder, "out.json"), "--markdown", Path.Combine(folder, "out.md"), "--html", Path.Combine(folder, "out.html") };
                if (withExpectations) args.AddRange(new[] { "--expectations", expectationsFile });
                if (all) args.Add("--all");
                var outcome = StreamConfProcess.Run(args.ToArray());
                Assert.That(outcome.ExitCode, Is.EqualTo(0), outcome.StandardError);

                var ids = RunAnalysis.Of(document, withExpectations ? SyntheticRuns.FindingsExpectations : null).Findings.Select(f => f.Id).ToList();
                Assert.That(ids, Has.Count.GreaterThan(ConsoleShows), "more findings than the console shows without --all");
                Assert.That(Agreement.JsonIds(File.ReadAllText(Path.Combine(folder, "out.json"))), Is.EqualTo(ids), "json");
                Assert.That(Agreement.IdsIn(File.ReadAllText(Path.Combine(folder, "out.md"))), Is.EqualTo(ids), "markdown");
                Assert.That(Agreement.IdsIn(File.ReadAllText(Path.Combine(folder, "out.html"))), Is.EqualTo(ids), "html");

                // The findings table comes first; with --all, the results behind each finding follow it, headed by their count.
                var console = outcome.StandardOutput;
                var behind = console.IndexOf("the results behind the", StringComparison.Ordinal);
                Assert.That(behind >= 0, Is.EqualTo(all), console);
                var table = behind >= 0 ? console.Substring(0, behind) : console;
                Assert.That(Agreement.IdsIn(table), Is.EqualTo(all ? ids : ids.Take(ConsoleShows).ToList()), console);
                if (all) Assert.That(console, Does.Contain($"the results behind the {ids.Count} findings ({ids.Count})"), "one failing result per finding here");
                else Assert.That(console, Does.Contain($"… and {ids.Count - ConsoleShows} more"));
            }
            finally
            {
                Directory.Delete(folder, true);
            }
        }
    }
}
#endif
