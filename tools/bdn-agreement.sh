#!/usr/bin/env bash
# Do the harness's latency ratios agree with BenchmarkDotNet's, and at what cost? Builds tools/BdnAgreement
# (Release; BenchmarkDotNet is restored for it alone: the tool is not in the solution, not in CI), then measures ten
# figures (ReadByte of MemoryStream, BufferedStream, FileStream, UnmanagedMemoryStream, a decompressing DeflateStream
# and a read-mode CryptoStream; Read(Span) of 100 bytes of BufferedStream and FileStream; WriteByte of MemoryStream and
# BufferedStream) with BenchmarkDotNet, each benchmark in --bdn-runs processes (default 3), and with the harness's
# meters in one run. Per figure: BenchmarkDotNet's ratio to its baseline in each launch and their range, whether the
# harness's ratio lies within that range widened by 10%, both ns/call (within ±25%?), bytes per call and the wall time
# each side took (docs/agreement.md). Takes 15 minutes or more with the default job.
#   tools/bdn-agreement.sh [--bdn-runs N] [--bdn-job default|short|dry] [--json FILE] [--toolchain default|in-process]
#                          [--artifacts DIR] [--harness-only]
# --bdn-job short (3 warm-ups, 3 iterations) or dry (BenchmarkDotNet's Job.Dry) checks the pipeline in a few minutes;
# their figures mean little. --harness-only prints the harness's ten figures alone (ns, ratio to the figure's baseline
# and to the reference), in seconds: repeat it to see how the cheapest figures settle per process.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! out=$(dotnet build -nologo -v q -c Release -clp:"ErrorsOnly;NoSummary" "$root/tools/BdnAgreement" 2>&1); then
  printf '%s\n' "$out" >&2
  exit 2
fi
# A probe of the sweep runs with tiering and tiered PGO off (src/StreamConformance/Runtimes/RuntimeLauncher.cs): the
# harness's side in the tool's process and BenchmarkDotNet's child processes (which inherit the environment; its job
# sets them too) run as a probe does, so both meters measure the same code of the runtime, as the sweep does.
export DOTNET_TieredCompilation=0 DOTNET_TieredPGO=0
exec dotnet "$root/tools/BdnAgreement/bin/Release/net10.0/BdnAgreement.dll" "$@"
