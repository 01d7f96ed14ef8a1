using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// What a caller hands a stream to wait on: a <see cref="Task"/> is a signal (stop, time out, the peer went away) that
    /// has not fired, one that never completes; a <see cref="TimeSpan"/> named as a time limit (a timeout, an idle time, an
    /// expiry) is one no check reaches. Any other TimeSpan is a delay, and gets none (<see cref="ObjectArguments"/>' zero).
    /// Ceen's <c>LimitedBodyStream(reader, totalbytes, idletime, timeouttask, stoptask)</c> reads nothing with an idle time
    /// of zero (each read's cancellation fires at once), and no caller has a completed stop signal to give it.
    /// </summary>
    public sealed class WaitArguments : IArgumentSource
    {
        static readonly string[] LimitWords = { "timeout", "idle", "expir", "deadline", "lifetime" };

        /// <summary>Far past any check's own limit (5 s), and valid wherever a time limit is taken.</summary>
        public static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);

        public static bool IsLimit(ParameterInfo parameter)
        {
            var name = (parameter.Name ?? "").ToLowerInvariant();
            return parameter.ParameterType == typeof(TimeSpan) && LimitWords.Any(name.Contains);
        }

        public IReadOnlyList<Argument> For(ParameterInfo parameter)
        {
            var type = parameter.ParameterType;
            if (type == typeof(Task))
                return new[] { new Argument("a task that never completes", "new System.Threading.Tasks.TaskCompletionSource<bool>().Task", _ => new TaskCompletionSource<bool>().Task) };
            if (IsLimit(parameter))
                return new[] { Argument.Constant(Limit, "30 s", "System.TimeSpan.FromSeconds(30)") };
            return new Argument[0];
        }
    }
}
