#!/usr/bin/env bash
# Installs the system packages podmirror needs, when they are missing. `--build`: only what building podmirror
# and a dry run need (libgit2-dev, libcurl4-openssl-dev, pkg-config); without it, also gzip, bzip2, xz-utils
# (pods fetch decompresses archives with them) and the tests' references (git, tar, patch, python3, ruby).
# macOS: brew install libgit2 pkg-config (libcurl is the SDK's; Homebrew's pkg-config describes it).
set -euo pipefail
if [ "$(uname)" = "Darwin" ]; then
  pkg-config --exists libgit2 2>/dev/null || brew install libgit2 pkg-config
  # nginx and fcgiwrap: RealWebServerCLITests start their own (brew does not start a service on install).
  command -v nginx >/dev/null || brew install nginx
  command -v fcgiwrap >/dev/null || brew install fcgiwrap
  exit 0
fi
need=()
pkg-config --exists libgit2 2>/dev/null || need+=(libgit2-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
# libcurl: linked (Sources/CCurl) for HTTP: mirror probes and pod source downloads.
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
web=()
if [ "${1:-}" != "--build" ]; then
  # git and patch: references the tests compare podmirror's results with.
  command -v git >/dev/null || need+=(git)
  command -v patch >/dev/null || need+=(patch)
  # tar: the download tests make reference archives with it (pods fetch reads tar itself).
  command -v tar >/dev/null || need+=(tar)
  # gzip, bzip2 and xz: `pods fetch` decompresses tgz/tbz/txz pod archives with them (by argv).
  command -v gzip >/dev/null || need+=(gzip)
  command -v bzip2 >/dev/null || need+=(bzip2)
  command -v xz >/dev/null || need+=(xz-utils)
  # python3: the download tests build hostile archives with its tarfile/zipfile (reference only).
  command -v python3 >/dev/null || need+=(python3)
  # ruby: the Podfile tests compile edited corpus Podfiles with it as a reference only; podmirror never runs Ruby.
  command -v ruby >/dev/null || need+=(ruby)
  # nginx and fcgiwrap (with git's git-http-backend): RealWebServerCLITests serve git through them, started by the
  # tests with a private prefix and port; they are in sbin, often not on PATH.
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || web+=(nginx)
  command -v fcgiwrap >/dev/null || [ -x /usr/sbin/fcgiwrap ] || web+=(fcgiwrap)
fi
if [ ${#need[@]} -gt 0 ] || [ ${#web[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  # nginx-light where the release still has it (Debian 12), else nginx.
  if [ ${#web[@]} -gt 0 ] && [ "${web[0]}" = nginx ] && apt-cache show nginx-light >/dev/null 2>&1; then
    web[0]=nginx-light
  fi
  # No service may start on install (nginx's default site wants port 80): a policy-rc.d refusing every start,
  # only for this install and only when the machine has none.
  policy=/usr/sbin/policy-rc.d
  if [ ${#web[@]} -gt 0 ] && [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod 755 "$policy"
    trap '$sudo rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" "${web[@]}" >/dev/null
fi
