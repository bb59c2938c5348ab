//! Direct options beside `fill` and `place` (reference.md, "Cells of the board in the direct
//! form"): options that name the board's cells, `grid(r, c): v` on a filled board and
//! `grid(r, c)` on a board of pieces. Each puzzle's count is checked against a brute force
//! written here from the puzzle's rules alone (Latin squares by backtracking, domino tilings
//! by the first free cell), every answer of `--all` against those rules, and the verifier
//! against answers that break a direct option's cells.
use crate::common::*;
use puzc::diag::Sources;
use puzc::lower::elaborate::{ExpandLimits, elaborate};
use puzc::lower::instance::InstanceReader;
use puzc::lower::model::Model;
use puzc::solve::answer::{Answer, Placed};
use puzc::solve::verify::verify;
use std::collections::HashMap;

/// A 4×4 Latin square with a thermometer (values rise along `thermo`) and a pair of cells
/// that sums to `sum`, both written as direct options on the cells `g(r, c): v`.
fn latin_spec(thermo: &[(usize, usize)], pair: [(usize, usize); 2], sum: usize) -> String {
    let vars = ["a", "b", "c", "d"];
    let used = &vars[..thermo.len()];
    let covers: Vec<String> = thermo.iter().zip(used).map(|((r, c), v)| format!("g({r}, {c}): {v}")).collect();
    let binders: Vec<String> = used.iter().map(|v| format!("{v} in 1..=4")).collect();
    let rising: Vec<String> = used.windows(2).map(|w| format!("{} < {}", w[0], w[1])).collect();
    let [(r1, c1), (r2, c2)] = pair;
    format!(
        "board g[4, 4] of 1..=4
fill g
region row(r) = {{ (r, c) for c in 0..4 }} for r in 0..4
region col(c) = {{ (r, c) for r in 0..4 }} for c in 0..4
each row, col holds each value exactly once
item thermo, pair
option bulb({args}) = thermo, {covers} for {binders} where {rising}
option sum(x, y) = pair, g({r1}, {c1}): x, g({r2}, {c2}): y for x in 1..=4, y in 1..=4 where x + y == {sum}
",
        args = used.join(", "),
        covers = covers.join(", "),
        binders = binders.join(", "),
        rising = rising.join(" and "),
    )
}

/// Every 4×4 Latin square, by backtracking over rows and columns.
fn latin_squares() -> Vec<[[u8; 4]; 4]> {
    fn fill(g: &mut [[u8; 4]; 4], at: usize, out: &mut Vec<[[u8; 4]; 4]>) {
        if at == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 1..=4 {
            if (0..c).any(|k| g[r][k] == v) || (0..r).any(|k| g[k][c] == v) {
                continue;
            }
            g[r][c] = v;
            fill(g, at + 1, out);
        }
        g[r][c] = 0;
    }
    let mut out = Vec::new();
    fill(&mut [[0; 4]; 4], 0, &mut out);
    out
}

fn satisfies(g: &[[u8; 4]; 4], thermo: &[(usize, usize)], pair: [(usize, usize); 2], sum: usize) -> bool {
    let rising = thermo.windows(2).all(|w| g[w[0].0][w[0].1] < g[w[1].0][w[1].1]);
    let [(r1, c1), (r2, c2)] = pair;
    rising && (g[r1][c1] + g[r2][c2]) as usize == sum
}

#[test]
fn a_latin_square_with_a_thermometer_and_a_sum_written_by_hand() {
    let squares = latin_squares();
    assert_eq!(squares.len(), 576, "4x4 Latin squares (OEIS A002860)");
    let dir = scratch("mixed-latin");
    let cases: [ThermometerCase; 3] = [
        (&[(0, 0), (1, 1), (2, 2)], [(3, 0), (3, 1)], 5),
        (&[(0, 3), (0, 2), (1, 2), (2, 2)], [(3, 3), (2, 0)], 5),
        (&[(1, 0), (2, 1)], [(0, 0), (0, 3)], 3),
    ];
    for (k, (thermo, pair, sum)) in cases.into_iter().enumerate() {
        let spec = write(&dir, &format!("latin{k}.puz"), &latin_spec(thermo, pair, sum));
        let want: Vec<&[[u8; 4]; 4]> = squares.iter().filter(|g| satisfies(g, thermo, pair, sum)).collect();
        assert!(!want.is_empty(), "case {k} has solutions");
        let count = run_ok(&["solve", &spec, "--count"], None, 0);
        assert_eq!(count.trim(), want.len().to_string(), "case {k}: {spec}");
        // Every answer of `--all` is a grid the brute force accepts, each once.
        let all = run_ok(&["solve", &spec, "--all"], None, 0);
        let mut seen = Vec::new();
        for answer in all.split("\n\n").filter(|a| a.contains("bulb(")) {
            let rows: Vec<&str> = answer.lines().take(4).collect();
            let mut g = [[0u8; 4]; 4];
            for (r, row) in rows.iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    g[r][c] = ch.to_digit(10).expect("a digit") as u8;
                }
            }
            assert!(want.contains(&&g), "case {k}: {g:?} breaks the rules");
            assert!(!seen.contains(&g), "case {k}: {g:?} printed twice");
            seen.push(g);
        }
        assert_eq!(seen.len(), want.len(), "case {k}");
    }
}

/// Domino tilings of the cells of a `rows × cols` board that are not in `holes`.
fn tilings(rows: usize, cols: usize, free: &mut Vec<bool>) -> u64 {
    let Some(at) = free.iter().position(|&f| f) else { return 1 };
    let (r, c) = (at / cols, at % cols);
    let mut n = 0;
    free[at] = false;
    for other in [(c + 1 < cols).then_some(at + 1), (r + 1 < rows).then_some(at + cols)].into_iter().flatten() {
        if free[other] {
            free[other] = false;
            n += tilings(rows, cols, free);
            free[other] = true;
        }
    }
    free[at] = true;
    n
}

/// Dominoes on a board with `holes` cells left empty, anywhere but no two in one row (and,
/// with `columns`, no two in one column): the holes are direct options on the board's cells.
fn holes_spec(rows: usize, cols: usize, holes: usize, columns: bool) -> String {
    let dominoes = (rows * cols - holes) / 2;
    let col_item = if columns { "secondary item col(c) for c in 0..cols\n" } else { "" };
    let col_cover = if columns { ", col(c)" } else { "" };
    format!(
        "let rows = {rows}
let cols = {cols}
board b[rows, cols]
piece D = \"##\" times {dominoes}
place D on b, rotate
item hole times {holes}
secondary item row(r) for r in 0..rows
{col_item}option hole(r, c) = hole, b(r, c), row(r){col_cover} for r in 0..rows, c in 0..cols
"
    )
}

#[test]
fn dominoes_with_holes_in_distinct_rows_and_columns() {
    let dir = scratch("mixed-holes");
    for (rows, cols, holes, columns) in [(3, 4, 2, false), (4, 4, 4, true), (4, 5, 2, true)] {
        // Brute force: every set of `holes` cells, no two sharing a row (or column), tiled.
        let cells = rows * cols;
        let mut want = 0u64;
        for mask in 0u32..1 << cells {
            if mask.count_ones() as usize != holes {
                continue;
            }
            let chosen: Vec<usize> = (0..cells).filter(|&c| mask >> c & 1 == 1).collect();
            let distinct = |key: fn(usize, usize) -> usize| {
                let mut keys: Vec<usize> = chosen.iter().map(|&c| key(c, cols)).collect();
                keys.sort();
                keys.dedup();
                keys.len() == chosen.len()
            };
            if !distinct(|c, cols| c / cols) || (columns && !distinct(|c, cols| c % cols)) {
                continue;
            }
            let mut free: Vec<bool> = (0..cells).map(|c| mask >> c & 1 == 0).collect();
            want += tilings(rows, cols, &mut free);
        }
        assert!(want > 0);
        let spec = write(&dir, &format!("holes{rows}x{cols}.puz"), &holes_spec(rows, cols, holes, columns));
        let count = run_ok(&["solve", &spec, "--count"], None, 0);
        assert_eq!(count.trim(), want.to_string(), "{rows}x{cols} with {holes} holes");
        // The first answer leaves exactly the holes its options name uncovered.
        let first = run_ok(&["solve", &spec], None, 0);
        let named = first.lines().filter(|l| l.starts_with("hole(")).count();
        let empty = first.lines().take(rows).map(|l| l.split_whitespace().filter(|t| *t == ".").count()).sum::<usize>();
        assert_eq!((named, empty), (holes, holes), "{first}");
    }
}

#[test]
fn named_cells_appear_in_the_matrix_only_when_named() {
    let dir = scratch("mixed-emit");
    let spec = write(&dir, "one.puz", &latin_spec(&[(0, 0), (1, 1)], [(3, 0), (3, 1)], 5));
    let xcc = run_ok(&["compile", &spec], None, 0);
    let header = xcc.lines().next().unwrap();
    let secondary: Vec<&str> = header.split(" | ").nth(1).expect("secondary items").split(' ').collect();
    assert_eq!(secondary, ["g(0,0)", "g(1,1)", "g(3,0)", "g(3,1)"]);
    // "cell (1,1) takes 3" colours its item; a cell no option names has none.
    assert!(xcc.lines().any(|l| l == "cell(1,1) row(1)=3 col(1)=3 g(1,1):3"), "{xcc}");
    assert!(xcc.lines().any(|l| l == "cell(2,2) row(2)=3 col(2)=3"), "{xcc}");
    // Knuth's spelling keeps them secondary and coloured.
    let dlx = run_ok(&["compile", &spec, "--emit", "dlx"], None, 0);
    assert!(dlx.lines().any(|l| l.starts_with("| item") && l.ends_with("g(1,1)")), "{dlx}");
    // Without the direct options, no such item.
    let plain = std::fs::read_to_string(&spec).unwrap();
    let plain: String = plain
        .lines()
        .filter(|l| !l.starts_with("item") && !l.starts_with("option"))
        .map(|l| format!("{l}\n"))
        .collect();
    let plain = write(&dir, "plain.puz", &plain);
    let xcc = run_ok(&["compile", &plain], None, 0);
    assert!(!xcc.contains("g("), "{xcc}");
}

fn model_of(text: &str) -> Model {
    let mut sources = Sources::default();
    let file = sources.add("mixed.puz", text);
    let spec = puzc::syntax::parse(text, file).expect("parses");
    assert!(puzc::check::check(&spec).is_empty());
    let overrides: &'static HashMap<_, _> = Box::leak(Box::default());
    let mut reader = InstanceReader::new("", file, 0);
    let (elab, diags) = elaborate(&spec, &mut reader, overrides, ExpandLimits::default());
    assert!(diags.is_empty(), "{diags:?}");
    elab.model
}

#[test]
fn the_verifier_checks_the_cells_a_direct_option_names() {
    // A 1×2 row holding 1 and 2, and an option that wants 2 in the first cell.
    let model = model_of(
        "board g[1, 2] of 1..=2
fill g
region row = { (0, 0), (0, 1) }
each row holds each value exactly once
item two
option first = two, g(0, 0): 2
",
    );
    let answer =
        |a: usize, b: usize| Answer { fill: Some(vec![Some(a), Some(b)]), direct: vec![0], ..Answer::default() };
    assert_eq!(verify(&model, &answer(1, 0)), Ok(()));
    assert!(verify(&model, &answer(0, 1)).is_err(), "the option wants value 2 in cell (0, 0)");

    // A 1×3 strip: one domino and a hole named by a direct option.
    let model = model_of(
        "board b[1, 3]
piece D = \"##\"
place D on b
item hole
option hole(c) = hole, b(0, c) for c in 0..3
",
    );
    let cells = [vec![0, 1], vec![1, 2]];
    let placed = |k: usize| vec![Placed { piece: 0, number: 0, cells: &cells[k], edges: None }];
    let answer = |k: usize, hole: usize| Answer { placed: placed(k), direct: vec![hole], ..Answer::default() };
    assert_eq!(verify(&model, &answer(0, 2)), Ok(()));
    assert!(verify(&model, &answer(0, 1)).is_err(), "the hole lies under the domino");
    assert!(verify(&model, &answer(1, 1)).is_err(), "the hole lies under the domino, and (0, 0) is uncovered");
}

/// Scott's problem: the twelve pentominoes around a 2×2 hole in the middle of an 8×8 board,
/// 65 tilings up to symmetry (D. Scott, 1958; Knuth, "Dancing Links", 2000). No board
/// symmetry maps a tiling onto itself (it would map the F, which has no symmetry, onto
/// itself), so each class has 8 tilings: 520 in all.
#[test]
fn scotts_pentominoes_around_the_central_hole() {
    let count = run_ok(
        &["solve", "puzzles/pentomino-square.puz", "--set", "centre=true", "--count", "--threads", "1"],
        None,
        0,
    );
    assert_eq!(count.trim(), "520");
    // The first tiling anywhere leaves exactly the four cells of its hole empty.
    let first = run_ok(&["solve", "puzzles/pentomino-square.puz"], None, 0);
    let (r, c) = first
        .lines()
        .find_map(|l| l.strip_prefix("hole("))
        .and_then(|l| l.strip_suffix(')'))
        .and_then(|l| l.split_once(','))
        .expect("a hole option");
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let grid: Vec<Vec<char>> = first.lines().take(8).map(|l| l.chars().collect()).collect();
    for (y, row) in grid.iter().enumerate() {
        for (x, &ch) in row.iter().enumerate() {
            let in_hole = (r..r + 2).contains(&y) && (c..c + 2).contains(&x);
            assert_eq!(ch == '.', in_hole, "cell ({y}, {x}) of\n{first}");
        }
    }
}

/// A thermometer's cells (increasing from the first), two cells whose values add up to the
/// number given, and that number.
type ThermometerCase = (&'static [(usize, usize)], [(usize, usize); 2], usize);
