//! `clues given B, empty '.'`: where the statement applies. Its clues are the givens of a
//! filled board read from the instance, so the spec must `fill B` and `given B from
//! instance`, be of the exact-cover form, and say it once. What `empty` evaluates to is
//! checked during elaboration (`src/lower/clues.rs`).
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::syntax::ast::{GivenSource, Spec, StmtKind};

pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = Vec::new();
    let clues: Vec<_> = spec
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Clues { board, span, .. } => Some((board, *span)),
            _ => None,
        })
        .collect();
    let Some(&(board, span)) = clues.first() else { return diags };
    for &(_, again) in &clues[1..] {
        diags.push(
            Diagnostic::new(Code::E111, again, "the clues are declared twice")
                .label("a second `clues` statement")
                .related(span, "first declared here")
                .help("keep one `clues given ...` statement"),
        );
    }
    if let Some(m) = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_))) {
        diags.push(
            Diagnostic::new(Code::E111, span, "clues are declared for puzzles solved by filling, not played ones")
                .label("clues of a played puzzle")
                .related(m.span, "a move: this puzzle is played")
                .help("remove the `clues` statement"),
        );
        return diags;
    }
    let fills = spec.stmts.iter().any(|s| matches!(&s.kind, StmtKind::Fill(b) if b.name == board.name));
    if !fills {
        diags.push(
            Diagnostic::new(
                Code::E111,
                board.span,
                format!("`{}` is not filled, so it has no givens to be clues", board.name),
            )
            .label("not a filled board")
            .help(format!("add `fill {}`, or name the board that is filled", board.name)),
        );
    }
    let from_instance = spec.stmts.iter().any(
        |s| matches!(&s.kind, StmtKind::Given { board: b, source: GivenSource::Instance(..) } if b.name == board.name),
    );
    if fills && !from_instance {
        diags.push(
            Diagnostic::new(
                Code::E111,
                board.span,
                format!("the givens of `{}` are not read from the instance, so they cannot be clues", board.name),
            )
            .label("no `given ... from instance` for this board")
            .help(format!("read the clues with `given {} from instance`", board.name)),
        );
    }
    diags
}
