using System;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>One value for one parameter: how to make it for a build, and how C# spells it in a repro.</summary>
    public sealed class Argument
    {
        readonly Func<BuildScope, object?> _make;

        readonly string _readSource;
        readonly string _writeSource;

        public Argument(string label, string source, Func<BuildScope, object?> make) : this(label, source, source, make) { }

        public Argument(string label, string readSource, string writeSource, Func<BuildScope, object?> make)
        {
            Label = label;
            _readSource = readSource;
            _writeSource = writeSource;
            _make = make;
        }

        /// <summary>Short form for the recipe's variant name, e.g. "Stream", "Compress", "4096".</summary>
        public string Label { get; }

        /// <summary>C# expression for the repro of a read (a scope that has <c>content</c>) or of a write.</summary>
        public string Source(bool forReading) => forReading ? _readSource : _writeSource;

        public object? Make(BuildScope scope) => _make(scope);

        /// <summary>One value for every build of the constructions it is part of (a pool): never disposed with a fixture.</summary>
        public bool IsShared { get; set; }

        /// <summary>
        /// An implementation picked for an interface or abstract parameter: the library may need it set up first (a cipher or
        /// MAC before Init), so its stream is built only when a first call through it works.
        /// </summary>
        public bool IsGuessed { get; set; }

        /// <summary>A size, count or length (not an offset): what a window or store made with it may hold.</summary>
        public bool IsSize { get; set; }

        /// <summary>A size of 0: over an empty sink, the only one a window onto it takes.</summary>
        public bool IsZeroSize { get; set; }

        /// <summary>Made after the construction's other arguments, from them (<see cref="BuildScope.Made"/>).</summary>
        public bool MadeAfterOthers { get; set; }

        public static Argument Constant(object? value, string label, string source) => new Argument(label, source, _ => value);

        /// <summary>A string a caller types, labelled and written as its literal (no escapes: the sources' strings have none).</summary>
        public static Argument Text(string value) => Constant(value, $"\"{value}\"", $"\"{value}\"");
    }
}
