# Sourced by scripts/ab.sh and scripts/icount.sh, which compare benchsite
# binaries (given as arguments) on one generated content tree. Sets
# SIZE, BENCH_DIR, BUILD_ENV and CONTENT (see either script's header for
# their meaning) and checks that the tree and the binaries are there.
# The caller sets its own SHM_DIR default.
SIZE=${SIZE:-medium}
BENCH_DIR=${BENCH_DIR:-/var/tmp/benchsite-bench}
BUILD_ENV=${BUILD_ENV-BENCHSITE_NO_CACHE=1}
CONTENT="$BENCH_DIR/content-$SIZE"
if [ ! -d "$CONTENT" ]; then
    echo "no content tree at $CONTENT: run SIZES=$SIZE scripts/bench.sh once to generate it" >&2
    exit 1
fi
for bin in "$@"; do
    [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 1; }
done
