using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Recipes;
using StreamConformance.Results;

namespace StreamConformance.Probe
{
    /// <summary>
    /// Runs inside the target runtime: resolves each requested type, builds it with its recipes and runs every
    /// selected check on it, reporting each step as a <see cref="ProbeEvent"/>. Used by the probe process and,
    /// in-process, by the tests.
    /// </summary>
    public sealed class ProbeRunner
    {
        readonly ProbeRequest _request;
        readonly Action<ProbeEvent> _emit;
        readonly IReadOnlyList<IStreamCheck> _checks;
        readonly CheckContext _context;

        readonly IClaimFiles? _claimFiles;

        /// <param name="claimFiles">How the request's claims are made (<see cref="ItemClaims"/>); null: as files of this process.</param>
        public ProbeRunner(ProbeRequest request, Action<ProbeEvent> emit, IReadOnlyList<IStreamCheck>? checks = null, IClaimFiles? claimFiles = null)
        {
            _request = request;
            _claimFiles = claimFiles;
            _emit = emit;
            _checks = checks ?? CheckCatalog.Select(request.Checks);
            _context = new CheckContext
            {
                Seed = request.Seed,
                Quick = request.Quick,
                Strict = request.Strict,
                Recipes = string.IsNullOrEmpty(request.TempDirectory) ? RecipeEnvironment.ForProcess : new RecipeEnvironment(request.TempDirectory),
                RuntimeName = request.Runtime,
                Budgets = request.BudgetsPath != null ? BudgetLoader.Load(request.BudgetsPath) : null,
                Checks = _checks,
            };
            if (request.RuntimeCommand != null) _context.Syscalls = new Meters.Syscalls.SyscallMeter(request.RuntimeCommand);
            var sinceAlive = System.Diagnostics.Stopwatch.StartNew();
            _context.Heartbeat = () =>
            {
                if (sinceAlive.ElapsedMilliseconds < 1000) return;
                sinceAlive.Restart();
                _emit(new AliveEvent());
            };
            _context.Announce = expected =>
            {
                sinceAlive.Restart();
                _emit(new AliveEvent { Seconds = Math.Round(expected.TotalSeconds, 3) });
            };
        }

        public CheckContext Context => _context;

        public void Run()
        {
            _emit(new HelloEvent { Runtime = CurrentRuntime.Describe(_request.Runtime, _request.ReportAssemblies) });
            var claims = _request.ClaimDirectory != null ? new ItemClaims(_request.ClaimDirectory, _claimFiles) : null;
            for (var i = 0; i < _request.Items.Count; i++)
            {
                // The host gave this item, and so every later one, to another probe.
                if (claims != null && !claims.ClaimForProbe(_request.ClaimOffset + i)) break;
                var item = _request.Items[i];
                if (_request.Kind == ProbeRequest.ScenarioKind) RunScenario(item);
                else RunItem(item);
            }
            _emit(new DoneEvent());
        }

        /// <summary>A scenario request's item: a scenario name. Announced as a check, so a crash or hang is blamed on it.</summary>
        void RunScenario(ProbeItem item)
        {
            _emit(new TypeEvent { Type = item.Type });
            if (_request.Skip.Contains(ProbeRequest.Key(item.Type, "", ScenarioStep))) return;
            _emit(new CheckEvent { Type = item.Type, Variant = "", Check = ScenarioStep });
            var scenario = Scenarios.ScenarioCatalog.Find(item.Type);
            var result = scenario == null
                ? new Scenarios.ScenarioResult { Scenario = item.Type, Error = "no scenario of that name in this probe" }
                : Scenarios.ScenarioCatalog.Run(scenario, new Scenarios.ScenarioContext
                {
                    Size = _request.ScenarioSize,
                    TempDirectory = _context.TempDirectory,
                    Syscalls = _context.Syscalls,
                    Heartbeat = _context.Heartbeat,
                });
            result.Runtime = _request.Runtime;
            _emit(new ScenarioEvent { Type = item.Type, Scenario = result });
        }

        /// <summary>The step name under which a scenario runs (and a crash in it is reported).</summary>
        public const string ScenarioStep = "scenario";

        void RunItem(ProbeItem item)
        {
            _emit(new TypeEvent { Type = item.Type });
            IReadOnlyList<StreamRecipe> recipes;
            var type = ProbeTypeLoader.Resolve(item, out var loadError);
            if (type != null)
                recipes = RecipeCatalog.For(type, _request.DeferredRoundTrips.Contains(item.Type));
            else
                recipes = RecipeCatalog.ForName(item.Type);
            recipes = recipes.Select(r => r.In(_context.Recipes)).ToList();
            if (recipes.Count == 0)
            {
                var reason = type != null ? GenericShapes.WhyNone(type) : "type not loadable in this runtime: " + loadError;
                _emit(new StaticOnlyEvent { Type = item.Type, Reason = reason });
                return;
            }

            var build = TypeBuild.Of(recipes, _context.Heartbeat);
            _emit(build.Event(item.Type));
            if (build.Built.Count == 0) return;
            var built = new HashSet<string>(build.Built.Select(r => r.Variant));
            foreach (var recipe in recipes.Where(r => built.Contains(r.Variant)))
                foreach (var check in _checks)
                    RunCheck(item.Type, recipe, check);
            CollectGarbage(item.Type, recipes[0].Variant);
        }

        /// <summary>
        /// Runs the finalizers of the streams this type left behind while the type is still the current one,
        /// so a finalizer that throws (and takes the process down) is blamed on its own type, not on a later one.
        /// </summary>
        void CollectGarbage(string typeName, string variant)
        {
            if (_request.Skip.Contains(ProbeRequest.Key(typeName, variant, FinalizeStep))) return;
            _emit(new CheckEvent { Type = typeName, Variant = variant, Check = FinalizeStep });
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        /// <summary>Name under which a crash in a finalizer is reported.</summary>
        public const string FinalizeStep = "finalizers";

        void RunCheck(string typeName, StreamRecipe recipe, IStreamCheck check)
        {
            if (_request.Skip.Contains(ProbeRequest.Key(typeName, recipe.Variant, check.Name))) return;
            _emit(new CheckEvent { Type = typeName, Variant = recipe.Variant, Check = check.Name });
            // Results are reported as the check yields them: a long check (a matrix of cells) keeps the host's
            // watchdog informed, and what was measured before a crash is not lost.
            IEnumerator<CheckResult>? results = null;
            try
            {
                results = check.Run(recipe, _context).GetEnumerator();
                while (results.MoveNext())
                    Emit(typeName, recipe, check, results.Current);
            }
            catch (Checks.PlatformLimit limit)
            {
                Emit(typeName, recipe, check, CheckResult.Of(check.Name, Outcome.Skip, limit.Message));
            }
            catch (Exception e)
            {
                Emit(typeName, recipe, check, CheckResult.Of(check.Name, Outcome.Error, $"the check threw {e.GetType().FullName}: {e.Message}"));
            }
            finally
            {
                try { results?.Dispose(); }
                catch (Exception) { }
            }
        }

        void Emit(string typeName, StreamRecipe recipe, IStreamCheck check, CheckResult result)
        {
            result.Runtime = _request.Runtime;
            result.Type = typeName;
            result.Variant = recipe.Variant;
            if (string.IsNullOrEmpty(result.Check)) result.Check = check.Name;
            // A contract failure's repro is written by the host, which may not have this recipe: its source goes along.
            if (result.Outcome == Outcome.Fail && !result.Check.StartsWith("budget.", StringComparison.Ordinal))
                result.Source = SourceForms(recipe);
            // A library's recipe class may state the behaviour by design; only this process has the class to ask.
            RecipeExpectations.Apply(recipe, result);
            _emit(new ResultEvent { Result = result });
        }

        internal static RecipeSource? SourceForms(StreamRecipe recipe)
        {
            var forms = new RecipeSource
            {
                Read = recipe.ReproSource(StreamAccess.Read),
                Write = recipe.ReproSource(StreamAccess.Write),
                ReadWrite = recipe.ReproSource(StreamAccess.ReadWrite),
                WriteStore = recipe.ReproStore(StreamAccess.Write),
                ReadWriteStore = recipe.ReproStore(StreamAccess.ReadWrite),
            };
            return forms.IsEmpty ? null : forms;
        }
    }
}
