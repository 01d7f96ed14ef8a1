using System;
using System.IO;
using System.Net.Http;

class Program
{
    static void Main()
    {
        var multipart = new MultipartContent("mixed", "boundary") { new StringContent("hello") };
        Stream stream = multipart.ReadAsStream();
        stream.Dispose();
        Console.WriteLine($"after Dispose: CanRead {stream.CanRead}, CanSeek {stream.CanSeek}");
        Console.WriteLine($"Length: {Try(() => stream.Length)}");
        Console.WriteLine($"Position: {Try(() => stream.Position)}");
    }

    static string Try(Func<long> member)
    {
        try { return member().ToString(); }
        catch (Exception e) { return e.GetType().Name; }
    }
}
