//! A block's plaintext layout: column widths, wrapped headers, the cell
//! parts' sub-columns and the groups of columns a page width allows.

use super::*;

/// A block's plaintext layout.
#[derive(Debug, Clone, Default)]
pub struct TextPlan {
    /// Width of each label column.
    pub label_widths: Vec<usize>,
    /// Per value column: its width, its header wrapped onto lines, and the
    /// widths of its cells' parts.
    pub columns: Vec<ColumnPlan>,
    /// Value columns printed side by side, in order: more than one group
    /// when the columns do not fit the width.
    pub groups: Vec<Vec<usize>>,
    /// Lines the block takes (groups separated by one blank line).
    pub lines: usize,
    /// Spaces between columns: 2, or 1 where that keeps a block whole.
    pub gap: usize,
}

impl TextPlan {
    /// The width of the label columns with the gaps between them.
    pub fn labels_width(&self) -> usize {
        self.label_widths.iter().sum::<usize>() + self.gap * self.label_widths.len().saturating_sub(1)
    }
}

/// One value column's plaintext layout.
#[derive(Debug, Clone, Default)]
pub struct ColumnPlan {
    /// The column's width.
    pub width: usize,
    /// The header wrapped on spaces to the width (a word longer than the
    /// widest cell widens the column).
    pub header: Vec<String>,
    /// Widths of the value's integer part (up to the decimal point) and
    /// fraction part (from it), the spread (with the blank before it), the
    /// change and the mark.
    pub int: usize,
    /// See [`ColumnPlan::int`].
    pub frac: usize,
    /// See [`ColumnPlan::int`].
    pub spread: usize,
    /// See [`ColumnPlan::int`].
    pub delta: usize,
    /// See [`ColumnPlan::int`].
    pub mark: usize,
    /// Width of the change rows' cells (change and mark).
    pub change: usize,
}

impl ColumnPlan {
    /// The cell drawn as plaintext, `width` wide: the value's decimal point
    /// at the column's, then the spread, the change and the mark in their
    /// sub-columns; a missing value is `-` where the number ends.
    pub fn cell_text(&self, cell: Option<&GridCell>, change: bool) -> String {
        let mut out = String::with_capacity(self.width + 4);
        if change {
            let mut s = String::new();
            if let Some(c) = cell {
                s.push_str(&c.value);
                s.push_str(&c.mark);
            }
            pad_left(&mut out, &s, self.width);
            return out;
        }
        let content = self.content_width();
        out.extend(std::iter::repeat_n(' ', self.width - content));
        let Some(c) = cell else {
            pad_left(&mut out, "-", self.int);
            out.extend(std::iter::repeat_n(' ', content - self.int));
            return out;
        };
        let (int, frac) = split_point(&c.value);
        pad_left(&mut out, int, self.int);
        pad_right(&mut out, frac, self.frac);
        // A blank between the mean and its spread, in every cell: where
        // the mean filled its sub-column the `±` touched it (`9.34±0.20`
        // beside `33.75 ±0.50`, dbench32's mail).
        if c.spread.is_empty() {
            pad_right(&mut out, "", self.spread);
        } else {
            out.push(' ');
            pad_right(&mut out, &c.spread, self.spread - 1);
        }
        if self.delta > 0 {
            out.push(' ');
            pad_left(&mut out, &c.delta, self.delta);
        }
        pad_right(&mut out, &c.mark, self.mark);
        out
    }

    /// Width of the parts together.
    fn content_width(&self) -> usize {
        self.int + self.frac + self.spread + if self.delta > 0 { self.delta + 1 } else { 0 } + self.mark
    }

    /// Width of the widest cell, value or change.
    fn cells_width(&self) -> usize {
        self.content_width().max(self.change)
    }
}

/// Appends `s` right-aligned in `w` display columns.
pub fn pad_left(out: &mut String, s: &str, w: usize) {
    out.extend(std::iter::repeat_n(' ', w.saturating_sub(text_width(s))));
    out.push_str(s);
}

/// Appends `s` left-aligned in `w` display columns.
pub fn pad_right(out: &mut String, s: &str, w: usize) {
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', w.saturating_sub(text_width(s))));
}

/// Display columns of `s`: its length for ASCII (numbers, most names:
/// the common case, measured for every cell), else its Unicode width.
fn text_width(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.width() }
}

/// A number's text split before its decimal point: ("12", ".10").
fn split_point(v: &str) -> (&str, &str) {
    v.find('.').map_or((v, ""), |i| v.split_at(i))
}

/// The plaintext layout of block `b` within `width` columns: columns two
/// spaces apart, or one when that keeps the block in one group (as the
/// posts print LMbench).
pub(super) fn plan_text(b: &GridBlock, width: usize) -> TextPlan {
    // Each row's label widths, measured once: the label columns' widths
    // and each row's lines ([`row_lines`]) read them.
    let row_label_widths: Vec<Vec<usize>> =
        b.rows.iter().map(|r| (0..b.label_headers.len()).map(|i| text_width(&r.label_text(i))).collect()).collect();
    let mut label_widths: Vec<usize> = (0..b.label_headers.len())
        .map(|i| row_label_widths.iter().map(|w| w[i]).chain([text_width(&b.label_headers[i])]).max().unwrap_or(0))
        .collect();
    // The cells' parts of each column, measured once: only the headers
    // are wrapped again when the label columns narrow.
    let parts = column_parts(b);
    let fixed_of = |ws: &[usize], gap: usize| ws.iter().sum::<usize>() + gap * ws.len().saturating_sub(1);
    let plan_columns = |ws: &[usize]| -> Vec<ColumnPlan> {
        (0..b.columns.len())
            .map(|ci| plan_column(b, ci, &parts[ci], width.saturating_sub(fixed_of(ws, 2) + 2), width))
            .collect()
    };
    let mut columns = plan_columns(&label_widths);
    // Label columns that leave no room for the widest value column beside
    // them (a poster's set-up label, `# another repository /
    // ubuntu@ubuntu`, beside a long kernel name) would make every line
    // overflow the page: the widest text label column narrows (to its
    // longest word at least) and its cells wrap onto more lines
    // ([`wrap_label`]).
    // (A narrower label leaves a wider cap for the headers: planned again
    // until the widest column fits, or no label narrows.)
    for _ in 0..3 {
        let widest = columns.iter().map(|c| c.width).max().unwrap_or(0);
        let over = (fixed_of(&label_widths, 2) + 2 + widest).saturating_sub(width);
        if over == 0 || !narrow_labels(b, &mut label_widths, over) {
            break;
        }
        columns = plan_columns(&label_widths);
    }
    let fixed = |gap: usize| fixed_of(&label_widths, gap);
    // A part's label over its columns, with a dash each side: the last
    // column widens when the columns are narrower.
    for run in over_runs(b) {
        let span: usize = run.clone().map(|ci| columns[ci].width).sum::<usize>() + 2 * (run.len() - 1);
        let need = b.columns[run.start].over.width() + 2;
        if need > span {
            columns[run.end - 1].width += need - span;
        }
    }
    let mut gap = 2;
    let mut groups = fit_groups(&columns, fixed(2), 2, width);
    // The widest line of `groups`, `gap` apart: past the width where a
    // group of one column beside wide labels is (the newcomer's fio table:
    // seven label columns and `4831323.06`, 73 columns at 72).
    let widest = |groups: &[Vec<usize>], gap: usize| {
        groups.iter().map(|g| fixed(gap) + g.iter().map(|&ci| gap + columns[ci].width).sum::<usize>()).max()
    };
    // One space apart only where a cell has no parts of its own (`12.1
    // -3.2%` one space from its neighbour would read as one cell): where
    // that keeps the block in one group, or shortens lines that ran past
    // the width (to fit it, or to run past it less, warned of).
    let over = widest(&groups, 2).is_some_and(|w| w > width);
    if (groups.len() > 1 || over) && columns.iter().all(|c| c.delta == 0 && c.spread == 0) {
        let tight = fit_groups(&columns, fixed(1), 1, width);
        let fits = widest(&tight, 1).is_none_or(|w| w <= width);
        if tight.len() == 1 && fits || over && widest(&tight, 1) < widest(&groups, 2) {
            (gap, groups) = (1, tight);
        }
    }
    let lines = groups
        .iter()
        .map(|g| {
            let header = g.iter().map(|&ci| columns[ci].header.len()).max().unwrap_or(1).max(1);
            let units = usize::from(g.iter().any(|&ci| !b.columns[ci].unit.is_empty()));
            let rows: usize = b
                .rows
                .iter()
                .zip(&row_label_widths)
                .filter(|(r, _)| g.iter().any(|&ci| r.cells[ci].is_some()))
                .map(|(r, ws)| row_lines(r, ws, &label_widths))
                .sum();
            let over = usize::from(g.iter().any(|&ci| !b.columns[ci].over.is_empty()));
            over + header + units + 1 + rows
        })
        .sum::<usize>()
        + groups.len().saturating_sub(1);
    TextPlan { label_widths, columns, groups, lines, gap }
}

/// Narrows the text label columns of `b` (left-aligned: names, labels;
/// not numbers) by `over` columns in all, the widest first, none below its
/// longest word (a word is not broken: a kernel's name, `ubuntu@ubuntu`)
/// or 8 columns. False when none could narrow.
fn narrow_labels(b: &GridBlock, label_widths: &mut [usize], mut over: usize) -> bool {
    let floor: Vec<usize> = (0..label_widths.len())
        .map(|i| {
            let words = b.rows.iter().map(|r| r.label_text(i).into_owned()).chain([b.label_headers[i].clone()]);
            words.flat_map(|s| s.split_whitespace().map(text_width).max()).max().unwrap_or(0).max(8)
        })
        .collect();
    let mut narrowed = false;
    while over > 0 {
        let Some(i) = (0..label_widths.len())
            .filter(|&i| !b.label_right[i] && label_widths[i] > floor[i])
            .max_by_key(|&i| label_widths[i])
        else {
            break;
        };
        let by = over.min(label_widths[i] - floor[i]);
        label_widths[i] -= by;
        over -= by;
        narrowed = true;
    }
    narrowed
}

/// The lines label `s` takes in a column `w` wide: itself when it fits,
/// else wrapped on spaces (a word wider than `w` broken).
///
/// A label is wrapped once per (label, width) and thread ([`with_wrapped`]):
/// the plan counts its lines ([`row_lines`]) and the text renderer prints
/// them, for the table and each slice of it that shows the row.
pub fn wrap_label(s: &str, w: usize) -> Vec<std::borrow::Cow<'_, str>> {
    if text_width(s) <= w || w == 0 {
        return vec![std::borrow::Cow::Borrowed(s)];
    }
    with_wrapped(s, w, |lines| lines.iter().map(|l| std::borrow::Cow::Owned(l.clone())).collect())
}

/// How many lines [`wrap_label`] makes of `s` at `w`, without copying them.
fn label_lines(s: &str, w: usize) -> usize {
    if text_width(s) <= w || w == 0 {
        return 1;
    }
    with_wrapped(s, w, <[String]>::len)
}

/// The lines row `r` takes: one, or its most wrapped label's
/// ([`wrap_label`]); `widths` are its labels' own widths.
fn row_lines(r: &GridRow, widths: &[usize], label_widths: &[usize]) -> usize {
    (0..r.labels.len())
        .map(|i| {
            if widths.get(i).is_some_and(|&w| w <= label_widths[i]) {
                1
            } else {
                label_lines(&r.label_text(i), label_widths[i])
            }
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The runs of consecutive columns of `b` under one part label
/// ([`GridColumn::over`]), as column index ranges.
pub fn over_runs(b: &GridBlock) -> Vec<std::ops::Range<usize>> {
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    for (ci, c) in b.columns.iter().enumerate() {
        if c.over.is_empty() {
            continue;
        }
        match runs.last_mut() {
            Some(r) if r.end == ci && b.columns[r.start].over == c.over => r.end = ci + 1,
            _ => runs.push(ci..ci + 1),
        }
    }
    runs
}

/// Value columns in groups that fit `width` beside `fixed` columns of
/// labels, `gap` spaces apart.
fn fit_groups(columns: &[ColumnPlan], fixed: usize, gap: usize, width: usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut used = fixed;
    for (ci, c) in columns.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if used + gap + c.width <= width => g.push(ci),
            _ => {
                groups.push(vec![ci]);
                used = fixed;
            }
        }
        used += gap + c.width;
    }
    groups
}

/// The widths of the cells' parts of each value column of `b` (its
/// [`ColumnPlan`] without width or header): a column without cells is one
/// wide (its `-`).
fn column_parts(b: &GridBlock) -> Vec<ColumnPlan> {
    let mut parts = vec![ColumnPlan::default(); b.columns.len()];
    let mut any = vec![false; b.columns.len()];
    for r in &b.rows {
        for ((p, any), c) in parts.iter_mut().zip(any.iter_mut()).zip(&r.cells) {
            let Some(c) = c.as_ref() else { continue };
            *any = true;
            if r.change {
                p.change = p.change.max(text_width(&c.value) + text_width(&c.mark));
                continue;
            }
            let (int, frac) = split_point(&c.value);
            p.int = p.int.max(text_width(int));
            p.frac = p.frac.max(text_width(frac));
            p.spread = p.spread.max(if c.spread.is_empty() { 0 } else { text_width(&c.spread) + 1 });
            p.delta = p.delta.max(text_width(&c.delta));
            p.mark = p.mark.max(text_width(&c.mark));
        }
    }
    for (p, any) in parts.iter_mut().zip(any) {
        if !any {
            p.int = 1;
        }
    }
    parts
}

/// Value column `ci` of `b`, its cells' parts' widths `parts`
/// ([`column_parts`]): its width, and its header wrapped on
/// spaces to the content's width (at most `cap`, unless a word is wider).
/// A word of the header up to half the page (`width`) is never broken:
/// the column is as wide as it, and the label columns narrow to make room
/// ([`plan_text`]); `Throughp` / `ut` over a dbench column beside a long
/// label (wild32 file 05's mail) read as two words.
fn plan_column(b: &GridBlock, ci: usize, parts: &ColumnPlan, cap: usize, width: usize) -> ColumnPlan {
    let mut p = parts.clone();
    let col = &b.columns[ci];
    let name = col.name_text();
    let content = p.cells_width().max(exact_width(&col.unit));
    let longest_word = longest_word(&name);
    p.width = content.max(longest_word.min(cap.max(content).max(width / 2)));
    p.header = if exact_width(&name) <= p.width { vec![name.into_owned()] } else { wrapped_header(&name, p.width) };
    p.width = p.width.max(p.header.iter().map(|h| exact_width(h)).max().unwrap_or(0));
    p
}

/// Display columns of `s`, as [`UnicodeWidthStr::width`] says: its length
/// for ASCII without a carriage return (a `\r\n` pair is one column),
/// else its Unicode width. For headers and units, measured on every
/// column plan.
pub(super) fn exact_width(s: &str) -> usize {
    if s.bytes().all(|c| c.is_ascii() && c != b'\r') { s.len() } else { s.width() }
}

/// Display columns of the widest word of `s` (words split on whitespace,
/// as [`str::split_whitespace`] splits them): for ASCII, runs of bytes
/// between the ASCII whitespace [`char::is_whitespace`] knows (tab to
/// carriage return, space).
pub(super) fn longest_word(s: &str) -> usize {
    if !s.is_ascii() {
        return s.split_whitespace().map(UnicodeWidthStr::width).max().unwrap_or(0);
    }
    // No carriage return is left inside a word: each word is its length.
    s.as_bytes().split(|&c| c == b' ' || (b'\t'..=b'\r').contains(&c)).map(<[u8]>::len).max().unwrap_or(0)
}

/// Header `name` wrapped on spaces to `width` columns (a word wider than
/// that broken), as `textwrap` wraps it ([`with_wrapped`]).
fn wrapped_header(name: &str, width: usize) -> Vec<String> {
    with_wrapped(name, width, <[String]>::to_vec)
}

/// `f` of text `s` wrapped on spaces to `width` columns (a word wider
/// than that broken), as `textwrap` wraps it: the same header or row
/// label at the same width comes back every time a table (or a slice of
/// it: a section page, the mail) is laid out in a shape, and a label
/// again when the text renderer prints it, so each is wrapped once per
/// thread (a bounded memo, emptied when full).
fn with_wrapped<R>(s: &str, width: usize, f: impl FnOnce(&[String]) -> R) -> R {
    /// Each text's lines at each width it was wrapped to.
    type Wrapped = FxHashMap<String, Vec<(usize, Vec<String>)>>;
    thread_local! {
        static WRAPPED: std::cell::RefCell<Wrapped> = Default::default();
    }
    const MEMO_MAX: usize = 4096;
    WRAPPED.with_borrow_mut(|memo| {
        if let Some((_, lines)) = memo.get(s).and_then(|ws| ws.iter().find(|(w, _)| *w == width)) {
            return f(lines);
        }
        let opts = textwrap::Options::new(width).break_words(true);
        let lines: Vec<String> = textwrap::wrap(s, opts).into_iter().map(|l| l.into_owned()).collect();
        let out = f(&lines);
        if memo.len() >= MEMO_MAX {
            memo.clear();
        }
        memo.entry(s.to_owned()).or_default().push((width, lines));
        out
    })
}
