//! Rendering diagnostics with miette: the only place the diagnostic types meet miette.
use super::{Diagnostic, Sources};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use std::fmt;

/// A diagnostic bundled with its file's text, in the shape miette renders.
#[derive(Debug)]
struct Report {
    code: &'static str,
    message: String,
    help: Option<String>,
    source: NamedSource<String>,
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

/// How to draw: colours only for a terminal, and a fixed width so tests are stable.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub colour: bool,
    pub width: usize,
}

impl Style {
    pub const PLAIN: Style = Style { colour: false, width: 100 };
}

/// Renders one diagnostic as text. Related labels in other files are listed as notes with
/// their line and column, since miette draws one file per report.
pub fn render(diag: &Diagnostic, sources: &Sources, style: Style) -> String {
    let file = sources.get(diag.label.span.file);
    let mut labels = vec![labeled(&diag.label.text, diag.label.span, true)];
    let mut notes = Vec::new();
    for rel in &diag.related {
        if rel.span.file == diag.label.span.file {
            labels.push(labeled(&rel.text, rel.span, false));
        } else {
            let (line, col) = sources.line_col(rel.span.file, rel.span.start);
            notes.push(format!("note: {} ({}:{}:{})", rel.text, sources.get(rel.span.file).name, line, col));
        }
    }
    let report = Report {
        code: diag.code.as_str(),
        message: diag.message.clone(),
        help: diag.help.clone(),
        source: NamedSource::new(file.name.clone(), file.text.clone()),
        labels,
    };
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

fn labeled(text: &str, span: super::Span, primary: bool) -> LabeledSpan {
    let label = if text.is_empty() { None } else { Some(text.to_string()) };
    let span = SourceSpan::from((span.start, span.end.saturating_sub(span.start)));
    if primary { LabeledSpan::new_primary_with_span(label, span) } else { LabeledSpan::new_with_span(label, span) }
}

/// Renders all diagnostics followed by a one-line summary.
pub fn render_all(diags: &[Diagnostic], sources: &Sources, style: Style) -> String {
    let mut out = String::new();
    for d in diags {
        out.push_str(&render(d, sources, style));
        out.push('\n');
    }
    let n = diags.len();
    out.push_str(&format!("error: {} error{} found\n", n, if n == 1 { "" } else { "s" }));
    out
}
