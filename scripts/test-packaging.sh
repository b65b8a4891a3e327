#!/usr/bin/env bash
# Packaging checks, as a user installs podmirror:
#  1. scripts/install.sh into a DESTDIR: every file where the shells, man and podmirror look; the installed
#     binary, run through PATH, finds its templates; --uninstall removes every file again.
#  2. scripts/build-deb.sh: the .deb depends on the libgit2 and libcurl packages and holds every file;
#     it is installed with dpkg -i (as root, when podmirror is not installed already; otherwise extracted
#     into a scratch root), the installed `podmirror --version` and `podmirror setup --dry-run --no-verify`
#     run in a throwaway HOME; the package is purged again at the end.
#  3. The `test do` block of Formula/podmirror.rb (scripts/formula-test.rb stands in for Homebrew's DSL) passes
#     against the binary installed in step 1: `podfile show`, the catalog, and `repo import` of a local bundle.
# The installed binary runs with no PODMIRROR_TEMPLATES_DIR, outside the checkout, and (where `unshare`
# works) with the checkout's templates/ hidden, so it can only use the installed templates.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"

work="$(mktemp -d "${TMPDIR:-/tmp}/podmirror-packaging.XXXXXX")"
installed_deb=false
cleanup() {
  if $installed_deb; then dpkg --purge podmirror >/dev/null || echo "test-packaging: dpkg --purge failed" >&2; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

failures=0
expect() {  # expect DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then echo "  ok: $what"; else echo "  FAILED: $what"; failures=$((failures + 1)); fi
}
same() { [ "$1" = "$2" ] || { echo "    expected: $2"; echo "    got:      $1"; return 1; }; }
absent() { local f; for f; do [ ! -e "$f" ] || return 1; done; }

# Runs a command as a user would: clean environment, throwaway HOME, cwd outside the checkout, and the
# checkout's templates/ hidden (the binary would otherwise fall back to the folder it was built from).
hide_checkout=false
if [ "$(id -u)" = 0 ] && unshare --mount true 2>/dev/null; then hide_checkout=true; fi
mkdir -p "$work/empty"
as_user() {  # as_user BIN_DIR HOME COMMAND...
  local bindir="$1" home="$2"; shift 2
  local run=(env -i "HOME=$home" "PATH=$bindir:/usr/bin:/bin" "LANG=C.UTF-8" timeout 60)
  if $hide_checkout; then
    (cd "$work" && unshare --mount sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' \
      "$work/empty" "$repo/templates" "${run[@]}" "$@")
  else
    (cd "$work" && "${run[@]}" "$@")
  fi
}
$hide_checkout || echo "note: cannot hide the checkout's templates/ (needs root and unshare); checks are weaker"

bin="$(./scripts/build-release.sh)"
version="$("$bin" --version)"
if head="$(git rev-parse HEAD 2> /dev/null)"; then
  built="$("$bin" --version --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["commit"])')"
  expect "the binary names the commit it was built from" same "${built%-dirty}" "$head"
fi
templates="$(cd templates && find . -type f | sort)"

# Checks an installed tree: PREFIX_DIR (as on disk) and the zsh folder the layout uses.
check_tree() {  # check_tree PREFIX_DIR ZSH_DIR MAN_FILE
  local p="$1"
  expect "binary in bin/" [ -x "$p/bin/podmirror" ]
  expect "every template, subfolders included" same "$(cd "$p/share/podmirror/templates" && find . -type f | sort)" \
    "$templates"
  expect "man page in share/man/man1" [ -s "$p/share/man/man1/$3" ]
  expect "bash completion" [ -s "$p/share/bash-completion/completions/podmirror" ]
  expect "zsh completion" [ -s "$p/share/zsh/$2/_podmirror" ]
  expect "fish completion" [ -s "$p/share/fish/vendor_completions.d/podmirror.fish" ]
  expect "the bash completion defines podmirror's" \
    bash -c "source '$p/share/bash-completion/completions/podmirror' && complete -p podmirror >/dev/null"
}

# Runs the installed binary through PATH: version, the catalog from the installed templates, a dry run.
check_runs() {  # check_runs BIN_DIR
  local home="$work/home"
  rm -rf "$home"; mkdir -p "$home"
  printf "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n" >"$home/Podfile"
  expect "podmirror --version" same "$(as_user "$1" "$home" podmirror --version)" "$version"
  expect "the mirror catalog comes from the installed templates" \
    as_user "$1" "$home" sh -c 'podmirror mirror list --json | grep -q mirrors.tuna.tsinghua.edu.cn'
  local out
  out="$(as_user "$1" "$home" podmirror setup --mirror tuna --strategy podfile --gems ruby-china \
    --podfile "$home/Podfile" --dry-run --no-verify 2>&1)" || { echo "$out"; out=""; }
  expect "setup --dry-run --no-verify plans the Podfile edit" \
    grep -q "+source 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git'" <<<"$out"
  out="$(as_user "$1" "$home" podmirror setup --mirror tuna --strategy podfile --podfile "$home/Podfile" \
    --dry-run --no-verify \
    --lang zh-Hans 2>&1)" || { echo "$out"; out=""; }
  expect "the message catalogs come from the installed templates (--lang zh-Hans)" grep -q "将更改" <<<"$out"
  expect "and changes nothing" same "$(cd "$home" && find . | sort | tr '\n' ' ')" ". ./Podfile "
}

echo "install.sh --prefix /opt/podmirror with DESTDIR"
dest="$work/destdir"
DESTDIR="$dest" ./scripts/install.sh --prefix /opt/podmirror --binary "$bin" >/dev/null
check_tree "$dest/opt/podmirror" site-functions podmirror.1
check_runs "$dest/opt/podmirror/bin"
expect "the Homebrew formula's test block passes against the installed binary" \
  as_user "$dest/opt/podmirror/bin" "$work/home" ruby "$repo/scripts/formula-test.rb" "$repo/Formula/podmirror.rb" \
  "$dest/opt/podmirror"
DESTDIR="$dest" ./scripts/install.sh --prefix /opt/podmirror --uninstall >/dev/null
expect "--uninstall removes every file" same "$(find "$dest" ! -type d)" ""

echo "build-deb.sh"
deb="$(./scripts/build-deb.sh --binary "$bin" --out "$work/deb")"
depends="$(dpkg-deb -f "$deb" Depends)"
echo "  $(basename "$deb"): Depends: $depends"
libgit2="$(ldd "$bin" | awk '$1 ~ /^libgit2/ {print $3; exit}')"
libgit2_pkg="$(dpkg -S "$(readlink -f "$libgit2")" | head -1 | cut -d: -f1)"
expect "depends on the libgit2 package the binary links ($libgit2_pkg)" \
  grep -qE "(^|, )$libgit2_pkg(,|$| )" <<<"$depends"
expect "depends on libcurl (loaded at run time)" grep -qE "libcurl(4|3-gnutls)" <<<"$depends"
expect "package version is the binary's" same "$(dpkg-deb -f "$deb" Version)" "$version"

if [ "$(id -u)" = 0 ] && ! dpkg -s podmirror >/dev/null 2>&1; then
  echo "dpkg -i $(basename "$deb")"
  installed_deb=true
  dpkg -i "$deb" >/dev/null
  root=""
else
  echo "dpkg-deb -x into a scratch root (not root, or podmirror is installed on this machine already)"
  root="$work/root"
  dpkg-deb -x "$deb" "$root"
fi
check_tree "$root/usr" vendor-completions podmirror.1.gz
expect "the man page is gzip data" gzip -t "$root/usr/share/man/man1/podmirror.1.gz"
check_runs "$root/usr/bin"
if $installed_deb; then
  expect "dpkg verifies the installed files" same "$(dpkg -V podmirror)" ""
  dpkg --purge podmirror >/dev/null
  installed_deb=false
  expect "dpkg --purge removes it again" \
    absent /usr/bin/podmirror /usr/share/podmirror /usr/share/man/man1/podmirror.1.gz
fi

if [ "$failures" -gt 0 ]; then echo "test-packaging: $failures check(s) failed" >&2; exit 1; fi
echo "test-packaging: all checks passed"
