#!/usr/bin/env bash
# How long `patch evidence` takes per runtime on this machine: the first run (A/A and patched copies written)
# and a second run (copies reused from the cache). The goal is at most 3 minutes per runtime.
#   tools/patch-evidence-speed.sh [PATCH_FOLDER] [RUNTIME...]
set -euo pipefail
cd "$(dirname "$0")/.."
PATCH=${1:-patches/0001-bufferedstream-readbyte-regression-guard}
shift || true
RUNTIMES=("$@")
((${#RUNTIMES[@]})) || RUNTIMES=(dotnet mono)
./build.sh >&2
CLI=(dotnet src/StreamConformance.Cli/bin/Release/net10.0/streamconf.dll)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for rt in "${RUNTIMES[@]}"; do
  for pass in first cached; do
    start=$(date +%s.%N)
    # A private cache, so "first" really writes the copies; the evidence goes to a scratch folder, not the patch's.
    STREAMCONF_ARTIFACTS="$WORK/cache" "${CLI[@]}" patch evidence "$PATCH" --runtime "$rt" --evidence-dir "$WORK/out-$rt" > "$WORK/log-$rt-$pass.txt"
    end=$(date +%s.%N)
    verdict=$(grep -E "^$rt " "$WORK/log-$rt-$pass.txt" | head -n1 | sed 's/\x1b\[[0-9;]*m//g')
    printf '%-7s %-6s run: %6.1f s   %s\n' "$rt" "$pass" "$(python3 -c "print($end - $start)")" "$verdict"
  done
done
