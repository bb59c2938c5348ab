//! UI tests: one bad spec per file in `tests/ui/`, each naming the diagnostics it must produce.
//! The rendered diagnostics (no colour, 100 columns) are kept as insta snapshots in
//! `tests/snapshots/suite__ui__NAME.snap`; regenerate with `INSTA_UPDATE=always cargo test --test suite ui::`
//! and review the diff.
//!
//! A case starts with comment lines that say what to expect:
//!
//! ```text
//! # expect: E101 E102     codes that must appear (a code listed twice must appear twice)
//! # errors: 3             the summary must count this many errors, and exactly this many codes appear
//! # args: --max-options 500
//! # cmd: solve            the command (default `check`)
//! # exit: 3               the exit code (default 3)
//! ```
//!
//! A sibling `NAME.in` is passed with `--instance`. Other siblings (`*.inc`) are imported
//! specs; they are not cases themselves.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::killable;
use killable::run_killable;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// No case may take longer than this (they take milliseconds).
const KILL_AFTER: Duration = Duration::from_secs(20);

struct Case {
    name: String,
    /// Relative to the crate root, as passed to puzc.
    path: String,
    expect: Vec<String>,
    errors: Option<usize>,
    args: Vec<String>,
    cmd: String,
    exit: i32,
    instance: Option<String>,
}

fn cases() -> Vec<Case> {
    let dir = Path::new(ROOT).join("tests/ui");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/ui exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puz"))
        .collect();
    paths.sort();
    paths.iter().map(|p| parse_case(p)).collect()
}

fn parse_case(path: &Path) -> Case {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    // Lossy: a case may hold bytes that are not UTF-8 on purpose (P006); its directives are ASCII.
    let text = String::from_utf8_lossy(&std::fs::read(path).expect("case is readable")).into_owned();
    let directive = |key: &str| {
        text.lines().take_while(|l| l.starts_with('#')).find_map(|l| {
            l.strip_prefix('#').map(str::trim).and_then(|l| l.strip_prefix(key)).map(|v| v.trim().to_string())
        })
    };
    let first = text.lines().next().unwrap_or("");
    assert!(first.starts_with("# expect:"), "{name}: the first line must be `# expect: CODE`");
    let expect: Vec<String> = directive("expect:").unwrap().split_whitespace().map(String::from).collect();
    assert!(!expect.is_empty(), "{name}: `# expect:` names no code");
    let inst = path.with_extension("in");
    Case {
        path: format!("tests/ui/{name}.puz"),
        expect,
        errors: directive("errors:").map(|n| n.parse().expect("`# errors:` takes a number")),
        args: directive("args:").map(|a| a.split_whitespace().map(String::from).collect()).unwrap_or_default(),
        cmd: directive("cmd:").unwrap_or_else(|| "check".into()),
        exit: directive("exit:").map_or(3, |n| n.parse().expect("`# exit:` takes a number")),
        instance: inst.exists().then(|| format!("tests/ui/{name}.in")),
        name,
    }
}

/// Runs puzc from the crate root; kills it after [`KILL_AFTER`]. Returns (exit code, stderr).
fn run(case: &Case) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzc"));
    cmd.current_dir(ROOT).arg(&case.cmd).arg(&case.path).args(["--colour", "never"]);
    if let Some(i) = &case.instance {
        cmd.args(["--instance", i]);
    }
    cmd.args(&case.args);
    let (code, err, _) = run_killable(cmd, KILL_AFTER);
    (code, normalise(&err))
}

/// Absolute paths (the crate root) are cut, so snapshots hold the same text on any machine.
fn normalise(s: &str) -> String {
    s.replace(&format!("{ROOT}/"), "").replace(ROOT, ".")
}

/// The codes in rendered diagnostics: miette prints each on a line of its own.
fn codes_in(stderr: &str) -> Vec<String> {
    let known: Vec<&str> = puzc::diag::Code::ALL.iter().map(|c| c.as_str()).collect();
    stderr.lines().map(str::trim).filter(|l| known.contains(l)).map(String::from).collect()
}

#[test]
fn every_ui_case_reports_what_it_expects() {
    let cases = cases();
    assert!(cases.len() >= 50, "only {} UI cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let (code, stderr) = run(case);
        let mut fail = |why: String| failures.push(format!("{}: {why}\n--- stderr ---\n{stderr}", case.name));
        if code != Some(case.exit) {
            fail(format!("exit {code:?}, expected {}", case.exit));
            continue;
        }
        if stderr.contains("internal error") || stderr.contains("panicked") || stderr.contains('\x1b') {
            fail("an internal error, a panic or a colour code on stderr".into());
        }
        let found = codes_in(&stderr);
        let mut wanted: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &case.expect {
            *wanted.entry(c.as_str()).or_default() += 1;
        }
        for (c, n) in wanted {
            let got = found.iter().filter(|f| *f == c).count();
            if got < n {
                fail(format!("expected {c} {n} time(s), found {got} (codes: {found:?})"));
            }
        }
        if case.exit == 3 && !stderr.contains("╭─[") {
            fail("a diagnostic without a source frame (no span)".into());
        }
        if let Some(n) = case.errors {
            let summary = format!("error: {n} error{} found", if n == 1 { "" } else { "s" });
            if !stderr.lines().any(|l| l == summary) {
                fail(format!("no summary line `{summary}`"));
            }
            if found.len() != n {
                fail(format!("{} diagnostics, expected {n}", found.len()));
            }
        }
        insta::assert_snapshot!(case.name.as_str(), stderr);
    }
    assert!(failures.is_empty(), "{} UI case(s) failed:\n\n{}", failures.len(), failures.join("\n"));
}

/// A case with several errors must report them all under one summary.
#[test]
fn some_cases_report_three_or_more_errors_at_once() {
    let multi = cases().iter().filter(|c| c.errors.is_some_and(|n| n >= 3)).count();
    assert!(multi >= 3, "only {multi} UI cases check a summary of 3 or more errors");
}

/// Every code has a UI case that expects it and an entry in docs/diagnostics.md.
#[test]
fn every_code_has_a_ui_case_and_a_docs_entry() {
    let cases = cases();
    let docs =
        std::fs::read_to_string(Path::new(ROOT).join("docs/diagnostics.md")).expect("docs/diagnostics.md exists");
    let headings: Vec<&str> =
        docs.lines().filter_map(|l| l.strip_prefix("## ")).map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    let mut missing = Vec::new();
    for code in puzc::diag::Code::ALL {
        let c = code.as_str();
        if !cases.iter().any(|k| k.expect.iter().any(|e| e == c)) {
            missing.push(format!("{c}: no UI case in tests/ui/ expects it"));
        }
        if !headings.contains(&c) {
            missing.push(format!("{c}: no `## {c}` entry in docs/diagnostics.md"));
        }
    }
    for k in &cases {
        for e in &k.expect {
            if !puzc::diag::Code::ALL.iter().any(|c| c.as_str() == e) {
                missing.push(format!("{}: expects {e}, which is not a code", k.name));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
