//! Parsing `clues in DATA follow from the solution (, empty EXPR)?`: the instance data whose
//! entries are derived clues, and how a left-out clue is written (`src/check/derived.rs`
//! checks where it applies, `src/lower/derive.rs` derives the clues).
use super::{Cx, R, Rule};
use crate::diag::Span;
use crate::syntax::ast::DerivedCluesDecl;
use pest::iterators::Pair;

impl Cx {
    /// The inner pairs of a `derived_clues_stmt`, after its keywords: the data's name, then
    /// the `empty` expression when present.
    pub(super) fn derived_clues<'i>(
        &self,
        mut it: impl Iterator<Item = Pair<'i, Rule>>,
        span: Span,
    ) -> R<DerivedCluesDecl> {
        let data = self.ident(it.next().expect("derived clues name their data"));
        let empty = it.next().map(|p| self.expr(p)).transpose()?;
        Ok(DerivedCluesDecl { data, empty, span })
    }
}
