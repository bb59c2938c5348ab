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

/// The shipped pentomino spec with its box set to 3 × 20.
fn pentomino_3x20() -> String {
    let text = std::fs::read_to_string(root().join("puzzles/pentomino.puz")).unwrap();
    text.replace("let rows = 6", "let rows = 3").replace("let cols = 10", "let cols = 20")
}

/// Pentominoes in a 3 × 20 box: 2 tilings up to symmetry, 8 in all (Golomb, *Polyominoes*).
#[test]
fn pentominoes_3x20_up_to_symmetry() {
    let dir = scratch("symmetry");
    let base = pentomino_3x20();
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

/// The four symmetries of a rectangle that is not a square: itself, its two mirror images
/// and its half turn.
fn rectangle_images(g: &[Vec<char>]) -> Vec<Vec<Vec<char>>> {
    let lr = |g: &[Vec<char>]| g.iter().map(|row| row.iter().rev().copied().collect()).collect::<Vec<Vec<char>>>();
    let ud = |g: &[Vec<char>]| g.iter().rev().cloned().collect::<Vec<Vec<char>>>();
    vec![g.to_vec(), lr(g), ud(g), ud(&lr(g))]
}

/// Asserts that `--all` up to symmetry (`sym`) lists one solution of each class of the full
/// listing (`every`), the classes worked out here by `images`; also that its count agrees.
fn one_per_class(every: &str, sym: &str, images: impl Fn(&[Vec<char>]) -> Vec<Vec<Vec<char>>>, extra: &[&str]) {
    let mut args = vec!["solve", every, "--all"];
    args.extend(extra);
    let all = grids(&run_ok(&args, None, 0));
    let want = classes(&all, &images);
    args[1] = sym;
    let reps = grids(&run_ok(&args, None, 0));
    assert_eq!(reps.len(), want, "{sym}: as many answers as classes");
    assert_eq!(classes(&reps, &images), want, "{sym}: one answer per class");
    assert!(reps.iter().all(|g| all.contains(g)), "{sym}: each answer is a solution");
    args[2] = "--count";
    assert_eq!(run_ok(&args, None, 0).trim(), want.to_string(), "{sym}: the count");
}

/// Three dominoes told apart by name in a 2 × 3 box: 18 tilings. Every tiling by three
/// upright dominoes is its own mirror image top to bottom, so those classes hold 2 tilings
/// and the others 4 — six classes, which the cut search (each domino kept to one of its
/// placements per orbit: the middle upright one is fixed by every symmetry) must all find.
#[test]
fn self_symmetric_tilings_of_named_dominoes() {
    let dir = scratch("symmetry");
    let spec =
        "board b[2, 3]\npiece A = \"##\"\npiece B = \"##\"\npiece C = \"##\"\nplace all on b, rotate\nanswer all\n";
    let every = write(&dir, "dominoes.puz", spec);
    let sym = write(&dir, "dominoes-sym.puz", &spec.replace("answer all", "answer all up to symmetry"));
    assert_eq!(grids(&run_ok(&["solve", &every], None, 0)).len(), 18);
    one_per_class(&every, &sym, rectangle_images, &[]);
    let r = run(&["solve", &sym, "--stats"], None);
    assert!(r.err.contains("search cut to 3 of 7 options of piece A"), "{}", r.err);
}

/// Pentominoes in the 3 × 20 box (2 classes of 8 tilings) and tetrahexes in a 4 × 7
/// parallelogram of hexagons (a half turn only): the listing up to symmetry is one tiling
/// of each class of the full listing.
#[test]
fn listings_of_pieces_one_per_class() {
    let dir = scratch("symmetry");
    let base = pentomino_3x20();
    let every = write(&dir, "p3x20.puz", &base);
    let sym = write(&dir, "p3x20-sym.puz", &base.replace("answer count", "answer count up to symmetry"));
    one_per_class(&every, &sym, rectangle_images, &[]);
    let text = std::fs::read_to_string(root().join("puzzles/tetrahex.puz")).unwrap();
    let sym = write(&dir, "tetrahex-sym.puz", &text.replace("answer count", "answer count up to symmetry"));
    let half = |g: &[Vec<char>]| {
        let t: Vec<Vec<char>> = g.iter().rev().map(|row| row.iter().rev().copied().collect()).collect();
        vec![g.to_vec(), t]
    };
    one_per_class("puzzles/tetrahex.puz", &sym, half, &[]);
}

/// 4 × 4 sudoku (288 grids), without givens and with givens that only some symmetries
/// keep: classes counted here from the full listing under the square's images that map the
/// givens onto themselves. The fill engine searches every grid and keeps representatives;
/// `--threads 2` moves the search to exact cover, which is cut: both list the same answers.
#[test]
fn four_by_four_sudoku_classes_on_both_engines() {
    let dir = scratch("symmetry");
    let spec = "board g[4, 4] of 1..=4\nfill g\nGIVEN\
        region row(r) = { (r, c) for c in 0..4 } for r in 0..4\n\
        region col(c) = { (r, c) for r in 0..4 } for c in 0..4\n\
        region box(b) = { (2 * (b / 2) + i / 2, 2 * (b % 2) + i % 2) for i in 0..4 } for b in 0..4\n\
        each row, col, box holds each value exactly once\nanswer all\n";
    for given in ["", "1.../..../..../...1"] {
        let text = match given {
            "" => spec.replace("GIVEN", ""),
            g => spec.replace("GIVEN", &format!("given g = \"{g}\"\n")),
        };
        let every = write(&dir, "shidoku.puz", &text);
        let sym = write(&dir, "shidoku-sym.puz", &text.replace("answer all", "answer all up to symmetry"));
        let all = grids(&run_ok(&["solve", &every], None, 0));
        if given.is_empty() {
            assert_eq!(all.len(), 288, "4 × 4 sudoku grids (OEIS A107739, n = 2)");
        }
        // The images that keep the givens (a grid of '.' and '1').
        let marks: Vec<Vec<char>> = match given {
            "" => vec![vec!['.'; 4]; 4],
            g => g.split('/').map(|r| r.chars().collect()).collect(),
        };
        let keep: Vec<usize> = (0..8).filter(|&k| square_images(&marks)[k] == marks).collect();
        assert_eq!(keep.len(), if given.is_empty() { 8 } else { 4 });
        let images = |g: &[Vec<char>]| {
            let all = square_images(g);
            keep.iter().map(|&k| all[k].clone()).collect::<Vec<_>>()
        };
        one_per_class(&every, &sym, images, &[]);
        one_per_class(&every, &sym, images, &["--threads", "2"]);
        let fill = run_ok(&["solve", &sym], None, 0);
        assert_eq!(fill, run_ok(&["solve", &sym, "--threads", "2"], None, 0), "givens {given:?}: same answers");
        let r = run(&["solve", &sym, "--stats"], None);
        assert!(r.err.contains("not cut on the fill engine"), "{}", r.err);
        let r = run(&["solve", &sym, "--stats", "--threads", "2"], None);
        assert!(r.err.contains("search cut to"), "{}", r.err);
    }
}

/// The nodes `--stats` reports for a search in `mode` (`--all` searches every solution:
/// a whole count is cut too, see `whole_counts_by_orbits`).
fn nodes(spec: &str, mode: &str) -> u64 {
    let r = run(&["solve", spec, mode, "--stats", "--threads", "1"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let words: Vec<&str> = r.err.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes,").expect("a node count");
    words[at - 1].parse().unwrap()
}

/// The search up to symmetry is cut, not filtered: X of the pentominoes keeps 9 of its 18
/// placements in the 3 × 20 box (the others are their mirror images), and the search visits
/// at most half the nodes of the whole search; 8 queens keep the queen of the first row in
/// its left half. Node counts are deterministic (one thread).
#[test]
fn the_search_up_to_symmetry_is_cut() {
    let dir = scratch("symmetry");
    let base = pentomino_3x20();
    let every = write(&dir, "p3x20.puz", &base);
    let sym = write(&dir, "p3x20-sym.puz", &base.replace("answer count", "answer count up to symmetry"));
    let r = run(&["solve", &sym, "--stats", "--threads", "1"], None);
    assert!(r.err.contains("search cut to 9 of 18 options of piece X, 4 symmetries fix it"), "{}", r.err);
    let (cut, whole) = (nodes(&sym, "--count"), nodes(&every, "--all"));
    assert!(2 * cut <= whole, "{cut} nodes cut, {whole} in all");
    let text = std::fs::read_to_string(root().join("puzzles/queens-distinct.puz")).unwrap();
    let every = write(&dir, "queens.puz", &text.replace(" up to symmetry", ""));
    let r = run(&["solve", "puzzles/queens-distinct.puz", "--stats"], None);
    assert!(r.err.contains("search cut to 4 of 8 options of row(0) holds Q, 2 symmetries fix it"), "{}", r.err);
    assert!(nodes("puzzles/queens-distinct.puz", "--count") < nodes(&every, "--all"));
}

/// A whole count of a symmetric model runs the cut search and adds each solution's orbit:
/// the same counts as listing every solution (named dominoes in a 2 × 3 box, whose upright
/// tilings are their own mirror images; pentominoes in 3 × 20; tetrahexes), as on threads
/// asked for (whole search, not cut), and n queens as a filled board against OEIS A000170.
#[test]
fn whole_counts_by_orbits() {
    let dir = scratch("symmetry");
    let dominoes = "board b[2, 3]\npiece A = \"##\"\npiece B = \"##\"\npiece C = \"##\"\nplace all on b, rotate\n";
    let p3x20 = pentomino_3x20();
    let specs = [
        write(&dir, "dominoes.puz", dominoes),
        write(&dir, "p3x20.puz", &p3x20),
        root().join("puzzles/tetrahex.puz").display().to_string(),
    ];
    for spec in &specs {
        let listed = grids(&run_ok(&["solve", spec, "--all"], None, 0)).len();
        let r = run(&["solve", spec, "--count", "--stats"], None);
        assert_eq!(r.out.trim(), listed.to_string(), "{spec}");
        assert!(r.err.contains("counted by orbits under"), "{spec}: {}", r.err);
        let threads = run_ok(&["solve", spec, "--count", "--threads", "2"], None, 0);
        assert_eq!(threads.trim(), listed.to_string(), "{spec}: on two threads");
    }
    let text = std::fs::read_to_string(root().join("puzzles/queens-distinct.puz")).unwrap();
    let every = write(&dir, "queens.puz", &text.replace(" up to symmetry", ""));
    for (n, all) in [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)] {
        let set = format!("n={n}");
        let r = run(&["solve", &every, "--set", &set, "--stats"], None);
        assert_eq!(r.out.trim(), all.to_string(), "n = {n}");
        assert!(r.err.contains("counted by orbits under 2 symmetries"), "{}", r.err);
    }
}
