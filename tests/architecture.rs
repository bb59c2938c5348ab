//! The architecture's rules that the compiler does not check, checked by reading the source.
//!
//! Issue 26: "The CLI calls only the library API". `src/cli/` parses arguments and prints;
//! everything it runs — loading, lowering, engines, verification, rendering — it reaches
//! through `crate::api`, the same entry the language server, the playground and a program
//! of yours use. A path into a stage module (`crate::solve::`, `crate::lower::`, ...) in any
//! file under `src/cli/` fails the test, which names each such line.
use crate::common::root;
use std::path::{Path, PathBuf};

/// The stage modules a front end reaches only through `crate::api`.
const STAGES: [&str; 6] = ["solve", "lower", "ir", "check", "syntax", "render"];

/// Files under `src/cli/` not held to the rule yet, each with the reason.
const NOT_YET: &[(&str, &str)] = &[];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The stage modules a line of Rust names through `crate::`: `crate::lower::meter`, and
/// the members of a grouped import, `use crate::{api, lower::model::Model}`.
fn stages_named(line: &str) -> Vec<&'static str> {
    let mut named = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let rest = &line[at + "crate::".len()..];
        let paths: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split([',', '}']).map(str::trim).collect(),
            None => vec![rest],
        };
        for path in paths {
            let head = path.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
            if let Some(stage) = STAGES.iter().find(|s| **s == head)
                && !named.contains(stage)
            {
                named.push(*stage);
            }
        }
    }
    named
}

#[test]
fn the_command_line_calls_only_the_library_api() {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src/cli"), &mut files);
    assert!(files.len() > 5, "src/cli/ holds the command line's files: {files:?}");
    let mut offending = Vec::new();
    let mut excused_but_clean = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<String> = (text.lines().enumerate())
            .filter(|(_, line)| !stages_named(line).is_empty())
            .map(|(n, line)| format!("{rel}:{}: {}", n + 1, line.trim()))
            .collect();
        match NOT_YET.iter().find(|(file, _)| *file == rel) {
            Some(_) if lines.is_empty() => excused_but_clean.push(rel),
            Some(_) => {}
            None => offending.extend(lines),
        }
    }
    assert!(
        offending.is_empty(),
        "src/cli/ reaches into the stages instead of going through crate::api ({} lines):\n{}",
        offending.len(),
        offending.join("\n")
    );
    assert!(
        excused_but_clean.is_empty(),
        "these files keep the rule now: take them off NOT_YET: {excused_but_clean:?}"
    );
}

#[test]
fn the_scan_sees_every_spelling_of_a_stage_path() {
    assert_eq!(stages_named("use crate::lower::meter::parse_bytes;"), ["lower"]);
    assert_eq!(stages_named("    let d = crate::solve::xcc::solve(&p);"), ["solve"]);
    assert_eq!(stages_named("use crate::{api, render::svg, ir::xcc::XccProblem};"), ["render", "ir"]);
    assert_eq!(stages_named("/// see [`crate::syntax::format`]"), ["syntax"]);
    assert_eq!(stages_named("check::check(&spec); crate::check::check(&spec)"), ["check"]);
    // The API, diagnostics and the command line's own modules are fine.
    assert!(stages_named("use crate::api::limits::parse_bytes;").is_empty());
    assert!(stages_named("use crate::diag::{Diagnostic, Sources};").is_empty());
    assert!(stages_named("use crate::cli::exit::Exit; // no crate::solved here").is_empty());
}
