namespace StreamConformance.Recipes
{
    /// <summary>
    /// A loopback HTTP server as a repro program writes it out (<see cref="StreamRecipe.ReproSource"/>): a TcpListener on
    /// 127.0.0.1:0 that answers one request with a fixed head and the content, on a background thread, so the program
    /// needs nothing but the runtime. It declares <c>port</c>.
    /// </summary>
    public static class ReproServer
    {
        /// <summary>
        /// Statements starting a server that records one request's body (chunked, or of its Content-Length) in
        /// <c>received</c>, sets <c>bodyRead</c> and answers 200 with no body; it declares <c>port</c>.
        /// </summary>
        public static string Recording() =>
            "var server = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);\nserver.Start();\n" +
            "var port = ((System.Net.IPEndPoint)server.LocalEndpoint).Port;\n" +
            "var received = new MemoryStream();\nvar bodyRead = new System.Threading.ManualResetEventSlim();\n" +
            "new System.Threading.Thread(() =>\n{\n" +
            "    var peer = server.AcceptTcpClient().GetStream();\n" +
            "    var head = new System.Text.StringBuilder();\n" +
            "    var one = new byte[1];\n" +
            "    while (!head.ToString().EndsWith(\"\\r\\n\\r\\n\") && peer.Read(one, 0, 1) == 1) head.Append((char)one[0]);\n" +
            "    var length = System.Text.RegularExpressions.Regex.Match(head.ToString(), \"Content-Length: *(\\\\d+)\", System.Text.RegularExpressions.RegexOptions.IgnoreCase);\n" +
            "    var chunked = head.ToString().IndexOf(\"chunked\", StringComparison.OrdinalIgnoreCase) >= 0;\n" +
            "    // Each chunk (its size line, its data, its CRLF) until the last, empty one; or the declared length.\n" +
            "    var size = chunked ? -1 : length.Success ? int.Parse(length.Groups[1].Value) : 0;\n" +
            "    while (size != 0)\n    {\n" +
            "        if (chunked)\n        {\n" +
            "            var line = new System.Text.StringBuilder();\n" +
            "            while (!line.ToString().EndsWith(\"\\r\\n\") && peer.Read(one, 0, 1) == 1) line.Append((char)one[0]);\n" +
            "            size = line.Length == 0 ? 0 : Convert.ToInt32(line.ToString().Trim(), 16);\n" +
            "            if (size == 0) break;\n        }\n" +
            "        var data = new byte[size + (chunked ? 2 : 0)];\n" +
            "        var got = 0;\n        for (int n; got < data.Length && (n = peer.Read(data, got, data.Length - got)) > 0;) got += n;\n" +
            "        received.Write(data, 0, Math.Min(got, size));\n" +
            "        if (!chunked || got < data.Length) break;\n    }\n" +
            "    bodyRead.Set();\n" +
            "    var answer = System.Text.Encoding.ASCII.GetBytes(\"HTTP/1.1 200 OK\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n\");\n" +
            "    peer.Write(answer, 0, answer.Length);\n" +
            "}) { IsBackground = true }.Start();\n";

        /// <summary>Statements starting the server; <paramref name="status"/> like "200 OK", <paramref name="headers"/> ending in "\r\n" each, C#-escaped.</summary>
        /// <param name="body">The C# expression of the body's bytes (<c>content</c>, or another byte[] the program declares first).</param>
        /// <param name="chunked">The body in one chunk and the last, empty one, instead of a Content-Length.</param>
        /// <param name="later">The body only once the program sets <c>sendBody</c> (declared here), after the head: what a
        /// client's reads see can depend on whether the body came with the head.</param>
        public static string Answering(string status, string headers = "", string body = "content", bool chunked = false, bool later = false) =>
            "var server = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);\nserver.Start();\n" +
            "var port = ((System.Net.IPEndPoint)server.LocalEndpoint).Port;\n" +
            (later ? "var sendBody = new System.Threading.ManualResetEventSlim();\n" : "") +
            "new System.Threading.Thread(() =>\n{\n" +
            "    var peer = server.AcceptTcpClient().GetStream();\n" +
            "    // The request head, up to its blank line.\n" +
            "    var head = new System.Text.StringBuilder();\n" +
            "    var one = new byte[1];\n" +
            "    while (!head.ToString().EndsWith(\"\\r\\n\\r\\n\") && peer.Read(one, 0, 1) == 1) head.Append((char)one[0]);\n" +
            (chunked
                ? $"    var answer = System.Text.Encoding.ASCII.GetBytes(\"HTTP/1.1 {status}\\r\\nTransfer-Encoding: chunked\\r\\n{headers}Connection: close\\r\\n\\r\\n\");\n"
                : $"    var answer = System.Text.Encoding.ASCII.GetBytes(\"HTTP/1.1 {status}\\r\\nContent-Length: \" + {body}.Length + \"\\r\\n{headers}Connection: close\\r\\n\\r\\n\");\n") +
            "    peer.Write(answer, 0, answer.Length);\n" +
            (later ? "    peer.Flush();\n    sendBody.Wait();\n" : "") +
            (chunked
                ? "    // Uneven chunks, as the harness's server sends them.\n    var offset = 0;\n" +
                  $"    for (var i = 0; offset < {body}.Length; i++)\n    {{\n" +
                  $"        var size = Math.Min(new[] {{ 1, 700, 333, 2048 }}[i % 4], {body}.Length - offset);\n" +
                  "        var line = System.Text.Encoding.ASCII.GetBytes(size.ToString(\"x\") + \"\\r\\n\");\n        peer.Write(line, 0, line.Length);\n" +
                  $"        peer.Write({body}, offset, size);\n        peer.Write(new byte[] {{ 13, 10 }}, 0, 2);\n        offset += size;\n    }}\n" +
                  "    var last = System.Text.Encoding.ASCII.GetBytes(\"0\\r\\n\\r\\n\");\n    peer.Write(last, 0, last.Length);\n"
                : $"    peer.Write({body}, 0, {body}.Length);\n") +
            "}) { IsBackground = true }.Start();\n";
    }
}
