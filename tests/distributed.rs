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

// ---------------------------------------------------------------------------------------------
// Edited manifests and part files are refused, never added up (issue 24, item 2). 8 queens
// has 92 solutions (OEIS A000170); each edit below would have given another total.

/// Runs puzc from the crate root: exit code and stderr.
fn puzc_status(args: &[&str]) -> (i32, String) {
    let out = Command::new(BIN).current_dir(ROOT).args(args).output().unwrap();
    (out.status.code().expect("puzc exits"), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The 8-queens manifest in 3 parts, as JSON, and its parts' pieces.
fn queens_manifest(dir: &Path) -> (serde_json::Value, PathBuf) {
    let text = puzc(&["split", "puzzles/queens.puz", "--set", "n=8", "--parts", "3"]);
    let path = dir.join("parts.json");
    std::fs::write(&path, &text).unwrap();
    (serde_json::from_str(&text).unwrap(), path)
}

/// `solve --part 1` with the manifest edited by `edit`: it must be refused with exit 3 and one
/// of `codes`; returns stderr.
fn refused_manifest(tag: &str, codes: &[&str], edit: impl Fn(&mut serde_json::Value)) -> String {
    let dir = scratch(tag);
    let (mut m, _) = queens_manifest(&dir);
    edit(&mut m);
    let path = dir.join("edited.json");
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let solve = ["solve", "puzzles/queens.puz", "--set", "n=8", "--count", "--manifest", path.to_str().unwrap()];
    for part in ["1", "3"] {
        let (code, err) = puzc_status(&[&solve[..], &["--part", part]].concat());
        assert_eq!(code, 3, "{tag}, part {part}: {err}");
        assert!(codes.iter().any(|c| err.starts_with(c)), "{tag}: expected {codes:?}, got\n{err}");
    }
    let (code, err) = puzc_status(&[&solve[..], &["--part", "2"]].concat());
    assert_eq!(code, 3, "{tag}, part 2: {err}");
    err
}

fn pieces(m: &mut serde_json::Value, part: usize) -> &mut Vec<serde_json::Value> {
    m["parts"][part]["pieces"].as_array_mut().unwrap()
}

/// A piece listed in two parts would count 100 for 8 queens.
#[test]
fn manifest_with_a_piece_in_two_parts_is_refused() {
    let err = refused_manifest("twice", &["D607"], |m| {
        let piece = pieces(m, 0)[0].clone();
        pieces(m, 2).push(piece);
    });
    assert!(err.contains("is listed twice"), "{err}");
}

/// A piece dropped would count 84.
#[test]
fn manifest_with_a_piece_dropped_is_refused() {
    let err = refused_manifest("dropped", &["D608"], |m| {
        pieces(m, 1).remove(0);
    });
    assert!(err.contains("no part holds the piece"), "{err}");
}

/// An option repeated in a piece (`[0, 0]`) would count 96: the second 0 is no node of the
/// tree (or, when `[0]` is a piece, the piece lies below it).
#[test]
fn manifest_with_an_option_repeated_is_refused() {
    refused_manifest("repeated", &["D606", "D607"], |m| pieces(m, 0).push(serde_json::json!([0, 0])));
}

/// A part's pieces listed 100 times would count 2500 for its 25.
#[test]
fn manifest_with_pieces_listed_100_times_is_refused() {
    let err = refused_manifest("hundred", &["D607"], |m| {
        let again: Vec<_> = (0..100).flat_map(|_| pieces(m, 0).clone()).collect();
        *pieces(m, 0) = again;
    });
    assert!(err.contains("is listed 100 times"), "{err}");
}

/// An option number past the problem's (it was exit 70, an index out of bounds).
#[test]
fn manifest_with_an_option_out_of_range_is_refused() {
    let err = refused_manifest("range", &["D606"], |m| pieces(m, 0).push(serde_json::json!([4294967295u32])));
    assert!(err.contains("the problem has options 0 to 63"), "{err}");
}

/// The three part files of the 8-queens split, as `solve --part` writes them.
fn queens_parts(dir: &Path) -> Vec<String> {
    let (_, manifest) = queens_manifest(dir);
    (1..=3)
        .map(|i| {
            let i = i.to_string();
            let m = manifest.to_str().unwrap();
            puzc(&["solve", "puzzles/queens.puz", "--set", "n=8", "--count", "--manifest", m, "--part", &i])
        })
        .collect()
}

/// A part's count edited to 2^64 − 1 wrapped the sum to 51; any edit of a part file's lines
/// is refused by its checksum (D609).
#[test]
fn part_file_with_its_count_edited_is_refused() {
    let dir = scratch("edited-count");
    let parts = queens_parts(&dir);
    let files: Vec<PathBuf> = parts
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let file = dir.join(format!("part{}.txt", k + 1));
            std::fs::write(&file, text).unwrap();
            file
        })
        .collect();
    let names: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    assert_eq!(puzc(&[&["merge"][..], &names].concat()), "92\n");
    let count = parts[0].lines().find(|l| l.starts_with("count ")).unwrap();
    for edit in [format!("count {}", u64::MAX), "count 26".to_string()] {
        std::fs::write(&files[0], parts[0].replace(count, &edit)).unwrap();
        let (code, err) = puzc_status(&[&["merge"][..], &names].concat());
        assert_eq!(code, 3, "{edit}: {err}");
        assert!(err.starts_with("D609"), "{edit}: {err}");
    }
}

/// FNV-1a over words (length as 8 bytes, then the bytes): the part file's checksum as
/// docs/distributed.md defines it, written here apart from puzc to make part files by hand.
fn check_line(header: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for line in header {
        for b in (line.len() as u64).to_le_bytes().iter().chain(line.as_bytes()) {
            h = (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("check fnv1a64:{h:016x}")
}

/// Part files with these counts and valid checksums, as a split into `counts.len()` parts.
fn part_files(dir: &Path, counts: &[u128]) -> Vec<String> {
    counts
        .iter()
        .enumerate()
        .map(|(k, count)| {
            let header = vec![
                format!("puzc part {} of {}", k + 1, counts.len()),
                "problem fnv1a64:0123456789abcdef".to_string(),
                "cut fnv1a64:fedcba9876543210".to_string(),
                format!("count {count}"),
            ];
            let file = dir.join(format!("big{k}.txt"));
            std::fs::write(&file, header.join("\n") + "\n" + &check_line(&header) + "\n").unwrap();
            file.to_str().unwrap().to_string()
        })
        .collect()
}

/// Counts are read and added as u128, as `solve` counts: 2^64 + 2^64 is 2^65 (merge read
/// u64 counts), and a sum past 2^128 − 1 is refused (D610), not wrapped.
#[test]
fn merge_adds_u128_counts_and_checks_the_sum() {
    let dir = scratch("u128");
    let files = part_files(&dir, &[1 << 64, 1 << 64]);
    let args: Vec<&str> = std::iter::once("merge").chain(files.iter().map(String::as_str)).collect();
    assert_eq!(puzc(&args), format!("{}\n", 1u128 << 65));
    let files = part_files(&dir, &[1 << 127, 1 << 127]);
    let args: Vec<&str> = std::iter::once("merge").chain(files.iter().map(String::as_str)).collect();
    let (code, err) = puzc_status(&args);
    assert_eq!(code, 3, "{err}");
    assert!(err.starts_with("D610"), "{err}");
}
