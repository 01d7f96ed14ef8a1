#if NET
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using NUnit.Framework;
using StreamConformance.Reports;
using StreamConformance.Results;
using StreamConformance.Tests.Cli;
using StreamConformance.Tests.Isolation;

namespace StreamConformance.Tests.Reports
{
    /// <summary>
    /// The page as `streamconf report R.json --html` writes it, with its ScottPlot charts (the renderer lives in the
    /// net10.0 CLI): self-contained, small, and rendered by Debian's chromium without a console error; and a patch's
    /// evidence page (`streamconf patch report evidence.json --html`), its intervals drawn as whiskers.
    /// </summary>
    public class HtmlChartTests
    {
        string _dir = "";

        [SetUp]
        public void SetUp() => Directory.CreateDirectory(_dir = Path.Combine(Path.GetTempPath(), "streamconf-html-" + Guid.NewGuid().ToString("N")));

        [TearDown]
        public void TearDown() => Directory.Delete(_dir, true);

        string PageOf(RunDocument doc)
        {
            var json = Path.Combine(_dir, "run.json");
            using (var w = new StreamWriter(json)) new JsonExporter().Export(RunAnalysis.Of(doc), w);
            var html = Path.Combine(_dir, "page.html");
            var run = StreamConfProcess.Run("report", json, "--html", html);
            Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
            return html;
        }

        /// <summary>Each chart figure's SVG and the fill colours of its series.</summary>
        static List<(string Svg, string[] Colors)> Charts(string html) =>
            Regex.Matches(html, "<figure class=\"chart\" data-series-colors=\"([^\"]*)\">(.*?)</figure>", RegexOptions.Singleline | RegexOptions.IgnoreCase)
                .Select(m => (m.Groups[2].Value, m.Groups[1].Value.Split(' '))).ToList();

        /// <summary>
        /// Bars drawn: rects filled with a series colour, of non-zero width and height, less the legend's one swatch per
        /// series (a chart with no bar still has its legend).
        /// </summary>
        static int Marks(string svg, string[] colors) => -colors.Length +
            Regex.Matches(svg, "<rect\\b[^>]*>", RegexOptions.IgnoreCase).Count(m =>
            {
                var fill = Regex.Match(m.Value, "fill=\"([^\"]+)\"", RegexOptions.IgnoreCase).Groups[1].Value;
                double Dim(string name) => double.TryParse(Regex.Match(m.Value, "\\b" + name + "=\"([^\"]+)\"").Groups[1].Value,
                    System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var v) ? v : 0;
                return colors.Any(c => string.Equals(c, fill, StringComparison.OrdinalIgnoreCase)) && Dim("width") > 0 && Dim("height") > 0;
            });

        /// <summary>A committed patch's evidence (five processes per side on both runtimes): the page is built from it, no sweep.</summary>
        static string EvidenceJson => Path.Combine(RepoPaths.Root, "patches", "0001-bufferedstream-readbyte-regression-guard", "evidence.json");

        string EvidencePage()
        {
            var html = Path.Combine(_dir, "evidence.html");
            var run = StreamConfProcess.Run("patch", "report", EvidenceJson, "--html", html);
            Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
            return html;
        }

        /// <summary>
        /// Whiskers drawn: horizontal segments ("M x y L x2 y") of paths stroked in the interval colour, one per interval
        /// (the caps at either end are vertical).
        /// </summary>
        static int Whiskers(string svg) =>
            Regex.Matches(svg, "<path\\b[^>]*stroke=\"" + StreamConformance.Reports.Charts.BarInterval.Color + "\"[^>]*>", RegexOptions.IgnoreCase)
                .Sum(path => Regex.Matches(path.Value, "M([-\\d.e+]+) ([-\\d.e+]+)L([-\\d.e+]+) ([-\\d.e+]+)").Count(m =>
                    m.Groups[2].Value == m.Groups[4].Value && m.Groups[1].Value != m.Groups[3].Value));

        static readonly string[] Sides = { "original", "aa", "patched" };

        /// <summary>
        /// Intervals the evidence file has where a chart has bars: a measured (not exact) figure of a side whose processes
        /// did not all agree, in a row with a side above 0 (a row of zeros is in the table only).
        /// </summary>
        static int IntervalsIn(string evidenceJson)
        {
            var doc = Newtonsoft.Json.Linq.JObject.Parse(File.ReadAllText(evidenceJson));
            var figures = doc["runtimes"]!.SelectMany(r => r["figures"]!).ToList();
            // Every row fits its chart (at most 20 per operation): otherwise a row left out would carry intervals the page does not draw.
            Assert.That(doc["runtimes"]!.Max(r => r["figures"]!.GroupBy(f => ((string)f["check"]!).Split('[')[0] + " " + (string)f["metric"]!).Max(g => g.Count())),
                Is.LessThanOrEqualTo(StreamConformance.Evidence.Page.EvidenceCharts.MaxRows));
            return figures.Where(f => !(bool)f["exact"]! && Sides.Any(side => f[side] is Newtonsoft.Json.Linq.JObject fig && (double)fig["value"]! > 0))
                .Sum(f => Sides.Count(side => f[side] is Newtonsoft.Json.Linq.JObject fig && (double)fig["low"]! < (double)fig["high"]!));
        }

        [Test]
        public void TheEvidencePageDrawsEveryIntervalOfTheDocumentAndNoneForAnExactFigure()
        {
            var html = File.ReadAllText(EvidencePage());
            var charts = Charts(html);
            // Headline first: the page opens with the patch and its headline figure, before any chart.
            Assert.That(html.IndexOf("class=\"headline\"", StringComparison.Ordinal), Is.LessThan(html.IndexOf("<figure", StringComparison.Ordinal)));
            Assert.That(charts, Has.Count.GreaterThan(10));
            foreach (var (svg, colors) in charts)
            {
                Assert.That(colors, Has.Length.EqualTo(3), "original, A/A, patched");
                Assert.That(Marks(svg, colors), Is.GreaterThan(0), "a chart with no bar");
            }
            var expected = IntervalsIn(EvidenceJson);
            Assert.That(expected, Is.GreaterThan(100), "the fixture has intervals to draw");
            Assert.That(charts.Sum(c => Whiskers(c.Svg)), Is.EqualTo(expected), "one whisker per figure with an interval");
            // Exact allocation figures keep no fake interval.
            var bytes = charts.Where(c => c.Svg.Contains("bytes allocated per call", StringComparison.Ordinal)).ToList();
            Assert.That(bytes, Is.Not.Empty);
            Assert.That(bytes.Sum(c => Whiskers(c.Svg)), Is.Zero);
            foreach (var outside in new[] { "http:", "https:", "src=", "<script", "<link", "url(http", "<?xml" })
                Assert.That(html, Does.Not.Contain(outside));
        }

        [Test]
        public void AnEvidenceFileGivenToReportIsNamedForWhatItIs()
        {
            StreamConfProcess.AssertBadInput(StreamConfProcess.Run("report", EvidenceJson), "patch report");
            StreamConfProcess.AssertBadInput(StreamConfProcess.Run("patch", "report", Path.Combine(_dir, "missing.json")), "missing.json");
        }

        [Test]
        public void EveryMatrixSectionHasAChartWithBarsAndNothingFromOutside()
        {
            var html = File.ReadAllText(PageOf(SyntheticRuns.FourRuntimeRun()));
            var charts = Charts(html);
            Assert.That(charts, Has.Count.EqualTo(3), "bytes/call, ×limit, syscalls");
            foreach (var (svg, colors) in charts)
            {
                Assert.That(svg, Does.StartWith("<svg"));
                Assert.That(colors, Has.Length.EqualTo(4));
                Assert.That(Marks(svg, colors), Is.GreaterThan(0), "a chart with no bar");
            }
            foreach (var outside in new[] { "http:", "https:", "src=", "<script", "<link", "url(http", "<?xml" })
                Assert.That(html, Does.Not.Contain(outside));
            Assert.That(Regex.Matches(html, "<h1>").Count, Is.EqualTo(1));
        }

        [Test]
        public void APageForARunTheSizeOfADefaultSweepIsUnderOneMegabyte()
        {
            var doc = SyntheticRuns.DefaultSweepSized();
            var path = PageOf(doc);
            var size = new FileInfo(path).Length;
            TestContext.Out.WriteLine($"{doc.Results.Count} results → {size:N0} bytes of HTML");
            Assert.That(doc.Results.Count, Is.GreaterThan(3500));
            Assert.That(Charts(File.ReadAllText(path)), Has.Count.EqualTo(3));
            Assert.That(size, Is.LessThan(1_000_000));
        }

        [Test]
        public void ChromiumRendersThePageWithoutAConsoleErrorAndEveryChartHasData()
        {
            var chromium = new[] { "/usr/bin/chromium", "/usr/bin/chromium-browser" }.FirstOrDefault(File.Exists);
            if (chromium == null) Assert.Ignore("chromium is not installed (./build.sh test installs Debian's chromium): the page was not rendered");

            // The control: a page with a broken SVG attribute must show up on chromium's console log, or a clean log proves nothing.
            var planted = Path.Combine(_dir, "planted.html");
            File.WriteAllText(planted, "<!doctype html><html><body><svg><rect width=\"abc\"/></svg></body></html>");
            var control = Chromium(chromium, planted, "--dump-dom");
            if (ConsoleLines(control.Log).Count == 0)
                Assert.Ignore("chromium logged no console message for a page with a planted error: its log cannot show a clean page\n" + control.Log);

            var page = PageOf(SyntheticRuns.FourRuntimeRun());
            var rendered = Chromium(chromium, page, "--dump-dom");
            Assert.That(ConsoleLines(rendered.Log), Is.Empty, "console messages while rendering the page");
            var charts = Charts(rendered.Dom);
            Assert.That(charts, Has.Count.EqualTo(3), "charts in the DOM chromium rendered");
            foreach (var (svg, colors) in charts)
                Assert.That(Marks(svg, colors), Is.GreaterThan(0), "a chart chromium rendered has no bar");

            var screenshot = Path.Combine(RepoPaths.Root, "artifacts", "report.png");
            Directory.CreateDirectory(Path.GetDirectoryName(screenshot)!);
            File.Delete(screenshot);
            Chromium(chromium, page, "--screenshot=" + screenshot, "--window-size=1280,2400");
            Assert.That(new FileInfo(screenshot).Exists && new FileInfo(screenshot).Length > 10_000, Is.True, "no screenshot at " + screenshot);
            TestContext.Out.WriteLine("screenshot: " + screenshot);

            // The patch evidence page, from a committed evidence.json: the same rules, and its intervals survive rendering.
            var evidence = EvidencePage();
            var shown = Chromium(chromium, evidence, "--dump-dom");
            Assert.That(ConsoleLines(shown.Log), Is.Empty, "console messages while rendering the evidence page");
            var evidenceCharts = Charts(shown.Dom);
            Assert.That(evidenceCharts, Has.Count.GreaterThan(10), "charts in the evidence page chromium rendered");
            foreach (var (svg, colors) in evidenceCharts)
                Assert.That(Marks(svg, colors), Is.GreaterThan(0), "an evidence chart chromium rendered has no bar");
            Assert.That(evidenceCharts.Sum(c => Whiskers(c.Svg)), Is.EqualTo(IntervalsIn(EvidenceJson)), "whiskers in the rendered evidence page");
            var evidenceShot = Path.Combine(RepoPaths.Root, "artifacts", "evidence.png");
            File.Delete(evidenceShot);
            Chromium(chromium, evidence, "--screenshot=" + evidenceShot, "--window-size=1280,2400");
            Assert.That(new FileInfo(evidenceShot).Exists && new FileInfo(evidenceShot).Length > 10_000, Is.True, "no screenshot at " + evidenceShot);
            TestContext.Out.WriteLine("screenshot: " + evidenceShot);
        }

        /// <summary>Messages from the page's console (errors, SVG attribute errors, uncaught exceptions): chromium logs them as "INFO:CONSOLE".</summary>
        static List<string> ConsoleLines(string log) =>
            log.Split('\n').Where(l => l.Contains(":CONSOLE", StringComparison.Ordinal)).ToList();

        (string Dom, string Log) Chromium(string chromium, string page, params string[] args)
        {
            // CI runs as root: no sandbox; a profile of its own so parallel runs do not share one.
            var psi = new ProcessStartInfo(chromium) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            foreach (var a in new[] { "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--user-data-dir=" + Path.Combine(_dir, "profile") })
                psi.ArgumentList.Add(a);
            foreach (var a in args) psi.ArgumentList.Add(a);
            psi.ArgumentList.Add(new Uri(page).AbsoluteUri);
            using var p = Process.Start(psi)!;
            var stdout = p.StandardOutput.ReadToEndAsync();
            var stderr = p.StandardError.ReadToEndAsync();
            if (!p.WaitForExit(120_000))
            {
                p.Kill(entireProcessTree: true);
                Assert.Fail("chromium did not finish within 120 s");
            }
            return (stdout.Result, stderr.Result);
        }
    }
}
#endif
