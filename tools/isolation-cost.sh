#!/usr/bin/env bash
# What process isolation costs a sweep: per runtime, wall seconds against seconds spent inside probes
# (probeSeconds: first to last event; the difference is inventory, probe start-up and the host's side of the
# pipe), the seconds attributed to checks, and the start-up alone: the same sweep with --checks none-such,
# which selects no check.
#   tools/isolation-cost.sh [--from FILE] [SWEEP ARGS...]
# SWEEP ARGS go to both sweeps and must not hold --checks. --from FILE reads the measured sweep from a saved
# JSON document (e.g. tools/sweep-speed.sh --out DIR; then give the same SWEEP ARGS) instead of running it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/build.sh" build >&2
export STREAMCONF_DLL="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
exec python3 - "$@" <<'PY'
import json, os, subprocess, sys, tempfile

args = sys.argv[1:]
saved = None
if args[:1] == ["--from"]:
    if len(args) < 2: sys.exit("isolation-cost: --from needs a JSON file")
    saved = args[1]; args = args[2:]
if any(a == "--checks" or a.startswith("--checks=") for a in args):
    sys.exit("isolation-cost: give no --checks: the start-up run selects none itself")
work = tempfile.mkdtemp(prefix="isolation-cost.")

def sweep(name, extra):
    path = os.path.join(work, name + ".json")
    log = os.path.join(work, name + ".log")
    cmd = ["dotnet", os.environ["STREAMCONF_DLL"], "sweep", *args, *extra, "--json", path]
    print("running: " + " ".join(cmd[2:]), file=sys.stderr)
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)
    if rc not in (0, 1):  # 1 only means findings
        sys.stderr.write(open(log).read()[-3000:])
        sys.exit(f"isolation-cost: '{name}' sweep exited {rc} (log: {log})")
    return json.load(open(path))

full = json.load(open(saved)) if saved else sweep("sweep", [])
empty = sweep("start-up", ["--checks", "none-such"])
# No check runs, but building a stream can still crash its probe: those results are the host's, and they are
# part of the start-up cost (a crashed probe is restarted).
host_made = [f"{r['runtime']} {r['type']} [{r['variant']}] {r['check']}: {r['outcome']}" for r in empty["results"]]
startup = {r["runtime"]["name"]: r for r in empty["runtimes"]}

print(f"\n{'runtime':8} {'wall s':>7} {'probe s':>8} {'outside s':>9} {'outside':>8} {'checks s':>8} {'probes':>6} {'start-up s':>10} {'(in probe s)':>12}")
undercounted = []
for r in full["runtimes"]:
    name = r["runtime"]["name"]
    wall, probe = r["wallSeconds"], r["probeSeconds"]
    checks = sum(r["checkSeconds"].values())
    s = startup.get(name)
    up = f"{s['wallSeconds']:10.2f} {s['probeSeconds']:12.2f}" if s else f"{'-':>10} {'-':>12}"
    share = f"{(wall - probe) / wall:.0%}" if wall > 0 else "-"
    print(f"{name:8} {wall:7.1f} {probe:8.1f} {wall - probe:9.1f} {share:>8} {checks:8.1f} {r['probeProcesses']:6} {up}")
    if r["probeProcesses"] > 1: undercounted.append(name)
print(f"{'sweep':8} {full['wallSeconds']:7.1f}   (runtimes side by side unless --serial; start-up run {empty['wallSeconds']:.2f} s)")
if undercounted:
    # A probe killed after a timeout or crash never sends Done, and only Done adds a probe's time to probeSeconds.
    print(f"warning: {', '.join(undercounted)} restarted probes: probeSeconds counts only probes that finished, "
          "so 'outside' overstates isolation there; 'checks s' (time attributed to checks, timeouts included) is the better inside figure")
for line in host_made: print(f"start-up run: {line}")
print("outside = wall - probe: inventory, probe start-up and result transport; checks s = sum of checkSeconds; "
      "start-up = the sweep with no check selected")
for f in os.listdir(work): os.remove(os.path.join(work, f))
os.rmdir(work)
PY
