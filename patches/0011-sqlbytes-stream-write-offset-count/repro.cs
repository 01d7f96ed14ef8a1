using System;
using System.Data.SqlTypes;
using System.IO;

class Program
{
    static void Main()
    {
        byte[] source = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
        var bytes = new SqlBytes(new byte[10]);
        using Stream stream = bytes.Stream;

        stream.Write(source, 2, 4); // the four bytes 3, 4, 5, 6

        Console.WriteLine($"Position: {stream.Position}");
        Console.WriteLine($"Value:    {string.Join(", ", bytes.Value)}");
    }
}
