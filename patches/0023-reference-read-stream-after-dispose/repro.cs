using System;
using System.IO;
using Microsoft.AspNetCore.Http;

class Program
{
    static void Main()
    {
        var body = new MemoryStream(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        IFormFile file = new FormFile(body, 2, 4, "file", "file.bin");
        Stream stream = file.OpenReadStream();
        stream.Dispose();
        Console.WriteLine($"after Dispose: CanRead {stream.CanRead}, CanSeek {stream.CanSeek}");
        Console.WriteLine($"Length: {Try(() => stream.Length)}");
        Console.WriteLine($"Position: {Try(() => stream.Position)}");
        Console.WriteLine($"ReadByte: {Try(() => stream.ReadByte())}");
    }

    static string Try(Func<long> member)
    {
        try { return member().ToString(); }
        catch (Exception e) { return e.GetType().Name; }
    }
}
