using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;

namespace StreamConformance.Recipes
{
    // One concept: the content that hands its serialization stream out, and the request that ends that serialization.

    /// <summary>
    /// An HttpContent that hands the stream HttpClient (or LoadIntoBufferAsync) gives its SerializeToStreamAsync to
    /// the fixture, and ends the serialization only when the fixture says so: the stream under test is the one
    /// real request content writes to.
    /// </summary>
    sealed class HandOverContent : HttpContent
    {
        readonly long? _length;
        readonly TaskCompletionSource<Stream> _given = new TaskCompletionSource<Stream>(TaskCreationOptions.RunContinuationsAsynchronously);
        readonly TaskCompletionSource<bool> _release = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);

        public HandOverContent(long? length) => _length = length;

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            _given.TrySetResult(stream);
            return _release.Task;
        }

        protected override bool TryComputeLength(out long length)
        {
            length = _length ?? 0;
            return _length.HasValue;
        }

        /// <summary>The stream given to SerializeToStreamAsync; the failure of <paramref name="operation"/> if it ended first.</summary>
        public Stream WaitForStream(Task operation)
        {
            Task.WaitAny(new Task[] { _given.Task, operation }, RecipeEnvironment.HelperTimeout);
            if (_given.Task.IsCompleted) return _given.Task.Result;
            if (operation.IsFaulted) throw new InvalidOperationException("the request ended before its content was asked for: " + operation.Exception!.GetBaseException().Message);
            throw new TimeoutException("SerializeToStreamAsync was not called");
        }

        /// <summary>Ends the serialization: what was written is the content.</summary>
        public void Release() => _release.TrySetResult(true);
    }

    /// <summary>Ends a request when its fixture ends: releases the content, waits (bounded) for the exchange, disposes the rest.</summary>
    sealed class PendingRequest : IDisposable
    {
        readonly HandOverContent _content;
        readonly Task _operation;
        readonly IDisposable[] _owned;

        public PendingRequest(HandOverContent content, Task operation, params IDisposable[] owned)
        {
            _content = content;
            _operation = operation;
            _owned = owned;
        }

        /// <summary>Releases the content and waits for the operation; its failure is not the stream's (a declared length not met, say).</summary>
        public void Finish()
        {
            _content.Release();
            try { _operation.Wait(RecipeEnvironment.HelperTimeout); }
            catch (AggregateException) { }
        }

        public void Dispose()
        {
            Finish();
            if (_operation.Status == TaskStatus.RanToCompletion && _operation is Task<HttpResponseMessage> sent) sent.Result.Dispose();
            foreach (var owned in _owned)
            {
                try { owned.Dispose(); }
                catch (Exception) { }
            }
        }
    }
}
