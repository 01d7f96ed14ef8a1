#if NET9_0_OR_GREATER // not in .NET 8's Microsoft.NETCore.App (the net8.0 probe, which .NET 9 runs too, has no Pipelines recipes)
using System.Buffers;
using System.IO;
using System.IO.Pipelines;

namespace StreamConformance.Recipes
{
    // One concept: System.IO.Pipelines' two stream adapters, over one kind of pipe.

    /// <summary>
    /// System.IO.Pipelines adapters (in Microsoft.NETCore.App since .NET 5; Mono has no Pipelines). The pipe never
    /// pauses the writer, so synchronous writes of any size complete without a concurrent reader.
    /// </summary>
    static class Pipes
    {
        public static Pipe New() => new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
    }

    /// <summary>PipeReader.AsStream() over a pipe holding the content, writer completed.</summary>
    public sealed class PipeReaderStreamRecipe : StreamRecipe
    {
        // Internal, reached through AsStream(): declared, and held to what AsStream() hands out whenever the recipe opens.
        protected override bool ReachesDeclaredType => true;
        public override string TypeName => "System.IO.Pipelines.PipeReaderStream";
        public override string Variant => "PipeReader.AsStream()";
        // dotnet/runtime's PipeReaderWriterStreamTests declare CansReturnFalseAfterDispose => false.
        public override bool CansReturnFalseAfterDispose => false;
        // Reads return what one segment holds.
        public override bool ReadsReadUntilSizeOrEof => false;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var pipe = Pipes.New();
            pipe.Writer.Write(content);
            pipe.Writer.FlushAsync().AsTask().GetAwaiter().GetResult();
            pipe.Writer.Complete();
            return new StreamFixture(pipe.Reader.AsStream());
        }
    }

    /// <summary>PipeWriter.AsStream(); read-back drains the pipe's reader without blocking.</summary>
    public sealed class PipeWriterStreamRecipe : StreamRecipe
    {
        protected override bool ReachesDeclaredType => true;
        public override string TypeName => "System.IO.Pipelines.PipeWriterStream";
        public override string Variant => "PipeWriter.AsStream()";
        // dotnet/runtime's PipeReaderWriterStreamTests declare CansReturnFalseAfterDispose => false.
        public override bool CansReturnFalseAfterDispose => false;

        public override StreamFixture? OpenWrite()
        {
            var pipe = Pipes.New();
            var received = new MemoryStream();
            byte[] ReadBack()
            {
                while (pipe.Reader.TryRead(out var result))
                {
                    foreach (var segment in result.Buffer) received.Write(segment.Span);
                    pipe.Reader.AdvanceTo(result.Buffer.End);
                    if (result.IsCompleted || result.Buffer.IsEmpty) break;
                }
                return received.ToArray();
            }
            return new StreamFixture(pipe.Writer.AsStream(), ReadBack);
        }
    }
}
#endif
