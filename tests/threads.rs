//! `--threads N` splits `--all` and `--count` over threads; the output must be identical to
//! one thread's, solutions in the same order.
use std::process::Command;

fn run(args: &[&str]) -> (i32, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzc")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

fn same_for_threads(args: &[&str]) {
    let one = run(args);
    for t in ["2", "3"] {
        let mut with = args.to_vec();
        with.extend(["--threads", t]);
        assert_eq!(run(&with), one, "{args:?} with {t} threads");
    }
}

#[test]
fn counts_are_identical() {
    same_for_threads(&["solve", "puzzles/queens.puz", "--set", "n=10"]);
    same_for_threads(&["solve", "puzzles/langford.puz", "--set", "n=8"]);
    same_for_threads(&[
        "solve",
        "puzzles/pentomino.puz",
        "--set",
        "quarter=true",
        "--set",
        "rows=5",
        "--set",
        "cols=12",
    ]);
}

#[test]
fn all_solutions_are_identical_and_in_order() {
    same_for_threads(&["solve", "puzzles/queens.puz", "--set", "n=6", "--all"]);
    same_for_threads(&["solve", "puzzles/domino.puz", "--instance", "puzzles/instances/domino.in", "--all"]);
    same_for_threads(&["solve", "puzzles/uva211.puz"]);
}
