using System;
using System.IO;
using System.Security.Cryptography;

class Program
{
    static void Main()
    {
        // 64 KiB of base64 text, decoded byte by byte.
        byte[] text = System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(new byte[48 * 1024]));
        using var stream = new CryptoStream(new MemoryStream(text), new FromBase64Transform(), CryptoStreamMode.Read);
        for (int i = 0; i < 1024; i++) stream.ReadByte(); // past the first blocks

        const int Calls = 16 * 1024;
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Calls; i++) stream.ReadByte();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Console.WriteLine($"ReadByte on a base64 CryptoStream: {allocated} bytes allocated in {Calls} calls");
    }
}
