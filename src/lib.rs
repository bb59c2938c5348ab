//! puzc: a declarative puzzle language, its compiler and its engines.
//!
//! The pipeline, one module per stage (see `docs/ARCHITECTURE.md`):
//! `syntax` (pest grammar → AST with spans) → `check` (names, types, diagnostics)
//! → `lower` (checked model → IR) → `solve` (engines, verifier) → `render` → `cli`.

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
pub mod solve;
pub mod syntax;
#[cfg(test)]
mod testing;
