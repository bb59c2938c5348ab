//! puzc: a declarative puzzle language, its compiler and its engines.
//!
//! The pipeline, one module per stage (see `docs/ARCHITECTURE.md`):
//! `syntax` (pest grammar → AST with spans) → `check` (names, types, diagnostics)
//! → `lower` (checked model → IR) → `solve` (engines, verifier) → `render` → `cli`.
pub mod check;
pub mod cli;
pub mod diag;
pub mod ir;
pub mod lower;
pub mod render;
pub mod solve;
pub mod syntax;
