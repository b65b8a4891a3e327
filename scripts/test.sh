#!/usr/bin/env bash
# The test command: installs missing system packages, then runs every test (unit, end to end,
# conformance against ../shared/corpus when it is there). The tests are XCTest; Swift Testing is off
# so the run ends on XCTest's own count.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
swift build --build-tests
swift test --skip-build --disable-swift-testing "$@"
