using System;

namespace StreamConformance.Checks
{
    /// <summary>The rules a check's body asserts: a broken one throws <see cref="ContractViolation"/> saying what was expected and what happened.</summary>
    static class Expect
    {
        public static void That(bool condition, string whenViolated)
        {
            if (!condition) throw new ContractViolation(whenViolated);
        }

        public static ContractViolation Violation(string message) => new ContractViolation(message);

        /// <summary>Runs a stream call; an exception from it becomes a violation naming the call.</summary>
        public static T Call<T>(string what, Func<T> call)
        {
            try
            {
                return call();
            }
            catch (ContractViolation) { throw; }
            catch (Exception e)
            {
                throw new ContractViolation($"{what} threw {Describe.Exception(e)}");
            }
        }

        public static void Call(string what, Action call) => Call(what, () => { call(); return 0; });

        /// <summary>
        /// Runs a call that must throw <typeparamref name="TExpected"/> (or a subclass); a faulted task counts as
        /// thrown, since async members may report argument and state errors either way.
        /// </summary>
        public static void Throws<TExpected>(string what, Action call) where TExpected : Exception =>
            ThrowsAnyOf(what, call, typeof(TExpected));

        public static void ThrowsAnyOf(string what, Action call, params Type[] accepted)
        {
            var names = string.Join(" or ", Array.ConvertAll(accepted, t => t.Name));
            Exception? seen = null;
            try
            {
                call();
            }
            catch (Exception e)
            {
                seen = Describe.Unwrap(e);
            }
            if (seen == null) throw new ContractViolation($"{what}: expected {names}, nothing was thrown");
            foreach (var type in accepted)
                if (type.IsInstanceOfType(seen)) return;
            throw new ContractViolation($"{what}: expected {names}, got {Describe.Exception(seen)}");
        }
    }
}
