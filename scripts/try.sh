#!/usr/bin/env bash
# Builds podmirror and runs its main job on an embedded default: a dry run of `setup` against the default
# mirror (TUNA), in a throwaway HOME, so nothing on this machine changes and no network is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh --build
bin="$(./scripts/build-release.sh)"
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
printf "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n" >"$home/Podfile"
echo "\$ podmirror setup --mirror tuna --podfile Podfile --no-verify --dry-run   (HOME=$home)"
HOME="$home" "$bin" setup --mirror tuna --podfile "$home/Podfile" --no-verify --dry-run "$@"
