#!/usr/bin/env bash
# Builds the release binary and prints its path. On Linux the Swift runtime and Foundation are linked
# statically: the binary needs no Swift toolchain on the target and starts in about 5 ms instead of 9
# (no symbol lookups across 30 shared libraries), which is most of a small command's time.
# The commit the binary is built from (`podmirror --version --verbose`) is written into
# Sources/PodMirrorKit/Core/BuildCommit.swift for the build and the file is put back afterwards
# (SwiftPM has no build-time defines with values).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product podmirror)
[ "$(uname)" = "Linux" ] && flags+=(--static-swift-stdlib)
commit_file=Sources/PodMirrorKit/Core/BuildCommit.swift
if commit=$(git rev-parse HEAD 2>/dev/null); then
    git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || commit="$commit-dirty"
    saved=$(mktemp)
    cp "$commit_file" "$saved"
    trap 'cp "$saved" "$commit_file"; rm -f "$saved"' EXIT
    sed -i.bak "s/static let value: String? = nil/static let value: String? = \"$commit\"/" "$commit_file" && rm -f "$commit_file.bak"
fi
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/podmirror"
