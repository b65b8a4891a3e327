#!/usr/bin/env bash
# Benchmark: `setup --strategy trunk` (CocoaPods' trunk made whole from a git Specs mirror) vs the git CLI on the
# same Specs-shaped repo served over smart HTTP on 127.0.0.1, measured in the same run. Prints medians, ratios
# (podmirror / git; < 1 = faster), disk use and peak memory.
#
#   bench/trunk.sh [small|medium|large]     (default medium: 20k pods x 3 versions, 2,000 commits)
#
# Targets (issue #27): a fresh trunk <= 1.3x `git clone` of the mirror; after +50 commits <= 1.0x `git fetch` +
# `git reset --hard`; nothing new <= 1 s; trunk plus what is kept for updates <= 1.5x the disk of a plain clone;
# peak memory <= 300 MB on the large preset.
# Env: BENCH_DIR (default /tmp/podmirror-bench-trunk), REPEATS (default 3), SHARED (default ../shared), PODMIRROR
# (binary; default: a release build of this checkout), SPECS_REPO (a bare repo made earlier by make-specs-repo.sh),
# LIBGIT2 (1.9: build against libgit2 1.9, whose shallow clone is what trunk uses where it can; see build-release.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
preset="${1:-medium}"
shared="${SHARED:-$root/../shared}"
tools="$shared/tools"
work="${BENCH_DIR:-/tmp/podmirror-bench-trunk}"
repeats="${REPEATS:-3}"
[ -x "$tools/make-specs-repo.sh" ] || { echo "needs $tools/make-specs-repo.sh (set SHARED=)" >&2; exit 2; }
need=(); [ -x /usr/bin/time ] || need+=(time); command -v bc >/dev/null || need+=(bc)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ -z "${PODMIRROR:-}" ]; then PODMIRROR="$("$root/scripts/build-release.sh" 2>/dev/null)"; fi
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null NO_COLOR=1

mkdir -p "$work"; find "$work" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
mkdir -p "$work/served" "$work/results"
if [ -n "${SPECS_REPO:-}" ]; then
  cp -a "$SPECS_REPO" "$work/served/specs.git"
else
  echo "building the $preset Specs repo..." >&2
  "$tools/make-specs-repo.sh" "$work/served/specs.git" "$preset" >/dev/null
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 "$tools/git-http-server.py" --root "$work/served" --port "$port" --bind 127.0.0.1 >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
url="http://127.0.0.1:$port/specs.git"

measure() {  # NAME PREP CMD...: PREP untimed, then CMD under GNU time, REPEATS times
  local name="$1" prep="$2"; shift 2
  for i in $(seq "$repeats"); do
    bash -c "$prep" >/dev/null 2>&1
    /usr/bin/time -f "%e %M" -o "$work/results/$name.$i" "$@" >/dev/null 2>"$work/results/$name.$i.err" \
      || { echo "$name failed:" >&2; cat "$work/results/$name.$i.err" >&2; exit 1; }
  done
}
median() {  # median of column $2 (1 = seconds, 2 = maxRSS KB) over the runs of $1
  cat "$work"/results/"$1".[0-9]* | grep -E '^[0-9.]+ [0-9]+$' | awk -v c="$2" '{print $c}' | sort -g \
    | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'
}
trunk() { env HOME="$1" CP_REPOS_DIR="$1/repos" "$PODMIRROR" setup --mirror "$url" --strategy trunk; }
export -f trunk; export PODMIRROR url

echo "fresh trunk vs git clone..." >&2
measure git-clone "rm -rf '$work/g' && sync" git clone -q "$url" "$work/g"
measure pm-trunk "rm -rf '$work/p' && mkdir -p '$work/p' && sync" bash -c "trunk '$work/p'"
# Check: every podspec of the clone is in trunk, byte for byte (reference: the git CLI's checkout).
(cd "$work/g" && find Specs -type f | sort) >"$work/g.files"
(cd "$work/p/repos/trunk" && find Specs -type f ! -name '*.etag' | sort) >"$work/p.files"
cmp -s "$work/g.files" "$work/p.files" || { echo "trunk's podspecs differ from the clone's" >&2; exit 1; }
while read -r f; do cmp -s "$work/g/$f" "$work/p/repos/trunk/$f" || { echo "$f differs" >&2; exit 1; }; done \
  < <(shuf -n 500 "$work/g.files")
disk_git=$(du -sk "$work/g" | cut -f1); disk_pm=$(du -sk "$work/p/repos/trunk" | cut -f1)

cp -a "$work/g" "$work/g-base"; cp -a "$work/p" "$work/p-base"
"$tools/add-specs-commits.sh" "$work/served/specs.git" 50 2 >/dev/null
echo "update after 50 commits..." >&2
measure git-update "rm -rf '$work/gu' && cp -a '$work/g-base' '$work/gu' && git -C '$work/gu' update-index -q --refresh; sync" \
  sh -c "git -C '$work/gu' fetch -q origin && git -C '$work/gu' reset -q --hard origin/master"
measure pm-update "rm -rf '$work/pu' && cp -a '$work/p-base' '$work/pu'; sync" bash -c "trunk '$work/pu'"
echo "nothing new..." >&2
measure git-noop "true" sh -c "git -C '$work/gu' fetch -q origin && git -C '$work/gu' reset -q --hard origin/master"
measure pm-noop "true" bash -c "trunk '$work/pu'"

row() {  # label pm git target
  local pt gt pm_mem gm
  pt=$(median "$2" 1); gt=$(median "$3" 1); pm_mem=$(median "$2" 2); gm=$(median "$3" 2)
  printf "| %s | %.2f | %.2f | %.2f | %s | %.0f | %.0f |\n" "$1" "$pt" "$gt" "$(echo "$pt / $gt" | bc -l)" "$4" \
    "$(echo "$pm_mem/1024" | bc -l)" "$(echo "$gm/1024" | bc -l)"
}
echo
echo "preset $preset, $repeats runs each, medians; load average $(cut -d' ' -f1-3 /proc/loadavg);" \
  "podmirror on $(ldd "$PODMIRROR" | sed -n 's/.*\(libgit2[^ ]*\) => .*/\1/p'), $(git --version)"
echo
echo "| case | podmirror s | git s | ratio | target | podmirror MB | git MB |"
echo "|---|---|---|---|---|---|---|"
row "fresh trunk vs git clone" pm-trunk git-clone "≤ 1.3"
row "trunk after 50 commits vs git fetch + reset --hard" pm-update git-update "≤ 1.0"
row "trunk, nothing new vs git fetch + reset --hard" pm-noop git-noop "≤ 1 s"
printf "| disk: trunk (with .git) vs git clone | %.0f MB | %.0f MB | %.2f | ≤ 1.5 | | |\n" \
  "$(echo "$disk_pm/1024" | bc -l)" "$(echo "$disk_git/1024" | bc -l)" "$(echo "$disk_pm / $disk_git" | bc -l)"
