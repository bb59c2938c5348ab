//! `puzc split` → `puzc solve --part I` for every part → `puzc merge`: the merged count equals
//! the published count, and merged answers are one process's answers. The parts run as
//! docs/distributed.md runs them: a shell loop (and GNU parallel, when it is installed).
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_puzc");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("puzc-test-split-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs puzc from the crate root; panics unless it exits 0. Returns stdout.
fn puzc(args: &[&str]) -> String {
    let out = Command::new(BIN).current_dir(ROOT).args(args).output().unwrap();
    assert!(out.status.success(), "puzc {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Splits `spec` (with `settings`) into `parts`, solves every part on its own thread (as
/// separate processes would), merges, and returns what merge prints.
fn split_solve_merge(dir: &Path, spec: &str, settings: &[&str], parts: usize, mode: &str) -> String {
    let manifest = dir.join("parts.json");
    let n = parts.to_string();
    let mut split: Vec<&str> = vec!["split", spec, "--parts", &n];
    split.extend(settings);
    std::fs::write(&manifest, puzc(&split)).unwrap();
    let files: Vec<PathBuf> = std::thread::scope(|s| {
        let handles: Vec<_> = (1..=parts)
            .map(|i| {
                let manifest = &manifest;
                s.spawn(move || {
                    let i = i.to_string();
                    let mut solve = vec!["solve", spec, mode, "--manifest", manifest.to_str().unwrap(), "--part", &i];
                    solve.extend(settings);
                    let file = dir.join(format!("part{i}.txt"));
                    std::fs::write(&file, puzc(&solve)).unwrap();
                    file
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut merge = vec!["merge"];
    // In reverse: merge orders the parts by number itself.
    merge.extend(files.iter().rev().map(|f| f.to_str().unwrap()));
    puzc(&merge)
}

/// 9356 tilings of the 6×10 box by the twelve pentominoes, 2339 up to symmetry (C. B. and
/// J. Haselgrove, 1960; the figures Knuth's "Dancing links" paper confirms).
#[test]
fn pentominoes_split_three_ways_count_9356() {
    let dir = scratch("pento");
    assert_eq!(split_solve_merge(&dir, "puzzles/pentomino.puz", &[], 3, "--count"), "9356\n");
    assert_eq!(split_solve_merge(&dir, "puzzles/pentomino.puz", &["--set", "quarter=true"], 2, "--count"), "2339\n");
}

/// 14200 solutions of 12 queens (OEIS A000170), with the parts run by a shell loop as
/// docs/distributed.md shows, and by GNU parallel when it is installed.
#[test]
fn twelve_queens_by_shell_loop_and_parallel() {
    let dir = scratch("queens");
    let script = r#"
        set -e
        "$PUZC" split puzzles/queens.puz --set n=12 --parts 4 > "$D/q12.json"
        for i in 1 2 3 4; do
            "$PUZC" solve puzzles/queens.puz --set n=12 --count --manifest "$D/q12.json" --part $i > "$D/part$i.txt"
        done
        "$PUZC" merge "$D"/part*.txt
    "#;
    let run = |script: &str| {
        let out =
            Command::new("sh").args(["-c", script]).current_dir(ROOT).env("PUZC", BIN).env("D", &dir).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(script), "14200\n");
    let parallel = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    if parallel {
        let script = r#"
            set -e
            rm -f "$D"/part*.txt
            parallel "$PUZC" solve puzzles/queens.puz --set n=12 --count --manifest "$D/q12.json" --part {} '>' "$D/part{}.txt" ::: 1 2 3 4
            "$PUZC" merge "$D"/part*.txt
        "#;
        assert_eq!(run(script), "14200\n");
    } else {
        eprintln!("GNU parallel is not installed: only the shell loop ran");
    }
}

/// `--all` parts merged: the same answers as one process (each part keeps one process's order;
/// the parts follow one another), and the same closing count.
#[test]
fn merged_answers_are_one_process_answers() {
    let dir = scratch("all");
    let merged = split_solve_merge(&dir, "puzzles/queens.puz", &["--set", "n=8"], 3, "--all");
    let whole = puzc(&["solve", "puzzles/queens.puz", "--set", "n=8", "--all"]);
    let blocks = |s: &str| {
        let (answers, last) = s.trim_end().rsplit_once("\n\n").unwrap();
        let mut b: Vec<String> = answers.split("\n\n").map(String::from).collect();
        b.sort();
        (b, last.to_string())
    };
    let (m, m_last) = blocks(&merged);
    let (w, w_last) = blocks(&whole);
    assert_eq!(m.len(), 92);
    assert_eq!((m, m_last), (w, w_last));
}
