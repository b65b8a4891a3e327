#!/usr/bin/env bash
# Formatting with the toolchain's `swift format` and the checked-in .swift-format (120 columns).
#   scripts/format.sh          check: lists every file whose formatting differs, exits 1 if any (CI)
#   scripts/format.sh --fix    rewrites the files in place
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz)
if [ "${1:-}" = "--fix" ]; then
  swift format format --configuration .swift-format --in-place --recursive --parallel "${paths[@]}"
  exit 0
fi
status=0
while IFS= read -r -d '' f; do
  if ! swift format format --configuration .swift-format "$f" | cmp -s - "$f"; then
    echo "not formatted: $f"
    status=1
  fi
done < <(find "${paths[@]}" -name '*.swift' -print0)
[ "$status" -eq 0 ] && echo "format: every file is formatted" || echo "format: run scripts/format.sh --fix"
exit "$status"
