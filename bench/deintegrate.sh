#!/usr/bin/env bash
# Whole-process `podmirror deintegrate` time on the largest corpus project (05-energy, 441 KB) and on
# synthetic projects 10x and 100x its size (copies of all its objects under new identifiers, every
# copied target added to the project, so the copies are deintegrated too). Prints the median time,
# time per MB and the growth between sizes (linear means ~10x per step), next to two references:
# `podmirror --version` (process start, the floor) and the Ruby deintegrator's 0.28 s on 05-energy
# (Xcodeproj 1.28.1 + cocoapods-deintegrate 1.0.5, measured on this kind of machine; Ruby/CocoaPods
# cannot be installed here, so that figure is quoted, not re-measured).
#   bench/deintegrate.sh [RUNS=7]   (uses $PODMIRROR, else .build/release/podmirror, building it if missing)
set -euo pipefail
runs="${1:-7}"
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/../shared/corpus/xcodeproj/05-energy/project.pbxproj"
[ -f "$corpus" ] || { echo "needs $corpus" >&2; exit 1; }
bin="${PODMIRROR:-$("$root/scripts/build-release.sh")}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$corpus" "$work" <<'PY'
import re, sys
src, work = open(sys.argv[1]).read(), sys.argv[2]
start = src.index("\tobjects = {\n") + len("\tobjects = {\n")
end = src.index("\n\t};\n\trootObject")
body = src[start:end]
ids = set(re.findall(r"\b[0-9A-F]{24}\b", body))
root_id = re.search(r"rootObject = ([0-9A-F]{24})", src).group(1)
proj = re.search(root_id + r" /\* Project object \*/ = \{.*?\n\t\t\};\n", body, re.S).group(0)
targets = re.search(r"\ttargets = \(\n(.*?)\t\t\t\);", proj, re.S).group(1)
for factor in (1, 10, 100):
    copies, extra_targets = [], []
    for k in range(1, factor):
        sub = lambda m: "Z%03X%s" % (k, m.group(0)) if m.group(0) in ids else m.group(0)
        copies.append(re.sub(r"\b[0-9A-F]{24}\b", sub, body))
        extra_targets.append(re.sub(r"\b[0-9A-F]{24}\b", sub, targets))
    text = src[:start] + body + "".join("\n" + c for c in copies) + src[end:]
    if extra_targets:
        new_proj = proj.replace(targets, targets + "".join(extra_targets))
        text = text.replace(proj, new_proj, 1)
    open("%s/x%d.pbxproj" % (work, factor), "w").write(text)
PY

python3 - "$bin" "$work" "$runs" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
bin, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = dict(os.environ, HOME=work, NO_COLOR="1")
cpu_samples = []
def timed(argv, cwd):
    # Wall time, and CPU time (user + sys of the child): the latter is steadier on a busy machine.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_samples.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    if r.returncode != 0: sys.exit("failed: %s\n%s" % (argv, r.stderr.decode()))
    return dt
def cpu_median(n):
    return statistics.median(cpu_samples[-n:])
floor = statistics.median(timed([bin, "--version"], work) for _ in range(runs))
floor_cpu = cpu_median(runs)
print("load average: %.2f (2 cores)" % os.getloadavg()[0])
print("process start (podmirror --version): wall %.1f ms, cpu %.1f ms" % (floor * 1000, floor_cpu * 1000))
print("%-6s %9s %11s %11s %11s %9s %s" % ("size", "MB", "wall", "cpu", "cpu per MB", "growth", "vs Ruby 0.28 s on 1x"))
prev = None
for factor in (1, 10, 100):
    src = "%s/x%d.pbxproj" % (work, factor)
    mb = os.path.getsize(src) / 1e6
    samples = []
    for i in range(runs if factor < 100 else max(3, runs // 2)):
        proj = "%s/run/App.xcodeproj" % work
        shutil.rmtree("%s/run" % work, ignore_errors=True)
        os.makedirs(proj)
        shutil.copy(src, proj + "/project.pbxproj")
        open("%s/run/Podfile" % work, "w").close()
        samples.append(timed([bin, "deintegrate"], "%s/run" % work))
        after = os.path.getsize(proj + "/project.pbxproj")
    med = statistics.median(samples)
    cpu = cpu_median(len(samples))
    growth = "" if prev is None else "%.1fx" % (cpu / prev)
    ratio = "%.1fx faster (wall), %.1fx (cpu)" % (0.28 / med, 0.28 / cpu) if factor == 1 else ""
    print("%-6s %9.2f %8.1f ms %8.1f ms %8.1f ms %9s %s" % ("%dx" % factor, mb, med * 1000, cpu * 1000, cpu * 1000 / mb, growth, ratio))
    print("       (file %.0f KB -> %.0f KB after deintegrate; %d runs)" % (mb * 1000, after / 1000, len(samples)))
    prev = cpu
print("growth is of cpu time; linear means ~10x per step. Work beyond process start on 1x: see cpu minus the start line.")
PY
