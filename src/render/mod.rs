//! Stage 5: answers → text or JSON, in the puzzle's own terms.
pub mod grid;
pub mod json;
pub mod template;
pub mod text;
