//! Parsing sized areas: `each area of equal values has size its value` and `each area of '#'
//! cells has size 2` (`src/lower/sized.rs`).
use super::super::ast::{SizedDecl, StmtKind};
use super::{Cx, R, Rule, is_keyword};
use crate::diag::Span;
use pest::iterators::Pair;

impl Cx {
    /// The parts of a `sized_stmt` after its keywords: `sized_of`, then `sized_size`.
    pub(super) fn sized<'i>(&self, mut it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> R<StmtKind> {
        let of = it.next().unwrap().into_inner().find(|p| !is_keyword(p.as_rule())).unwrap();
        let of = if of.as_rule() == Rule::sized_equal { None } else { Some(self.expr(of)?) };
        let size = it.next().unwrap().into_inner().next().unwrap();
        let size = if size.as_rule() == Rule::sized_its { None } else { Some(self.expr(size)?) };
        Ok(StmtKind::Sized(SizedDecl { of, size, span }))
    }
}
