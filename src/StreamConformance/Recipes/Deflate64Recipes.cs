using System;
using System.IO;
using System.IO.Compression;
using System.Text;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// A Deflate64 zip entry (compression method 9) opened for reading: ZipArchive reads it with its managed inflater,
    /// System.IO.Compression.DeflateManagedStream, the only way to that type. Neither runtime writes Deflate64, so the
    /// archive is laid out here: one entry whose data is a single fixed-Huffman block of literals. That is a valid
    /// Deflate64 stream (it differs from Deflate only in length code 285, distance codes 30-31 and the 64 KiB window,
    /// none of which literals use), and it takes the inflater through its Huffman decoding, not just stored blocks.
    /// </summary>
    public sealed class ZipEntryReadDeflate64Recipe : ZipEntryRecipe
    {
        public override string Variant => "zip-entry read deflate64";
        public override string TypeName => "System.IO.Compression.DeflateManagedStream";
        public override bool ReadsReadUntilSizeOrEof => false;
        // An inflater that is asked to write throws InvalidOperationException, as DeflateStream documents.
        public override Type UnsupportedReadWriteExceptionType => typeof(InvalidOperationException);

        public override StreamFixture? OpenRead(byte[] content)
        {
            using var build = new FixtureBuilder();
            var archive = build.Own(new ZipArchive(new MemoryStream(Deflate64Archive(content), false), ZipArchiveMode.Read));
            return build.Fixture(archive.GetEntry(EntryName)!.Open());
        }

        /// <summary>A zip file of one Deflate64 entry named <see cref="ZipEntryRecipe.EntryName"/> holding <paramref name="content"/>.</summary>
        internal static byte[] Deflate64Archive(byte[] content) => SingleEntryZip(content, 9, FixedHuffmanLiterals(content));

        /// <summary>A zip file of one entry named <see cref="ZipEntryRecipe.EntryName"/>: <paramref name="data"/> is <paramref name="content"/> as compression method <paramref name="method"/> stores it.</summary>
        internal static byte[] SingleEntryZip(byte[] content, ushort method, byte[] data)
        {
            var crc = Crc32(content);
            var name = Encoding.ASCII.GetBytes(EntryName);
            var zip = new MemoryStream();
            var w = new BinaryWriter(zip);
            const ushort Date19800101 = (1 << 5) | 1;
            // The version needed to extract: 2.1 for Deflate64, 2.0 for the rest (older readers refuse 2.1).
            var version = (ushort)(method == 9 ? 21 : 20);
            w.Write(0x04034b50u); w.Write(version); w.Write((ushort)0); w.Write(method); w.Write((ushort)0); w.Write(Date19800101);
            w.Write(crc); w.Write((uint)data.Length); w.Write((uint)content.Length); w.Write((ushort)name.Length); w.Write((ushort)0);
            w.Write(name); w.Write(data);
            var central = (uint)zip.Position;
            w.Write(0x02014b50u); w.Write(version); w.Write(version); w.Write((ushort)0); w.Write(method); w.Write((ushort)0); w.Write(Date19800101);
            w.Write(crc); w.Write((uint)data.Length); w.Write((uint)content.Length); w.Write((ushort)name.Length); w.Write((ushort)0); w.Write((ushort)0);
            w.Write((ushort)0); w.Write((ushort)0); w.Write(0u); w.Write(0u); w.Write(name);
            var centralSize = (uint)zip.Position - central;
            w.Write(0x06054b50u); w.Write((ushort)0); w.Write((ushort)0); w.Write((ushort)1); w.Write((ushort)1); w.Write(centralSize); w.Write(central); w.Write((ushort)0);
            w.Flush();
            return zip.ToArray();
        }

        /// <summary>One final block with the fixed Huffman code (RFC 1951 3.2.6): every byte a literal, then end-of-block.</summary>
        static byte[] FixedHuffmanLiterals(byte[] content)
        {
            var bits = new BitWriter();
            bits.Write(1, 1); // BFINAL
            bits.Write(1, 2); // BTYPE 01: fixed Huffman
            foreach (var b in content)
            {
                if (b < 144) bits.WriteCode(0x30 + b, 8);
                else bits.WriteCode(0x190 + b - 144, 9);
            }
            bits.WriteCode(0, 7); // end of block (256)
            return bits.ToArray();
        }

        /// <summary>Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.</summary>
        sealed class BitWriter
        {
            readonly MemoryStream _out = new MemoryStream();
            int _buffer, _count;

            public void Write(int value, int length)
            {
                for (var i = 0; i < length; i++) Bit((value >> i) & 1);
            }

            public void WriteCode(int code, int length)
            {
                for (var i = length - 1; i >= 0; i--) Bit((code >> i) & 1);
            }

            void Bit(int bit)
            {
                _buffer |= bit << _count;
                if (++_count == 8)
                {
                    _out.WriteByte((byte)_buffer);
                    _buffer = _count = 0;
                }
            }

            public byte[] ToArray()
            {
                if (_count > 0) _out.WriteByte((byte)_buffer);
                _buffer = _count = 0;
                return _out.ToArray();
            }
        }

        static uint Crc32(byte[] data)
        {
            var crc = 0xFFFFFFFFu;
            foreach (var b in data)
            {
                crc ^= b;
                for (var k = 0; k < 8; k++) crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
            }
            return ~crc;
        }
    }
}
