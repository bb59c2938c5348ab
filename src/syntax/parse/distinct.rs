//! Parsing `no two rows are the same`, `no two columns are the same` and `no two rows or
//! columns are the same`: which lines the rule compares (`src/lower/distinct.rs` lowers the
//! statement).
use super::{Cx, Rule};
use crate::diag::Span;
use crate::syntax::ast::StmtKind;
use pest::iterators::Pair;

impl Cx {
    /// The inner pairs of a `distinct_stmt`, after its keywords: `lines_rows`, `lines_columns`
    /// or both.
    pub(super) fn distinct<'i>(it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> StmtKind {
        let (mut rows, mut columns) = (false, false);
        for p in it {
            match p.as_rule() {
                Rule::lines_rows => rows = true,
                Rule::lines_columns => columns = true,
                _ => {}
            }
        }
        StmtKind::Distinct { rows, columns, span }
    }
}
