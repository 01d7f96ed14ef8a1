using System;
using System.Data.SqlTypes;
using System.IO;

namespace StreamConformance.Recipes
{
    /// <summary>
    /// SqlBytes.Stream over a byte[] (System.Data's StreamOnSqlBytes): seekable, reads and writes the SqlBytes's buffer in
    /// place. The buffer is the store and cannot grow: a write past it throws SqlTypeException ("The buffer is
    /// insufficient"), as a MemoryStream over a caller's array throws past its end.
    /// </summary>
    public sealed class SqlBytesStreamRecipe : StreamRecipe
    {
        const int WriteCapacity = 1 << 20;

        public override string TypeName => "System.Data.SqlTypes.StreamOnSqlBytes";
        public override string Variant => "SqlBytes(byte[]).Stream";
        public override bool CanSeek => true;
        public override bool CanGrow => false;
        public override bool IsBuffered => true;

        public override StreamFixture? OpenRead(byte[] content) => Fixture(new SqlBytes((byte[])content.Clone()));

        public override StreamFixture? OpenWrite()
        {
            // SetLength(0) keeps the buffer as room to write into: an empty value that holds up to WriteCapacity bytes.
            var bytes = new SqlBytes(new byte[WriteCapacity]);
            bytes.SetLength(0);
            return Fixture(bytes);
        }

        public override StreamFixture? OpenReadWrite(byte[] initial) => Fixture(new SqlBytes((byte[])initial.Clone()));

        // The SqlBytes outlives its stream: its Value is what reached the buffer.
        static StreamFixture Fixture(SqlBytes bytes) => new StreamFixture(bytes.Stream, () => bytes.IsNull ? new byte[0] : bytes.Value);

        public override string? ReproSource(StreamAccess access) => access switch
        {
            StreamAccess.Write => "var bytes = new System.Data.SqlTypes.SqlBytes(new byte[1 << 20]); bytes.SetLength(0); var stream = bytes.Stream;",
            _ => "var stream = new System.Data.SqlTypes.SqlBytes((byte[])content.Clone()).Stream;",
        };

        public override string? ReproStore(StreamAccess access) => access == StreamAccess.Write ? "bytes.IsNull ? new byte[0] : bytes.Value" : null;
    }
}
