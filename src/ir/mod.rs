//! Intermediate representations: plain data that the engines consume. Nothing here knows
//! about pest, miette or the AST.
pub mod edges;
pub mod fill;
pub mod guide;
pub mod moves;
pub mod patterns;
pub mod symmetry;
pub mod xcc;
