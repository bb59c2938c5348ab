//! `answer ... up to symmetry`: counts of solution classes against published figures (OEIS
//! A002562 for n queens, the pentomino rectangles' counts) and against classes worked out
//! here from every solution, by turning and mirroring the printed grids.

use crate::common;

use common::*;
use puzc::ir::xcc::XccProblem;
use puzc::solve::xcc::{Limits, count};
use std::collections::BTreeSet;

/// Solutions of the lowered matrix, as `compile --emit dlx` prints it, counted by the engine:
/// the matrix holds every solution (symmetry is the collector's business).
fn dlx_count(spec: &str, args: &[&str]) -> u64 {
    let mut all = vec!["compile", spec, "--emit", "dlx"];
    all.extend(args);
    let p = XccProblem::from_dlx_text(&run_ok(&all, None, 0)).expect("the emitted matrix reads back");
    count(&p, &Limits::default()).solutions
}

/// The grids of an `--all` listing (blank lines between them, a count line at the end).
fn grids(out: &str) -> Vec<Vec<Vec<char>>> {
    let mut all = Vec::new();
    let mut cur: Vec<Vec<char>> = Vec::new();
    for line in out.lines() {
        if line.trim().is_empty() || line.ends_with("solutions") || line.ends_with("solution") {
            if !cur.is_empty() {
                all.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(line.chars().collect());
        }
    }
    all
}

/// The eight turns and mirror images of a square grid.
fn square_images(g: &[Vec<char>]) -> Vec<Vec<Vec<char>>> {
    let n = g.len();
    let turn = |g: &Vec<Vec<char>>| (0..n).map(|r| (0..n).map(|c| g[n - 1 - c][r]).collect()).collect::<Vec<_>>();
    let mirror = |g: &Vec<Vec<char>>| g.iter().map(|row| row.iter().rev().copied().collect()).collect::<Vec<_>>();
    let mut out = Vec::new();
    let mut cur = g.to_vec();
    for _ in 0..4 {
        out.push(cur.clone());
        out.push(mirror(&cur));
        cur = turn(&cur);
    }
    out
}

/// Classes of grids under some images: the number of distinct smallest images.
fn classes(all: &[Vec<Vec<char>>], images: impl Fn(&[Vec<char>]) -> Vec<Vec<Vec<char>>>) -> usize {
    all.iter().map(|g| images(g).into_iter().min().unwrap()).collect::<BTreeSet<_>>().len()
}

/// OEIS A002562 (distinct n-queens solutions up to symmetry) and A000170 (all of them).
#[test]
fn queens_up_to_symmetry_match_oeis() {
    let spec = "puzzles/queens-distinct.puz";
    let a002562 = [(4, 1), (5, 2), (6, 1), (7, 6), (8, 12), (9, 46), (10, 92)];
    let a000170 = [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)];
    for (&(n, distinct), &(_, all)) in a002562.iter().zip(&a000170) {
        let set = format!("n={n}");
        assert_eq!(run_ok(&["solve", spec, "--set", &set], None, 0).trim(), distinct.to_string(), "n = {n}");
        if n <= 8 {
            assert_eq!(dlx_count(spec, &["--set", &set]), all, "n = {n}: the emitted matrix holds every solution");
        }
    }
}

/// For each n, every solution (the spec without `up to symmetry`) grouped into classes by
/// turning and mirroring the grids here: as many classes as puzc counts, and the answers
/// puzc lists up to symmetry are one of each class. n = 6 has a single class whose solutions
/// are symmetric under a half turn (4 solutions, not 8): a count by averaging orbit sizes
/// naively would say 4/8.
#[test]
fn queens_classes_agree_with_the_grids() {
    let dir = scratch("symmetry");
    let text = std::fs::read_to_string(root().join("puzzles/queens-distinct.puz")).unwrap();
    let every = write(&dir, "every.puz", &text.replace("answer count up to symmetry", "answer all"));
    for n in 5..=8 {
        let set = format!("n={n}");
        let all = grids(&run_ok(&["solve", &every, "--set", &set], None, 0));
        let want = classes(&all, square_images);
        let reps = grids(&run_ok(&["solve", "puzzles/queens-distinct.puz", "--all", "--set", &set], None, 0));
        assert_eq!(reps.len(), want, "n = {n}");
        assert_eq!(classes(&reps, square_images), want, "n = {n}: one answer per class");
        assert!(reps.iter().all(|g| all.contains(g)), "n = {n}: each answer is a solution");
    }
}

/// A given queen breaks the symmetry: every solution is its own class.
#[test]
fn a_given_breaks_the_symmetry() {
    let dir = scratch("symmetry");
    let text = std::fs::read_to_string(root().join("puzzles/queens-distinct.puz")).unwrap();
    let spec = text.replace(
        "fill b\n",
        "fill b\ngiven b = \"Q......./......../......../......../......../......../......../........\"\n",
    );
    let file = write(&dir, "given.puz", &spec);
    let all = write(&dir, "given-all.puz", &spec.replace(" up to symmetry", ""));
    let total = run_ok(&["solve", &all], None, 0);
    assert_eq!(total.trim(), "4", "8 queens with one in a corner (the board's diagonal keeps it)");
    // The diagonal mirror keeps the corner queen: classes under that mirror alone.
    let every = grids(&run_ok(&["solve", &all, "--all"], None, 0));
    let diagonal = |g: &[Vec<char>]| {
        let t: Vec<Vec<char>> = (0..8).map(|r| (0..8).map(|c| g[c][r]).collect()).collect();
        vec![g.to_vec(), t]
    };
    let want = classes(&every, diagonal);
    assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string());
}

/// Pentominoes in a 3 × 20 box: 2 tilings up to symmetry, 8 in all (Golomb, *Polyominoes*).
#[test]
fn pentominoes_3x20_up_to_symmetry() {
    let dir = scratch("symmetry");
    let text = std::fs::read_to_string(root().join("puzzles/pentomino.puz")).unwrap();
    let base = text.replace("let rows = 6", "let rows = 3").replace("let cols = 10", "let cols = 20");
    let file = write(&dir, "p3x20.puz", &base.replace("answer count", "answer count up to symmetry"));
    assert_eq!(run_ok(&["solve", &file], None, 0).trim(), "2");
    let all = write(&dir, "p3x20-all.puz", &base);
    assert_eq!(run_ok(&["solve", &all], None, 0).trim(), "8");
}

/// Tetrahexes in a 4 × 7 parallelogram of hexagons: the board's only symmetry besides the
/// identity is the half turn (r, c) → (3 − r, 6 − c); its classes, worked out here from the
/// printed tilings, are puzc's count up to symmetry.
#[test]
fn tetrahexes_up_to_a_half_turn() {
    let dir = scratch("symmetry");
    let text = std::fs::read_to_string(root().join("puzzles/tetrahex.puz")).unwrap();
    let all = grids(&run_ok(&["solve", "puzzles/tetrahex.puz", "--all"], None, 0));
    assert_eq!(all.len(), 18);
    // Pieces are told apart by letter, so a tiling's grid of letters is the tiling.
    let half = |g: &[Vec<char>]| {
        let t: Vec<Vec<char>> = g.iter().rev().map(|row| row.iter().rev().copied().collect()).collect();
        vec![g.to_vec(), t]
    };
    let want = classes(&all, half);
    let file = write(&dir, "tetrahex.puz", &text.replace("answer count", "answer count up to symmetry"));
    assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string());
    assert!(want < 18);
}
