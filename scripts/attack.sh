#!/usr/bin/env bash
# attack.sh [BENCHSITE_BINARY]
#
# Attacks a benchsite binary the way README's "Safety" section says it holds
# up, in four named stages, and prints HELD or BROKE: <what> for each and a
# summary (exit status 1 when anything broke, 2 on bad usage):
#
#   crash     builds the demo content, then ATTACK_KILLS times changes it (the
#             title, a raw file, a kernel, a machine class), starts a build and
#             kill -9s it after a random 0..ATTACK_MAX_DELAY_MS ms (at most
#             half as long as a from-scratch build takes); the output
#             must hold the old or the new site (compared with from-scratch
#             builds of each), and one more build must sweep what the killed one
#             left and equal a from-scratch build of the new content.
#   diskfull  builds into a small tmpfs (mount needs root; skipped otherwise): a
#             build that does not fit must fail, say so and leave the output
#             byte-identical; a site that fits with a cache that does not only
#             warns ("the build cache was not stored").
#   hostile   builds content whose class and kernel directory names and YAML
#             strings hold script tags, event handlers, javascript: URLs,
#             escape sequences, template syntax and NULs, loads every page in
#             headless Chromium and checks nothing ran, and that no output file
#             nor diagnostic holds a control character.
#   serve     runs `benchsite serve` on 127.0.0.1 under a bounded load (500
#             concurrent requests, 100 live-reload long-polls, 50 slow clients):
#             it must keep answering, give its file descriptors back and never
#             redirect to another host; and a serve allowed 256 open files
#             must still answer after 300 connections at once.
#
# Without an argument the debug binary is built (`cargo build`, into
# $CARGO_TARGET_DIR or target/). Environment: ATTACK_KILLS (20),
# ATTACK_MAX_DELAY_MS (300), ATTACK_STAGES ("crash diskfull hostile serve"),
# ATTACK_KEEP=1 keeps the work directory. Needs curl, python3 and, for the
# hostile stage, chromium (the stage is skipped without it).
# shellcheck disable=SC2317 # stages and helpers are called by name ("stage_$stage") and from trap
set -euo pipefail

usage() {
  echo "usage: scripts/attack.sh [BENCHSITE_BINARY]" >&2
  echo "  env: ATTACK_KILLS=20 ATTACK_MAX_DELAY_MS=300 ATTACK_STAGES='crash diskfull hostile serve' ATTACK_KEEP=1" >&2
}

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  -*) usage; exit 2 ;;
esac
[ $# -le 1 ] || { usage; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
demo=$root/content
kills=${ATTACK_KILLS:-20}
max_delay=${ATTACK_MAX_DELAY_MS:-300}
stages=${ATTACK_STAGES:-crash diskfull hostile serve}
[[ $kills =~ ^[0-9]+$ && $max_delay =~ ^[0-9]+$ ]] || { echo "attack: ATTACK_KILLS and ATTACK_MAX_DELAY_MS must be numbers" >&2; exit 2; }
for tool in curl python3; do
  command -v "$tool" >/dev/null || { echo "attack: $tool is needed" >&2; exit 2; }
done

if [ $# -eq 1 ]; then
  bin=$(realpath "$1")
else
  echo "attack: building the debug binary (cargo build)"
  (cd "$root" && cargo build --quiet)
  bin=${CARGO_TARGET_DIR:-$root/target}/debug/benchsite
fi
[ -x "$bin" ] || { echo "attack: $bin is not an executable" >&2; exit 2; }

work=$(mktemp -d /tmp/benchsite-attack.XXXXXX)
# Mount points and process ids to clean up, one a line.
: >"$work/mounts"
: >"$work/pids"
cleanup() {
  local p m
  # Only a process of ours still running (a pid is not reused while it runs).
  while read -r p; do
    if grep -q -a benchsite "/proc/$p/cmdline" 2>/dev/null; then kill -9 "$p" 2>/dev/null || true; fi
  done <"$work/pids"
  while read -r m; do
    if mountpoint -q "$m"; then umount "$m" || umount -l "$m" || true; fi
  done <"$work/mounts"
  if [ "${ATTACK_KEEP:-0}" = 1 ]; then echo "attack: work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- helpers ---------------------------------------------------------------

res=/dev/null # the current stage's result file: lines "broke: …", "skip: …", "fig: …"
broke() { printf 'broke: %s\n' "$*" >>"$res"; printf '  BROKE: %s\n' "$*"; }
skip() { printf 'skip: %s\n' "$*" >>"$res"; printf '  skipped: %s\n' "$*"; }
fig() { printf 'fig: %s\n' "$*" >>"$res"; printf '  %s\n' "$*"; }
say() { printf '  %s\n' "$*"; }

# build CONTENT OUTPUT [LOG]: a normal build; its status is the build's.
build() {
  "$bin" build --content "$1" --output "$2" >"${3:-/dev/null}" 2>&1
}

# The files a killed build may leave, which the next build sweeps.
leftovers() {
  find "$1" \( -name '*.benchsite-tmp' -o -name .benchsite-building -o -name .benchsite.tmp \) -print
}

# The site's files in an output directory, for comparing two: every file
# but the cache and what a killed build may leave (temporaries, the
# in-progress marker; a directory holding only those holds no file).
# site_diff OUT OLD [NEW]: with OLD alone, prints nothing and succeeds when
# OUT holds the same files as OLD, byte for byte (and the list of written
# files, with ATTACK_LIST=1); with NEW too, succeeds when OUT equals either
# and otherwise says, of the files that differ between them, how many OUT
# holds as in OLD, as in NEW, or as in neither.
site_diff() {
  python3 - "$@" <<'EOF'
import filecmp, os, sys
LIST = os.environ.get('ATTACK_LIST') == '1'
def files(d):
    r = set()
    for dp, dirs, names in os.walk(d):
        dirs[:] = [x for x in dirs if x != '.benchsite-cache']
        for n in names:
            if n in ('.benchsite.tmp', '.benchsite-building') or n.endswith('.benchsite-tmp') or (n == '.benchsite' and not LIST and dp == d):
                continue
            r.add(os.path.relpath(os.path.join(dp, n), d))
    return r
out, sites = sys.argv[1], sys.argv[2:]
o = files(out)
def same(rel, site, there):
    if (rel in o) != (rel in site):
        return False
    return rel not in o or filecmp.cmp(os.path.join(out, rel), os.path.join(there, rel), shallow=False)
listed = [files(s) for s in sites]
differs = [[rel for rel in sorted(o | f) if not same(rel, f, s)] for f, s in zip(listed, sites)]
if any(not d for d in differs):
    sys.exit(0)
def some(x):
    return ', '.join(ascii(p) for p in x[:3]) + (', ...' if len(x) > 3 else '')
if len(sites) == 1:
    print(f"{len(differs[0])} files differ: {some(differs[0])}")
    sys.exit(1)
a, b = listed
as_old, as_new, other = [], [], []
for rel in sorted(a | b | o):
    same_a, same_b = same(rel, a, sites[0]), same(rel, b, sites[1])
    if same_a and same_b:
        continue
    (as_old if same_a else as_new if same_b else other).append(rel)
kept = [r for r in as_old if r in b]
stale = [r for r in as_old if r not in b]
parts = [f"{len(as_new)} files as in the new site ({some(as_new)})"]
if kept:
    parts.append(f"{len(kept)} files still as in the old site ({some(kept)})")
if stale:
    parts.append(f"{len(stale)} files of the old site that the new one no longer has ({some(stale)})")
if other:
    parts.append(f"{len(other)} files as in neither ({some(other)})")
print('; '.join(parts))
sys.exit(1)
EOF
}

# same_output A B: the same files, byte for byte, and no other file nor
# directory, the list of written files included (not the cache).
same_output() {
  diff -r -q --no-dereference -x .benchsite-cache "$1" "$2" >/dev/null 2>&1
}

# What differs as same_output sees it, a few paths.
differences() {
  diff -r -q --no-dereference -x .benchsite-cache "$1" "$2" 2>&1 | head -n 3 |
    sed -e "s|$1/||g" -e "s|$2/||g" | tr '\n' ';' || true
}

ms_to_s() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }

# ---- stage 1: crash consistency ---------------------------------------------

# mutate CONTENT I: the I-th change, cycling through four kinds; prints its name.
mutate() {
  local c=$1 i=$2
  case $((i % 4)) in
    1)
      sed -i "s/^title:.*/title: \"Kernel benchmarks (attack $i)\"/" "$c/site.yaml"
      echo "title"
      ;;
    2)
      local f=$c/dbench32-384m/2.4.7/dbench-32-run4.txt
      if [ -e "$f" ]; then rm "$f"; echo "raw file removed"; else
        sed "s/9.2929/9.$i/" "$c/dbench32-384m/2.4.7/dbench-32-run1.txt" >"$f"; echo "raw file added"
      fi
      ;;
    3)
      local k=$c/dbench32-384m/2.4.9-attack
      if [ -d "$k" ]; then rm -r "$k"; echo "kernel removed"; else
        cp -r "$c/dbench32-384m/2.4.8-pre1" "$k"; echo "kernel added"
      fi
      ;;
    0)
      local m=$c/p166-24m-attack
      if [ -d "$m" ]; then rm -r "$m"; echo "machine class removed"; else
        cp -r "$c/p166-24m" "$m"
        sed -i "s/^name: .*/name: \"attack copy $i\"/" "$m/machine.yaml"
        echo "machine class added"
      fi
      ;;
  esac
}

stage_crash() {
  local d=$work/crash
  mkdir -p "$d"
  cp -r "$demo" "$d/content"
  if ! build "$d/content" "$d/out" "$d/first.log"; then broke "the first build of the demo failed: $(tail -n 3 "$d/first.log")"; return; fi
  build "$d/content" "$d/ref.old"
  local i change delay span pid rc ms_at old=0 new=0 mixed=0 running=0 finished=0 left=0 t0 t1
  for ((i = 1; i <= kills; i++)); do
    change=$(mutate "$d/content" "$i")
    rm -rf "$d/ref.new"
    t0=$(date +%s%N)
    if ! build "$d/content" "$d/ref.new" "$d/ref.log"; then broke "kill $i: the reference build of the changed content ($change) failed"; return; fi
    t1=$(date +%s%N)
    # At most half as long as that from-scratch build took (about what the
    # rebuild killed takes): most kills then land while it runs.
    span=$(((t1 - t0) / 2000000))
    [ "$span" -le "$max_delay" ] || span=$max_delay
    delay=$((RANDOM % (span + 1)))
    t0=$(date +%s%N)
    "$bin" build --content "$d/content" --output "$d/out" >"$d/killed.log" 2>&1 &
    pid=$!
    echo "$pid" >>"$work/pids"
    sleep "$(ms_to_s "$delay")"
    kill -9 "$pid" 2>/dev/null || true
    rc=0
    wait "$pid" 2>/dev/null || rc=$?
    t1=$(date +%s%N)
    ms_at=$(((t1 - t0) / 1000000))
    if [ "$rc" = 137 ]; then running=$((running + 1)); else finished=$((finished + 1)); fi
    if [ -n "$(leftovers "$d/out")" ]; then left=$((left + 1)); fi
    if site_diff "$d/out" "$d/ref.old" >/dev/null; then
      old=$((old + 1))
    elif site_diff "$d/out" "$d/ref.new" >/dev/null; then
      new=$((new + 1))
    else
      mixed=$((mixed + 1))
      cp -a "$d/out" "$d/mixed.$i"
      broke "kill $i ($change, kill -9 after $delay ms, build exit $rc): the output mixes the old and the new site: $(site_diff "$d/out" "$d/ref.old" "$d/ref.new")"
    fi
    if ! build "$d/content" "$d/out" "$d/after.log"; then
      broke "kill $i: the build after the kill failed: $(tail -n 3 "$d/after.log" | tr '\n' ' ')"
      return
    fi
    if [ -n "$(leftovers "$d/out")" ]; then
      broke "kill $i: the build after the kill left $(leftovers "$d/out" | head -n 3 | tr '\n' ' ')"
    fi
    if ! same_output "$d/out" "$d/ref.new"; then
      broke "kill $i: after one more build the output differs from a from-scratch build: $(differences "$d/out" "$d/ref.new")"
    fi
    printf '  kill %2d: %-22s %3d ms (%s)\n' "$i" "$change" "$ms_at" \
      "$([ "$rc" = 137 ] && echo "killed mid-build" || echo "build had finished, exit $rc")"
    rm -rf "$d/ref.old"
    mv "$d/ref.new" "$d/ref.old"
  done
  fig "$kills kill -9 (after 0-$max_delay ms, at most half a from-scratch build's time; $running mid-build, $finished after the build ended): $old left the old site, $new the new, $mixed a mix; $left left temporaries, each swept by the next build, which equalled a from-scratch build every time"
}

# ---- stage 2: disk full -------------------------------------------------------

used_bytes() { df --output=used -B1 "$1" | tail -n 1 | tr -d ' '; }

# big_content DIR COPIES: the demo plus COPIES copies of one machine class.
big_content() {
  cp -r "$demo" "$1"
  local n
  for ((n = 1; n <= $2; n++)); do
    cp -r "$demo/k6-2-475-384m" "$1/k6-2-copy-$n"
    sed -i "s/^name: .*/name: \"K6-2 copy $n\"/" "$1/k6-2-copy-$n/machine.yaml"
  done
}

stage_diskfull() {
  local d=$work/full mnt=$work/full/mnt
  mkdir -p "$mnt"
  if ! mount -t tmpfs -o size=64m,mode=0755 tmpfs "$mnt" 2>"$d/mount.err"; then
    skip "cannot mount a tmpfs ($(head -n 1 "$d/mount.err")); run as root to attack a full disk"
    return
  fi
  echo "$mnt" >>"$work/mounts"
  # Measure what the demo takes on a tmpfs: all of it, the cache entries
  # (stored after the site is in place), the whole cache (the parse cache
  # is written while the site is built).
  local base all site cache entries
  base=$(used_bytes "$mnt")
  build "$demo" "$mnt/o"
  all=$(($(used_bytes "$mnt") - base))
  rm -f "$mnt"/o/.benchsite-cache/*.entry
  entries=$((all - ($(used_bytes "$mnt") - base)))
  rm -rf "$mnt/o/.benchsite-cache"
  site=$(($(used_bytes "$mnt") - base))
  cache=$((all - site))
  umount "$mnt"
  say "the demo takes $((site / 1024)) KiB on a tmpfs, its cache $((cache / 1024)) KiB (entries $((entries / 1024)) KiB)"

  # A: room for the demo and 512 KiB more; then a build of the demo plus
  # 20 copies of a class (several MB) does not fit.
  local size=$(((all + 512 * 1024) / 4096 * 4096)) rc
  mount -t tmpfs -o "size=$size,mode=0755" tmpfs "$mnt"
  if ! build "$demo" "$mnt/out" "$d/a1.log"; then
    broke "the demo did not build into a $((size / 1024)) KiB tmpfs: $(tail -n 2 "$d/a1.log" | tr '\n' ' ')"
    return
  fi
  cp -a "$mnt/out" "$d/before"
  local used_before used_after
  used_before=$(used_bytes "$mnt")
  big_content "$d/big" 20
  rc=0
  build "$d/big" "$mnt/out" "$d/a2.log" || rc=$?
  used_after=$(used_bytes "$mnt")
  local said why
  said=$(grep -m 1 -i -o 'No space left on device' "$d/a2.log" || true)
  if [ "$rc" = 0 ]; then
    broke "a build of $((20 + 5)) classes into a $((size / 1024)) KiB tmpfs succeeded: the tmpfs is too big to test a full disk"
  else
    [ -n "$said" ] || broke "the failed build (exit $rc) does not name the full disk: $(head -n 2 "$d/a2.log" | tr '\n' ' ')"
    if ! diff -r --no-dereference -q "$d/before" "$mnt/out" >/dev/null 2>&1; then
      broke "the failed build changed the previous output: $(differences "$d/before" "$mnt/out")"
    fi
    [ -z "$(leftovers "$mnt/out")" ] || broke "the failed build left $(leftovers "$mnt/out" | head -n 3 | tr '\n' ' ')"
    [ "$used_after" -le "$used_before" ] || broke "the failed build left $(((used_after - used_before) / 1024)) KiB more in use on the tmpfs"
  fi
  # With room again, the same build succeeds and equals a from-scratch build.
  mount -o remount,size=256m "$mnt"
  if build "$d/big" "$mnt/out" "$d/a3.log"; then
    build "$d/big" "$d/big-ref"
    same_output "$mnt/out" "$d/big-ref" || broke "with room again, the build differs from a from-scratch build: $(differences "$mnt/out" "$d/big-ref")"
  else
    broke "with room again, the build failed: $(tail -n 2 "$d/a3.log" | tr '\n' ' ')"
  fi
  umount "$mnt"
  fig "full disk: a build of 25 classes into a $((size / 1024)) KiB tmpfs holding the demo exited $rc (\"${said:0:100}\"), the previous output byte-identical, no temporaries left; with room again it built and equalled a from-scratch build"

  # B: room for the site and its parse cache, not for all the cache
  # entries: from one page short of it all down, a page at a time, until a
  # build warns that its cache was not stored (a build that does not fit
  # must fail leaving nothing).
  local k tried=0 warned=0
  build "$demo" "$d/demo-ref"
  for ((k = 1; k * 4096 <= entries + 8192; k++)); do
    size=$(((all - k * 4096) / 4096 * 4096))
    mount -t tmpfs -o "size=$size,mode=0755" tmpfs "$mnt"
    tried=$((tried + 1))
    rc=0
    build "$demo" "$mnt/out" "$d/b1.log" || rc=$?
    if [ "$rc" != 0 ]; then
      grep -q -i 'space' "$d/b1.log" || broke "a build into a $((size / 1024)) KiB tmpfs failed (exit $rc) without naming the full disk: $(head -n 2 "$d/b1.log" | tr '\n' ' ')"
      [ -z "$(find "$mnt" -mindepth 1 -print -quit)" ] || [ -z "$(leftovers "$mnt")" ] ||
        broke "a first build that did not fit in $((size / 1024)) KiB left $(leftovers "$mnt" | head -n 3 | tr '\n' ' ')"
      umount "$mnt"
      say "tmpfs $((size / 1024)) KiB: the site did not fit (exit $rc)"
      break
    fi
    if grep -q 'the build cache was not stored' "$d/b1.log"; then
      warned=1
      why=$(site_diff "$mnt/out" "$d/demo-ref") || broke "the site written beside a cache that did not fit differs from a from-scratch build: $why"
      [ -z "$(leftovers "$mnt/out")" ] || broke "the build whose cache did not fit left $(leftovers "$mnt/out" | head -n 3 | tr '\n' ' ')"
      rc=0
      build "$demo" "$mnt/out" "$d/b2.log" || rc=$?
      [ "$rc" = 0 ] || broke "the build after the one whose cache did not fit failed (exit $rc): $(head -n 2 "$d/b2.log" | tr '\n' ' ')"
      umount "$mnt"
      fig "cache full: a demo build into a $((size / 1024)) KiB tmpfs (site $((site / 1024)) KiB, cache $((cache / 1024)) KiB) exited 0, the site complete, and warned: $(grep -m 1 -o 'the build cache was not stored' "$d/b1.log")"
      break
    fi
    umount "$mnt"
  done
  [ "$warned" = 1 ] || broke "no tmpfs size tried ($tried, from $(((all - 4096) / 1024)) KiB down) gave a build whose site fits and cache does not: none warned \"the build cache was not stored\""
}

# ---- stage 3: hostile names ---------------------------------------------------

# The payloads. Each that could run sets an attribute on <html>, which the
# DOM Chromium dumps would show; alert(1) is there too, as an attacker writes it.
mark() { printf "document.documentElement.setAttribute('data-xss','%s')" "$1"; }

hostile_content() {
  local c=$1 src=$demo/dbench32-384m
  mkdir -p "$c"
  cat >"$c/site.yaml" <<EOF
title: "<script>alert(1)</script><script>$(mark site-title)</script> \"onmouseover=alert(1) javascript:alert(1) \\e[2J \\e]0;pwned\\a {{ tera }} {% raw %} x\\0y \\x9b2J"
author: "'><img src=x onerror=\"$(mark author)\">"
description: |
  <script>alert(1)</script><script>$(mark site-desc)</script>
  [a link](javascript:alert(1)) [another](JaVaScRiPt:$(mark md-link))
  <img src=x onerror="$(mark site-img)"> <a href="javascript:alert(1)">x</a>
  {{ 7*7 }} {% if true %}tera{% endif %} {# comment #}
EOF
  # Class and kernel directory names (no '/': a name cannot hold one).
  local classes=(
    "<img src=x onerror=$(mark class-img)>"
    "\"onmouseover=alert(1) x=\""
    "javascript:alert(1)"
    $'esc\e[2J\e]0;pwned\a'
    "{{ tera }}{% raw %}"
    $'c1\xc2\x9b2J'
  )
  local kernels=(
    "2.4.8\"onmouseover=$(mark kernel-attr) x=\""
    "javascript:$(mark kernel-js)"
    "2.4.8<svg onload=$(mark kernel-svg)>"
    $'2.4.8\e[2J'
    "2.4.8{{ tera }}"
    $'2.4.8\x9b'
  )
  local n cls k
  for n in "${!classes[@]}"; do
    cls=$c/${classes[$n]}
    k=${kernels[$n]}
    mkdir -p "$cls/2.4.7" "$cls/$k"
    cp "$src"/2.4.7/dbench-32-run*.txt "$cls/2.4.7/"
    cp "$src"/2.4.8-pre1/dbench-32-run*.txt "$cls/$k/"
    cat >"$cls/machine.yaml" <<EOF
name: "<script>alert(1)</script><script>$(mark "class-name-$n")</script>\"onmouseover=alert(1) \\e[2J {{ tera }} \\0"
cpu: "javascript:alert(1)"
memory: "<img src=x onerror=\"$(mark "memory-$n")\">"
disks: "\\e[31mred\\e[0m \\x9b"
source: "{{ site.title }} {% for x in [1] %}loop{% endfor %}"
baseline: "2.4.7"
description: |
  <script>alert(1)</script><script>$(mark "class-desc-$n")</script>
  [click](javascript:alert(1)) <iframe src="javascript:alert(1)"></iframe>
  <a href="x" onmouseover="alert(1)">hover</a> {{ 7*7 }}
sections:
  - title: "<script>$(mark "section-$n")</script> \\e[2J {{ tera }} \\0"
    files: ["*/dbench-32-run*.txt"]
    commentary: |
      <svg onload="$(mark "commentary-$n")"></svg> [x](javascript:alert(1))
      <object data="javascript:alert(1)"></object> {% raw %}{{ 7*7 }}
EOF
    cat >"$cls/$k/kernel.yaml" <<EOF
notes: |
  <script>alert(1)</script><script>$(mark "notes-$n")</script>
  <img src=x onerror="$(mark "notes-img-$n")"> {{ tera }}
patches: ["<script>$(mark "patch-$n")</script>", "\\e[2J", "nul \\0 here", "javascript:alert(1)"]
EOF
  done
}

stage_hostile() {
  local d=$work/hostile
  mkdir -p "$d"
  hostile_content "$d/content"
  local rc=0
  "$bin" build --content "$d/content" --output "$d/out" >"$d/build.out" 2>"$d/build.err" || rc=$?
  if [ "$rc" != 0 ]; then
    broke "the hostile content did not build (exit $rc): $(grep -m 3 . "$d/build.err" | tr '\n' ' ' | cat -v)"
    return
  fi
  say "$(tail -n 1 "$d/build.err" | cat -v)"
  # Every output file, every output path and the diagnostics: no control
  # character (C0 but tab and line breaks, DEL, C1), no invalid UTF-8 in text.
  local scan
  scan=$(python3 - "$d/out" "$d/build.out" "$d/build.err" <<'EOF'
import os, re, sys
bad = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]')
problems, files = [], 0
def check(label, data):
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError as e:
        problems.append(f'{label}: not UTF-8 ({e})')
        return
    m = bad.search(text)
    if m:
        problems.append(f'{label}: control character U+{ord(m.group()):04X} at {m.start()}')
out = sys.argv[1]
for dirpath, dirs, names in os.walk(out):
    dirs[:] = [x for x in dirs if x != '.benchsite-cache']
    for name in dirs + names:
        rel = os.path.relpath(os.path.join(dirpath, name), out)
        if bad.search(os.fsdecode(name)) or b'\x00' in os.fsencode(name):
            problems.append(f'path {rel!r} holds a control character')
    for name in names:
        files += 1
        with open(os.path.join(dirpath, name), 'rb') as f:
            check(os.path.relpath(os.path.join(dirpath, name), out), f.read())
for diag in sys.argv[2:]:
    with open(diag, 'rb') as f:
        check('diagnostics ' + os.path.basename(diag), f.read())
print(files)
for p in problems[:10]:
    print(ascii(p))
if len(problems) > 10:
    print(f'... and {len(problems) - 10} more')
EOF
)
  local nfiles
  nfiles=$(head -n 1 <<<"$scan")
  while IFS= read -r line; do [ -z "$line" ] || broke "$line"; done < <(tail -n +2 <<<"$scan")
  # SVG files: well-formed XML with nothing that runs.
  local svgs
  svgs=$(python3 - "$d/out" <<'EOF'
import os, sys, xml.etree.ElementTree as ET
n = 0
for dirpath, _, names in os.walk(sys.argv[1]):
    for name in names:
        if not name.endswith('.svg'):
            continue
        n += 1
        p = os.path.join(dirpath, name)
        rel = ascii(os.path.relpath(p, sys.argv[1]))
        try:
            tree = ET.parse(p)
        except ET.ParseError as e:
            print(f'BAD {rel} is not well-formed XML: {e}')
            continue
        for el in tree.iter():
            tag = el.tag.split('}')[-1].lower()
            if tag in ('script', 'foreignobject', 'iframe', 'object', 'embed'):
                print(f'BAD {rel} holds a <{tag}> element')
            for a, v in el.attrib.items():
                a = a.split('}')[-1].lower()
                if a.startswith('on') or (a == 'href' and v.strip().lower().startswith('javascript:')):
                    print(f'BAD {rel} has {a}={v[:60]!a}')
print(n)
EOF
)
  while IFS= read -r line; do [[ $line != BAD* ]] || broke "${line#BAD }"; done <<<"$svgs"
  local nsvg
  nsvg=$(tail -n 1 <<<"$svgs")

  if ! command -v chromium >/dev/null; then
    skip "no chromium: $nfiles files and $nsvg charts checked, the pages not loaded in a browser"
    return
  fi
  # Every page in headless Chromium (two at a time): its DOM after load and
  # the console. What ran would show as data-xss on <html>, a <script>, an
  # event handler attribute or a javascript: URL in the DOM.
  mkdir -p "$d/dom"
  find "$d/out" -name '*.html' -print0 | sort -z >"$d/pages"
  export d
  # shellcheck disable=SC2016 # the script is bash -c's, its variables its own
  xargs -0 -P 2 -n 1 bash -c '
    page=$1
    url=$(python3 -c "import sys, urllib.parse; print(\"file://\" + urllib.parse.quote(sys.argv[1]))" "$page")
    key=$(printf "%s" "$page" | md5sum | cut -c1-16)
    profile=$(mktemp -d)
    timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$profile" --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
      --dump-dom "$url" >"$d/dom/$key.html" 2>"$d/dom/$key.log" || echo "exit $?" >>"$d/dom/$key.log"
    printf "%s" "$page" >"$d/dom/$key.page"
    rm -rf "$profile"
  ' _ <"$d/pages"
  local verdict
  verdict=$(python3 - "$d/dom" "$d/out" <<'EOF'
import glob, os, re, sys, urllib.parse
from html.parser import HTMLParser
dom_dir, out = sys.argv[1], sys.argv[2]
URL_ATTRS = {'href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href', 'poster', 'background'}
BAD_TAGS = {'script', 'iframe', 'object', 'embed', 'base', 'form', 'frame', 'frameset'}
def theme_script(attrs):
    # (Chromium's DOM writes the boolean attribute as defer="".)
    if len(attrs) != 2 or attrs[0][0] != 'src' or attrs[1] not in (('defer', None), ('defer', '')):
        return False
    src = attrs[0][1] or ''
    if not src.endswith('table.js'):
        return False
    root = src[:-len('table.js')]
    return re.fullmatch(r'(\.\./)*|/|https?://[^"\'<> ]*/', root) is not None
class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems, self.text, self.links = [], [], []
    def handle_starttag(self, tag, attrs):
        for a, v in attrs:
            v = v or ''
            if tag == 'html' and a == 'data-xss':
                self.problems.append(f'a payload ran: <html data-xss="{v}">')
            if a.startswith('on'):
                self.problems.append(f'<{tag} {a}="{v[:50]}"> (an event handler)')
            if a in URL_ATTRS:
                scheme = re.sub(r'[\t\n\r]', '', v).strip('\x00 \x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f').lower()
                if scheme.startswith(('javascript:', 'vbscript:', 'data:text/html')):
                    self.problems.append(f'<{tag} {a}="{v[:50]}"> (a script URL)')
                # (x: the payloads' own dangling links, src=x and href="x")
                elif a in ('href', 'src') and not re.match(r'^[a-z][a-z0-9+.-]*:', scheme) and not v.startswith('#') and v != 'x':
                    self.links.append(v)
            if tag == 'meta' and a == 'http-equiv' and v.lower() == 'refresh':
                self.problems.append('<meta http-equiv=refresh>')
        # The one script allowed: the theme's table.js as base.html loads it
        # (<script src="ROOT/table.js" defer>, ROOT ../ steps, / or http(s)).
        if tag == 'script' and theme_script(attrs):
            return
        if tag in BAD_TAGS:
            self.problems.append(f'a <{tag}> element')
    def handle_data(self, data):
        self.text.append(data)
pages = broken_links = 0
problems = []
literal = False
for log in sorted(glob.glob(os.path.join(dom_dir, '*.log'))):
    key = log[:-4]
    page = open(key + '.page', encoding='utf-8', errors='replace').read()
    rel = ascii(os.path.relpath(page, out))
    html = open(key + '.html', encoding='utf-8', errors='replace').read()
    pages += 1
    if '<html' not in html:
        problems.append(f'{rel}: Chromium dumped no DOM')
        continue
    p = Page()
    p.feed(html)
    problems += [f'{rel}: {x}' for x in p.problems]
    if '{{ tera }}' in ''.join(p.text):
        literal = True
    for line in open(log, encoding='utf-8', errors='replace'):
        if re.search(r'CONSOLE|Uncaught|Failed to load|ERR_FILE_NOT_FOUND|^exit ', line):
            problems.append(f'{rel}: console: {line.strip()[:160]}')
    for link in p.links:
        # 404.html's links start at the site's root ("/"): it is served at any depth.
        base = os.path.join(out, 'x') if rel == "'404.html'" and link.startswith('/') else page
        if base != page:
            link = link[1:]
        target = urllib.parse.urljoin('file://' + urllib.parse.quote(base), link)
        path = urllib.parse.unquote(urllib.parse.urlsplit(target).path)
        if path.endswith('/'):
            path += 'index.html'
        if not os.path.exists(path):
            broken_links += 1
            if broken_links <= 5:
                problems.append(f'{rel}: link {link[:80]!a} leads to no file')
if not literal:
    problems.append('the template syntax "{{ tera }}" is not shown literally on any page')
print(f'{pages} {broken_links}')
for x in problems[:15]:
    print(ascii(x))
if len(problems) > 15:
    print(f'... and {len(problems) - 15} more')
EOF
)
  local npages nbroken
  read -r npages nbroken <<<"$(head -n 1 <<<"$verdict")"
  while IFS= read -r line; do [ -z "$line" ] || broke "$line"; done < <(tail -n +2 <<<"$verdict")
  fig "hostile names: 6 classes, 12 kernels, every YAML string hostile: $npages pages loaded in headless Chromium with no script run, no handler, no script URL, $nbroken broken links; $nsvg charts well-formed with nothing that runs; $nfiles files and the diagnostics free of control characters"
}

# ---- stage 4: serve under load ------------------------------------------------

fds() { find "/proc/$1/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l; }
threads() { awk '/^Threads:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# start_serve CONTENT LOG OPEN_FILES: starts `benchsite serve` on a free
# port with at most OPEN_FILES file descriptors (ulimit -n); sets pid and
# port (empty when it did not start).
start_serve() {
  (
    ulimit -n "$3"
    exec "$bin" serve --content "$1" --port 0 >"$2" 2>&1
  ) &
  pid=$!
  port=""
  echo "$pid" >>"$work/pids"
  local i
  for ((i = 0; i < 100; i++)); do
    port=$(grep -m 1 -o 'serving at http://127\.0\.0\.1:[0-9]*' "$2" | sed 's/.*://' || true)
    [ -z "$port" ] || break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
}

# stop_serve PID: SIGTERM, then SIGKILL after 3 s.
stop_serve() {
  local i
  kill "$1" 2>/dev/null || true
  for ((i = 0; i < 30; i++)); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$1" 2>/dev/null; then say "serve did not stop on SIGTERM in 3 s; killed"; kill -9 "$1" 2>/dev/null || true; fi
  wait "$1" 2>/dev/null || true
}

stage_serve() {
  local d=$work/serve pid port i
  mkdir -p "$d"
  cp -r "$demo" "$d/content"
  build "$d/content" "$d/ref"
  start_serve "$d/content" "$d/serve.log" "$(ulimit -n)"
  if [ -z "$port" ]; then broke "serve did not start: $(tail -n 2 "$d/serve.log" | tr '\n' ' ')"; return; fi
  local base=http://127.0.0.1:$port
  say "serve (pid $pid) at $base"
  local fd0 th0
  fd0=$(fds "$pid")
  th0=$(threads "$pid")
  # Sample descriptors and threads while the load runs.
  (
    peak_fd=0 peak_th=0
    while [ ! -e "$d/stop-sampling" ]; do
      f=$(fds "$pid") t=$(threads "$pid")
      [ "$f" -le "$peak_fd" ] || peak_fd=$f
      [ "$t" -le "$peak_th" ] || peak_th=$t
      echo "$peak_fd $peak_th" >"$d/peak"
      sleep 0.1
    done
  ) &
  local sampler=$!

  # 100 long-polls of the live-reload endpoint, waiting for a change.
  local gen
  gen=$(curl -s -m 5 "$base/__benchsite/reload" | tr -d '\n' || true)
  [[ $gen =~ ^[0-9]+$ ]] || { broke "the reload endpoint answered \"$gen\", not a generation"; gen=0; }
  seq 100 | xargs -P 100 -I{} curl -s -m 60 -o "$d/poll.{}" -w '%{http_code}\n' "$base/__benchsite/reload?v=$gen" >"$d/polls" 2>&1 &
  local polls=$!
  # 50 slow clients for 5 s: 25 send nothing, 25 half a request.
  local slow_secs=5
  (
    for ((i = 0; i < 50; i++)); do
      exec {fd}<>"/dev/tcp/127.0.0.1/$port" || continue
      if ((i % 2)); then printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n' >&"$fd"; fi
    done
    sleep "$slow_secs"
  ) &
  local slow=$!
  sleep 0.5
  # While they hang: does / still answer?
  local t0 t1 code rc
  t0=$(date +%s%N)
  code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$base/" || true)
  t1=$(date +%s%N)
  local during_ms=$(((t1 - t0) / 1000000))
  [ "$code" = 200 ] || broke "with 50 slow clients and 100 long-polls open, / answered $code after $during_ms ms"

  # 500 concurrent requests: 10 curl processes, each 50 transfers at once,
  # over every file of the site and some hostile paths.
  mapfile -t paths < <(cd "$d/ref" && find . -type f ! -path './.benchsite*' | sed 's|^\./||' | sort |
    python3 -c 'import sys, urllib.parse; [print(urllib.parse.quote(l.rstrip("\n"))) for l in sys.stdin]')
  local hostile_paths=("../../../../etc/passwd" "%2e%2e/%2e%2e/%2e%2e/etc/passwd" "..%2f..%2f..%2fetc%2fpasswd"
    "k6-2-475-384m" "nope.html" "%00" "$(printf 'a%.0s' {1..4000})" "k6-2-475-384m/%2e%2e/%2e%2e/")
  local n=0 w
  for ((w = 0; w < 10; w++)); do
    : >"$d/load.$w.cfg"
    for ((i = 0; i < 50; i++)); do
      local p
      if ((n % 10 == 9)); then p=${hostile_paths[$((n / 10 % ${#hostile_paths[@]}))]}; else p=${paths[$((n % ${#paths[@]}))]}; fi
      printf 'url = "%s/%s"\noutput = "/dev/null"\n' "$base" "$p" >>"$d/load.$w.cfg"
      n=$((n + 1))
    done
  done
  local loaders=()
  t0=$(date +%s%N)
  for ((w = 0; w < 10; w++)); do
    curl -s --no-progress-meter --path-as-is --parallel --parallel-immediate --parallel-max 50 -m 30 \
      -K "$d/load.$w.cfg" -w '%{http_code}\n' >"$d/load.$w.out" 2>"$d/load.$w.err" &
    loaders+=($!)
  done
  for w in "${loaders[@]}"; do wait "$w" || true; done
  t1=$(date +%s%N)
  local load_ms=$(((t1 - t0) / 1000000))
  local codes answers failed
  codes=$(cat "$d"/load.*.out | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')
  answers=$(cat "$d"/load.*.out | grep -c -E '^(200|301|403|404)$' || true)
  failed=$((500 - answers))
  [ "$failed" = 0 ] || broke "$failed of 500 concurrent requests failed or got a 5xx: $codes$(cat "$d"/load.*.err | sort | uniq -c | head -n 3 | tr '\n' ' ')"

  # Hostile paths one by one: no file from outside the site, no redirect off the host.
  local hp loc body
  for hp in "../../../../etc/passwd" "%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd" "..%2f..%2f..%2f..%2fetc%2fpasswd" "k6-2-475-384m/..%5c..%5c..%5cetc%5cpasswd"; do
    body=$(curl -s --path-as-is -m 5 "$base/$hp" || true)
    [[ $body != *root:* ]] || broke "GET /$hp served /etc/passwd"
  done
  local redirects=0
  for hp in "//evil.example" "//evil.example/" "///evil.example" "/%2F%2Fevil.example" "/\\evil.example" "/%5C%5Cevil.example" \
    "//k6-2-475-384m" "///k6-2-475-384m" "/.//k6-2-475-384m" "//evil.example/k6-2-475-384m" "/k6-2-475-384m?x=//evil.example"; do
    loc=$(curl -s --path-as-is -m 5 -o /dev/null -D - "$base$hp" | tr -d '\r' | awk 'tolower($1) == "location:" {print $2}')
    if [ -n "$loc" ]; then
      redirects=$((redirects + 1))
      [[ $loc == /* && $loc != //* && $loc != /\\* && $loc != *://* ]] || broke "GET $hp redirects to $loc, off this host"
    fi
  done

  # A change: every long-poll must answer with the new generation.
  sed -i 's/^title:.*/title: "Kernel benchmarks (served under load)"/' "$d/content/site.yaml"
  t0=$(date +%s%N)
  wait "$polls" || true
  t1=$(date +%s%N)
  local poll_ms=$(((t1 - t0) / 1000000))
  local answered newgen=0
  answered=$(grep -c -x 200 "$d/polls" || true)
  [ "$answered" = 100 ] || broke "$answered of 100 long-polls answered 200 after a change ($(sort "$d/polls" | uniq -c | tr '\n' ' '))"
  for ((i = 1; i <= 100; i++)); do
    if [ "$(tr -d '\n' <"$d/poll.$i" 2>/dev/null)" != "$gen" ] && [ -s "$d/poll.$i" ]; then newgen=$((newgen + 1)); fi
  done
  [ "$newgen" = 100 ] || broke "$newgen of 100 long-polls saw the new generation"
  wait "$slow" || true
  # tiny_http keeps idle worker threads for 5 s: wait up to 10 s for the
  # descriptors and threads to come back down.
  local peak_fd peak_th fd1 th1 settle=0
  for ((i = 0; i < 20; i++)); do
    fd1=$(fds "$pid")
    th1=$(threads "$pid")
    [ "$fd1" -gt $((fd0 + 16)) ] || [ "$th1" -gt $((th0 + 16)) ] || break
    sleep 0.5
    settle=$((settle + 500))
  done
  touch "$d/stop-sampling"
  wait "$sampler" || true
  read -r peak_fd peak_th <"$d/peak"
  code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$base/" || true)
  [ "$code" = 200 ] || broke "after the load, / answered $code"
  local fd_bound=$((fd0 + 16))
  [ "$fd1" -le "$fd_bound" ] || broke "the server holds $fd1 file descriptors after the load (before: $fd0, bound $fd_bound)"
  [ "$th1" -le $((th0 + 16)) ] || broke "the server runs $th1 threads 10 s after the load (before: $th0)"
  stop_serve "$pid"

  # Out of file descriptors: a serve allowed 256 open files, 300 connections
  # at once (as any serve under a flood past its ulimit -n); then it must
  # still answer.
  start_serve "$d/content" "$d/serve-fds.log" 256
  if [ -z "$port" ]; then broke "serve with ulimit -n 256 did not start: $(tail -n 2 "$d/serve-fds.log" | tr '\n' ' ')"; return; fi
  (
    for ((i = 0; i < 300; i++)); do exec {fd}<>"/dev/tcp/127.0.0.1/$port" || break; done
    sleep 2
  ) 2>/dev/null &
  wait $! || true
  sleep 0.5
  local fds_verdict
  code=$(curl -s -m 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  sleep 1
  if kill -0 "$pid" 2>/dev/null; then
    fds_verdict="answered / with $code and still runs"
    stop_serve "$pid"
  else
    rc=0
    wait "$pid" 2>/dev/null || rc=$?
    fds_verdict="answered / with $code and exited with status $rc (its last line: \"$(tail -n 1 "$d/serve-fds.log")\")"
  fi
  [ "$code" = 200 ] || broke "serve with ulimit -n 256, after 300 connections at once ran it out of file descriptors, $fds_verdict"
  fig "serve out of file descriptors: with ulimit -n 256, after 300 connections at once, serve $fds_verdict"
  fig "serve: 500 concurrent requests (10 curl × 50) in $load_ms ms: $codes; 100 long-polls all answered with the new generation $poll_ms ms after a change; / answered 200 in $during_ms ms beside 50 slow clients; file descriptors $fd0 → peak $peak_fd → $fd1, threads $th0 → peak $peak_th → $th1 (${settle} ms after the load); $redirects redirects of //host paths, all to paths of this host"
}

# ---- run ----------------------------------------------------------------------

echo "attack: $bin, work directory $work"
summary=()
any_broke=0
start=$SECONDS
for stage in $stages; do
  case $stage in crash | diskfull | hostile | serve) ;; *) echo "attack: unknown stage $stage" >&2; exit 2 ;; esac
  res=$work/result.$stage
  : >"$res"
  echo "== $stage"
  t=$SECONDS
  set +e
  (
    set -e
    "stage_$stage"
  )
  rc=$?
  set -e
  secs=$((SECONDS - t))
  if [ "$rc" != 0 ] && ! grep -q '^broke:' "$res"; then
    broke "the stage stopped on an unexpected error (exit $rc; see above)"
  fi
  if grep -q '^broke:' "$res"; then
    verdict="BROKE: $(grep -m 1 '^broke:' "$res" | cut -c8-)"
    n=$(grep -c '^broke:' "$res")
    [ "$n" = 1 ] || verdict="$verdict (and $((n - 1)) more)"
    any_broke=1
  elif grep -q '^skip:' "$res"; then
    verdict="SKIPPED: $(grep -m 1 '^skip:' "$res" | cut -c7-)"
  else
    verdict=HELD
  fi
  echo "$stage: $verdict (${secs} s)"
  summary+=("$(printf '%-9s %s (%d s)' "$stage" "$verdict" "$secs")")
  while IFS= read -r line; do summary+=("          ${line#fig: }"); done < <(grep '^fig:' "$res" || true)
done
echo
echo "== summary ($((SECONDS - start)) s, $(date -u '+%Y-%m-%d %H:%M UTC'))"
printf '%s\n' "${summary[@]}"
exit "$any_broke"
