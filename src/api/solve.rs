//! `puzc solve` as a library call: every case of a [`Problem`] lowered and searched in a
//! [`Mode`], each verified answer handed to the caller as it is found ([`Event::Answer`]),
//! each case closed with its statistics ([`Event::Case`]), and a [`Cancel`] handle another
//! thread can pull to stop the search at its next clock check (every 4096 nodes), as Ctrl-C
//! stops `puzc solve`. The searches are the command line's own ([`super::xcc::Plan`],
//! [`super::moves::search`]); only the printing differs.
use super::limits::Published;
use super::load::{Failure, Problem};
use crate::lower::elaborate::{Elab, ExpandLimits};
use crate::lower::model::Model;
use crate::lower::moves::LoweredMoves;
use crate::render::text::Labels;
use crate::solve::answer::Answer;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a search is asked for: the first answer, every answer, their number, or the one
/// answer with proof that it is the only one.
pub use crate::syntax::ast::AnswerMode as Mode;

/// A stop button for a running [`solve`]: clones share one flag; [`Cancel::cancel`] from
/// any thread ends the search at its next clock check, with [`Status::Stopped`].
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How to solve: [`Options::default`] is `puzc solve` without flags.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `None`: the spec's `answer ...`, else the first answer.
    pub mode: Option<Mode>,
    /// At most this many answers listed or counted (`All` and `Count`), as `--limit`.
    pub limit: Option<u64>,
    /// Stop after this many search nodes, as `--max-nodes` (a played puzzle's search stops
    /// at [`super::moves::DEFAULT_MAX_NODES`] unless this or a timeout is given).
    pub max_nodes: Option<u64>,
    /// Stop after this long, as `--timeout`.
    pub timeout: Option<Duration>,
    /// As `--threads`; `None` chooses by the size of the search.
    pub threads: Option<usize>,
    /// The memory a played puzzle's table of positions may take, as `--memory`; `None`:
    /// half of what the system has available.
    pub memory: Option<usize>,
    pub cancel: Cancel,
    /// Where the search publishes its node and solution counts every 4096 nodes, for a
    /// progress display on another thread.
    pub progress: Option<Arc<Published>>,
}

/// What [`solve`] reports, in order: a case's answers, then its summary; then the next case.
pub enum Event<'s> {
    Answer(Solution<'s>),
    Case(Summary),
}

/// How a case ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Solved,
    /// A finished count (also of 0).
    Counted,
    NoSolution,
    NotUnique,
    /// A node limit or the timeout ended the search first.
    Limit,
    /// [`Cancel::cancel`] ended it.
    Stopped,
}

impl Status {
    /// The word `--format json` uses.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Counted => "counted",
            Status::NoSolution => "no solution",
            Status::NotUnique => "not unique",
            Status::Limit => "limit reached",
            Status::Stopped => "interrupted",
        }
    }
}

/// The end of one case.
#[derive(Clone, Debug)]
pub struct Summary {
    /// 1 for the first case of the instance data.
    pub instance: usize,
    pub status: Status,
    /// Solutions found: the count when [`Status::Counted`] (up to symmetry, the classes);
    /// under a limit or a cancel, those found so far.
    pub count: u128,
    pub nodes: u64,
    /// `fill`, `edge-matching`, `exact cover` or `move search`.
    pub engine: &'static str,
    pub elapsed: Duration,
}

/// One verified answer, to render.
pub struct Solution<'s> {
    /// The case it answers (1 for the first).
    pub instance: usize,
    /// 1 for a case's first answer.
    pub index: u64,
    shape: Shape<'s>,
}

enum Shape<'s> {
    Cover { model: &'s Model, labels: &'s Labels, answer: &'s Answer<'s> },
    Played { elab: &'s Elab<'s>, low: &'s LoweredMoves, moves: &'s [u32] },
}

impl Solution<'_> {
    /// As `puzc solve` prints it: the filled board, the pieces' labels, or one line per move.
    pub fn text(&self) -> String {
        match &self.shape {
            Shape::Cover { model, labels, answer } => crate::render::text::xcc_answer(model, labels, answer),
            Shape::Played { low, moves, .. } => {
                super::moves::move_lines(low, moves).iter().map(|l| format!("{l}\n")).collect()
            }
        }
    }

    /// As `--format jsonl` writes it under `"solution"`.
    pub fn json(&self) -> serde_json::Value {
        match &self.shape {
            Shape::Cover { model, answer, .. } => crate::render::json::xcc_answer(model, answer),
            Shape::Played { elab, low, moves } => super::moves::json_solution(elab, low, moves),
        }
    }

    /// As `--format svg` draws it: the answer's board, or a played answer's boards move by
    /// move.
    pub fn svg(&self) -> String {
        match &self.shape {
            Shape::Cover { model, answer, .. } => crate::render::svg::xcc_answer(model, answer).to_string(),
            Shape::Played { elab, low, moves } => {
                let p = &low.problem;
                let played = crate::render::svg::Played { model: &elab.model, problem: p, shown: &low.shown };
                let captions = captions(low, moves);
                crate::render::svg::moves_answer(&played, moves, &captions).to_string()
            }
        }
    }

    /// A played answer's boards one picture each (the start, then after each move, the
    /// cells the move changed outlined), for a step-through; `None` for other puzzles.
    pub fn steps(&self) -> Option<Vec<String>> {
        match &self.shape {
            Shape::Played { elab, low, moves } => {
                let p = &low.problem;
                let played = crate::render::svg::Played { model: &elab.model, problem: p, shown: &low.shown };
                let captions = captions(low, moves);
                Some(crate::render::svg::moves_steps(&played, moves, &captions).iter().map(|d| d.to_string()).collect())
            }
            Shape::Cover { .. } => None,
        }
    }

    /// A played answer's boards move by move, as `--trace` prints them; `None` for other
    /// puzzles.
    pub fn trace(&self) -> Option<String> {
        match &self.shape {
            Shape::Played { elab, low, moves } => {
                Some(super::moves::trace(elab, low, moves, &super::moves::move_lines(low, moves)))
            }
            Shape::Cover { .. } => None,
        }
    }
}

/// Each move of a played answer as a picture's caption: its name and arguments.
fn captions(low: &LoweredMoves, moves: &[u32]) -> Vec<String> {
    let p = &low.problem;
    (moves.iter().zip(super::moves::move_lines(low, moves)))
        .map(|(&m, l)| format!("{} {l}", p.move_names[p.moves[m as usize].kind as usize]))
        .collect()
}

/// One progress line of a running search: its counts, the time since it started, and with
/// `total` (an estimate of the whole search's nodes, [`super::xcc::forecast`]) how much is
/// left: `1.2M nodes, 3,456 solutions, 5s; ~27% of ~4.4M nodes, ~13s left`.
pub fn progress_line(nodes: u64, solutions: u64, elapsed: Duration, total: Option<f64>) -> String {
    crate::solve::progress::line(nodes, solutions, elapsed, total)
}

/// Solves every case of `problem`, calling `on` with each verified answer as it is found
/// and with each case's [`Summary`]. Stops at the first case whose data are wrong
/// (`Failure::Diagnostics`, against `problem.sources`), and after a case that was
/// cancelled.
pub fn solve(problem: &Problem, options: &Options, on: &mut dyn FnMut(Event)) -> Result<(), Failure> {
    let mut failed = None;
    // Each case's time runs from when its data begin to be read: building it checks the
    // deadline too (S403), as the command line's `--timeout` does.
    let case_started = std::cell::Cell::new(Instant::now());
    let walked = super::cases::for_each(
        &problem.spec,
        &problem.overrides,
        &problem.instance,
        ExpandLimits::default(),
        &mut |at| {
            if at.is_some() {
                case_started.set(Instant::now());
                crate::api::limits::set_build_deadline(options.timeout.and_then(|t| case_started.get().checked_add(t)));
            }
        },
        &mut |k, elab| {
            let started = case_started.get();
            let summary = match problem.is_moves() {
                true => played_case(problem, k, elab, options, started, on),
                false => cover_case(k, elab, options, started, on),
            };
            match summary {
                Ok(s) => {
                    let go_on = s.status != Status::Stopped;
                    on(Event::Case(s));
                    go_on
                }
                Err(f) => {
                    failed = Some(f);
                    false
                }
            }
        },
    );
    crate::api::limits::set_build_deadline(None);
    if let Some(f) = failed {
        return Err(f);
    }
    match walked {
        super::cases::Walked::Bad { diagnostics, .. } => Err(Failure::Diagnostics(diagnostics)),
        _ => Ok(()),
    }
}

/// The mode asked for, else the spec's; a limit only where it counts something.
fn mode_of(options: &Options, elab: &Elab) -> Result<Mode, Failure> {
    let mode = options.mode.or(elab.model.answer).unwrap_or(Mode::First);
    if options.limit.is_some() && matches!(mode, Mode::First | Mode::Unique) {
        return Err(Failure::Refused("a limit applies to listing all answers or counting them".into()));
    }
    Ok(mode)
}

fn cover_case(
    k: usize,
    elab: &mut Elab,
    options: &Options,
    started: Instant,
    on: &mut dyn FnMut(Event),
) -> Result<Summary, Failure> {
    use super::xcc::{Ask, Plan};
    use crate::solve::xcc::Limits;
    let mode = mode_of(options, elab)?;
    let model = &elab.model;
    let max_options = crate::lower::xcc::DEFAULT_MAX_OPTIONS;
    let ask = Ask { mode, limit: options.limit, threads: options.threads, part: false, max_options };
    let plan = Plan::new(model, ask).map_err(Failure::Diagnostics)?;
    let limits = Limits {
        max_nodes: options.max_nodes,
        deadline: options.timeout.and_then(|t| started.checked_add(t)),
        progress: options.progress.clone(),
        cancel: Some(options.cancel.0.clone()),
        ..Limits::default()
    };
    let labels = Labels::new(model);
    let mut index = 0;
    let ran = plan.run(&limits, None, &mut |answer| {
        index += 1;
        let shape = Shape::Cover { model, labels: &labels, answer: &answer };
        on(Event::Answer(Solution { instance: k, index, shape }));
    });
    let ran = ran.map_err(Failure::Unverified)?;
    let stats = ran.stats;
    let status = super::xcc::status(mode, &stats);
    let count = stats.solutions.into();
    Ok(Summary { instance: k, status, count, nodes: stats.nodes, engine: ran.engine, elapsed: started.elapsed() })
}

fn played_case(
    problem: &Problem,
    k: usize,
    elab: &mut Elab,
    options: &Options,
    started: Instant,
    on: &mut dyn FnMut(Event),
) -> Result<Summary, Failure> {
    use super::moves::{guide_of, node_limit, overflow_diagnostic, search};
    use crate::solve::moves::{Limits, Search};
    let low = crate::lower::moves::lower(&problem.spec, elab).map_err(Failure::Diagnostics)?;
    let elab: &Elab = elab;
    let mode = mode_of(options, elab)?;
    let p = &low.problem;
    if p.has_costs() && mode != Mode::First {
        // Zero-cost moves can go back and forth for free: the cheapest solutions are endless.
        return Err(Failure::Refused(
            "counting and listing need moves without costs (a spec with `cost` finds one cheapest answer)".into(),
        ));
    }
    let limits = Limits {
        max_nodes: node_limit(options.max_nodes, options.timeout.is_some()),
        deadline: options.timeout.and_then(|t| started.checked_add(t)),
        max_table_bytes: crate::lower::meter::table_budget(options.memory).0,
        progress: options.progress.clone(),
        cancel: Some(options.cancel.0.clone()),
        ..Limits::default()
    };
    let guide = guide_of(&low);
    let mut index = 0;
    let found = search(p, &limits, mode, options.limit, Search::Auto, &guide, &mut |moves| {
        index += 1;
        let shape = Shape::Played { elab, low: &low, moves };
        on(Event::Answer(Solution { instance: k, index, shape }));
    });
    let found = found.map_err(Failure::Unverified)?;
    if let Some(o) = &found.overflowed {
        return Err(Failure::Diagnostics(vec![overflow_diagnostic(&low, elab, o)]));
    }
    let count = super::moves::count_of(&found, options.limit);
    let status = super::moves::status(mode, &found, count);
    let count = count.unwrap_or(found.solutions.len() as u128);
    Ok(Summary {
        instance: k,
        status,
        count,
        nodes: found.stats.nodes,
        engine: "move search",
        elapsed: started.elapsed(),
    })
}
