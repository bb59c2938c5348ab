//! Stage 1: text → AST. The pest grammar lives in `grammar/puz.pest`; this module turns its
//! parse tree into the spanned AST of [`ast`] and its errors into diagnostics.
pub mod ast;
mod errors;
pub mod format;
pub mod load;
mod parse;
pub mod text;

pub use parse::parse;

/// The candidate closest to a misspelt name, for "did you mean".
pub fn closest_name<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    errors::closest(word, candidates)
}
