#!/usr/bin/env bash
# Benchmarks benchsite on generated content trees of the size of a real
# results archive. See BENCHMARKS.md for what it measures and the results.
#
#   scripts/bench.sh                 # medium and large
#   SIZES=medium scripts/bench.sh    # one size
#   BENCH_DIR=/var/tmp/bs scripts/bench.sh
#
# Environment:
#   SIZES       sizes to run (default "medium large"; also "small"; empty:
#               none, Zola alone)
#   BENCH_DIR   scratch directory on disk (default /var/tmp/benchsite-bench)
#   SHM_DIR     scratch directory in memory (default /dev/shm/benchsite-bench)
#   SEED        generator seed (default 1)
#   CARGO_TARGET_DIR   where cargo builds (default: target/)
#   BENCHSITE_BIN, GEN_BIN   a benchsite binary and gen_content example to
#               time instead of building them (both, or neither: the
#               release build)
#   ZOLA        the zola binary (default: `zola` on PATH); ZOLA_PAGES the
#               pages of its generated site (default 10000)
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
#
# Then Zola, when a `zola` binary is found ($ZOLA, else on PATH): it
# generates a Zola site of $ZOLA_PAGES Markdown pages (about 7 KB each, a
# paginated section listing them), times `zola build` into /dev/shm, its
# floor (cat its inputs, cp -r its output) and its bytes, and prints the
# ratios of issue 28's table against the last size's full build on /dev/shm:
# wall time and peak memory, HTML pages/s, CPU ms per HTML page, build ÷ I/O
# floor, output bytes ÷ input bytes, and benchsite's wall ÷ Zola's.
# Getting a zola: it is not on crates.io (`cargo install zola` finds no
# such crate) nor in Debian 12; take a release binary from Zola's GitHub
# releases (zola-vX.Y.Z-x86_64-unknown-linux-gnu.tar.gz), a distribution's
# package (Homebrew, Arch, Alpine, Fedora, snap), or build it from a
# checkout of its repository with `cargo install --path . --locked`; then
# ZOLA=/path/to/zola scripts/bench.sh. Without one the script says so and
# skips Zola.
set -euo pipefail

cd "$(dirname "$0")/.."
SIZES=${SIZES-"medium large"}
BENCH_DIR=${BENCH_DIR:-/var/tmp/benchsite-bench}
SHM_DIR=${SHM_DIR:-/dev/shm/benchsite-bench}
SEED=${SEED:-1}
TARGET=${CARGO_TARGET_DIR:-target}
ZOLA=${ZOLA:-$(command -v zola || true)}
ZOLA_PAGES=${ZOLA_PAGES:-10000}

if [ -n "${BENCHSITE_BIN:-}" ] && [ -n "${GEN_BIN:-}" ]; then
    BIN=$BENCHSITE_BIN
    GEN=$GEN_BIN
else
    cargo build --release --bin benchsite --example gen_content >&2
    BIN="$TARGET/release/benchsite"
    GEN="$TARGET/release/examples/gen_content"
fi

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
    # The last row's figures, for the Zola comparison.
    LAST_SECS=$secs LAST_CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') LAST_RSS=$rss LAST_PAGES=$pages
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

# zola_site DIR PAGES: a Zola site of PAGES Markdown pages (about 7 KB each:
# paragraphs, a list, a table and a code block) in one section paginated by
# 100, with minimal templates. The configuration and templates are written
# every run (a site kept from an older script would otherwise keep a
# configuration the Zola at hand may refuse); the pages only when missing.
zola_site() {
    local dir=$1 pages=$2
    rm -rf "$dir/templates" "$dir/config.toml"
    mkdir -p "$dir/templates" "$dir/content/posts"
    cat > "$dir/config.toml" <<'TOML'
base_url = "https://example.org"
title = "Generated benchmark posts"
compile_sass = false
build_search_index = false
generate_feeds = false
TOML
    printf '+++\ntitle = "Home"\n+++\nA generated site.\n' > "$dir/content/_index.md"
    printf '+++\ntitle = "Posts"\nsort_by = "date"\npaginate_by = 100\n+++\n' > "$dir/content/posts/_index.md"
    cat > "$dir/templates/index.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ config.title }}</title></head>
<body><h1>{{ section.title }}</h1>{{ section.content | safe }}<p><a href="{{ get_url(path='@/posts/_index.md') }}">Posts</a></p></body></html>
HTML
    cat > "$dir/templates/section.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ section.title }}</title></head>
<body><h1>{{ section.title }}</h1><ul>{% for p in paginator.pages %}<li><a href="{{ p.permalink | safe }}">{{ p.title }}</a> {{ p.date }}</li>{% endfor %}</ul>
{% if paginator.previous %}<a href="{{ paginator.previous }}">previous</a>{% endif %} {% if paginator.next %}<a href="{{ paginator.next }}">next</a>{% endif %}</body></html>
HTML
    cat > "$dir/templates/page.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ page.title }}</title></head>
<body><nav><a href="{{ config.base_url }}">Home</a></nav><article><h1>{{ page.title }}</h1><p>{{ page.date }}</p>{{ page.content | safe }}</article></body></html>
HTML
    [ -f "$dir/content/posts/post-$(printf %05d "$pages").md" ] && return 0
    awk -v dir="$dir/content/posts" -v pages="$pages" 'BEGIN {
        para = "The kernel was built with the same configuration as the baseline and booted on the same machine; each benchmark ran five times after a warm-up run, and the table gives the mean of the runs with their standard deviation. Differences under two standard deviations are noise on this machine."
        for (i = 1; i <= pages; i++) {
            f = sprintf("%s/post-%05d.md", dir, i)
            printf "+++\ntitle = \"Kernel 2.4.%d-pre%d results\"\ndate = %04d-%02d-%02d\n+++\n\n", i % 30, i % 9, 2000 + i % 20, i % 12 + 1, i % 28 + 1 > f
            for (s = 1; s <= 3; s++) {
                printf "## Section %d of post %d\n\n%s %s\n\n", s, i, para, para > f
                printf "* dbench %d clients: %d.%02d MB/sec\n* tbench %d clients: %d.%02d MB/sec\n* kernbench: %d.%02d s\n\n", 8 * s, 100 + (i * s) % 97, i % 100, 4 * s, 50 + (i * s) % 41, (i * 7) % 100, 300 + i % 50, (i * 3) % 100 > f
                printf "| kernel | run 1 | run 2 | run 3 | mean |\n|---|---|---|---|---|\n" > f
                for (r = 1; r <= 6; r++)
                    printf "| 2.4.%d | %d.%d | %d.%d | %d.%d | %d.%d |\n", r, 90 + r, i % 10, 91 + r, (i + 1) % 10, 92 + r, (i + 2) % 10, 91 + r, (i + 3) % 10 > f
                printf "\n```\nThroughput %d.%04d MB/sec (NB=%d.%04d MB/sec)\n```\n\n", 100 + i % 50, i % 10000, 12 + i % 7, (i * 13) % 10000 > f
            }
            close(f)
        }
    }'
}

# zola_compare: Zola on a generated site of $ZOLA_PAGES pages, and the
# ratios of issue 28's table against benchsite's last full build on /dev/shm.
zola_compare() {
    echo
    if [ -z "$ZOLA" ] || [ ! -x "$ZOLA" ]; then
        if [ -n "$ZOLA" ]; then
            echo "Zola: ZOLA=$ZOLA is not an executable file; the Zola comparison is skipped."
        else
            echo "Zola: no zola binary (none on PATH, ZOLA unset); the Zola comparison is skipped."
        fi
        echo "  To get one (it is not on crates.io): a release binary from Zola's GitHub releases,"
        echo "  a distribution's package, or 'cargo install --path . --locked' in a checkout of it;"
        echo "  then ZOLA=/path/to/zola scripts/bench.sh"
        return 0
    fi
    local site="$BENCH_DIR/zola-site-$ZOLA_PAGES" out="$SHM_DIR/zola-out" t l
    zola_site "$site" "$ZOLA_PAGES"
    echo "Zola: $("$ZOLA" --version 2>&1 | head -n 1), $ZOLA_PAGES pages generated in $site"
    echo
    echo "| size    | measurement                        | wall s  | user s | sys s | RSS MB | files/s | pages/s | charts/s | load (1/5/15 min) |"
    echo "|---------|------------------------------------|---------|--------|-------|--------|---------|--------|-------|-------------------|"
    rm -rf "$out"
    t=$(mktemp)
    l=$(load)
    if ! (cd "$site" && /usr/bin/time -v -o "$t" "$ZOLA" build --output-dir "$out" >/dev/null 2>"$t.log"); then
        echo "zola build failed:" >&2
        cat "$t.log" >&2
        rm -f "$t" "$t.log"
        return 1
    fi
    local z_pages
    z_pages=$(find "$out" -name '*.html' | wc -l)
    row "full build, output on shm" "zola" "$ZOLA_PAGES" "$z_pages" "" "$t" "$l"
    local z_secs=$LAST_SECS z_cpu=$LAST_CPU z_rss=$LAST_RSS
    local z_in z_out
    z_in=$(du -sb "$site" | cut -f1) z_out=$(du -sb "$out" | cut -f1)
    floor "zola" "floor: cat every input file" "find '$site' -type f -print0 | xargs -0 cat > /dev/null"
    local z_cat=$LAST_SECS
    floor "zola" "floor: cp -r the output (shm)" "cp -r '$out' '$SHM_DIR/zola-floor'"
    local z_cp=$LAST_SECS
    rm -rf "$SHM_DIR/zola-floor" "$out" "$t" "$t.log"
    if [ -z "${BS_SECS:-}" ]; then
        echo "(no benchsite full build on /dev/shm in this run: no ratios)"
        return 0
    fi
    echo
    echo "Issue 28's table: benchsite ($BS_SIZE) against Zola ($ZOLA_PAGES pages), both built into /dev/shm"
    echo
    awk -v bs="$BS_SECS" -v bc="$BS_CPU" -v br="$BS_RSS" -v bp="$BS_PAGES" -v bi="$BS_IN" -v bo="$BS_OUT" \
        -v bcat="$BS_CAT" -v bcp="$BS_CP" \
        -v zs="$z_secs" -v zc="$z_cpu" -v zr="$z_rss" -v zp="$z_pages" -v zi="$z_in" -v zo="$z_out" \
        -v zcat="$z_cat" -v zcp="$z_cp" 'BEGIN {
        print "| measure | benchsite | Zola | benchsite ÷ Zola |"
        print "|---|---|---|---|"
        printf "| full build, /dev/shm | %.2f s, %d MB | %.2f s, %d MB | %.2f× the time, %.2f× the memory |\n", bs, br, zs, zr, bs / zs, br / zr
        printf "| HTML pages/s | %.0f (%d pages) | %.0f (%d pages) | %.2f× |\n", bp / bs, bp, zp / zs, zp, (bp / bs) / (zp / zs)
        printf "| CPU per HTML page | %.2f ms | %.2f ms | %.2f× |\n", 1000 * bc / bp, 1000 * zc / zp, (bc / bp) / (zc / zp)
        printf "| full build ÷ I/O floor (cat inputs + cp -r output) | %.2f× | %.2f× | |\n", bs / (bcat + bcp), zs / (zcat + zcp)
        printf "| output bytes ÷ input bytes | %.1f× (%.1f MB ÷ %.1f MB, cache included) | %.1f× (%.1f MB ÷ %.1f MB) | |\n", bo / bi, bo / 1e6, bi / 1e6, zo / zi, zo / 1e6, zi / 1e6
    }'
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
        if [ "$where" = shm ]; then
            BS_SIZE=$size BS_SECS=$LAST_SECS BS_CPU=$LAST_CPU BS_RSS=$LAST_RSS BS_PAGES=$LAST_PAGES
            BS_IN=$(du -sb "$content" | cut -f1) BS_OUT=$(du -sb "$out" | cut -f1)
        fi
        build "$size" "no-op rebuild, output on $where" "$content" "$out"
        added=$("$GEN" --size "$size" --out "$content" --seed "$SEED" --add-kernel)
        build "$size" "rebuild after adding a kernel ($where)" "$content" "$out"
        rm -rf "$added"
        build "$size" "rebuild after removing it ($where)" "$content" "$out"
        floor "$size" "floor: cat every input file" "find '$content' -type f -print0 | xargs -0 cat > /dev/null"
        BS_CAT=$LAST_SECS
        floor "$size" "floor: cp -r the output ($where)" "cp -r '$out' '$base/floor-$size'"
        BS_CP=$LAST_SECS
        rm -rf "$base/floor-$size"
    done
done
zola_compare
rm -rf "$SHM_DIR"
