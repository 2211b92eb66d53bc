#!/usr/bin/env bash
# Compares two (or more) benchsite binaries on the rebuilds of issue 28
# point 1 and 4, interleaved (A B A B …) so that the noise of a shared
# machine falls on all of them alike: a rebuild after adding one kernel,
# after removing it again, and with nothing changed. Prints the minimum
# and the median of wall time and of CPU time (user + system) per binary
# and kind of rebuild, after the CPU probe's time (see BENCHMARKS.md).
#
#   scripts/ab-rebuild.sh OLD_BINARY NEW_BINARY               # large tree, on /dev/shm
#   WHERE=/var/tmp/ab RUNS=7 scripts/ab-rebuild.sh old/benchsite new/benchsite
#
# Environment:
#   SIZE        content tree under $BENCH_DIR (default large)
#   RUNS        rounds (default 5)
#   BENCH_DIR   where the content trees are (default /var/tmp/benchsite-bench)
#   WHERE       scratch directory for the content copy and each binary's
#               output (default /dev/shm/benchsite-ab-rebuild; a disk
#               directory such as /var/tmp/… measures the disk)
#   GEN_BIN     the content generator (default target/release/examples/gen_content)
#   SEED        the generator's seed (default 1, as bench.sh)
#
# Each binary builds its own output directory once in full (untimed), then
# every round: one kernel added to the first machine class (gen_content
# --add-kernel) and each binary rebuilds; the kernel removed and each
# rebuilds; and each rebuilds with nothing changed.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,10p' "$0" >&2
    exit 2
fi
SIZE=${SIZE:-large}
RUNS=${RUNS:-5}
WHERE=${WHERE:-/dev/shm/benchsite-ab-rebuild}
GEN_BIN=${GEN_BIN:-target/release/examples/gen_content}
SEED=${SEED:-1}
# shellcheck source=scripts/compare-setup.sh
. "$(dirname "$0")/compare-setup.sh"
[ -x "$GEN_BIN" ] || { echo "no generator at $GEN_BIN (cargo build --release --example gen_content, or GEN_BIN=…)" >&2; exit 1; }

rm -rf "$WHERE"
mkdir -p "$WHERE"
results=$(mktemp)
trap 'rm -f "$results"; rm -rf "$WHERE"' EXIT
tree="$WHERE/content"
cp -r "$CONTENT" "$tree"
# Files changed within the cache's racy window (2 s, cache::RACY_SECS) of
# a build are compared by content on every later build that keeps their
# class: without this wait, the classes copied last were read and hashed
# again in each rebuild of the first binary only (about 5,400 of the large
# tree's files), and not of the others, built later.
sleep 3

probe() {
    /usr/bin/time -f "%e" awk 'BEGIN { for (i = 0; i < 2e7; i++) s += i }' 2>&1 >/dev/null | tail -1
}

# rebuild KIND: every binary rebuilds its own output once.
rebuild() {
    local i=0
    for bin in "$@"; do
        i=$((i + 1))
        /usr/bin/time -f "$kind-$i %e %U %S" -o "$results" -a \
            "$bin" build --content "$tree" --output "$WHERE/out-$i" >/dev/null 2>&1
    done
}

i=0
for bin in "$@"; do
    i=$((i + 1))
    "$bin" build --content "$tree" --output "$WHERE/out-$i" >/dev/null 2>&1
done
echo "CPU probe before: $(probe) s"
for _ in $(seq "$RUNS"); do
    added=$("$GEN_BIN" --size "$SIZE" --out "$tree" --seed "$SEED" --add-kernel)
    kind=add rebuild "$@"
    rm -rf "$added"
    kind=remove rebuild "$@"
    kind=no-op rebuild "$@"
done
echo "CPU probe after: $(probe) s"

for kind in add remove no-op; do
    i=0
    for bin in "$@"; do
        i=$((i + 1))
        medians "$results" "$kind-$i" "$(printf '%-6s %s' "$kind" "$bin")"
    done
done
