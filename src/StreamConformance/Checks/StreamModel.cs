using System;
using System.Collections.Generic;
using System.IO;
using StreamConformance.Results;

namespace StreamConformance.Checks
{
    /// <summary>
    /// A byte[] model of a seekable stream, driven in lockstep with the real one: every operation is applied to
    /// both and the answers compared. The last few operations are kept so a failure message shows how it got there,
    /// and every call is logged as a <see cref="ReproStep"/> (with what the model expected of it), so a failing
    /// sequence can be re-run literally on a fresh stream (<see cref="Run"/>) and shrunk to a program.
    /// </summary>
    sealed class StreamModel
    {
        readonly Stream _stream;
        readonly List<byte> _data;
        readonly bool _noShortReads;
        readonly Queue<string> _recent = new Queue<string>();
        readonly List<ReproStep> _log = new List<ReproStep>();
        // Room for a read of up to 256 bytes at offset 5 (a gap's 96 bytes among them).
        readonly byte[] _buffer = new byte[5 + 256];
        long _position;
        int _operations;

        readonly bool _canGrow;

        public StreamModel(Stream stream, byte[] initial, bool noShortReads, bool canGrow = true)
        {
            _stream = stream;
            _data = new List<byte>(initial);
            _noShortReads = noShortReads;
            _canGrow = canGrow;
        }

        public int Operations => _operations;
        /// <summary>Every call made so far, in order.</summary>
        public List<ReproStep> Log => _log;
        /// <summary>The step whose answer broke the rule, once one has.</summary>
        public ReproStep? Failed { get; private set; }
        public long Length => _data.Count;
        public byte[] Data => _data.ToArray();

        public enum Op { ReadByte, ReadArray, ReadSpan, Seek, PositionGet, PositionSet, LengthGet, WriteArray, WriteByte, WriteSpan }

        public static readonly Op[] ReadOps = { Op.ReadByte, Op.ReadArray, Op.ReadSpan, Op.Seek, Op.PositionGet, Op.PositionSet, Op.LengthGet };
        public static readonly Op[] AllOps = (Op[])Enum.GetValues(typeof(Op));

        public void Apply(Op op, Random random)
        {
            _operations++;
            // Mostly near the current position, so moves revisit what a buffer holds (and what was just written).
            var target = random.Next(4) == 0
                ? random.Next((int)Length + 9)
                : Math.Max(0, Math.Min(Length + 8, _position + random.Next(-64, 65)));
            switch (op)
            {
                case Op.ReadByte: ReadByte(); break;
                case Op.ReadArray: Read(1 + random.Next(64), span: false); break;
                case Op.ReadSpan: Read(1 + random.Next(64), span: true); break;
                case Op.Seek: Seek(target, (SeekOrigin)random.Next(3)); break;
                case Op.PositionGet: PositionIs(); break;
                case Op.PositionSet: SetPosition(target); break;
                case Op.LengthGet: LengthIs(); break;
                case Op.WriteArray: Write(1 + random.Next(48), random, span: false); break;
                case Op.WriteSpan: Write(1 + random.Next(48), random, span: true); break;
                case Op.WriteByte: Write(1, random, span: false, single: true); break;
            }
        }

        /// <summary>Re-runs one logged step literally (its arguments and bytes as logged; what to expect from this model).</summary>
        public void Run(ReproStep step)
        {
            _operations++;
            switch (step.Op)
            {
                case ReproOps.ReadByte: ReadByte(); break;
                case ReproOps.Read: Read((int)step.Arg(0), span: false); break;
                case ReproOps.ReadSpan: Read((int)step.Arg(0), span: true); break;
                case ReproOps.Seek:
                    var origin = (SeekOrigin)step.Arg(1);
                    var offset = step.Arg(0);
                    Seek(Target(origin == SeekOrigin.Begin ? offset : origin == SeekOrigin.Current ? _position + offset : Length + offset), origin);
                    break;
                case ReproOps.Position: PositionIs(); break;
                case ReproOps.SetPosition: SetPosition(Target(step.Arg(0))); break;
                case ReproOps.Length: LengthIs(); break;
                case ReproOps.WriteByte: Write(new[] { (byte)step.Arg(0) }, span: false, single: true); break;
                case ReproOps.Write: Write(step.Data ?? Array.Empty<byte>(), span: false, single: false); break;
                case ReproOps.WriteSpan: Write(step.Data ?? Array.Empty<byte>(), span: true, single: false); break;
                case ReproOps.SetLength: SetLength(step.Arg(0)); break;
                default: throw new ArgumentException("the model does not run " + step.Op, nameof(step));
            }
        }

        /// <summary>
        /// A move's target in a re-run: one before the start, which a shorter sequence can make of a seek from Current or
        /// End, is a misuse the model has no answer for (the stream must refuse it), so that re-run is no repro.
        /// </summary>
        static long Target(long target) =>
            target >= 0 ? target : throw new InvalidOperationException($"the step would move to {target}, before the start");

        /// <summary>Logs the step and runs it; a broken rule marks it as the failing one.</summary>
        void Step(ReproStep step, Action body)
        {
            _log.Add(step);
            try
            {
                body();
            }
            catch (ContractViolation)
            {
                Failed = step;
                throw;
            }
        }

        public void ReadByte() => Step(ReproStep.Of(ReproOps.ReadByte, expect: _position < Length ? _data[(int)_position] : -1), () =>
        {
            Note("ReadByte()");
            var expected = _position < Length ? _data[(int)_position] : -1;
            var value = Do("ReadByte()", _stream.ReadByte);
            Expect.That(value == expected, Where($"ReadByte() at position {_position} returned {value}; expected {expected}"));
            if (expected >= 0) _position++;
        });

        public void LengthIs() => Step(ReproStep.Of(ReproOps.Length, expect: Length), () =>
        {
            Note("Length");
            var length = Do("Length", () => _stream.Length);
            Expect.That(length == Length, Where($"Length returned {length}; expected {Length}"));
        });

        public void Read(int count, bool span)
        {
            var available = (int)Math.Max(0, Math.Min(count, Length - _position));
            var expectedBytes = new byte[available];
            for (var i = 0; i < available; i++) expectedBytes[i] = _data[(int)_position + i];
            var shortReads = _noShortReads || available == 0 ? 0 : 1;
            Step(ReproStep.Of(span ? ReproOps.ReadSpan : ReproOps.Read, new long[] { count, shortReads }, expectedBytes, available), () => ReadChecked(count, span, available));
        }

        void ReadChecked(int count, bool span, int available)
        {
            var call = span ? $"Read(Span<byte>[{count}])" : $"Read(byte[], 5, {count})";
            Note(call);
            var n = Do(call, () => span ? _stream.Read(new Span<byte>(_buffer, 5, count)) : _stream.Read(_buffer, 5, count));
            if (_noShortReads || available == 0)
                Expect.That(n == available, Where($"{call} at position {_position} of {Length} returned {n}; expected {available}"));
            else
                Expect.That(n >= 1 && n <= available, Where($"{call} at position {_position} of {Length} returned {n}; expected 1..{available}"));
            for (var i = 0; i < n; i++)
                Expect.That(_buffer[5 + i] == _data[(int)_position + i],
                    Where($"{call} at position {_position}: byte {i} is 0x{_buffer[5 + i]:X2}; expected 0x{_data[(int)_position + i]:X2}"));
            _position += n;
        }

        public void SetPosition(long target) => Step(ReproStep.Of(ReproOps.SetPosition, new[] { target }, expect: target), () =>
        {
            Note($"Position = {target}");
            Do($"Position = {target}", () => { _stream.Position = target; });
            _position = target;
            PositionCheck();
        });

        public void Seek(long target, SeekOrigin origin)
        {
            var offset = origin == SeekOrigin.Begin ? target : origin == SeekOrigin.Current ? target - _position : target - Length;
            Step(ReproStep.Of(ReproOps.Seek, new[] { offset, (long)origin }, expect: target), () =>
            {
                var call = $"Seek({offset}, {origin})";
                Note(call);
                var result = Do(call, () => _stream.Seek(offset, origin));
                Expect.That(result == target, Where($"{call} from position {_position} (length {Length}) returned {result}; expected {target}"));
                _position = target;
                PositionCheck();
            });
        }

        public void PositionIs() => Step(ReproStep.Of(ReproOps.Position, expect: _position), PositionCheck);

        /// <summary>Position as the model has it: part of the step that moved it (a Seek, a set, a write), or a step of its own.</summary>
        void PositionCheck()
        {
            var position = Do("Position", () => _stream.Position);
            Expect.That(position == _position, Where($"Position is {position}; expected {_position}"));
        }

        /// <summary>Write(byte[], 0, n) of exactly <paramref name="bytes"/> at the position.</summary>
        public void WriteBytes(byte[] bytes) => Write(bytes, span: false, single: false);

        /// <summary>
        /// SetLength(value): a shrink drops the bytes past it and a later growth does not bring them back
        /// (SetLength_DataFromShrinkNotPreserved_Success); Position stays, or comes back to the new end.
        /// </summary>
        public void SetLength(long value) => Step(ReproStep.Of(ReproOps.SetLength, new[] { value }, expect: value), () =>
        {
            Note($"SetLength({value})");
            Do($"SetLength({value})", () => _stream.SetLength(value));
            if (_data.Count > value) _data.RemoveRange((int)value, _data.Count - (int)value);
            while (_data.Count < value) _data.Add(0);
            if (_position > value) _position = value;
            var length = Do("Length", () => _stream.Length);
            Expect.That(length == value, Where($"Length is {length} after SetLength({value}); expected {value}"));
        });

        void Write(int count, Random random, bool span, bool single = false)
        {
            if (!_canGrow)
            {
                // A fixed-size store: keep writes inside it (a write past the capacity rightly throws).
                if (_position + count > Length) SetPosition(Math.Max(0, Length - count));
                count = (int)Math.Min(count, Length - _position);
                if (count <= 0) return;
                single = single && count == 1;
            }
            var bytes = new byte[count];
            random.NextBytes(bytes);
            Write(bytes, span, single);
        }

        void Write(byte[] bytes, bool span, bool single)
        {
            var count = bytes.Length;
            var step = single ? ReproStep.Of(ReproOps.WriteByte, new long[] { bytes[0] }, expect: _position + 1)
                : ReproStep.Of(span ? ReproOps.WriteSpan : ReproOps.Write, span ? null : new long[] { 0 }, bytes, _position + count);
            Step(step, () => WriteChecked(bytes, span, single));
        }

        void WriteChecked(byte[] bytes, bool span, bool single)
        {
            var count = bytes.Length;
            var call = single ? $"WriteByte({bytes[0]})" : span ? $"Write(ReadOnlySpan<byte>[{count}])" : $"Write(byte[], 0, {count})";
            Note(call);
            Do(call, () =>
            {
                if (single) _stream.WriteByte(bytes[0]);
                else if (span) _stream.Write(new ReadOnlySpan<byte>(bytes));
                else _stream.Write(bytes, 0, count);
            });
            // Writing past the end fills the gap with zeros.
            while (_data.Count < _position) _data.Add(0);
            for (var i = 0; i < count; i++)
            {
                var at = (int)_position + i;
                if (at < _data.Count) _data[at] = bytes[i];
                else _data.Add(bytes[i]);
            }
            _position += count;
            // A write must advance Position by what it wrote: checked at once, before a seek can hide a lost byte.
            PositionCheck();
        }

        void Note(string operation)
        {
            if (_recent.Count == 6) _recent.Dequeue();
            _recent.Enqueue(operation);
        }

        /// <summary>Runs a stream call; an exception from it becomes a violation naming the call and the operations before it.</summary>
        T Do<T>(string call, Func<T> action)
        {
            try
            {
                return action();
            }
            catch (Exception e)
            {
                throw Expect.Violation(Where($"{call} threw {Describe.Exception(e)}"));
            }
        }

        void Do(string call, Action action) => Do(call, () => { action(); return 0; });

        /// <summary>Appends the operation number and the operations leading to it to a message.</summary>
        public string Where(string message) => $"{message} (operation {_operations}; last: {string.Join(", ", _recent)})";
    }
}
