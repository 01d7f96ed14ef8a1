using System;
using System.IO;
using Microsoft.AspNetCore.WebUtilities;

class Program
{
    static void Main()
    {
        // What HttpRequest.EnableBuffering puts in place of the request body, over 100 bytes.
        var body = new MemoryStream(new byte[100]);
        using var stream = new FileBufferingReadStream(body, 1024, null, Path.GetTempPath());
        Console.WriteLine($"Read: {stream.Read(new byte[10], 0, 10)} bytes, CanWrite: {stream.CanWrite}");
        Console.WriteLine($"Flush(): {Try(() => stream.Flush())}");
        Console.WriteLine($"FlushAsync(): {Try(() => stream.FlushAsync().GetAwaiter().GetResult())}");
        Console.WriteLine($"then Read: {stream.Read(new byte[10], 0, 10)} bytes at Position {stream.Position}");
    }

    static string Try(Action call)
    {
        try { call(); return "returned"; }
        catch (Exception e) { return e.GetType().Name; }
    }
}
