#!/usr/bin/env bash
# Fuzzes each libFuzzer harness (Fuzz/*) for a bounded time: `scripts/fuzz.sh [seconds-per-harness]`
# (default 60). Seeds and regression inputs: Tests/Fuzz/<harness>/. A crash or broken invariant stops
# the run with a non-zero exit; the input is saved as .build-fuzz/artifacts/<harness>-crash-<sha1>:
# reproduce with `swift build && .build/debug/<harness> <file>`, then add it to Tests/Fuzz/<harness>/regressions/.
# FUZZ_SEED=N makes a run repeatable (CI uses a fixed seed, so the same build explores the same inputs).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
extra=()
[ -n "${FUZZ_SEED:-}" ] && extra+=(-seed="$FUZZ_SEED")
harnesses=(PodfileFuzz PbxprojFuzz GemrcFuzz)
flags=(--scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld)
for h in "${harnesses[@]}"; do swift build "${flags[@]}" --product "$h"; done
bin="$(swift build "${flags[@]}" --show-bin-path)"
mkdir -p .build-fuzz/artifacts
status=0
for h in "${harnesses[@]}"; do
  work="$(mktemp -d)"
  echo "== fuzzing $h for ${seconds}s"
  # The corpus grows in a scratch folder; the checked-in seeds are only read.
  if ! SWIFT_BACKTRACE=enable=no "$bin/$h" "$work" "Tests/Fuzz/$h" -max_total_time="$seconds" -timeout=10 ${extra[@]+"${extra[@]}"} \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$h-" 2> ".build-fuzz/$h.log"; then
    status=1
    grep -E "invariant broken|Fatal error|ERROR: libFuzzer|Test unit written" ".build-fuzz/$h.log" || tail -20 ".build-fuzz/$h.log"
  fi
  grep -E "^stat::number_of_executed_units|^Done" ".build-fuzz/$h.log" || true
  rm -rf "$work"
done
if [ "$status" -eq 0 ]; then echo "fuzz: ${#harnesses[@]} passed, 0 failed"; else echo "fuzz: a harness found a crash (see above)"; fi
exit "$status"
