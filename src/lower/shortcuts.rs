//! When a first answer or a `--unique` search of paths may look for shortest solutions
//! only (`XccProblem::induced`, `solve/xcc/shortcut.rs`): when the cells off every path are
//! free. That holds for `paths join the equal numbers of clues` without `through every
//! cell` (a cell may stay empty) and with no other rule on the board: nothing else reads
//! whether a cell is on a path, so putting another way between a path's ends in its place,
//! through cells no other path takes, gives another solution. Any other rule beside the paths (a
//! count, a connected area, cells seen, a direct option naming the cells, walls) could
//! tell the two apart, and the search then looks at every solution.
use super::model::{LineKind, Model};

/// May a first answer and `--unique` look at `model`'s shortest solutions only? Every field
/// of [`Model`] is named, so a new rule does not compile until it is classed here.
pub fn apply(model: &Model) -> bool {
    let Model {
        loop_rule,
        // Rules: any of them beside the paths could read the cells off the paths.
        fill,
        regions,
        cages,
        counts,
        apart,
        connected,
        areas,
        blocks,
        pairs,
        chain,
        distinct,
        sized,
        connected_each,
        shapes,
        crossings,
        compares,
        runs,
        bridges,
        seen,
        sight,
        pieces,
        placing,
        pieces_apart,
        confine,
        confine_where,
        match_edges,
        border,
        items,
        options,
        walls,
        // Up to symmetry keeps one solution per class: not a count of solutions.
        up_to_symmetry,
        // No rule: the title, the board, how answers show, what generate varies.
        title: _,
        board: _,
        cell_covers: _,
        answer: _,
        letters: _,
        letter_spans: _,
        counters: _,
        picture: _,
        clues: _,
        derived: _,
        read: _,
        given_read: _,
    } = model;
    let free_paths = loop_rule.as_ref().is_some_and(|r| {
        r.kind == LineKind::Paths { every_cell: false } && r.turns.is_empty() && r.clues.iter().all(Option::is_none)
    });
    free_paths
        && !*fill
        && regions.is_empty()
        && cages.is_empty()
        && counts.is_empty()
        && apart.is_empty()
        && connected.is_empty()
        && areas.is_empty()
        && blocks.is_empty()
        && pairs.is_empty()
        && chain.is_none()
        && distinct.is_empty()
        && sized.is_empty()
        && connected_each.is_empty()
        && shapes.is_empty()
        && crossings.is_empty()
        && compares.is_empty()
        && runs.is_empty()
        && bridges.is_none()
        && seen.is_empty()
        && sight.is_empty()
        && pieces.is_empty()
        && placing.is_none()
        && pieces_apart.is_none()
        && confine.is_empty()
        && confine_where.is_empty()
        && !*match_edges
        && border.is_none()
        && items.is_empty()
        && options.is_empty()
        && walls.is_none()
        && up_to_symmetry.is_none()
}
