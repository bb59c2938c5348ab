//! Snapshot tests, one per pipeline stage, on small specs: what the parser builds, what
//! elaboration makes of it, and what lowering hands the engines. Regenerate with
//! `INSTA_UPDATE=always cargo test --test suite stages::` and review the diff.
use puzc::diag::Sources;
use puzc::lower::elaborate::{ExpandLimits, elaborate};
use puzc::lower::instance::InstanceReader;
use puzc::syntax::ast::StmtKind;
use std::collections::HashMap;

const LATIN: &str = r#"
puzzle "Latin square 3x3"
let n = 3
board grid[n, n] of 1..=n
fill grid
given grid from instance
region row(r) = { (r, c) for c in 0..n } for r in 0..n
region col(c) = { (r, c) for r in 0..n } for c in 0..n
each row, col holds each value exactly once
instance """
1..
...
..2
"""
"#;

fn elaborated(text: &str) -> (puzc::lower::elaborate::Elab<'static>, puzc::syntax::ast::Spec) {
    let mut sources = Sources::default();
    let file = sources.add("test.puz", text);
    let spec = puzc::syntax::parse(text, file).expect("parses");
    assert!(puzc::check::check(&spec).is_empty());
    let inst = spec
        .stmts
        .iter()
        .find_map(|s| match &s.kind {
            StmtKind::Instance(l) => Some(l.clone()),
            _ => None,
        })
        .expect("has an instance");
    let overrides: &'static HashMap<_, _> = Box::leak(Box::default());
    let mut reader = InstanceReader::new(&inst.text, file, inst.offset);
    let (elab, diags) = elaborate(&spec, &mut reader, overrides, ExpandLimits::default());
    assert!(diags.is_empty(), "{diags:?}");
    (elab, spec)
}

#[test]
fn parse_stage_keeps_every_span() {
    let mut sources = Sources::default();
    let text = "let n = 2 * (3 + k)\nregion d = { (i, i) for i in 0..n where i % 2 == 0 }\n";
    let file = sources.add("t.puz", text);
    let spec = puzc::syntax::parse(text, file).unwrap();
    insta::assert_debug_snapshot!("parse_let_and_region", spec);
}

#[test]
fn elaborate_stage_builds_regions_and_givens() {
    let (elab, _) = elaborated(LATIN);
    let board = elab.model.board.as_ref().unwrap();
    let regions: Vec<String> =
        elab.model.regions.iter().map(|r| format!("{} {:?} {:?}", r.name, r.cells, r.once)).collect();
    let summary = format!(
        "board {} {}x{} values {:?}\ngiven {:?}\nregions:\n{}\n",
        board.name,
        board.rows,
        board.cols,
        board.values.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
        board.given,
        regions.join("\n")
    );
    insta::assert_snapshot!("elaborate_latin", summary);
}

#[test]
fn lower_stage_exact_cover_matrix() {
    let (elab, _) = elaborated(LATIN);
    let low = puzc::lower::xcc::lower(&elab.model, 1000).unwrap();
    insta::assert_snapshot!("lower_latin_dlx", low.problem.to_dlx_text());
}

#[test]
fn lower_stage_move_program() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/mayan.puz")).unwrap();
    let (mut elab, spec) = elaborated(&text);
    let low = puzc::lower::moves::lower(&spec, &mut elab).map_err(|d| format!("{d:?}")).unwrap();
    assert_eq!(low.problem.dead_below, Some(3), "runs of 3 are the only removal rule");
    insta::assert_snapshot!("lower_mayan_moves", low.problem.to_text());
}
