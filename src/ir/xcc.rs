//! The exact-cover-with-colours problem (XCC; Knuth, TAOCP 7.2.2.1) as plain data.
//!
//! This is the only thing the exact-cover engine sees: no names from the spec beyond
//! the item and option names kept for the exports (`--emit xcc`, `dlx`, `dimacs`, `mzn`) and
//! for diagnostics.
//!
//! Layout is flat: option `o` covers `option_items[option_start[o] .. option_start[o + 1]]`.

/// Index of an item in [`XccProblem::items`]. Primary items come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u32);

/// Index of an option (a row of the matrix).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub u32);

/// Colour of a secondary item in one option. `Colour::NONE` means "uncoloured":
/// the option claims the item outright (at most one option may then contain it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Colour(pub u32);

impl Colour {
    pub const NONE: Colour = Colour(0);
}

/// How often an item must be covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Covered at least `lo` and at most `hi` times (`lo == hi == 1` for plain exact cover).
    /// `1 <= hi` and `lo <= hi` always hold.
    Primary { lo: u32, hi: u32 },
    /// Covered at most once, or by any number of options that agree on its colour.
    Secondary,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub name: String,
    pub kind: ItemKind,
}

/// One (item, colour) entry of an option. Primary items always carry `Colour::NONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub item: ItemId,
    pub colour: Colour,
}

/// An exact cover problem with colours and multiplicities.
///
/// Invariants (checked by [`XccProblem::validate`]):
/// - `items[..n_primary]` are `Primary`, `items[n_primary..]` are `Secondary`;
/// - `option_start` has `options + 1` entries, starts at 0 and never decreases;
/// - every entry names an existing item, no option names an item twice, and only
///   secondary items carry a colour other than `Colour::NONE`;
/// - `colour_names[0]` is the empty string (the name of `Colour::NONE`);
/// - every colour used is an index into `colour_names`, and `colour_names[1..]` are
///   non-empty and distinct;
/// - item names are non-empty and distinct (the DLX text names items, not indices).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XccProblem {
    pub items: Vec<Item>,
    pub n_primary: usize,
    pub option_names: Vec<String>,
    pub option_start: Vec<u32>,
    pub option_items: Vec<Entry>,
    pub colour_names: Vec<String>,
    /// Conditions on the whole solution beyond the items (`global.rs`): each node item is
    /// primary and covered once, and each option listed in a node's `ins` covers it.
    pub globals: Vec<Global>,
    /// Branch by weights on dancing cells: an item's weight grows each time its set of
    /// options is emptied, and the search branches on the item of least live options per
    /// weight (Knuth's SSXCC with weights, after Boussemart, Hemery, Lecoutre and Sais 2004)
    /// instead of the first of least options. The solutions are the same; the tree and the
    /// order they come in are not. The lowering chooses it for boards with pencil-puzzle
    /// rules (`lower/branching.rs`); sets of options, Algorithm M and the exports ignore it.
    pub weighted: bool,
    /// Search for shortest paths only (`Global::Loop` with `paths`): the search may cut any
    /// branch without a *shortest* solution (`solve::xcc::shortcut`: no path can be put
    /// another way that makes the paths shorter, or as short through lower-numbered nodes;
    /// the dancing cells cut paths touching themselves, clause learning also paths going
    /// around a free node). This changes the solutions: it is set only for a first answer
    /// (a shortest solution exists when any does) or a `--unique` search, whose verdict
    /// `solve::xcc::shortcut::another` completes, of a spec whose cells off the paths are
    /// free (`lower/shortcuts.rs`). The exports ignore it.
    pub induced: bool,
}

impl XccProblem {
    pub fn option_count(&self) -> usize {
        self.option_start.len().saturating_sub(1)
    }

    /// The entries of option `o`.
    pub fn option(&self, o: OptionId) -> &[Entry] {
        let o = o.0 as usize;
        &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }
}

mod builder;
mod dimacs;
mod dlx_text;
#[cfg(test)]
pub mod fixtures;
pub mod global;
mod mzn;
mod validate;

pub use builder::XccBuilder;
pub use dlx_text::{COLOUR_CHARS as KNUTH_COLOUR_CHARS, DlxError, KNUTH_NAME_LEN};
pub use global::{Area, Global, NO_LABEL, NO_NODE, perfect_pairing, shape_key};
