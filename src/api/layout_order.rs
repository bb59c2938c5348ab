//! The order in which `--all` shows answers: for each cell in reading order, the cells of the
//! piece on it, compared lexicographically. Two layouts first differ at a cell that starts a
//! piece in both, and the one whose piece reaches less far (right before down) comes first:
//! the order of a search that fills the first empty cell in reading order (the order of
//! UVA 211's official sample). Filled grids come first by their values (indices in declared
//! order) in reading order, whichever engine found them.
//!
//! Each answer gets a key of bytes, all of one length, compared as bytes (`memcmp`): the
//! fill's values plus one, then for each cell a slot as wide as the largest piece holding the
//! sorted cells plus one of the piece that starts there (its lowest cell), zeros after them
//! and in the slots of cells where no piece starts. Every number takes the same number of
//! bytes, big-endian, as few as the board needs.
//!
//! Cells a piece covers without starting it give just zeros: where two layouts first differ,
//! the pieces start in both (a piece started earlier was the same in both, so it covers the
//! cell in both), so the rest of a piece's cells never decides the order. A piece whose cells
//! are a prefix of another's comes first, as its zeros are below the other's next cell; a
//! cell where no piece starts comes before one where one does. The test below checks this
//! against the full key (every cell followed by its piece's cells).
use crate::lower::model::Model;
use crate::solve::answer::Answer;

/// Whether `--all` holds this model's answers to [`sort`] them: they have a fill or
/// placements, which only a board with cells gives. The direct form's answers stream.
pub fn sorted(model: &Model) -> bool {
    model.board.as_ref().is_some_and(|b| !b.on.is_empty())
}

/// Sorts `answers` (verified: cells on the board, values among the board's) into the order
/// above; equal answers keep their order.
pub fn sort(answers: &mut Vec<Answer>, model: &Model) {
    let (cells, values) = model.board.as_ref().map_or((0, 0), |b| (b.on.len(), b.values.len()));
    let width = width_for(cells.max(values) + 1);
    let fill = if answers.iter().any(|a| a.fill.is_some()) { cells } else { 0 };
    let slot = answers.iter().flat_map(|a| a.placed.iter().map(|p| p.cells.len())).max().unwrap_or(0);
    let len = (fill + cells * slot) * width;
    // All keys in one buffer, answer `i`'s at `i * len`.
    let mut keys = vec![0u8; answers.len() * len];
    let shape = KeyShape { len, fill, slot };
    match width {
        1 => write_keys::<1>(answers, &mut keys, shape),
        2 => write_keys::<2>(answers, &mut keys, shape),
        _ => write_keys::<4>(answers, &mut keys, shape),
    }
    let key = |i: usize| &keys[i * len..(i + 1) * len];
    let mut order: Vec<usize> = (0..answers.len()).collect();
    // Equal answers keep their order.
    order.sort_unstable_by(|&i, &j| key(i).cmp(key(j)).then(i.cmp(&j)));
    let mut old: Vec<Option<Answer>> = answers.drain(..).map(Some).collect();
    answers.extend(order.iter().map(|&i| old[i].take().unwrap()));
}

/// Where a key's numbers go: `len` bytes in all, the fill's `fill` numbers first, then a
/// slot of `slot` numbers per cell.
#[derive(Clone, Copy)]
struct KeyShape {
    len: usize,
    fill: usize,
    slot: usize,
}

/// Writes every answer's key into `keys`, numbers `W` bytes wide (a copy per width, so that
/// the width is not decided again at every number: that was a third of building the keys).
fn write_keys<const W: usize>(answers: &[Answer], keys: &mut [u8], shape: KeyShape) {
    let KeyShape { len, fill, slot } = shape;
    let (mut small, mut large) = ([0; SMALL_PIECE], Vec::new());
    for (a, key) in answers.iter().zip(keys.chunks_exact_mut(len.max(1))) {
        if let Some(f) = &a.fill {
            for (c, v) in f.iter().enumerate() {
                put::<W>(key, c, v.map_or(0, |v| v + 1));
            }
        }
        for p in &a.placed {
            let cells = sorted_cells(p.cells, &mut small, &mut large);
            let Some(&first) = cells.first() else { continue };
            for (i, &c) in cells.iter().enumerate() {
                put::<W>(key, fill + first * slot + i, c + 1);
            }
        }
    }
}

/// Writes number `at` of a key as `W` bytes, big-endian.
#[inline]
fn put<const W: usize>(key: &mut [u8], at: usize, n: usize) {
    key[W * at..W * at + W].copy_from_slice(&(n as u32).to_be_bytes()[4 - W..]);
}

/// Bytes a number up to `max` takes in a key.
fn width_for(max: usize) -> usize {
    match max {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// A piece's cells, sorted: those of a small piece (the usual case) by insertion in `small`
/// (a call to the library's sort cost more than the sorting for pieces of two cells), those
/// of a large one in `large` by the library's sort.
#[inline]
fn sorted_cells<'a>(cells: &[usize], small: &'a mut [usize; SMALL_PIECE], large: &'a mut Vec<usize>) -> &'a [usize] {
    if cells.len() > SMALL_PIECE {
        large.clear();
        large.extend_from_slice(cells);
        large.sort_unstable();
        return large;
    }
    for (k, &c) in cells.iter().enumerate() {
        let mut j = k;
        while j > 0 && small[j - 1] > c {
            small[j] = small[j - 1];
            j -= 1;
        }
        small[j] = c;
    }
    &small[..cells.len()]
}

/// Pieces of up to this many cells are sorted on the stack.
const SMALL_PIECE: usize = 16;

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
                        loop_edges: None,
                        bridges: None,
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
