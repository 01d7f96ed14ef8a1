#!/usr/bin/env bash
# Where do the latency ceilings of budgets/default.json come from? From the reference streams: MemoryStream (every
# constructor), BufferedStream and UnmanagedMemoryStream, measured on both runtimes side by side as the default sweep
# runs them. Runs ROUNDS (default 3) sweeps of --checks 'budget.latency.*' over those types and prints, per runtime
# flavor and operation, the worst median ratioToBaseline any reference stream had in any round, and the ceiling that
# figure gives with the margin (default 2×, rounded up to two significant digits), as a budgets "buffered" section.
#   tools/calibrate-latency.sh [ROUNDS] [MARGIN]      (CALIBRATE_KEEP=DIR keeps the rounds' JSON documents;
#   CALIBRATE_RUNTIMES="wasm" sweeps those runtimes instead of the default sweep's, e.g. a flavour's own section)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/build.sh" build >&2
export STREAMCONF_DLL="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
exec python3 - "${1:-3}" "${2:-2}" <<'PY'
import json, math, os, subprocess, sys, tempfile

rounds, margin = int(sys.argv[1]), float(sys.argv[2])
references = ("System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.UnmanagedMemoryStream")
keep = os.environ.get("CALIBRATE_KEEP")
work = keep or tempfile.mkdtemp(prefix="calibrate.")
if keep: os.makedirs(keep, exist_ok=True)

worst = {}   # (flavor, operation) -> (median ratio, type, variant, round)
for r in range(1, rounds + 1):
    for t in references:
        path = os.path.join(work, f"r{r}-{t.split('.')[-1]}.json")
        cmd = ["dotnet", os.environ["STREAMCONF_DLL"], "sweep", "--checks", "budget.latency.*", "--filter", t, "--json", path]
        for runtime in os.environ.get("CALIBRATE_RUNTIMES", "").split(): cmd += ["--runtime", runtime]
        print(f"round {r}: " + " ".join(cmd[2:]), file=sys.stderr)
        with open(path[:-5] + ".log", "w") as log:
            rc = subprocess.call(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        if rc not in (0, 1): sys.exit(f"sweep exited {rc}: see {path[:-5]}.log")
        doc = json.load(open(path))
        flavors = {rt["runtime"]["name"]: rt["runtime"]["flavor"] for rt in doc["runtimes"]}
        for res in doc["results"]:
            m = res.get("metrics") or {}
            if res["type"] != t or "ratioToBaseline" not in m: continue
            key = (flavors.get(res["runtime"], res["runtime"]), res["check"][len("budget.latency."):])
            if key not in worst or m["ratioToBaseline"] > worst[key][0]:
                worst[key] = (m["ratioToBaseline"], t.split(".")[-1], res["variant"], r)

def ceiling(x):
    x *= margin
    digits = 10 ** (math.floor(math.log10(x)) - 1)
    return math.ceil(x / digits) * digits

print(f"{'runtime':8} {'operation':22} {'worst median':>12}  {'ceiling':>8}  from")
sections = {}
for (flavor, op), (ratio, t, variant, r) in sorted(worst.items()):
    c = ceiling(ratio)
    c = round(c, 6)
    sections.setdefault(flavor, {})[op] = {"ratioToBaseline": c}
    print(f"{flavor:8} {op:22} {ratio:12.2f}  {c:8g}  {t} {variant} (round {r})")
print(json.dumps({"runtimes": {f: {"buffered": s} for f, s in sections.items()}}, indent=2))
PY
