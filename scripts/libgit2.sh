#!/usr/bin/env bash
# Prepares a private prefix holding another libgit2 than the system's, without touching the system's, and prints
# its path. The prefix has include/, lib/ and lib/pkgconfig/ (libgit2.pc, and copies of the other .pc files the
# package reads with their -L removed, so that the system's libgit2.so cannot win the link).
#
#   scripts/libgit2.sh 1.9   the libgit2 1.9.7 shared library of PyPI's pygit2 1.21.0 wheel (built from libgit2's
#                            own sources with the bundled HTTP parser, as Homebrew builds it) with the headers of
#                            Debian 13's libgit2-dev 1.9.0
#   scripts/libgit2.sh 1.8   Debian 12 backports' libgit2 1.8.4 (library and headers; its dependencies are
#                            those of Debian 12's libgit2 1.5, already installed)
# Debian's packages are fetched with apt-get download, a private sources list and state, and unpacked.
#
# Cached in .build-libgit2/<version>/; used by `LIBGIT2=1.9 scripts/test.sh`. Needs pip, apt-get and dpkg-deb.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:?usage: scripts/libgit2.sh 1.9|1.8}"
case "$version" in
  1.9) wheel="pygit2==1.21.0"; suite="trixie"; debs=(libgit2-dev) ;;
  1.8) wheel=""; suite="bookworm-backports"; debs=(libgit2-dev libgit2-1.8) ;;
  *) echo "libgit2.sh: no recipe for libgit2 $version (known: 1.9, 1.8)" >&2; exit 2 ;;
esac
prefix="$(pwd)/.build-libgit2/$version"
# SwiftPM puts the -L of every pkg-config package on one link line, first come first served: a system -L
# (zlib's, libcurl's) before ours would link the system's libgit2.so. These copies keep only -l and -I; they are
# written on every run, so that a package installed since (libcurl's -dev) is shadowed too.
shadow_system_pc_files() {
  local pc
  for pc in zlib libcurl; do
    PKG_CONFIG_PATH="" pkg-config --exists "$pc" 2>/dev/null || continue
    {
      echo "Name: $pc"
      echo "Description: $pc from the default paths (copied by scripts/libgit2.sh without -L)"
      echo "Version: $(PKG_CONFIG_PATH="" pkg-config --modversion "$pc")"
      echo "Libs: $(PKG_CONFIG_PATH="" pkg-config --libs-only-l "$pc")"
      echo "Cflags: $(PKG_CONFIG_PATH="" pkg-config --cflags-only-I "$pc")"
    } > "$prefix/lib/pkgconfig/$pc.pc"
  done
}
if [ -f "$prefix/ready" ]; then shadow_system_pc_files; echo "$prefix"; exit 0; fi

work="$(mktemp -d "${TMPDIR:-/tmp}/podmirror-libgit2.XXXXXX")"
trap 'rm -rf "$work"' EXIT
rm -rf "$prefix"
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"

# The headers (and for 1.8 the library): Debian's packages, unpacked, never installed.
apt="$work/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
touch "$apt/status"
echo "deb http://deb.debian.org/debian $suite main" > "$apt/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "Dir::State::Status=$apt/status"
  -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" update -qq >&2
(cd "$apt/debs" && apt-get "${apt_opts[@]}" download -qq "${debs[@]/%//$suite}" >&2)
for deb in "$apt"/debs/*.deb; do dpkg-deb -x "$deb" "$work/dev"; done
cp -R "$work/dev/usr/include/." "$prefix/include/"
headers="$(sed -n 's/^#define LIBGIT2_VERSION *"\(.*\)"/\1/p' "$prefix/include/git2/version.h")"
case "$headers" in
  "$version".*) ;;
  *) echo "libgit2.sh: $suite's libgit2-dev has headers $headers, not $version" >&2; exit 1 ;;
esac

if [ -n "$wheel" ]; then
  # The shared library and the libraries it carries (libssl, libcrypto, libssh2, libpcre under hashed names).
  pip download --quiet --no-deps --only-binary=:all: -d "$work/wheel" "$wheel" >&2
  python3 -m zipfile -e "$work"/wheel/*.whl "$work/unpacked" >&2
  cp "$work"/unpacked/pygit2.libs/*.so* "$prefix/lib/"
  origin="library of $wheel, headers $headers"
else
  cp -P "$work"/dev/usr/lib/*/libgit2.so.* "$prefix/lib/"
  origin="Debian $suite"
fi
library="$(cd "$prefix/lib" && ls libgit2*.so.*.*.* | head -n 1)"
[ -n "$library" ] || { echo "libgit2.sh: no libgit2 library for $version" >&2; exit 1; }
ln -s "$library" "$prefix/lib/libgit2.so"

cat > "$prefix/lib/pkgconfig/libgit2.pc" <<EOF
prefix=$prefix
Name: libgit2
Description: libgit2 ${library##*.so.} ($origin)
Version: ${library##*.so.}
Libs: -L\${prefix}/lib -lgit2
Cflags: -I\${prefix}/include
EOF
shadow_system_pc_files
touch "$prefix/ready"
echo "$prefix"
