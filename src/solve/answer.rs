//! A solution of an exact-cover model in the puzzle's own terms, decoded from the chosen
//! options through their [`Meaning`]s. Rendering and verification both work on this.
use crate::ir::xcc::OptionId;
use crate::lower::model::Model;
use crate::lower::value::Value;
use crate::lower::xcc::Meaning;

/// One placed copy of a piece. Its cells and edges are borrowed from the option's
/// [`Meaning`]: `--all` can keep thousands of answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed<'a> {
    pub piece: usize,
    /// The copy's number (for tiles: their number in the input; for other pieces: the piece's).
    pub number: u32,
    pub cells: &'a [usize],
    pub edges: Option<&'a [Value; 4]>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer<'a> {
    /// `fill`: the value index of every cell (`None` for holes).
    pub fill: Option<Vec<Option<usize>>>,
    pub placed: Vec<Placed<'a>>,
    /// Direct-form options chosen, in option order.
    pub direct: Vec<usize>,
    /// `loop on the edges of ...`: per side of the board's cells (`LoopRule`'s numbering),
    /// whether the loop uses it.
    pub loop_edges: Option<Vec<bool>>,
    /// `bridges join the numbers of ...`: the bridges drawn, each pair of islands once (in
    /// option order), counts from 1.
    pub bridges: Option<Vec<crate::lower::model::Bridge>>,
}

/// The answer the options `chosen` stand for. `defaults`: per cell of a filled board, the
/// value of a cell no chosen option fills (`Lowered::defaults`; empty when every cell is
/// filled by an option).
pub fn decode<'a>(
    model: &Model,
    meanings: &'a [Meaning],
    defaults: &[Option<usize>],
    chosen: &[OptionId],
) -> Answer<'a> {
    let mut ans = Answer::default();
    if model.fill {
        let cells = model.board.as_ref().map_or(0, |b| b.on.len());
        ans.fill = Some((0..cells).map(|c| defaults.get(c).copied().flatten()).collect());
    }
    if let Some(rule) = &model.loop_rule {
        ans.loop_edges = Some(vec![false; rule.edges()]);
    }
    if model.bridges.is_some() {
        ans.bridges = Some(Vec::new());
    }
    for o in chosen {
        match &meanings[o.0 as usize] {
            Meaning::Fill { cell, value } => {
                if let Some(f) = ans.fill.as_mut() {
                    f[*cell] = Some(*value);
                }
            }
            Meaning::Direct(k) => ans.direct.push(*k),
            // Placements are gathered below, by piece; the cells' own options carry the
            // values of cages, and the verifier checks the arithmetic.
            Meaning::Corner { edges } => {
                if let Some(used) = ans.loop_edges.as_mut() {
                    edges.iter().for_each(|&e| used[e as usize] = true);
                }
            }
            Meaning::Bridge { a, b, count } => {
                if let (Some(drawn), 1..) = (ans.bridges.as_mut(), count) {
                    drawn.push(crate::lower::model::Bridge { a: *a as usize, b: *b as usize, count: *count });
                }
            }
            Meaning::Place { .. }
            | Meaning::Cage { .. }
            | Meaning::Island
            | Meaning::LoopClue
            | Meaning::Runs { .. }
            | Meaning::Count { .. }
            | Meaning::Seen { .. }
            | Meaning::Sight { .. } => {}
        }
    }
    ans.direct.sort_unstable();
    ans.placed = by_piece(
        model,
        chosen.iter().filter_map(|o| match &meanings[o.0 as usize] {
            Meaning::Place { piece, cells, edges } => {
                Some(Placed { piece: *piece, number: 0, cells, edges: edges.as_ref() })
            }
            _ => None,
        }),
    );
    ans
}

/// Copies of one piece get the piece's numbers in reading order of where they lie; sorts
/// `placed` by piece, then by that order.
pub fn number_copies(model: &Model, placed: &mut Vec<Placed>) {
    *placed = by_piece(model, placed.iter().cloned());
}

/// The placements `placed` gives (it is walked twice), sorted by piece, then by where they
/// lie, and numbered (see [`number_copies`]).
fn by_piece<'a>(model: &Model, placed: impl Iterator<Item = Placed<'a>> + Clone) -> Vec<Placed<'a>> {
    // Sorted by buckets, pieces being numbered densely (a comparison sort of UVA 211's 28
    // bones was most of decoding): `start[p]..start[p + 1]` receives piece `p`'s copies,
    // `next[p]` is where its next copy goes. The bounds are on the stack for the usual few
    // dozen pieces, and the list is allocated once (allocations and swaps in place were
    // each as costly as the rest).
    let n = model.pieces.len();
    let mut on_stack = [0usize; 2 * SMALL];
    let mut on_heap = Vec::new();
    let bounds = match n < SMALL {
        true => &mut on_stack[..2 * (n + 1)],
        false => {
            on_heap.resize(2 * (n + 1), 0);
            &mut on_heap[..]
        }
    };
    let (start, next) = bounds.split_at_mut(n + 1);
    for p in placed.clone() {
        start[p.piece + 1] += 1;
    }
    let mut copies = false;
    for i in 1..=n {
        copies |= start[i] > 1;
        start[i] += start[i - 1];
    }
    next.copy_from_slice(start);
    let mut sorted = vec![Placed { piece: 0, number: 0, cells: &[], edges: None }; start[n]];
    for p in placed {
        let at = next[p.piece];
        next[p.piece] += 1;
        let number = model.pieces[p.piece].numbers.get(at - start[p.piece]).copied().unwrap_or(0);
        sorted[at] = Placed { number, ..p };
    }
    if copies {
        for piece in 0..n {
            let copies = &mut sorted[start[piece]..start[piece + 1]];
            // Copies of one piece by their first cell: in a valid answer no two start on
            // one cell (they would overlap), so the order of equal keys never shows.
            if copies.len() > 1 {
                copies.sort_by_key(|p| p.cells.iter().min().copied());
                for (k, p) in copies.iter_mut().enumerate() {
                    p.number = model.pieces[piece].numbers.get(k).copied().unwrap_or(0);
                }
            }
        }
    }
    sorted
}

/// Pieces below this many are sorted with their bounds on the stack.
const SMALL: usize = 64;
