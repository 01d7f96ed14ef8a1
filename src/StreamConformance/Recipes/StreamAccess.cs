namespace StreamConformance.Recipes
{
    /// <summary>How a recipe opens its stream.</summary>
    public enum StreamAccess
    {
        /// <summary>Readable over known content.</summary>
        Read,
        /// <summary>Writable; what was written can be read back from the store.</summary>
        Write,
        /// <summary>Readable and writable over initial content (seekable where the recipe says so).</summary>
        ReadWrite,
    }
}
