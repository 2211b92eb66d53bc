#!/usr/bin/env bash
# largecheck.sh [BENCHSITE_BINARY]
# Issue 24 point 7 on a realistic class: generates one machine class of
# 300 kernels with examples/gen_content.rs (12 raw files per kernel, the
# benchmarks of a real archive; CONTENT=DIR takes that content tree
# instead, e.g. /var/tmp/benchsite-bench/content-300), builds it with the
# binary (by default $CARGO_TARGET_DIR/debug/benchsite, else
# target/debug/benchsite) and runs scripts/pageweight.sh on every page type
# of the class: its machine page, compare.html, regressions.html, the
# largest of its pages of regressions (regressions-*.html), its five
# largest section pages (sections/*.html) and its largest kernel page
# (kernels/*.html): each must stay under 1 MB of HTML and of SVG, 10,000
# DOM nodes and 1.5 s to load (pageweight.sh's limits; MAX_MS etc. change
# them). Needs Chromium (`chromium`, or $CHROMIUM) and, without CONTENT,
# cargo for the generator. Work directory: a temporary one, removed
# afterwards (KEEP=1 keeps it). Exit status: pageweight.sh's (0: within
# the limits).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/benchsite}
[ -x "$bin" ] || { echo "largecheck: $bin not found (cargo build first)" >&2; exit 2; }
work=$(mktemp -d)
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
content=${CONTENT:-}
if [ -z "$content" ]; then
  content="$work/content"
  cargo run --quiet --example gen_content -- --size large --machines 1 --kernels 300 --out "$content" >/dev/null
fi
"$bin" build --content "$content" --output "$work/out" 2>&1 | tail -n 1
class=$(find "$work/out" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | head -n 1)
pages=("$class/index.html")
for p in compare.html regressions.html; do
  [ -f "$class/$p" ] && pages+=("$class/$p")
done
mapfile -t more < <(ls -S "$class"/regressions-*.html 2>/dev/null | head -n 1; ls -S "$class"/sections/*.html | head -n 5; ls -S "$class"/kernels/*.html | head -n 1)
pages+=("${more[@]}")
echo "largecheck: $(find "$class/sections" -name '*.html' | wc -l) section pages, $(find "$class" -maxdepth 1 -name 'regressions-*.html' | wc -l) pages of regressions; each page type:"
scripts/pageweight.sh "${pages[@]}"
