namespace StreamConformance.Recipes
{
    /// <summary>
    /// A body exchanged with the shared loopback server (<see cref="LoopbackHttpService"/>): unavailable when it is, a
    /// live peer on a socket, and, as dotnet/runtime's suite holds its HTTP streams to no rule after Dispose, members
    /// that need not throw after it.
    /// </summary>
    public abstract class LoopbackHttpBodyRecipe : ReachedTypeRecipe
    {
        public override string? UnavailableReason => LoopbackHttpService.UnavailableReason;
        public override bool HasLivePeer => true;
        public override bool IsOsBacked => true;
        public override bool MembersThrowAfterDispose => false;
    }
}
