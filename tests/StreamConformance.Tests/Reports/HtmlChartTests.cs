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
    /// net10.0 CLI): self-contained, small, and rendered by Debian's chromium without a console error.
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
            using (var w = new StreamWriter(json)) new JsonExporter().Export(doc, w);
            var html = Path.Combine(_dir, "page.html");
            var run = StreamConfProcess.Run("report", json, "--html", html);
            Assert.That(run.ExitCode, Is.EqualTo(0), run.StandardError + run.StandardOutput);
            return html;
        }

        /// <summary>Each chart figure's SVG and the fill colours of its series.</summary>
        static List<(string Svg, string[] Colors)> Charts(string html) =>
            Regex.Matches(html, "<figure class=\"chart\" data-series-colors=\"([^\"]*)\">(.*?)</figure>", RegexOptions.Singleline | RegexOptions.IgnoreCase)
                .Select(m => (m.Groups[2].Value, m.Groups[1].Value.Split(' '))).ToList();

        /// <summary>Bars drawn: rects filled with a series colour, of non-zero width and height.</summary>
        static int Marks(string svg, string[] colors) =>
            Regex.Matches(svg, "<rect\\b[^>]*>", RegexOptions.IgnoreCase).Count(m =>
            {
                var fill = Regex.Match(m.Value, "fill=\"([^\"]+)\"", RegexOptions.IgnoreCase).Groups[1].Value;
                double Dim(string name) => double.TryParse(Regex.Match(m.Value, "\\b" + name + "=\"([^\"]+)\"").Groups[1].Value,
                    System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var v) ? v : 0;
                return colors.Any(c => string.Equals(c, fill, StringComparison.OrdinalIgnoreCase)) && Dim("width") > 0 && Dim("height") > 0;
            });

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
