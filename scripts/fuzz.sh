#!/usr/bin/env bash
# Fuzzes each libFuzzer harness (Fuzz/*). Seeds and regression inputs: Tests/Fuzz/<harness>/.
#   scripts/fuzz.sh [seconds-per-harness]  explores for a time (default 60); FUZZ_SEED=N fixes the seed.
#   scripts/fuzz.sh --repeatable           what CI runs: seed 1 and a fixed number of inputs per harness (about
#                                          a minute each here), so every machine tries the same inputs for the
#                                          same build and a local run predicts CI's.
# A time bound is not repeatable: a slower machine stops earlier on the same path, a faster one goes further.
# A crash or broken invariant stops the run with a non-zero exit; the input is saved as
# .build-fuzz/artifacts/<harness>-crash-<sha1>: reproduce with `swift build && .build/debug/<harness> <file>`,
# then add it to Tests/Fuzz/<harness>/regressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
harnesses=(PodfileFuzz PbxprojFuzz GemrcFuzz LockfileFuzz ArchiveFuzz)
# ArchiveFuzz writes real files for every input (about 15 s for its inputs on a tmpfs, see below).
declare -A runs=([PodfileFuzz]=25000 [PbxprojFuzz]=150000 [GemrcFuzz]=150000 [LockfileFuzz]=50000 [ArchiveFuzz]=20000)
repeatable=false
if [ "${1:-}" = "--repeatable" ]; then repeatable=true; seconds=900; else seconds="${1:-60}"; fi
extra=()
launch=()
if $repeatable; then
  extra+=(-seed=1)
  # The same seed gives the same inputs only when the coverage feedback is the same too: Swift seeds its
  # hashing per process (Set and Dictionary order) and addresses move with ASLR, and both reach it.
  export SWIFT_DETERMINISTIC_HASHING=1
  if setarch -R true 2> /dev/null; then
    launch=(setarch -R)
  else
    echo "fuzz: cannot turn off address randomisation here (setarch -R); this run may try other inputs than CI"
  fi
elif [ -n "${FUZZ_SEED:-}" ]; then extra+=(-seed="$FUZZ_SEED"); fi
flags=(--scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld)
for h in "${harnesses[@]}"; do swift build "${flags[@]}" --product "$h"; done
bin="$(swift build "${flags[@]}" --show-bin-path)"
mkdir -p .build-fuzz/artifacts
status=0
for h in "${harnesses[@]}"; do
  work="$(mktemp -d)"
  # The harnesses' own temporary files (ArchiveFuzz's folders) on a tmpfs when there is one: 40 times faster
  # than a disk /tmp here.
  scratch="$(mktemp -d -p /dev/shm 2> /dev/null || mktemp -d)"
  bound=()
  if $repeatable; then
    bound=(-runs="${runs[$h]}")
    echo "== fuzzing $h: ${runs[$h]} inputs, seed 1"
  else
    echo "== fuzzing $h for ${seconds}s"
  fi
  # The corpus grows in a scratch folder; the checked-in seeds are only read.
  if ! TMPDIR="$scratch" SWIFT_BACKTRACE=enable=no ${launch[@]+"${launch[@]}"} "$bin/$h" "$work" "Tests/Fuzz/$h" -max_total_time="$seconds" ${bound[@]+"${bound[@]}"} \
      -timeout=10 ${extra[@]+"${extra[@]}"} \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$h-" 2> ".build-fuzz/$h.log"; then
    status=1
    grep -E "invariant broken|Fatal error|ERROR: libFuzzer|Test unit written" ".build-fuzz/$h.log" || tail -20 ".build-fuzz/$h.log"
    # The input itself, for a run whose artifacts are gone (CI): `base64 -d > Tests/Fuzz/$h/regressions/NAME`.
    unit="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' ".build-fuzz/$h.log" | tail -1)"
    [ -n "$unit" ] && [ -f "$unit" ] && echo "input (base64): $(base64 -w0 "$unit")"
  fi
  grep -E "^stat::number_of_executed_units|^Done" ".build-fuzz/$h.log" || true
  rm -rf "$work" "$scratch"
done
if [ "$status" -eq 0 ]; then echo "fuzz: ${#harnesses[@]} passed, 0 failed"; else echo "fuzz: a harness found a crash (see above)"; fi
exit "$status"
