#!/usr/bin/env bash
# Did the machine run at one speed while these sweeps measured? Every latency round also times a byte[] loop, kept per
# round in samples.limitNs beside the round's ratio (docs/results.md). On a virtual machine that loop runs at one speed
# and then up to 2.4x slower for 0.1-3 s at a time, and a stream's ratio to MemoryStream moves with it by a different
# amount per figure (docs/compare.md, "The machine's speed, round by round"). Prints, per runtime: the fastest the loop
# ran (5th percentile of all rounds), the share of rounds at full speed (within 1.3x of it) and slowed (1.5x or more),
# and, over the figures with at least 3 rounds of each, how far their slowed rounds' median ratio lies from their
# full-speed rounds' (median, 10th and 90th percentile, and how many differ by more than compare's 15% threshold).
#   tools/machine-speed.sh RUN.json...
# A run saved before samples.limitNs has no speeds: it is named and left out. Exit 2 on a file that cannot be read.
set -euo pipefail
exec python3 - "$@" <<'PY'
import json, statistics, sys

FULL, SLOWED, THRESHOLD = 1.3, 1.5, 0.15
if len(sys.argv) < 2:
    sys.exit("usage: tools/machine-speed.sh RUN.json...")
figures = {}  # runtime -> list of (ratios, speeds)
for path in sys.argv[1:]:
    try:
        results = json.load(open(path))["results"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"machine-speed: {path}: not a run saved with --json ({e.__class__.__name__})", file=sys.stderr)
        sys.exit(2)
    kept = 0
    for r in results:
        samples = r.get("samples") or {}
        ratios, speeds = samples.get("ratioToBaseline"), samples.get("limitNs")
        if ratios and speeds and len(ratios) == len(speeds):
            figures.setdefault(r["runtime"], []).append((ratios, speeds))
            kept += 1
    if kept == 0:
        print(f"machine-speed: {path}: no latency result keeps its rounds' speeds (samples.limitNs): left out", file=sys.stderr)

def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]

for runtime, rows in sorted(figures.items()):
    speeds = sorted(s for _, ss in rows for s in ss)
    fastest = percentile(speeds, 0.05)
    full = sum(1 for s in speeds if s <= FULL * fastest)
    slowed = sum(1 for s in speeds if s >= SLOWED * fastest)
    print(f"{runtime}: {len(rows)} figures, {len(speeds)} rounds; byte[] loop fastest {fastest:.3g} ns/byte; "
          f"{100 * full / len(speeds):.0f}% of rounds at full speed (within {FULL}x), {100 * slowed / len(speeds):.0f}% slowed ({SLOWED}x or more)")
    shifts = []
    for ratios, ss in rows:
        at_full = [r for r, s in zip(ratios, ss) if s <= FULL * fastest]
        at_slowed = [r for r, s in zip(ratios, ss) if s >= SLOWED * fastest]
        if len(at_full) >= 3 and len(at_slowed) >= 3 and statistics.median(at_full) > 0:
            shifts.append(statistics.median(at_slowed) / statistics.median(at_full))
    if not shifts:
        print("  no figure has 3 rounds at full speed and 3 slowed to compare (a quick sweep's figures have 5 rounds)")
        continue
    shifts.sort()
    beyond = sum(1 for x in shifts if abs(x - 1) > THRESHOLD)
    print(f"  {len(shifts)} figures with rounds at both speeds: slowed/full ratio median {statistics.median(shifts):.2f}, "
          f"10th percentile {percentile(shifts, 0.1):.2f}, 90th {percentile(shifts, 0.9):.2f}; "
          f"{beyond} differ by more than {THRESHOLD:.0%}")
PY
