//! `clues in DATA follow from the solution (, empty EXPR)? (, edges labelled EXPR)?`: where
//! the statement applies. Its clues are the entries of instance data, so `DATA` must be a
//! `grid ... from instance`, a `table ... from instance` or `tiles ... from instance` (tiles
//! with `edges labelled`, the labels of generated tiles' edges, and without `empty`); the
//! spec must be of the exact-cover form and declare its clues once (this statement or
//! `clues given`, not both). Which rules read the entries, and whether a clue can be derived
//! from them, is found during elaboration (`src/lower/derive.rs`, `src/lower/layout.rs`).
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::syntax::ast::{Spec, StmtKind};

pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = Vec::new();
    let derived: Vec<_> = spec
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::DerivedClues(d) => Some(d),
            _ => None,
        })
        .collect();
    let Some(&first) = derived.first() else { return diags };
    for again in &derived[1..] {
        diags.push(
            Diagnostic::new(Code::E111, again.span, "the clues are declared twice")
                .label("a second `clues` statement")
                .related(first.span, "first declared here")
                .help("keep one `clues in ... follow from the solution` statement"),
        );
    }
    if let Some(given) = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Clues { .. })) {
        diags.push(
            Diagnostic::new(Code::E111, first.span, "the clues are declared twice")
                .label("clues derived from the solution")
                .related(given.span, "clues given by the board's givens")
                .help("keep one of the two `clues` statements"),
        );
    }
    if let Some(m) = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_))) {
        diags.push(
            Diagnostic::new(
                Code::E111,
                first.span,
                "clues are declared for puzzles solved by filling, not played ones",
            )
            .label("clues of a played puzzle")
            .related(m.span, "a move: this puzzle is played")
            .help("remove the `clues` statement"),
        );
        return diags;
    }
    let name = &first.data.name;
    let tiles = spec.stmts.iter().any(|s| matches!(&s.kind, StmtKind::Tiles(t) if t.name.name == *name));
    let read = spec.stmts.iter().any(|s| match &s.kind {
        StmtKind::Grid(g) => g.name.name == *name && g.inline.is_none(),
        StmtKind::Table { name: t, .. } => t.name == *name,
        StmtKind::Tiles(t) => t.name.name == *name && t.given.is_none(),
        _ => false,
    });
    // `edges labelled` gives generated tiles their edges: tiles need it, other data cannot use it.
    match (&first.labels, tiles) {
        (None, true) if read => diags.push(
            Diagnostic::new(Code::E111, first.span, format!("the tiles of `{name}` need the labels their edges take"))
                .label("no labels")
                .help("say which labels a generated edge takes: `, edges labelled 0..=9`"),
        ),
        (Some(l), false) => diags.push(
            Diagnostic::new(Code::E111, l.span, format!("`{name}` is not tiles: its clues have no edge labels"))
                .label("labels for tiles only")
                .help("remove `, edges labelled ...`: it says which labels the edges of generated tiles take"),
        ),
        (Some(l), true) if first.empty.is_some() => diags.push(
            Diagnostic::new(Code::E111, l.span, "a tile cannot be left out")
                .label("tiles with `empty`")
                .help("remove `, empty ...`: every tile is part of the puzzle"),
        ),
        _ => {}
    }
    if !read {
        diags.push(
            Diagnostic::new(
                Code::E111,
                first.data.span,
                format!("`{name}` is not read from the instance, so its entries cannot be clues"),
            )
            .label("not instance data")
            .help(format!(
                "name a `grid {name}[rows, cols] from instance`, a `table {name}[n] from instance` or \
                 `tiles {name}[n] with edges ... from instance`"
            )),
        );
    }
    diags
}
