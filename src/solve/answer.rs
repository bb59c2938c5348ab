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
    let mut order: Vec<&OptionId> = chosen.iter().collect();
    order.sort();
    for o in order {
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
    number_copies(model, &mut ans.placed);
    ans
}

/// Copies of one piece get the piece's numbers in reading order of where they lie; sorts
/// `placed` by piece, then by that order.
pub fn number_copies(model: &Model, placed: &mut [Placed]) {
    placed.sort_by_key(|p| (p.piece, p.cells.iter().min().copied()));
    let mut next = vec![0usize; model.pieces.len()];
    for p in placed {
        let numbers = &model.pieces[p.piece].numbers;
        p.number = numbers.get(next[p.piece]).copied().unwrap_or(0);
        next[p.piece] += 1;
    }
}
