using System.Text;

namespace StreamConformance.Reports
{
    /// <summary>Escaping shared by the exporters, so the same text renders the same on every runtime.</summary>
    static class Markup
    {
        /// <summary>
        /// Encodes the five characters HTML gives meaning to, nothing else (Mono's WebUtility.HtmlEncode also turns
        /// every non-ASCII character, such as "✗", into an entity; .NET's does not).
        /// </summary>
        public static string Html(string text)
        {
            var sb = new StringBuilder(text.Length);
            foreach (var c in text)
            {
                switch (c)
                {
                    case '&': sb.Append("&amp;"); break;
                    case '<': sb.Append("&lt;"); break;
                    case '>': sb.Append("&gt;"); break;
                    case '"': sb.Append("&quot;"); break;
                    case '\'': sb.Append("&#39;"); break;
                    default: sb.Append(c); break;
                }
            }
            return sb.ToString();
        }

        /// <summary>Text safe inside a Markdown table cell: pipes escaped, one line.</summary>
        public static string MarkdownCell(string text) => text.Replace("|", "\\|").Replace("\r", "").Replace("\n", " ");
    }
}
