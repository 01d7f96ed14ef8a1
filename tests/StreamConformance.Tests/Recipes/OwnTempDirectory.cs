using System.IO;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>A fixture whose recipes put their files in a folder of its own, removed when the fixture ends.</summary>
    public abstract class OwnTempDirectory
    {
        string? _previousTemp;
        string _temp = "";

        /// <summary>The fixture's folder.</summary>
        protected string TempFolder => _temp;

        /// <summary>Names the folder (with the process id), so two fixtures never share one.</summary>
        protected abstract string FolderName { get; }

        [OneTimeSetUp]
        public void UseOwnTempDirectory()
        {
            _previousTemp = RecipeEnvironment.TempDirectory;
            _temp = Path.Combine(Path.GetTempPath(), FolderName + "-" + System.Diagnostics.Process.GetCurrentProcess().Id);
            Directory.CreateDirectory(_temp);
            RecipeEnvironment.TempDirectory = _temp;
        }

        [OneTimeTearDown]
        public void RestoreTempDirectory()
        {
            RecipeEnvironment.TempDirectory = _previousTemp!;
            try { Directory.Delete(_temp, true); }
            catch (IOException) { }
        }
    }
}
