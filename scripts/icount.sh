#!/usr/bin/env bash
# Counts the instructions one full build executes, for one or more
# benchsite binaries on the same generated content tree, with valgrind's
# cachegrind. Unlike wall or CPU time the count does not drift with the
# machine's load or speed, so two binaries compare to a fraction of a
# percent in one run each. It does not count the kernel's work (page
# faults, reads and writes): compare wall time with scripts/ab.sh too.
#
#   scripts/icount.sh OLD_BINARY NEW_BINARY        # medium tree
#   SIZE=small scripts/icount.sh target/release/benchsite
#
# Environment:
#   SIZE        content tree under $BENCH_DIR (default medium; scripts/bench.sh
#               generates $BENCH_DIR/content-<size>)
#   BENCH_DIR   where the content trees are (default /var/tmp/benchsite-bench)
#   SHM_DIR     scratch output directories in memory (default /dev/shm/benchsite-icount)
#   BUILD_ENV   extra environment for every build (default BENCHSITE_NO_CACHE=1)
#
# valgrind runs a build about 50 times slower (a medium build: about a
# minute); the binaries are counted two at a time.
set -euo pipefail

if [ $# -lt 1 ]; then
    sed -n '2,10p' "$0" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 1; }
SHM_DIR=${SHM_DIR:-/dev/shm/benchsite-icount}
# shellcheck source=scripts/compare-setup.sh
. "$(dirname "$0")/compare-setup.sh"

mkdir -p "$SHM_DIR"
trap 'rm -rf "$SHM_DIR"' EXIT
i=0
for bin in "$@"; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    env $BUILD_ENV valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file="$SHM_DIR/$i.out" \
        "$bin" build --content "$CONTENT" --output "$SHM_DIR/out-$i" >"$SHM_DIR/$i.log" 2>&1 &
    # Two at a time (the benchmark machine has two cores).
    if [ $((i % 2)) -eq 0 ]; then wait; fi
done
wait

first=
i=0
for bin in "$@"; do
    i=$((i + 1))
    # cachegrind's output ends with `summary: <instructions>`.
    n=$(awk '/^summary:/ { print $2 }' "$SHM_DIR/$i.out" 2>/dev/null || true)
    if [ -z "$n" ] || ! grep -q '^built ' "$SHM_DIR/$i.log"; then
        echo "$bin: the build failed under valgrind:" >&2
        tail -5 "$SHM_DIR/$i.log" >&2
        exit 1
    fi
    if [ -z "$first" ]; then
        first=$n
        printf '%s: %s instructions\n' "$bin" "$n"
    else
        awk -v b="$bin" -v n="$n" -v f="$first" \
            'BEGIN { printf "%s: %s instructions (%+.1f%% against the first)\n", b, n, 100 * (n - f) / f }'
    fi
done
