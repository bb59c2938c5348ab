//! The four seed puzzles read their judges' sample inputs and print the judges' sample
//! outputs byte for byte (`tests/data/judges/NAME.in` → `NAME.out`).
//!
//! Where the expected outputs come from:
//! - `zoj1008.out`: the sample output of ZOJ 1008 "Gnome Tetravex" (a blank line between games).
//! - `poj2676.out`, `poj3076.out`: the sample outputs of POJ 2676 and POJ 3076 (the latter with
//!   the blank line after each grid that the judge requires, SEEDS-NOTES.md).
//! - `noip2011_mayan.out`: the sample output of NOIP 2011 "Mayan game" (Luogu P1312).
//! - `uva211.out`: the output of the UVA 211 seed program (`../shared/seeds/003_*.txt`) on the sample
//!   input (its format is the one SEEDS-NOTES.md settles), with the two maps of layout 2 put in
//!   the order of the official sample output (horizontal placements first), which is the only
//!   difference between the seed and the official sample.
use std::io::Write;
use std::process::{Command, Stdio};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `puzc solve SPEC --instance -` with `input` on stdin; returns the exit code and stdout.
fn run_stdin(spec: &str, input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(root())
        .args(["solve", spec, "--instance", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().expect("puzc exits with a code");
    assert!(code <= 1, "{spec}: {}", String::from_utf8_lossy(&out.stderr));
    (code, String::from_utf8(out.stdout).unwrap())
}

/// `run_stdin` for a judge input: every case gets its answer, so the exit code must be 0 (a
/// judge counts any other as a runtime error).
fn solve_stdin(spec: &str, input: &str) -> String {
    let (code, out) = run_stdin(spec, input);
    assert_eq!(code, 0, "{spec}: a judge input must exit 0");
    out
}

fn judge(spec: &str, name: &str) {
    let dir = root().join("tests/data/judges");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
    let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    assert_eq!(solve_stdin(spec, &input), expected, "{spec} on {name}.in");
    // The same from a file.
    let out = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(root())
        .args(["solve", spec, "--instance"])
        .arg(dir.join(format!("{name}.in")))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{spec} on {name}.in as a file");
    assert_eq!(out.status.code(), Some(0), "{spec} on {name}.in as a file: exit 0");
}

#[test]
fn zoj1008_gnome_tetravex() {
    judge("puzzles/tetravex.puz", "zoj1008");
}

#[test]
fn poj2676_sudoku() {
    judge("puzzles/poj2676.puz", "poj2676");
}

#[test]
fn poj3076_sudoku16() {
    judge("puzzles/poj3076.puz", "poj3076");
}

#[test]
fn noip2011_mayan() {
    judge("puzzles/mayan.puz", "noip2011_mayan");
}

#[test]
fn uva211_domino_effect() {
    judge("puzzles/uva211.puz", "uva211");
}


// Inputs without a solution. A spec whose `print` declares what an unsolved case prints (an
// `{else}` branch, or `{count}`, which is then 0) gives a complete answer for it and exits 0;
// a spec without such a declaration exits 1 ("no solution") and prints nothing for that case.

/// ZOJ 1008: a game whose two tiles cannot touch (the right edge 1 never meets a left edge 1,
/// nor a bottom edge 2 a top edge 2) is `Impossible`, declared by `{else}`: exit 0.
#[test]
fn zoj1008_impossible_game_exits_zero() {
    let input = "1\n1 1 1 1\n2\n0 1 2 3\n0 1 2 3\n0 1 2 3\n0 1 2 3\n0\n";
    let (code, out) = run_stdin("puzzles/tetravex.puz", input);
    assert_eq!(out, "Game 1: Possible\n\nGame 2: Impossible\n");
    assert_eq!(code, 0);
}

/// NOIP 2011: `-1` is the `{else}` answer: exit 0.
#[test]
fn mayan_without_solution_exits_zero() {
    assert_eq!(run_stdin("puzzles/mayan.puz", "1\n1 0\n0\n0\n0\n0\n"), (0, "-1\n".to_string()));
}

/// UVA 211: pips all 0 can hold only bone 1 (0-0), so no layout tiles; the template prints
/// `There are 0 solution(s)`: exit 0, and the layout after it is still answered.
#[test]
fn uva211_layout_without_tiling_exits_zero() {
    let zeros = "0 0 0 0 0 0 0 0\n".repeat(7);
    let sample = std::fs::read_to_string(root().join("tests/data/judges/uva211.in")).unwrap();
    let (code, out) = run_stdin("puzzles/uva211.puz", &format!("{zeros}\n{sample}"));
    assert!(out.contains("There are 0 solution(s) for layout #1.\n"), "{out}");
    assert!(out.contains("There are 1 solution(s) for layout #2.\n"), "{out}");
    assert_eq!(code, 0);
}

/// POJ 2676 prints only `{board}`: an unsolvable grid (row 1 needs its 9 in column 9, where
/// row 2 already has one) declares nothing, so exit 1, and the solvable case before it is
/// still printed.
#[test]
fn poj2676_unsolvable_grid_exits_one() {
    let sample = std::fs::read_to_string(root().join("tests/data/judges/poj2676.in")).unwrap();
    let grid = sample.lines().skip(1).take(9).collect::<Vec<_>>().join("\n");
    let bad = "123456780\n000000009\n".to_string() + &"000000000\n".repeat(7);
    let (code, out) = run_stdin("puzzles/poj2676.puz", &format!("2\n{grid}\n{bad}"));
    let expected = std::fs::read_to_string(root().join("tests/data/judges/poj2676.out")).unwrap();
    assert_eq!(out, expected, "only the solvable case is printed");
    assert_eq!(code, 1);
}

/// POJ 3076 likewise: row 1 holds A..O and needs P in its last column, where row 2 has one.
#[test]
fn poj3076_unsolvable_grid_exits_one() {
    let bad = "ABCDEFGHIJKLMNO-\n---------------P\n".to_string() + &"----------------\n".repeat(14);
    let (code, out) = run_stdin("puzzles/poj3076.puz", &bad);
    assert_eq!(out, "");
    assert_eq!(code, 1);
}
