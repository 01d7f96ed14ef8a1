using System;
using System.IO;

class Program
{
    static void Main()
    {
        const int BufferSize = 16;
        string path = Path.GetTempFileName();
        using var writer = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete, BufferSize, FileOptions.DeleteOnClose);
        using var reader = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);

        // Bytes in the file after each WriteByte: nothing until the 16-byte buffer is full, then all of it.
        var lengths = new long[BufferSize * 3];
        for (int i = 0; i < lengths.Length; i++)
        {
            writer.WriteByte((byte)i);
            lengths[i] = reader.Length;
        }
        Console.WriteLine("file length after each of 48 WriteByte calls (buffer 16):");
        Console.WriteLine(string.Join(" ", lengths));
    }
}
