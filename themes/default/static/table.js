// benchsite's one script: sorting and filtering of the pages' tables.
// The pages work without it: every number is in the tables as written.
// It adds its controls when it runs, so there is no dead control without
// it: a button in each column header of a table of two rows or more (sort
// by that column; again to reverse) and, over a table of more than FILTER_ROWS rows, a box that
// shows only the rows whose label (first cell) holds what is typed. A
// kernel's change row (tr.change) moves and hides with the row above it;
// group rows (th[scope=rowgroup]) stay first in their tbody. Runs tables
// (inside <details>) and tables of commentary are left alone.
// Loaded with <script src="…/table.js" defer>; no inline code, no
// dependencies.
(function () {
  "use strict";
  var FILTER_ROWS = 8;

  function text(cell) {
    return cell ? cell.textContent.trim() : "";
  }

  // A row's label: its first cell's text without the parameters folded
  // under the kernel name on a narrow screen (small.fold, hidden on a
  // wide one): filtering and sorting go by the label as a wide table
  // shows it, not by "6.9.0rw randread, bs 4KiB…".
  function label(cell) {
    if (!cell || !cell.querySelector("small.fold")) return text(cell);
    var copy = cell.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("small.fold"), function (el) {
      el.parentNode.removeChild(el);
    });
    return copy.textContent.trim();
  }

  function number(s) {
    var m = s.replace(/,/g, "").replace(/\u2212/g, "-").match(/[-+]?\d+(\.\d+)?(e[-+]?\d+)?/i);
    return m ? parseFloat(m[0]) : null;
  }

  function isGroup(tr) {
    return tr.querySelector("th[scope=rowgroup]") !== null;
  }

  // The rows of a tbody as [fixed rows, groups of a row and its change rows].
  function groups(tbody) {
    var fixed = [], gs = [];
    Array.prototype.forEach.call(tbody.rows, function (tr) {
      if (isGroup(tr)) fixed.push(tr);
      else if (tr.classList.contains("change") && gs.length) gs[gs.length - 1].push(tr);
      else gs.push([tr]);
    });
    return { fixed: fixed, groups: gs };
  }

  function sortBy(table, col, th) {
    var asc = th.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) {
      h.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var sign = asc ? 1 : -1;
    Array.prototype.forEach.call(table.tBodies, function (tbody) {
      var g = groups(tbody);
      var keyed = g.groups.map(function (rows, i) {
        var t = col === 0 ? label(rows[0].cells[0]) : text(rows[0].cells[col]);
        return { rows: rows, i: i, t: t, n: number(t), empty: t === "" || t === "\u2013" };
      });
      keyed.sort(function (a, b) {
        if (a.empty !== b.empty) return a.empty ? 1 : -1;
        if (a.n !== null && b.n !== null && a.n !== b.n) return sign * (a.n - b.n);
        var c = a.t.localeCompare(b.t, undefined, { numeric: true });
        return c ? sign * c : a.i - b.i;
      });
      g.fixed.forEach(function (tr) { tbody.appendChild(tr); });
      keyed.forEach(function (k) {
        k.rows.forEach(function (tr) { tbody.appendChild(tr); });
      });
    });
  }

  function addSort(table) {
    if (!table.tHead || table.tHead.rows.length !== 1) return;
    // Nothing to order in a table of one row (a kernel's own page).
    var sortable = 0;
    Array.prototype.forEach.call(table.tBodies, function (tb) { sortable += groups(tb).groups.length; });
    if (sortable < 2) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      if (th.classList.contains("runs") || th.colSpan !== 1) return;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "sort";
      b.setAttribute("aria-label", "Sort by " + text(th));
      b.textContent = "\u21c5";
      b.addEventListener("click", function () { sortBy(table, col, th); });
      th.appendChild(b);
    });
  }

  function filter(tables, q) {
    q = q.trim().toLowerCase();
    tables.forEach(function (table) {
      Array.prototype.forEach.call(table.tBodies, function (tbody) {
        groups(tbody).groups.forEach(function (rows) {
          var hide = q !== "" && label(rows[0].cells[0]).toLowerCase().indexOf(q) < 0;
          rows.forEach(function (tr) { tr.hidden = hide; });
        });
      });
    });
  }

  function addFilter(wrap, tables) {
    var rows = 0;
    tables.forEach(function (t) {
      Array.prototype.forEach.call(t.tBodies, function (tb) { rows += tb.rows.length; });
    });
    if (rows <= FILTER_ROWS) return;
    var label = document.createElement("label");
    label.className = "filter";
    label.textContent = "Filter rows ";
    var input = document.createElement("input");
    input.type = "search";
    input.addEventListener("input", function () { filter(tables, input.value); });
    label.appendChild(input);
    wrap.insertBefore(label, tables[0]);
  }

  function init() {
    var wraps = document.querySelectorAll("main .table-wrap");
    Array.prototype.forEach.call(wraps, function (wrap) {
      var tables = Array.prototype.filter.call(wrap.children, function (el) {
        return el.tagName === "TABLE";
      });
      if (!tables.length) return;
      tables.forEach(addSort);
      addFilter(wrap, tables);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
