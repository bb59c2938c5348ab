//! Stage 5: answers → text, JSON or pictures, in the puzzle's own terms.
pub mod bridges;
pub mod grid;
pub mod json;
pub mod loops;
pub mod svg;
pub mod template;
pub mod text;
