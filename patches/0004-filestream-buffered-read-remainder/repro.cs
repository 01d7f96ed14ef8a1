using System;
using System.IO;
using System.Linq;

class Program
{
    // Linux: the read system calls this thread has made (/proc/thread-self/io, "syscr").
    static long ReadCalls() =>
        long.Parse(File.ReadAllLines("/proc/thread-self/io").Single(l => l.StartsWith("syscr:")).Substring(6));

    static long ReadInHundreds(Stream stream)
    {
        var buffer = new byte[100];
        long before = ReadCalls();
        while (stream.Read(buffer, 0, buffer.Length) > 0) { }
        return ReadCalls() - before - 1; // the counter's own read
    }

    static void Main()
    {
        string path = Path.GetTempFileName();
        File.WriteAllBytes(path, new byte[64 * 1024]);
        ReadInHundreds(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096)); // warm up
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096);
        using var buffered = new BufferedStream(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 0), 4096);
        Console.WriteLine($"64 KiB in 100-byte reads, buffer 4096: FileStream {ReadInHundreds(file)} read calls, BufferedStream over an unbuffered FileStream {ReadInHundreds(buffered)}");
        File.Delete(path);
    }
}
