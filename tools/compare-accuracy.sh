#!/usr/bin/env bash
# How often does `compare` call a change that is not there, and does it see one that is? Same build, 3 sweeps
# per side; the "after" side differs only by FAULTYSTREAMS_PLANT=slower,allocates,spin, which makes
# FaultyStreams.PlantedCostStream's ReadByte read its byte twice and its Read(byte[]) allocate 32 B per call (seen
# through Read(Span) of 100 bytes: Stream's own Read(Span) rents an array and calls Read(byte[])), and
# FaultyStreams.PlantedSlowdownStream's ReadByte about 1.3× slower (every fourth call also reads a byte through a second stream of its kind).
# Every other figure is the same build measured again: any change there is a false one. Prints, for the interval
# rule (--test intervals, the rule before samples were kept) and the rank rule (--test rank, the default), with
# 1 run and with 3 runs per side: false timing changes / timing figures, false count changes / counts, and
# whether each planted change was reported, with its figures.
#   tools/compare-accuracy.sh [SWEEP ARGS...]   (default: the default sweep of both runtimes)
#   COMPARE_ACCURACY_KEEP=DIR keeps the JSON documents and comments; COMPARE_ACCURACY_REUSE=DIR compares saved ones;
#   COMPARE_ACCURACY_RUNS=N sweeps N runs per side instead of 3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ -n "${COMPARE_ACCURACY_REUSE:-}" ] || "$root/build.sh" build >&2
export STREAMCONF_DLL="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
export FAULTY_DIR="$root/tests/FaultyStreams/bin/${CONFIG:-Release}"
exec python3 - "$@" <<'PY'
import json, os, re, subprocess, sys, tempfile

RUNS = os.environ.get("COMPARE_ACCURACY_RUNS", "3")  # runs per side; the table shows 1 and this many
if not RUNS.isdigit() or int(RUNS) < 1:
    print(f"compare-accuracy: COMPARE_ACCURACY_RUNS={RUNS}: expected a whole number, 1 or more", file=sys.stderr)
    sys.exit(2)
RUNS = int(RUNS)
PLANTED = "FaultyStreams.PlantedCostStream"
SLOWDOWN = "FaultyStreams.PlantedSlowdownStream"
dll = os.environ["STREAMCONF_DLL"]
reuse = os.environ.get("COMPARE_ACCURACY_REUSE")
work = reuse or os.environ.get("COMPARE_ACCURACY_KEEP") or tempfile.mkdtemp(prefix="compare-accuracy.")
os.makedirs(work, exist_ok=True)
sweep_args = sys.argv[1:]

def sweep(path, args, env=None):
    log = path[:-5] + ".log"
    cmd = ["dotnet", dll, "sweep", *args, "--json", path]
    print("running: " + " ".join(cmd[2:]) + (" (FAULTYSTREAMS_PLANT=%s)" % env["FAULTYSTREAMS_PLANT"] if env else ""), file=sys.stderr)
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    if rc not in (0, 1):  # 1 only means findings
        sys.stderr.write(open(log).read()[-3000:])
        sys.exit(f"compare-accuracy: sweep exited {rc} (log: {log})")
    return json.load(open(path))

def run(side, i):
    """One run of a side: the sweep, plus the planted stream on each runtime (its own assembly), as one document."""
    path = os.path.join(work, f"{side}{i}.json")
    if reuse: return path
    doc = sweep(path, sweep_args)
    plant = {"FAULTYSTREAMS_PLANT": "slower,allocates,spin"} if side == "after" else None
    for runtime, tfm in (("dotnet", "net10.0"), ("mono", "net472")):
        part = sweep(os.path.join(work, f"{side}{i}-planted-{runtime}.json"),
                     ["--runtime", runtime, "--assembly", os.path.join(os.environ["FAULTY_DIR"], tfm, "FaultyStreams.dll"),
                      "--filter", PLANTED + "|" + SLOWDOWN, "--checks", "budget.*"], plant)
        doc["results"] += part["results"]
    doc.pop("findings", None)  # derived from the results: compare builds them again
    json.dump(doc, open(path, "w"), indent=1)
    return path

before = [run("before", i) for i in range(1, RUNS + 1)]
after = [run("after", i) for i in range(1, RUNS + 1)]

ROW = re.compile(r"^\| (?P<runtime>[^|]+) \| (?P<type>[^|]+) \| (?P<variant>[^|]*) \| (?P<check>[^|]+) \| (?P<what>.+) \|$")
def compare(test, runs):
    md = os.path.join(work, f"comment-{test}-{runs}.md")
    cmd = ["dotnet", dll, "compare", before[0], after[0], "--test", test, "--markdown", md]
    for b, a in zip(before[1:runs], after[1:runs]): cmd += ["--baseline-run", b, "--candidate-run", a]
    out = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if out.returncode not in (0, 1): sys.exit(f"compare-accuracy: compare exited {out.returncode}: {out.stderr}")
    text = open(md).read()
    counted = re.search(r"(\d+) timing figures by Mann–Whitney, (\d+) by intervals, (\d+) counts exactly", text)
    section, rows = None, []
    for line in text.splitlines():
        if line.startswith("### "): section = line[4:].split(" (")[0]
        m = ROW.match(line)
        if m and m["runtime"].strip() != "runtime" and section in ("Regressions", "Improvements"): rows.append((section, {k: v.strip() for k, v in m.groupdict().items()}))
    return md, int(counted[1]) + int(counted[2]), int(counted[3]), rows

inexact = set()  # results whose allocation figure the meter did not call exact in some run: compared with a tolerance, not exactly
for path in before + after:
    for r in json.load(open(path))["results"]:
        if (r.get("metrics") or {}).get("exact") == 0: inexact.add((r["runtime"], r["type"], r["variant"], r["check"]))

def kind(row):
    what = row["what"]
    if what.startswith("bytes") and (row["runtime"], row["type"], row["variant"], row["check"]) in inexact: return "inexact"
    if what.startswith(("bytes", "syscalls.")): return "count"
    if row["check"].startswith("budget.latency.") and what.split(":")[0] in ("nsPerCall", "ratioToBaseline", "ratioToLimit"): return "timing"
    return "outcome"

def planted_change(row):
    """What the plant may change: ReadByte's time, and whatever goes through Read(byte[]) (Read(Span), ReadAsync):
    its allocation, and its time by the allocation's cost. Anything else, the planted type's included, is false."""
    return (row["type"] == PLANTED and (row["check"] == "budget.latency.read-byte" or any(op in row["check"] for op in (".read-span-", ".read-async-")))) \
        or (row["type"] == SLOWDOWN and row["check"] == "budget.latency.read-byte")

def figures(path, check, type=PLANTED, runtime="dotnet"):
    for r in json.load(open(path))["results"]:
        if r["type"] == type and r["check"] == check and r["runtime"] == runtime:
            m = r.get("metrics") or {}
            return m.get("ratioToBaseline", m.get("bytesPerCall"))

print(f"\n{RUNS} runs per side of: sweep {' '.join(sweep_args) or '(default)'}; planted: {PLANTED} and {SLOWDOWN} on dotnet and mono")
for runtime in ("dotnet", "mono"):
    for name, check, type in (("ReadByte ratio to MemoryStream (2x)", "budget.latency.read-byte", PLANTED), ("Read(Span) of 100 bytes/call", "budget.alloc.read-span-100", PLANTED),
                              ("ReadByte ratio to MemoryStream (1.3x)", "budget.latency.read-byte", SLOWDOWN)):
        print(f"  {name} ({runtime}): before " + ", ".join(str(figures(p, check, type, runtime)) for p in before) + "; after " + ", ".join(str(figures(p, check, type, runtime)) for p in after))
print(f"\n{'rule':<10} {'runs':>4} {'false timing':>16} {'false counts':>14} {'false inexact B':>15} {'false outcomes':>15}  planted 2x ReadByte / +32 B Read(Span) / 1.3x ReadByte")
for test in ("intervals", "rank"):
    for runs in (1, RUNS):
        md, timing_n, count_n, rows = compare(test, runs)
        false = [(s, r) for s, r in rows if not planted_change(r)]
        planted = [(s, r) for s, r in rows if planted_change(r)]
        ft = sum(1 for _, r in false if kind(r) == "timing")
        fc = sum(1 for _, r in false if kind(r) == "count")
        fo = sum(1 for _, r in false if kind(r) == "outcome")
        fi = sum(1 for _, r in false if kind(r) == "inexact")
        def seen(check_prefix, runtime, type=PLANTED):
            return any(s == "Regressions" and r["runtime"] == runtime and r["type"] == type and r["check"].startswith(check_prefix) for s, r in planted)
        yes = lambda b: "yes" if b else "NO"
        found = " ".join(f"{rt}: {yes(seen('budget.latency.read-byte', rt))}/{yes(seen('budget.alloc.read-span-100', rt))}/{yes(seen('budget.latency.read-byte', rt, SLOWDOWN))}" for rt in ("dotnet", "mono"))
        print(f"{test:<10} {runs:>4} {ft:>7} of {timing_n:<6} {fc:>5} of {count_n:<6} {fi:>15} {fo:>15}  {found}")
        for s, r in false:
            print(f"    false {s[:-1].lower()}: {r['runtime']} {r['type']} [{r['variant']}] {r['check']}: {r['what']}")
        for s, r in planted:
            print(f"    planted {s[:-1].lower()}: {r['runtime']} [{r['variant']}] {r['check']}: {r['what']}")
print(f"\ndocuments and comments: {work}")
PY
