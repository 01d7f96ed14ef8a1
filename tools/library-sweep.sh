#!/usr/bin/env bash
# Real stream libraries from the registry, swept as a user would sweep them (`sweep --runtime dotnet --assembly X.dll`),
# before (another build of the harness: --before ROOT or BEFORE_ROOT, when given and built) and after (this one). Not run by CI.
#   tools/library-sweep.sh [--before ROOT] [--out DIR] [--quick] [--set first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|all] [LIBRARY...]
# The first set is the seven the synthesis was built on; the second, three it was not tuned on (issue 32); the third,
# six more measured before anything was tuned for them (mail, audio, file-system mocks, a cloud SDK, pipes, a database);
# the fourth, six more measured the same way (office documents, a mail client, media tags, a serializer, SSH, spreadsheets);
# the fifth, six more (PDF, columnar data, virtual file systems, older spreadsheets, a database client, images);
# the sixth, eight more (ASP.NET Core's buffering streams, cloud-storage streams, a document database's GridFS, a hash,
# CSV, NuGet packages, WCF, SQLite blobs); the seventh, six more (a data serializer's buffers, SQL Server's FILESTREAM, a
# networking library's buffers, Unix file descriptors, a bot framework's payloads, native zstd); the eighth, eight more
# (a toolkit's IO streams, a cloud storage SDK's buffers, Windows audio readers, a cluster client's multiplexed streams,
# a graphics library's buffered reader, object-file sections, another native zstd binding); the ninth, five more (an
# actor framework's pooled buffer, a build-log reader's stream utilities, a small HTTP server's body streams, an LSM-tree
# database's file streams, device bindings' file sets); the tenth, five more (a document database's BSON buffers, an
# AMQP client's buffer list and TLS stream, a SQL database client's blob stream, a package feed's download stream, an
# audio library's file readers); the eleventh, four more (a binary serializer's bounded streams, a JWT library's capped
# buffer, a DNS library's DANE-verified TLS stream, a cache server's sequence reader); the twelfth, eight more, every
# other served package with a public concrete stream of its own (a container library's tar stream, a Bitcoin library's
# key derivation and hash streams, a map library's zip streams, a property-testing library's hash stream, F# async's
# circular buffer, the F# compiler's interactive console streams, a cache's pooled writer, MPI's delegate stream).
# Restores tools/library-sweep/Libraries.csproj (versions in Directory.Packages.props) into artifacts/library-sweep/bin,
# then prints per library: concrete types, public concrete, built (public built), static-only, errors, timeouts,
# crashes, findings by class; the sweep's own per-assembly row (built by how: constructor, factory, extension method,
# library recipe, built-in recipe); and the RecyclableMemoryStream figures (its recipe, every contract check, the
# allocation per ReadByte/WriteByte/span call).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
before="${BEFORE_ROOT:-}"
out="$root/artifacts/library-sweep"
quick=()
libs=()
set_name=first
while (($#)); do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --quick) quick=(--quick); shift ;;
    --set) set_name="$2"; shift 2 ;;
    *) libs+=("$1"); shift ;;
  esac
done
first=(Microsoft.IO.RecyclableMemoryStream K4os.Compression.LZ4.Streams ZstdSharp Snappier ICSharpCode.SharpZipLib Nerdbank.Streams CommunityToolkit.HighPerformance)
second=(SharpCompress DotNetZip BouncyCastle.Cryptography)
third=(MimeKit NAudio.Core TestableIO.System.IO.Abstractions.TestingHelpers AWSSDK.Core Pipelines.Sockets.Unofficial LiteDB)
fourth=(NPOI MailKit TagLibSharp MessagePack Renci.SshNet ExcelDataReader)
# Assembly names: PDFsharp's is PdfSharp, Parquet.Net's Parquet.
fifth=(PdfSharp Parquet Zio EPPlus Npgsql SixLabors.ImageSharp)
sixth=(Microsoft.AspNetCore.WebUtilities FluentStorage MongoDB.Driver Blake3 CsvHelper NuGet.Packaging System.ServiceModel.Primitives Microsoft.Data.Sqlite)
seventh=(Avro Microsoft.Data.SqlClient DotNetty.Buffers Mono.Unix Microsoft.Bot.Streaming ZstdNet)
eighth=(DotNext.IO Microsoft.Azure.Storage.Common NAudio.Wasapi NAudio.WinMM KubernetesClient SkiaSharp LibObjectFile Zstandard.Net)
# Assembly names: Microsoft.Orleans.Serialization's is Orleans.Serialization, MSBuild.StructuredLogger's StructuredLogger.
ninth=(Orleans.Serialization StructuredLogger Ceen.Httpd ZoneTree Iot.Device.Bindings)
# Assembly names are the package names here. NAudio.dll is the NAudio package's own (its file readers; NAudio.Core and
# the rest were measured before); MongoDB.Bson.dll comes with MongoDB.Driver, but the sixth set measured only MongoDB.Driver.dll.
tenth=(MongoDB.Bson Microsoft.Azure.Amqp FirebirdSql.Data.FirebirdClient NuGet.Protocol NAudio)
# Assembly names: jose-jwt's is jose-jwt; Microsoft.Garnet's streams are in Garnet.common (its other assemblies have none
# that is public).
eleventh=(BinarySerializer jose-jwt ARSoft.Tools.Net Garnet.common)
# Assembly names: MPI.NET's is MPI, ZiggyCreatures.FusionCache's the same as the package.
twelfth=(Testcontainers NBitcoin OsmSharp CsCheck FSharpx.Async FSharp.Compiler.Service ZiggyCreatures.FusionCache MPI)
if ! ((${#libs[@]})); then
  case "$set_name" in
    first) libs=("${first[@]}") ;;
    second) libs=("${second[@]}") ;;
    third) libs=("${third[@]}") ;;
    fourth) libs=("${fourth[@]}") ;;
    fifth) libs=("${fifth[@]}") ;;
    sixth) libs=("${sixth[@]}") ;;
    seventh) libs=("${seventh[@]}") ;;
    eighth) libs=("${eighth[@]}") ;;
    ninth) libs=("${ninth[@]}") ;;
    tenth) libs=("${tenth[@]}") ;;
    eleventh) libs=("${eleventh[@]}") ;;
    twelfth) libs=("${twelfth[@]}") ;;
    all) libs=("${first[@]}" "${second[@]}" "${third[@]}" "${fourth[@]}" "${fifth[@]}" "${sixth[@]}" "${seventh[@]}" "${eighth[@]}" "${ninth[@]}" "${tenth[@]}" "${eleventh[@]}" "${twelfth[@]}") ;;
    *) echo "library-sweep: --set $set_name: expected first, second, third, fourth, fifth, sixth, seventh, eighth, ninth, tenth, eleventh, twelfth or all" >&2; exit 2 ;;
  esac
fi
mkdir -p "$out"
dotnet build "$root/tools/library-sweep/Libraries.csproj" -c Release -nologo -v q -clp:ErrorsOnly -o "$out/bin" >&2
after_dll="$root/src/StreamConformance.Cli/bin/${CONFIG:-Release}/net10.0/streamconf.dll"
[ -f "$after_dll" ] || "$root/build.sh" build >&2
before_dll=""
if [ -n "$before" ]; then
  before_dll="$before/src/StreamConformance.Cli/bin/Release/net10.0/streamconf.dll"
  [ -f "$before_dll" ] || { echo "library-sweep: no build at $before_dll: only 'after' is measured" >&2; before_dll=""; }
fi
exec python3 - "$out" "$after_dll" "$before_dll" "${quick[*]:-}" "${libs[@]}" <<'PY'
import collections, json, os, subprocess, sys

out, after_dll, before_dll, quick, libs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
bins = os.path.join(out, "bin")

def run(dll, args, log):
    with open(log, "w") as f:
        return subprocess.call(["dotnet", dll, *args], stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)

def figures(dll, side, lib):
    assembly = os.path.join(bins, lib + ".dll")
    inv = os.path.join(out, f"{lib}.inventory.json")
    if not os.path.exists(inv):
        run(after_dll, ["inventory", "--runtime", "dotnet", "--assembly", assembly, "--json", inv], inv + ".log")
    types = [t for i in json.load(open(inv))["inventories"] for t in i["types"] if not t["isAbstract"]]
    public = {t["fullName"].replace("/", "+") for t in types if t["isPublic"]}
    doc_path = os.path.join(out, f"{lib}.{side}.json")
    args = ["sweep", "--runtime", "dotnet", "--assembly", assembly, "--json", doc_path] + ([quick] if quick else [])
    rc = run(dll, args, doc_path + ".log")
    if rc not in (0, 1):
        return {"failed": f"exit {rc} (log {doc_path}.log)"}
    doc = json.load(open(doc_path))
    runtime = doc["runtimes"][0]
    built = set(runtime["built"])
    outcomes = collections.Counter(r["outcome"] for r in doc["results"])
    classes = collections.Counter(f["class"] for f in doc["findings"])
    return {"concrete": len(types), "public": len(public), "built": len(built), "publicBuilt": len(built & public),
            "staticOnly": len(runtime["staticOnly"]), "error": outcomes["error"], "timeout": outcomes["timeout"], "crash": outcomes["crash"],
            "findings": dict(sorted(classes.items())), "doc": doc}

def line(name, f):
    if f is None: return f"  {name:6} (not measured)"
    if "failed" in f: return f"  {name:6} failed: {f['failed']}"
    pct = 100.0 * f["publicBuilt"] / f["public"] if f["public"] else 0.0
    cls = ", ".join(f"{k} {v}" for k, v in f["findings"].items()) or "none"
    return (f"  {name:6} concrete {f['concrete']:3}  public {f['public']:3}  built {f['built']:3} (public {f['publicBuilt']}, {pct:.0f} %)  "
            f"static-only {f['staticOnly']:3}  error {f['error']:3}  timeout {f['timeout']:2}  crash {f['crash']:2}  findings: {cls}")

totals = {"before": collections.Counter(), "after": collections.Counter()}
for lib in libs:
    print(lib)
    for side, dll in (("before", before_dll), ("after", after_dll)):
        f = figures(dll, side, lib) if dll else None
        print(line(side, f))
        if f and "failed" not in f:
            for k in ("concrete", "public", "built", "publicBuilt", "error", "timeout", "crash"): totals[side][k] += f[k]
            for k, v in f["findings"].items(): totals[side]["findings " + k] += v
        if side == "after" and f and "failed" not in f:
            doc = f["doc"]
            for a in doc.get("byAssembly", []):
                how = ", ".join(f"{k} {v}" for k, v in a["how"].items()) or "none"
                cls = ", ".join(f"{k} {v}" for k, v in a["findings"].items()) or "none"
                print(f"         by assembly {a['assembly']}: discovered {a['discovered']}, built {a['built']} ({how}), "
                      f"covered {a['coveredThrough']}, static-only {a['staticOnly']}, findings: {cls}")
            for t, variants in sorted(doc["runtimes"][0]["built"].items()):
                print(f"         built {t}: {'; '.join(variants)}")
            for s in doc["runtimes"][0]["staticOnly"]:
                print(f"         static-only {s['type']}: {s['reason'][:240]}")
            for r in doc["results"]:
                if r["outcome"] in ("error", "timeout", "crash"):
                    print(f"         {r['outcome']} {r['type']} {r['check']}: {r['message'][:200]}")
            for x in doc["findings"]:
                if x["class"] in ("contract", "harness"):
                    print(f"         {x['class']} {x['id']} {x['title'][:200]}")
            if lib == "Microsoft.IO.RecyclableMemoryStream":
                rms = [r for r in doc["results"] if r["type"] == "Microsoft.IO.RecyclableMemoryStream"]
                print("         RecyclableMemoryStream, every check:")
                for r in sorted(rms, key=lambda r: r["check"]):
                    if r["check"].startswith("budget.alloc") or not r["check"].startswith("budget"):
                        print(f"           {r['check']:38} {r['outcome']:9} {r['message'][:150]}")
for side in ("before", "after"):
    t = totals[side]
    if t["public"]:
        print(f"total {side}: public built {t['publicBuilt']} of {t['public']} ({100.0 * t['publicBuilt'] / t['public']:.0f} %), all built {t['built']} of {t['concrete']}, "
              f"error {t['error']}, timeout {t['timeout']}, crash {t['crash']}, findings: " + ", ".join(f"{k[9:]} {v}" for k, v in sorted(t.items()) if k.startswith("findings ")))
PY
