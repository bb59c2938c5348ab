//! Which lowered problems branch by weights (`XccProblem::weighted`, `solve/xcc/cells/
//! weights.rs`): those of a board with any of the pencil-puzzle rules — counts and cells
//! apart, connected areas, areas with clues or sizes, 2×2 blocks, pairings, shapes of
//! regions, lines across borders, lines that differ, comparisons, cells seen, sight lines,
//! loops, lines and paths, bridges — and no runs. Runs (Nonogram) lower to one option per layout of a line,
//! items of many options that weights served badly: the 20×20 Nonogram's proof went from
//! 6,420 nodes to 68,010 with them.
//!
//! Their items are mostly cells with two or three options, which plain minimum remaining
//! values meets as long runs of ties, broken in reading order; weights lead the search to
//! the cells where the rules keep failing instead (docs/performance.md, "Issue 23's
//! targets": Akari 14×24 from 849,210 nodes to a few hundred, the 20×36 Nurikabe, Masyu,
//! LITS and Heyawake from no proof in 20 s or more to under a second). Boards of plain regions and cages (sudoku,
//! killer sudoku, KenKen), pieces and the direct form keep plain MRV, whose trees and
//! solution orders the benchmarks and the `dlx` crate share.
use super::model::Model;

/// Does `model` branch by weights? Every field of [`Model`] is named, so a new rule does not
/// compile until it is classed here (a pencil-puzzle rule, or not).
pub fn weighted(model: &Model) -> bool {
    let Model {
        // The pencil-puzzle rules.
        counts,
        apart,
        connected,
        areas,
        blocks,
        pairs,
        sized,
        connected_each,
        shapes,
        crossings,
        compares,
        loop_rule,
        bridges,
        seen,
        sight,
        distinct,
        // Runs: one option per layout of a line, which weights serve badly (above).
        runs,
        // A chain of consecutive numbers: its items are numbers and cells whose options name
        // where the next number stands, which MRV meets well (weights left the node counts of
        // Hidato and Numbrix as they were).
        chain: _,
        // Regions, cages, pieces and the direct form keep plain MRV; the rest is no rule.
        title: _,
        board: _,
        fill: _,
        regions: _,
        cages: _,
        pieces: _,
        placing: _,
        pieces_apart: _,
        confine: _,
        confine_where: _,
        match_edges: _,
        border: _,
        items: _,
        options: _,
        cell_covers: _,
        answer: _,
        up_to_symmetry: _,
        letters: _,
        letter_spans: _,
        counters: _,
        walls: _,
        picture: _,
        clues: _,
        derived: _,
        read: _,
        given_read: _,
    } = model;
    !(counts.is_empty()
        && apart.is_empty()
        && connected.is_empty()
        && areas.is_empty()
        && blocks.is_empty()
        && pairs.is_empty()
        && sized.is_empty()
        && connected_each.is_empty()
        && shapes.is_empty()
        && crossings.is_empty()
        && compares.is_empty()
        && seen.is_empty()
        && sight.is_empty()
        && distinct.is_empty()
        && loop_rule.is_none()
        && bridges.is_none())
        && runs.is_empty()
}
