//! docs/diagnostics.md shows every code with the spec that triggers it and the output "exactly
//! as `puzc` prints it". This test holds the page to that: it writes each example's files
//! (a line ending with `` `NAME`: `` followed by a fenced block) into a scratch folder, runs
//! each `$ ...` line of every `console` block there (with `puzc` on the `PATH`, `puzzles/`
//! linked in, one folder for the whole page so later examples may use files earlier ones
//! made), and compares what it prints and its `echo $?` with the page. The code table and
//! the `## CODE title` headings must match the codes' titles in `src/diag/codes.rs`.
//!
//! After changing a message, `PUZC_UPDATE_DOCS=1 cargo test --release --test docs_diagnostics`
//! writes the real output into the page; review the diff.
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fenced block of the page: its info string, and the lines between the fences.
struct Block {
    info: String,
    /// Line index of the first line inside the block.
    first: usize,
    lines: Vec<String>,
}

fn blocks(lines: &[&str]) -> Vec<Block> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(info) = lines[i].strip_prefix("```") {
            let start = i + 1;
            let end = (start..lines.len()).find(|&j| lines[j].starts_with("```")).expect("an unclosed fence");
            out.push(Block {
                info: info.trim().to_string(),
                first: start,
                lines: lines[start..end].iter().map(|s| s.to_string()).collect(),
            });
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The file a block defines: the last non-blank line before it ends with `` `NAME`: ``.
fn file_name(lines: &[&str], block: &Block) -> Option<String> {
    let before = lines[..block.first - 1].iter().rev().find(|l| !l.trim().is_empty())?;
    let name = before.trim_end().strip_suffix("`:")?;
    let name = &name[name.rfind('`')? + 1..];
    (!name.contains(' ')).then(|| name.to_string())
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzc-docs-diag-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(Path::new(ROOT).join("puzzles"), dir.join("puzzles")).unwrap();
    dir
}

/// Runs one `$` line in `dir`: stdout then stderr, and the exit code.
fn run(dir: &Path, command: &str) -> (String, i32) {
    let bin = Path::new(env!("CARGO_BIN_EXE_puzc")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let out = Command::new("sh").arg("-c").arg(command).current_dir(dir).env("PATH", path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (text, out.status.code().unwrap_or(-1))
}

#[test]
fn documented_diagnostics_are_what_puzc_prints() {
    let page_path = Path::new(ROOT).join("docs/diagnostics.md");
    let page = std::fs::read_to_string(&page_path).unwrap();
    let lines: Vec<&str> = page.lines().collect();
    let dir = scratch();
    let mut failures = Vec::new();
    // (line index of the block's first line, its lines as puzc printed them)
    let mut updated: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut commands = 0;
    for block in blocks(&lines) {
        if block.info != "console" {
            if let Some(name) = file_name(&lines, &block) {
                std::fs::write(dir.join(&name), block.lines.join("\n") + "\n").unwrap();
            }
            continue;
        }
        let mut actual = Vec::new();
        let mut last_exit = 0;
        let mut i = 0;
        while i < block.lines.len() {
            let line = &block.lines[i];
            let command = line.strip_prefix("$ ").unwrap_or_else(|| {
                panic!("docs/diagnostics.md:{}: a console block line that is no `$` command", block.first + i + 1)
            });
            let end =
                (i + 1..block.lines.len()).find(|&j| block.lines[j].starts_with("$ ")).unwrap_or(block.lines.len());
            let expected: Vec<&str> = block.lines[i + 1..end].iter().map(|l| l.trim_end()).collect();
            let got = if command == "echo $?" {
                last_exit.to_string()
            } else {
                commands += 1;
                let (text, exit) = run(&dir, command);
                last_exit = exit;
                text
            };
            let got: Vec<&str> = got.lines().map(str::trim_end).collect();
            if got != expected {
                failures.push(format!(
                    "docs/diagnostics.md:{}: `{command}` prints\n{}\n--- the page says ---\n{}",
                    block.first + i + 1,
                    got.join("\n"),
                    expected.join("\n")
                ));
            }
            actual.push(line.clone());
            actual.extend(got.iter().map(|s| s.to_string()));
            i = end;
        }
        updated.push((block.first, block.lines.len(), actual));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(commands >= 40, "only {commands} commands found on the page");
    failures.extend(titles_match(&lines));
    if std::env::var_os("PUZC_UPDATE_DOCS").is_some() && !failures.is_empty() {
        let mut out: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        for (first, len, actual) in updated.into_iter().rev() {
            out.splice(first..first + len, actual);
        }
        std::fs::write(&page_path, out.join("\n") + "\n").unwrap();
    }
    assert!(failures.is_empty(), "{} difference(s):\n\n{}", failures.len(), failures.join("\n\n"));
}

/// The table row and the heading of every code name its title.
fn titles_match(lines: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for code in puzc::diag::Code::ALL {
        let (c, title) = (code.as_str(), code.title());
        let heading = format!("## {c} {title}");
        if !lines.contains(&heading.as_str()) {
            failures.push(format!("docs/diagnostics.md: no heading `{heading}`"));
        }
        let anchor: String = format!("{c} {title}")
            .to_lowercase()
            .chars()
            .filter(|ch| ch.is_alphanumeric() || *ch == ' ' || *ch == '-')
            .map(|ch| if ch == ' ' { '-' } else { ch })
            .collect();
        let row = format!("| [{c}](#{anchor}) | {title} |");
        if !lines.contains(&row.as_str()) {
            failures.push(format!("docs/diagnostics.md: no table row `{row}`"));
        }
    }
    failures
}
