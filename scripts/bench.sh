#!/usr/bin/env bash
# Benchmarks benchsite on generated content trees of the size of a real
# results archive. See BENCHMARKS.md for what it measures and the results.
#
#   scripts/bench.sh                 # medium and large
#   SIZES=medium scripts/bench.sh    # one size
#   BENCH_DIR=/var/tmp/bs scripts/bench.sh
#
# Environment:
#   SIZES       sizes to run (default "medium large"; also "small")
#   BENCH_DIR   scratch directory on disk (default /var/tmp/benchsite-bench)
#   SHM_DIR     scratch directory in memory (default /dev/shm/benchsite-bench)
#   SEED        generator seed (default 1)
#   CARGO_TARGET_DIR   where cargo builds (default: target/)
#
# For each size it prints one line per measurement, with the machine's load
# average (uptime) at the start of it:
#   full build, output on disk / on /dev/shm: wall, user, sys, peak RSS,
#     raw files/s, pages/s, charts/s (counts from the build's summary line);
#   no-op rebuild (nothing changed);
#   rebuild after adding one kernel's files (gen_content --add-kernel);
#   the floor: `cat` of every input file, and `cp -r` of the built output
#     to a fresh directory on the same file system (writes the same files
#     and bytes);
#   a CPU probe: a fixed awk loop (2e7 additions, one core, no I/O). On
#     a shared VM the same binary's times move by a third from one hour to
#     the next; the probe moves with them, so rows of different runs compare
#     after dividing by it (BENCHMARKS.md).
set -euo pipefail

cd "$(dirname "$0")/.."
SIZES=${SIZES:-"medium large"}
BENCH_DIR=${BENCH_DIR:-/var/tmp/benchsite-bench}
SHM_DIR=${SHM_DIR:-/dev/shm/benchsite-bench}
SEED=${SEED:-1}
TARGET=${CARGO_TARGET_DIR:-target}

cargo build --release --bin benchsite --example gen_content >&2
BIN="$TARGET/release/benchsite"
GEN="$TARGET/release/examples/gen_content"

mkdir -p "$BENCH_DIR" "$SHM_DIR"
load() { cut -d' ' -f1-3 /proc/loadavg; }

# run LABEL OUTDIR-for-counts CMD...: times CMD with /usr/bin/time -v and prints a table row.
row() {
    local label=$1 size=$2 files=$3 pages=$4 charts=$5 timefile=$6 l=$7
    local wall user sys rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$timefile")
    user=$(awk -F': ' '/User time/ {print $2}' "$timefile")
    sys=$(awk -F': ' '/System time/ {print $2}' "$timefile")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$timefile")
    # m:ss.ss -> seconds
    local secs
    secs=$(echo "$wall" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
    local fps pps cps
    fps=$(awk -v n="$files" -v s="$secs" 'BEGIN { if (n=="" || s==0) print "-"; else printf "%.0f", n/s }')
    pps=$(awk -v n="$pages" -v s="$secs" 'BEGIN { if (n=="" || s==0) print "-"; else printf "%.0f", n/s }')
    cps=$(awk -v n="$charts" -v s="$secs" 'BEGIN { if (n=="" || s==0) print "-"; else printf "%.0f", n/s }')
    printf "| %-7s | %-34s | %7.2f | %6.2f | %5.2f | %6s | %7s | %6s | %5s | %s |\n" \
        "$size" "$label" "$secs" "$user" "$sys" "$rss" "$fps" "$pps" "$cps" "$l"
}

# build SIZE LABEL CONTENT OUTPUT: one timed build.
build() {
    local size=$1 label=$2 content=$3 out=$4
    local t log l
    t=$(mktemp) log=$(mktemp)
    l=$(load)
    /usr/bin/time -v -o "$t" "$BIN" build --content "$content" --output "$out" 2>"$log" >/dev/null
    # built OUT: N raw files read, P pages, C charts, F files (W changed), ...
    local summary files pages charts
    summary=$(grep '^built ' "$log" | tail -1)
    files=$(echo "$summary" | sed -n 's/.*: \([0-9]*\) raw files read.*/\1/p')
    pages=$(echo "$summary" | sed -n 's/.* \([0-9]*\) pages.*/\1/p')
    charts=$(echo "$summary" | sed -n 's/.* \([0-9]*\) charts.*/\1/p')
    if grep -q 'unrecognised' "$log"; then
        echo "warning: unrecognised files in $content" >&2
    fi
    row "$label" "$size" "$files" "$pages" "$charts" "$t" "$l"
    echo "    $summary" >&2
    rm -f "$t" "$log"
}

# floor SIZE LABEL CMD: a timed shell command (no counts).
floor() {
    local size=$1 label=$2
    shift 2
    local t l
    t=$(mktemp)
    l=$(load)
    /usr/bin/time -v -o "$t" bash -c "$*" >/dev/null 2>&1
    row "$label" "$size" "" "" "" "$t" "$l"
    rm -f "$t"
}

echo "benchsite $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| size    | measurement                        | wall s  | user s | sys s | RSS MB | files/s | pages/s | charts/s | load (1/5/15 min) |"
echo "|---------|------------------------------------|---------|--------|-------|--------|---------|--------|-------|-------------------|"
for size in $SIZES; do
    content="$BENCH_DIR/content-$size"
    if [ ! -f "$content/site.yaml" ]; then
        "$GEN" --size "$size" --out "$content" --seed "$SEED" >&2
    fi
    floor "$size" "probe: awk loop, 2e7 steps (CPU)" "awk 'BEGIN { for (i = 0; i < 2e7; i++) s += i; print s }'"
    for where in disk shm; do
        if [ "$where" = disk ]; then base=$BENCH_DIR; else base=$SHM_DIR; fi
        out="$base/out-$size"
        rm -rf "$out" "$base/floor-$size"
        build "$size" "full build, output on $where" "$content" "$out"
        build "$size" "no-op rebuild, output on $where" "$content" "$out"
        added=$("$GEN" --size "$size" --out "$content" --seed "$SEED" --add-kernel)
        build "$size" "rebuild after adding a kernel ($where)" "$content" "$out"
        rm -rf "$added"
        build "$size" "rebuild after removing it ($where)" "$content" "$out"
        floor "$size" "floor: cat every input file" "find '$content' -type f -print0 | xargs -0 cat > /dev/null"
        floor "$size" "floor: cp -r the output ($where)" "cp -r '$out' '$base/floor-$size'"
        rm -rf "$base/floor-$size"
    done
done
rm -rf "$SHM_DIR"
