#!/usr/bin/env bash
# Builds a Debian package of podmirror with dpkg-deb and prints its path:
#   /usr/bin/podmirror (release binary, stripped), /usr/share/podmirror/templates/, the man page (gzipped),
#   bash, zsh (Debian's vendor-completions folder) and fish completions.
# Depends: the packages owning the shared libraries the binary links (found with ldd, owners with dpkg -S),
# libgit2's and libcurl's among them.
# Usage: scripts/build-deb.sh [--binary FILE] [--out DIR]     (default out: .build/deb)
#   DEB_MAINTAINER sets the Maintainer field; DEB_COMPRESSION the dpkg-deb compression flags.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
out=".build/deb"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    *) echo "build-deb.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for tool in dpkg-deb dpkg ldd; do
  command -v "$tool" >/dev/null || { echo "build-deb.sh: $tool is needed (a Debian or Ubuntu machine)" >&2; exit 1; }
done
[ -n "$binary" ] || binary="$(./scripts/build-release.sh)"

stage="$(mktemp -d "${TMPDIR:-/tmp}/podmirror-deb.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"

# The package owning a library file. With a merged /usr, dpkg may know the file under /lib or /usr/lib,
# by its symlink name or by the name it points to.
owner() {
  local lib="$1" real candidates c
  real="$(readlink -f "$lib")"
  candidates=("$lib" "$real" "${lib#/usr}" "/usr$lib" "${real#/usr}" "/usr$real")
  for c in "${candidates[@]}"; do
    if pkg="$(dpkg -S "$c" 2>/dev/null | head -1)" && [ -n "$pkg" ]; then
      pkg="${pkg%%: *}"
      echo "${pkg%%:*}"
      return 0
    fi
  done
  echo "build-deb.sh: no installed package owns $lib" >&2
  return 1
}

# The libraries the binary itself names (NEEDED), not those they pull in; every one ldd resolves when
# readelf is missing.
if command -v readelf >/dev/null; then
  needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
else
  needed="$(ldd "$binary" | awk '/=> \//{print $1}')"
fi
depends=()
while read -r soname path; do
  grep -qxF "$soname" <<<"$needed" || continue
  pkg="$(owner "$path")"
  case " ${depends[*]:-} " in *" $pkg "*) ;; *) depends+=("$pkg") ;; esac
done < <(ldd "$binary" | awk '/=> \//{print $1, $3}')
for lib in libgit2 libcurl; do
  if ! printf '%s\n' "${depends[@]}" | grep -q "^$lib"; then
    echo "build-deb.sh: no $lib package among the linked libraries' owners: ${depends[*]}" >&2; exit 1
  fi
done

version="$("$binary" --version)"
arch="$(dpkg --print-architecture)"

DESTDIR="$root" ./scripts/install.sh --prefix /usr --binary "$binary" >/dev/null
strip --strip-unneeded "$root/usr/bin/podmirror" 2>/dev/null || true
# Debian's zsh looks in vendor-completions; man pages are gzipped.
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_podmirror" "$root/usr/share/zsh/vendor-completions/_podmirror"
rmdir "$root/usr/share/zsh/site-functions"
gzip -9n "$root/usr/share/man/man1/podmirror.1"
mkdir -p "$root/usr/share/doc/podmirror"
install -m 0644 README.md "$root/usr/share/doc/podmirror/README.md"

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<EOF
Package: podmirror
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-podmirror maintainers <podmirror@localhost>}
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $(IFS=,; echo "${depends[*]}" | sed 's/,/, /g')
Section: devel
Priority: optional
Description: set up CocoaPods through Specs and gem mirrors, in one command
 podmirror points CocoaPods at a Specs mirror and RubyGems at a gem mirror,
 clones and updates spec repos itself through libgit2, rewrites Podfiles
 precisely and removes and re-creates a project's CocoaPods integration.
 Every change is a plan that can be printed, checked (exit 3 on drift) or
 applied; a second run changes nothing.
EOF

mkdir -p "$out"
deb="$out/podmirror_${version}_${arch}.deb"
# xz, which every dpkg reads, at level 1: the default level takes minutes for the 60 MB binary on a busy
# 2-core machine, level 1 tens of seconds, for a package about a tenth bigger.
# shellcheck disable=SC2086
dpkg-deb --root-owner-group ${DEB_COMPRESSION:--Zxz -z1} --build "$root" "$deb" >/dev/null
echo "$deb"
