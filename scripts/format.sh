#!/usr/bin/env bash
# Formatting with the toolchain's `swift format` and the checked-in .swift-format (120 columns).
#   scripts/format.sh          check (CI): lists every file whose formatting differs and every line longer than
#                              120 columns (swift format does not break string literals), exits 1 if any
#   scripts/format.sh --fix    rewrites the files in place (long lines are still yours to split)
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz)
max=120
if ! swift format --version >/dev/null 2>&1; then
  echo "format: \`swift format\` is missing; it ships with the Swift 6 toolchain (swift.org), use that toolchain" >&2
  exit 2
fi
if [ "${1:-}" = "--fix" ]; then
  swift format format --configuration .swift-format --in-place --recursive --parallel "${paths[@]}"
  exit 0
fi
status=0
# One swift format run over a copy of the tree, then a comparison: one process, not one per file.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "${paths[@]}" "$tmp/"
(cd "$tmp" && swift format format --configuration "$OLDPWD/.swift-format" --in-place --recursive --parallel "${paths[@]}")
while IFS= read -r -d '' f; do
  if ! cmp -s "$f" "$tmp/$f"; then
    echo "not formatted: $f"
    status=1
  fi
done < <(find "${paths[@]}" -name '*.swift' -print0)
[ "$status" -eq 0 ] && echo "format: every file is formatted" || echo "format: run scripts/format.sh --fix"
# Columns are counted in characters (UTF-8), as swift format counts them: a Chinese message is not 3 columns a glyph.
long=$(find "${paths[@]}" -name '*.swift' -print0 | xargs -0 python3 -c '
import sys
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            width = len(line.rstrip("\n"))
            if width > int(sys.argv[1]):
                print(f"{path}:{n}: {width} columns")
' "$max")
if [ -n "$long" ]; then
  echo "$long"
  echo "format: lines longer than $max columns; split them (string literals: \"...\" + \"...\", or \"\"\" with \\)"
  status=1
else
  echo "format: no line is longer than $max columns"
fi
exit "$status"
