#!/usr/bin/env bash
# Runs the Ansible role in contrib/ansible against localhost (connection local) with a throwaway HOME and a
# loopback Specs mirror and gem mirror, three times: check mode reports it would change and changes nothing;
# an apply changes; a second apply reports changed=0 and leaves every byte of HOME as it was. Then a bad
# mirror name must fail the play with podmirror's own error message, changing nothing.
# ansible-core comes from PyPI into .build-venv/ (reused when present). PODMIRROR=path skips the build.
# Needs python3, git (for the loopback server) and ../shared/tools beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
tools="${SHARED_TOOLS:-$repo/../shared/tools}"
[ -x "$tools/serve-repo.sh" ] || { echo "test-ansible: $tools/serve-repo.sh not found" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/podmirror-ansible.XXXXXX")"
cleanup() {
  "$tools/serve-repo.sh" stop "$work/server" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -n "${PODMIRROR:-}" ]; then
  bin="$PODMIRROR"
else
  swift build --product podmirror >&2
  bin="$(swift build --show-bin-path)/podmirror"
fi

venv="$repo/.build-venv"
if [ ! -x "$venv/bin/ansible-playbook" ]; then
  python3 -m venv "$venv"
  timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check ansible-core
fi
"$venv/bin/ansible-playbook" --version | sed -n 1p

# Loopback mirrors: a Specs repository over smart HTTP, and a gem index (gzip data, as the probe expects).
served="$work/served"
mkdir -p "$served/gems"
"$tools/make-specs-repo.sh" "$served/Specs.git" custom --pods 30 --versions 2 --commits 3 >/dev/null
printf '\x04\x08[\x00' | gzip -9n >"$served/gems/specs.4.8.gz"
printf 'created_at: 2024-01-01T00:00:00Z\n---\n' >"$served/gems/versions"
read -r hport gport < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))')
"$tools/serve-repo.sh" start "$served" "$hport" "$gport" "$work/server" >/dev/null
mirror="http://127.0.0.1:$hport/Specs.git"

# The machine being provisioned: a Podfile on the official CDN and a trunk repo as CocoaPods leaves them.
home="$work/home"
mkdir -p "$home/app" "$home/.cocoapods/repos/trunk"
printf "source 'https://cdn.cocoapods.org/'\n\ntarget 'App' do\n  pod 'Pod1'\nend\n" >"$home/app/Podfile"
printf 'https://cdn.cocoapods.org/\n' >"$home/.cocoapods/repos/trunk/.url"

cat >"$work/inventory" <<EOF
[podmirror]
localhost ansible_connection=local ansible_python_interpreter=$venv/bin/python3
EOF
python3 - "$work/vars.json" <<EOF
import json, sys
json.dump({
    "podmirror_executable": "$bin",
    "podmirror_mirror": "$mirror",
    "podmirror_gems": "http://127.0.0.1:$hport/gems/",
    "podmirror_bundler": True,
    "podmirror_podfiles": ["$home/app/Podfile"],
    "podmirror_platform": "ios:13.0",
    "podmirror_inhibit_warnings": True,
    "podmirror_build_settings": ["IPHONEOS_DEPLOYMENT_TARGET=13.0"],
    "podmirror_remove_trunk": True,
    "podmirror_environment": {"HOME": "$home", "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"},
}, open(sys.argv[1], "w"))
EOF

# Ansible's own state stays out of the provisioned HOME.
mkdir -p "$work/ansible-home"
: >"$work/ansible.cfg"
export HOME="$work/ansible-home" ANSIBLE_CONFIG="$work/ansible.cfg" ANSIBLE_HOME="$work/ansible-home/.ansible"
export ANSIBLE_LOCAL_TEMP="$work/ansible-tmp" ANSIBLE_REMOTE_TEMP="$work/ansible-tmp" ANSIBLE_NOCOLOR=1
export ANSIBLE_RETRY_FILES_ENABLED=0 LC_ALL=C.UTF-8 LANG=C.UTF-8 NO_PROXY=127.0.0.1 no_proxy=127.0.0.1

# Every path under the provisioned HOME with its type, mode and content (or link target), hashed.
tree_hash() {
  python3 - "$home" <<'EOF'
import hashlib, os, stat, sys
root, h = sys.argv[1], hashlib.sha256()
for d, dirs, files in os.walk(root):
    dirs.sort()
    for name in sorted(dirs + files):
        p = os.path.join(d, name)
        st = os.lstat(p)
        h.update(f"{os.path.relpath(p, root)}\0{stat.filemode(st.st_mode)}\0".encode())
        if stat.S_ISLNK(st.st_mode):
            h.update(os.readlink(p).encode())
        elif stat.S_ISREG(st.st_mode):
            with open(p, "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
print(h.hexdigest())
EOF
}

failures=0
play() {  # play LABEL [ansible-playbook args...]: sets status, changed, failed; output in $work/LABEL.log
  label="$1"; shift
  set +e
  timeout 300 "$venv/bin/ansible-playbook" -i "$work/inventory" "$repo/contrib/ansible/playbook.yml" \
    -e "@$work/vars.json" "$@" >"$work/$label.log" 2>&1
  status=$?
  set -e
  local recap
  recap="$(grep -E '^localhost +:' "$work/$label.log" || true)"
  changed="$(sed -nE 's/.* changed=([0-9]+).*/\1/p' <<<"$recap")"
  failed="$(sed -nE 's/.* failed=([0-9]+).*/\1/p' <<<"$recap")"
  echo "$label: exit $status, ${recap:-no PLAY RECAP}" | tr -s ' '
}
expect() {  # expect DESCRIPTION COMMAND...: on failure, counts it and shows the last play's output
  local what="$1"; shift
  if "$@"; then echo "  ok: $what"; return; fi
  echo "  FAILED: $what"; failures=$((failures + 1))
  sed 's/^/    | /' "$work/$label.log"
}
recap_is() { [ "$status" = "$1" ] && [ "$changed" = "$2" ] && [ "$failed" = "$3" ]; }
same() { [ "$1" = "$2" ]; }

before="$(tree_hash)"
play check --check --diff
expect "check mode reports changed=1" recap_is 0 1 0
expect "check mode shows the Podfile diff" grep -q "^+source '$mirror'" "$work/check.log"
expect "check mode changes no byte" same "$(tree_hash)" "$before"

play apply1
expect "first apply reports changed=1" recap_is 0 1 0
expect "the Podfile names the mirror" grep -qx "source '$mirror'" "$home/app/Podfile"
clone="$(ls "$home/.cocoapods/repos" | grep -v '^Spec_Lock' | head -1 || true)"
clone_url="$(git config -f "$home/.cocoapods/repos/$clone/.git/config" --get remote.origin.url || true)"
expect "the Specs repo is cloned from the mirror" same "$clone_url" "$mirror"
expect "trunk is removed" [ ! -e "$home/.cocoapods/repos/trunk" ]
after="$(tree_hash)"

play apply2
expect "second apply reports changed=0" recap_is 0 0 0
expect "second apply changes no byte" same "$(tree_hash)" "$after"

play bad -e podmirror_mirror=no-such-mirror
expect "an unknown mirror fails the play" recap_is 2 0 1
expect "with podmirror's error message" grep -q "unknown Specs mirror 'no-such-mirror'" "$work/bad.log"
expect "and changes no byte" same "$(tree_hash)" "$after"

if [ "$failures" -gt 0 ]; then echo "test-ansible: $failures check(s) failed" >&2; exit 1; fi
echo "test-ansible: all checks passed"
