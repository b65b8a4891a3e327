#!/usr/bin/env bash
# Builds the release binary and prints its path. On Linux the Swift runtime and Foundation are linked
# statically: the binary needs no Swift toolchain on the target and starts in about 5 ms instead of 9
# (no symbol lookups across 30 shared libraries), which is most of a small command's time.
# The commit the binary is built from (`podmirror --version --verbose`) goes in as a C define
# (Sources/CBuildCommit): SwiftPM has no build settings with values for Swift code.
# LIBGIT2=1.9 (or 1.8) builds against that libgit2 (scripts/libgit2.sh) in .build-libgit2-<version>, as test.sh
# does: bench/ uses it to measure what shallow clones change.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product podmirror)
[ "$(uname)" = "Linux" ] && flags+=(--static-swift-stdlib)
if [ -n "${LIBGIT2:-}" ]; then
    prefix="$(./scripts/libgit2.sh "$LIBGIT2")"
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    flags+=(--scratch-path ".build-libgit2-$LIBGIT2" -Xlinker -rpath -Xlinker "$prefix/lib")
fi
if commit=$(git rev-parse HEAD 2>/dev/null); then
    git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || commit="$commit-dirty"
    flags+=(-Xcc "-DPODMIRROR_BUILD_COMMIT=$commit")
fi
# The two warnings every build prints that the project cannot fix are left out (scripts/build-output.sh).
swift build "${flags[@]}" 2>&1 | ./scripts/build-output.sh >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/podmirror"
