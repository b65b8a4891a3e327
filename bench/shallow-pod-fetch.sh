#!/usr/bin/env bash
# Benchmark: bytes a `pods fetch` of one git pod with a long history moves, against CocoaPods' own download of
# it, `git clone --depth 1 --branch TAG`, in the same run (target: ratio <= 1.5). The pod repo has COMMITS
# commits (default 2,000), each rewriting one of 4 files with ~KB KiB of fresh random text, and the tag 1.0.0
# three commits below the tip; it is served over smart HTTP on 127.0.0.1 (../shared/tools/serve-repo.sh) behind
# a relay that counts every byte the server sends (HTTP headers, ref advertisement and pack). A full
# `git clone` of the same repo is measured too, for scale. With libgit2 >= 1.7 libgit2 fetches shallow; with
# 1.5 podmirror's own smart-HTTP fetch does.
#
# Env: BENCH_DIR (default /tmp/podmirror-bench-shallow), SHARED (default ../shared), PODMIRROR (binary; default
# .build-libgit2-1.9/debug/podmirror, else .build/debug/podmirror), COMMITS, KB.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared}"
work="${BENCH_DIR:-/tmp/podmirror-bench-shallow}"
commits="${COMMITS:-2000}"
kb="${KB:-2}"
if [ -z "${PODMIRROR:-}" ]; then
  PODMIRROR="$root/.build-libgit2-1.9/debug/podmirror"; [ -x "$PODMIRROR" ] || PODMIRROR="$root/.build/debug/podmirror"
fi
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null NO_COLOR=1
export GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@example.invalid GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@example.invalid
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

rm -rf "$work"; mkdir -p "$work/served/podsrc" "$work/home/.cocoapods/repos/bench" "$work/project" "$work/ref"
hport=$(free_port); gport=$(free_port); rport=$(free_port)
base="http://127.0.0.1:$rport"

echo "building a pod repo with $commits commits..." >&2
pod="$work/served/podsrc/LongPod.git"
git init -q --bare -b main "$pod"
python3 - "$commits" "$kb" <<'PY' | git -C "$pod" fast-import --quiet
import base64, os, sys
n, kb = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout.buffer
for i in range(1, n + 1):
    text = base64.encodebytes(os.urandom(kb * 1024 * 3 // 4))
    msg = b"commit %d\n" % i
    out.write(b"commit refs/heads/main\nmark :%d\ncommitter b <b@example.invalid> %d +0000\n" % (i, 1700000000 + i))
    out.write(b"data %d\n%s" % (len(msg), msg))
    out.write(b"M 100644 inline Sources/data%d.txt\ndata %d\n%s\n" % (i % 4, len(text), text))
out.write(b"reset refs/tags/1.0.0\nfrom :%d\n\n" % (n - 3))
PY

specs="$work/home/.cocoapods/repos/bench"
d="$specs/LongPod/1.0.0"; mkdir -p "$d"
printf '{\n  "name": "LongPod",\n  "version": "1.0.0",\n  "source": {\n    "git": "%s/podsrc/LongPod.git",\n    "tag": "1.0.0"\n  },\n  "source_files": "Sources/*.txt"\n}\n' \
  "$base" > "$d/LongPod.podspec.json"
git -C "$specs" init -q -b master; git -C "$specs" add -A; git -C "$specs" commit -q -m specs
git -C "$specs" remote add origin "$base/specs.git"
cat > "$work/project/Podfile.lock" <<LOCK
PODS:
  - LongPod (1.0.0)

SPEC REPOS:
  "$base/specs.git":
    - LongPod

SPEC CHECKSUMS:
  LongPod: $(sha1sum "$d/LongPod.podspec.json" | cut -d' ' -f1)

COCOAPODS: 1.17.0
LOCK

state="$work/state"
"$shared/tools/serve-repo.sh" start "$work/served" "$hport" "$gport" "$state" >&2
# The relay: every connection to $rport goes on to the HTTP server; bytes from the server are counted.
python3 - "$rport" "$hport" "$work/bytes" <<'PY' &
import socket, sys, threading
listen, target, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
lock = threading.Lock(); total = [0]
def pipe(src, dst, count):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
            if count:
                with lock:
                    total[0] += len(data)
                    with open(path, "w") as f:
                        f.write(str(total[0]))
    except OSError:
        pass
    finally:
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
def serve(client):
    upstream = socket.create_connection(("127.0.0.1", target))
    threading.Thread(target=pipe, args=(client, upstream, False), daemon=True).start()
    pipe(upstream, client, True)
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", listen)); srv.listen(64)
with open(path, "w") as f:
    f.write("0")
while True:
    c, _ = srv.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
PY
relay=$!
trap 'kill "$relay" 2>/dev/null || true; "$shared/tools/serve-repo.sh" stop "$state" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 50); do [ -s "$work/bytes" ] && break; sleep 0.1; done

counted() { cat "$work/bytes"; }
measure() { local before; before=$(counted); "$@" >/dev/null 2>&1; sleep 0.2; echo $(( $(counted) - before )); }

gitbytes=$(measure git clone -q --depth 1 --branch 1.0.0 "$base/podsrc/LongPod.git" "$work/ref/depth1")
fullbytes=$(measure git clone -q "$base/podsrc/LongPod.git" "$work/ref/full")
pmbytes=$(measure env HOME="$work/home" "$PODMIRROR" pods fetch --project "$work/project" --cocoapods-version 1.17.0 \
  --json)
entry=$(find "$work/home/Library/Caches/CocoaPods/Pods/Release/LongPod" -mindepth 1 -maxdepth 1 -type d)
rm -rf "$work/ref/depth1/.git"
diff -r "$entry" "$work/ref/depth1" >/dev/null || { echo "the cache entry differs from git's checkout" >&2; exit 1; }

printf 'pod: %s commits, tag 1.0.0 3 below the tip, %s KiB a file; podmirror %s (%s)\n' "$commits" "$kb" \
  "$PODMIRROR" "$("$PODMIRROR" --version --verbose 2>&1 | grep -o "libgit2 .*" | head -1)"
printf 'git clone --depth 1 --branch 1.0.0: %10d bytes\n' "$gitbytes"
printf 'podmirror pods fetch:              %10d bytes  ratio %.2f (target <= 1.5)\n' "$pmbytes" \
  "$(echo "$pmbytes / $gitbytes" | bc -l)"
printf 'git clone (full history):          %10d bytes  (%.1fx the shallow clone)\n' "$fullbytes" \
  "$(echo "$fullbytes / $gitbytes" | bc -l)"
