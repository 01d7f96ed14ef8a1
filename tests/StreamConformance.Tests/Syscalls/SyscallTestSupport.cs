using System.IO;
using NUnit.Framework;
using StreamConformance.Budgets;
using StreamConformance.Checks;
using StreamConformance.Checks.Syscalls;
using StreamConformance.Meters.Syscalls;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Syscalls
{
    /// <summary>The recipe the syscall families run on; they build their own streams in the traced child.</summary>
    sealed class HostFileStreamRecipe : StreamRecipe
    {
        public override string TypeName => SyscallCheck.HostType;
        public override bool IsOsBacked => true;
        public override bool CanSeek => true;
    }

    static class SyscallTestSupport
    {
        public static bool IsMono => System.Type.GetType("Mono.Runtime") != null;

        public static void RequireMeter()
        {
            var why = SyscallMeter.ForCurrentRuntime.UnavailableReason;
            if (why != null) Assert.Ignore("syscall meter unavailable: " + why);
        }

        /// <summary>Judges a measurement with the built-in budgets (or <paramref name="context"/>'s).</summary>
        public static Results.CheckResult Judge(string check, SyscallMeasurement m, CheckContext? context = null) =>
            JudgeAs(m.Cell, check, m, context);

        /// <summary>Judges a measurement by the budgets of another cell (a calibration scenario judged as a file.read cell).</summary>
        public static Results.CheckResult JudgeAs(SyscallCell cell, string check, SyscallMeasurement m, CheckContext? context = null)
        {
            context ??= new CheckContext();
            var bounds = SyscallBudgets.For(cell, m.Report.Operations, name => SyscallCheck.Allowance(name, cell, context));
            return SyscallCheck.JudgeCell(check, m, bounds, SyscallCheck.BudgetSource(context));
        }

        /// <summary>
        /// Writes a budget file holding the built-in "defaults" plus <paramref name="overridesJson"/> (a JSON array,
        /// may span lines) and loads it, or returns the loader's error.
        /// </summary>
        public static BudgetSet LoadWithOverrides(string overridesJson)
        {
            string defaults;
            using (var resource = typeof(BudgetSet).Assembly.GetManifestResourceStream("StreamConformance.Budgets.default.json")!)
            using (var reader = new StreamReader(resource))
                defaults = Newtonsoft.Json.Linq.JObject.Parse(reader.ReadToEnd())["defaults"]!.ToString(Newtonsoft.Json.Formatting.None);
            var path = Path.Combine(Context().TempDirectory, "budgets-" + System.Guid.NewGuid().ToString("N") + ".json");
            File.WriteAllText(path, "{ \"schemaVersion\": 1, \"defaults\": " + defaults + ",\n\"overrides\": " + overridesJson + " }");
            try
            {
                return BudgetLoader.Load(path);
            }
            finally
            {
                File.Delete(path);
            }
        }

        public static CheckContext Context()
        {
            var dir = Path.Combine(Path.GetTempPath(), "streamconf-tests-syscalls");
            Directory.CreateDirectory(dir);
            return new CheckContext { TempDirectory = dir };
        }
    }
}
