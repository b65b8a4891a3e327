#!/usr/bin/env bash
# Installs podmirror under a prefix, where each part is found without any environment variable:
#   <prefix>/bin/podmirror                                    the release binary (scripts/build-release.sh)
#   <prefix>/share/podmirror/templates/                       the whole templates/ folder (mirror catalog,
#                                                             Podfile templates, message catalogs)
#   <prefix>/share/man/man1/podmirror.1                       the man page
#   <prefix>/share/bash-completion/completions/podmirror      bash completion
#   <prefix>/share/zsh/site-functions/_podmirror              zsh completion
#   <prefix>/share/fish/vendor_completions.d/podmirror.fish   fish completion
#
# Usage: scripts/install.sh [--prefix P] [--binary FILE] [--uninstall]
#   --prefix P     default /usr/local. DESTDIR, when set, is put in front of every path (staging for packages).
#   --binary FILE  install this binary instead of building one.
#   --uninstall    remove exactly the files above (and share/podmirror).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
binary=""
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "install.sh: --prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
root="${DESTDIR:-}${prefix%/}"

bin_file="$root/bin/podmirror"
share_dir="$root/share/podmirror"
man_file="$root/share/man/man1/podmirror.1"
bash_file="$root/share/bash-completion/completions/podmirror"
zsh_file="$root/share/zsh/site-functions/_podmirror"
fish_file="$root/share/fish/vendor_completions.d/podmirror.fish"

if $uninstall; then
  for f in "$bin_file" "$man_file" "$bash_file" "$zsh_file" "$fish_file"; do
    if [ -e "$f" ] || [ -L "$f" ]; then rm -f "$f" && echo "removed $f"; fi
  done
  if [ -d "$share_dir" ]; then rm -rf "$share_dir" && echo "removed $share_dir"; fi
  exit 0
fi

if [ -z "$binary" ]; then
  binary="$(./scripts/build-release.sh)"
fi
[ -f "$binary" ] || { echo "install.sh: no binary at '$binary'" >&2; exit 1; }

put() {  # put MODE SOURCE DEST: copies through a temporary name in the same folder, then renames
  mkdir -p "$(dirname "$3")"
  install -m "$1" "$2" "$3.tmp.$$"
  mv -f "$3.tmp.$$" "$3"
}

put 0755 "$binary" "$bin_file"
# The templates folder is replaced as a whole, so files removed from templates/ do not linger.
mkdir -p "$share_dir"
rm -rf "$share_dir/templates.tmp.$$"
(cd templates && find . -type d) | while IFS= read -r d; do mkdir -p "$share_dir/templates.tmp.$$/$d"; done
(cd templates && find . -type f) | while IFS= read -r f; do
  install -m 0644 "templates/$f" "$share_dir/templates.tmp.$$/$f"
done
chmod -R u=rwX,go=rX "$share_dir/templates.tmp.$$"
rm -rf "$share_dir/templates"
mv "$share_dir/templates.tmp.$$" "$share_dir/templates"
put 0644 docs/man/podmirror.1 "$man_file"
put 0644 docs/completions/podmirror.bash "$bash_file"
put 0644 docs/completions/podmirror.zsh "$zsh_file"
put 0644 docs/completions/podmirror.fish "$fish_file"

echo "installed podmirror $("$bin_file" --version) in ${DESTDIR:+$DESTDIR }$prefix"
