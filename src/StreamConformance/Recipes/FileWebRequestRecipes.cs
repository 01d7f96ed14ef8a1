using System;
using System.IO;
using System.Net;

// WebRequest is obsolete on .NET (SYSLIB0014), and still how file:// URIs are read and written through System.Net.
#pragma warning disable SYSLIB0014

namespace StreamConformance.Recipes
{
    /// <summary>
    /// WebRequest.Create on a file:// URI in the run's temp folder (FileWebRequest): the response stream reads the file,
    /// the request stream of a PUT writes it. The stream is a FileStream subclass (.NET: System.Net.WebFileStream, which
    /// goes through DerivedFileStreamStrategy; Mono: System.Net.FileWebStream), so it seeks and buffers as FileStream does.
    /// </summary>
    public sealed class FileWebRequestStreamRecipe : StreamRecipe
    {
#if MONO_CORLIB
        public override string TypeName => "System.Net.FileWebStream";
#else
        public override string TypeName => "System.Net.WebFileStream";
#endif
        public override string Variant => "FileWebRequest";
        public override bool CanSeek => true;
        public override bool IsOsBacked => true;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content)
        {
            var file = new TempFile("file-web-read", content);
            try
            {
                var response = WebRequest.Create(new Uri(file.Path)).GetResponse();
                return new StreamFixture(response.GetResponseStream(), null, response, file);
            }
            catch
            {
                file.Dispose();
                throw;
            }
        }

        public override StreamFixture? OpenWrite()
        {
            var file = new TempFile("file-web-write");
            try
            {
                var request = WebRequest.Create(new Uri(file.Path));
                request.Method = "PUT";
                return new StreamFixture(request.GetRequestStream(), file.ReadAll, file);
            }
            catch
            {
                file.Dispose();
                throw;
            }
        }

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Read => "var path = System.IO.Path.GetTempFileName(); System.IO.File.WriteAllBytes(path, content);\n" +
                                 "var stream = System.Net.WebRequest.Create(new Uri(path)).GetResponse().GetResponseStream();",
            StreamAccess.Write => "var request = System.Net.WebRequest.Create(new Uri(System.IO.Path.GetTempFileName())); request.Method = \"PUT\";\nvar stream = request.GetRequestStream();",
            _ => null,
        };
    }
}
