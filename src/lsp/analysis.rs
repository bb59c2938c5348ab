//! One open document as the server knows it: its text, what `api::diagnose` found in it,
//! and the last outline that parsed, so that go-to-definition keeps working while a line
//! is half typed.
use super::position::{offset_after, range_after, word_at};
use super::tokens::Token;
use crate::api::{Declaration, Diagnosed, Outline, diagnose};
use crate::diag::{FileId, Sources};
use lsp_types as lsp;
use std::path::{Path, PathBuf};

pub struct Document {
    pub uri: lsp::Uri,
    pub path: PathBuf,
    /// The text as the editor sent it.
    pub text: String,
    pub found: Diagnosed,
    /// The sources and outline of the last version that parsed.
    parsed: Option<(Sources, FileId, Outline)>,
    /// The semantic tokens of this version, classified from the parse its diagnosis made;
    /// `None` when it does not parse.
    tokens: Option<Vec<Token>>,
}

impl Document {
    /// Opens a document: diagnoses it, calls `diagnosed` (which publishes the diagnostics),
    /// then colours it.
    pub fn open(uri: lsp::Uri, text: String, diagnosed: &mut dyn FnMut(&Document)) -> Document {
        let path = path_of(&uri);
        let found = Diagnosed { sources: Sources::default(), spec: None, root: None, diagnostics: Vec::new() };
        let mut doc = Document { uri, path, text: String::new(), found, parsed: None, tokens: None };
        doc.change(text, diagnosed);
        doc
    }

    /// A new version: parsed once (pest's tree of the text as the loader decodes it), the
    /// tree made the AST the diagnosis goes on with, `diagnosed` called (which publishes
    /// the diagnostics), then the same tree coloured for the semantic tokens.
    pub fn change(&mut self, text: String, diagnosed: &mut dyn FnMut(&Document)) {
        let read = |p: &Path| std::fs::read(p);
        let decoded = crate::api::format::normalise(text.clone());
        let tree = crate::syntax::parse_tree(&decoded);
        self.found = match &tree {
            Some(tree) => crate::api::diagnose_tree(&self.path, &decoded, tree.clone(), &read),
            // The loader parses again and says what is wrong.
            None => diagnose(&self.path, &text, &read),
        };
        self.text = text;
        self.keep_outline();
        self.tokens = None;
        diagnosed(self);
        self.tokens = tree.map(|tree| super::tokens::classify_tree(&decoded, tree, self.imported()));
    }

    /// The declarations of the imports (from the last version that loaded), for colouring
    /// names the text uses but does not declare.
    fn imported(&self) -> Vec<(&str, crate::api::DeclarationKind)> {
        match &self.parsed {
            Some((_, root, outline)) => outline
                .declarations
                .iter()
                .filter(|d| d.name.span.file != *root)
                .map(|d| (d.name.name.as_str(), d.kind))
                .collect(),
            None => Vec::new(),
        }
    }

    fn keep_outline(&mut self) {
        if let (Some(spec), Some(root)) = (&self.found.spec, self.found.root) {
            self.parsed = Some((self.found.sources.clone(), root, Outline::of(spec)));
        }
    }

    /// The text spans point into: the root file as the loader decoded it (line endings
    /// normalised), which has the editor's lines and columns.
    pub fn root_text(&self) -> &str {
        match self.found.root {
            Some(root) => &self.found.sources.get(root).text,
            None => &self.text,
        }
    }

    /// UTF-16 units on the editor's first line that the decoded root text lacks: 1 when the
    /// editor's text starts with a byte-order mark, which the loader drops (spans then point
    /// one column left of the editor's characters on line 0); 0 for the editor's own text.
    fn lead(&self) -> u32 {
        u32::from(self.found.root.is_some() && self.text.starts_with('\u{FEFF}'))
    }

    /// A span of the root text as a range of the editor's document.
    fn range(&self, text: &str, start: usize, end: usize) -> lsp::Range {
        range_after(text, self.lead(), start, end)
    }

    /// The diagnostics to publish, each at its place in this document. One found in an
    /// imported spec is shown at the top, naming the file, line and column.
    pub fn diagnostics(&self) -> Vec<lsp::Diagnostic> {
        let sources = &self.found.sources;
        let text = self.root_text();
        self.found
            .diagnostics
            .iter()
            .map(|d| {
                let span = d.label.span;
                let mut message = d.message.clone();
                let at = if Some(span.file) == self.found.root {
                    self.range(text, span.start, span.end)
                } else {
                    let (line, col) = sources.line_col(span.file, span.start);
                    message = format!("{}:{line}:{col}: {message}", sources.get(span.file).name);
                    self.range(text, 0, 0)
                };
                if !d.label.text.is_empty() {
                    message = format!("{message}\n{}", d.label.text);
                }
                if let Some(help) = &d.help {
                    message = format!("{message}\nhelp: {help}");
                }
                let related = d
                    .related
                    .iter()
                    .filter(|l| Some(l.span.file) == self.found.root)
                    .map(|l| lsp::DiagnosticRelatedInformation {
                        location: lsp::Location {
                            uri: self.uri.clone(),
                            range: self.range(text, l.span.start, l.span.end),
                        },
                        message: l.text.clone(),
                    })
                    .collect::<Vec<_>>();
                lsp::Diagnostic {
                    range: at,
                    severity: Some(lsp::DiagnosticSeverity::ERROR),
                    code: Some(lsp::NumberOrString::String(d.code.as_str().to_string())),
                    source: Some("puzc".into()),
                    message,
                    related_information: (!related.is_empty()).then_some(related),
                    ..Default::default()
                }
            })
            .collect()
    }

    /// The declaration named at a position of this document, and its file's text.
    pub fn declaration_at(&self, at: lsp::Position) -> Option<(&Declaration, &Sources)> {
        let (sources, root, outline) = self.parsed.as_ref()?;
        let text = &sources.get(*root).text;
        let lead = u32::from(self.text.starts_with('\u{FEFF}'));
        let (word, _, _) = word_at(text, offset_after(text, lead, at))?;
        outline.find(word).map(|d| (d, sources))
    }

    /// Where a declaration is: this document, or the imported spec it came from.
    pub fn location(&self, d: &Declaration, sources: &Sources) -> Option<lsp::Location> {
        let file = sources.get(d.name.span.file);
        let root = self.parsed.as_ref().map(|p| p.1);
        let here = Some(d.name.span.file) == root;
        let uri = if here { self.uri.clone() } else { uri_of(Path::new(&file.name))? };
        let lead = u32::from(here && self.text.starts_with('\u{FEFF}'));
        Some(lsp::Location { uri, range: range_after(&file.text, lead, d.name.span.start, d.name.span.end) })
    }

    /// This document's own declarations, for the outline view.
    pub fn symbols(&self) -> Vec<lsp::DocumentSymbol> {
        let Some((sources, root, outline)) = &self.parsed else { return Vec::new() };
        let text = &sources.get(*root).text;
        let lead = u32::from(self.text.starts_with('\u{FEFF}'));
        let range = |start, end| range_after(text, lead, start, end);
        outline
            .declarations
            .iter()
            .filter(|d| d.name.span.file == *root)
            .map(|d| {
                #[allow(deprecated)] // `deprecated` is a field every literal must name.
                lsp::DocumentSymbol {
                    name: d.name.name.clone(),
                    detail: Some(d.kind.word().to_string()),
                    kind: symbol_kind(d),
                    tags: None,
                    deprecated: None,
                    range: range(d.statement.start, d.statement.end),
                    selection_range: range(d.name.span.start, d.name.span.end),
                    children: None,
                }
            })
            .collect()
    }

    /// Hover: what the name is, and its declaration's first line (for a board, its size and
    /// values).
    pub fn hover(&self, at: lsp::Position) -> Option<lsp::Hover> {
        let (d, sources) = self.declaration_at(at)?;
        let file = sources.get(d.statement.file);
        let stmt = &file.text[d.statement.start..d.statement.end];
        let first = stmt.lines().next().unwrap_or(stmt);
        let value = format!("{} `{}`\n```puz\n{first}\n```", d.kind.word(), d.name.name);
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent { kind: lsp::MarkupKind::Markdown, value }),
            range: None,
        })
    }

    /// The semantic tokens of the text, names classified with the declarations of its
    /// imports (from the last version that loaded); `None` when it does not parse.
    pub fn semantic_tokens(&self) -> Option<lsp::SemanticTokens> {
        let tokens = self.tokens.as_ref()?;
        Some(lsp::SemanticTokens {
            result_id: None,
            data: super::tokens::encode(self.root_text(), self.lead(), tokens),
        })
    }

    /// The names in scope: every declaration of the last version that parsed.
    pub fn names(&self) -> Vec<&Declaration> {
        self.parsed.as_ref().map_or(Vec::new(), |p| p.2.declarations.iter().collect())
    }
}

fn symbol_kind(d: &Declaration) -> lsp::SymbolKind {
    use crate::api::DeclarationKind as K;
    match d.kind {
        K::Board | K::Grid | K::Table => lsp::SymbolKind::ARRAY,
        K::Region => lsp::SymbolKind::ENUM,
        K::Piece | K::Tiles => lsp::SymbolKind::STRUCT,
        K::Param | K::Let => lsp::SymbolKind::CONSTANT,
        K::Move => lsp::SymbolKind::FUNCTION,
        K::Counter => lsp::SymbolKind::VARIABLE,
    }
}

/// The path of a `file:` URI (percent-escapes decoded); any other URI (an unsaved buffer)
/// is a spec in the current folder named by its last segment.
pub fn path_of(uri: &lsp::Uri) -> PathBuf {
    let text = uri.as_str();
    match text.strip_prefix("file://") {
        Some(rest) => PathBuf::from(percent_decoded(rest)),
        None => PathBuf::from(percent_decoded(text.rsplit(['/', ':']).next().unwrap_or("untitled.puz"))),
    }
}

fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).and_then(|&b| hex(b)), bytes.get(i + 2).and_then(|&b| hex(b))) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The `file:` URI of an absolute path; bytes other than unreserved ones and `/` escaped.
pub fn uri_of(path: &Path) -> Option<lsp::Uri> {
    let abs = std::path::absolute(path).ok()?;
    let mut uri = String::from("file://");
    for b in abs.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => uri.push(b as char),
            _ => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_and_paths_round_trip() {
        let path = Path::new("/tmp/a b/ü.puz");
        let uri = uri_of(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%BC.puz");
        assert_eq!(path_of(&uri), path);
    }
}
