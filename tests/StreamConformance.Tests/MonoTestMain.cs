#if MONO_CORLIB
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework.Api;
using NUnit.Framework.Interfaces;
using NUnit.Framework.Internal;
using NUnit.Framework.Internal.Filters;

namespace StreamConformance.Tests
{
    /// <summary>
    /// Runs this assembly's NUnit tests under classic Mono. Prints one line per failed test, then
    /// "mono: N passed, N failed, N skipped". Optional args: a name filter (substring of the full test name)
    /// and "--results FILE" to write NUnit's XML.
    /// </summary>
    public static class MonoTestMain
    {
        public static int Main(string[] args)
        {
            string? filterText = null, resultsPath = null;
            for (var i = 0; i < args.Length; i++)
            {
                if (args[i] == "--results" && i + 1 < args.Length) resultsPath = args[++i];
                else filterText = args[i];
            }
            var runner = new NUnitTestAssemblyRunner(new DefaultTestAssemblyBuilder());
            runner.Load(typeof(MonoTestMain).Assembly, new Dictionary<string, object>());
            ITestFilter filter = filterText == null ? TestFilter.Empty : new SubstringFilter(filterText);
            // NUnit redirects Console.Out while tests run; report through the real one.
            var listener = new ConsoleListener(Console.Out);
            var result = runner.Run(listener, filter);
            if (resultsPath != null)
                File.WriteAllText(resultsPath, result.ToXml(true).OuterXml);
            Console.WriteLine($"mono: {listener.Passed} passed, {listener.Failed} failed, {listener.Skipped} skipped");
            return listener.Failed == 0 && listener.Passed > 0 ? 0 : 1;
        }

        sealed class SubstringFilter : TestFilter
        {
            readonly string _text;
            public SubstringFilter(string text) => _text = text;
            public override bool Match(ITest test) => test.FullName.IndexOf(_text, StringComparison.Ordinal) >= 0;
            public override TNode AddToXml(TNode parentNode, bool recursive) => parentNode.AddElement("substring", _text);
        }

        sealed class ConsoleListener : ITestListener
        {
            readonly TextWriter _out;
            public int Passed, Failed, Skipped;

            public ConsoleListener(TextWriter output) => _out = output;

            public void TestStarted(ITest test) { }

            public void TestFinished(ITestResult result)
            {
                if (result.Test.IsSuite) return;
                switch (result.ResultState.Status)
                {
                    case TestStatus.Passed: Passed++; break;
                    case TestStatus.Skipped:
                    case TestStatus.Inconclusive: Skipped++; break;
                    default:
                        Failed++;
                        _out.WriteLine($"FAILED {result.FullName}: {result.Message?.Trim()}");
                        if (!string.IsNullOrEmpty(result.StackTrace)) _out.WriteLine(result.StackTrace);
                        break;
                }
            }

            public void TestOutput(TestOutput output) { }
            public void SendMessage(TestMessage message) { }
        }
    }
}
#endif
