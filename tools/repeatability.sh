#!/usr/bin/env bash
# Do budget figures repeat? Runs the same sweep three times and prints, per runtime, type, variant and
# operation, the three bytes/call (exact by design: any difference is a MISMATCH line and exit 1, unless the
# meter itself flagged the figure "not exact" in its result, as for a peer whose timing varies) and the
# spread of the three ratioToLimit and ratioToBaseline figures (max/min - 1), with how many stay within 15%.
#   tools/repeatability.sh [SWEEP ARGS...]      (REPEATABILITY_KEEP=DIR keeps the rounds' JSON documents)
# Without arguments each round is three sweeps, --checks 'budget.*' over System.IO.MemoryStream,
# System.IO.BufferedStream and System.IO.FileStream on both runtimes; with arguments, one sweep with them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/build.sh" build >&2
export STREAMCONF_DLL="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
exec python3 - "$@" <<'PY'
import json, os, statistics, subprocess, sys, tempfile

ROUNDS, TOLERANCE = 3, 0.15
sweeps = [sys.argv[1:]] if len(sys.argv) > 1 else [
    ["--checks", "budget.*", "--filter", t] for t in ("System.IO.MemoryStream", "System.IO.BufferedStream", "System.IO.FileStream")]
keep = os.environ.get("REPEATABILITY_KEEP")  # a folder to keep the rounds' JSON documents in
work = keep or tempfile.mkdtemp(prefix="repeatability.")
if keep: os.makedirs(keep, exist_ok=True)

def run(round_no, i, sweep_args):
    path = os.path.join(work, f"r{round_no}-{i}.json")
    log = path[:-5] + ".log"
    cmd = ["dotnet", os.environ["STREAMCONF_DLL"], "sweep", *sweep_args, "--json", path]
    print(f"round {round_no}: " + " ".join(cmd[2:]), file=sys.stderr)
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)
    if rc not in (0, 1):  # 1 only means findings
        sys.stderr.write(open(log).read()[-3000:])
        sys.exit(f"repeatability: sweep exited {rc} (log: {log})")
    return json.load(open(path))["results"]

# (runtime, type, variant, op) -> {"bytes": [per round], "ratioToLimit": [...], "ratioToBaseline": [...]}
figures = {}
for n in range(1, ROUNDS + 1):
    for i, sweep_args in enumerate(sweeps):
        for r in run(n, i, sweep_args):
            meter, _, op = r["check"].partition(".")[2].partition(".")
            if not r["check"].startswith("budget.") or meter not in ("alloc", "latency"): continue
            cell = figures.setdefault((r["runtime"], r["type"], r["variant"], op), {})
            metrics = r.get("metrics") or {}
            names = ["bytesPerCall", "exact"] if meter == "alloc" else [
                "ratioToLimit", "ratioToBaseline", "baselineNs", "limitNs", "ratioToLimitCiLow", "ratioToLimitCiHigh", "ratioToBaselineCiLow", "ratioToBaselineCiHigh"]
            for name in names:
                cell.setdefault(name, [None] * ROUNDS)[n - 1] = metrics.get(name)
            cell.setdefault("outcome." + meter, [None] * ROUNDS)[n - 1] = r["outcome"]

def spread(values):
    """max/min - 1; None when a round has no figure; inf when only some rounds fell below the noise (0)."""
    if any(v is None for v in values): return None
    lo, hi = min(values), max(values)
    if hi == 0: return 0.0
    return float("inf") if lo == 0 else hi / lo - 1

def fmt(v): return "-" if v is None else f"{v:g}"
def pct(s): return "n/a" if s is None else ("inf" if s == float("inf") else f"{100 * s:.1f}%")

mismatches = 0
inexact = []  # figures the meter itself flagged as not exact in some round: (spread, key)
spreads = {"ratioToLimit": [], "ratioToBaseline": []}
rows = []
for key in sorted(figures):
    cell = figures[key]
    b = cell.get("bytesPerCall")
    line = list(key) + ["/".join(fmt(v) for v in b) if b else "-"]
    for name in spreads:
        s = spread(cell[name]) if name in cell else None
        if s is not None: spreads[name].append((s, key))
        line.append(pct(s) if name in cell else "-")
    flagged = any(e == 0 for e in cell.get("exact", []))
    mismatch = b is not None and len(set(b)) > 1 and not flagged
    if flagged and b is not None and None not in b: inexact.append((max(b) - min(b), key))
    mismatches += mismatch
    rows.append((line, mismatch))
heading = ["runtime", "type", "variant", "op", "bytes/call x3", "xlimit spread", "xbaseline spread"]
for line, _ in rows:
    if any(e == 0 for e in figures[tuple(line[:4])].get("exact", [])): line[4] += " (not exact)"
widths = [max(len(str(c)) for c in col) for col in zip(heading, *(r for r, _ in rows))]
def show(cells): print("  ".join(c.ljust(w) if i < 4 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))
show(heading)
for line, mismatch in rows:
    show(line)
    if mismatch:
        runtime, type_, variant, op, b = line[:5]
        print(f"MISMATCH {runtime} {type_} [{variant}] {op}: bytes/call {b.replace('/', ' vs ')} over {ROUNDS} identical runs")

print()
for name, values in spreads.items():
    if not values: print(f"{name}: no figures"); continue
    within = sum(1 for s, _ in values if s <= TOLERANCE)
    finite = [s for s, _ in values if s != float("inf")]
    worst, where = max(values)
    print(f"{name}: {within} of {len(values)} spreads within {TOLERANCE:.0%}; median {pct(statistics.median(finite) if finite else None)}, "
          f"worst {pct(worst)} ({' '.join(where[:2])} [{where[2]}] {where[3]})")
    # The statistical view: do the rounds' confidence intervals of the median share a point (the rounds cannot
    # tell the runs apart), as compare asks before it calls a timing figure changed?
    lows = [figures[k].get(name + "CiLow") for _, k in values]
    highs = [figures[k].get(name + "CiHigh") for _, k in values]
    pairs = [(l, h) for l, h in zip(lows, highs) if l and h and None not in l and None not in h]
    if pairs:
        common = sum(1 for l, h in pairs if max(l) <= min(h))
        print(f"{name}: confidence intervals of all {ROUNDS} rounds share a point for {common} of {len(pairs)}")
# The references themselves, timed in each process: a ratio cannot repeat better than its denominator does.
for name in ("baselineNs", "limitNs"):
    ref = [spread(c[name]) for c in figures.values() if name in c and None not in c[name]]
    ref = [x for x in ref if x is not None and x != float("inf")]
    if ref:
        print(f"{name} (the reference itself): {sum(1 for x in ref if x <= TOLERANCE)} of {len(ref)} spreads within {TOLERANCE:.0%}; "
              f"median {pct(statistics.median(ref))}")

measured = [b for b in (c.get("bytesPerCall") for c in figures.values()) if b and any(v is not None for v in b)]
identical = sum(1 for b in measured if len(set(b)) == 1)
print(f"bytes/call: {identical} of {len(measured)} measured figures identical in all {ROUNDS} rounds" +
      (f", {mismatches} MISMATCH" if mismatches else ""))
# What a user sees: does a budget's verdict (pass/fail) stay the same over the rounds?
for meter in ("alloc", "latency"):
    verdicts = [c["outcome." + meter] for c in figures.values() if "outcome." + meter in c]
    judged = [v for v in verdicts if all(o in ("pass", "fail") for o in v)]
    if judged:
        flips = sum(1 for v in judged if len(set(v)) > 1)
        print(f"budget.{meter} verdicts: {len(judged) - flips} of {len(judged)} the same (pass or fail) in all {ROUNDS} rounds, {flips} changed")
if inexact:
    # The meter said so in the result ("not exact": no two pairs of windows agreed, e.g. a peer thread's timing):
    # not a mismatch, but listed with how far the rounds were apart.
    print(f"bytes/call flagged not exact by the meter: {len(inexact)}; rounds apart by B/call: " +
          ", ".join(f"{' '.join(k[1:4])} {d:.2f}" for d, k in sorted(inexact, reverse=True)))
if not keep:
    for f in os.listdir(work): os.remove(os.path.join(work, f))
    os.rmdir(work)
sys.exit(1 if mismatches else 0)
PY
