#!/usr/bin/env bash
# Benchmark: podmirror (libgit2) vs the git CLI on a Specs-shaped repo served over smart HTTP on
# 127.0.0.1, measured in the same run. Prints medians and ratios (podmirror / git; < 1 = faster).
#
#   bench/specs-repo.sh [small|medium|large]     (default medium: 20k pods x 3 versions, 2,000 commits)
#
# Env: BENCH_DIR (work folder, default /tmp/podmirror-bench; use a journaled file system, see
# README), BENCH_IMAGE (as root: make a journaled ext4 image at this path, loop-mount it and work
# there; unmounted at the end), REPEATS (default 3), SHARED (the shared folder with tools/, default
# ../shared), PODMIRROR (binary; default: a release build of this checkout), CASES (all, default, or
# frozen: only the bundle and verify cases, after the clone they need), CLONE_REPEATS (runs of the clone
# and import cases, default REPEATS), SPECS_REPO (a bare repo made earlier by make-specs-repo.sh for
# this preset: copied instead of generated).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
preset="${1:-medium}"
shared="${SHARED:-$root/../shared}"
tools="$shared/tools"
work="${BENCH_DIR:-/tmp/podmirror-bench}"
repeats="${REPEATS:-3}"
clone_repeats="${CLONE_REPEATS:-$repeats}"
cases="${CASES:-all}"
[ -x "$tools/make-specs-repo.sh" ] || { echo "needs $tools/make-specs-repo.sh (set SHARED=)" >&2; exit 2; }
need=(); [ -x /usr/bin/time ] || need+=(time); command -v bc >/dev/null || need+=(bc)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ -z "${PODMIRROR:-}" ]; then
  PODMIRROR="$("$root/scripts/build-release.sh" 2>/dev/null)"
fi
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null NO_COLOR=1

cleanup=()
trap 'for c in "${cleanup[@]}"; do eval "$c" || true; done' EXIT
if [ -n "${BENCH_IMAGE:-}" ]; then
  # Many small files: one inode per 2 KiB. 12 GB holds the medium repo's clones and copies.
  truncate -s 12G "$BENCH_IMAGE" && mkfs.ext4 -q -F -i 2048 "$BENCH_IMAGE"
  work="$(mktemp -d)"; mount -o loop "$BENCH_IMAGE" "$work"
  cleanup+=("umount '$work'" "rm -f '$BENCH_IMAGE'")
fi

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
cleanup=("kill $server 2>/dev/null" "${cleanup[@]}")
for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
url="http://127.0.0.1:$port/specs.git"

# measure NAME PREP CMD...: runs PREP (untimed) then CMD under GNU time, REPEATS times.
measure() {
  local name="$1" prep="$2" runs="$repeats"; shift 2
  case "$name" in *clone|*import) runs="$clone_repeats" ;; esac
  for i in $(seq "$runs"); do
    bash -c "$prep" >/dev/null 2>&1
    /usr/bin/time -f "%e %M" -o "$work/results/$name.$i" "$@" >/dev/null 2>"$work/results/$name.$i.err" \
      || { echo "$name failed:" >&2; cat "$work/results/$name.$i.err" >&2; exit 1; }
  done
}
median() {  # median of column $2 (1 = seconds, 2 = maxRSS KB) over runs of $1
  cat "$work"/results/"$1".[0-9]* | grep -E '^[0-9.]+ [0-9]+$' | awk -v c="$2" '{print $c}' | sort -g \
    | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'
}

pm() { CP_REPOS_DIR="$1" "$PODMIRROR" "${@:2}"; }
export -f pm; export PODMIRROR

echo "clone..." >&2
measure git-clone "rm -rf '$work/g' && sync" git clone -q "$url" "$work/g"
measure pm-clone "rm -rf '$work/p' && sync" env CP_REPOS_DIR="$work/p" "$PODMIRROR" repo add master "$url"

echo "export, import, verify..." >&2
# export: the clone's branch as a bundle, vs git's own bundle of the same clone.
measure pm-export "rm -f '$work/pm.bundle'" env CP_REPOS_DIR="$work/p" "$PODMIRROR" repo export master "$work/pm.bundle"
measure git-bundle "rm -f '$work/git.bundle'" git -C "$work/g" bundle create -q "$work/git.bundle" --all
git -C "$work/g" bundle verify -q "$work/pm.bundle" >/dev/null 2>&1 || { echo "git rejects podmirror's bundle" >&2; exit 1; }
# import (network-free) of git's bundle, vs the network path: git clone over loopback smart HTTP.
measure pm-import "rm -rf '$work/pi' && sync" env CP_REPOS_DIR="$work/pi" "$PODMIRROR" repo import "$work/git.bundle" \
  --origin "$url" --name master
[ "$(git -C "$work/pi/master" rev-parse HEAD)" = "$(git -C "$work/g" rev-parse HEAD)" ] || { echo "import left the wrong HEAD" >&2; exit 1; }
# verify on the clones, each with a fresh index (stat data as in a clone the user has kept).
git -C "$work/g" update-index -q --refresh; git -C "$work/p/master" update-index -q --refresh; sync
measure pm-verify "true" env CP_REPOS_DIR="$work/p" "$PODMIRROR" repo verify master
measure git-status "true" git -C "$work/g" status --porcelain
measure pm-verify-deep "true" env CP_REPOS_DIR="$work/p" "$PODMIRROR" repo verify master --deep
measure git-deep "true" sh -c "git -C '$work/g' update-index -q --really-refresh && git -C '$work/g' diff --quiet HEAD"

if [ "$cases" = all ]; then
# Base copies for the update cases, made before the server moves on.
cp -a "$work/g" "$work/g-base"; cp -a "$work/p" "$work/p-base"
"$tools/add-specs-commits.sh" "$work/served/specs.git" 50 2 >/dev/null

echo "update after 50 commits..." >&2
prep_g="rm -rf '$work/gu' && cp -a '$work/g-base' '$work/gu' && git -C '$work/gu' update-index -q --refresh; sync"
prep_p="rm -rf '$work/pu' && cp -a '$work/p-base' '$work/pu' && git -C '$work/pu/master' update-index -q --refresh; sync"
measure git-update "$prep_g" sh -c "git -C '$work/gu' fetch -q origin && git -C '$work/gu' reset -q --hard origin/master"
measure pm-update "$prep_p" env CP_REPOS_DIR="$work/pu" "$PODMIRROR" repo update master
# export after the update: two packs (the clone's and the update's), joined, vs git's bundle of its updated copy.
measure pm-export-updated "rm -f '$work/pmu.bundle'" env CP_REPOS_DIR="$work/pu" "$PODMIRROR" repo export master \
  "$work/pmu.bundle"
measure git-bundle-updated "rm -f '$work/gu.bundle'" git -C "$work/gu" bundle create -q "$work/gu.bundle" --all
git -C "$work/gu" bundle verify -q "$work/pmu.bundle" >/dev/null 2>&1 || { echo "git rejects the joined bundle" >&2; exit 1; }

echo "no-op update..." >&2
measure git-noop "true" sh -c "git -C '$work/gu' fetch -q origin && git -C '$work/gu' reset -q --hard origin/master"
measure pm-noop "true" env CP_REPOS_DIR="$work/pu" "$PODMIRROR" repo update master

echo "switch to a mirror sharing history (+20 commits)..." >&2
git clone -q --bare "$work/served/specs.git" "$work/served/mirror.git"
"$tools/add-specs-commits.sh" "$work/served/mirror.git" 20 3 >/dev/null
murl="http://127.0.0.1:$port/mirror.git"
prep_s="rm -rf '$work/ps' && cp -a '$work/p-base' '$work/ps' && git -C '$work/ps/master' update-index -q --refresh; sync"
measure pm-use "$prep_s" env CP_REPOS_DIR="$work/ps" "$PODMIRROR" repo use "$murl"
measure pm-fresh "rm -rf '$work/pf' && sync" env CP_REPOS_DIR="$work/pf" "$PODMIRROR" repo add fresh "$murl"
measure git-fresh "rm -rf '$work/gf' && sync" git clone -q "$murl" "$work/gf"
# Check the switched repo is right (reference: git CLI).
[ "$(git -C "$work/ps/0-mirror" rev-parse HEAD)" = "$(git --git-dir "$work/served/mirror.git" rev-parse master)" ] \
  || { echo "repo use left the wrong HEAD" >&2; exit 1; }

fi

row() {  # label pm git target-text
  local pt gt pm_mem gm
  pt=$(median "$2" 1); gt=$(median "$3" 1); pm_mem=$(median "$2" 2); gm=$(median "$3" 2)
  printf "| %s | %.2f | %.2f | %.2f | %s | %.0f | %.0f | %.2f |\n" "$1" "$pt" "$gt" "$(echo "$pt / $gt" | bc -l)" "$4" \
    "$(echo "$pm_mem/1024" | bc -l)" "$(echo "$gm/1024" | bc -l)" "$(echo "$pm_mem / $gm" | bc -l)"
}
echo
echo "preset $preset, $repeats runs each ($clone_repeats for clone and import), medians; load average $(cut -d' ' -f1-3 /proc/loadavg); libgit2 $(pkg-config --modversion libgit2), $(git --version)"
echo
echo "| case | podmirror s | reference s | ratio | target | podmirror MB | reference MB | mem ratio |"
echo "|---|---|---|---|---|---|---|---|"
row "repo add vs git clone" pm-clone git-clone "≤ 0.9"
if [ "$cases" = all ]; then
row "repo update, 50 new commits vs git fetch + reset --hard" pm-update git-update "≤ 1.0"
row "repo update, nothing new vs git fetch + reset --hard" pm-noop git-noop "≤ 2"
row "repo use (re-point) vs podmirror fresh clone" pm-use pm-fresh "≤ 0.2 (≥ 5x faster)"
row "repo use (re-point) vs git fresh clone" pm-use git-fresh "≤ 0.2"
fi
row "repo export vs git bundle create --all" pm-export git-bundle "≤ 1.5"
if [ "$cases" = all ]; then
row "repo export after an update (2 packs) vs git bundle create --all" pm-export-updated git-bundle-updated "≤ 1.5"
fi
row "repo import (bundle) vs git clone over loopback HTTP" pm-import git-clone "≤ 1.0"
row "repo verify vs git status --porcelain" pm-verify git-status "≤ 1.0"
row "repo verify --deep vs update-index --really-refresh + diff --quiet HEAD" pm-verify-deep git-deep "≤ 1.5"
echo
echo "individual runs (seconds):"
for f in "$work"/results/*.1; do
  n="$(basename "$f" .1)"
  echo "  $n: $(cat "$work"/results/"$n".[0-9]* | grep -E '^[0-9.]+ [0-9]+$' | awk '{printf "%s ", $1}')"
done
