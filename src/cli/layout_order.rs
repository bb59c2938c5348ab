//! The order in which `--all` shows answers: for each cell in reading order, the cells of the
//! piece on it, compared lexicographically. Two layouts first differ at a cell that starts a
//! piece in both, and the one whose piece reaches less far (right before down) comes first:
//! the order of a search that fills the first empty cell in reading order (the order of
//! UVA 211's official sample). Filled grids come first by their values (indices in declared
//! order) in reading order, whichever engine found them.
//!
//! Each answer gets one flat key of bytes, compared as bytes (`memcmp`): the fill's values
//! plus one, then for each cell the cells plus one of the piece that starts there (its lowest
//! cell), then a 0, so that a shorter list that is a prefix of a longer one still comes first.
//! Every number takes the same number of bytes, big-endian, as few as the board needs.
//!
//! Cells a piece covers without starting it give just the 0: where two layouts first differ,
//! the pieces start in both (a piece started earlier was the same in both, so it covers the
//! cell in both), so the rest of a piece's cells never decides the order. The test below
//! checks this against the full key (every cell followed by its piece's cells).
use crate::lower::model::Model;
use crate::solve::answer::Answer;

/// Sorts `answers` (verified: cells on the board, values among the board's) into the order
/// above; equal answers keep their order.
pub(super) fn sort(answers: &mut Vec<Answer>, model: &Model) {
    let (cells, values) = model.board.as_ref().map_or((0, 0), |b| (b.on.len(), b.values.len()));
    let mut keys = Keys { cells, width: width_for(cells.max(values) + 1), starts: Vec::new(), numbers: Vec::new() };
    let mut keyed: Vec<(Vec<u8>, usize)> = answers.iter().enumerate().map(|(i, a)| (keys.key(a), i)).collect();
    // The index makes keys unique, so the unstable sort keeps equal answers in order.
    keyed.sort_unstable();
    let mut old: Vec<Option<Answer>> = answers.drain(..).map(Some).collect();
    answers.extend(keyed.iter().map(|&(_, i)| old[i].take().unwrap()));
}

/// Bytes a number up to `max` takes in a key.
fn width_for(max: usize) -> usize {
    match max {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// Makes keys, with scratch space kept between answers.
struct Keys {
    cells: usize,
    width: usize,
    /// The piece starting on each cell (its index plus one), 0 for none.
    starts: Vec<u32>,
    /// The key's numbers, before they are written as bytes.
    numbers: Vec<u32>,
}

impl Keys {
    fn key(&mut self, ans: &Answer) -> Vec<u8> {
        let nums = &mut self.numbers;
        nums.clear();
        nums.extend(ans.fill.iter().flatten().map(|v| v.map_or(0, |v| v as u32 + 1)));
        if !ans.placed.is_empty() {
            self.starts.clear();
            self.starts.resize(self.cells, 0);
            for (k, p) in ans.placed.iter().enumerate() {
                if let Some(&first) = p.cells.iter().min() {
                    self.starts[first] = k as u32 + 1;
                }
            }
            for &k in &self.starts {
                if k > 0 {
                    let from = nums.len();
                    nums.extend(ans.placed[k as usize - 1].cells.iter().map(|&c| c as u32 + 1));
                    sort_small(&mut nums[from..]);
                }
                nums.push(0);
            }
        }
        let mut key = Vec::with_capacity(nums.len() * self.width);
        match self.width {
            1 => key.extend(nums.iter().map(|&v| v as u8)),
            2 => nums.iter().for_each(|&v| key.extend_from_slice(&(v as u16).to_be_bytes())),
            _ => nums.iter().for_each(|&v| key.extend_from_slice(&v.to_be_bytes())),
        }
        key
    }
}

/// Sorts a piece's few cells: insertion sort, inline (a call to the library's sort cost more
/// than the sorting for pieces of two cells), the library's for large pieces.
fn sort_small(s: &mut [u32]) {
    if s.len() > 16 {
        s.sort_unstable();
        return;
    }
    for i in 1..s.len() {
        let mut j = i;
        while j > 0 && s[j - 1] > s[j] {
            s.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::model::Board;
    use crate::solve::answer::Placed;
    use crate::testing::Rng;
    /// The full key the order is defined by: the fill's values plus one, then for every cell
    /// the sorted cells plus one of the piece on it, then a 0.
    fn full_key(ans: &Answer, cells: usize) -> Vec<u32> {
        let mut key: Vec<u32> = ans.fill.iter().flatten().map(|v| v.map_or(0, |v| v as u32 + 1)).collect();
        for c in 0..cells {
            if let Some(p) = ans.placed.iter().find(|p| p.cells.contains(&c)) {
                let mut s: Vec<u32> = p.cells.iter().map(|&c| c as u32 + 1).collect();
                s.sort();
                key.extend(s);
            }
            key.push(0);
        }
        key
    }

    /// A tiling's pieces (their cells) and, with a fill, every cell's value.
    type Tiling = (Vec<Vec<usize>>, Option<Vec<usize>>);

    /// Random tilings (some cells left empty) of a `rows × cols` board by straight pieces of
    /// 1–3 cells, filled from the first empty cell in reading order; pieces listed in random
    /// order, each piece's cells too; with `fill`, each also carries random values.
    fn random_answers(rng: &mut Rng, rows: usize, cols: usize, n: usize, fill: bool) -> Vec<Tiling> {
        (0..n)
            .map(|_| {
                let mut taken = vec![false; rows * cols];
                let mut pieces = Vec::new();
                for c in 0..rows * cols {
                    if taken[c] || rng.below(8) == 0 {
                        continue;
                    }
                    let len = 1 + rng.below(3);
                    let across = rng.below(2) == 0;
                    let mut cells: Vec<usize> = (0..len)
                        .map(|i| if across { c + i } else { c + i * cols })
                        .take_while(|&x| x < rows * cols && (!across || x / cols == c / cols) && !taken[x])
                        .collect();
                    cells.iter().for_each(|&x| taken[x] = true);
                    for k in (1..cells.len()).rev() {
                        cells.swap(k, rng.below(k + 1));
                    }
                    pieces.push(cells);
                }
                for k in (1..pieces.len()).rev() {
                    pieces.swap(k, rng.below(k + 1));
                }
                let fill = fill.then(|| (0..rows * cols).map(|_| rng.below(2)).collect());
                (pieces, fill)
            })
            .collect()
    }

    #[test]
    fn compact_keys_order_as_full_keys() {
        let mut rng = Rng(0x0dd_0123_4567);
        for (rows, cols, values) in [(2, 3, 2), (3, 4, 2), (4, 4, 300), (3, 5, 2)] {
            let board = Board {
                name: "b".into(),
                rows,
                cols,
                on: vec![true; rows * cols],
                values: (0..values as i64).map(crate::lower::value::Value::Int).collect(),
                given: vec![None; rows * cols],
                origin: crate::syntax::ast::Origin::TopLeft,
                lattice: crate::syntax::ast::Lattice::Squares,
                span: Default::default(),
            };
            let model = Model { board: Some(board), ..Model::default() };
            for round in 0..20 {
                // Few cells give many equal and near-equal layouts, which the order must keep.
                let raw = random_answers(&mut rng, rows, cols, 60, round % 4 == 0);
                let answers: Vec<Answer> = raw
                    .iter()
                    .map(|(pieces, fill)| Answer {
                        fill: fill.as_ref().map(|f| f.iter().map(|&v| Some(v)).collect()),
                        placed: pieces
                            .iter()
                            .enumerate()
                            .map(|(k, cells)| Placed { piece: k, number: 0, cells, edges: None })
                            .collect(),
                        direct: Vec::new(),
                    })
                    .collect();
                let mut expected: Vec<(Vec<u32>, usize)> =
                    answers.iter().enumerate().map(|(i, a)| (full_key(a, rows * cols), i)).collect();
                expected.sort();
                let mut got = answers.clone();
                sort(&mut got, &model);
                let expected: Vec<&Answer> = expected.iter().map(|&(_, i)| &answers[i]).collect();
                assert!(got.iter().zip(&expected).all(|(a, b)| a == *b), "{rows}x{cols}: orders differ");
            }
        }
    }
}
