#!/usr/bin/env bash
# Times the Stream inventory of whole runtimes (default: dotnet mono) and prints their totals.
# Builds tools/InventorySpeed once (Release), then runs it. Extra arguments go to the tool:
#   tools/inventory-speed.sh [--json DIR] [--markdown DIR] [RUNTIME...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dotnet build -nologo -v q -c Release "$root/tools/InventorySpeed" >/dev/null
exec dotnet "$root/tools/InventorySpeed/bin/Release/net10.0/InventorySpeed.dll" "$@"
