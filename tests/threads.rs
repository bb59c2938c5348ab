//! `--threads N` splits `--all` and `--count` over threads, and without `--threads` a search
//! estimated to be long is split over every core; the output must be identical to one
//! thread's, solutions in the same order.
use std::process::Command;

fn run(args: &[&str]) -> (i32, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzc")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

fn same_for_threads(args: &[&str]) {
    let one = run(&[args, &["--threads", "1"]].concat());
    assert_eq!(run(args), one, "{args:?} with the default threads");
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
    // A loop on dancing cells branches by weights: split into pieces, each would learn its
    // own weights and list the loops in another order, so its `--all` keeps to one thread
    // (1416 loops around a lone 3 on a 4×4 board; its `--count` splits).
    same_for_threads(&["solve", "puzzles/slitherlink.puz", "--instance", "tests/data/slitherlink-open-4.txt", "--all"]);
}

/// Run stats (stderr): the threads a run used, when more than one.
fn threads_used(args: &[&str]) -> Option<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .arg("--stats")
        .output()
        .unwrap();
    let stats = String::from_utf8(out.stderr).unwrap();
    // `instance 1: … options, 2 threads; … nodes`
    stats
        .split(", ")
        .find_map(|part| part.split_once(';').map(|(used, _)| used).filter(|u| u.ends_with(" threads")))
        .map(str::to_string)
}

/// Without `--threads`, a long count (Langford 11: about 190k nodes) takes every core and a
/// short one (8 queens: 500 nodes) one thread; uniqueness checks and limited searches one thread.
#[test]
fn long_counts_use_every_core_by_default() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let long = ["solve", "puzzles/langford.puz", "--set", "n=11", "--count"];
    let expected = (cores > 1).then(|| format!("{cores} threads"));
    assert_eq!(threads_used(&long), expected);
    assert_eq!(threads_used(&[&long[..], &["--threads", "1"]].concat()), None);
    assert_eq!(threads_used(&["solve", "puzzles/queens.puz", "--count"]), None);
    assert_eq!(threads_used(&["solve", "puzzles/langford.puz", "--set", "n=11", "--unique"]), None);
    assert_eq!(threads_used(&[&long[..], &["--limit", "5"]].concat()), None);
}
