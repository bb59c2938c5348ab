//! Stage 1: text → AST. The pest grammar lives in `grammar/puz.pest`; this module turns its
//! parse tree into the spanned AST of [`ast`] and its errors into diagnostics.
pub mod ast;
mod errors;
pub mod format;
pub mod load;
mod parse;
pub mod text;

pub use parse::{Rule, parse, spec_of};

/// pest's parse tree of a whole spec (the `file` pair), for tools that need every token and
/// not the AST's meaning (the language server's semantic tokens). `None` when the text does
/// not parse or nests too deeply to walk ([`parse`] says why).
pub fn parse_tree(text: &str) -> Option<pest::iterators::Pair<'_, Rule>> {
    use pest::Parser;
    parse::check_nesting(text, crate::diag::FileId(0)).ok()?;
    parse::PuzParser::parse(Rule::file, text).ok()?.next()
}

/// The candidate closest to a misspelt name, for "did you mean".
pub fn closest_name<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    errors::closest(word, candidates)
}
