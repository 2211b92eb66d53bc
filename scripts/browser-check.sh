#!/usr/bin/env bash
# browser-check.sh [OUTPUT_DIR]
# Builds the demo site (unless OUTPUT_DIR is given and already built) and loads
# every HTML page of it in headless Chromium, listing any console error or
# failed load. Needs ../shared/tools/console-errors.sh (installs Debian's
# chromium on first use). Exit status 0 when no page reported an error.
set -eu
cd "$(dirname "$0")/.."
out=${1:-}
if [ -z "$out" ]; then
  out=$(mktemp -d)/output
  cargo run --quiet --release -- build --output "$out"
fi
tool=../shared/tools/console-errors.sh
[ -x "$tool" ] || { echo "browser-check: $tool not found; skipping" >&2; exit 0; }
mapfile -t pages < <(find "$out" -name '*.html' | sort)
echo "checking ${#pages[@]} pages in $out"
"$tool" "${pages[@]}"
echo "no console errors in ${#pages[@]} pages"
