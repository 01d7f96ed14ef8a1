namespace StreamConformance
{
    /// <summary>Placeholder entry point for budget files; the budget model lives in Budgets/.</summary>
    public static class BudgetLoader
    {
        public static object Load(string path) => path;
    }
}
