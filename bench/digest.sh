#!/usr/bin/env bash
# Digest (SHA-1, MD5, SHA-256) on the platform's library vs its Swift fallback (what every hash ran on
# before), on a random file of the size of the medium Specs preset's pack (43 MB), built in release mode as
# `digest-bench`; each digest is checked against coreutils' sha1sum/md5sum/sha256sum, whose time is
# printed as a second reference.
#   bench/digest.sh [BYTES=45000000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
bytes="${1:-45000000}"; runs="${2:-3}"
work="$(mktemp -d /tmp/podmirror-digest-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
head -c "$bytes" /dev/urandom >"$work/file"

swift build -c release --product digest-bench >/dev/null
bin="$(swift build -c release --show-bin-path)/digest-bench"
"$bin" "$work/file" "$runs" | tee "$work/out"
for pair in sha1:sha1sum md5:md5sum sha256:sha256sum; do
  algorithm="${pair%%:*}"; tool="${pair#*:}"
  start=$(date +%s.%N)
  expected=$("$tool" "$work/file" | cut -d' ' -f1)
  end=$(date +%s.%N)
  printf '%s %s: %.3f s (reference)\n' "$algorithm" "$tool" "$(echo "$end - $start" | bc)"
  grep -q "^$algorithm digest: $expected\$" "$work/out" || { echo "$algorithm: differs from $tool" >&2; exit 1; }
done
echo "every digest equals coreutils'"
