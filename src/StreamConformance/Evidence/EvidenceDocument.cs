namespace StreamConformance.Evidence
{
    public sealed class EvidenceDocument
    {
        public string Status { get; set; } = "";
        public string Headline { get; set; } = "";
    }
}
