//! What `no two rows are the same` (`columns`, `rows or columns`) needs of the spec, known
//! before anything is evaluated: it compares the lines of a filled board, so the spec is an
//! exact-cover puzzle (E106 in a played one, where nothing would read it) that fills a board
//! (E105 when no `fill` statement exists at all), and each kind of line is compared by one
//! statement (E105 for a second one: it would say nothing new, and is most likely a slip for
//! the other kind). Whether the board is filled above the statement and has two lines to
//! compare is checked during elaboration (`src/lower/distinct.rs`).
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::syntax::ast::{Spec, StmtKind};

pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = Vec::new();
    let moves = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_)));
    let fills = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Fill(_)));
    // The first statement comparing rows, and the first comparing columns.
    let (mut rows_by, mut columns_by): (Option<Span>, Option<Span>) = (None, None);
    for s in &spec.stmts {
        let StmtKind::Distinct { rows, columns, span } = s.kind else { continue };
        if let Some(m) = moves {
            diags.push(
                Diagnostic::new(
                    Code::E106,
                    span,
                    "a rule comparing lines belongs to exact-cover puzzles, but this spec is a played puzzle",
                )
                .label("it would be ignored")
                .related(m.span, "a move")
                .help("remove it, or put the puzzle whose lines differ in a spec of its own, with `fill`"),
            );
            continue;
        }
        if !fills {
            diags.push(
                Diagnostic::new(
                    Code::E105,
                    span,
                    "a rule comparing lines reads the lines of a filled board, and no board is filled",
                )
                .label("no `fill` in this spec")
                .help("declare the board with its values and fill it: `board grid[n, n] of [0, 1]` and `fill grid`"),
            );
            continue;
        }
        for (compared, first, kind) in [(rows, &mut rows_by, "rows"), (columns, &mut columns_by, "columns")] {
            if !compared {
                continue;
            }
            match first {
                Some(at) => diags.push(
                    Diagnostic::new(Code::E105, span, format!("the {kind} are compared twice"))
                        .label(format!("a second rule on the {kind}"))
                        .related(*at, "the first")
                        .help(format!(
                            "say it once: `no two {kind} are the same` (`no two rows or columns are the same` for both)"
                        )),
                ),
                None => *first = Some(span),
            }
        }
    }
    diags
}
