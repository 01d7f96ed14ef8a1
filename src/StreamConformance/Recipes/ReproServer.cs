namespace StreamConformance.Recipes
{
    /// <summary>
    /// A loopback HTTP server as a repro program writes it out (<see cref="StreamRecipe.ReproSource"/>): a TcpListener on
    /// 127.0.0.1:0 that answers one request with a fixed head and the content, on a background thread, so the program
    /// needs nothing but the runtime. It declares <c>port</c>.
    /// </summary>
    public static class ReproServer
    {
        /// <summary>Statements starting the server; <paramref name="status"/> like "200 OK", <paramref name="headers"/> ending in "\r\n" each, C#-escaped.</summary>
        public static string Answering(string status, string headers = "") =>
            "var server = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);\nserver.Start();\n" +
            "var port = ((System.Net.IPEndPoint)server.LocalEndpoint).Port;\n" +
            "new System.Threading.Thread(() =>\n{\n" +
            "    var peer = server.AcceptTcpClient().GetStream();\n" +
            "    // The request head, up to its blank line.\n" +
            "    var head = new System.Text.StringBuilder();\n" +
            "    var one = new byte[1];\n" +
            "    while (!head.ToString().EndsWith(\"\\r\\n\\r\\n\") && peer.Read(one, 0, 1) == 1) head.Append((char)one[0]);\n" +
            $"    var answer = System.Text.Encoding.ASCII.GetBytes(\"HTTP/1.1 {status}\\r\\nContent-Length: \" + content.Length + \"\\r\\n{headers}Connection: close\\r\\n\\r\\n\");\n" +
            "    peer.Write(answer, 0, answer.Length);\n" +
            "    peer.Write(content, 0, content.Length);\n" +
            "}) { IsBackground = true }.Start();\n";
    }
}
