#!/usr/bin/env bash
# Benchmark: `podmirror pods fetch --jobs 8` vs the downloads CocoaPods makes by default (one after
# another: `git clone --depth 1 --branch TAG` per git pod, `curl -f -L -o` then `tar xf`/`unzip` per archive
# pod), in the same run, on a slow far link
# (SERVE_HTTP_ARGS, default "--delay-ms 150 --rate-kbps 256") served on 127.0.0.1.
# Prints the wall times, their ratio (target <= 0.25), the second (all cached) run (target <= 0.2 s)
# and podmirror's peak memory (target <= 100 MB).
# Pods: GIT_PODS git repos (default 8) and ARCHIVE_PODS archives (default 4: zip, tar.gz, tar.bz2, tar.xz
# in turn, each with one top folder and a sha256).
#
# Env: BENCH_DIR (default /tmp/podmirror-bench-pods), SHARED (default ../shared), PODMIRROR (binary;
# default: .build/release/podmirror, else .build/debug/podmirror), GIT_PODS, ARCHIVE_PODS, KB (file size per pod).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared}"
work="${BENCH_DIR:-/tmp/podmirror-bench-pods}"
npods="${GIT_PODS:-8}"
narch="${ARCHIVE_PODS:-4}"
kb="${KB:-96}"
export SERVE_HTTP_ARGS="${SERVE_HTTP_ARGS:---delay-ms 150 --rate-kbps 256}"
if [ -z "${PODMIRROR:-}" ]; then
  PODMIRROR="$root/.build/release/podmirror"; [ -x "$PODMIRROR" ] || PODMIRROR="$root/.build/debug/podmirror"
fi
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
for tool in curl unzip zip; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null NO_COLOR=1
export GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@example.invalid GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@example.invalid

rm -rf "$work"; mkdir -p "$work/served/podsrc" "$work/served/dl" "$work/home/.cocoapods/repos/bench" "$work/project" "$work/ref"
hport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
gport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$hport"

echo "building $npods pod repos and $narch archives..." >&2
specs="$work/home/.cocoapods/repos/bench"
pods_lines=(); repo_lines=(); sum_lines=()
for i in $(seq -w 1 "$npods"); do
  name="BenchPod$i"; w="$work/work/$name"; mkdir -p "$w/Sources"
  git -C "$w" init -q -b main
  # Some history behind the tag, so fetching only the tag matters (as for real pods).
  for c in 1 2 3; do
    head -c $((kb * 1024)) /dev/urandom | base64 > "$w/Sources/data$c.txt"
    printf 'public struct %s {}\n' "$name" > "$w/Sources/$name.swift"
    git -C "$w" add -A; git -C "$w" commit -q -m "c$c"
  done
  git -C "$w" tag 1.0.0
  git clone -q --bare "$w" "$work/served/podsrc/$name.git"
  d="$specs/$name/1.0.0"; mkdir -p "$d"
  printf '{\n  "name": "%s",\n  "version": "1.0.0",\n  "source": {\n    "git": "%s/podsrc/%s.git",\n    "tag": "1.0.0"\n  },\n  "source_files": "Sources/*.swift"\n}\n' \
    "$name" "$base" "$name" > "$d/$name.podspec.json"
  pods_lines+=("  - $name (1.0.0)"); repo_lines+=("    - $name")
  sum_lines+=("  $name: $(sha1sum "$d/$name.podspec.json" | cut -d' ' -f1)")
done
exts=(zip tar.gz tar.bz2 tar.xz)
for i in $(seq -w 1 "$narch"); do
  name="BenchArc$i"; ext="${exts[$(( (10#$i - 1) % 4 ))]}"; top="$work/arc/$name/$name-1.0.0"
  mkdir -p "$top/Sources"
  for c in 1 2 3; do head -c $((kb * 1024)) /dev/urandom | base64 > "$top/Sources/data$c.txt"; done
  printf 'public struct %s {}\n' "$name" > "$top/Sources/$name.swift"
  file="$work/served/dl/$name-1.0.0.$ext"
  case "$ext" in
    zip) (cd "$work/arc/$name" && zip -qr "$file" "$name-1.0.0") ;;
    tar.gz) tar -czf "$file" -C "$work/arc/$name" "$name-1.0.0" ;;
    tar.bz2) tar -cjf "$file" -C "$work/arc/$name" "$name-1.0.0" ;;
    tar.xz) tar -cJf "$file" -C "$work/arc/$name" "$name-1.0.0" ;;
  esac
  d="$specs/$name/1.0.0"; mkdir -p "$d"
  printf '{\n  "name": "%s",\n  "version": "1.0.0",\n  "source": {\n    "http": "%s/dl/%s",\n    "sha256": "%s"\n  },\n  "source_files": "Sources/*.swift"\n}\n' \
    "$name" "$base" "$(basename "$file")" "$(sha256sum "$file" | cut -d' ' -f1)" > "$d/$name.podspec.json"
  pods_lines+=("  - $name (1.0.0)"); repo_lines+=("    - $name")
  sum_lines+=("  $name: $(sha1sum "$d/$name.podspec.json" | cut -d' ' -f1)")
done
git -C "$specs" init -q -b master; git -C "$specs" add -A; git -C "$specs" commit -q -m specs
git -C "$specs" remote add origin "$base/specs.git"
{
  echo "PODS:"; printf '%s\n' "${pods_lines[@]}"; echo
  echo "SPEC REPOS:"; echo "  \"$base/specs.git\":"; printf '%s\n' "${repo_lines[@]}"; echo
  echo "SPEC CHECKSUMS:"; printf '%s\n' "${sum_lines[@]}"; echo
  echo "COCOAPODS: 1.17.0"
} > "$work/project/Podfile.lock"

state="$work/state"
"$shared/tools/serve-repo.sh" start "$work/served" "$hport" "$gport" "$state" >&2
trap '"$shared/tools/serve-repo.sh" stop "$state" >/dev/null 2>&1 || true' EXIT

now() { date +%s.%N; }
echo "reference: sequential git clone --depth 1 / curl + tar/unzip ($npods git, $narch archives, $SERVE_HTTP_ARGS)..." >&2
t0=$(now)
for i in $(seq -w 1 "$npods"); do
  git clone -q --depth 1 --branch 1.0.0 "$base/podsrc/BenchPod$i.git" "$work/ref/BenchPod$i" 2>/dev/null
done
for f in "$work/served/dl/"*; do
  n="$(basename "$f")"; dest="$work/ref/arc-$n"; mkdir -p "$dest"
  curl -f -s -L -o "$dest/$n" "$base/dl/$n"
  case "$n" in *.zip) unzip -q "$dest/$n" -d "$dest" ;; *) tar xf "$dest/$n" -C "$dest" ;; esac
  rm -f "$dest/$n"
done
t1=$(now); ref=$(echo "$t1 - $t0" | bc)

echo "podmirror pods fetch --jobs 8..." >&2
run() { HOME="$work/home" /usr/bin/time -v -o "$work/time.$1" "$PODMIRROR" pods fetch --project "$work/project" \
          --cocoapods-version 1.17.0 --jobs 8 --json > "$work/out.$1.json"; }
t0=$(now); run first; t1=$(now); pm=$(echo "$t1 - $t0" | bc)
t0=$(now); run second; t1=$(now); again=$(echo "$t1 - $t0" | bc)
fetched=$(grep -c '"status" : "fetched"' "$work/out.first.json" || true)
cached=$(grep -c '"status" : "cached"' "$work/out.second.json" || true)
mem1=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/time.first")
mem2=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/time.second")

printf 'pods: %s git + %s archives   link: %s\n' "$npods" "$narch" "$SERVE_HTTP_ARGS"
printf 'sequential git clone / curl:    %8.2f s\n' "$ref"
printf 'pods fetch --jobs 8:            %8.2f s  (%s fetched)  ratio %.3f (target <= 0.25)\n' "$pm" "$fetched" \
  "$(echo "$pm / $ref" | bc -l)"
printf 'second pods fetch (all cached): %8.3f s  (%s cached)  (target <= 0.2 s)\n' "$again" "$cached"
printf 'peak memory: first %s MB, second %s MB (target <= 100 MB)\n' "$((mem1 / 1024))" "$((mem2 / 1024))"
