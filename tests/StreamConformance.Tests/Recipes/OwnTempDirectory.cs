using System.IO;
using NUnit.Framework;
using StreamConformance.Recipes;

namespace StreamConformance.Tests.Recipes
{
    /// <summary>A fixture whose recipes put their files in a folder of its own (<see cref="Scratch"/>), removed when the fixture ends.</summary>
    public abstract class OwnTempDirectory
    {
        string _temp = "";

        /// <summary>The fixture's folder.</summary>
        protected string TempFolder => _temp;

        /// <summary>The fixture's recipe environment: a recipe bound to it (<see cref="StreamRecipe.In"/>) puts its files in <see cref="TempFolder"/>.</summary>
        protected RecipeEnvironment Scratch { get; private set; } = RecipeEnvironment.ForProcess;

        /// <summary>Names the folder (with the process id), so two fixtures never share one.</summary>
        protected abstract string FolderName { get; }

        [OneTimeSetUp]
        public void UseOwnTempDirectory()
        {
            _temp = Path.Combine(Path.GetTempPath(), FolderName + "-" + System.Diagnostics.Process.GetCurrentProcess().Id);
            Directory.CreateDirectory(_temp);
            Scratch = new RecipeEnvironment(_temp);
        }

        [OneTimeTearDown]
        public void RemoveTempDirectory()
        {
            try { Directory.Delete(_temp, true); }
            catch (IOException) { }
        }
    }
}
