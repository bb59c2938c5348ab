//! "Changing a size is a change to one line of the spec or of its instance, never to Rust."
//! Each test copies a shipped spec into a scratch directory with exactly ONE line replaced
//! (`spec_with_line` asserts that), or keeps the spec and changes only the instance, then
//! checks the answer with a checker of `support/cli_common.rs` or against a published count.

use crate::common;

use common::*;

/// The sudoku of the pattern formula, cell (r, c) = (k·(r mod k) + r div k + c) mod n + 1:
/// rows are shifts of each other, so every row, column and box holds 1..=n.
fn pattern_sudoku(k: usize) -> Vec<Vec<usize>> {
    let n = k * k;
    (0..n).map(|r| (0..n).map(|c| (k * (r % k) + r / k + c) % n + 1).collect()).collect()
}

/// A full grid with the digits relabelled, rows permuted within bands and bands permuted —
/// still a valid sudoku, less regular than the pattern.
fn shuffled_sudoku(rng: &mut Rng, k: usize) -> Vec<Vec<usize>> {
    let n = k * k;
    let base = pattern_sudoku(k);
    let mut relabel: Vec<usize> = (1..=n).collect();
    rng.shuffle(&mut relabel);
    let mut bands: Vec<usize> = (0..k).collect();
    rng.shuffle(&mut bands);
    let mut rows = Vec::new();
    for &b in &bands {
        let mut within: Vec<usize> = (0..k).collect();
        rng.shuffle(&mut within);
        rows.extend(within.iter().map(|&i| b * k + i));
    }
    rows.iter().map(|&r| base[r].iter().map(|&v| relabel[v - 1]).collect()).collect()
}

/// 25×25 sudoku: `let k = 3` → `let k = 5` in sudoku9.puz. The instance is a valid full grid
/// with about 40% of the cells blanked (`.`), numbers as words; the answer is checked.
#[test]
fn sudoku_25x25_by_changing_k() {
    let dir = scratch("sizes-sudoku25");
    let spec = write(&dir, "sudoku25.puz", &spec_with_line("puzzles/sudoku9.puz", "let k = 3", "let k = 5"));
    let mut rng = Rng::new(25);
    let full = shuffled_sudoku(&mut rng, 5);
    let symbols: Vec<String> = (1..=25).map(|d| d.to_string()).collect();
    check_sudoku(
        5,
        &symbols,
        &full.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        &vec![vec![None; 25]; 25],
    );
    let givens: Vec<Vec<Option<String>>> = full
        .iter()
        .map(|r| r.iter().map(|v| if rng.below(100) < 40 { None } else { Some(v.to_string()) }).collect())
        .collect();
    let blanks = givens.iter().flatten().filter(|g| g.is_none()).count();
    assert!((200..=300).contains(&blanks), "about 40% of 625 blanked: {blanks}");
    let inst: String = givens
        .iter()
        .map(|r| r.iter().map(|g| g.clone().unwrap_or_else(|| ".".into())).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let inst = write(&dir, "sudoku25.txt", &inst);
    let out = run_ok(&["solve", &spec, "--instance", &inst], None, 0);
    check_sudoku(5, &symbols, &parse_grid(&out, 25), &givens);
}

/// 16×16 from the 9×9 spec: `let k = 3` → `let k = 4`, values 1..=16. The POJ 3076 sample
/// with A..P written as 1..16 must give the POJ 3076 sample output (tests/data), relabelled.
#[test]
fn sudoku_16x16_from_the_9x9_spec_matches_poj3076() {
    let dir = scratch("sizes-sudoku16");
    let spec = write(&dir, "s16.puz", &spec_with_line("puzzles/sudoku9.puz", "let k = 3", "let k = 4"));
    let text = std::fs::read_to_string(root().join("puzzles/sudoku16.puz")).unwrap();
    let start = text.find("instance \"\"\"").unwrap() + 12;
    let end = start + text[start..].find("\"\"\"").unwrap();
    let to_num = |ch: char| if ch.is_ascii_uppercase() { ((ch as u8 - b'A') + 1).to_string() } else { ".".into() };
    let inst: String = text[start..end]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().chars().map(to_num).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let inst = write(&dir, "s16.txt", &inst);
    let out = run_ok(&["solve", &spec, "--instance", &inst], None, 0);
    let expected = std::fs::read_to_string(root().join("tests/data/poj3076_sample.out")).unwrap();
    let expected: Vec<Vec<String>> =
        expected.lines().filter(|l| !l.starts_with('#')).map(|l| l.chars().map(to_num).collect()).collect();
    assert_eq!(parse_grid(&out, 16), expected);
}

/// 6 queens: `let n = 8` → `let n = 6`: 4 solutions (OEIS A000170, a(6) = 4).
#[test]
fn queens_6_by_changing_n() {
    let dir = scratch("sizes-queens");
    let spec = write(&dir, "q6.puz", &spec_with_line("puzzles/queens.puz", "let n = 8", "let n = 6"));
    assert_eq!(run_ok(&["solve", &spec], None, 0), "4\n");
    let spec = write(&dir, "q10.puz", &spec_with_line("puzzles/queens.puz", "let n = 8", "let n = 10"));
    assert_eq!(run_ok(&["solve", &spec], None, 0), "724\n", "OEIS A000170, a(10) = 724");
}

/// Langford pairs n = 8: `let n = 7` → `let n = 8`: 150 up to reversal (OEIS A014552), 300 in all.
#[test]
fn langford_8_by_changing_n() {
    let dir = scratch("sizes-langford");
    let spec = write(&dir, "l8.puz", &spec_with_line("puzzles/langford.puz", "let n = 7", "let n = 8"));
    assert_eq!(run_ok(&["solve", &spec], None, 0), "300\n");
    assert_eq!(run_ok(&["solve", &spec, "--set", "half=true"], None, 0), "150\n");
    // n = 5 and 6 have none (n ≡ 1, 2 mod 4): a count of 0 is an answer.
    let spec = write(&dir, "l6.puz", &spec_with_line("puzzles/langford.puz", "let n = 7", "let n = 6"));
    assert_eq!(run_ok(&["solve", &spec], None, 0), "0\n");
}

/// Double-nine dominoes: `let top = 6` → `let top = 9` (a 10×11 board, 55 bones). Layouts
/// come from random tilings with the bones shuffled on (seeded), so each has ≥ 1 tiling;
/// every printed map is checked, and the planted one is among them.
#[test]
fn domino_double_nine_by_changing_top() {
    let dir = scratch("sizes-domino");
    let spec = write(&dir, "d9.puz", &spec_with_line("puzzles/domino.puz", "let top = 6", "let top = 9"));
    let mut rng = Rng::new(9);
    let planted: Vec<(Vec<Vec<u32>>, Vec<u32>)> = (0..5).map(|_| random_domino_layout_and_map(&mut rng, 9)).collect();
    let layouts: Vec<Vec<Vec<u32>>> = planted.iter().map(|p| p.0.clone()).collect();
    let text: String = layouts.iter().map(|l| layout_text(l) + "\n").collect();
    let inst = write(&dir, "d9.txt", &text);
    let out = run_ok(&["solve", &spec, "--instance", &inst, "--all"], None, 0);
    let parsed = parse_puzc_maps(&out, 110);
    assert_eq!(parsed.len(), layouts.len());
    for ((maps, n), (pips, map)) in parsed.iter().zip(&planted) {
        assert!(*n >= 1, "a planted tiling exists");
        assert!(maps.contains(map), "the planted tiling is among the maps");
        assert_eq!(maps.len(), *n);
        for m in maps {
            check_domino_map(pips, m, 9);
        }
        let mut sorted = maps.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), maps.len(), "maps are distinct");
    }
}

/// Tetravex 7×7: only the instance changes (its first line says 7). A random solved board
/// of edge labels 0..9 (seeded), tiles shuffled: Possible, and the printed arrangement is
/// checked edge by edge and as a multiset of the input tiles.
#[test]
fn tetravex_7x7_by_changing_the_instance() {
    let dir = scratch("sizes-tetravex");
    let mut rng = Rng::new(7);
    for _ in 0..3 {
        let mut tiles = random_solved_tetravex(&mut rng, 7, 9);
        rng.shuffle(&mut tiles);
        let inst = write(&dir, "t7.txt", &tetravex_text(7, &tiles));
        let out = run_ok(
            &["solve", "puzzles/tetravex.puz", "--instance", &inst, "--timeout", "20", "--format", "raw"],
            None,
            0,
        );
        check_tetravex(7, &tiles, &out);
    }
}
