//! What the rules between cells beside each other need of the spec, known before anything is
//! evaluated: a pairing (`each 'T' pairs with one 'A' beside it`) and a chain (`consecutive
//! numbers are beside each other`) read the cells of a filled board, so the spec is an
//! exact-cover puzzle (E106 in a played one, where nothing would read them) that fills a board
//! (E105 when no `fill` statement exists at all). Which values they name, and whether they are
//! the board's, is checked during elaboration (`src/lower/pairs.rs`, `src/lower/chain.rs`).
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::syntax::ast::{Spec, StmtKind};

pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = Vec::new();
    let rules = spec.stmts.iter().filter_map(|s| match &s.kind {
        StmtKind::Pairs(d) => {
            Some((d.span, "a pairing", "pairs cells", "pairs the cells of", "board grid[n, n] of ['.', 'T', 'A']"))
        }
        StmtKind::Chain { span, .. } => Some((
            *span,
            "a chain of consecutive numbers",
            "chains numbers",
            "reads the values of",
            "board grid[n, n] of 1..=n * n",
        )),
        _ => None,
    });
    let moves = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_)));
    let fills = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Fill(_)));
    for (span, what, does, reads, board) in rules {
        if let Some(m) = moves {
            diags.push(
                Diagnostic::new(
                    Code::E106,
                    span,
                    format!("{what} belongs to exact-cover puzzles, but this spec is a played puzzle"),
                )
                .label("it would be ignored")
                .related(m.span, "a move")
                .help(format!("remove it, or put the puzzle that {does} in a spec of its own, with `fill`")),
            );
        } else if !fills {
            diags.push(
                Diagnostic::new(Code::E105, span, format!("{what} {reads} a filled board, and no board is filled"))
                    .label("no `fill` in this spec")
                    .help(format!("declare the board with its values and fill it: `{board}` and `fill grid`")),
            );
        }
    }
    diags
}
