//! The grader on any exact-cover problem (`puzc grade`, `generate --difficulty` for specs
//! that are not filled grids under "each value once" regions): how much deduction a puzzle
//! needs when it is solved without search, on the matrix the spec lowers to.
//!
//! *Level 0* is propagation on the matrix, to a fixpoint:
//! - a primary item with one option left takes it (with multiplicity `lo..hi`: an item
//!   whose taken and open options add up to `lo` takes all the open ones);
//! - an option that conflicts with one taken goes: it shares a primary item that is full
//!   (for `1..1`: any primary item), or a secondary item with another colour (or either
//!   without one);
//! - the global constraints (loops, connected areas, sized areas, ...) run with their
//!   propagators (`cells/global.rs`): options they rule out go, and a state one rejects is a
//!   contradiction, like a primary item left with no option (or, with multiplicities, too
//!   few to reach `lo`). Problems with multiplicities have their global constraints checked
//!   on the complete assignment only, as Algorithm M does.
//!
//! *Level k* (k ≥ 1) adds failed-option probing to depth k: an open option is assumed and
//! everything of level k − 1 is run on top of it; a contradiction removes the option. After
//! every removal the easiest level is tried first again, as in Tatham's solvers, so a
//! puzzle's level is the hardest step it could not avoid. Options are probed in option
//! order, each depth's round starting after the option it removed last and going round: a
//! round that removes nothing has tried every open option once, and an option that did not
//! fail is not tried again until the others have been (restarting from the first option
//! after each removal made Numberlink 15×15 try each option hundreds of times).
//!
//! Every step is a sound deduction, so a puzzle the grader solves (every option taken or
//! gone) has exactly one solution. *Steps* count the options taken at the top level (except
//! those of clues, `given`) and the options removed by probing.
//!
//! On a sudoku's matrix (cells, and (region, value) items) level 0 is exactly the naked and
//! hidden singles of the filled-grid grader (`src/solve/generate/grade.rs`) and probing
//! visits candidates in the same order, so the two grade alike (tests/generate.rs checks it
//! on published sets); that one, on bitmasks, stays where it applies.
//!
//! Two layouts of the matrix: dancing cells (`cells/probe.rs`) when every primary item is
//! `1..1`, whose trail undoes a probe and whose global propagators run after each option
//! taken; and plain counts per item with a log (`grade/tallies.rs`) for multiplicities.
use crate::ir::xcc::XccProblem;
use crate::solve::generate::grade::{Clock, Grade};

mod tallies;

/// A contradiction: the assumptions made cannot all hold.
#[derive(Debug)]
pub(in crate::solve::xcc) struct Broken;

/// What the levels need of a layout of the matrix. Options are numbered by the layout
/// (options without a primary item, never taken, left out), in the problem's order.
pub(in crate::solve::xcc) trait Matrix {
    type Mark: Copy;
    /// The state to come back to after a probe.
    fn mark(&self) -> Self::Mark;
    fn reset(&mut self, m: Self::Mark);
    /// Level 0 to a fixpoint; each option taken that is not a clue adds a step.
    fn settle(&mut self, steps: &mut u64) -> Result<(), Broken>;
    /// Every option taken or gone.
    fn solved(&self) -> bool;
    /// The open options, in order.
    fn open(&self, out: &mut Vec<u32>);
    /// Takes the open option `x`.
    fn assume(&mut self, x: u32) -> Result<(), Broken>;
    /// Removes the open option `x`.
    fn exclude(&mut self, x: u32) -> Result<(), Broken>;
}

/// Grades the puzzle `p` (its clues built in), probing to at most `max_depth`. `given`
/// flags the options (by id) that are clues: taking them is not a step. `Grade::level` is
/// `None` when probing to `max_depth` does not solve it, or the clues contradict each other.
/// `None` when the clock ran out first.
pub fn grade(p: &XccProblem, given: &[bool], max_depth: u32, clock: &mut Clock) -> Option<Grade> {
    if super::exact_cover(p) {
        run(&mut super::cells::probe::Probe::new(p, given), max_depth, clock)
    } else {
        run(&mut tallies::Tallies::new(p, given), max_depth, clock)
    }
}

/// [`grade`] on the layout with counts per item, whatever the multiplicities: for tests
/// that hold the two layouts to the same grades.
pub fn grade_by_tallies(p: &XccProblem, given: &[bool], max_depth: u32) -> Grade {
    run(&mut tallies::Tallies::new(p, given), max_depth, &mut Clock::new(None)).expect("no deadline")
}

fn run<M: Matrix>(m: &mut M, max_depth: u32, clock: &mut Clock) -> Option<Grade> {
    let mut steps = 0;
    let level = deduce(m, max_depth, &mut steps, clock).ok().flatten();
    (!clock.stopped()).then_some(Grade { level, steps })
}

/// Runs levels 0..=depth to a fixpoint: `Some(level)` (the hardest level used) when
/// solved, `None` when stuck (or the clock ran out), `Err` on a contradiction.
fn deduce<M: Matrix>(m: &mut M, depth: u32, steps: &mut u64, clock: &mut Clock) -> Result<Option<u32>, Broken> {
    let mut level = 0;
    // Per depth, the option after the last one it removed: where its next round starts.
    let mut from = vec![0; depth as usize + 1];
    'progress: loop {
        m.settle(steps)?;
        if m.solved() {
            return Ok(Some(level));
        }
        for d in 1..=depth {
            if probe(m, d, &mut from[d as usize], steps, clock)? {
                level = level.max(d);
                continue 'progress;
            }
        }
        return Ok(None);
    }
}

/// One round of probing at depth `d`: removes the first open option, in option order from
/// `from` round to the start again, whose assumption leads to a contradiction with the levels
/// below `d`. `true` when one was removed (and `from` is the option after it).
/// Once the clock has run out every probe comes back empty-handed, so the levels unwind as
/// if stuck.
fn probe<M: Matrix>(m: &mut M, d: u32, from: &mut u32, steps: &mut u64, clock: &mut Clock) -> Result<bool, Broken> {
    let mut open = Vec::new();
    m.open(&mut open);
    let split = open.partition_point(|&x| x < *from);
    for &x in open[split..].iter().chain(&open[..split]) {
        if clock.out() {
            return Ok(false);
        }
        let mark = m.mark();
        let mut ignored = 0;
        let failed = m.assume(x).is_err() || deduce(m, d - 1, &mut ignored, clock).is_err();
        m.reset(mark);
        if failed {
            *steps += 1;
            *from = x + 1;
            m.exclude(x)?;
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::{Colour, Entry, XccBuilder};

    /// The matrix of a 4×4 sudoku with `clues` (row-major, 0 for none): an option per
    /// (cell, value) allowed by the clues, covering the cell and its row's, column's and
    /// box's item of the value; the clues' options flagged.
    fn sudoku4(clues: &[u8; 16]) -> (XccProblem, Vec<bool>) {
        let mut b = XccBuilder::new();
        let cell: Vec<_> = (0..16).map(|c| b.add_primary(format!("c{c}"), 1, 1)).collect();
        let mut unit = |kind: &str| -> Vec<_> {
            (0..16).map(|k| b.add_primary(format!("{kind}{}={}", k / 4, k % 4), 1, 1)).collect()
        };
        let (row, col, bx) = (unit("r"), unit("k"), unit("b"));
        let mut given = Vec::new();
        for c in 0..16 {
            let (r, k) = (c / 4, c % 4);
            let x = 2 * (r / 2) + k / 2;
            for v in 0..4 {
                if clues[c] != 0 && clues[c] != v as u8 + 1 {
                    continue;
                }
                let items = [cell[c], row[4 * r + v], col[4 * k + v], bx[4 * x + v]];
                let entries: Vec<Entry> = items.iter().map(|&item| Entry { item, colour: Colour::NONE }).collect();
                b.add_option(format!("{c}:{v}"), &entries);
                given.push(clues[c] != 0);
            }
        }
        (b.finish(), given)
    }

    #[test]
    fn a_full_grid_is_level_0_without_steps_and_a_contradiction_is_no_level() {
        let full = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let (p, given) = sudoku4(&full);
        assert_eq!(grade(&p, &given, 2, &mut Clock::new(None)).unwrap(), Grade { level: Some(0), steps: 0 });
        let mut bad = full;
        bad[1] = 1;
        let (p, given) = sudoku4(&bad);
        assert_eq!(grade(&p, &given, 2, &mut Clock::new(None)).unwrap().level, None);
        assert_eq!(grade_by_tallies(&p, &given, 2).level, None);
    }

    #[test]
    fn the_two_layouts_grade_alike_and_an_empty_grid_is_not_solved() {
        // The empty 4×4 has 288 completions: no deduction can solve it.
        let (p, given) = sudoku4(&[0; 16]);
        assert_eq!(grade(&p, &given, 2, &mut Clock::new(None)).unwrap().level, None);
        let puzzle = [0, 0, 3, 0, 3, 0, 0, 2, 0, 1, 0, 0, 0, 3, 2, 0];
        let (p, given) = sudoku4(&puzzle);
        let a = grade(&p, &given, 2, &mut Clock::new(None)).unwrap();
        assert!(a.level.is_some(), "{a:?}");
        assert_eq!(a, grade_by_tallies(&p, &given, 2));
    }
}
