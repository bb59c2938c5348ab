//! docs/diagnostics.md shows every code with the spec that triggers it and the output "exactly
//! as `puzc` prints it". This test holds the page to that, by the convention of
//! `tests/support/doc_pages.rs` (the other pages are run by `docs_examples.rs`): each
//! example's files are written into a scratch folder, each `$ ...` line of every `console`
//! block is run there, and what it prints and its `echo $?` are compared with the page. The
//! code table and the `## CODE title` headings must match the codes' titles in
//! `src/diag/codes.rs`.
//!
//! After changing a message, `PUZC_UPDATE_DOCS=1 cargo test --release --test suite docs_diagnostics::`
//! writes the real output into the page; review the diff.
use crate::doc_pages;

#[test]
fn documented_diagnostics_are_what_puzc_prints() {
    let report = doc_pages::run_page("docs/diagnostics.md");
    eprintln!("{}", report.summary());
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/diagnostics.md")).unwrap();
    let lines: Vec<&str> = page.lines().collect();
    let mut failures = report.failures;
    assert!(report.commands >= 40, "only {} commands found on the page", report.commands);
    assert!(report.norun.is_empty(), "every example of the page runs");
    failures.extend(titles_match(&lines));
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
