//! A search cut into parts for many machines (`puzc split`, `solve --part`, `puzc merge`):
//! the cut itself (pieces at the top of the search tree, balanced by Knuth's estimate), the
//! fingerprints that tie a manifest and its part files to one problem and one cut, the
//! checksum of a part file, and the check that a manifest's pieces are a cut of the tree
//! ([`check_cut`], faults as diagnostics pointing into the manifest). Reading and writing
//! the files is the command line's (`cli/parts.rs`; docs/distributed.md).
mod faults;

use crate::ir::xcc::XccProblem;
use crate::solve::partition;

/// FNV-1a over bytes: the part files' checksum.
pub use crate::solve::partition::Fnv;
/// One piece of a cut: the options taken from the root, and its estimated nodes.
pub use crate::solve::partition::Piece;
pub use faults::check as check_cut;

/// `p`'s search cut into `parts` parts of about equal estimated size, each a list of
/// pieces; `None` for a problem with multiplicities, which cannot be cut.
pub fn split(p: &XccProblem, parts: usize) -> Option<Vec<Vec<Piece>>> {
    partition::split(p, parts, partition::PROBES_PER_PIECE, 1)
}

/// The problem's fingerprint as a manifest writes it: `fnv1a64:` and 16 hex digits.
pub fn fingerprint(p: &XccProblem) -> String {
    format!("fnv1a64:{:016x}", partition::fingerprint(p))
}

/// The fingerprint of a cut (every part's pieces, each a list of option numbers).
pub fn cut_fingerprint(cut: &[Vec<Vec<u32>>]) -> String {
    format!("fnv1a64:{:016x}", partition::cut_fingerprint(cut))
}
