#!/usr/bin/env bash
# pageweight.sh PAGE...
# What a browser carries for each page of a built site: the bytes of its
# HTML, the bytes of the SVG files it shows (each distinct <img src="….svg">
# once), and, loaded in headless Chromium at 1280×900 px, its DOM nodes
# (elements; and every node, text included), its table rows, and the time
# from asking for the page to its load event with its layout done (the
# median of three loads).
#
# Fails when a page is over a limit; the limits (issue 24 point 7, for a
# class page of 300 kernels) can be changed through the environment:
#   MAX_HTML (bytes, default 1000000)   MAX_SVG (bytes, default 1000000)
#   MAX_NODES (every node, default 10000)   MAX_MS (default 1500)
# Chromium is `chromium` on PATH, or $CHROMIUM.
# Output: one line per page, "PAGE html=… svg=… (N files) elements=…
# nodes=… rows=… load_ms=…", then OK or the limits it is over.
# Exit status: 0 when every page is within the limits, 1 when one is not,
# 2 on bad usage or without Chromium.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: pageweight.sh PAGE..." >&2; exit 2; }
chromium=${CHROMIUM:-chromium}
command -v "$chromium" >/dev/null 2>&1 || { echo "pageweight: $chromium not found" >&2; exit 2; }
max_html=${MAX_HTML:-1000000}
max_svg=${MAX_SVG:-1000000}
max_nodes=${MAX_NODES:-10000}
max_ms=${MAX_MS:-1500}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One load of PAGE in an iframe; prints "elements nodes rows ms".
load() {
  local url=$1
  cat >"$tmp/w.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="width:1280px;height:900px;border:0"></iframe><pre id="out"></pre>
<script>
const f = document.getElementById("f");
const t0 = performance.now();
f.onload = () => {
  const d = f.contentDocument;
  d.documentElement.scrollHeight; // layout done
  const ms = performance.now() - t0;
  let nodes = 0;
  const w = d.createTreeWalker(d, NodeFilter.SHOW_ALL);
  while (w.nextNode()) nodes++;
  document.getElementById("out").textContent = "WEIGHT " + d.getElementsByTagName("*").length + " " + nodes +
    " " + d.getElementsByTagName("tr").length + " " + Math.round(ms);
};
f.src = "${url//\"/\\\"}";
</script></body></html>
EOF
  timeout 300 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --allow-file-access-from-files --user-data-dir="$tmp/profile" --window-size=1380,1000 \
    --dump-dom "file://$tmp/w.html" 2>/dev/null | grep -o 'WEIGHT [0-9 ]*' | head -1 | cut -d' ' -f2-
}

status=0
for page in "$@"; do
  [ -f "$page" ] || { echo "pageweight: $page not found" >&2; exit 2; }
  dir=$(dirname "$page")
  html=$(wc -c <"$page")
  # The SVG files the page shows, each once (src attributes are relative).
  mapfile -t svgs < <(grep -o '<img [^>]*src="[^"]*\.svg"' "$page" | sed 's/.*src="//; s/"$//' | sort -u)
  svg=0
  for s in "${svgs[@]}"; do
    f="$dir/${s//&#x2F;//}"
    [ -f "$f" ] && svg=$((svg + $(wc -c <"$f")))
  done
  url="file://$(realpath "$page")"
  times=()
  for _ in 1 2 3; do
    read -r elements nodes rows ms < <(load "$url") || { echo "pageweight: Chromium did not load $page" >&2; exit 1; }
    times+=("$ms")
  done
  ms=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
  over=()
  [ "$html" -le "$max_html" ] || over+=("HTML over $max_html bytes")
  [ "$svg" -le "$max_svg" ] || over+=("SVG over $max_svg bytes")
  [ "$nodes" -le "$max_nodes" ] || over+=("over $max_nodes nodes")
  [ "$ms" -le "$max_ms" ] || over+=("load over $max_ms ms")
  verdict=OK
  if [ ${#over[@]} -gt 0 ]; then
    verdict="OVER: $(IFS=';'; echo "${over[*]}" | sed 's/;/; /g')"
    status=1
  fi
  echo "$page html=$html svg=$svg (${#svgs[@]} files) elements=$elements nodes=$nodes rows=$rows load_ms=$ms (of ${times[*]}) $verdict"
done
exit $status
