#!/usr/bin/env bash
# Digest (SHA-1, MD5, SHA-256; swift-crypto) against coreutils' sha1sum/md5sum/sha256sum and `openssl dgst`
# on the same random file in the same run (default: 45,000,000 bytes, the size of the medium Specs preset's
# pack), built in release mode as `digest-bench`; prints times, MB/s and ratios, and checks every digest.
#   bench/digest.sh [BYTES=45000000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
bytes="${1:-45000000}"; runs="${2:-3}"
work="$(mktemp -d /tmp/podmirror-digest-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
head -c "$bytes" /dev/urandom >"$work/file"

swift build -c release --product digest-bench >/dev/null
bin="$(swift build -c release --show-bin-path)/digest-bench"
# Once unmeasured, so the file is in the page cache for every command alike.
cat "$work/file" >/dev/null
"$bin" "$work/file" "$runs"
