using System;
using System.Data.SqlTypes;
using System.IO;

class Program
{
    static void Main()
    {
        Stream stream = new SqlBytes(new byte[10]).Stream;
        stream.Dispose();

        foreach (var (name, call) in new (string, Action)[]
        {
            ("Flush()", () => stream.Flush()),
            ("FlushAsync()", () => stream.FlushAsync().GetAwaiter().GetResult()),
            ("WriteByte(1)", () => stream.WriteByte(1)),
        })
        {
            try { call(); Console.WriteLine($"{name}: no exception"); }
            catch (Exception e) { Console.WriteLine($"{name}: {e.GetType().Name}"); }
        }
    }
}
