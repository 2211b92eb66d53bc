#!/usr/bin/env bash
# Compares two (or more) benchsite binaries on the same generated content
# tree, with their full builds interleaved (A B A B …) so that the noise of
# a shared machine falls on all of them alike. Prints the minimum and the
# median of wall time and of CPU time (user + system) per binary.
#
#   scripts/ab.sh OLD_BINARY NEW_BINARY            # medium tree, 6 rounds
#   SIZE=large RUNS=3 scripts/ab.sh old/benchsite target/release/benchsite
#
# Environment:
#   SIZE        content tree under $BENCH_DIR (default medium; scripts/bench.sh
#               generates $BENCH_DIR/content-<size>)
#   RUNS        rounds (default 6)
#   BENCH_DIR   where the content trees are (default /var/tmp/benchsite-bench)
#   SHM_DIR     scratch output directory in memory (default /dev/shm/benchsite-ab)
#   BUILD_ENV   extra environment for every build (default BENCHSITE_NO_CACHE=1:
#               full builds without the parse cache; set it empty to keep it)
#
# On this project's 2-core benchmark VM one build's wall time varies by
# 10–15% from run to run; differences smaller than that show only in the
# medians of several interleaved rounds, and in CPU time more than in wall
# time.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,9p' "$0" >&2
    exit 2
fi
RUNS=${RUNS:-6}
SHM_DIR=${SHM_DIR:-/dev/shm/benchsite-ab}
# shellcheck source=scripts/compare-setup.sh
. "$(dirname "$0")/compare-setup.sh"

results=$(mktemp)
trap 'rm -f "$results"; rm -rf "$SHM_DIR"' EXIT
for _ in $(seq "$RUNS"); do
    i=0
    for bin in "$@"; do
        i=$((i + 1))
        rm -rf "$SHM_DIR"
        # %e wall, %U user, %S system seconds.
        # shellcheck disable=SC2086
        /usr/bin/time -f "$i %e %U %S" -o "$results" -a \
            env $BUILD_ENV "$bin" build --content "$CONTENT" --output "$SHM_DIR" >/dev/null 2>&1
    done
done

i=0
for bin in "$@"; do
    i=$((i + 1))
    medians "$results" "$i" "$bin"
done
