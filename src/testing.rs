//! Helpers shared by the library's unit tests (compiled only for them).

/// A small xorshift generator: a test's random cases are the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
