//! One loop (`Global::Loop`, `lower/loops.rs`) on dancing cells. The items already say that
//! every corner has degree 0 or 2; what is left is that the corners of degree 2 form *one*
//! cycle. After each choice, every corner whose option is chosen (*in*: degree 2) is followed
//! along the sides its option uses, through the other chosen corners:
//! 1. a walk that comes back to where it started is a closed loop; if any corner of degree 2
//!    lies off it, reject (a second loop can never join the first);
//! 2. once a loop has closed with every chosen corner on it, no other corner may join one:
//!    their options of degree 2 are removed.
//!
//! On a complete assignment every corner is chosen, each walk either closes or reaches a
//! corner of degree 0 (impossible: sides are coloured alike at both ends), so this rejects
//! exactly the assignments with no loop or with more than one.
//!
//! This reads the state afresh, O(corners) a choice; Knuth's DLX2-LOOP keeps the fragments'
//! ends instead (a mate array, O(1) a side).
use super::super::{Cells, get};
use super::{IN, Kind, OPEN, Prop};

impl Prop {
    pub(super) fn one_loop(&mut self, c: &mut Cells) -> bool {
        let Kind::Loop { ends } = &self.kind else { unreachable!() };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let (mut inside, mut closed, mut decided) = (0usize, None, true);
        for v in 0..self.nodes() {
            match self.state[v] {
                IN => inside += 1,
                OPEN => decided = false,
                _ => {}
            }
        }
        let end_of = |v: usize| ends[get(&c.cover_by, self.item[v]) as usize];
        for s in 0..self.nodes() {
            if self.state[s] != IN || self.seen[s] == stamp {
                continue;
            }
            self.seen[s] = stamp;
            let (mut prev, mut at, mut length) = (s, end_of(s)[0] as usize, 1usize);
            while at != s && self.state[at] == IN {
                self.seen[at] = stamp;
                length += 1;
                let [a, b] = end_of(at);
                let step = if a as usize == prev { b } else { a } as usize;
                (prev, at) = (at, step);
            }
            if at == s {
                if length != inside {
                    return false;
                }
                closed = Some(length);
                break;
            }
            // An open end: walk the other way too, so the fragment is seen once.
            let (mut prev, mut at) = (s, end_of(s)[1] as usize);
            while self.state[at] == IN {
                self.seen[at] = stamp;
                let [a, b] = end_of(at);
                let step = if a as usize == prev { b } else { a } as usize;
                (prev, at) = (at, step);
            }
        }
        if decided {
            return closed.is_some();
        }
        if closed.is_some() {
            for v in 0..self.nodes() {
                if self.state[v] == OPEN && !self.remove_options(c, v, true) {
                    return false;
                }
            }
        }
        true
    }
}
