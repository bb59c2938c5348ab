//! Rendering diagnostics with miette: the only place the diagnostic types meet miette.
use super::{Diagnostic, Sources};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan,
    SpanContents,
};
use std::fmt;

/// A line longer than this many bytes is shown clipped: only windows of [`WINDOW`] bytes around
/// each label's ends are kept. A source line of a megabyte is not echoed whole, and miette's
/// column arithmetic (which formats with a `u16` width) never sees a column past 65,535.
const LONG_LINE: usize = 300;
/// Bytes kept on either side of a label's start or end in a clipped line.
const WINDOW: usize = 60;
/// What stands for the bytes cut out of a clipped line.
const ELLIPSIS: &str = "…";

/// A diagnostic bundled with its file's text, in the shape miette renders.
#[derive(Debug)]
struct Report {
    code: &'static str,
    message: String,
    help: Option<String>,
    source: ClippedSource,
    labels: Vec<LabeledSpan>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// How to draw: colours only for a terminal, at the terminal's width (a fixed width when
/// stderr is not a terminal, so tests are stable); or as JSON lines for programs.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub colour: bool,
    pub width: usize,
    /// One JSON object per diagnostic ([`json_line`]) instead of miette's drawing.
    pub json: bool,
}

impl Style {
    pub const PLAIN: Style = Style { colour: false, width: 100, json: false };
}

/// The version of the JSON diagnostics' shape (`"version"` in each), raised when a key
/// changes meaning or goes away.
pub const JSON_VERSION: u32 = 1;

/// One diagnostic as a JSON object on one line: where (file, 1-based line and column of the
/// primary span's start and end), code, message, label, help (`null` if none), and the
/// related spans with their own places.
pub fn json_line(diag: &Diagnostic, sources: &Sources) -> String {
    let place = |span: super::Span| {
        let (line, column) = sources.line_col(span.file, span.start);
        let (end_line, end_column) = sources.line_col(span.file, span.end.max(span.start));
        (sources.get(span.file).name.clone(), line, column, end_line, end_column)
    };
    let (file, line, column, end_line, end_column) = place(diag.label.span);
    let related: Vec<serde_json::Value> = diag
        .related
        .iter()
        .map(|r| {
            let (file, line, column, _, _) = place(r.span);
            serde_json::json!({"file": file, "line": line, "column": column, "message": r.text})
        })
        .collect();
    serde_json::json!({
        "version": JSON_VERSION,
        "type": "diagnostic",
        "severity": "error",
        "code": diag.code.as_str(),
        "message": diag.message,
        "file": file,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "label": diag.label.text,
        "help": diag.help,
        "related": related,
    })
    .to_string()
}

/// Renders one diagnostic as text. Related labels in other files are listed as notes with
/// their line and column, since miette draws one file per report.
pub fn render(diag: &Diagnostic, sources: &Sources, style: Style) -> String {
    let file = sources.get(diag.label.span.file);
    let mut spans = vec![(diag.label.span, diag.label.text.as_str(), true)];
    let mut notes = Vec::new();
    for rel in &diag.related {
        if rel.span.file == diag.label.span.file {
            spans.push((rel.span, rel.text.as_str(), false));
        } else {
            let (line, col) = sources.line_col(rel.span.file, rel.span.start);
            notes.push(format!("note: {} ({}:{}:{})", rel.text, sources.get(rel.span.file).name, line, col));
        }
    }
    let ends: Vec<usize> = spans.iter().flat_map(|(s, _, _)| [s.start, s.end]).collect();
    let source = ClippedSource::new(&file.name, &file.text, &ends);
    let labels = spans
        .iter()
        .map(|(span, text, primary)| {
            let (start, end) = (source.map(span.start), source.map(span.end.max(span.start)));
            labeled(text, start, end, *primary)
        })
        .collect();
    let report =
        Report { code: diag.code.as_str(), message: diag.message.clone(), help: diag.help.clone(), source, labels };
    let theme = if style.colour { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("error[{}]: {}\n", diag.code.as_str(), diag.message);
    }
    for note in notes {
        out.push_str("  ");
        out.push_str(&note);
        out.push('\n');
    }
    out
}

fn labeled(text: &str, start: usize, end: usize, primary: bool) -> LabeledSpan {
    let label = if text.is_empty() { None } else { Some(text.to_string()) };
    let span = SourceSpan::from((start, end.saturating_sub(start)));
    if primary { LabeledSpan::new_primary_with_span(label, span) } else { LabeledSpan::new_with_span(label, span) }
}

/// Renders all diagnostics, one per cause (see [`super::one_per_cause`]), followed by a
/// one-line summary.
/// As JSON ([`Style::json`]): one line per diagnostic, no summary.
pub fn render_all(diags: &[Diagnostic], sources: &Sources, style: Style) -> String {
    let diags = super::one_per_cause(diags);
    let mut out = String::new();
    if style.json {
        for d in &diags {
            out.push_str(&json_line(d, sources));
            out.push('\n');
        }
        return out;
    }
    for d in &diags {
        out.push_str(&render(d, sources, style));
        out.push('\n');
    }
    let n = diags.len();
    out.push_str(&format!("error: {} error{} found\n", n, if n == 1 { "" } else { "s" }));
    out
}

/// A file's text as shown: every line longer than [`LONG_LINE`] keeps only windows around the
/// label ends that fall in it (or its first [`WINDOW`] bytes), the cuts marked with `…`. Line
/// numbers are unchanged; the header's column is the column in the original text.
#[derive(Debug)]
struct ClippedSource {
    name: String,
    text: String,
    /// Kept pieces in order: (start in the original, end in the original, start in `text`).
    kept: Vec<(usize, usize, usize)>,
    /// The original text's line starts, to give the header's column in the original.
    original_line_starts: Vec<usize>,
    /// The original text, to count the header's column in characters.
    original: String,
}

impl ClippedSource {
    fn new(name: &str, original: &str, ends: &[usize]) -> ClippedSource {
        let mut text = String::with_capacity(original.len().min(1 << 16));
        let mut kept = Vec::new();
        let mut original_line_starts = Vec::new();
        let mut keep = |text: &mut String, from: usize, to: usize| {
            kept.push((from, to, text.len()));
            text.push_str(&original[from..to]);
        };
        let mut line_start = 0;
        while line_start <= original.len() {
            original_line_starts.push(line_start);
            let rest = &original[line_start..];
            let line_end = rest.find('\n').map_or(original.len(), |i| line_start + i);
            let next = line_end + 1;
            if line_end - line_start <= LONG_LINE {
                keep(&mut text, line_start, next.min(original.len()));
            } else {
                let mut windows: Vec<(usize, usize)> = ends
                    .iter()
                    .filter(|&&e| e >= line_start && e <= line_end)
                    .map(|&e| (e.saturating_sub(WINDOW).max(line_start), (e + WINDOW).min(line_end)))
                    .collect();
                if windows.is_empty() {
                    windows.push((line_start, line_start + WINDOW));
                }
                windows.sort_unstable();
                let mut merged: Vec<(usize, usize)> = Vec::new();
                for (a, b) in windows {
                    let (a, b) = (floor_char(original, a), ceil_char(original, b));
                    match merged.last_mut() {
                        Some(last) if a <= last.1 => last.1 = last.1.max(b),
                        _ => merged.push((a, b)),
                    }
                }
                let mut at = line_start;
                for (a, b) in merged {
                    if a > at {
                        text.push_str(ELLIPSIS);
                    }
                    keep(&mut text, a, b);
                    at = b;
                }
                if at < line_end {
                    text.push_str(ELLIPSIS);
                }
                if line_end < original.len() {
                    keep(&mut text, line_end, next);
                }
            }
            line_start = next;
        }
        ClippedSource { name: name.to_string(), text, kept, original_line_starts, original: original.to_string() }
    }

    /// Where an original offset is in the shown text (an offset that was cut goes to the
    /// nearest kept byte).
    fn map(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|&(from, _, _)| from <= offset);
        match i.checked_sub(1).map(|i| self.kept[i]) {
            Some((from, to, at)) => at + offset.min(to) - from,
            None => 0,
        }
    }

    /// The original offset of a shown offset.
    fn unmap(&self, shown: usize) -> usize {
        let i = self.kept.partition_point(|&(_, _, at)| at <= shown);
        match i.checked_sub(1).map(|i| self.kept[i]) {
            Some((from, to, at)) => (from + shown - at).min(to),
            None => 0,
        }
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl SourceCode for ClippedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // The header's column (asked for with no context lines) counts characters in the
        // original line, as an editor does: miette's own counts bytes.
        let original = self.unmap(inner.span().offset());
        let line_start = self.original_line_starts[self.original_line_starts.partition_point(|&s| s <= original) - 1];
        let column = if before == 0 {
            self.original.get(line_start..original).map_or(original - line_start, |s| s.chars().count())
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}
