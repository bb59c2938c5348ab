//! The library's entry points for every front end: the command line (`crate::cli`), the
//! language server (`crate::lsp`), the playground (`crate::serve`), tests and scripts. Each
//! takes a spec's text from the caller (an editor's unsaved buffer) and file access for its
//! imports, and returns plain data; nothing here prints or exits.
//!
//! - [`diagnose`]: everything `puzc check` says of a text; [`Outline`]: what it declares.
//! - [`load`] → [`Problem`], then [`solve`] with [`Options`] (a [`Mode`], limits, a
//!   [`Cancel`] handle): each verified answer as an [`Event::Answer`] ([`Solution`]: text,
//!   JSON, SVG, trace), each case's [`Summary`].
//!
//! The searches behind [`solve`] are in [`xcc`] (exact cover: engine choice, symmetry,
//! verification) and [`moves`] (played puzzles), which `puzc solve` runs too.
//! `tests::a_spec_is_diagnosed_and_outlined` below shows a use; the crate's doc (`lib.rs`)
//! shows [`solve`].
pub(crate) mod case_rule;
pub(crate) mod cases;
mod diagnose;
pub mod format;
pub mod generate;
pub mod held;
pub mod layout_order;
pub mod limits;
pub(crate) mod load;
pub mod moves;
mod outline;
pub mod parts;
pub mod render;
mod solve;
pub mod xcc;

pub use diagnose::{Diagnosed, diagnose, diagnose_tree};
pub use load::{Failure, Overrides, Problem, Rejected, load, load_checked, overrides};
pub use outline::{Declaration, DeclarationKind, Outline};
pub use solve::{Cancel, Event, Mode, Options, Solution, Status, Summary, progress_line, solve};

/// One case of a spec elaborated against its instance data: its [`Model`] (`elab.model`)
/// and the spec's values (`elab.env`), what lowering and solving start from.
pub use crate::lower::elaborate::Elab;
/// The model of one case: the board with its givens, regions, pieces, items and options,
/// every family expanded and every cell a flat index.
pub use crate::lower::model::Model;
/// An exact-cover answer decoded into the puzzle's terms (values of cells, placed pieces,
/// chosen options).
pub use crate::solve::answer::Answer;
/// A loaded spec: its statements, each with its span.
pub use crate::syntax::ast::Spec;

/// The spec's constants and parameters in one case, as a template prints them (`{n}`).
pub fn globals_as_text(elab: &Elab) -> std::collections::HashMap<String, String> {
    elab.env.globals.iter().map(|(k, (v, _))| (k.clone(), v.to_string())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_spec_is_diagnosed_and_outlined() {
        let text = "board g[2, 2] of 1..2\nfill g\neach row, col holds each value exactly once\n";
        let no_imports = |_: &Path| Err(std::io::Error::other("no imports here"));
        let found = diagnose(Path::new("two.puz"), text, &no_imports);
        // `row` and `col` are not declared: a diagnostic for each, at its name.
        let at: Vec<&str> = found.diagnostics.iter().map(|d| &text[d.label.span.start..d.label.span.end]).collect();
        assert_eq!(at, ["row", "col"]);
        let outline = Outline::of(found.spec.as_ref().unwrap());
        assert_eq!(outline.find("g").map(|d| d.kind), Some(DeclarationKind::Board));
    }

    #[test]
    fn lowering_errors_are_found_and_data_from_elsewhere_is_not_guessed() {
        let no_imports = |_: &Path| Err(std::io::Error::other("no imports here"));
        let spec = "board g[1, 2] of 1..2\nfill g\ngiven g from instance\n";
        // No instance in the spec: it comes with --instance, so nothing is said of it.
        assert!(diagnose(Path::new("a.puz"), spec, &no_imports).diagnostics.is_empty());
        // Its own instance holds a value the board does not have.
        let with = format!("{spec}instance \"\"\"\n17\n\"\"\"\n");
        let found = diagnose(Path::new("a.puz"), &with, &no_imports);
        assert_eq!(found.diagnostics.len(), 1, "{:?}", found.diagnostics);
        assert_eq!(&with[found.diagnostics[0].label.span.start..found.diagnostics[0].label.span.end], "7");
    }
}
