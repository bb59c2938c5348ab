//! Stage 3: a checked spec and an instance → the model → an IR an engine runs.
pub mod bound;
mod cages;
mod counters;
mod counts;
mod data;
pub mod edges;
pub mod elaborate;
pub mod eval;
pub mod fill;
pub mod instance;
mod lattice;
pub mod meter;
pub mod model;
pub mod moves;
pub mod pieces;
pub mod symmetry;
pub mod value;
pub mod xcc;
