#!/usr/bin/env bash
# largecheck.sh [BENCHSITE_BINARY]
# Issue 24 point 7 on a realistic class: generates one machine class of
# 300 kernels with examples/gen_content.rs (12 raw files per kernel, the
# benchmarks of a real archive), builds it with the binary (by default
# $CARGO_TARGET_DIR/debug/benchsite, else target/debug/benchsite) and runs
# scripts/pageweight.sh on its machine page and its five largest section
# pages (sections/*.html): each must stay under 1 MB of HTML and of SVG,
# 10,000 DOM nodes and 1.5 s to load (pageweight.sh's limits; MAX_MS etc.
# change them). Needs Chromium (`chromium`, or $CHROMIUM) and cargo for the
# generator. Work directory: a temporary one, removed afterwards (KEEP=1
# keeps it). Exit status: pageweight.sh's (0: within the limits).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/benchsite}
[ -x "$bin" ] || { echo "largecheck: $bin not found (cargo build first)" >&2; exit 2; }
work=$(mktemp -d)
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
cargo run --quiet --example gen_content -- --size large --machines 1 --kernels 300 --out "$work/content" >/dev/null
"$bin" build --content "$work/content" --output "$work/out" 2>&1 | tail -n 1
class=$(find "$work/out" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | head -n 1)
mapfile -t largest < <(ls -S "$class"/sections/*.html | head -n 5)
echo "largecheck: $(find "$class/sections" -name '*.html' | wc -l) section pages; the machine page and the five largest:"
scripts/pageweight.sh "$class/index.html" "${largest[@]}"
