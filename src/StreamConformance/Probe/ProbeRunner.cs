using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
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

        public ProbeRunner(ProbeRequest request, Action<ProbeEvent> emit, IReadOnlyList<IStreamCheck>? checks = null)
        {
            _request = request;
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

        public static RuntimeInfo DescribeCurrentRuntime(string name)
        {
            var mono = Type.GetType("Mono.Runtime");
            var version = Runtimes.RuntimeResolver.CurrentVersion();
            return new RuntimeInfo
            {
                Name = name,
                Flavor = mono != null ? "mono" : "coreclr",
                Version = version,
                Path = Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "",
            };
        }

        /// <summary>Where an assembly of the runtime was loaded from and its module version id: proof of what ran.</summary>
        static LoadedAssembly Loaded(string name)
        {
            try
            {
                var assembly = name == "System.Private.CoreLib" || name == "mscorlib" ? typeof(object).Assembly : Assembly.Load(name);
                return new LoadedAssembly { Name = name, Location = assembly.Location, Mvid = assembly.ManifestModule.ModuleVersionId.ToString() };
            }
            catch (Exception e) when (e is FileNotFoundException || e is FileLoadException || e is BadImageFormatException)
            {
                return new LoadedAssembly { Name = name, Error = e.GetType().Name + ": " + e.Message };
            }
        }

        public void Run()
        {
            var hello = DescribeCurrentRuntime(_request.Runtime);
            if (_request.ReportAssemblies.Count > 0) hello.LoadedAssemblies = _request.ReportAssemblies.Select(Loaded).ToList();
            _emit(new HelloEvent { Runtime = hello });
            foreach (var item in _request.Items)
            {
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
            var type = Resolve(item, out var loadError);
            if (type != null)
                recipes = RecipeCatalog.For(type);
            else
                recipes = RecipeCatalog.ForName(item.Type);
            recipes = recipes.Select(r => r.In(_context.Recipes)).ToList();
            if (recipes.Count == 0)
            {
                var reason = type != null ? GenericShapes.WhyNone(type) : "type not loadable in this runtime: " + loadError;
                _emit(new StaticOnlyEvent { Type = item.Type, Reason = reason });
                return;
            }

            var built = new List<string>();
            var how = new List<string>();
            var failures = new List<string>();
            var slowestOpen = 0.0;
            var inner = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var recipe in recipes)
            {
                var why = recipe.UnavailableReason ?? Construct(recipe, ref slowestOpen, inner);
                if (why == null)
                {
                    built.Add(recipe.Variant);
                    how.Add(RecipeOrigin.Of(recipe));
                }
                else failures.Add($"{recipe.Variant}: {why}");
            }
            if (built.Count == 0)
            {
                _emit(new StaticOnlyEvent { Type = item.Type, Reason = string.Join("; ", failures) });
                return;
            }
            _emit(new BuiltEvent { Type = item.Type, Variants = built, How = how, Seconds = Math.Round(slowestOpen, 3),
                Inner = inner.Count == 0 ? null : inner.ToList() });
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

        /// <summary>
        /// Opens every access the recipe offers once; null when at least one works, else why none did. Each open is
        /// timed (the slowest is the pilot figure the host scales this type's check time limit by) and is progress.
        /// </summary>
        string? Construct(StreamRecipe recipe, ref double slowestOpen, ISet<string> inner)
        {
            var content = recipe.ContentFor(CheckContext.Content(16));
            string? error = null;
            var any = false;
            foreach (StreamAccess access in Enum.GetValues(typeof(StreamAccess)))
            {
                var clock = System.Diagnostics.Stopwatch.StartNew();
                try
                {
                    using var fixture = recipe.Open(access, content);
                    if (fixture != null)
                    {
                        any = true;
                        inner.UnionWith(InnerStreams.Of(fixture.Stream));
                    }
                }
                catch (Exception e)
                {
                    error ??= $"{access}: {e.GetType().Name}: {e.Message}";
                }
                slowestOpen = Math.Max(slowestOpen, clock.Elapsed.TotalSeconds);
                _context.Heartbeat();
            }
            return any ? null : error ?? "the recipe offers no way to open the stream";
        }

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
            _emit(new ResultEvent { Result = result });
        }

        static Type? Resolve(ProbeItem item, out string error)
        {
            error = "";
            try
            {
                var assembly = LoadAssembly(item);
                if (assembly == null)
                {
                    var t = Type.GetType(item.Type);
                    if (t == null) error = "no assembly given and Type.GetType found nothing";
                    return t;
                }
                // Cecil names nested types Outer/Inner; reflection names them Outer+Inner.
                var type = assembly.GetType(item.Type.Replace('/', '+'), throwOnError: false);
                if (type == null) error = $"{item.Type} not found in {assembly.FullName}";
                return type;
            }
            catch (Exception e)
            {
                error = $"{e.GetType().Name}: {e.Message}";
                return null;
            }
        }

        /// <summary>
        /// Runtime types load by name (the runtime's own binding rules); a user's assembly, or a runtime
        /// assembly outside this process's framework (ASP.NET Core under a console probe), loads from its file,
        /// with its dependencies found beside it.
        /// </summary>
        static Assembly? LoadAssembly(ProbeItem item)
        {
            if (item.AssemblyName != null)
            {
                try { return Assembly.Load(item.AssemblyName); }
                catch (Exception) when (item.AssemblyPath != null) { }
            }
            if (item.AssemblyPath == null) return null;
            WatchFolder(Path.GetDirectoryName(item.AssemblyPath)!);
            return Assembly.LoadFrom(item.AssemblyPath);
        }

        static readonly HashSet<string> s_folders = new HashSet<string>(StringComparer.Ordinal);

        static void WatchFolder(string folder)
        {
            lock (s_folders)
            {
                if (s_folders.Count == 0)
                {
                    AppDomain.CurrentDomain.AssemblyResolve += (_, args) =>
                    {
                        var file = new AssemblyName(args.Name).Name + ".dll";
                        string[] folders;
                        lock (s_folders) folders = s_folders.ToArray();
                        var hit = folders.Select(f => Path.Combine(f, file)).FirstOrDefault(File.Exists);
                        return hit != null ? Assembly.LoadFrom(hit) : null;
                    };
                }
                s_folders.Add(folder);
            }
        }
    }
}
