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

/// Runs `puzc solve SPEC --instance -` with `input` on stdin; returns stdout.
fn solve_stdin(spec: &str, input: &str) -> String {
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
    assert!(out.status.code().is_some_and(|c| c <= 1), "{spec}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
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

/// An unsolvable Mayan board prints the judge's `-1`.
#[test]
fn mayan_without_solution_prints_minus_one() {
    assert_eq!(solve_stdin("puzzles/mayan.puz", "1\n1 0\n0\n0\n0\n0\n"), "-1\n");
}
