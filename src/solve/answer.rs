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
}

pub fn decode<'a>(model: &Model, meanings: &'a [Meaning], chosen: &[OptionId]) -> Answer<'a> {
    let mut ans = Answer { placed: Vec::with_capacity(chosen.len()), ..Answer::default() };
    if model.fill {
        ans.fill = Some(vec![None; model.board.as_ref().map_or(0, |b| b.on.len())]);
    }
    // In the order the search chose them: `number_copies` sorts the placements, and the
    // direct options are sorted below.
    for o in chosen {
        match &meanings[o.0 as usize] {
            Meaning::Fill { cell, value } => {
                if let Some(f) = ans.fill.as_mut() {
                    f[*cell] = Some(*value);
                }
            }
            Meaning::Place { piece, cells, edges } => {
                ans.placed.push(Placed { piece: *piece, number: 0, cells, edges: edges.as_ref() })
            }
            Meaning::Direct(k) => ans.direct.push(*k),
            // The cells' own options carry the values; the verifier checks the arithmetic.
            Meaning::Cage { .. } => {}
        }
    }
    ans.direct.sort_unstable();
    number_copies(model, &mut ans.placed);
    ans
}

/// Copies of one piece get the piece's numbers in reading order of where they lie; sorts
/// `placed` by piece, then by that order.
pub fn number_copies(model: &Model, placed: &mut [Placed]) {
    // Sorted by piece in place, by buckets: pieces are numbered densely (a comparison sort
    // of UVA 211's 28 bones was most of decoding). `start[p]..start[p + 1]` will hold piece
    // `p`'s copies, `next[p]` is the first of them not yet in place.
    let n = model.pieces.len();
    let mut bounds = vec![0usize; 2 * (n + 1)];
    let (start, next) = bounds.split_at_mut(n + 1);
    for p in placed.iter() {
        start[p.piece + 1] += 1;
    }
    for i in 1..=n {
        start[i] += start[i - 1];
    }
    if !placed.is_sorted_by_key(|p| p.piece) {
        next.copy_from_slice(start);
        for piece in 0..n {
            while next[piece] < start[piece + 1] {
                let other = placed[next[piece]].piece;
                if other == piece {
                    next[piece] += 1;
                } else {
                    placed.swap(next[piece], next[other]);
                    next[other] += 1;
                }
            }
        }
    }
    // Copies of one piece by their first cell: in a valid answer no two start on one cell
    // (they would overlap), so the order of equal keys never shows.
    for copies in placed.chunk_by_mut(|a, b| a.piece == b.piece).filter(|c| c.len() > 1) {
        copies.sort_by_key(|p| p.cells.iter().min().copied());
    }
    for (k, p) in placed.iter_mut().enumerate() {
        p.number = model.pieces[p.piece].numbers.get(k - start[p.piece]).copied().unwrap_or(0);
    }
}
