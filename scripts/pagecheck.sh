#!/usr/bin/env bash
# pagecheck.sh OUTPUT_DIR [WIDTH...]
# Opens every page of a built site (the site's index.html and 404.html, each
# machine class's index.html and compare.html, every kernel page) in headless
# Chromium at each WIDTH in CSS px (default: 390 and 1280, a phone and a
# laptop; 900 px high) and fails when
#   - a page is wider than the window (document scrollWidth > innerWidth:
#     it scrolls sideways; the elements sticking out are named),
#   - a table's first column, which stays put while the table scrolls
#     sideways, is wider than two thirds of the window (the figures scroll
#     out of sight under it),
#   - a chart's smallest text is shown below 11 CSS px (its SVG's smallest
#     font-size times the width the chart is shown at over its drawn width),
#   - a chart is not a link to its SVG.
# Builds nothing: build the site first (benchsite build --output DIR).
# Chromium is `chromium` on PATH, or $CHROMIUM; it is not installed here
# (../shared/tools/screenshot.sh installs Debian's).
# Exit status: 0 when every page passes, 1 when one fails, 2 on bad usage or
# without Chromium.
set -euo pipefail

usage() { echo "usage: pagecheck.sh OUTPUT_DIR [WIDTH...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
out=$1
shift
widths=("$@")
[ ${#widths[@]} -gt 0 ] || widths=(390 1280)
[ -f "$out/index.html" ] || { echo "pagecheck: $out/index.html not found (build the site first)" >&2; exit 2; }
chromium=${CHROMIUM:-chromium}
command -v "$chromium" >/dev/null 2>&1 || { echo "pagecheck: $chromium not found" >&2; exit 2; }
min_text=11

out=$(realpath "$out")
# The pages: every HTML file but the raw files' (a raw file may be HTML).
mapfile -t pages < <(find "$out" -name '*.html' -not -path '*/raw/*' | sort)
declare -A kinds=()
for p in "${pages[@]}"; do
  case "${p#"$out"/}" in
    index.html) k=index ;;
    404.html) k=404 ;;
    */kernels/*.html) k=kernel ;;
    */compare.html) k=compare ;;
    */index.html) k=machine ;;
    *) k=other ;;
  esac
  kinds[$k]=$(( ${kinds[$k]:-0} + 1 ))
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A page of one iframe WIDTH px wide that loads each page in turn, measures
# it and writes what it found into <pre id="out">, which --dump-dom prints.
wrapper() {
  local width=$1 p
  printf '<!DOCTYPE html>\n<html><body style="margin:0">\n'
  printf '<iframe id="f" style="width:%spx;height:900px;border:0"></iframe>\n<pre id="out"></pre>\n<script>\n' "$width"
  printf 'const MIN_TEXT = %s, WIDTH = %s;\nconst pages = [\n' "$min_text" "$width"
  for p in "${pages[@]}"; do
    p=${p//\\/\\\\}
    printf '  "%s",\n' "${p//\"/\\\"}"
  done
  printf '];\n'
  cat <<'EOF'
const svgs = new Map();
function svgOf(url) {
  if (!svgs.has(url)) {
    let root = null;
    try {
      const x = new XMLHttpRequest();
      x.open("GET", url, false);
      x.send();
      const doc = new DOMParser().parseFromString(x.responseText, "image/svg+xml");
      if (doc.documentElement.nodeName === "svg") root = doc.documentElement;
    } catch (e) {}
    svgs.set(url, root);
  }
  return svgs.get(url);
}
// The smallest font-size of the SVG's text, in its own px.
function smallestText(svg) {
  let min = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim()) continue;
    for (let el = t; el && el.getAttribute; el = el.parentNode) {
      const size = el.getAttribute("font-size") || (el.style && el.style.fontSize);
      if (size) { min = Math.min(min, parseFloat(size)); break; }
    }
  }
  return min;
}
function drawnWidth(svg) {
  const w = parseFloat(svg.getAttribute("width"));
  if (w > 0) return w;
  const vb = (svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/);
  return parseFloat(vb[2]);
}
function describe(el) {
  let s = el.tagName.toLowerCase();
  if (el.id) s += "#" + el.id;
  if (typeof el.className === "string" && el.className.trim()) s += "." + el.className.trim().split(/\s+/).join(".");
  const text = (el.textContent || "").trim().replace(/\s+/g, " ");
  return s + (text ? ' "' + text.slice(0, 40) + (text.length > 40 ? "…" : "") + '"' : "");
}
// What sticks out past the window's right edge outside any scrolling box:
// a box wider than the box holding it, or a line of text wider than its box.
function culprits(d, w, vw) {
  const found = [];
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== d.body; a = a.parentElement) {
      if (w.getComputedStyle(a).overflowX !== "visible") return true;
    }
    return false;
  };
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const el of d.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect(), text = r.left + el.scrollWidth;
    const box = r.right > vw + 0.5 && el.parentElement.getBoundingClientRect().right <= vw + 0.5;
    const line = r.right <= vw + 0.5 && text > vw + 0.5 && ownText(el);
    if ((!box && !line) || clipped(el)) continue;
    found.push(describe(el) + " to " + Math.round(Math.max(r.right, text)) + " px");
    if (found.length === 3) break;
  }
  return found;
}
function measure(d, w) {
  const errs = [];
  const vw = w.innerWidth, sw = d.documentElement.scrollWidth;
  if (sw > vw) errs.push("the page is " + sw + " px wide in a " + vw + " px window: " + culprits(d, w, vw).join("; "));
  for (const img of d.querySelectorAll("figure.chart img")) {
    const src = img.getAttribute("src");
    const a = img.closest("a");
    if (!a || a.getAttribute("href") !== src) errs.push(src + ": the chart does not link to its SVG");
    const shown = img.getBoundingClientRect().width;
    if (shown === 0) continue;
    // The SVG shown: a <picture>'s phone copy in a narrow window.
    const shownSrc = img.currentSrc || img.src;
    const svg = svgOf(shownSrc);
    if (!svg) { errs.push(shownSrc + ": cannot read the SVG"); continue; }
    const drawn = smallestText(svg), width = drawnWidth(svg);
    if (!isFinite(drawn) || !(width > 0)) continue;
    const px = drawn * shown / width;
    if (px < MIN_TEXT - 0.005) {
      errs.push(shownSrc.replace(/^.*\/charts\//, "charts/") + ": text shown at " + px.toFixed(1) + " px (drawn at " + drawn.toFixed(1) + " px, the chart shown " +
        Math.round(shown) + " of its " + width + " px wide)");
    }
  }
  // A table's first column sticks at the left while the rest scrolls under
  // it: wider than two thirds of the window, it hides the figures. A
  // first cell that does not stick (a phone's summary table gives the
  // kernel's name a line of its own over its figures) hides nothing.
  const sticky = new Set();
  for (const cell of d.querySelectorAll(".table-wrap > table > * > tr > :first-child:not([colspan])")) {
    if (cell.ownerDocument.defaultView.getComputedStyle(cell).position !== "sticky") continue;
    const cw = cell.getBoundingClientRect().width;
    if (cw > vw * 2 / 3 && !sticky.has(cell.closest("table"))) {
      sticky.add(cell.closest("table"));
      errs.push("a table's first column is " + Math.round(cw) + " px wide in a " + vw + " px window, its figures out of sight under it: " + describe(cell));
    }
  }
  return errs;
}
const f = document.getElementById("f"), lines = [];
let i = 0;
f.onload = () => {
  let errs;
  try { errs = measure(f.contentDocument, f.contentWindow); } catch (e) { errs = ["cannot measure: " + e]; }
  for (const e of errs) lines.push("FAIL\t" + WIDTH + "\t" + pages[i] + "\t" + e);
  if (!errs.length) lines.push("OK\t" + WIDTH + "\t" + pages[i]);
  i++;
  if (i < pages.length) f.src = "file://" + encodeURI(pages[i]);
  else document.getElementById("out").textContent = lines.join("\n") + "\nDONE\n";
};
f.src = "file://" + encodeURI(pages[0]);
</script></body></html>
EOF
}

status=0
for width in "${widths[@]}"; do
  case $width in '' | *[!0-9]*) usage ;; esac
  wrapper "$width" >"$tmp/check-$width.html"
  result=$(timeout 600 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --allow-file-access-from-files --user-data-dir="$tmp/profile" --window-size="$((width + 100)),1000" \
    --virtual-time-budget=600000 --dump-dom "file://$tmp/check-$width.html" 2>/dev/null |
    sed -n '/<pre id="out">/,/DONE/p' | sed 's/<pre id="out">//') || true
  if ! grep -q '^DONE$' <<<"$result"; then
    echo "pagecheck: Chromium did not finish the pages at $width px" >&2
    status=1
    continue
  fi
  fails=$(grep -c '^FAIL' <<<"$result" || true)
  checked=$(grep -c '^OK' <<<"$result" || true)
  grep '^FAIL' <<<"$result" | sed -e "s|$out/||" -e 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g' |
    awk -F'\t' '{
      n[$3]++
      if (n[$3] <= 3) printf "%s px  %s: %s\n", $2, $3, $4
      else if (n[$3] == 4) more[$3] = $2
    }
    END { for (p in more) printf "%s px  %s: and %d more\n", more[p], p, n[p] - 3 }' || true
  echo "$width px: $checked of ${#pages[@]} pages pass, $fails problem(s)"
  [ "$fails" -eq 0 ] || status=1
done
summary=""
for k in index machine compare kernel 404 other; do
  [ -n "${kinds[$k]:-}" ] && summary+="${summary:+, }$k ${kinds[$k]}"
done
echo "pagecheck: ${#pages[@]} pages ($summary) at ${widths[*]} px: $([ $status -eq 0 ] && echo pass || echo FAIL)"
exit $status
