//! Sets of cells for the bitboard engine (`boards.rs`): `W` words of 64 cells in an array,
//! or, for two words on x86_64 (9×9 grids: 81 cells), one SSE2 register, so that each
//! operation on a whole set is one instruction instead of two. Nearly all of the engine's
//! work is such operations, one per value (counting candidates, taking singles out of each
//! value's set, removing placed cells), so this takes about a fifth of its instructions
//! away on 9×9 grids. SSE2 is part of x86_64 itself: no detection is needed.
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// A set of cells, the cell `c` as bit `c % 64` of word `c / 64`.
pub(super) trait CellSet:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitAndAssign + BitOrAssign
{
    /// How many words of 64 cells.
    const WORDS: usize;
    /// The set held in the first [`CellSet::WORDS`] words of `words`.
    fn from_words(words: &[u64]) -> Self;
    fn empty() -> Self;
    /// `self` without the cells of `other`.
    fn minus(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Word `i` (below [`CellSet::WORDS`]).
    fn word(self, i: usize) -> u64;

    /// Whether cell `c` is in the set.
    #[inline(always)]
    fn has(self, c: usize) -> bool {
        (self.word(c / 64) >> (c % 64)) & 1 != 0
    }

    /// Calls `f` with each cell of the set, in increasing order.
    #[inline(always)]
    fn each(self, mut f: impl FnMut(usize)) {
        for i in 0..Self::WORDS {
            let mut w = self.word(i);
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
}

/// Any number of words, as an array.
#[derive(Clone, Copy, Debug)]
pub(super) struct Words<const W: usize>([u64; W]);

impl<const W: usize> BitAnd for Words<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const W: usize> BitOr for Words<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const W: usize> BitAndAssign for Words<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

impl<const W: usize> BitOrAssign for Words<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

impl<const W: usize> CellSet for Words<W> {
    const WORDS: usize = W;
    #[inline(always)]
    fn from_words(words: &[u64]) -> Self {
        Words(std::array::from_fn(|i| words[i]))
    }
    #[inline(always)]
    fn empty() -> Self {
        Words([0; W])
    }
    #[inline(always)]
    fn minus(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        self.0[i]
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) use sse::Sse;

#[cfg(target_arch = "x86_64")]
mod sse {
    use super::CellSet;
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

    /// Two words in one SSE2 register.
    #[derive(Clone, Copy, Debug)]
    pub(in super::super) struct Sse(__m128i);

    impl BitAnd for Sse {
        type Output = Self;
        #[inline(always)]
        fn bitand(self, o: Self) -> Self {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { Sse(_mm_and_si128(self.0, o.0)) }
        }
    }

    impl BitOr for Sse {
        type Output = Self;
        #[inline(always)]
        fn bitor(self, o: Self) -> Self {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { Sse(_mm_or_si128(self.0, o.0)) }
        }
    }

    impl BitAndAssign for Sse {
        #[inline(always)]
        fn bitand_assign(&mut self, o: Self) {
            *self = *self & o;
        }
    }

    impl BitOrAssign for Sse {
        #[inline(always)]
        fn bitor_assign(&mut self, o: Self) {
            *self = *self | o;
        }
    }

    impl CellSet for Sse {
        const WORDS: usize = 2;
        #[inline(always)]
        fn from_words(words: &[u64]) -> Self {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { Sse(_mm_set_epi64x(words[1] as i64, words[0] as i64)) }
        }
        #[inline(always)]
        fn empty() -> Self {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { Sse(_mm_setzero_si128()) }
        }
        #[inline(always)]
        fn minus(self, o: Self) -> Self {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { Sse(_mm_andnot_si128(o.0, self.0)) }
        }
        #[inline(always)]
        fn is_empty(self) -> bool {
            // SAFETY: SSE2 is part of x86_64.
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) == 0xffff }
        }
        #[inline(always)]
        fn count(self) -> u32 {
            self.word(0).count_ones() + self.word(1).count_ones()
        }
        #[inline(always)]
        fn word(self, i: usize) -> u64 {
            // SAFETY: SSE2 is part of x86_64.
            unsafe {
                let x = if i == 0 { self.0 } else { _mm_unpackhi_epi64(self.0, self.0) };
                _mm_cvtsi128_si64(x) as u64
            }
        }
    }
}
