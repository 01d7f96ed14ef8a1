using System;
using System.IO;
using System.Security.Cryptography;

class Program
{
    static void Main()
    {
        // A decrypting (read-mode) CryptoStream: writing is not supported.
        using var aes = Aes.Create();
        using var stream = new CryptoStream(new MemoryStream(new byte[64]), aes.CreateDecryptor(), CryptoStreamMode.Read);
        Console.WriteLine($"CanWrite: {stream.CanWrite}");
        Try("Write(new byte[1], 0, 1)", () => stream.Write(new byte[1], 0, 1));
        Try("WriteByte(1)", () => stream.WriteByte(1));
    }

    static void Try(string call, Action action)
    {
        try { action(); Console.WriteLine($"{call}: no exception"); }
        catch (Exception e) { Console.WriteLine($"{call}: {e.GetType().Name}"); }
    }
}
