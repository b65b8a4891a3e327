#!/usr/bin/env bash
# The test command: installs missing system packages, then builds (failing on any warning in the project's own
# code) and runs every test (unit, end to end, conformance against ../shared/corpus when it is there). The tests
# are XCTest; Swift Testing is off so the run ends on XCTest's own count.
#
# LIBGIT2=1.9 scripts/test.sh builds and tests against another libgit2 than the system's (scripts/libgit2.sh
# prepares it in a private prefix) in its own build folder, .build-libgit2-1.9, and checks that the binaries
# really link it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
flags=()
if [ -n "${LIBGIT2:-}" ]; then
  prefix="$(./scripts/libgit2.sh "$LIBGIT2")"
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
  flags=(--scratch-path ".build-libgit2-$LIBGIT2" -Xlinker -rpath -Xlinker "$prefix/lib")
fi
log="$(mktemp "${TMPDIR:-/tmp}/podmirror-build.XXXXXX")"
trap 'rm -f "$log"' EXIT
swift build --build-tests ${flags[@]+"${flags[@]}"} 2>&1 | tee "$log" | ./scripts/build-output.sh
own="$(grep -E '^/.*/(Sources|Tests|Fuzz|bench)/[^:]*:[0-9]+:[0-9]+: warning:' "$log" | grep -v '/checkouts/' || true)"
if [ -n "$own" ]; then
  echo "test.sh: the build has warnings in podmirror's own code:" >&2
  echo "$own" | sort -u >&2
  exit 1
fi
bin="$(swift build ${flags[@]+"${flags[@]}"} --show-bin-path)"
if [ "$(uname)" != "Darwin" ]; then
  linked="$(readelf -d "$bin/podmirror" | sed -n 's/.*NEEDED.*\[\(libgit2[^]]*\)\].*/\1/p')"
  echo "test.sh: podmirror links $linked"
  if [ -n "${LIBGIT2:-}" ] && [[ "$linked" != *".so.$LIBGIT2"* ]]; then
    echo "test.sh: expected libgit2 $LIBGIT2, the binary needs $linked" >&2
    exit 1
  fi
fi
swift test --skip-build --disable-swift-testing ${flags[@]+"${flags[@]}"} "$@"
