//! Runs the examples of a documentation page and compares them with what `puzc` prints.
//!
//! The convention every page follows (also described in docs/ARCHITECTURE.md):
//!
//! - A fenced block whose last non-blank line before it ends with `` `NAME`: `` defines the
//!   file NAME (any info string: `puz`, `text`, ...): it is written to the page's scratch
//!   folder, where every later command of the page runs, so a page builds on its own files.
//!   A NAME with a `/` names a file of the repository (`puzzles/x.puz`): the block is an
//!   excerpt, and its lines must occur in that file in order (blank lines aside, and
//!   trailing comments, which may differ).
//! - A `console` block holds `$ COMMAND` lines, each followed by its exact output, stdout and
//!   stderr as a terminal shows them (both are one pipe). The command runs under `sh -c` in the scratch folder, with `puzc` on the
//!   `PATH` and the repository's `puzzles/` linked in. `$ echo $?` shows the exit code of the
//!   command before it. Trailing spaces of a line are not compared (editors strip them).
//! - Times cannot repeat, so they are the one thing compared loosely: a number with three
//!   decimals followed by ` ms` or ` s` (how `--stats` prints every time), and a whole number
//!   before ` per second`, match any other such number. Nothing else is normalised.
//! - The info string may name the file instead, shell-like: ```` ```puz >NAME ```` writes
//!   NAME, ```` ```puz >>NAME ```` appends the block to NAME after a blank line (a tutorial's
//!   "Add:" step).
//! - `$ cat NAME`, for a file the page has not written, shows an input: the lines after it
//!   are written as NAME (a judge's input file, shown as a reader would look at it).
//! - In an excerpt, a line `...` stands for lines left out.
//! - A `puz` block without a name is checked on its own: `puzc check` must accept it (exit 0).
//!   A piece of a spec that cannot stand alone is marked ```` ```puz fragment ````, and is
//!   only parsed (`puzc fmt` must accept it).
//! - A line `<!-- $ COMMAND -->` (invisible on the rendered page) runs COMMAND in the scratch
//!   folder at that point; it must exit 0 and its output is not shown. It makes the edits
//!   the prose describes ("misspell `box` in the `each` line"), so the next commands run on
//!   the file the reader has.
//! - A console block that is deliberately not run is marked ```` ```console norun: REASON ````;
//!   the reason is required, and the test lists every such block with it.
//! - A `$ ` line outside a console block is an error: every command shown is run or marked.
//!
//! `PUZC_UPDATE_DOCS=1` rewrites each console block whose output differs with the real
//! output (review the diff); times already on the page are kept where they match loosely.
#![allow(dead_code)]

use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A command slower than this fails the page: keep the docs' examples quick (a long count is
/// marked `norun` with its reason), so the whole test stays well under a minute.
pub const COMMAND_LIMIT: Duration = Duration::from_secs(20);

/// What running a page found.
#[derive(Default)]
pub struct Report {
    /// The page, relative to the repository (`docs/tutorial.md`).
    pub page: String,
    /// `$` commands run and compared (`echo $?` included), and hidden `<!-- $ -->` ones.
    pub commands: usize,
    pub hidden: usize,
    /// Files the page defines (written to the scratch folder), and excerpts of repository files.
    pub files: usize,
    pub excerpts: usize,
    /// Unnamed specs checked with `puzc check`, and fragments parsed with `puzc fmt`.
    pub specs: usize,
    pub fragments: usize,
    /// Console blocks not run: (line, reason).
    pub norun: Vec<(usize, String)>,
    pub failures: Vec<String>,
    /// The slowest command: (seconds, line, command).
    pub slowest: Option<(f64, usize, String)>,
}

impl Report {
    /// One line for the test's output: the counts and the blocks not run.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{}: {} commands (+{} hidden), {} files, {} excerpts, {} specs checked, {} fragments parsed, {} blocks not run",
            self.page,
            self.commands,
            self.hidden,
            self.files,
            self.excerpts,
            self.specs,
            self.fragments,
            self.norun.len()
        );
        if let Some((secs, line, command)) = &self.slowest {
            s += &format!("; slowest {secs:.2} s (line {line}: `{command}`)");
        }
        for (line, reason) in &self.norun {
            s += &format!("\n  not run: {}:{line}: {reason}", self.page);
        }
        s
    }
}

/// A fenced block: its info string, the index of its fence line, and the lines inside.
struct Block {
    info: String,
    fence: usize,
    lines: Vec<String>,
}

/// The file a block defines: the last non-blank line before its fence (hidden commands
/// skipped) ends with `` `NAME`: ``.
fn file_name(lines: &[String], fence: usize) -> Option<String> {
    let before = lines[..fence].iter().rev().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with("<!--"))?;
    let name = before.trim_end().strip_suffix("`:")?;
    let name = &name[name.rfind('`')? + 1..];
    (!name.is_empty() && !name.contains(' ')).then(|| name.to_string())
}

/// How a time printed by `--stats` reads once normalised (see the module comment).
fn normalise(line: &str) -> String {
    static TIME: OnceLock<Regex> = OnceLock::new();
    static RATE: OnceLock<Regex> = OnceLock::new();
    let time = TIME.get_or_init(|| Regex::new(r"\b\d+\.\d{3} (ms|s)\b").unwrap());
    let rate = RATE.get_or_init(|| Regex::new(r"\b\d+ per second\b").unwrap());
    let line = time.replace_all(line.trim_end(), "#.### $1");
    rate.replace_all(&line, "# per second").into_owned()
}

/// The page's scratch folder, with `puzzles/` linked in.
fn scratch(page: &str) -> PathBuf {
    let tag: String = page.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    let dir = std::env::temp_dir().join(format!("puzc-docs-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(Path::new(ROOT).join("puzzles"), dir.join("puzzles")).unwrap();
    dir
}

/// Runs one command in `dir` under `timeout`: what it printed on stdout and stderr, in the
/// order a terminal shows it (both go to one pipe), the exit code, the time.
fn run(dir: &Path, command: &str) -> (String, i32, Duration) {
    let bin = Path::new(env!("CARGO_BIN_EXE_puzc")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let started = Instant::now();
    let (mut reader, writer) = std::io::pipe().unwrap();
    // `timeout` signals its whole process group, so a pipeline's every process ends with it.
    let mut child = Command::new("timeout")
        .args(["-k", "2", &COMMAND_LIMIT.as_secs().to_string(), "sh", "-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .expect("sh runs");
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut reader, &mut out).unwrap();
    let status = child.wait().unwrap();
    (String::from_utf8_lossy(&out).into_owned(), status.code().unwrap_or(-1), started.elapsed())
}

/// Runs every example of `page` (a path relative to the repository) and, with
/// `PUZC_UPDATE_DOCS` set, writes the real outputs into it.
pub fn run_page(page: &str) -> Report {
    let page_path = Path::new(ROOT).join(page);
    let text = std::fs::read_to_string(&page_path).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let dir = scratch(page);
    let mut report = Report { page: page.to_string(), ..Report::default() };
    // (fence line, lines inside as puzc printed them) of each console block that differs.
    let mut updated: Vec<(usize, Vec<String>)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        if let Some(command) = line.trim().strip_prefix("<!-- $ ").and_then(|c| c.strip_suffix("-->")) {
            let command = command.trim();
            let (out, exit, _) = run(&dir, command);
            report.hidden += 1;
            if exit != 0 {
                report.failures.push(format!("{page}:{}: hidden `{command}` exits {exit}:\n{out}", i + 1));
            }
            i += 1;
            continue;
        }
        let Some(info) = line.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len()).find(|&j| lines[j].starts_with("```")).expect("an unclosed fence");
        let block = Block { info: info.trim().to_string(), fence: i, lines: lines[i + 1..end].to_vec() };
        i = end + 1;
        let (kind, attrs) = block.info.split_once(' ').unwrap_or((&block.info, ""));
        let attrs = attrs.trim();
        if kind == "console" {
            if let Some(reason) = attrs.strip_prefix("norun") {
                let reason = reason.trim_start_matches(':').trim();
                if reason.is_empty() {
                    report.failures.push(format!("{page}:{}: `console norun` without a reason", block.fence + 1));
                }
                report.norun.push((block.fence + 1, reason.to_string()));
            } else if let Some(actual) = console(page, &dir, &block, &mut report) {
                updated.push((block.fence, actual));
            }
            continue;
        }
        if let Some(l) = block.lines.iter().position(|l| l.starts_with("$ ")) {
            report.failures.push(format!(
                "{page}:{}: a `$` command outside a console block: make it ```console (or `console norun: REASON`)",
                block.fence + l + 2
            ));
        }
        let text = block.lines.join("\n") + "\n";
        if let Some(name) = attrs.strip_prefix(">>") {
            // Appended to a file the page wrote before.
            let mut file = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|_| {
                report.failures.push(format!("{page}:{}: `>>{name}` before `{name}` was written", block.fence + 1));
                String::new()
            });
            // A paragraph of its own, as a reader adding it would write it.
            if !file.is_empty() && !file.ends_with("\n\n") {
                file.push('\n');
            }
            file += &text;
            std::fs::write(dir.join(name), file).unwrap();
            report.files += 1;
            continue;
        }
        let name = attrs.strip_prefix('>').map(str::to_string).or_else(|| file_name(&lines, block.fence));
        match name {
            Some(name) if name.contains('/') => excerpt(page, &name, &block, &mut report),
            Some(name) => {
                std::fs::write(dir.join(&name), text).unwrap();
                report.files += 1;
            }
            None if kind == "puz" => spec(page, &dir, &block, attrs == "fragment", &mut report),
            None => {}
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if std::env::var_os("PUZC_UPDATE_DOCS").is_some() && !updated.is_empty() {
        let mut out = lines.clone();
        for (fence, actual) in updated.into_iter().rev() {
            let end = (fence + 1..out.len()).find(|&j| out[j].starts_with("```")).unwrap();
            out.splice(fence + 1..end, actual);
        }
        std::fs::write(&page_path, out.join("\n") + "\n").unwrap();
    }
    report
}

/// Runs a console block; returns its lines as puzc printed them when they differ from the page.
fn console(page: &str, dir: &Path, block: &Block, report: &mut Report) -> Option<Vec<String>> {
    let mut actual = Vec::new();
    let mut differs = false;
    let mut last_exit = 0;
    let mut i = 0;
    while i < block.lines.len() {
        let at = block.fence + i + 2;
        let line = &block.lines[i];
        let Some(command) = line.strip_prefix("$ ") else {
            report.failures.push(format!("{page}:{at}: a console block line before any `$` command"));
            return None;
        };
        let end = (i + 1..block.lines.len()).find(|&j| block.lines[j].starts_with("$ ")).unwrap_or(block.lines.len());
        let expected = &block.lines[i + 1..end];
        report.commands += 1;
        let shown = command.trim().strip_prefix("cat ").filter(|f| !f.contains(['/', ' ']) && !dir.join(f).exists());
        let got = if let Some(file) = shown {
            // `$ cat NAME` of a file not written yet shows the input it holds: it defines it.
            std::fs::write(dir.join(file), expected.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
            report.files += 1;
            expected.iter().map(|l| format!("{l}\n")).collect()
        } else if command.trim() == "echo $?" {
            format!("{last_exit}\n")
        } else {
            let (text, exit, took) = run(dir, command);
            last_exit = exit;
            if exit == 124 && took >= COMMAND_LIMIT {
                report.failures.push(format!(
                    "{page}:{at}: `{command}` ran longer than {} s: make the example quicker, or mark the block `console norun: REASON`",
                    COMMAND_LIMIT.as_secs()
                ));
            }
            if report.slowest.as_ref().is_none_or(|s| s.0 < took.as_secs_f64()) {
                report.slowest = Some((took.as_secs_f64(), at, command.to_string()));
            }
            text
        };
        let got: Vec<&str> = got.lines().collect();
        let same = got.len() == expected.len() && got.iter().zip(expected).all(|(g, e)| normalise(g) == normalise(e));
        actual.push(line.clone());
        if same {
            actual.extend(expected.iter().cloned());
        } else {
            differs = true;
            report.failures.push(format!(
                "{page}:{at}: `{command}` prints\n{}\n--- the page says ---\n{}",
                got.join("\n"),
                expected.join("\n")
            ));
            actual.extend(got.iter().map(|l| l.trim_end().to_string()));
        }
        i = end;
    }
    differs.then_some(actual)
}

/// An unnamed spec: `puzc check` accepts it; a fragment: `puzc fmt` parses it.
fn spec(page: &str, dir: &Path, block: &Block, fragment: bool, report: &mut Report) {
    std::fs::write(dir.join("unnamed.puz"), block.lines.join("\n") + "\n").unwrap();
    let command = if fragment { "puzc fmt unnamed.puz" } else { "puzc check unnamed.puz" };
    let (out, exit, _) = run(dir, command);
    if fragment {
        report.fragments += 1;
    } else {
        report.specs += 1;
    }
    if exit != 0 {
        let hint = if fragment {
            "a fragment must parse"
        } else {
            "name its file (a line ending `` `name.puz`: ``) and show the diagnostic, fix it, or mark it ```puz fragment"
        };
        report.failures.push(format!("{page}:{}: `{command}` exits {exit} ({hint}):\n{out}", block.fence + 1));
    }
    let _ = std::fs::remove_file(dir.join("unnamed.puz"));
}

/// A line of a spec without its trailing comment: an excerpt may comment otherwise.
fn code(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && line[..i].ends_with(char::is_whitespace) => return line[..i].trim_end(),
            _ => {}
        }
    }
    line.trim_end()
}

/// A block naming a repository file: its lines occur in the file, in order (compared without
/// trailing comments).
fn excerpt(page: &str, name: &str, block: &Block, report: &mut Report) {
    report.excerpts += 1;
    let Ok(file) = std::fs::read_to_string(Path::new(ROOT).join(name)) else {
        report.failures.push(format!("{page}:{}: `{name}` is not a file of the repository", block.fence + 1));
        return;
    };
    let mut lines = file.lines().map(code);
    for (k, want) in block.lines.iter().enumerate() {
        let want = code(want);
        if want.is_empty() || want == "..." {
            continue;
        }
        if !lines.any(|l| l == want) {
            report.failures.push(format!(
                "{page}:{}: `{want}` is not a line of {name} (after the lines before it)",
                block.fence + k + 2
            ));
            return;
        }
    }
}
