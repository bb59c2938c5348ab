//! A spec's text: the bytes of a file made the text every stage sees ([`decode`],
//! [`normalise`]), and its canonical layout ([`format`], `puzc fmt`, the language server's
//! formatting, the playground's Format button).
use crate::diag::{Diagnostic, FileId};

/// What a file holds, for [`decode`]'s diagnostic: a spec (P006) or instance data (I302).
pub use crate::syntax::text::Kind;

/// The file's `bytes` as text, added to `sources` under `name`: a byte-order mark dropped,
/// line endings made `\n`; bytes that are not UTF-8 are a diagnostic at the first bad one.
pub use crate::syntax::text::decode;

/// A leading byte-order mark dropped, and `\r\n` or `\r` line endings made `\n`: what
/// [`decode`] does to text that is already UTF-8 (an editor's buffer).
pub fn normalise(text: String) -> String {
    crate::syntax::text::normalise(text)
}

/// The canonical layout of `text` (the spec's tokens re-spaced, its comments kept), or the
/// syntax error that stops it, at a span in `file`.
pub fn format(text: &str, file: FileId) -> Result<String, Diagnostic> {
    crate::syntax::format::format(text, file)
}
