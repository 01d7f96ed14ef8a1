using System;
using Microsoft.AspNetCore.WebUtilities;

class Program
{
    static void Main()
    {
        var stream = new FileBufferingWriteStream();
        stream.Dispose();
        Console.WriteLine($"after Dispose: CanWrite {stream.CanWrite}");
        try
        {
            stream.Write(new byte[1], 0, 1);
            Console.WriteLine("Write: no exception");
        }
        catch (Exception e)
        {
            Console.WriteLine($"Write: {e.GetType().Name}");
        }
    }
}
