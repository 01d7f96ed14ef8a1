#!/usr/bin/env bash
# How long a sweep takes: builds once (./build.sh), then runs the default sweep of both runtimes and the same
# sweep with --quick, and prints wall seconds (the process, the document, each runtime) against the design's
# goals at today's coverage (default <= 150 s, --quick <= 30 s on a 2-core machine), the share of latency figures
# whose interval is within +-10% of the median (goal: 90% in the default sweep) and each sweep's 10 slowest checks.
#   tools/sweep-speed.sh [--out DIR] [SWEEP ARGS...]
# SWEEP ARGS go to both sweeps (e.g. --filter 'System.IO.MemoryStream' for a short try; then the goals do
# not apply). --out DIR keeps the two JSON documents (default.json, quick.json) there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/build.sh" build >&2
export STREAMCONF_DLL="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
exec python3 - "$@" <<'PY'
import json, os, subprocess, sys, tempfile, time

args = sys.argv[1:]
out = None
if args[:1] == ["--out"]:
    if len(args) < 2: sys.exit("sweep-speed: --out needs a directory")
    out = os.path.abspath(args[1]); args = args[2:]
    os.makedirs(out, exist_ok=True)
work = out or tempfile.mkdtemp(prefix="sweep-speed.")

def sweep(name, extra):
    """Runs one sweep; returns (process seconds, document). Exit 1 only means findings."""
    path = os.path.join(work, name + ".json")
    log = os.path.join(work, name + ".log")
    cmd = ["dotnet", os.environ["STREAMCONF_DLL"], "sweep", *args, *extra, "--json", path]
    print("running: " + " ".join(cmd[2:]), file=sys.stderr)
    start = time.monotonic()
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)
    seconds = time.monotonic() - start
    if rc not in (0, 1):
        sys.stderr.write(open(log).read()[-3000:])
        sys.exit(f"sweep-speed: '{name}' sweep exited {rc} (log: {log})")
    return seconds, json.load(open(path))

runs = [("default", [], 150.0), ("quick", ["--quick"], 30.0)]
measured = [(name, goal) + sweep(name, extra) for name, extra, goal in runs]
names = [r["runtime"]["name"] for r in measured[0][3]["runtimes"]]

print()
print(f"sweep     process s  document s  goal s  {'  '.join(f'{n:>8} s' for n in names)}  results")
for name, goal, seconds, doc in measured:
    per = {r["runtime"]["name"]: r["wallSeconds"] for r in doc["runtimes"]}
    verdict = "" if args else ("  within goal" if doc["wallSeconds"] <= goal else "  OVER GOAL")
    cells = "  ".join(f"{per.get(n, float('nan')):10.1f}" for n in names)
    print(f"{name:8} {seconds:10.1f} {doc['wallSeconds']:11.1f} {goal:7.0f}  {cells}  {len(doc['results']):7}{verdict}")
if args:
    print("(arguments were given: the goals are for the default sweep of both runtimes)")

print()
for name, _, _, doc in measured:
    # "precise": the meter stopped because the ratio's interval was within +-10% of its median, not by its time box.
    figures = [r for r in doc["results"] if r["check"].startswith("budget.latency.") and "precise" in (r.get("metrics") or {})]
    precise = sum(1 for r in figures if r["metrics"]["precise"] == 1)
    share = 100.0 * precise / len(figures) if figures else float("nan")
    goal = "" if args or name != "default" else ("  within goal (90%)" if share >= 90 else "  UNDER GOAL (90%)")
    print(f"{name:8} latency figures within +-10%: {precise} of {len(figures)} ({share:.1f}%){goal}")

for name, _, _, doc in measured:
    print(f"\n10 slowest checks, {name} sweep (seconds summed over types)")
    rows = sorted(((s, r["runtime"]["name"], c) for r in doc["runtimes"] for c, s in r["checkSeconds"].items()), reverse=True)
    for s, runtime, check in rows[:10]:
        print(f"  {s:7.2f}  {runtime:7}  {check}")
if out:
    print(f"\nJSON documents and logs: {work}")
else:
    for f in os.listdir(work): os.remove(os.path.join(work, f))
    os.rmdir(work)
PY
