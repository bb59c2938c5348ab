//! What a pairing (`each 'T' pairs with one 'A' beside it`) needs of the spec, known before
//! anything is evaluated: it pairs the cells of a filled board, so the spec is an exact-cover
//! puzzle (E106 in a played one, where nothing would read it) that fills a board (E105 when
//! no `fill` statement exists at all). Which values it names, and whether they are the
//! board's, is checked during elaboration (`src/lower/pairs.rs`).
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::syntax::ast::{Spec, StmtKind};

pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = Vec::new();
    let pairings = spec.stmts.iter().filter_map(|s| match &s.kind {
        StmtKind::Pairs(d) => Some(d.span),
        _ => None,
    });
    let moves = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_)));
    let fills = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Fill(_)));
    for span in pairings {
        if let Some(m) = moves {
            diags.push(
                Diagnostic::new(
                    Code::E106,
                    span,
                    "a pairing belongs to exact-cover puzzles, but this spec is a played puzzle",
                )
                .label("it would be ignored")
                .related(m.span, "a move")
                .help("remove it, or put the puzzle that pairs cells in a spec of its own, with `fill`"),
            );
        } else if !fills {
            diags.push(
                Diagnostic::new(Code::E105, span, "a pairing pairs the cells of a filled board, and no board is filled")
                    .label("no `fill` in this spec")
                    .help("declare the board with its values and fill it: `board grid[n, n] of ['.', 'T', 'A']` and `fill grid`"),
            );
        }
    }
    diags
}
