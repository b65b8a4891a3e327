#!/usr/bin/env bash
# Measures that `podmirror mirror test` probes mirrors in parallel: N loopback gem mirrors that each
# answer after DELAY seconds; prints the wall time against the sequential sum N*DELAY.
#   bench/mirror-test-parallel.sh [N=6] [DELAY=1.0]   (needs a built .build/debug/podmirror or $PODMIRROR)
set -euo pipefail
n="${1:-6}"; delay="${2:-1.0}"
bin="${PODMIRROR:-$(cd "$(dirname "$0")/.." && pwd)/.build/debug/podmirror}"
state="$(mktemp -d)"; pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$state"; }
trap cleanup EXIT
cat >"$state/server.py" <<'PY'
import gzip, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
delay = float(sys.argv[2]); body = gzip.compress(b"\x04\x08[\x00")
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def answer(self, send_body):
        time.sleep(delay)
        self.send_response(200 if self.path in ("/specs.4.8.gz", "/versions") else 404)
        self.send_header("Content-Length", str(len(body))); self.end_headers()
        if send_body: self.wfile.write(body)
    def do_GET(self): self.answer(True)
    def do_HEAD(self): self.answer(False)
srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1], "w").write(str(srv.server_address[1])); srv.serve_forever()
PY
urls=()
for i in $(seq "$n"); do
  python3 "$state/server.py" "$state/port$i" "$delay" & pids+=($!)
done
for i in $(seq "$n"); do
  for _ in $(seq 50); do [ -s "$state/port$i" ] && break; sleep 0.1; done
  urls+=("http://127.0.0.1:$(cat "$state/port$i")/")
done
start=$(date +%s.%N)
HOME="$state" "$bin" mirror test --gems --timeout 30 "${urls[@]}" >"$state/out.txt"
end=$(date +%s.%N)
python3 - "$start" "$end" "$n" "$delay" <<'PY'
import sys
s, e, n, d = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
wall = e - s; seq = n * d * 2  # each mirror: GET specs.4.8.gz then HEAD versions, both delayed
print(f"mirrors={n} delay={d}s wall={wall:.2f}s sequential-sum={seq:.1f}s ratio={seq / wall:.1f}x")
PY
