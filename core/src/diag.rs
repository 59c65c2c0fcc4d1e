//! Source spans, diagnostics, and their rendering as rustc-like text or JSON.
//!
//! Everything here works on byte offsets into one source text. A
//! [`SourceFile`] maps offsets to 1-based line/column pairs (columns count
//! `char`s), [`render`] turns a [`Diagnostic`] into a human-readable snippet
//! and [`to_json`] into a machine-readable value. Nothing here panics on
//! out-of-range spans: offsets are clamped to the text.

use std::fmt::{self, Write as _};

use serde_json::{json, Value};

/// A half-open byte range `start..end` into a source text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// Makes a span; if `end < start` the two are swapped so the span is
    /// never inverted.
    pub const fn new(start: u32, end: u32) -> Span {
        if end < start {
            Span { start: end, end: start }
        } else {
            Span { start, end }
        }
    }

    /// An empty span at `offset`.
    pub const fn point(offset: u32) -> Span {
        Span { start: offset, end: offset }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// Length in bytes.
    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// True if the span covers no bytes.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// True if `offset` lies inside the span (`start <= offset < end`).
    pub fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }
}

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input is invalid.
    Error,
    /// The input is valid but suspicious.
    Warning,
    /// Extra information.
    Note,
}

impl Severity {
    /// The lowercase name used in rendered output: `error`, `warning`, `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One message about the source, with a primary span and optional extra
/// labelled spans and free-text notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// The main message (one line, no trailing period needed).
    pub message: String,
    /// The primary location.
    pub span: Span,
    /// Secondary locations, each with a short explanation.
    pub labels: Vec<(Span, String)>,
    /// Free-text notes printed after the snippets.
    pub notes: Vec<String>,
    /// Suggested fixes (`help: ...` lines), printed after the notes.
    pub helps: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic of the given severity with no labels or notes.
    pub fn new(severity: Severity, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.into(),
            span,
            labels: Vec::new(),
            notes: Vec::new(),
            helps: Vec::new(),
        }
    }

    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, span, message)
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, span, message)
    }

    /// A note at `span`.
    pub fn note(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Note, span, message)
    }

    /// Adds a secondary labelled span.
    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Diagnostic {
        self.labels.push((span, text.into()));
        self
    }

    /// Adds a free-text note.
    pub fn with_note(mut self, text: impl Into<String>) -> Diagnostic {
        self.notes.push(text.into());
        self
    }

    /// Adds a suggested fix, printed as a `help:` line.
    pub fn with_help(mut self, text: impl Into<String>) -> Diagnostic {
        self.helps.push(text.into());
        self
    }

    /// Adds `help: did you mean `X`?` when `suggestion` is some.
    pub fn with_suggestion(self, suggestion: Option<&str>) -> Diagnostic {
        match suggestion {
            Some(s) => self.with_help(format!("did you mean `{s}`?")),
            None => self,
        }
    }

    /// True if this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A named source text with a line index for offset → line/column lookups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    name: String,
    text: String,
    /// Byte offset of the start of each line; always starts with 0.
    /// Byte offsets of line starts, computed on the first position query (a file without
    /// diagnostics never needs them).
    line_starts: std::cell::OnceCell<Vec<u32>>,
}

/// Converts a `usize` offset to `u32`, saturating (texts over 4 GiB get
/// clamped positions rather than wrong ones).
fn sat_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl SourceFile {
    /// Builds the line index for `text`. Lines are separated by `\n`; a
    /// trailing `\r` is not part of the line's text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile { name: name.into(), text: text.into(), line_starts: std::cell::OnceCell::new() }
    }

    fn starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut v = vec![0u32];
            v.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| sat_u32(i + 1)),
            );
            v
        })
    }

    /// The file name given at construction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole source text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Number of lines (a text ending in `\n` has an empty last line).
    pub fn line_count(&self) -> u32 {
        sat_u32(self.starts().len())
    }

    /// Clamps `offset` into the text and moves it back to a char boundary.
    fn clamp(&self, offset: u32) -> usize {
        let mut off = (offset as usize).min(self.text.len());
        while off > 0 && !self.text.is_char_boundary(off) {
            off -= 1;
        }
        off
    }

    /// 0-based index of the line containing the (clamped) byte offset.
    fn line_index(&self, offset: usize) -> usize {
        let off = sat_u32(offset);
        // Number of line starts <= off is at least 1 since line_starts[0] == 0.
        self.starts().partition_point(|&s| s <= off).saturating_sub(1)
    }

    /// Byte range of line `idx` (0-based) excluding the `\n` (and a `\r`
    /// before it).
    fn line_range(&self, idx: usize) -> (usize, usize) {
        let start = self.starts().get(idx).map_or(self.text.len(), |&s| s as usize);
        let mut end =
            self.starts().get(idx + 1).map_or(self.text.len(), |&s| (s as usize).saturating_sub(1));
        let start = start.min(self.text.len());
        end = end.clamp(start, self.text.len());
        if end > start && self.text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        (start, end)
    }

    /// 1-based `(line, column)` of a byte offset; the column counts `char`s.
    /// Offsets past the end are clamped to the end; offsets inside a
    /// multi-byte character refer to that character.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let off = self.clamp(offset);
        let idx = self.line_index(off);
        let start = self.starts().get(idx).map_or(0, |&s| s as usize).min(off);
        let col = self.text.get(start..off).map_or(0, |s| s.chars().count());
        (sat_u32(idx + 1), sat_u32(col + 1))
    }

    /// Text of 1-based line `line`, without its line terminator. Out-of-range
    /// lines give `""`.
    pub fn line_text(&self, line: u32) -> &str {
        let Some(idx) = (line as usize).checked_sub(1) else {
            return "";
        };
        if idx >= self.starts().len() {
            return "";
        }
        let (start, end) = self.line_range(idx);
        self.text.get(start..end).unwrap_or("")
    }
}

/// Width a character occupies in rendered output (tabs expand to 4).
fn display_width(c: char) -> usize {
    if c == '\t' {
        4
    } else {
        1
    }
}

/// Makes a source line safe to print: tabs become 4 spaces, other control
/// characters become U+FFFD so raw input cannot inject terminal escapes.
fn sanitize_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c == '\t' {
            out.push_str("    ");
        } else if c.is_control() {
            out.push('\u{FFFD}');
        } else {
            out.push(c);
        }
    }
    out
}

/// Makes a message safe to print on one line: control characters other
/// than tab (including newlines) become U+FFFD.
fn sanitize_message(msg: &str) -> String {
    msg.chars().map(|c| if c.is_control() && c != '\t' { '\u{FFFD}' } else { c }).collect()
}

/// Display column (0-based, tabs expanded) at which `col` (1-based char
/// column) starts within `line`.
fn display_col(line: &str, col: u32) -> usize {
    line.chars().take((col as usize).saturating_sub(1)).map(display_width).sum()
}

/// Source lines longer than this many display columns are shown as a
/// window around the span.
const MAX_SHOWN: usize = 200;
/// Columns of context kept before the span when windowing a long line.
const CONTEXT: usize = 60;

/// One source line (as displayed) plus the underline drawn beneath it.
struct Snippet {
    line: u32,
    text: String,
    pad: usize,
    width: usize,
    label: Option<String>,
}

fn snippet_for(span: Span, label: Option<&str>, file: &SourceFile) -> Snippet {
    let (line, col) = file.line_col(span.start);
    let (end_line, end_col) = file.line_col(span.end);
    let raw = file.line_text(line);
    let pad = display_col(raw, col);
    let width = if end_line == line && end_col > col {
        display_col(raw, end_col).saturating_sub(pad)
    } else if end_line > line {
        display_col(raw, u32::MAX).saturating_sub(pad)
    } else {
        0
    };
    // The sanitized line has exactly one display column per char.
    let full = sanitize_line(raw);
    let chars = full.chars().count();
    let (text, pad, width) = if chars <= MAX_SHOWN {
        (full, pad, width)
    } else {
        let start = pad.saturating_sub(CONTEXT).min(chars);
        let end = start.saturating_add(MAX_SHOWN).min(chars);
        let mut text = String::new();
        let mut new_pad = pad - start;
        if start > 0 {
            text.push_str("...");
            new_pad += 3;
        }
        text.extend(full.chars().skip(start).take(end - start));
        if end < chars {
            text.push_str("...");
        }
        (text, new_pad, width.min(end.saturating_sub(pad)))
    };
    Snippet { line, text, pad, width: width.max(1), label: label.map(sanitize_message) }
}

/// Renders one diagnostic as rustc-like text ending in a newline:
///
/// ```text
/// FILE:LINE:COL: error: message
///    |
/// 12 |   %x = add i32 %a, %b
///    |                ^^
///    = note: some note
///    = help: a suggested fix
/// ```
///
/// Each label adds a source line (unless it is the line just shown) and a
/// caret line ending in ` - label`. Very long lines are shown as a window
/// around the span.
pub fn render(diag: &Diagnostic, file: &SourceFile) -> String {
    let (line, col) = file.line_col(diag.span.start);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}:{}:{}: {}: {}",
        file.name(),
        line,
        col,
        diag.severity,
        sanitize_message(&diag.message)
    );
    let mut snippets = vec![snippet_for(diag.span, None, file)];
    snippets.extend(diag.labels.iter().map(|(span, text)| snippet_for(*span, Some(text), file)));
    let gutter = snippets.iter().map(|s| s.line.to_string().len()).max().unwrap_or(1);
    let blank = " ".repeat(gutter);
    let _ = writeln!(out, "{blank} |");
    let mut prev: Option<(u32, &str)> = None;
    for s in &snippets {
        if prev != Some((s.line, s.text.as_str())) {
            if s.text.is_empty() {
                let _ = writeln!(out, "{:>gutter$} |", s.line);
            } else {
                let _ = writeln!(out, "{:>gutter$} | {}", s.line, s.text);
            }
            prev = Some((s.line, s.text.as_str()));
        }
        let _ = write!(out, "{blank} | {}{}", " ".repeat(s.pad), "^".repeat(s.width));
        if let Some(label) = &s.label {
            let _ = write!(out, " - {label}");
        }
        out.push('\n');
    }
    for note in &diag.notes {
        let _ = writeln!(out, "{blank} = note: {}", sanitize_message(note));
    }
    for help in &diag.helps {
        let _ = writeln!(out, "{blank} = help: {}", sanitize_message(help));
    }
    out
}

/// Renders several diagnostics, one after another, separated by blank lines.
pub fn render_all(diags: &[Diagnostic], file: &SourceFile) -> String {
    diags.iter().map(|d| render(d, file)).collect::<Vec<_>>().join("\n")
}

/// Converts diagnostics to a JSON array of objects with the fields `file`,
/// `line`, `column`, `end_line`, `end_column`, `start`, `end` (byte
/// offsets), `severity`, `message`, `labels` (`[{line, column, start, end,
/// message}]`), `notes` and `helps` (arrays of strings). Lines and columns are
/// 1-based; columns count characters.
pub fn to_json(diags: &[Diagnostic], file: &SourceFile) -> Value {
    Value::Array(
        diags
            .iter()
            .map(|d| {
                let (line, column) = file.line_col(d.span.start);
                let (end_line, end_column) = file.line_col(d.span.end);
                let labels: Vec<Value> = d
                    .labels
                    .iter()
                    .map(|(span, text)| {
                        let (line, column) = file.line_col(span.start);
                        json!({
                            "line": line,
                            "column": column,
                            "start": span.start,
                            "end": span.end,
                            "message": text,
                        })
                    })
                    .collect();
                json!({
                    "file": file.name(),
                    "line": line,
                    "column": column,
                    "end_line": end_line,
                    "end_column": end_column,
                    "start": d.span.start,
                    "end": d.span.end,
                    "severity": d.severity.as_str(),
                    "message": d.message,
                    "labels": labels,
                    "notes": d.notes,
                    "helps": d.helps,
                })
            })
            .collect(),
    )
}

/// How many errors a check lists; the rest are counted in one note.
pub const MAX_ERRORS: usize = 100;

/// Errors left out of a list because it reached [`MAX_ERRORS`]: how many, and where the first
/// of them was.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Suppressed {
    /// Number of errors left out.
    pub count: usize,
    /// The span of the first one left out (by position).
    pub first: Option<Span>,
}

impl Suppressed {
    /// Counts one more error left out.
    pub fn add(&mut self, span: Span) {
        self.merge(Suppressed { count: 1, first: Some(span) });
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: Suppressed) {
        self.count += other.count;
        self.first = match (self.first, other.first) {
            (Some(a), Some(b)) => Some(if b.start < a.start { b } else { a }),
            (a, b) => a.or(b),
        };
    }
}

/// Sorts diagnostics by position and keeps the first [`MAX_ERRORS`] errors (with the warnings
/// and notes before the last of them); when errors were left out, here or earlier
/// (`suppressed`), a note at the first one says how many.
pub fn sort_and_cap(diags: &mut Vec<Diagnostic>, mut suppressed: Suppressed) {
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    let mut errors = 0usize;
    let mut keep = diags.len();
    for (i, d) in diags.iter().enumerate() {
        if d.is_error() {
            errors += 1;
            if errors > MAX_ERRORS {
                keep = i;
                break;
            }
        }
    }
    for d in diags.iter().skip(keep) {
        if d.is_error() {
            suppressed.add(d.span);
        }
    }
    diags.truncate(keep);
    if suppressed.count > 0 {
        let n = suppressed.count;
        let s = if n == 1 { "" } else { "s" };
        let span = suppressed.first.unwrap_or_default();
        diags.push(
            Diagnostic::note(span, format!("{n} more error{s} not shown, the first of them here"))
                .with_note(format!("irplay lists the first {MAX_ERRORS} errors of a file")),
        );
    }
}

/// The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of
/// two neighbouring `char`s each count 1), or `None` when it is more than `limit`; O(len(a) x
/// len(b)) time.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let w = b.len() + 1;
    // Rows i-2, i-1 and i of the table.
    let mut rows = vec![0usize; 3 * w];
    for (j, x) in rows.iter_mut().take(w).enumerate() {
        *x = j;
    }
    let (mut r2, mut r1, mut r0) = (2 * w, 0, w);
    for i in 1..=a.len() {
        rows[r0] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a.get(i - 1) != b.get(j - 1));
            let mut d = (rows[r1 + j - 1] + cost).min(rows[r1 + j] + 1).min(rows[r0 + j - 1] + 1);
            if i > 1 && j > 1 && a.get(i - 1) == b.get(j - 2) && a.get(i - 2) == b.get(j - 1) {
                d = d.min(rows[r2 + j - 2] + 1);
            }
            rows[r0 + j] = d;
            row_min = row_min.min(d);
        }
        if row_min > limit {
            return None;
        }
        (r2, r1, r0) = (r1, r0, r2);
    }
    let d = rows[r1 + b.len()];
    (d <= limit).then_some(d)
}

/// The candidate closest to `word` when it is close enough to be a likely misspelling: the
/// same word in another case, or within an edit distance of a third of its length (at least
/// 1). Ties go to the first candidate. Words longer than 64 characters get no suggestion.
pub fn did_you_mean<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let len = word.chars().count();
    if len == 0 || len > 64 {
        return None;
    }
    let limit = (len / 3).max(1);
    let lower = word.to_ascii_lowercase();
    let mut best: Option<(usize, &'c str)> = None;
    for c in candidates {
        if c == word || c.is_empty() {
            continue;
        }
        let d = if c.eq_ignore_ascii_case(word) {
            0
        } else {
            match edit_distance(&lower, &c.to_ascii_lowercase(), limit) {
                Some(d) => d,
                None => continue,
            }
        };
        // A one-letter name is "close" to every other one-letter name: not a useful guess.
        if d > 0 && len == 1 && c.chars().count() == 1 {
            continue;
        }
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// An ordered collection of diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// An empty collection.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Appends a diagnostic.
    pub fn push(&mut self, diag: Diagnostic) {
        self.0.push(diag);
    }

    /// True if any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    /// True if there are no diagnostics at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Iterates over the diagnostics in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The diagnostics as a slice.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.0
    }

    /// Consumes the collection, returning the vector.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Diagnostics {
        Diagnostics(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_basics() {
        let a = Span::new(3, 7);
        assert_eq!(a.len(), 4);
        assert!(!a.is_empty());
        assert!(Span::point(5).is_empty());
        assert_eq!(Span::new(7, 3), Span::new(3, 7));
        assert_eq!(a.to(Span::new(10, 12)), Span::new(3, 12));
        assert_eq!(Span::new(10, 12).to(a), Span::new(3, 12));
        assert!(a.contains(3) && a.contains(6) && !a.contains(7));
        assert_eq!(Span::default(), Span::new(0, 0));
    }

    #[test]
    fn line_col_basic() {
        let f = SourceFile::new("t.ll", "ab\ncd\r\n\nxyz");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(2), (1, 3)); // the newline itself
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(7), (3, 1));
        assert_eq!(f.line_col(8), (4, 1));
        assert_eq!(f.line_col(10), (4, 3));
        assert_eq!(f.line_col(11), (4, 4)); // end of text
        assert_eq!(f.line_col(1000), (4, 4)); // clamped
        assert_eq!(f.line_col(u32::MAX), (4, 4));
        assert_eq!(f.line_count(), 4);
    }

    #[test]
    fn line_col_counts_chars() {
        let f = SourceFile::new("t", "é€x\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(2), (1, 2)); // after 2-byte é
        assert_eq!(f.line_col(5), (1, 3)); // after 3-byte €
                                           // Inside a multi-byte char: refers to that char.
        assert_eq!(f.line_col(3), (1, 2));
        assert_eq!(f.line_col(1), (1, 1));
    }

    #[test]
    fn line_text_strips_terminators() {
        let f = SourceFile::new("t", "ab\ncd\r\n\r\nlast");
        assert_eq!(f.line_text(1), "ab");
        assert_eq!(f.line_text(2), "cd");
        assert_eq!(f.line_text(3), "");
        assert_eq!(f.line_text(4), "last");
        assert_eq!(f.line_text(0), "");
        assert_eq!(f.line_text(5), "");
        assert_eq!(f.line_text(u32::MAX), "");
        let empty = SourceFile::new("e", "");
        assert_eq!(empty.line_text(1), "");
        assert_eq!(empty.line_col(0), (1, 1));
        assert_eq!(empty.line_col(9), (1, 1));
    }

    #[test]
    fn render_matches_expected_layout() {
        let mut src = String::new();
        for _ in 0..11 {
            src.push_str("; filler\n");
        }
        let line12 = "  %x = add i32 %a, %b\n";
        let start = src.len() as u32 + 15;
        src.push_str(line12);
        let f = SourceFile::new("foo.ll", src);
        let d = Diagnostic::error(Span::new(start, start + 2), "use of undefined value '%a'")
            .with_note("some note");
        let expected = "foo.ll:12:16: error: use of undefined value '%a'\n   |\n12 |   %x = add i32 %a, %b\n   |                ^^\n   = note: some note\n";
        assert_eq!(render(&d, &f), expected);
    }

    #[test]
    fn render_empty_and_multiline_spans() {
        let f = SourceFile::new("a.ll", "abc\ndef\n");
        let d = Diagnostic::warning(Span::point(1), "here");
        assert_eq!(render(&d, &f), "a.ll:1:2: warning: here\n  |\n1 | abc\n  |  ^\n");
        let d = Diagnostic::note(Span::new(1, 6), "spans lines");
        assert_eq!(render(&d, &f), "a.ll:1:2: note: spans lines\n  |\n1 | abc\n  |  ^^\n");
        // Span at the very end of the text (empty last line).
        let d = Diagnostic::error(Span::point(8), "eof");
        assert_eq!(render(&d, &f), "a.ll:3:1: error: eof\n  |\n3 |\n  | ^\n");
        // Wildly out of range: clamped, no panic.
        let d = Diagnostic::error(Span::new(100, 200), "far");
        assert!(render(&d, &f).starts_with("a.ll:3:1: error: far\n"));
    }

    #[test]
    fn render_labels_and_gutter() {
        let mut src = String::from("define i32 @f() {\n");
        for _ in 0..9 {
            src.push_str("  ; x\n");
        }
        let off = src.len() as u32;
        src.push_str("  ret i64 0\n}\n");
        let f = SourceFile::new("g.ll", src);
        let d = Diagnostic::error(Span::new(off + 6, off + 9), "wrong return type")
            .with_label(Span::new(7, 10), "declared here")
            .with_label(Span::new(off + 2, off + 5), "in this instruction");
        let out = render(&d, &f);
        let expected = "g.ll:11:7: error: wrong return type\n   |\n11 |   ret i64 0\n   |       ^^^\n 1 | define i32 @f() {\n   |        ^^^ - declared here\n11 |   ret i64 0\n   |   ^^^ - in this instruction\n";
        assert_eq!(out, expected);
    }

    #[test]
    fn render_same_line_label_does_not_repeat_source() {
        let f = SourceFile::new("s.ll", "%a = add i32 %b, %c\n");
        let d =
            Diagnostic::error(Span::new(13, 15), "undefined").with_label(Span::new(0, 2), "result");
        assert_eq!(
            render(&d, &f),
            "s.ll:1:14: error: undefined\n  |\n1 | %a = add i32 %b, %c\n  |              ^^\n  | ^^ - result\n"
        );
    }

    #[test]
    fn render_expands_tabs_and_hides_controls() {
        let f = SourceFile::new("t.ll", "\tx\u{1b}[31m y\n");
        // 'y' is at byte 8.
        let d = Diagnostic::error(Span::new(8, 9), "m");
        let out = render(&d, &f);
        assert!(!out.contains('\u{1b}'));
        assert!(out.contains("1 |     x\u{FFFD}[31m y\n"));
        assert!(out.contains("  |            ^\n"), "{out}");
    }

    #[test]
    fn render_windows_long_lines() {
        let src = format!("{}%bad{}\n", "a".repeat(5000), "b".repeat(5000));
        let f = SourceFile::new("long.ll", src);
        let out = render(&Diagnostic::error(Span::new(5000, 5004), "here"), &f);
        assert!(out.len() < 1000, "{out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "long.ll:1:5001: error: here");
        // The caret sits under `%bad` in the shown window.
        let src_line = lines[2].strip_prefix("1 | ").unwrap_or("");
        let caret = lines[3].strip_prefix("  | ").unwrap_or("");
        assert!(src_line.starts_with("...") && src_line.ends_with("..."));
        let at = caret.find('^').unwrap_or(0);
        assert_eq!(src_line.get(at..at + 4), Some("%bad"));
        assert_eq!(caret.trim(), "^^^^");
        // A span covering the whole long line is capped to the window.
        let out = render(&Diagnostic::error(Span::new(0, 10004), "all"), &f);
        assert!(out.len() < 1000);
    }

    #[test]
    fn render_all_joins() {
        let f = SourceFile::new("a", "x\n");
        let ds = vec![
            Diagnostic::error(Span::new(0, 1), "one"),
            Diagnostic::warning(Span::new(0, 1), "two"),
        ];
        let out = render_all(&ds, &f);
        assert_eq!(out, format!("{}\n{}", render(&ds[0], &f), render(&ds[1], &f)));
        assert_eq!(render_all(&[], &f), "");
    }

    #[test]
    fn json_shape() {
        let f = SourceFile::new("j.ll", "ab\ncdef\n");
        let d = Diagnostic::error(Span::new(4, 6), "bad")
            .with_label(Span::new(0, 1), "there")
            .with_note("n1");
        let v = to_json(std::slice::from_ref(&d), &f);
        let expected = serde_json::json!([{
            "file": "j.ll", "line": 2, "column": 2, "end_line": 2, "end_column": 4,
            "start": 4, "end": 6, "severity": "error", "message": "bad",
            "labels": [{"line": 1, "column": 1, "start": 0, "end": 1, "message": "there"}],
            "notes": ["n1"], "helps": [],
        }]);
        assert_eq!(v, expected);
        assert_eq!(to_json(&[], &f), serde_json::json!([]));
    }

    #[test]
    fn render_and_json_carry_helps() {
        let f = SourceFile::new("h.ll", "%x = ad i32 1, 2\n");
        let d = Diagnostic::error(Span::new(5, 7), "unknown opcode")
            .with_note("n")
            .with_suggestion(Some("add"));
        assert_eq!(
            render(&d, &f),
            "h.ll:1:6: error: unknown opcode\n  |\n1 | %x = ad i32 1, 2\n  |      ^^\n  = note: n\n  = help: did you mean `add`?\n"
        );
        let v = to_json(std::slice::from_ref(&d), &f);
        assert_eq!(v[0]["helps"], serde_json::json!(["did you mean `add`?"]));
        assert!(Diagnostic::error(Span::default(), "e").with_suggestion(None).helps.is_empty());
    }

    #[test]
    fn suggestions_only_for_close_words() {
        let ops = ["add", "sub", "mul", "icmp", "fcmp", "getelementptr", "ret", "br"];
        assert_eq!(did_you_mean("ad", ops), Some("add"));
        assert_eq!(did_you_mean("addd", ops), Some("add"));
        assert_eq!(did_you_mean("ICMP", ops), Some("icmp"));
        assert_eq!(did_you_mean("getelemntptr", ops), Some("getelementptr"));
        assert_eq!(did_you_mean("frobnicate", ops), None);
        assert_eq!(did_you_mean("add", ops), None, "the word itself is no suggestion");
        assert_eq!(did_you_mean("", ops), None);
        // One-letter names are all one edit apart: no guess between them.
        assert_eq!(did_you_mean("b", ["a", "c"]), None);
        assert_eq!(did_you_mean("nn", ["n", "x"]), Some("n"));
        // A swap of two neighbours is one edit.
        assert_eq!(did_you_mean("exti", ["exit", "entry"]), Some("exit"));
        assert_eq!(edit_distance("ab", "ba", 1), Some(1));
        assert_eq!(edit_distance("kitten", "sitting", 5), Some(3));
        assert_eq!(edit_distance("kitten", "sitting", 2), None);
        assert_eq!(edit_distance("", "abc", 3), Some(3));
    }

    #[test]
    fn cap_keeps_the_first_errors_and_counts_the_rest() {
        let mut ds: Vec<Diagnostic> = (0..150u32)
            .rev()
            .map(|i| Diagnostic::error(Span::new(i * 10, i * 10 + 1), format!("e{i}")))
            .collect();
        sort_and_cap(&mut ds, Suppressed { count: 7, first: Some(Span::new(5000, 5001)) });
        assert_eq!(ds.len(), MAX_ERRORS + 1);
        assert_eq!(ds[0].message, "e0");
        assert_eq!(ds[MAX_ERRORS - 1].message, format!("e{}", MAX_ERRORS - 1));
        let last = &ds[MAX_ERRORS];
        assert_eq!(last.severity, Severity::Note);
        assert_eq!(last.message, "57 more errors not shown, the first of them here");
        assert_eq!(last.span, Span::new(1000, 1001));
        let mut few =
            vec![Diagnostic::error(Span::new(3, 4), "b"), Diagnostic::error(Span::new(1, 2), "a")];
        sort_and_cap(&mut few, Suppressed::default());
        let msgs: Vec<_> = few.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs, ["a", "b"]);
    }

    #[test]
    fn diagnostics_collection() {
        let mut ds = Diagnostics::new();
        assert!(ds.is_empty() && !ds.has_errors());
        ds.push(Diagnostic::warning(Span::default(), "w"));
        assert!(!ds.has_errors());
        ds.push(Diagnostic::error(Span::default(), "e"));
        assert!(ds.has_errors());
        assert_eq!(ds.len(), 2);
        assert_eq!(ds.error_count(), 1);
        let msgs: Vec<_> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs, ["w", "e"]);
        assert_eq!(ds.into_vec().len(), 2);
    }

    #[test]
    fn builders() {
        let d =
            Diagnostic::note(Span::new(1, 2), "n").with_label(Span::new(3, 4), "l").with_note("x");
        assert_eq!(d.severity, Severity::Note);
        assert_eq!(d.labels, vec![(Span::new(3, 4), "l".to_string())]);
        assert_eq!(d.notes, vec!["x".to_string()]);
        assert_eq!(Severity::Warning.to_string(), "warning");
    }
}
