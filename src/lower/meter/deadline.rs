//! The time budget of building a problem. `--timeout` covers an instance from the moment its
//! data are read to the end of its search, so elaboration and lowering check the deadline
//! where they check the memory budget ([`super::check`]): a spec that takes long to build
//! ends with S403 and exit 5, as a search the timeout stops does, instead of building on past
//! the time the user gave it.
//!
//! The deadline belongs to the thread that builds: the command line builds on one thread,
//! the playground and the language server build each request on a thread of its own.

use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Checks since the clock was last read.
    static CHECKS: Cell<u32> = const { Cell::new(0) };
    /// Set once the deadline is seen to have passed, so every later check fails too.
    static PASSED: Cell<bool> = const { Cell::new(false) };
}

/// The checks come once per binding, option or combination (tens of nanoseconds each);
/// reading the clock at every one would double the cost of the cheapest, so it is read
/// once in this many. 1024 checks take well under a millisecond.
const CLOCK_EVERY: u32 = 1024;

/// Starts (or, with `None`, lifts) the deadline of this thread's building.
pub fn set(deadline: Option<Instant>) {
    DEADLINE.set(deadline);
    CHECKS.set(0);
    PASSED.set(false);
}

/// This thread's deadline, if one is set.
pub fn get() -> Option<Instant> {
    DEADLINE.get()
}

/// Whether the deadline has passed. Cheap: the clock is read once every [`CLOCK_EVERY`]
/// calls, so a building step may run on for that many checks past the deadline.
#[inline]
pub fn passed() -> bool {
    let Some(deadline) = DEADLINE.get() else { return false };
    if PASSED.get() {
        return true;
    }
    let n = CHECKS.get() + 1;
    if n < CLOCK_EVERY {
        CHECKS.set(n);
        return false;
    }
    CHECKS.set(0);
    let passed = Instant::now() >= deadline;
    PASSED.set(passed);
    passed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_is_seen_within_one_round_of_checks_and_stays_passed() {
        set(Some(Instant::now()));
        let first = (1..=CLOCK_EVERY).find(|_| passed());
        assert_eq!(first, Some(CLOCK_EVERY), "the clock is read at the last check of a round");
        assert!(passed(), "once passed, every check fails");
        set(Some(Instant::now() + Duration::from_secs(3600)));
        assert!(!(0..3 * CLOCK_EVERY).any(|_| passed()), "a deadline an hour away has not passed");
        set(None);
        assert!(!(0..3 * CLOCK_EVERY).any(|_| passed()));
    }
}
