//! Parsing `clues in DATA follow from the solution (, empty EXPR)? (, edges labelled
//! EXPR)?`: the instance data whose entries are derived clues, how a left-out clue is
//! written, and the labels of generated tiles' edges (`src/check/derived.rs` checks where it
//! applies, `src/lower/derive.rs` and `src/lower/layout.rs` derive the clues).
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
        let (mut empty, mut labels) = (None, None);
        for part in it {
            let kind = part.as_rule();
            let e = part.into_inner().find(|p| p.as_rule() == Rule::expr).expect("the part has an expression");
            let e = self.expr(e)?;
            if kind == Rule::derived_labels { labels = Some(e) } else { empty = Some(e) }
        }
        Ok(DerivedCluesDecl { data, empty, labels, span })
    }
}
