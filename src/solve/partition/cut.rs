//! Checking that pieces read from a manifest are a cut of the search tree, as
//! [`split`](super::split) makes them: every piece a node of the tree, no piece at or below
//! another, and every branch reached. Then every solution lies below exactly one piece, and
//! the parts' counts add up to the whole count; a manifest edited by hand (a piece dropped,
//! listed twice, moved to a second part, an option repeated or out of range) is refused
//! instead of giving a wrong total.
//!
//! The tree is the one the probes walk ([`Prober::branch_at`]): below a node, one child per
//! live option of the item the search branches on there. The check walks it from the root
//! down to the pieces, so it costs one `branch_at` per node above a piece, and never takes an
//! option that is not live where the piece takes it (nothing out of range is looked up).
use crate::ir::xcc::XccProblem;
use crate::solve::estimate::Prober;

/// Where a piece is in the manifest: the index of its part and its index among the part's
/// pieces (both from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceAt {
    pub part: usize,
    pub piece: usize,
}

/// Why pieces are not a cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The piece's choice number `at` is not a live option of the node its earlier choices
    /// lead to: no such option, one repeated, one that clashes with an earlier choice, or a
    /// choice below a solution or a dead end.
    NotANode { piece: PieceAt, at: usize },
    /// The piece is listed `times` times in all: `piece` is its second listing, `first` its
    /// first. Its solutions would count more than once.
    Twice { piece: PieceAt, first: PieceAt, times: usize },
    /// The piece lies below another one, whose solutions include its own.
    Below { piece: PieceAt, above: PieceAt },
    /// No piece is at or below this node (the options from the root): its solutions would be
    /// left out.
    Missing { choices: Vec<u32> },
}

/// At most this many faults are collected: a few say what is wrong.
const MAX_FAULTS: usize = 100;

/// The faults of `parts` (each part's pieces, each piece its options from the root) as a cut
/// of `p`'s search tree, in the order found (at most [`MAX_FAULTS`]); empty for a cut.
/// `None` for a problem with multiplicities, which is never split.
pub fn check_cut(p: &XccProblem, parts: &[Vec<Vec<u32>>]) -> Option<Vec<Fault>> {
    let mut prober = Prober::new(p, true, 1)?;
    let mut pieces: Vec<(&[u32], PieceAt)> = Vec::new();
    for (part, list) in parts.iter().enumerate() {
        for (piece, choices) in list.iter().enumerate() {
            pieces.push((choices, PieceAt { part, piece }));
        }
    }
    // In order of their choices, a node's pieces are one run, the node's own piece first
    // (ties in manifest order, so the first listed is the one kept).
    pieces.sort_by(|a, b| a.0.cmp(b.0));
    let mut faults = Vec::new();
    for run in pieces.chunk_by(|a, b| a.0 == b.0).filter(|run| run.len() > 1) {
        faults.push(Fault::Twice { piece: run[1].1, first: run[0].1, times: run.len() });
    }
    pieces.dedup_by(|later, kept| later.0 == kept.0);
    if pieces.is_empty() {
        return Some(vec![Fault::Missing { choices: Vec::new() }]);
    }
    // Nodes to visit: (depth, the run of pieces at or below the node).
    let mut stack = vec![(0usize, 0..pieces.len())];
    while let Some((depth, run)) = stack.pop() {
        if faults.len() >= MAX_FAULTS {
            break;
        }
        let here = &pieces[run.clone()];
        let prefix = &here[0].0[..depth];
        if here[0].0.len() == depth {
            faults.extend(here[1..].iter().map(|&(_, piece)| Fault::Below { piece, above: here[0].1 }));
            continue;
        }
        let Some((_, live)) = prober.branch_at(prefix) else {
            faults.extend(here.iter().map(|&(_, piece)| Fault::NotANode { piece, at: depth }));
            continue;
        };
        // The children's runs, in option order; pieces whose next choice is not live are
        // not nodes. Pushed in reverse, so faults come in the tree's order.
        let mut children = Vec::new();
        let mut k = run.start;
        while k < run.end {
            let next = pieces[k].0[depth];
            let end = k + pieces[k..run.end].partition_point(|(c, _)| c[depth] == next);
            if live.binary_search(&next).is_ok() {
                children.push((next, k..end));
            } else {
                faults.extend(pieces[k..end].iter().map(|&(_, piece)| Fault::NotANode { piece, at: depth }));
            }
            k = end;
        }
        let mut missing = live.iter().filter(|o| children.iter().all(|(c, _)| c != *o)).peekable();
        if missing.peek().is_some() {
            let prefix = prefix.to_vec();
            faults.extend(missing.map(|&o| Fault::Missing { choices: [&prefix[..], &[o]].concat() }));
        }
        stack.extend(children.into_iter().rev().map(|(_, run)| (depth + 1, run)));
    }
    faults.truncate(MAX_FAULTS);
    Some(faults)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::fixtures::queens;
    use crate::solve::partition::{PROBES_PER_PIECE, split};

    fn cut_of(parts: usize) -> Vec<Vec<Vec<u32>>> {
        let p = queens(8);
        let cut = split(&p, parts, PROBES_PER_PIECE, 1).unwrap();
        cut.iter().map(|part| part.iter().map(|piece| piece.choices.iter().map(|o| o.0).collect()).collect()).collect()
    }

    /// What `split` makes is a cut, for several numbers of parts; the root alone is one.
    #[test]
    fn splits_are_cuts() {
        let p = queens(8);
        for parts in [1, 2, 3, 7] {
            assert_eq!(check_cut(&p, &cut_of(parts)), Some(vec![]), "{parts} parts");
        }
        assert_eq!(check_cut(&p, &[vec![vec![]]]), Some(vec![]));
    }

    /// Every edit of a cut that would change the total is found.
    #[test]
    fn edits_of_a_cut_are_faults() {
        let p = queens(8);
        let cut = cut_of(3);
        let at = |part, piece| PieceAt { part, piece };
        // A piece dropped.
        let mut c = cut.clone();
        let dropped = c[1].remove(0);
        assert_eq!(check_cut(&p, &c), Some(vec![Fault::Missing { choices: dropped.clone() }]));
        // The same piece in a second part.
        let mut c = cut.clone();
        c[2].push(dropped.clone());
        let faults = check_cut(&p, &c).unwrap();
        assert_eq!(faults, vec![Fault::Twice { piece: at(2, cut[2].len()), first: at(1, 0), times: 2 }]);
        // A part's pieces listed 100 times: one fault a piece.
        let mut c = cut.clone();
        c[0] = (0..100).flat_map(|_| cut[0].clone()).collect();
        let faults = check_cut(&p, &c).unwrap();
        assert_eq!(faults.len(), cut[0].len());
        assert!(faults.iter().all(|f| matches!(f, Fault::Twice { times: 100, .. })));
        // An option repeated, one out of range, and a piece below another.
        for bad in [[&dropped[..], &[dropped[dropped.len() - 1]]].concat(), vec![u32::MAX]] {
            let mut c = cut.clone();
            c[0].push(bad.clone());
            let faults = check_cut(&p, &c).unwrap();
            assert!(
                matches!(faults[..], [Fault::NotANode { piece, .. } | Fault::Below { piece, .. }] if piece == at(0, cut[0].len())),
                "{bad:?}: {faults:?}"
            );
        }
        // No pieces at all.
        assert_eq!(check_cut(&p, &[vec![], vec![]]), Some(vec![Fault::Missing { choices: vec![] }]));
    }
}
