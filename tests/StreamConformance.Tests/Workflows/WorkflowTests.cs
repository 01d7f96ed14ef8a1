using System.Collections.Generic;
using System.IO;
using System.Linq;
using NUnit.Framework;
using StreamConformance.Tests.Isolation;
using YamlDotNet.RepresentationModel;

namespace StreamConformance.Tests.Workflows
{
    /// <summary>
    /// .github/workflows/sweep.yml: valid YAML with the keys GitHub Actions requires, and the plan it promises (a sweep
    /// per machine, each JSON uploaded, one job merging them). Read with YamlDotNet's node model, where `on` stays
    /// the string it is (a YAML 1.1 reader would make it a boolean).
    /// </summary>
    public class WorkflowTests
    {
        static string WorkflowPath => Path.Combine(RepoPaths.Root, ".github", "workflows", "sweep.yml");

        static YamlMappingNode Load(string text)
        {
            var stream = new YamlStream();
            stream.Load(new StringReader(text));
            return (YamlMappingNode)stream.Documents.Single().RootNode;
        }

        static YamlNode? Get(YamlMappingNode map, string key) =>
            map.Children.TryGetValue(new YamlScalarNode(key), out var node) ? node : null;

        static IEnumerable<string> Scalars(YamlNode? node) => node switch
        {
            YamlScalarNode s => new[] { s.Value ?? "" },
            YamlSequenceNode seq => seq.Children.OfType<YamlScalarNode>().Select(s => s.Value ?? ""),
            _ => Enumerable.Empty<string>(),
        };

        /// <summary>What GitHub requires of a workflow file: each break of a rule, as text (none: valid).</summary>
        static List<string> Problems(YamlMappingNode root)
        {
            var problems = new List<string>();
            if (Get(root, "on") == null) problems.Add("no 'on'");
            if (!(Get(root, "jobs") is YamlMappingNode jobs) || jobs.Children.Count == 0)
            {
                problems.Add("no 'jobs'");
                return problems;
            }
            var names = jobs.Children.Keys.Select(k => ((YamlScalarNode)k).Value ?? "").ToList();
            foreach (var pair in jobs.Children)
            {
                var name = ((YamlScalarNode)pair.Key).Value;
                if (!(pair.Value is YamlMappingNode job)) { problems.Add($"{name}: not a mapping"); continue; }
                if (!(Get(job, "runs-on") is YamlScalarNode runsOn) || string.IsNullOrEmpty(runsOn.Value)) problems.Add($"{name}: no 'runs-on'");
                if (!(Get(job, "steps") is YamlSequenceNode steps) || steps.Children.Count == 0) { problems.Add($"{name}: no 'steps'"); continue; }
                for (var i = 0; i < steps.Children.Count; i++)
                {
                    var step = steps.Children[i] as YamlMappingNode;
                    if (step == null || (Get(step, "uses") == null) == (Get(step, "run") == null))
                        problems.Add($"{name}: step {i + 1} has neither or both of 'uses' and 'run'");
                }
                foreach (var need in Scalars(Get(job, "needs")).Where(n => !names.Contains(n)))
                    problems.Add($"{name}: needs '{need}', which is no job");
            }
            return problems;
        }

        [Test]
        public void TheSweepWorkflowHasWhatGitHubRequires()
        {
            Assert.That(File.Exists(WorkflowPath), WorkflowPath);
            Assert.That(Problems(Load(File.ReadAllText(WorkflowPath))), Is.Empty);
        }

        [Test]
        public void TheRulesCatchABrokenWorkflow()
        {
            var broken = Load("name: x\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - name: nothing to do\n  b:\n    needs: [a, c]\n    steps:\n      - run: echo\n");
            Assert.That(Problems(broken), Is.EquivalentTo(new[]
            {
                "no 'on'", "a: step 1 has neither or both of 'uses' and 'run'", "b: no 'runs-on'", "b: needs 'c', which is no job",
            }));
        }

        [Test]
        public void EachMachineSweepsAndUploadsAndTheLastJobMergesThem()
        {
            var jobs = (YamlMappingNode)Get(Load(File.ReadAllText(WorkflowPath)), "jobs")!;
            string Text(YamlNode node) => string.Join("\n", node.AllNodes.OfType<YamlScalarNode>().Select(s => s.Value));
            var byRunner = jobs.Children.ToDictionary(p => ((YamlScalarNode)p.Key).Value!, p => (YamlMappingNode)p.Value);
            var sweeps = byRunner.Where(p => Text(p.Value).Contains(" sweep ")).ToList();
            Assert.That(sweeps.Select(p => ((YamlScalarNode)Get(p.Value, "runs-on")!).Value), Is.EquivalentTo(new[] { "ubuntu-latest", "windows-latest", "macos-latest" }));
            foreach (var (name, job) in sweeps.Select(p => (p.Key, p.Value)))
            {
                Assert.That(Text(job), Does.Contain("actions/upload-artifact").And.Contain("--json"), name);
                Assert.That(Text(job), Does.Contain("--runtime 8.0 --runtime 9.0 --runtime dotnet"), name);
            }
            Assert.That(Text(byRunner["sweep-ubuntu"]), Does.Contain("mono-complete").And.Contain("--runtime mono"));
            Assert.That(Text(byRunner["sweep-windows"]), Does.Contain("build.cmd"));

            var merge = byRunner["merge"];
            Assert.That(Scalars(Get(merge, "needs")), Is.EquivalentTo(sweeps.Select(p => p.Key)));
            Assert.That(Text(merge), Does.Contain("actions/download-artifact").And.Contain("streamconf.dll merge").And.Contain("--html").And.Contain("--markdown"));
        }
    }
}
