//! Puzzle generation (`puzc generate`): puzzles with one solution for a spec that declares
//! its clues, written in the spec's own instance format (what `--instance` reads).
//!
//! Two kinds of clues, two pipelines:
//!
//! - *Givens* (`clues given grid, empty '.'`): the clues are the solution's own cells. A
//!   seeded random solution (exact cover over shuffled options, or drawn uniformly with
//!   `uniform`), then clues removed by orbits of the pattern's symmetry while the fill engine
//!   proves the solution unique (`src/solve/generate/`).
//! - *Derived* (`clues in DATA follow from the solution`, `src/lower/derive.rs`): the spec
//!   is elaborated in probe mode into the clue-free puzzle and the rules that read each entry
//!   of `DATA`; a random solution of the clue-free puzzle gives the full clue set
//!   (`src/solve/generate/derive.rs`), written over the entries' stretches of the instance
//!   text; while that set admits a second solution, the solution is moved where the second
//!   differs (`src/solve/generate/near.rs`, `moves` per attempt) and its clues derived anew;
//!   with `empty`, entries are removed by orbits of the data grid's symmetry while the
//!   puzzle, elaborated from that text as a user's would be, counts one solution (limit 2).
//!
//! Either way a puzzle is emitted only after its solution has been checked by the verifier
//! against the model elaborated with the puzzle's clues (for derived clues: the one solution
//! found by solving the written puzzle, which must be the sampled one).
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::lower::clues::write_clues;
use crate::lower::derive::Derived;
use crate::lower::elaborate::{Elab, ExpandLimits, elaborate, elaborate_probe};
use crate::lower::fill::lower_fill;
use crate::lower::instance::InstanceReader;
use crate::lower::model::{Board, Model};
use crate::lower::symmetry::pattern_group;
use crate::lower::value::Value;
use crate::lower::xcc::Meaning;
use crate::render::svg::Document;
use crate::solve::answer::{Answer, decode};
use crate::solve::fill::Grid;
use crate::solve::generate::grade::{Clock, Grader};
use crate::solve::generate::{Goal, SplitMix64, minimise, near, orbits, sample, sample_by};
use crate::solve::xcc::{Flow, Limits, Stop};
use crate::syntax::ast::{Lattice, Origin, Spec};
use std::collections::HashMap;
use std::time::Instant;

mod layouts;
mod threads;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// How many puzzles.
    pub count: u64,
    pub seed: u64,
    /// The symmetry of the clue pattern, and its name as the user wrote it.
    pub symmetry: Pattern,
    pub symmetry_name: &'static str,
    /// No orbit of clues can be removed (the default without `clues`).
    pub minimal: bool,
    /// Exactly this many clues.
    pub clues: Option<u64>,
    /// Random solutions tried per puzzle before giving up (S402).
    pub attempts: u64,
    /// Derived clues: moves of a sampled solution per attempt towards one whose clues fix
    /// it ([`crate::solve::generate::near`]); 0 draws afresh after each failure.
    pub moves: u64,
    /// Search nodes per uniqueness test.
    pub max_nodes: u64,
    /// Only puzzles of exactly this grade (givens only).
    pub difficulty: Option<u32>,
    /// Draw each solution with equal probability ([`crate::solve::generate::uniform`]).
    pub uniform: bool,
    /// Search nodes the uniform sampler may spend counting, per solution drawn.
    pub uniform_budget: u64,
    /// When to give up (S402); `timeout`: the seconds it was given as, for the message.
    pub deadline: Option<Instant>,
    pub timeout: f64,
    pub limits: ExpandLimits,
    /// Puzzles made at once, each on a thread of its own (at least 1); the output is the
    /// same bytes whatever the number.
    pub threads: usize,
}

impl Request {
    fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// S402 for a run the time limit stopped, saying what the last puzzle's attempts ran
    /// into (`why`, when not empty).
    fn out_of_time(&self, span: Span, made: u64, why: &str) -> Failure {
        let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
        fail(
            Diagnostic::new(
                Code::S402,
                span,
                format!(
                    "the time limit ({}s) ran out after {} of {}{why}",
                    self.timeout,
                    crate::diag::plural(made, "puzzle"),
                    self.count
                ),
            )
            .label("the clues generated")
            .help("give it more time with --timeout, or ask for more clues or fewer puzzles"),
        )
    }

    /// A request for more clues than the puzzle has places for.
    fn too_many(&self, span: Span, places: usize) -> Option<Failure> {
        let k = self.clues.filter(|&k| k as usize > places)?;
        Some(fail(
            Diagnostic::new(
                Code::S402,
                span,
                format!(
                    "{} asked for, but a puzzle has {}",
                    crate::diag::plural(k, "clue"),
                    crate::diag::plural(places, "place")
                ),
            )
            .label("the clues generated")
            .help(format!("ask for at most {places} clues")),
        ))
    }
}

/// The instance text the first case was read from, as the reader saw it.
#[derive(Clone, Copy, Debug)]
pub struct Instance<'t> {
    pub text: &'t str,
    pub file: FileId,
    pub base: usize,
}

pub use crate::lower::symmetry::Pattern;
pub use crate::solve::generate::grade::Grade;

/// Which grader `puzc grade` runs (`--grader`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GraderKind {
    /// The filled-grid grader where it applies (a filled grid under `each ... holds`
    /// regions), the matrix grader elsewhere.
    #[default]
    Auto,
    /// The filled-grid grader on bitmasks (`src/solve/generate/grade.rs`).
    Fill,
    /// The grader on the exact-cover matrix, any spec (`src/solve/xcc/grade.rs`).
    Matrix,
}

/// Why a case could not be graded.
#[derive(Debug)]
pub enum GradeError {
    /// `GraderKind::Fill` on a spec that is not a filled grid under `each ... holds` regions.
    NotFill,
    /// The matrix could not be built (S401 past the option limit, ...).
    Diagnostics(Vec<Diagnostic>),
    /// The deadline passed before the grade was known.
    Stopped,
}

/// `puzc grade`: the grade of the case `elab` (its clues, by propagation and probing up to
/// `max_level`), unless `deadline` passes first.
pub fn grade(
    elab: &Elab,
    max_options: usize,
    max_level: u32,
    by: GraderKind,
    deadline: Option<Instant>,
) -> Result<Grade, GradeError> {
    let mut clock = Clock::new(deadline);
    if by != GraderKind::Matrix
        && let Some(fill) = lower_fill(&elab.model, max_options)
    {
        return Grader::new(&fill.shape).grade_until(&fill.given, max_level, &mut clock).ok_or(GradeError::Stopped);
    }
    if by == GraderKind::Fill {
        return Err(GradeError::NotFill);
    }
    let model = &elab.model;
    let lowered = crate::lower::xcc::lower(model, max_options).map_err(GradeError::Diagnostics)?;
    // The clues: the options that fill a cell with its given.
    let given: Vec<bool> = lowered
        .meanings
        .iter()
        .map(|m| match (m, &model.board) {
            (Meaning::Fill { cell, value }, Some(b)) => b.given.get(*cell) == Some(&Some(*value)),
            _ => false,
        })
        .collect();
    crate::solve::xcc::grade::grade(&lowered.problem, &given, max_level, &mut clock).ok_or(GradeError::Stopped)
}

/// Why generation stopped without its puzzles.
#[derive(Debug)]
pub enum Failure {
    /// Coded diagnostics (a request that cannot be met, a spec the statement does not fit).
    Diagnostics(Vec<Diagnostic>),
    /// The spec is of a kind generation does not handle (a played puzzle, ...).
    Usage(String),
    /// A generated solution failed verification: a bug.
    Internal(String),
}

fn fail(d: Diagnostic) -> Failure {
    Failure::Diagnostics(vec![d])
}

/// Generates `req.count` puzzles for the spec whose first case is `elab` (read from
/// `instance`), handing each to `emit` as instance text (ending in a newline); `emit`
/// returns false to stop early (a closed pipe).
///
/// Puzzle `n` depends only on the seed and `n` (its own random stream, [`stream`]), so with
/// `req.threads` above 1 the puzzles are made on that many threads (`threads.rs`: each
/// elaborates the case anew, the spec's values not being shared between threads) and
/// emitted in order: the same bytes as one thread makes.
pub fn generate(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    elab: &mut Elab,
    instance: Instance,
    req: &Request,
    emit: &mut dyn FnMut(&str) -> bool,
) -> Result<(), Failure> {
    let threads = req.threads.clamp(1, req.count.clamp(1, 256) as usize);
    let plain = threads::plain(overrides).filter(|_| threads > 1);
    let Some(plain) = plain else {
        let mut next = 0..req.count;
        let mut failed = None;
        work(spec, overrides, elab, instance, req, &mut || next.next(), &mut |_, made| match made {
            Ok(text) => emit(&text),
            Err(f) => {
                failed = Some(f);
                false
            }
        })?;
        return failed.map_or(Ok(()), Err);
    };
    // The setup's refusals (E111, G211, ...) once, here, before any thread starts.
    work(spec, overrides, elab, instance, req, &mut || None, &mut |_, _| true)?;
    let (from, to) = elab.model.read;
    let case = Instance { text: &instance.text[from..to], file: instance.file, base: instance.base + from };
    threads::run(spec, &plain, case, req, threads, emit)
}

/// The unsolved picture of a generated puzzle (`text`, as [`generate`] handed it over),
/// elaborated as `--instance` would read it (`generate --format svg`).
pub fn picture(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    text: &str,
    file: FileId,
    limits: ExpandLimits,
) -> Result<(Document, Model), Failure> {
    let mut reader = InstanceReader::new(text, file, 0);
    let (elab, diags) = elaborate(spec, &mut reader, overrides, limits);
    if !diags.is_empty() {
        return Err(Failure::Internal(format!("a generated puzzle does not read back: {}", diags[0].message)));
    }
    Ok((crate::render::svg::puzzle(&elab.model), elab.model))
}

/// Where a worker takes the number of its next puzzle (`None`: stop).
type Next<'a> = dyn FnMut() -> Option<u64> + 'a;
/// Where a worker hands puzzle `n` (or why it could not be made); false: stop.
type Put<'a> = dyn FnMut(u64, Result<String, Failure>) -> bool + 'a;

/// One worker: the pipeline's setup for the case `elab`, then the puzzles `next` names, each
/// handed to `put`. `Err`: the setup refused.
fn work(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    elab: &mut Elab,
    instance: Instance,
    req: &Request,
    next: &mut Next,
    put: &mut Put,
) -> Result<(), Failure> {
    if elab.model.derived.is_some() {
        return derived(spec, overrides, elab, instance, req, next, put);
    }
    givens(spec, elab, instance, req, next, put)
}

fn no_clues(spec: &Spec, model: &Model) -> Failure {
    let span = model.board.as_ref().map(|b| b.span).or_else(|| spec.stmts.first().map(|st| st.span));
    let Some(span) = span else { return Failure::Usage("this spec declares no clues to generate".into()) };
    fail(
        Diagnostic::new(Code::E111, span, "this spec does not say which instance data are its clues")
            .label("the board whose givens could be clues")
            .help("declare them: `clues given grid, empty '.'`, or `clues in DATA follow from the solution`"),
    )
}

fn no_symmetry(board: &Board, pattern: &str, why: &str, declared: Span) -> Failure {
    fail(
        Diagnostic::new(Code::G211, board.span, format!("the board has no {pattern} symmetry: {why}"))
            .label(format!("{} of {}", crate::diag::plural(board.rows, "row"), crate::diag::plural(board.cols, "cell")))
            .related(declared, "its clues are declared here")
            .help("choose another --symmetry (none always applies)"),
    )
}

fn not_found(req: &Request, span: Span, extra: &str) -> Failure {
    not_found_as(req, req.minimal || req.clues.is_none(), span, extra)
}

/// [`not_found`] for a request whose puzzles are (`goal_minimal`) or are not minimal.
fn not_found_as(req: &Request, goal_minimal: bool, span: Span, extra: &str) -> Failure {
    let wanted = match (req.clues, goal_minimal) {
        (Some(k), true) => format!("minimal puzzle with {}", crate::diag::plural(k, "clue")),
        (Some(k), false) => format!("puzzle with {}", crate::diag::plural(k, "clue")),
        _ => "minimal puzzle".to_string(),
    };
    let wanted = match req.difficulty {
        Some(l) => format!("{wanted} of grade {l}"),
        None => wanted,
    };
    fail(
        Diagnostic::new(Code::S402, span, format!("found no {wanted} in {} attempts{extra}", req.attempts.max(1)))
            .label("the clues generated")
            .help("ask for more clues, another --symmetry, or more --attempts / --max-nodes"),
    )
}

/// Whether a puzzle graded `level` (`None`: not solved within `want`) is of the grade asked
/// for. Tatham's rule: a puzzle one level easier is not accepted either. One that is not is
/// counted in `off_grade` as easier (.0) or harder (.1), for S402's message.
fn at_grade(level: Option<u32>, want: u32, off_grade: &mut (u64, u64)) -> bool {
    match level {
        Some(l) if l == want => true,
        Some(_) => {
            off_grade.0 += 1;
            false
        }
        None => {
            off_grade.1 += 1;
            false
        }
    }
}

/// What the puzzles made but thrown away for their grade (`off_grade`: how many easier, how
/// many harder) say of a `--difficulty` request; empty when there were none.
fn off_grade_note(req: &Request, off_grade: (u64, u64)) -> String {
    let (easier, harder) = off_grade;
    match req.difficulty {
        Some(want) if easier + harder > 0 => format!(
            "{} made, {easier} easier and {harder} harder than grade {want}",
            crate::diag::plural(easier + harder, "unique puzzle")
        ),
        _ => String::new(),
    }
}

/// Puzzle `n`'s own random stream: puzzle n is the same whatever `count` is.
pub(super) fn stream(seed: u64, n: u64) -> SplitMix64 {
    SplitMix64::new(seed ^ n.wrapping_mul(0xA076_1D64_78BD_642F))
}

/// The givens pipeline (`clues given grid, empty '.'`).
fn givens(
    spec: &Spec,
    elab: &mut Elab,
    instance: Instance,
    req: &Request,
    next: &mut Next,
    put: &mut Put,
) -> Result<(), Failure> {
    let max_options = req.limits.options;
    let model = &mut elab.model;
    let Some(clues) = model.clues.clone() else { return Err(no_clues(spec, model)) };
    let board = model.board.as_mut().expect("the check found the filled board");
    board.given.iter_mut().for_each(|g| *g = None);
    let board = board.clone();
    let group =
        pattern_group(&board, req.symmetry).map_err(|why| no_symmetry(&board, req.symmetry_name, why, clues.span))?;
    let Some(fill) = lower_fill(model, max_options) else {
        return Err(Failure::Usage(
            "generate works, for given clues, on specs of filled grids under `each ... holds` regions only".into(),
        ));
    };
    let lowered = crate::lower::xcc::lower(model, max_options).map_err(Failure::Diagnostics)?;
    // The group over the fill engine's dense cells.
    let mut dense = vec![u32::MAX; board.on.len()];
    for (k, &c) in fill.board_cell.iter().enumerate() {
        dense[c] = k as u32;
    }
    let dense_group: Vec<Vec<u32>> =
        group.iter().map(|g| fill.board_cell.iter().map(|&c| dense[g[c]]).collect()).collect();
    let orbits = orbits(fill.board_cell.len(), &dense_group);
    let grid = Grid::new(&fill.shape);
    let goal = Goal { clues: req.clues.map(|n| n as usize), minimal: req.minimal || req.clues.is_none() };
    if let Some(f) = req.too_many(clues.span, fill.board_cell.len()) {
        return Err(f);
    }
    let limits = Limits { max_nodes: Some(req.max_nodes), deadline: req.deadline, ..Limits::default() };
    let grader = Grader::new(&fill.shape);
    let max_level = req.difficulty.unwrap_or(0);
    let mut unique = |clues: &[Option<u8>]| {
        // With a difficulty: only removals that keep the puzzle within the level.
        if req.difficulty.is_some()
            && grader.grade_until(clues, max_level, &mut Clock::new(req.deadline)).and_then(|g| g.level).is_none()
        {
            return false;
        }
        let stats =
            crate::solve::fill::solve(&grid, clues, &Limits { max_solutions: Some(2), ..limits.clone() }, &mut |_| {
                Flow::Continue
            });
        stats.solutions == 1 && stats.stop == Stop::Exhausted
    };
    let mut uniform = req.uniform.then(|| crate::solve::generate::uniform::Uniform::new(&lowered.problem));
    let mut one = |n: u64| -> Result<String, Failure> {
        let mut rng = stream(req.seed, n);
        let mut made = None;
        // Puzzles with one solution made but of another grade: (easier, harder).
        let mut off_grade = (0u64, 0u64);
        for _ in 0..req.attempts.max(1) {
            if req.late() {
                break;
            }
            let chosen = match uniform.as_mut() {
                Some(u) => u.draw(&mut rng, req.uniform_budget).map_err(|why| uniform_refused(&board, why))?,
                None => sample(&lowered.problem, &mut rng, &limits),
            };
            let Some(chosen) = chosen else { continue };
            let answer = decode(model, &lowered.meanings, &lowered.defaults, &chosen);
            let full = answer.fill.as_ref().expect("a filled board's answer fills it");
            let solution: Vec<u8> =
                fill.board_cell.iter().map(|&c| full[c].expect("every cell filled") as u8).collect();
            let Some(puzzle) = minimise(&solution, &orbits, goal, &mut rng, &mut unique) else { continue };
            if let Some(want) = req.difficulty {
                let level = grader.grade_until(&puzzle, want, &mut Clock::new(req.deadline)).and_then(|g| g.level);
                if !at_grade(level, want, &mut off_grade) {
                    continue;
                }
            }
            made = Some((puzzle, answer));
            break;
        }
        let why_not = off_grade_note(req, off_grade);
        // A test the time cut short said "not unique": what was made may not be minimal.
        if req.late() {
            return Err(req.out_of_time(clues.span, n, &why_not));
        }
        let extra = if why_not.is_empty() { String::new() } else { format!(" ({why_not})") };
        let Some((puzzle, answer)) = made else { return Err(not_found(req, clues.span, &extra)) };
        // The independent check: the solution against the model with these clues as givens.
        let mut given = vec![None; board.on.len()];
        for (k, &c) in fill.board_cell.iter().enumerate() {
            given[c] = puzzle[k].map(usize::from);
        }
        model.board.as_mut().unwrap().given = given.clone();
        crate::solve::verify::verify(model, &answer)
            .map_err(|why| Failure::Internal(format!("a generated solution failed verification: {why}")))?;
        Ok(instance_text(instance.text, model, &write_clues(&board, &given, clues.empty)))
    };
    while let Some(n) = next() {
        if !put(n, one(n)) {
            break;
        }
    }
    Ok(())
}

fn uniform_refused(board: &Board, why: String) -> Failure {
    fail(
        Diagnostic::new(Code::S402, board.span, format!("cannot draw solutions uniformly: {why}"))
            .label("the board whose solutions are drawn")
            .help("raise --uniform-budget, or leave out --uniform for a random (not uniform) solution"),
    )
}

/// The puzzle as an instance: the instance text the model was read from, its givens'
/// stretch replaced by `grid` (the clues, a line per row). What stands before and after
/// (parameters, a jigsaw's region letters, comments) is kept as read; blank lines around
/// the whole are dropped and it ends with one newline.
fn instance_text(text: &str, model: &Model, grid: &str) -> String {
    let (from, to) = model.read;
    let Some((a, b)) = model.given_read.filter(|&(a, b)| from <= a && a <= b && b <= to) else {
        return grid.to_string();
    };
    let (before, after) = (text[from..a].trim_start(), text[b..to].trim_end());
    if after.is_empty() {
        return format!("{before}{grid}");
    }
    format!("{before}{}{after}\n", grid.trim_end())
}

/// The derived pipeline (`clues in DATA follow from the solution`).
fn derived(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    elab: &Elab,
    instance: Instance,
    req: &Request,
    next: &mut Next,
    put: &mut Put,
) -> Result<(), Failure> {
    let declared = elab.model.derived.as_ref().and_then(|d| d.span).expect("the statement was elaborated");
    // The first case's own text: what the probe reads and the puzzles rewrite.
    let (from, to) = elab.model.read;
    let case = &instance.text[from..to];
    let mut reader = InstanceReader::new(case, instance.file, instance.base + from);
    let (probe, diags) = elaborate_probe(spec, &mut reader, overrides, req.limits);
    if !diags.is_empty() {
        return Err(Failure::Diagnostics(diags));
    }
    let model = &probe.model;
    let d = model.derived.clone().expect("the probe elaborates the statement");
    let linked: Vec<bool> = (0..d.slots.len()).map(|k| d.links.iter().any(|l| l.slot == k)).collect();
    let mut drawer = layouts::Drawer::new(model, &d, declared)?;
    if d.links.is_empty() && d.layout.is_none() {
        return Err(fail(
            Diagnostic::new(Code::E111, declared, format!("no rule reads a clue of `{}`", d.data))
                .label("clues nothing derives")
                .help(format!(
                    "a rule must read the entries as its clue: `each cage(l) sums to {0}[l]`, \
                     `along CELLS, {0}[r, c] cells are seen`, `each clue of {0} counts the loop edges around it`, \
                     `cells x at (r, c) hold x == {0}[r, c]`, `each area of '.' cells holds one clue of {0}, its size`; \
                     or a region read from it, `region area from {0}`",
                    d.data
                )),
        ));
    }
    // The entries that may be left out, and their orbits under the data grid's symmetry.
    let removable: Vec<usize> =
        if d.empty.is_some() { (0..d.slots.len()).filter(|&k| linked[k]).collect() } else { Vec::new() };
    let wants_removal = req.clues.is_some() || req.minimal || req.symmetry != Pattern::None;
    if removable.is_empty() && wants_removal {
        return Err(fail(
            Diagnostic::new(Code::E111, declared, format!("no clue of `{}` can be left out", d.data))
                .label("every clue stays: no `empty`")
                .help("leave out --clues, --minimal and --symmetry (each puzzle keeps its full clue set), or say how a missing clue is written: `, empty '-'`"),
        ));
    }
    let orbit_list = data_orbits(&d, &removable, req, declared)?;
    if let Some(f) = req.too_many(declared, removable.len()) {
        return Err(f);
    }
    let max_options = req.limits.options;
    // Tiles make their own solution (a grid of edge labels); other clues need one of the
    // clue-free puzzle.
    let lowered = match drawer.samples() {
        true => Some(crate::lower::xcc::lower(model, max_options).map_err(Failure::Diagnostics)?),
        false => None,
    };
    let limits = Limits { max_nodes: Some(req.max_nodes), deadline: req.deadline, ..Limits::default() };
    let goal = Goal {
        clues: req.clues.map(|n| n as usize),
        minimal: !removable.is_empty() && (req.minimal || req.clues.is_none()),
    };
    let later = lowered.as_ref().map_or_else(Vec::new, |l| drawer.later(&l.meanings));
    // Per option of the clue-free problem, the cell and value it fills (for the moves).
    let fills: Vec<Option<(usize, usize)>> = lowered.as_ref().map_or_else(Vec::new, |l| {
        l.meanings
            .iter()
            .map(|m| if let Meaning::Fill { cell, value } = m { Some((*cell, *value)) } else { None })
            .collect()
    });

    let mut uniform =
        lowered.as_ref().filter(|_| req.uniform).map(|l| crate::solve::generate::uniform::Uniform::new(&l.problem));
    let mut one = |n: u64| -> Result<String, Failure> {
        let mut why_not = String::new();
        // Puzzles with one solution made but of another grade: (easier, harder).
        let mut off_grade = (0u64, 0u64);
        let mut rng = stream(req.seed, n);
        let mut made = None;
        for _ in 0..req.attempts.max(1) {
            if req.late() {
                break;
            }
            let mut chosen = match &lowered {
                None => None,
                Some(lowered) => {
                    let chosen = match uniform.as_mut() {
                        Some(u) => u.draw(&mut rng, req.uniform_budget).map_err(|why| {
                            fail(
                                Diagnostic::new(Code::S402, declared, format!("cannot draw solutions uniformly: {why}"))
                                    .label("the clues whose solutions are drawn")
                                    .help(
                                        "raise --uniform-budget, or leave out --uniform for a random (not uniform) solution",
                                    ),
                            )
                        })?,
                        None => sample_by(&lowered.problem, &mut rng, &limits, &later),
                    };
                    let Some(chosen) = chosen else { continue };
                    Some(chosen)
                }
            };
            // Moves of the sampled solution towards one the clues fix (`near.rs`).
            let mut moves = if drawer.repairs() == 0 { req.moves } else { 0 };
            let found = loop {
                let answer = match (&lowered, &chosen) {
                    (Some(lowered), Some(chosen)) => Some(decode(model, &lowered.meanings, &lowered.defaults, chosen)),
                    _ => None,
                };
                let full = match &answer {
                    Some(answer) => crate::solve::generate::derive::derive(model, &d, answer),
                    None => Ok(vec![None; d.slots.len()]),
                };
                let full = match full {
                    Ok(f) => f,
                    Err(why) => {
                        why_not = why;
                        break None;
                    }
                };
                let mut texts: Vec<String> =
                    full.iter().zip(&d.slots).map(|(t, s)| t.clone().unwrap_or_else(|| s.text.clone())).collect();
                let fill = answer.as_ref().and_then(|a| a.fill.as_deref());
                if let Err(why) = drawer.draw(fill, &mut texts, &mut rng) {
                    why_not = why;
                    break None;
                }
                // The full clue set must have one solution; a layout is repaired against a
                // second, a solution moved away from it.
                let mut repairs = drawer.repairs();
                let other = loop {
                    let sols = match count(spec, overrides, &rewrite(case, &d, &texts), instance, req, &limits) {
                        Ok((1, true, _)) => break None,
                        Ok((2, _, sols)) => sols,
                        _ => break Some(None),
                    };
                    let (Some(fill), Some(other)) =
                        (fill, sols.into_iter().find_map(|s| s.fill.filter(|f| Some(f.as_slice()) != fill)))
                    else {
                        break Some(None);
                    };
                    if repairs == 0 || !drawer.repair(fill, &other, &mut texts, &mut rng) {
                        break Some(Some(other));
                    }
                    repairs -= 1;
                };
                let Some(other) = other else { break Some((answer, texts)) };
                why_not = "no sampled solution's full clue set had only that solution".into();
                let (Some(lowered), Some(base), Some(fill), Some(other)) = (&lowered, &chosen, fill, other) else {
                    break None;
                };
                if moves == 0 || req.late() {
                    if req.moves > 0 {
                        why_not = format!("{why_not}, nor one moved from it in {} moves", req.moves);
                    }
                    break None;
                }
                moves -= 1;
                // A cell where the second solution differs, barred from both its values: first
                // with the cells outside its window kept, then anywhere.
                let diff = near::differing(fill, &other, &mut rng);
                let moved = diff.iter().find_map(|&cell| {
                    let (a, b) = (fill[cell]?, other[cell]?);
                    let bar = near::bar(&fills, cell, a, b);
                    let mut kept = bar.clone();
                    kept.extend(near::outside(&lowered.problem, &fills, cell, fill, &diff));
                    near::near(&lowered.problem, base, &kept, &mut rng, &limits)
                        .or_else(|| near::near(&lowered.problem, base, &bar, &mut rng, &limits))
                });
                let Some(moved) = moved else { break None };
                chosen = Some(moved);
            };
            let Some((answer, texts)) = found else { continue };
            let write = |kept: &[Option<u8>]| {
                let mut t = texts.clone();
                for (k, &slot) in removable.iter().enumerate() {
                    if kept[k].is_none() {
                        t[slot] = d.empty.clone().expect("removable entries have an empty text");
                    }
                }
                rewrite(case, &d, &t)
            };
            // With a difficulty: only removals that keep the puzzle within the level.
            let within =
                |text: &str| req.difficulty.is_none_or(|l| graded(spec, overrides, text, instance, req, l).is_some());
            let mut unique = |kept: &[Option<u8>]| {
                let text = write(kept);
                within(&text) && matches!(count(spec, overrides, &text, instance, req, &limits), Ok((1, true, _)))
            };
            let all: Vec<u8> = vec![0; removable.len()];
            let Some(kept) = minimise(&all, &orbit_list, goal, &mut rng, &mut unique) else { continue };
            let text = write(&kept);
            if let Some(want) = req.difficulty
                && !at_grade(graded(spec, overrides, &text, instance, req, want), want, &mut off_grade)
            {
                continue;
            }
            made = Some((text, answer));
            break;
        }
        // Puzzles made but of another grade say more than the last attempt's failure: which
        // way the request missed.
        let note = off_grade_note(req, off_grade);
        if !note.is_empty() {
            why_not = note;
        }
        if req.late() {
            return Err(req.out_of_time(declared, n, &why_not));
        }
        let extra = if why_not.is_empty() { String::new() } else { format!(" ({why_not})") };
        let Some((text, sampled)) = made else { return Err(not_found_as(req, goal.minimal, declared, &extra)) };
        // The written puzzle, read back as a user's would be: its one solution, verified,
        // must be the sampled one.
        let whole = Limits { deadline: None, ..limits.clone() };
        match count(spec, overrides, &text, instance, req, &whole) {
            Ok((1, true, found)) if sampled.as_ref().is_none_or(|s| same(&found[0], s)) => {}
            Ok(_) => {
                return Err(Failure::Internal(
                    "a generated puzzle does not read back with the sampled solution as its only one".into(),
                ));
            }
            Err(why) => return Err(Failure::Internal(format!("a generated puzzle does not read back: {why}"))),
        }
        Ok(format!("{}\n", text.trim_matches(|c| c == '\n' || c == '\r').trim_end()))
    };
    while let Some(n) = next() {
        if !put(n, one(n)) {
            break;
        }
    }
    Ok(())
}

/// A solution in the puzzle's terms, comparable across models of one spec: the board's
/// values and the loop's sides.
#[derive(Debug, PartialEq)]
struct Solved {
    fill: Option<Vec<Option<usize>>>,
    loop_edges: Option<Vec<bool>>,
}

fn same(found: &Solved, sampled: &Answer) -> bool {
    found.fill == sampled.fill && found.loop_edges == sampled.loop_edges
}

/// Solves the puzzle `text` (a case of the spec) up to two solutions: (solutions,
/// searched to the end, the solutions found, each verified against its model).
fn count(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    text: &str,
    instance: Instance,
    req: &Request,
    limits: &Limits,
) -> Result<(u64, bool, Vec<Solved>), String> {
    let mut reader = InstanceReader::new(text, instance.file, 0);
    let (elab, diags) = elaborate(spec, &mut reader, overrides, req.limits);
    if let Some(d) = diags.first() {
        return Err(d.message.clone());
    }
    let model = &elab.model;
    let lowered = crate::lower::xcc::lower(model, req.limits.options).map_err(|d| d[0].message.clone())?;
    let mut found = Vec::new();
    let mut bad = None;
    let stats = crate::solve::xcc::solve(
        &lowered.problem,
        &Limits { max_solutions: Some(2), ..limits.clone() },
        &mut |chosen| {
            let answer = decode(model, &lowered.meanings, &lowered.defaults, chosen);
            if let Err(why) = crate::solve::verify::verify(model, &answer) {
                bad = Some(why);
            }
            found.push(Solved { fill: answer.fill, loop_edges: answer.loop_edges });
            Flow::Continue
        },
    );
    if let Some(why) = bad {
        return Err(format!("a solution failed verification: {why}"));
    }
    Ok((stats.solutions, stats.stop == Stop::Exhausted, found))
}

/// The level of the puzzle `text` (a case of the spec) by the grader, probing to at most
/// `max_level`; `None` when it does not solve it (or the text does not read).
fn graded(
    spec: &Spec,
    overrides: &HashMap<String, Value>,
    text: &str,
    instance: Instance,
    req: &Request,
    max_level: u32,
) -> Option<u32> {
    let mut reader = InstanceReader::new(text, instance.file, 0);
    let (elab, diags) = elaborate(spec, &mut reader, overrides, req.limits);
    if !diags.is_empty() {
        return None;
    }
    grade(&elab, req.limits.options, max_level, GraderKind::Auto, req.deadline).ok()?.level
}

/// The case's text with each entry's stretch replaced by `texts` (in reading order). The
/// spaces between an entry and the next word on its line take up the change in its width
/// (at least one stays), so columns the instance lined up stay lined up.
fn rewrite(case: &str, d: &Derived, texts: &[String]) -> String {
    let mut out = String::with_capacity(case.len() + 16);
    let mut at = 0;
    for (slot, text) in d.slots.iter().zip(texts) {
        out.push_str(&case[at..slot.at.0]);
        out.push_str(text);
        at = slot.at.1;
        let spaces = case[at..].bytes().take_while(|&b| b == b' ').count();
        let word_follows = case[at + spaces..].bytes().next().is_some_and(|b| !b"\r\n\t#".contains(&b));
        if spaces > 0 && word_follows {
            let width = case[slot.at.0..slot.at.1].chars().count() + spaces;
            out.extend(std::iter::repeat_n(' ', width.saturating_sub(text.chars().count()).max(1)));
            at += spaces;
        }
    }
    out.push_str(&case[at..]);
    out
}

/// The orbits of the removable entries (indices into `removable`) under the symmetry of the
/// data grid's rectangle; a table has no geometry, only `none`.
fn data_orbits(d: &Derived, removable: &[usize], req: &Request, declared: Span) -> Result<Vec<Vec<u32>>, Failure> {
    let mut at = vec![u32::MAX; d.slots.len()];
    for (k, &s) in removable.iter().enumerate() {
        at[s] = k as u32;
    }
    let group = match d.shape {
        None if req.symmetry != Pattern::None => {
            return Err(fail(
                Diagnostic::new(
                    Code::G211,
                    declared,
                    format!(
                        "the clues of table `{}` have no {} symmetry: a table is not laid out on a board",
                        d.data, req.symmetry_name
                    ),
                )
                .label("clues in a table")
                .help("use --symmetry none"),
            ));
        }
        None => Vec::new(),
        Some((rows, cols)) => {
            let board = Board {
                name: d.data.clone(),
                rows,
                cols,
                on: vec![true; rows * cols],
                values: Vec::new(),
                given: vec![None; rows * cols],
                origin: Origin::TopLeft,
                lattice: Lattice::Squares,
                span: declared,
            };
            pattern_group(&board, req.symmetry).map_err(|why| no_symmetry(&board, req.symmetry_name, why, declared))?
        }
    };
    let n = removable.len();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for k in 0..n {
        if seen[k] {
            continue;
        }
        let s = removable[k];
        let mut orbit: Vec<u32> = group.iter().map(|g| at[g[s]]).chain([k as u32]).filter(|&m| m != u32::MAX).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &m in &orbit {
            seen[m as usize] = true;
        }
        out.push(orbit);
    }
    Ok(out)
}
