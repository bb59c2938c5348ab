//! The docs are tested like the code: every `$` command of README.md and docs/*.md is run and
//! its output compared with the page, every file a page writes is written, and every spec it
//! shows is checked. The convention the pages follow is in `tests/support/doc_pages.rs` (and
//! docs/ARCHITECTURE.md): a `console` block holds `$ COMMAND` lines each followed by its exact
//! output; a block after a line ending `` `NAME`: `` is the file NAME, written to the page's
//! scratch folder for the commands after it; a `puz` block without a name must pass
//! `puzc check` (```` ```puz fragment ````: parse); `<!-- $ COMMAND -->` makes an edit the
//! prose describes; times (`12.345 ms`) match any time; a block not run is marked
//! ```` ```console norun: REASON ```` and listed by the test. docs/diagnostics.md is run the
//! same way by `docs_diagnostics.rs`, which also checks its code table.
//!
//! After a change of output, `PUZC_UPDATE_DOCS=1 cargo test --release --test suite docs_`
//! writes the real output into the pages; review the diff. With `-- --nocapture` each page
//! prints what it ran (commands, files, specs checked, fragments parsed) and the blocks not
//! run, with their reasons.
use crate::doc_pages;

/// Runs one page; fails with every difference found.
fn page(path: &str) {
    let report = doc_pages::run_page(path);
    eprintln!("{}", report.summary());
    let f = &report.failures;
    assert!(f.is_empty(), "{} difference(s):\n\n{}", f.len(), f.join("\n\n"));
}

#[test]
fn readme() {
    page("README.md");
}

#[test]
fn tutorial() {
    page("docs/tutorial.md");
}

#[test]
fn tutorial_pieces() {
    page("docs/tutorial-pieces.md");
}

#[test]
fn tutorial_pencil() {
    page("docs/tutorial-pencil.md");
}

#[test]
fn tutorial_mayan() {
    page("docs/tutorial-mayan.md");
}

#[test]
fn reference() {
    page("docs/reference.md");
}

#[test]
fn moves() {
    page("docs/moves.md");
}

#[test]
fn io() {
    page("docs/io.md");
}

#[test]
fn cli() {
    page("docs/cli.md");
}

#[test]
fn distributed() {
    page("docs/distributed.md");
}

#[test]
fn performance() {
    page("docs/performance.md");
}

#[test]
fn architecture() {
    page("docs/ARCHITECTURE.md");
}

#[test]
fn gallery() {
    page("docs/gallery.md");
}

/// Every page is run by one of the tests above (or `docs_diagnostics.rs`).
#[test]
fn every_page_is_run() {
    let this = include_str!("docs_examples.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") && name != "diagnostics.md" {
            assert!(this.contains(&format!("page(\"docs/{name}\")")), "docs/{name} is not run by docs_examples.rs");
        }
    }
}
