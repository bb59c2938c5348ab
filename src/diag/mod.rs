//! Diagnostics shared by every stage: source files, spans, codes, and the diagnostic type.
//!
//! Stages build [`Diagnostic`]s from plain data; only [`render`] knows about miette.
mod codes;
pub mod render;

pub use codes::Code;

/// Index of a file in [`Sources`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file. Spans are carried from the parser to every diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start, end }
    }

    /// The smallest span that covers both (same file assumed; `self`'s file wins).
    pub fn to(self, other: Span) -> Span {
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// One loaded file: a spec, an imported spec or an instance file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

/// Every file read during one run, so a span can always be shown with its text.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile { name: name.into(), text: text.into() });
        FileId(self.files.len() as u32 - 1)
    }

    /// True before the first file is read (a root that could not be decoded is still read).
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        let text = &self.get(id).text;
        let offset = offset.min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |s| s.chars().count()) + 1;
        (line, col)
    }
}

/// A labelled span inside a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub text: String,
}

/// One error found in a spec or an instance: a stable code, a short message, the place it
/// points at, optional further places, and help that says how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub message: String,
    pub label: Label,
    pub related: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            label: Label { span, text: String::new() },
            related: Vec::new(),
            help: None,
        }
    }

    /// The text shown under the primary span.
    pub fn label(mut self, text: impl Into<String>) -> Diagnostic {
        self.label.text = text.into();
        self
    }

    pub fn help(mut self, text: impl Into<String>) -> Diagnostic {
        self.help = Some(text.into());
        self
    }

    /// Another place that explains this error (the earlier definition, the board's size...).
    pub fn related(mut self, span: Span, text: impl Into<String>) -> Diagnostic {
        self.related.push(Label { span, text: text.into() });
        self
    }
}

/// A number and a noun, singular for 1: `1 cell`, `3 cells`, `0 cells` (messages never say
/// "1 cells"). The noun takes an `s` for its plural, which every noun in the messages does.
pub fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// One diagnostic per cause: diagnostics with the code and place of an earlier one (every
/// member of a family `region row(r) = ... for r in 0..9` failing the same way at the
/// family's name) are folded into the first, whose message then says how many more there are.
pub fn one_per_cause(diags: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut out: Vec<(Diagnostic, usize)> = Vec::new();
    for d in diags {
        match out.iter_mut().find(|(o, _)| o.code == d.code && o.label.span == d.label.span) {
            Some((_, more)) => *more += 1,
            None => out.push((d.clone(), 0)),
        }
    }
    out.into_iter()
        .map(|(mut d, more)| {
            if more > 0 {
                d.message = format!("{} (and {more} more like it)", d.message);
            }
            d
        })
        .collect()
}

/// Diagnostics collected by a stage; a stage goes on after an error where it can, so that
/// one run reports every independent mistake.
pub type Diagnostics = Vec<Diagnostic>;

#[cfg(test)]
mod plural_tests {
    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(super::plural(1usize, "cell"), "1 cell");
        assert_eq!(super::plural(0u64, "cell"), "0 cells");
        assert_eq!(super::plural(2i64, "time"), "2 times");
        assert_eq!(super::plural(-1i64, "cell"), "-1 cells");
    }
}
