#!/usr/bin/env bash
# Installs the system packages podmirror needs, when they are missing. `--build`: only what building podmirror
# and a dry run need (libgit2-dev, libcurl4-openssl-dev, pkg-config); without it, also tar, gzip, bzip2, xz-utils
# (pods fetch unpacks archives with them) and the tests' references (git, patch, python3, ruby).
# macOS: brew install libgit2 pkg-config (libcurl is the SDK's; Homebrew's pkg-config describes it).
set -euo pipefail
if [ "$(uname)" = "Darwin" ]; then
  pkg-config --exists libgit2 2>/dev/null || brew install libgit2 pkg-config
  exit 0
fi
need=()
pkg-config --exists libgit2 2>/dev/null || need+=(libgit2-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
# libcurl: linked (Sources/CCurl) for HTTP: mirror probes and pod source downloads.
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
if [ "${1:-}" != "--build" ]; then
  # git and patch: references the tests compare podmirror's results with.
  command -v git >/dev/null || need+=(git)
  command -v patch >/dev/null || need+=(patch)
  # tar with gzip, bzip2 and xz: `pods fetch` extracts tar/tgz/tbz/txz pod archives with them (by argv).
  command -v tar >/dev/null || need+=(tar)
  command -v gzip >/dev/null || need+=(gzip)
  command -v bzip2 >/dev/null || need+=(bzip2)
  command -v xz >/dev/null || need+=(xz-utils)
  # python3: the download tests build hostile archives with its tarfile/zipfile (reference only).
  command -v python3 >/dev/null || need+=(python3)
  # ruby: the Podfile tests compile edited corpus Podfiles with it as a reference only; podmirror never runs Ruby.
  command -v ruby >/dev/null || need+=(ruby)
fi
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
