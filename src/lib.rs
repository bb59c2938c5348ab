//! puzc: a declarative puzzle language, its compiler and its engines.
//!
//! The pipeline, one module per stage (see `docs/ARCHITECTURE.md`):
//! `syntax` (pest grammar → AST with spans) → `check` (names, types, diagnostics)
//! → `lower` (checked model → IR) → `solve` (engines, verifier) → `render` → `cli`.
//!
//! Front ends — the command line, `puzc lsp`, `puzc serve`, a program of yours — go through
//! [`api`] and nothing else (`tests/architecture.rs` holds `src/cli/` to it): [`api::diagnose`]
//! a text as an editor shows it, [`api::load`] it, then [`api::solve`] it, each verified
//! answer handed over as the search finds it, with a [`api::Cancel`] handle to stop a long one
//! from another thread; render an answer with [`api::Solution::text`], `json`, `svg` or
//! `trace`. Below that, the pieces `puzc` itself is made of:
//!
//! - [`api::load_checked`], [`api::overrides`]: a spec and its imports read and checked,
//!   `--set` values bound;
//! - [`api::xcc`]: an exact-cover case's [`api::xcc::Plan`] (engine, symmetry, verification),
//!   its matrices, Knuth's estimate, a bare DLX matrix searched;
//! - [`api::moves`]: a played case lowered, guided and searched, its answers in words;
//! - [`api::render`]: answers and puzzles as text, JSON and SVG, output templates;
//! - [`api::parts`]: a search split for many machines; [`api::format`]: `puzc fmt`;
//!   [`api::limits`]: memory and expansion budgets, the interrupt.
//!
//! Six queens, every answer listed and counted:
//!
//! ```rust
//! use puzc::api::{self, Event, Mode, Options};
//! use std::path::Path;
//!
//! let spec = "\
//! let n = 8
//! item rank(r), file(r) for r in 0..n
//! secondary item diag(s), anti(s) for s in 0..2 * n - 1
//! option queen(r, c) = rank(r), file(c), diag(r + c), anti(r - c + n - 1) for r in 0..n, c in 0..n
//! ";
//! let no_imports = |_: &Path| Err(std::io::Error::other("this spec imports nothing"));
//! let sets = ["n=6".to_string()];
//! let problem = api::load(Path::new("queens.puz"), spec, None, &sets, &no_imports).expect("the spec is good");
//! let options = Options { mode: Some(Mode::All), ..Options::default() };
//! let (mut answers, mut count) = (Vec::new(), 0);
//! api::solve(&problem, &options, &mut |event| match event {
//!     Event::Answer(solution) => answers.push(solution.text()),
//!     Event::Case(summary) => count = summary.count,
//! })
//! .expect("it solves");
//! assert_eq!((answers.len(), count), (4, 4));
//! assert_eq!(answers[0], "queen(0,1)\nqueen(1,3)\nqueen(2,5)\nqueen(3,0)\nqueen(4,2)\nqueen(5,4)\n");
//! ```
//!
//! `tests/api.rs` runs this example (doc tests are off) and checks that it is the same text.

// Every stage returns `Result<_, Diagnostic>`; a diagnostic is a few hundred bytes, but errors
// are the rare path and boxing each one would clutter every function of the front end.
#![allow(clippy::result_large_err)]
pub mod api;
pub mod check;
pub mod cli;
pub mod diag;
pub mod ir;
pub mod lower;
pub mod lsp;
pub mod render;
pub mod serve;
pub mod solve;
pub mod syntax;
#[cfg(test)]
mod testing;
