//! Stage 2: static checks on the AST, before anything is evaluated. Reports every error it
//! finds — undefined and duplicated names, names used before their definition, unknown
//! regions, pieces and items, statements of both problem forms — not just the first.
//! What can only be known by evaluating (types, coordinates, counts) is checked during
//! elaboration, with the same diagnostics.
mod clues;
mod derived;
mod distinct;
mod names;
mod pairs;

use crate::diag::Diagnostics;
use crate::syntax::ast::Spec;

/// Every static check of the spec: names and forms, then where `clues` applies, then what
/// pairings, chains and lines that differ need.
pub fn check(spec: &Spec) -> Diagnostics {
    let mut diags = names::check(spec);
    diags.extend(clues::check(spec));
    diags.extend(derived::check(spec));
    diags.extend(pairs::check(spec));
    diags.extend(distinct::check(spec));
    diags
}
