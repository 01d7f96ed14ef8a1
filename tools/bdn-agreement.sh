#!/usr/bin/env bash
# Do the harness's latency ratios agree with BenchmarkDotNet's, and at what cost? Builds tools/BdnAgreement
# (Release; BenchmarkDotNet is restored for it alone: the tool is not in the solution, not in CI), then measures
# five figures (ReadByte of MemoryStream, BufferedStream and FileStream, Read(Span) of 100 bytes and WriteByte of
# BufferedStream) with BenchmarkDotNet and with the harness's meters in one run, and prints them side by side
# with the wall time each side took (docs/agreement.md). Takes minutes: BenchmarkDotNet's default job.
#   tools/bdn-agreement.sh [--json FILE] [--toolchain default|in-process] [--artifacts DIR] [--harness-only]
# --harness-only prints the harness's five figures alone (ns, ratio to the figure's baseline and to the reference), in
# about a second: repeat it to see how the cheapest figures settle per process.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! out=$(dotnet build -nologo -v q -c Release -clp:"ErrorsOnly;NoSummary" "$root/tools/BdnAgreement" 2>&1); then
  printf '%s\n' "$out" >&2
  exit 2
fi
exec dotnet "$root/tools/BdnAgreement/bin/Release/net10.0/BdnAgreement.dll" "$@"
