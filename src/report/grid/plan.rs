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
    /// The label columns drawn as one ([`FoldedLabels`]), where side by
    /// side they left no room for a value column; `None` for most blocks.
    pub folded: Option<FoldedLabels>,
    /// Short names for the block's long kernel names, said in a key under
    /// the table ([`KernelKeys`]); `None` for most blocks.
    pub keys: Option<KernelKeys>,
}

impl TextPlan {
    /// The width of the label columns with the gaps between them.
    pub fn labels_width(&self) -> usize {
        self.label_widths.iter().sum::<usize>() + self.gap * self.label_widths.len().saturating_sub(1)
    }

    /// How many columns the widest line of the block takes past `width`
    /// (0 when every line fits).
    pub fn overflow(&self, width: usize) -> usize {
        let widest = self
            .groups
            .iter()
            .map(|g| g.iter().map(|&ci| self.gap + self.columns.get(ci).map_or(0, |c| c.width)).sum::<usize>())
            .max()
            .unwrap_or(0);
        (self.labels_width() + widest).saturating_sub(width)
    }

    /// The label columns of block `b` as this plan draws them: its own,
    /// or the first ones and the rest folded into one ([`TextPlan::folded`]).
    pub fn labels<'a>(&'a self, b: &'a GridBlock) -> Labels<'a> {
        Labels { b, folded: self.folded.as_ref(), keys: self.keys.as_ref() }
    }

    /// The key under the block's table: a line for each short kernel
    /// name ([`KernelKeys`]), `[1] (k01/v6.txt)`; empty for most blocks.
    pub fn key_lines(&self) -> Vec<String> {
        self.keys.as_ref().map_or_else(Vec::new, KernelKeys::lines)
    }

    /// How two plans of one block at `width` compare, the lesser the
    /// better: lines that fit the width beat lines past it, whatever
    /// their count; then the fewer lines.
    fn rank(&self, width: usize) -> (usize, usize) {
        (self.overflow(width), self.lines)
    }
}

/// Short names for a block's kernel names too long for the plaintext, as
/// a person writing the post gives them: a name that ends in the file it
/// came from, `baseline (k01/linuxppc-2021-08-neri-asym-smt-v4-….txt)`,
/// is `baseline [1]` and the key under the table says `[1]
/// (k01/linuxppc-….txt)` once; another long name is `[2]` and the key
/// says it whole. report.py's `baseline` and `compare` named by their
/// files (two files of a class naming kernels alike) ran the wild
/// fixtures' schedtests tables 102 to 133 columns wide, the kernel's
/// column never broken. A name longer than half the page width has its
/// short name where that takes fewer lines; one longer than a third only
/// where the names leave the table's lines past the width
/// ([`plan_text`]: `4.14.48-1-pserver-mpbvec+`, 25 columns, was `[1]` in
/// a UnixBench table that fitted, to save a line a row). Markdown and
/// HTML keep the names.
#[derive(Debug, Clone, Default)]
pub struct KernelKeys {
    /// Each long name and its short name.
    pub short: FxHashMap<String, String>,
    /// The key's entries in order: `[1]` and what it stands for.
    pub key: Vec<(String, String)>,
    /// The page width the key's lines are filled to.
    pub width: usize,
}

impl KernelKeys {
    /// Short names for the kernel names of `blocks` (one grid: the same
    /// name has the same key in each of its blocks) wider than a third of
    /// `width` ([`key_limits`]). `None` where no name is that long, or
    /// where a short name would be another kernel's name.
    pub(super) fn of(blocks: &[GridBlock], width: usize) -> Option<KernelKeys> {
        let (limit, _) = key_limits(width);
        let names: Vec<&str> = blocks.iter().flat_map(kernel_names).collect();
        let mut keys = KernelKeys { width, ..KernelKeys::default() };
        for &name in &names {
            if text_width(name) <= limit || keys.short.contains_key(name) {
                continue;
            }
            // `plain (what)`: the plain name kept, what follows it keyed.
            let split = name
                .strip_suffix(')')
                .and_then(|n| n.rfind(" (").map(|i| (&name[..i], &n[i + 1..])))
                .filter(|(plain, _)| !plain.trim().is_empty() && text_width(plain) + 5 <= limit);
            let said = split.map_or(name.to_string(), |(_, what)| format!("{what})"));
            let mark = match keys.key.iter().position(|(_, s)| *s == said) {
                Some(i) => keys.key[i].0.clone(),
                None => {
                    let mark = format!("[{}]", keys.key.len() + 1);
                    keys.key.push((mark.clone(), said));
                    mark
                }
            };
            let short = split.map_or(mark.clone(), |(plain, _)| format!("{plain} {mark}"));
            keys.short.insert(name.to_string(), short);
        }
        // A short name that is another kernel's name, or two long names'
        // one short name, would merge two kernels' rows in the reader's
        // eyes: no keys then.
        let clash = keys.short.values().any(|s| names.iter().any(|n| n == s));
        let shorts: FxHashSet<&String> = keys.short.values().collect();
        if keys.key.is_empty() || clash || shorts.len() != keys.short.len() {
            return None;
        }
        Some(keys)
    }

    /// The keys of the names wider than `longer_than` that block `b`
    /// shows, its key only the entries they use; `None` where it shows
    /// none.
    fn of_block(&self, b: &GridBlock, longer_than: usize) -> Option<KernelKeys> {
        let short: FxHashMap<String, String> = kernel_names(b)
            .filter(|n| text_width(n) > longer_than)
            .filter_map(|n| self.short.get_key_value(n))
            .map(|(n, s)| (n.clone(), s.clone()))
            .collect();
        let used = |mark: &str| short.values().any(|s| s == mark || s.ends_with(&format!(" {mark}")));
        let key: Vec<(String, String)> = self.key.iter().filter(|(m, _)| used(m)).cloned().collect();
        (!key.is_empty()).then_some(KernelKeys { short, key, width: self.width })
    }

    /// Kernel `name` as the plaintext shows it.
    pub fn name<'a>(&'a self, name: &'a str) -> &'a str {
        self.short.get(name).map_or(name, String::as_str)
    }

    /// The key's lines, `[1] (k01/v6.txt)`, each entry filled to the
    /// width (a file's name longer than a line broken, as a long label's
    /// word is: [`wrap_label`]).
    pub fn lines(&self) -> Vec<String> {
        self.key
            .iter()
            .flat_map(|(mark, said)| {
                let entry = format!("{mark} {said}");
                wrap_label(&entry, self.width).into_iter().map(Cow::into_owned).collect::<Vec<_>>()
            })
            .collect()
    }
}

/// The kernel names of block `b`: its rows' first labels (kernels as
/// rows), or its columns' names (kernels as columns).
fn kernel_names(b: &GridBlock) -> Box<dyn Iterator<Item = &str> + '_> {
    if kernels_as_columns(b) {
        Box::new(b.columns.iter().map(|c| c.name.as_str()))
    } else {
        Box::new(b.rows.iter().filter(|r| !r.change).filter_map(|r| r.labels.first().map(String::as_str)))
    }
}

/// The widths past which a kernel name has a short name ([`KernelKeys`]):
/// a third of the page (20 at least) where the names leave the lines past
/// it, half of it (36 at 72) where they do not.
fn key_limits(width: usize) -> (usize, usize) {
    ((width / 3).max(20), (width / 2).max(20))
}

/// True when the block has a column per kernel (metrics as rows).
fn kernels_as_columns(b: &GridBlock) -> bool {
    b.label_headers.first().is_some_and(|h| h == "test")
}

/// The label columns of a block from [`FoldedLabels::from`] on, drawn as
/// one column of plaintext: each row's values there as "name value"
/// pairs (`procs 4; loadfile client.txt; timelimit 60`; a poster's label
/// and a unit by themselves), wrapped in the column as a long label is.
/// A block of many sparse label columns (a class whose files name their
/// runs each in its own way: the wild fixtures' dbench, with `clients`,
/// `procs`, `loadfile`, `timelimit`, `label`, `set-up`, `sync` and
/// `quoting` beside `Throughput`) left no room for its numbers at 72
/// columns however they wrapped: 116 columns wide, each row with one or
/// two of eight cells filled. Only plaintext folds them; Markdown and
/// HTML draw the columns.
#[derive(Debug, Clone, Default)]
pub struct FoldedLabels {
    /// The first label column folded (1 at least: the kernel's, or the
    /// metric's, stays a column).
    pub from: usize,
    /// The label column after the last one folded: the block's last, or
    /// its `unit` column (metrics as rows), which stays a column of its
    /// own ("s" under `parameters` said nothing).
    pub to: usize,
    /// Each row's folded text, in row order ("" where it has none).
    pub rows: Vec<String>,
}

/// The header of a column of folded labels ([`FoldedLabels`]).
pub const FOLDED_HEADER: &str = "parameters";

/// The narrowest a column of folded labels ([`FoldedLabels`]) narrows to
/// keep the page width, breaking longer words.
const FOLDED_WORD: usize = 12;

impl FoldedLabels {
    /// The label columns of `b` from `from` on, folded.
    fn of(b: &GridBlock, from: usize) -> FoldedLabels {
        let to = folded_end(b);
        let rows = b
            .rows
            .iter()
            .map(|r| {
                let parts: Vec<String> = (from..to)
                    .filter_map(|i| {
                        let v = r.labels.get(i).filter(|v| !v.is_empty())?;
                        let h = &b.label_headers[i];
                        // A poster's label and a unit say what they are.
                        Some(if h == "label" || h == "unit" || h.is_empty() { v.clone() } else { format!("{h} {v}") })
                    })
                    .collect();
                parts.join("; ")
            })
            .collect();
        FoldedLabels { from, to, rows }
    }

    /// Label column `i` as drawn: the block's own column it is, or
    /// `None` for the folded one.
    fn own(&self, i: usize) -> Option<usize> {
        match i.cmp(&self.from) {
            std::cmp::Ordering::Less => Some(i),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(self.to + (i - self.from - 1)),
        }
    }
}

/// The label column of `b` after the last one [`FoldedLabels`] may fold:
/// its trailing `unit` column (metrics as rows), or its end.
fn folded_end(b: &GridBlock) -> usize {
    let n = b.label_headers.len();
    if n > 1 && b.label_headers[n - 1] == "unit" && b.label_headers.first().is_some_and(|h| h == "test") {
        n - 1
    } else {
        n
    }
}

/// A block's label columns as its plaintext plan draws them
/// ([`TextPlan::labels`]).
#[derive(Debug, Clone, Copy)]
pub struct Labels<'a> {
    b: &'a GridBlock,
    folded: Option<&'a FoldedLabels>,
    keys: Option<&'a KernelKeys>,
}

impl<'a> Labels<'a> {
    /// How many label columns are drawn.
    pub fn count(&self) -> usize {
        let n = self.b.label_headers.len();
        match self.folded {
            Some(f) => n - (f.to - f.from) + 1,
            None => n,
        }
    }

    /// The header of label column `i`.
    pub fn header(&self, i: usize) -> &'a str {
        match self.folded.map(|f| (f, f.own(i))) {
            Some((_, None)) => FOLDED_HEADER,
            Some((_, Some(j))) => self.b.label_headers.get(j).map_or("", String::as_str),
            None => self.b.label_headers.get(i).map_or("", String::as_str),
        }
    }

    /// True when label column `i` is right-aligned (a number).
    pub fn right(&self, i: usize) -> bool {
        let j = match self.folded {
            Some(f) => match f.own(i) {
                Some(j) => j,
                None => return false,
            },
            None => i,
        };
        self.b.label_right.get(j).copied().unwrap_or(false)
    }

    /// Label `i` of row `ri` as drawn ([`GridRow::label_text`], or the
    /// row's folded labels).
    pub fn text(&self, ri: usize, i: usize) -> Cow<'a, str> {
        // A long kernel name's short name ([`KernelKeys`]), with its mark.
        if i == 0
            && let Some(keys) = self.keys
            && let Some(short) = self.b.rows[ri].labels.first().and_then(|l| keys.short.get(l))
            && !kernels_as_columns(self.b)
        {
            return marked(short, self.b.rows[ri].flag.as_ref());
        }
        match self.folded.map(|f| (f, f.own(i))) {
            Some((f, None)) => Cow::Borrowed(f.rows.get(ri).map_or("", String::as_str)),
            Some((_, Some(j))) => self.b.rows[ri].label_text(j),
            None => self.b.rows[ri].label_text(i),
        }
    }

    /// True when label column `i` is the folded one.
    pub fn is_folded(&self, i: usize) -> bool {
        self.folded.is_some_and(|f| f.own(i).is_none())
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
    /// The column's unit on the lines under its header: one line, or
    /// wrapped on spaces where it is wider than the room beside the label
    /// columns (AIM9's `Thousand Double Precision Additions/second`, 42
    /// columns over numbers of ten, ran the wild fixtures' table 78
    /// wide); empty without a unit.
    pub unit: Vec<String>,
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
pub(super) fn plan_text(b: &GridBlock, width: usize, keys: Option<&KernelKeys>) -> TextPlan {
    let plain = plan_folded(b, width, None);
    // Long kernel names ([`KernelKeys`], of the grid): short names and a
    // key under the table, where that takes fewer lines; names longer
    // than a third of the page only where the lines run past it.
    let (third, half) = key_limits(width);
    let longer_than = if plain.overflow(width) > 0 { third } else { half };
    match keys.and_then(|k| k.of_block(b, longer_than)) {
        Some(keys) => {
            let mut keyed = plan_folded(b, width, Some(&keys));
            keyed.keys = Some(keys);
            if keyed.rank(width) < plain.rank(width) { keyed } else { plain }
        }
        None => plain,
    }
}

/// [`plan_text`] of `b` with kernel names `keys`: its label columns as
/// they are, or some folded into one, whichever fits in fewest lines
/// (the plan's [`TextPlan::keys`] left for the caller to set).
fn plan_folded(b: &GridBlock, width: usize, keys: Option<&KernelKeys>) -> TextPlan {
    let plain = plan_labels(b, width, None, keys);
    // Label columns that leave no room for the numbers even narrowed
    // ([`narrow_labels`]) fold into one ([`FoldedLabels`]): the last two,
    // or more, whichever fits (or runs past the width least) in the fewest
    // lines. The fewest folded that fit kept fio's `label` and `job`
    // columns beside a 10-column `parameters`, every word of them broken
    // and a row taking five lines.
    let to = folded_end(b);
    if plain.overflow(width) == 0 || to < 3 {
        return plain;
    }
    let mut best = plain;
    for from in (1..to - 1).rev() {
        let folded = plan_labels(b, width, Some(FoldedLabels::of(b, from)), keys);
        if folded.rank(width) < best.rank(width) {
            best = folded;
        }
    }
    best
}

/// [`plan_text`] of `b` with its label columns from `folded.from` on
/// folded into one ([`FoldedLabels`]), or none folded.
fn plan_labels(b: &GridBlock, width: usize, folded: Option<FoldedLabels>, keys: Option<&KernelKeys>) -> TextPlan {
    let labels = Labels { b, folded: folded.as_ref(), keys };
    let count = labels.count();
    // Each row's label widths, measured once: the label columns' widths
    // and each row's lines ([`row_lines`]) read them.
    let row_label_widths: Vec<Vec<usize>> =
        (0..b.rows.len()).map(|ri| (0..count).map(|i| text_width(&labels.text(ri, i))).collect()).collect();
    let mut label_widths: Vec<usize> = (0..count)
        .map(|i| row_label_widths.iter().map(|w| w[i]).chain([text_width(labels.header(i))]).max().unwrap_or(0))
        .collect();
    // The cells' parts of each column, measured once: only the headers
    // are wrapped again when the label columns narrow.
    let parts = column_parts(b);
    let fixed_of = |ws: &[usize], gap: usize| ws.iter().sum::<usize>() + gap * ws.len().saturating_sub(1);
    let plan_columns = |ws: &[usize]| -> Vec<ColumnPlan> {
        (0..b.columns.len())
            .map(|ci| plan_column(b, ci, &parts[ci], width.saturating_sub(fixed_of(ws, 2) + 2), width, keys))
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
        if over == 0 || !narrow_labels(&labels, b.rows.len(), &mut label_widths, over) {
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
    // The key under the table: each entry filled to the width.
    let key_lines: usize = keys.map_or(0, |k| k.lines().len());
    let lines = key_lines
        + groups
            .iter()
            .map(|g| {
                let header = g.iter().map(|&ci| columns[ci].header.len()).max().unwrap_or(1).max(1);
                let units = g.iter().map(|&ci| columns[ci].unit.len()).max().unwrap_or(0);
                let rows: usize = b
                    .rows
                    .iter()
                    .zip(&row_label_widths)
                    .enumerate()
                    .filter(|(_, (r, _))| g.iter().any(|&ci| r.cells[ci].is_some()))
                    .map(|(ri, (_, ws))| row_lines(&labels, ri, ws, &label_widths))
                    .sum();
                let over = usize::from(g.iter().any(|&ci| !b.columns[ci].over.is_empty()));
                over + header + units + 1 + rows
            })
            .sum::<usize>()
        + groups.len().saturating_sub(1);
    TextPlan { label_widths, columns, groups, lines, gap, folded, keys: None }
}

/// Narrows the text label columns of `b` (left-aligned: names, labels;
/// not numbers) by `over` columns in all, the widest first, none below its
/// longest word (a word is not broken: a kernel's name, `ubuntu@ubuntu`)
/// or 8 columns. Where that leaves the lines past the width, the columns
/// after the first (parameters, a poster's label, folded labels: not the
/// kernel's name or the metric's) narrow further, to [`FOLDED_WORD`],
/// their longer words broken (the wild fixtures' GNU time table: a
/// label's 34-column word beside `2.4.20rc2-descriptors.diff` ran 77
/// columns wide). False when none could narrow.
fn narrow_labels(labels: &Labels, rows: usize, label_widths: &mut [usize], mut over: usize) -> bool {
    let mut floor: Vec<usize> = (0..label_widths.len())
        .map(|i| {
            let words = (0..rows).map(|ri| labels.text(ri, i)).chain([Cow::Borrowed(labels.header(i))]);
            let longest = words.flat_map(|s| s.split_whitespace().map(text_width).max()).max().unwrap_or(0);
            // Folded labels are text of many words: a long one (a
            // `--mysql-host=…` option) is broken rather than keep the
            // column past the page.
            if labels.is_folded(i) { longest.min(FOLDED_WORD) } else { longest }.max(8)
        })
        .collect();
    let mut narrowed = false;
    for pass in 0..2 {
        if pass == 1 {
            for f in floor.iter_mut().skip(1) {
                *f = (*f).min(FOLDED_WORD);
            }
        }
        while over > 0 {
            let Some(i) = (0..label_widths.len())
                .filter(|&i| !labels.right(i) && label_widths[i] > floor[i])
                .max_by_key(|&i| label_widths[i])
            else {
                break;
            };
            let by = over.min(label_widths[i] - floor[i]);
            label_widths[i] -= by;
            over -= by;
            narrowed = true;
        }
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

/// The lines row `ri` takes: one, or its most wrapped label's
/// ([`wrap_label`]); `widths` are its labels' own widths.
fn row_lines(labels: &Labels, ri: usize, widths: &[usize], label_widths: &[usize]) -> usize {
    (0..labels.count())
        .map(|i| {
            if widths.get(i).is_some_and(|&w| w <= label_widths[i]) {
                1
            } else {
                label_lines(&labels.text(ri, i), label_widths[i])
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
fn plan_column(
    b: &GridBlock,
    ci: usize,
    parts: &ColumnPlan,
    cap: usize,
    width: usize,
    keys: Option<&KernelKeys>,
) -> ColumnPlan {
    let mut p = parts.clone();
    let col = &b.columns[ci];
    // A long kernel name over its column is its short name ([`KernelKeys`]).
    let name = match keys.filter(|_| kernels_as_columns(b)).and_then(|k| k.short.get(&col.name)) {
        Some(short) => marked(short, col.flag.as_ref()),
        None => col.name_text(),
    };
    let unit_width = exact_width(&col.unit);
    // A unit wider than the room beside the labels wraps, to that room
    // (to its longest word at least).
    let unit_cap = cap.max(p.cells_width()).max(longest_word(&col.unit));
    p.unit = if col.unit.is_empty() {
        Vec::new()
    } else if unit_width <= unit_cap {
        vec![col.unit.clone()]
    } else {
        wrapped_header(&col.unit, unit_cap)
    };
    let content = p.cells_width().max(p.unit.iter().map(|u| exact_width(u)).max().unwrap_or(0));
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
        let opts = textwrap::Options::new(width).break_words(true).wrap_algorithm(crate::markdown::within_width());
        let lines: Vec<String> = textwrap::wrap(s, opts).into_iter().map(|l| l.into_owned()).collect();
        let out = f(&lines);
        if memo.len() >= MEMO_MAX {
            memo.clear();
        }
        memo.entry(s.to_owned()).or_default().push((width, lines));
        out
    })
}
