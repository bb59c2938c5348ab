//! Answers and puzzles drawn for people and programs: an exact-cover answer as text (the
//! filled board, the pieces' labels, option names), as JSON, as an SVG picture; an unsolved
//! puzzle's picture (`puzc draw`); a played puzzle's boards move by move; and a spec's own
//! output template (`print "..."`) filled with a case's data. Played puzzles' moves as text
//! and JSON, and their trace, are in [`super::moves`].
use super::{Answer, Model};

/// A picture, written as SVG text by its `Display`; [`Document::is_spent`] when the memory
/// budget cut it short (it must not be shown then).
pub use crate::render::svg::Document;
/// A played puzzle as its pictures see it: the model, the move program and how values show.
pub use crate::render::svg::Played;
/// A played answer's pictures: all its boards in a strip, or one animated board.
pub use crate::render::svg::{moves_animation, moves_answer, played_puzzle};
/// A spec's output template (`print "..."`), parsed, and the data of one case it prints.
pub use crate::render::template::{CaseData, Node};
/// The labels an exact-cover answer's text uses (computed once per model), and the board
/// of givens as a template's `{given}` shows it.
pub use crate::render::text::{Labels, given_grid};

/// An exact-cover answer as `puzc solve` prints it.
pub fn answer_text(model: &Model, labels: &Labels, answer: &Answer) -> String {
    crate::render::text::xcc_answer(model, labels, answer)
}

/// An exact-cover answer as `--format json` writes it.
pub fn answer_json(model: &Model, answer: &Answer) -> serde_json::Value {
    crate::render::json::xcc_answer(model, answer)
}

/// An exact-cover answer's picture (`--format svg`).
pub fn answer_svg(model: &Model, answer: &Answer) -> Document {
    crate::render::svg::xcc_answer(model, answer)
}

/// The picture of an exact-cover puzzle before it is solved (`puzc draw`).
pub fn puzzle_svg(model: &Model) -> Document {
    crate::render::svg::puzzle(model)
}

/// Parses a spec's `print` template (its text starts at `offset` of `file`; `long`: a
/// `"""` string).
pub fn template(
    text: &str,
    file: crate::diag::FileId,
    offset: usize,
    long: bool,
) -> Result<Vec<Node>, crate::diag::Diagnostic> {
    crate::render::template::parse(text, file, offset, long)
}

/// A case's output through its template.
pub fn fill_template(template: &[Node], data: &CaseData) -> String {
    crate::render::template::render(template, data)
}

/// Whether the template says something for a case without an answer (`{if solved}`), so
/// that such a case is printed.
pub fn mentions_unsolved(template: &[Node]) -> bool {
    crate::render::template::mentions_unsolved(template)
}

/// Whether the template declares what a case without a solution prints (an `{else}` with
/// something in it, or `{count}` outside `{if solved}` and `{each ...}`): printing it is
/// then the case's whole answer (exit 0, as a judge expects of `-1` or `Impossible`).
pub fn declares_unsolved(template: &[Node]) -> bool {
    crate::render::template::declares_unsolved(template)
}
