//! The integration tests, one module per file of `tests/`, built as one test binary.
//!
//! Cargo would build each file of `tests/` as a binary of its own, each linking the whole
//! library; one binary compiles and links once. A new test file must be named here:
//! `every_test_file_is_in_the_suite` below fails for a file that is not.

mod akari;
mod api;
mod architecture;
mod bridges;
mod browser;
mod chain;
mod cli;
mod compare;
mod confine;
mod connected;
mod conventions;
mod counters;
mod distinct;
mod distributed;
mod docs_diagnostics;
mod docs_examples;
mod edges_engine;
mod engine_moves;
mod engine_xcc;
mod exports;
mod fill_engine;
mod fleet;
mod generate;
mod generate_derived;
mod generate_layout;
mod grade;
mod group_moves;
mod guided_search;
mod input;
mod judges;
mod judges_random;
mod lattices;
mod lines;
mod loops;
mod lsp;
mod memory_budget;
mod messages;
mod mixed_forms;
mod move_symmetry;
mod moves_puzzles;
mod mutate;
mod natural_forms;
mod node_counts;
mod packaging;
mod pairs;
mod pictures;
mod pieces_puzzles;
mod progress;
mod regions;
mod runs;
mod seeds_xcc;
mod seen;
mod serve;
mod sized;
mod sizes;
mod slides;
mod solved;
mod stages;
mod streaming;
mod symmetry;
mod threads;
mod tiles;
mod tooling;
mod ui;
mod weighted;
mod xcc_puzzles;

// Helpers shared by the test modules, compiled once.
#[path = "../benches/common/mod.rs"]
mod bench_common;
#[path = "support/cli_common.rs"]
mod common;
#[path = "support/doc_pages.rs"]
mod doc_pages;
#[path = "support/judge_seeds.rs"]
mod judge_seeds;
#[path = "support/killable.rs"]
mod killable;
#[path = "support/move_fixtures.rs"]
mod move_fixtures;
#[path = "support/seed_mayan.rs"]
mod seed_mayan;
#[path = "support/seed_programs.rs"]
mod seed_programs;
#[path = "support/xcc_seeds.rs"]
mod xcc_seeds;

/// Every `tests/*.rs` file is a module of this suite (Cargo.toml turns off the automatic
/// discovery of test files, which would make each a binary of its own).
#[test]
fn every_test_file_is_in_the_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let suite = std::fs::read_to_string(dir.join("suite.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "suite") {
            assert!(
                suite.contains(&format!("\nmod {module};\n")),
                "tests/{name} is not a module of tests/suite.rs: add `mod {module};`"
            );
        }
    }
}
