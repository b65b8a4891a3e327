#!/usr/bin/env bash
# Proves the Kit's rules are compile errors: for each Kit target, a probe file that prints, exits or reads the
# process must fail to build with the rule's message (docs/architecture.md, "Rules the compiler keeps").
# Usage: scripts/kit-rules.sh   (builds each target once; the probe file is removed whatever happens)
set -euo pipefail
cd "$(dirname "$0")/.."
probe=""
trap '[ -n "$probe" ] && rm -f "$probe"' EXIT
status=0
check() { # target, code, expected message
    probe="Sources/$1/KitRulesProbe.swift"
    printf 'func kitRulesProbe() {\n    %s\n}\n' "$2" >"$probe"
    local out
    out=$(swift build --target "$1" 2>&1 || true)
    rm -f "$probe"
    probe=""
    if grep -q "$3" <<<"$out"; then
        echo "kit-rules: $1 refuses \`$2\`"
    else
        echo "kit-rules: FAIL: $1 compiled \`$2\` (or failed otherwise):" >&2
        grep "error:" <<<"$out" | head -5 >&2 || true
        status=1
    fi
}
for target in PodMirrorFoundation PodMirrorTransport PodMirrorCocoaPods PodMirrorKit; do
    check "$target" 'print("x")' "the Kit never prints"
done
check PodMirrorTransport '_ = ProcessInfo.processInfo.environment' "the Kit never reads the process"
check PodMirrorCocoaPods 'exit(1)' "the Kit never exits"
check PodMirrorKit '_ = CommandLine.arguments' "the Kit never reads the process"
# The build the probes broke is rebuilt as it was.
swift build >/dev/null
exit $status
