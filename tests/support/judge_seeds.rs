//! For `judges_random.rs`: a generator of random complete 16×16 sudoku grids.
#![allow(dead_code)]

use super::common::Rng;

/// A random complete 16×16 sudoku grid (values 0..16, row-major): a depth-first fill that
/// takes the cell with the fewest candidates and tries them in random order, restarting
/// after too many nodes. (A grid from the pattern formula with permutations is cheaper but
/// full of small unavoidable sets — 2×2 rectangles — so few of its puzzles are unique.)
pub fn random_sudoku16(rng: &mut Rng) -> Vec<u8> {
    const N: usize = 16;
    struct S {
        g: [u8; N * N],
        row: [u16; N],
        col: [u16; N],
        bx: [u16; N],
        nodes: usize,
    }
    fn bx(i: usize) -> usize {
        (i / N) / 4 * 4 + (i % N) / 4
    }
    fn go(s: &mut S, rng: &mut Rng) -> bool {
        s.nodes += 1;
        if s.nodes > 50_000 {
            return false;
        }
        let mut best: Option<(usize, u16)> = None;
        for i in 0..N * N {
            if s.g[i] != u8::MAX {
                continue;
            }
            let free = !(s.row[i / N] | s.col[i % N] | s.bx[bx(i)]);
            if free == 0 {
                return false;
            }
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else { return true };
        let mut vals: Vec<u8> = (0..N as u8).filter(|v| free >> v & 1 == 1).collect();
        rng.shuffle(&mut vals);
        for v in vals {
            let bit = 1u16 << v;
            s.g[i] = v;
            s.row[i / N] |= bit;
            s.col[i % N] |= bit;
            s.bx[bx(i)] |= bit;
            if go(s, rng) {
                return true;
            }
            s.g[i] = u8::MAX;
            s.row[i / N] &= !bit;
            s.col[i % N] &= !bit;
            s.bx[bx(i)] &= !bit;
        }
        false
    }
    loop {
        let mut s = S { g: [u8::MAX; N * N], row: [0; N], col: [0; N], bx: [0; N], nodes: 0 };
        if go(&mut s, rng) {
            return s.g.to_vec();
        }
    }
}
