//! Answers a search holds until it ends: `--all` prints filled grids and placements in
//! reading order (`layout_order`), a part of a split keeps its answers for `puzc merge`, a
//! template or a picture is made once the search is over. They grow with the number of
//! solutions, not with the spec, so the compiler's `--max-memory` is not theirs: they are
//! held under the budget of a played puzzle's table of positions (half the memory the system
//! has available, under the process's own limits, `ulimit -v` or the control group's).
//! Past it the search is cancelled at its next clock check and the instance ends with a
//! limit (exit 5) and advice, never with an allocation failure (natural 14-queens' 365 596
//! sorted grids take 1.26 GB; under a 1 GB `ulimit -v` that was an abort).
use crate::lower::meter::{self, Cap};
use crate::solve::answer::Answer;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

pub struct Held<'a> {
    answers: Vec<Answer<'a>>,
    /// Bytes the answers take, as [`weight`] counts them.
    bytes: usize,
    /// The budget and the process limit that lowered it, worked out at the first answer
    /// held: most searches hold none (`--count`, `--first`, streamed `--all`), and a batch of
    /// thousands of instances should not read `/proc/meminfo` for each.
    budget: Option<(usize, Option<Cap>)>,
    /// Set once the budget is spent: the search's `Limits::cancel`.
    cancel: Arc<AtomicBool>,
    full: bool,
}

impl<'a> Held<'a> {
    pub fn new() -> Held<'a> {
        Held { answers: Vec::new(), bytes: 0, budget: None, cancel: Arc::new(AtomicBool::new(false)), full: false }
    }

    #[cfg(test)]
    fn with_budget(budget: usize, capped: Option<Cap>) -> Held<'a> {
        Held { budget: Some((budget, capped)), ..Held::new() }
    }

    /// The flag to give the search as its `Limits::cancel`: set when the answers fill the
    /// budget, so the search stops at its next clock check.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Keeps `a`, or, once the budget is spent, drops it and asks the search to stop.
    pub fn push(&mut self, a: Answer<'a>) {
        if self.full {
            return;
        }
        let (budget, _) = *self.budget.get_or_insert_with(|| meter::table_budget(None));
        let weight = weight(&a);
        let bytes = self.bytes.saturating_add(weight);
        if bytes > budget || !meter::process_room_for(weight) || self.answers.try_reserve(1).is_err() {
            self.full = true;
            self.cancel.store(true, Relaxed);
            return;
        }
        self.bytes = bytes;
        self.answers.push(a);
    }

    /// Whether the budget was spent (the search was cancelled for it).
    pub fn full(&self) -> bool {
        self.full
    }

    pub fn into_answers(self) -> Vec<Answer<'a>> {
        self.answers
    }

    /// What to tell the user when the answers filled the budget: how many were held, in how
    /// much, and what to ask instead.
    pub fn full_help(&self) -> String {
        let (budget, capped) = self.budget.unwrap_or_else(|| meter::table_budget(None));
        let (n, shown) = (self.answers.len(), meter::show_bytes(budget));
        let room = match capped {
            Some(cap) => format!("{shown}, all that {} leaves them", cap.describe()),
            None => format!("{shown}, half the memory available"),
        };
        format!(
            "  filled grids and placements are printed in reading order once the search ends, so `--all` holds every answer: {n} answers filled {room}; count them with `--count`, or ask for the first N with `--limit N`"
        )
    }
}

impl Default for Held<'_> {
    fn default() -> Self {
        Held::new()
    }
}

/// What one answer holds on the heap, besides its place in the list.
fn weight(a: &Answer) -> usize {
    size_of::<Answer>()
        + a.fill.as_ref().map_or(0, |f| f.len() * size_of::<Option<usize>>())
        + a.placed.len() * size_of::<crate::solve::answer::Placed>()
        + a.direct.len() * size_of::<usize>()
        + a.loop_edges.as_ref().map_or(0, Vec::len)
        + a.bridges.as_ref().map_or(0, |b| b.len() * size_of::<crate::lower::model::Bridge>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(cells: usize) -> Answer<'static> {
        Answer { fill: Some(vec![Some(1); cells]), ..Answer::default() }
    }

    #[test]
    fn answers_past_the_budget_cancel_the_search_and_are_dropped() {
        let one = weight(&grid(100));
        let mut held = Held::with_budget(one * 3, None);
        let flag = held.cancel_flag();
        for _ in 0..3 {
            held.push(grid(100));
        }
        assert!(!held.full() && !flag.load(Relaxed), "three answers fit a budget of three");
        held.push(grid(100));
        held.push(grid(100));
        assert!(held.full() && flag.load(Relaxed), "the fourth answer spends the budget and cancels the search");
        assert!(held.full_help().contains("3 answers filled"), "{}", held.full_help());
        assert_eq!(held.into_answers().len(), 3, "answers past the budget are not kept");
    }
}
