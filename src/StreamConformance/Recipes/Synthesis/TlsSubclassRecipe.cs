using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Security;
using System.Reflection;

namespace StreamConformance.Recipes.Synthesis
{
    /// <summary>
    /// A library's subclass of SslStream (Microsoft.Azure.Amqp's CustomSslStream), built as the runtime's SslStream is
    /// (<see cref="SslStreamRecipe"/>): a TLS client over loopback TCP, authenticated against a server with the run's
    /// self-signed certificate, made by the subclass's own public constructor. Its Stream parameter gets the connection,
    /// a certificate-validation callback one that accepts that certificate (what the harness's own client passes), a
    /// certificate-selection callback null, a bool that leaves the connection open false and any other bool false, then
    /// true. The first construction whose handshake completes is the recipe. No synthesis reaches it otherwise: before
    /// its handshake a TLS stream neither reads nor writes.
    /// </summary>
    [NotInCatalog]
    public sealed class TlsSubclassRecipe : PeerRecipe
    {
        readonly Type _type;
        readonly ConstructorInfo _constructor;
        readonly object?[] _rest;
        readonly string _label;

        TlsSubclassRecipe(Type type, ConstructorInfo constructor, object?[] rest, string label)
        {
            _type = type;
            _constructor = constructor;
            _rest = rest;
            _label = label;
        }

        public override string TypeName => _type.FullName ?? _type.Name;
        public override string Variant => "loopback-tls client " + _label;
        public override int PreferredContentLength => 2048;
        public override string? UnavailableReason => SslStreamRecipe.Unavailable;

        static readonly ConcurrentDictionary<Type, TlsSubclassRecipe?> s_recipes = new ConcurrentDictionary<Type, TlsSubclassRecipe?>();

        /// <summary>The recipe for a public concrete subclass of SslStream of a library, or null when none of its constructions authenticates.</summary>
        public static TlsSubclassRecipe? For(Type type) =>
            typeof(SslStream).IsAssignableFrom(type) && type != typeof(SslStream) ? s_recipes.GetOrAdd(type, Find) : null;

        static TlsSubclassRecipe? Find(Type type)
        {
            if (type.IsAbstract || !type.IsVisible || type.ContainsGenericParameters || FactoryIndex.IsRuntimeAssembly(type.Assembly) || SslStreamRecipe.Unavailable != null)
                return null;
            foreach (var candidate in Candidates(type))
            {
                try
                {
                    var (client, server) = candidate.Connect();
                    client.Dispose();
                    server.Dispose();
                    return candidate;
                }
                catch (Exception)
                {
                    // This construction does not authenticate against the loopback server: the next one.
                }
            }
            return null;
        }

        static IEnumerable<TlsSubclassRecipe> Candidates(Type type)
        {
            foreach (var constructor in type.GetConstructors().Where(c => c.GetParameters() is { Length: > 0 } ps && ps[0].ParameterType == typeof(Stream))
                         .OrderByDescending(c => c.GetParameters().Any(p => p.ParameterType == typeof(RemoteCertificateValidationCallback)))
                         .ThenBy(c => c.GetParameters().Length).ThenBy(c => c.ToString(), StringComparer.Ordinal))
            {
                var rest = constructor.GetParameters().Skip(1).ToList();
                if (!rest.All(p => p.ParameterType == typeof(bool) || p.ParameterType == typeof(RemoteCertificateValidationCallback)
                                   || p.ParameterType == typeof(LocalCertificateSelectionCallback) || p.ParameterType.IsEnum)) continue;
                var free = rest.Where(p => p.ParameterType == typeof(bool) && !LeavesOpen(p)).ToList();
                // Every bool false, then each free one true in turn: enough for a flag such as CustomSslStream's isClient.
                for (var flip = -1; flip < free.Count; flip++)
                {
                    var values = rest.Select(p => Value(p, flip >= 0 && p == free[flip])).ToArray();
                    var label = $"new {CSharpNames.Short(type)}(Stream{string.Concat(rest.Select((p, i) => ", " + Label(p, values[i])))})";
                    yield return new TlsSubclassRecipe(type, constructor, values, label);
                }
            }
        }

        static bool LeavesOpen(ParameterInfo parameter) => (parameter.Name ?? "").IndexOf("leave", StringComparison.OrdinalIgnoreCase) >= 0;

        static object? Value(ParameterInfo parameter, bool flipped)
        {
            var type = parameter.ParameterType;
            if (type == typeof(bool)) return flipped;
            if (type == typeof(RemoteCertificateValidationCallback)) return new RemoteCertificateValidationCallback(SslStreamRecipe.AcceptAnyCertificate);
            return type.IsEnum ? Reflected.DefaultOf(parameter) : null;
        }

        static string Label(ParameterInfo parameter, object? value) =>
            parameter.ParameterType == typeof(RemoteCertificateValidationCallback) ? "accept the loopback certificate"
            : value is bool b ? (b ? "true" : "false") : value?.ToString() ?? "null";

        (SslStream Client, SslStream Server) Connect() =>
            SslStreamRecipe.ConnectClient(connection => (SslStream)_constructor.Invoke(new object?[] { connection }.Concat(_rest).ToArray()));

        protected override Pair Connect(bool underTestReads)
        {
            var (client, server) = Connect();
            return new Pair(client, server);
        }

        protected override void EndOfFeed(Stream peer) => SslStreamRecipe.CloseNotify(peer);
    }
}
