//! Parsing the rules on each region's cells of some values: `the '#' cells of each room are
//! connected` and `no two congruent shapes of '#' in room touch` (LITS; `src/lower/shapes.rs`),
//! and `no line of '.' cells crosses 2 borders of room` (Heyawake; `src/lower/crossing.rs`).
use super::super::ast::{CrossingDecl, RegionsDecl, StmtKind};
use super::{Cx, R, Rule};
use crate::diag::Span;
use pest::iterators::Pair;

impl Cx {
    /// The parts of a `connected_each_stmt` or `shapes_stmt` after its keywords: the values,
    /// then the region families.
    pub(super) fn regions_rule<'i>(
        &self,
        which: Rule,
        mut it: impl Iterator<Item = Pair<'i, Rule>>,
        span: Span,
    ) -> R<StmtKind> {
        let of = self.expr(it.next().expect("the rule names its values"))?;
        let regions = self.idents(it.next().expect("the rule names its regions"));
        let decl = RegionsDecl { of, regions, span };
        Ok(if which == Rule::shapes_stmt { StmtKind::Shapes(decl) } else { StmtKind::ConnectedEach(decl) })
    }

    /// The parts of a `crossing_stmt` after its keywords: the values, the number of borders,
    /// the region families.
    pub(super) fn crossing<'i>(&self, mut it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> R<StmtKind> {
        let of = self.expr(it.next().expect("a crossing rule names its values"))?;
        let borders = self.expr(it.next().expect("a crossing rule counts borders"))?;
        let regions = self.idents(it.next().expect("a crossing rule names its regions"));
        Ok(StmtKind::Crossing(CrossingDecl { of, borders, regions, span }))
    }
}
