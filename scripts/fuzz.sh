#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ for SECONDS each (default 60), one after
# the other, each in a single libFuzzer process (one core).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`). Works on stable
# Rust through RUSTC_BOOTSTRAP=1 (cargo-fuzz needs -Z flags). Build output
# goes to $CARGO_TARGET_DIR (default fuzz/target). Each target's corpus is
# fuzz/corpus/<target>/, seeded from tests/fixtures/ and content/; crashes
# land in fuzz/artifacts/<target>/. A summary line per target (executions,
# seconds, crash or not) is printed at the end and appended to
# fuzz/last-run.txt.
set -uo pipefail
secs="${1:-60}"
shift || true
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo/fuzz"
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/fuzz/target}"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^benchsite-fuzz$')
fi

# Seeds: every fixture and content file for the parsers; YAML annotations
# (prefixed with the kind byte) for yaml_loader; Markdown for markdown.
seed() {
    local t="$1" dir="corpus/$1"
    mkdir -p "$dir"
    [ -n "$(ls -A "$dir" 2>/dev/null)" ] && return
    case "$t" in
        parse_*)
            find "$repo/tests/fixtures" "$repo/content" -type f -size -64k ! -name '*.md' |
                while read -r f; do cp "$f" "$dir/$(echo "$f" | md5sum | cut -c1-16)"; done ;;
        yaml_loader)
            local i=0
            for kind in site machine kernel; do
                find "$repo/content" "$repo/src/init" -name "$kind.yaml" | while read -r f; do
                    { printf "\\x0$i"; cat "$f"; } > "$dir/$kind-$(echo "$f" | md5sum | cut -c1-16)"
                done
                i=$((i + 1))
            done ;;
        markdown)
            find "$repo" -name '*.md' -size -64k -not -path '*/target/*' -not -path '*/corpus/*' |
                while read -r f; do { printf 'H'; cat "$f"; } > "$dir/$(echo "$f" | md5sum | cut -c1-16)"; done
            find "$repo/content" -name '*.yaml' | while read -r f; do { printf '('; cat "$f"; } > "$dir/y$(echo "$f" | md5sum | cut -c1-16)"; done ;;
    esac
}

# Build once (FUZZ_NO_BUILD=1 skips this and runs what is built), then run
# the target binaries directly, so that editing the sources while a run is
# going does not rebuild under it.
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
    cargo fuzz build || exit 1
fi
bindir="${FUZZ_BIN_DIR:-$CARGO_TARGET_DIR/$(rustc -vV | sed -n 's/^host: //p')/release}"
status=0
summary=()
for t in "${targets[@]}"; do
    seed "$t"
    log="$(mktemp)"
    echo "== $t: ${secs}s"
    mkdir -p "artifacts/$t"
    "$bindir/$t" "corpus/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$secs" -max_len=8192 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
    rc=$?
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
    took="$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1)"
    if [ $rc -ne 0 ]; then
        status=1
        line="$t: CRASH after ${runs:-?} executions (exit $rc); see fuzz/artifacts/$t/"
        tail -40 "$log"
    else
        line="$t: ${runs:-?} executions in ${took:-$secs} s, no crash"
    fi
    echo "$line"
    summary+=("$line")
    rm -f "$log"
done
echo
echo "fuzz summary ($(date -u +%Y-%m-%dT%H:%MZ), ${secs}s per target):"
printf '%s\n' "${summary[@]}" | tee -a last-run.txt
exit $status
