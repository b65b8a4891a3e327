#!/usr/bin/env bash
# podmirror's `:http` pod source downloader alone (download, sha-less verify, extract, flatten) vs what
# CocoaPods runs (`curl -f -L -o FILE URL` then `tar xf` / `unzip`), one archive after another, on the
# shared static server made slow and far. Also the downloader with --jobs N (what `pods fetch` does).
#   bench/http-archives.sh [COUNT] [KIB]     # COUNT archives (half tgz, half zip) of KIB KiB random data
#   SERVE_HTTP_ARGS="--delay-ms 150 --rate-kbps 256" (default) SHARED=../shared BENCH_DIR=/tmp/...
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-6}"; kib="${2:-512}"
shared="${SHARED:-../shared}"
export SERVE_HTTP_ARGS="${SERVE_HTTP_ARGS:---delay-ms 150 --rate-kbps 256}"
work="${BENCH_DIR:-$(mktemp -d /tmp/podmirror-http-bench.XXXXXX)}"
mkdir -p "$work"
state="$work/state"
cleanup() {
  "$shared/tools/serve-repo.sh" stop "$state" >/dev/null 2>&1 || true
  [ -n "${BENCH_DIR:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --product http-fetch-bench >/dev/null
bin="$(swift build -c release --show-bin-path)/http-fetch-bench"

# Archives: each a single top folder with one incompressible file, as pods ship them.
root="$work/root"; mkdir -p "$root/archives"
urls=()
port=$((20000 + RANDOM % 20000)); gport=$((port + 1))
for i in $(seq 1 "$count"); do
  src="$work/src/Pod$i-1.0.0"; mkdir -p "$src"
  head -c $((kib * 1024)) /dev/urandom >"$src/payload.bin"; echo "MIT" >"$src/LICENSE"
  if [ $((i % 2)) -eq 0 ]; then
    (cd "$work/src" && python3 -c 'import sys,zipfile,os
z=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED)
for d,_,fs in os.walk(sys.argv[2]):
    for f in fs: z.write(os.path.join(d,f))
z.close()' "$root/archives/Pod$i.zip" "Pod$i-1.0.0")
    urls+=("http://127.0.0.1:$port/archives/Pod$i.zip")
  else
    tar -czf "$root/archives/Pod$i.tar.gz" -C "$work/src" "Pod$i-1.0.0"
    urls+=("http://127.0.0.1:$port/archives/Pod$i.tar.gz")
  fi
done
"$shared/tools/serve-repo.sh" start "$root" "$port" "$gport" "$state" >/dev/null

now() { date +%s.%N; }
run_curl() {
  local out="$work/curl"; rm -rf "$out"; mkdir -p "$out"
  local i=0
  for u in "${urls[@]}"; do
    i=$((i + 1)); mkdir -p "$out/$i"
    case "$u" in
      *.zip) curl -sS -f -L -o "$out/$i/file.zip" "$u" --retry 2 -A "'CocoaPods/1.17.0 cocoapods-downloader/2.1'"
             unzip -q "$out/$i/file.zip" -d "$out/$i" && rm "$out/$i/file.zip" ;;
      *) curl -sS -f -L -o "$out/$i/file.tgz" "$u" --retry 2 -A "'CocoaPods/1.17.0 cocoapods-downloader/2.1'"
         tar xf "$out/$i/file.tgz" -C "$out/$i" && rm "$out/$i/file.tgz" ;;
    esac
  done
}
run_podmirror() { rm -rf "$work/pm"; mkdir -p "$work/pm"; "$bin" --jobs "$1" "$work/pm" "${urls[@]}" >/dev/null; }

t0=$(now); run_curl; t1=$(now)
run_podmirror 1; t2=$(now)
run_podmirror "$count"; t3=$(now)
curl_s=$(echo "$t1 - $t0" | bc -l); seq_s=$(echo "$t2 - $t1" | bc -l); par_s=$(echo "$t3 - $t2" | bc -l)
# Same content either way (flattening differs: tgz flattened, zip keeps its folder, as in CocoaPods).
for i in $(seq 1 "$count"); do
  a=$(find "$work/curl/$i" -name payload.bin -exec sha256sum {} \; | cut -d' ' -f1)
  b=$(find "$work/pm/$i" -name payload.bin -exec sha256sum {} \; | cut -d' ' -f1)
  [ "$a" = "$b" ] || { echo "archive $i differs" >&2; exit 1; }
done
printf 'archives: %d x %d KiB (tgz and zip), link: %s\n' "$count" "$kib" "$SERVE_HTTP_ARGS"
printf 'curl + tar/unzip, one after another: %6.2f s\n' "$curl_s"
printf 'podmirror downloader, one at a time:  %6.2f s  (%.2fx of curl)\n' "$seq_s" "$(echo "$seq_s / $curl_s" | bc -l)"
printf 'podmirror downloader, --jobs %d:       %6.2f s  (%.2fx of curl)\n' "$count" "$par_s" "$(echo "$par_s / $curl_s" | bc -l)"
