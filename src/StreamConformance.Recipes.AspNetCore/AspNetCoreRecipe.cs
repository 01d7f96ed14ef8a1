using System;
using System.Runtime.CompilerServices;
using StreamConformance.Recipes;

namespace StreamConformance.Recipes.AspNetCore
{
    // One concept: the base of ASP.NET Core's recipes, and its variant for a body of a real HTTP exchange with Kestrel.

    /// <summary>
    /// A recipe for one of ASP.NET Core's streams. Its type name is fixed (the type is internal and reached through public
    /// API; a test builds every recipe and compares), and every fixture is checked against it, so that an ASP.NET Core
    /// version that hands out another type makes the recipe fail with both names instead of checking the wrong type.
    /// Recipe classes hold no ASP.NET Core type in their fields or signatures: they load, and say why they are unavailable,
    /// on a runtime without the framework.
    /// </summary>
    public abstract class AspNetCoreRecipe : StreamRecipe
    {
        public override string? UnavailableReason => AspNetCoreFramework.MissingReason ?? (NeedsServer ? ServerReason() : null);

        /// <summary>Whether the stream comes from the shared Kestrel server (false: built directly through public constructors).</summary>
        protected virtual bool NeedsServer => true;

        [MethodImpl(MethodImplOptions.NoInlining)]
        static string? ServerReason() => KestrelLoopback.UnavailableReason;

        /// <summary>The fixture, once its stream is known to be of <see cref="StreamRecipe.TypeName"/>.</summary>
        protected StreamFixture Checked(StreamFixture fixture)
        {
            var actual = fixture.Stream.GetType().FullName;
            if (actual == TypeName) return fixture;
            fixture.Dispose();
            throw new InvalidOperationException($"the API handed out {actual}, not {TypeName} (another ASP.NET Core version?)");
        }
    }

    /// <summary>
    /// A body of a real HTTP exchange with Kestrel, as the application's request or response stream. The knobs are those of
    /// a connected HTTP body, as dotnet/runtime's conformance tests hold HttpClient's: reads may be short, what was written
    /// is complete once the response ends, and after Dispose nothing is required of the members ("the HTTP response
    /// streams don't throw ObjectDisposedException upon disposal").
    /// </summary>
    public abstract class HttpBodyRecipe : AspNetCoreRecipe
    {
        public override bool HasLivePeer => true;
        public override bool IsOsBacked => true;
        public override bool ReadsReadUntilSizeOrEof => false;
        public override bool WritesVisibleAfterFlush => false;
        public override bool MembersThrowAfterDispose => false;
    }
}
