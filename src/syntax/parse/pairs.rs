//! Parsing `each 'T' pairs with one 'A' beside it (, diagonally too)`: the two value
//! expressions and whether cells sharing a corner count as beside (`src/lower/pairs.rs`
//! lowers the statement).
use super::{Cx, R, Rule};
use crate::diag::Span;
use crate::syntax::ast::PairsDecl;
use pest::iterators::Pair;

impl Cx {
    /// The inner pairs of a `pairs_stmt`, after its keywords: the first values, the second,
    /// then `apart_diagonal` when present.
    pub(super) fn pairs<'i>(&self, mut it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> R<PairsDecl> {
        let of = self.expr(it.next().expect("a pairing names its first values"))?;
        let with = self.expr(it.next().expect("a pairing names its second values"))?;
        let diagonal = it.next().is_some_and(|p| p.as_rule() == Rule::apart_diagonal);
        Ok(PairsDecl { of, with, diagonal, span })
    }
}
