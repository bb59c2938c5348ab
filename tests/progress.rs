//! The progress line: drawn on stderr when it is a terminal, never in a pipe, never with
//! `--quiet`. A pseudo-terminal comes from util-linux's `script`, which runs a command with
//! its output on a pty and copies what the command wrote (stdout and stderr together).
//! `PUZC_PROGRESS_AFTER=0` makes the line appear at once (it waits a second otherwise), and
//! puzc draws that first line before the search starts, so short searches show it.
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_puzc");

/// A short count (12 queens: 14200 solutions, OEIS A000170), a sudoku (the fill engine) and a
/// played puzzle (the move engines publish their nodes too).
const RUNS: [&[&str]; 3] = [
    &["solve", "puzzles/queens.puz", "--set", "n=12", "--count"],
    &["solve", "puzzles/sudoku9.puz", "--count"],
    &["solve", "puzzles/peg-triangle.puz", "--count"],
];

/// Runs puzc under `script` on a pty; `None` when `script` is not installed.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let line: Vec<String> = std::iter::once(BIN).chain(args.iter().copied()).map(|a| format!("'{a}'")).collect();
    let out = Command::new("script")
        .args(["-qec", &line.join(" "), "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZC_PROGRESS_AFTER", "0")
        .output()
        .ok()?;
    assert!(out.status.success(), "{args:?} under script: {out:?}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_terminal_shows_the_line_and_quiet_hides_it() {
    for args in RUNS {
        let Some(seen) = on_a_terminal(args) else {
            eprintln!("`script` (util-linux) is not installed: the pty half of this test did not run");
            return;
        };
        assert!(seen.contains(" nodes, ") && seen.contains(" solution"), "{args:?}: no progress line in {seen:?}");
        // The answer still comes, after the line was erased.
        let last = seen.rsplit('\r').find(|s| !s.trim().is_empty()).unwrap();
        assert!(last.trim_end().ends_with(|c: char| c.is_ascii_digit()), "{args:?}: {seen:?}");
        let quiet: Vec<&str> = args.iter().copied().chain(["--quiet"]).collect();
        let seen = on_a_terminal(&quiet).unwrap();
        assert!(!seen.contains("nodes"), "{quiet:?} drew a line: {seen:?}");
    }
}

#[test]
fn a_pipe_shows_nothing() {
    for args in RUNS {
        let out = Command::new(BIN)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("PUZC_PROGRESS_AFTER", "0")
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("nodes"));
    }
    // 12 queens, as the test above counts it.
    let out = Command::new(BIN).args(RUNS[0]).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "14200\n");
}
