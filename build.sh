#!/usr/bin/env bash
# The one entry point on Linux. Idempotent: installs what is missing, then builds, tests or runs.
#   ./build.sh            build everything (.NET 10 and, with Mono present, the net472 probe and tests)
#   ./build.sh test       all tests, on .NET 10 and on Mono; fails if either fails
#   ./build.sh run [ARGS] the streamconf CLI with ARGS (no ARGS: the default sweep of .NET 10 and Mono)
#   ./build.sh pack       the CLI as a dotnet tool package in artifacts/
#   ./build.sh runtimes   private .NET 8 and 9 runtimes in artifacts/dotnet-runtimes/ (for --runtime 8.0 / 9.0) and
#                         WebAssembly runtime packs in artifacts/wasm-runtimes/ (for --runtime wasm, wasm-9.0, ...)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
CONFIG=${CONFIG:-Release}
export DOTNET_NOLOGO=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Debian's Mono (runs and compiles the net472 probe and tests), strace (the syscall meter), python3 (the
# closing line of `test`) and nodejs (the host of the WebAssembly probe, `--runtime wasm`).
ensure_system_packages() {
  local missing=()
  [ -f /usr/lib/mono/4.5/mscorlib.dll ] && command -v mono >/dev/null || missing+=(mono-complete)
  command -v strace >/dev/null || missing+=(strace)
  command -v python3 >/dev/null || missing+=(python3)
  command -v node >/dev/null || command -v nodejs >/dev/null || missing+=(nodejs)
  ((${#missing[@]})) || return 0
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  if ! command -v apt-get >/dev/null; then
    log "not a Debian system: install ${missing[*]} yourself (Mono tests and syscall checks will be skipped)"
    return 0
  fi
  log "installing ${missing[*]} from Debian's packages"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Debian's chromium renders the HTML report in its test (HtmlChartTests): for `test` only, and a failed install
# is a line, not a stop (the test then says it was skipped and why).
ensure_chromium() {
  command -v chromium >/dev/null && return 0
  command -v apt-get >/dev/null || { log "not a Debian system: the HTML rendering test will be skipped"; return 0; }
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  log "installing chromium from Debian's packages"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null; } ||
    log "chromium could not be installed: the HTML rendering test will be skipped"
}

build() {
  ensure_system_packages
  command -v dotnet >/dev/null || { echo "build.sh: the .NET 10 SDK (dotnet) is not on PATH" >&2; exit 2; }
  log "building ($CONFIG)"
  dotnet build "$ROOT/StreamConformance.slnx" -c "$CONFIG" -nologo -v q -clp:"ErrorsOnly;NoSummary"
}

# For `run`: the command's own output is what the user reads (a bad input is one line); the build speaks only when it fails.
# A build with nothing to do still takes ~8 s of MSBuild: `run` skips it while no input is newer than the last build it
# made (make's rule: an edit, a checkout or an added or removed file makes its folder or file newer than the stamp).
quiet_build() {
  local out started stamp="$ROOT/artifacts/.run-build-stamp" identity="$CONFIG mono=$(command -v mono || true)"
  if [ -f "$stamp" ] && [ -f "$CLI_DLL" ] && [ "$(cat "$stamp")" = "$identity" ] &&
    [ -z "$(find "$ROOT"/src "$ROOT"/tests "$ROOT"/tools "$ROOT"/build.sh "$ROOT"/*.props "$ROOT"/*.slnx "$ROOT"/global.json \
      \( -name bin -o -name obj \) -prune -o -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    ensure_system_packages
    return 0
  fi
  started=$(date +%s.%N)
  if ! out=$(build 2>&1); then
    printf '%s\n' "$out" >&2
    exit 2
  fi
  mkdir -p "$ROOT/artifacts"
  printf '%s\n' "$identity" >"$stamp"
  touch -d "@$started" "$stamp"
}

# PACKAGE's VERSIONS from the registry into WORK/packages (a throwaway project's PackageDownload, outside the
# repository's Directory.Build.props and central package versions); one line naming what failed, and WORK removed.
download_packages() {
  local package=$1 work=$2 versions="" v; shift 2
  [ -n "$work" ] && [ "$work" != / ] || { echo "build.sh: download_packages needs a work folder" >&2; return 1; }
  for v in "$@"; do versions+="${versions:+;}[$v]"; done
  mkdir -p "$work"
  printf '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup>\n  <ItemGroup><PackageDownload Include="%s" Version="%s" /></ItemGroup>\n</Project>\n' \
    "$package" "$versions" >"$work/download.csproj"
  printf '<Project />\n' >"$work/Directory.Build.props"
  printf '<Project />\n' >"$work/Directory.Packages.props"
  if ! dotnet restore "$work/download.csproj" --packages "$work/packages" -nologo -v q >&2; then
    echo "build.sh: $package $* did not restore (is each version served?)" >&2
    rm -rf "$work"; return 1
  fi
}

# Private .NET 8 and 9 runtimes (`--runtime 8.0`, `--runtime 9.0`): a dotnet root in artifacts/dotnet-runtimes/ made of
# the installed host (the dotnet muxer and host/fxr, which run older frameworks) and the registry's runtime packs
# (Microsoft.NETCore.App.Runtime.linux-x64) laid out as shared/Microsoft.NETCore.App/<version>/. Never touches the
# installed dotnet. Idempotent: a framework folder already there is kept.
PRIVATE_RUNTIMES="8.0.33 9.0.22"
ensure_private_runtimes() {
  command -v dotnet >/dev/null || { echo "build.sh: the .NET 10 SDK (dotnet) is not on PATH" >&2; exit 2; }
  local root="$ROOT/artifacts/dotnet-runtimes" fx="$ROOT/artifacts/dotnet-runtimes/shared/Microsoft.NETCore.App"
  local missing=() v
  for v in $PRIVATE_RUNTIMES; do [ -f "$fx/$v/System.Private.CoreLib.dll" ] || missing+=("$v"); done
  local sysroot; sysroot=$(dirname "$(readlink -f "$(command -v dotnet)")")
  if ((${#missing[@]})); then
    log "private .NET runtimes ${missing[*]} into artifacts/dotnet-runtimes"
    local work="$root/.restore"
    download_packages Microsoft.NETCore.App.Runtime.linux-x64 "$work" "${missing[@]}" || exit 2
    for v in "${missing[@]}"; do
      local pack="$work/packages/microsoft.netcore.app.runtime.linux-x64/$v/runtimes/linux-x64"
      rm -rf "$fx/$v.tmp"; mkdir -p "$fx/$v.tmp"
      cp "$pack/lib/net${v%%.*}.0/"* "$pack/native/"* "$fx/$v.tmp/"
      rm -rf "$fx/$v"; mv "$fx/$v.tmp" "$fx/$v"
    done
    rm -rf "$work"
  fi
  # The installed host: the muxer and the newest hostfxr (a newer hostfxr runs older frameworks).
  if [ ! -x "$root/dotnet" ] || [ ! -d "$root/host/fxr" ]; then
    local fxr; fxr=$(ls -d "$sysroot"/host/fxr/* | sort -V | tail -n1)
    mkdir -p "$root/host/fxr"
    cp "$sysroot/dotnet" "$root/dotnet"
    cp -r "$fxr" "$root/host/fxr/"
  fi
}

# dotnet/runtime's Mono for WebAssembly (`--runtime wasm`, `wasm-8.0`, `wasm-9.0`, `wasm-10.0.12`): the registry's
# runtime packs (Microsoft.NETCore.App.Runtime.Mono.browser-wasm), each unpacked as artifacts/wasm-runtimes/<version>/
# with the pack's own layout below it (runtimes/browser-wasm/lib/netX.0 and native/, and data/RuntimeList.xml), as a
# dotnet/runtime build lays out its pack. The newest served of each major by default; a `wasm-X.Y.Z` named on the command line adds that one.
# Idempotent: a version already there is kept.
WASM_RUNTIMES="8.0.33 9.0.23 10.0.15"
ensure_wasm_runtimes() {
  command -v dotnet >/dev/null || { echo "build.sh: the .NET 10 SDK (dotnet) is not on PATH" >&2; exit 2; }
  local root="$ROOT/artifacts/wasm-runtimes" missing=() v
  for v in $WASM_RUNTIMES "$@"; do
    # data/RuntimeList.xml too: the SDK reads it to build a probe against a copy of the pack (a patched one).
    [ -f "$root/$v/runtimes/browser-wasm/native/System.Private.CoreLib.dll" ] && [ -f "$root/$v/data/RuntimeList.xml" ] || missing+=("$v")
  done
  ((${#missing[@]})) || return 0
  log "WebAssembly runtime packs ${missing[*]} into artifacts/wasm-runtimes"
  local work="$root/.restore"
  download_packages Microsoft.NETCore.App.Runtime.Mono.browser-wasm "$work" "${missing[@]}" || exit 2
  for v in "${missing[@]}"; do
    rm -rf "$root/$v.tmp"; mkdir -p "$root/$v.tmp"
    cp -r "$work/packages/microsoft.netcore.app.runtime.mono.browser-wasm/$v/runtimes" "$work/packages/microsoft.netcore.app.runtime.mono.browser-wasm/$v/data" "$root/$v.tmp/"
    rm -rf "$root/$v"; mv "$root/$v.tmp" "$root/$v"
  done
  rm -rf "$work"
}

# The X.Y.Z of each `wasm-X.Y.Z` in a command line.
wasm_versions_named() {
  printf '%s\n' "$@" | sed -nE 's/^(--runtime=)?wasm-([0-9]+\.[0-9]+\.[0-9]+)$/\2/p'
}

CLI_DLL="$ROOT/src/StreamConformance.Cli/bin/$CONFIG/net10.0/streamconf.dll"
TESTS="$ROOT/tests/StreamConformance.Tests"

run_tests() {
  build
  ensure_chromium
  ensure_private_runtimes
  ensure_wasm_runtimes
  local results="$ROOT/artifacts/test-results"
  rm -rf "$results"; mkdir -p "$results"
  local rc=0 dn_out mono_out mono_pid=""
  local mono_exe="$TESTS/bin/$CONFIG/net472/StreamConformance.Tests.exe"
  mono_out="$results/mono.log"
  # The two runtimes' tests run side by side: both mostly wait on the processes they start (one run used 7 of
  # 11 minutes of CPU on two cores), so together they end about when the .NET run does. Mono's output is shown
  # after the .NET run's.
  if [ -f "$mono_exe" ] && command -v mono >/dev/null; then
    log "tests on Mono ($(mono --version | head -n1 | sed 's/Mono JIT compiler version //')), beside .NET's: $mono_out"
    (cd "$TESTS/bin/$CONFIG/net472" && mono --debug StreamConformance.Tests.exe --results "$results/mono.xml") > "$mono_out" 2>&1 &
    mono_pid=$!
  else
    echo "mono: not available, Mono tests not run" | tee "$mono_out"
    rc=1
  fi
  # .NET's tests run as two processes side by side as well: the patching fixtures (copies of runtimes) in one,
  # everything else in the other, with every test that builds a WebAssembly probe (the runtime layouts' and the
  # WebAssembly patch's: one process, so no two build the same probe). In one process they took 558 s while Mono's
  # took 249 s, so a core sat idle for five minutes; much of that time is waiting (the isolation sweep's watchdog
  # alone is about two minutes of it). With the runtime layouts beside the patches, that process ended 200 s after
  # the other (455 s against 258 s). Not three: with the shipped patches in a process of their own, four processes on
  # two cores made load-sensitive figures flaky (a WebAssembly seed figure came out not exact, once in two runs).
  local heavy="FullyQualifiedName~StreamConformance.Tests.Patching.&FullyQualifiedName!~StreamConformance.Tests.Patching.WasmPatchTests"
  local rest="FullyQualifiedName!~StreamConformance.Tests.Patching.|FullyQualifiedName~StreamConformance.Tests.Patching.WasmPatchTests"
  log "tests on .NET 10 (two processes): $results/dotnet-patching.log beside this one"
  dotnet test "$TESTS/StreamConformance.Tests.csproj" -c "$CONFIG" -f net10.0 --no-build -nologo --filter "$heavy" \
    --logger "trx;LogFileName=dotnet-patching.trx" --results-directory "$results" > "$results/dotnet-patching.log" 2>&1 &
  local heavy_pid=$!
  dn_out="$results/dotnet.log"
  dotnet test "$TESTS/StreamConformance.Tests.csproj" -c "$CONFIG" -f net10.0 --no-build -nologo --filter "$rest" \
    --logger "trx;LogFileName=dotnet.trx" --results-directory "$results" 2>&1 | tee "$dn_out" || rc=1
  wait "$heavy_pid" || rc=1
  log "tests on .NET 10, the patches: $results/dotnet-patching.log"
  cat "$results/dotnet-patching.log"
  if [ -n "$mono_pid" ]; then
    wait "$mono_pid" || rc=1
    log "tests on Mono: $mono_out"
    cat "$mono_out"
  fi
  # One closing line over both runtimes.
  python3 - "$mono_out" "$results/dotnet.trx" "$results/dotnet-patching.trx" <<'PY' || rc=1
import re, sys, xml.etree.ElementTree as ET
p = f = s = 0
for trx in sys.argv[2:]:
    try:
        c = ET.parse(trx).getroot().find('.//{*}Counters')
        p += int(c.get('passed')); f += int(c.get('failed')) + int(c.get('error', 0)) + int(c.get('timeout', 0)) + int(c.get('aborted', 0))
        # VSTest leaves notExecuted at 0 for skipped tests: what was not executed is total - executed.
        s += int(c.get('total')) - int(c.get('executed'))
    except Exception as e:
        print(f"dotnet: no test results in {trx} ({e})"); f += 1
m = re.search(r'mono: (\d+) passed, (\d+) failed, (\d+) skipped', open(sys.argv[1]).read())
if m: p += int(m[1]); f += int(m[2]); s += int(m[3])
else: print("mono: no test results"); f += 1
print(f"{p} passed, {f} failed, {s} skipped")
sys.exit(1 if f else 0)
PY
  return $rc
}

case "${1:-build}" in
  build) build ;;
  test) run_tests ;;
  runtimes)
    ensure_private_runtimes; ensure_wasm_runtimes
    log "private runtimes: $ROOT/artifacts/dotnet-runtimes (--runtime 8.0, 9.0) and $ROOT/artifacts/wasm-runtimes (--runtime wasm, wasm-8.0, wasm-9.0)"
    ;;
  run)
    shift
    quiet_build
    # --runtime 8.0 / 9.0 name the private runtimes: install them on first use.
    case " $* " in *" 8."*|*" 9."*|*"=8."*|*"=9."*) ensure_private_runtimes ;; esac
    # --runtime wasm… names a WebAssembly runtime pack: restore the packs on first use.
    case " $* " in *" wasm"*|*"=wasm"*) ensure_wasm_runtimes $(wasm_versions_named "$@") ;; esac
    exec dotnet "$CLI_DLL" "$@"
    ;;
  pack)
    build
    dotnet pack "$ROOT/src/StreamConformance.Cli/StreamConformance.Cli.csproj" -c "$CONFIG" --no-build -o "$ROOT/artifacts/package" -nologo
    ;;
  -h|--help|help) sed -n '2,9p' "$0" ;;
  *) echo "build.sh: unknown command '$1' (expected build, test, run, pack or runtimes)" >&2; exit 2 ;;
esac
