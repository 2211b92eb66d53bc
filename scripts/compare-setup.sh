# Sourced by scripts/ab.sh, scripts/ab-rebuild.sh and scripts/icount.sh,
# which compare benchsite binaries (given as arguments) on one generated
# content tree. Sets SIZE, BENCH_DIR, BUILD_ENV and CONTENT (see the
# scripts' headers for their meaning), checks that the tree and the
# binaries are there, and defines `medians`. The caller sets its own
# SHM_DIR default (and SIZE's, when not medium).
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

# medians FILE KEY LABEL: of FILE's lines "KEY wall user system" (seconds,
# as `/usr/bin/time -f "KEY %e %U %S"` writes them), prints
# "LABEL: N runs, wall min … median …, CPU min … median …" (CPU: user +
# system).
medians() {
    awk -v key="$2" -v label="$3" '
        $1 == key { n++; wall[n] = $2; cpu[n] = $3 + $4 }
        function median(a, n,   j, k, t) {
            for (j = 2; j <= n; j++) for (k = j; k > 1 && a[k-1] > a[k]; k--) { t = a[k]; a[k] = a[k-1]; a[k-1] = t }
            return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
        }
        END {
            mw = median(wall, n); mc = median(cpu, n)
            printf "%s: %d runs, wall min %.2f s median %.2f s, CPU min %.2f s median %.2f s\n", label, n, wall[1], mw, cpu[1], mc
        }' "$1"
}
