//! One played case from its model to verified answers: the search chosen by the budget and
//! the guide, every solution kept replayed by the verifier; and a solution in the words
//! of the spec (its moves as lines, as JSON, the boards move by move). `puzc solve`
//! (`cli/moves.rs`) and [`crate::api::solve`] share it.
use crate::ir::guide::Bound;
use crate::lower::bound::derive;
use crate::lower::elaborate::Elab;
use crate::render::grid::draw;
use crate::solve::moves::{self, TraceStep};
use crate::solve::verify_moves::verify;
use crate::syntax::ast::AnswerMode;

/// The guidance of a played puzzle's search: a lower bound on the moves left, whether the
/// moves commute.
pub use crate::ir::guide::Guide;
/// The move-search IR: one grid of small values and the counters, concrete moves, rules,
/// goal and budget.
pub use crate::ir::moves::MoveProblem;
/// Maps of a played puzzle's board under which it is the same puzzle.
pub use crate::ir::symmetry::Symmetry;
/// A played puzzle lowered: its move program, with the names and spans to speak of it.
pub use crate::lower::moves::LoweredMoves;
/// A search's limits (nodes, deadline, table memory, progress counts), how a `fewest`
/// search runs (`--search`), why it stopped, and what proved a goal unreachable.
pub use crate::solve::moves::{Kept, Limits, Proof, Search, Stats, Stop};

/// Lowers one case of a played puzzle to its move program (`spec` is the case's spec).
pub fn lower(spec: &crate::syntax::ast::Spec, elab: &mut Elab) -> Result<LoweredMoves, Vec<crate::diag::Diagnostic>> {
    crate::lower::moves::lower(spec, elab)
}

/// `puzc draw`: the starting board of a played puzzle.
pub fn picture(elab: &Elab, low: &LoweredMoves) -> crate::render::svg::Document {
    let played = crate::render::svg::Played { model: &elab.model, problem: &low.problem, shown: &low.shown };
    crate::render::svg::played_puzzle(&played)
}

/// `compile --emit moves`: the move program as text, with the guidance the search will use
/// (the bound, whether the moves commute) before the move list.
pub fn program_text(low: &LoweredMoves) -> String {
    let guide = guide_of(low);
    let mut text = low.problem.to_text();
    // The guidance goes before the move list, after the derived pruning.
    let at = text.find("\nmove ").map_or(text.len(), |i| i + 1);
    let mut lines = String::new();
    if let Some(b) = &guide.bound {
        lines += &format!("{}\n", b.describe());
    }
    if guide.commute {
        lines += "moves commute: each is its own inverse, tried in one order only\n";
    }
    if let Some(d) = moves::dead_cells::derive(&low.problem) {
        lines += &dead_cells_text(&d, low);
    }
    if let Some(s) = &guide.symmetry {
        lines += &format!("symmetry group {}\n", s.name);
    }
    text.insert_str(at, &lines);
    text
}

/// `--emit moves`: the dead cells of each token value (`docs/moves.md`, "Dead cells").
fn dead_cells_text(d: &moves::dead_cells::DeadCells, low: &LoweredMoves) -> String {
    let p = &low.problem;
    let mut text = String::new();
    for &t in &d.tokens {
        let cells: Vec<String> = d.pairs().iter().filter(|&&(_, v)| v == t).map(|&(c, _)| p.cell_name(c)).collect();
        if !cells.is_empty() {
            text += &format!("dead cells of {}: {}\n", low.shown[t as usize], cells.join(" "));
        }
    }
    text
}

/// The board's symmetries, when the search that finds the first answer keys its table by
/// them (depth-first, or breadth-first without costs): `--stats` names them.
pub fn symmetry_used<'g>(p: &MoveProblem, mode: AnswerMode, how: Search, guide: &'g Guide) -> Option<&'g Symmetry> {
    guide.symmetry.as_ref().filter(|_| mode == AnswerMode::First && moves::uses_symmetry(p, how, guide))
}

/// The search that ran, in `--stats`'s words.
pub fn engine_name(p: &MoveProblem, mode: AnswerMode, how: Search, guide: &Guide, found: &Found) -> &'static str {
    match (mode, p.budget) {
        // The nodes are the second search's.
        _ if found.fell_back => "breadth-first (after IDA* with the spec's estimate)",
        (AnswerMode::First, crate::ir::moves::Budget::Fewest { .. }) => moves::engine_for(how, guide).name(),
        (AnswerMode::First, _) => "depth-first",
        _ => "counting",
    }
}

/// Each counter's numbers after the moves `sol` (at the start when they do not replay), as
/// a template shows them.
pub fn counters_after(elab: &Elab, low: &LoweredMoves, sol: &[u32]) -> Vec<(String, String)> {
    let p = &low.problem;
    let last = moves::replay(p, sol);
    counter_values(&elab.model.counters, p, &last.unwrap_or_else(|_| p.initial.clone()))
}

/// A played answer's picture (`--format svg`): its boards in a strip, or with `animate` one
/// board that plays the moves, each captioned with the move.
pub fn answer_picture(elab: &Elab, low: &LoweredMoves, sol: &[u32], animate: bool) -> crate::render::svg::Document {
    let p = &low.problem;
    let played = crate::render::svg::Played { model: &elab.model, problem: p, shown: &low.shown };
    let captions: Vec<String> = (sol.iter().zip(move_lines(low, sol)))
        .map(|(&m, l)| format!("{} {l}", p.move_names[p.moves[m as usize].kind as usize]))
        .collect();
    if animate {
        crate::render::svg::moves_animation(&played, sol, &captions)
    } else {
        crate::render::svg::moves_answer(&played, sol, &captions)
    }
}

/// The node limit of a played puzzle's search: `max_nodes` when given, else none under a
/// timeout, else [`default_max_nodes`].
pub fn node_limit(max_nodes: Option<u64>, timeout: bool) -> u64 {
    max_nodes.unwrap_or(if timeout { u64::MAX } else { default_max_nodes() })
}

/// The number of solutions a search found, as a case reports it: the count under the
/// `limit` (a count stops there, and that is an answer), `None` when only the first was
/// searched for.
pub fn count_of(found: &Found, limit: Option<u64>) -> Option<u128> {
    found.count.map(|c| limit.map_or(c, |l| c.min(l.into())))
}

/// How the search of one played case in `mode` ended: interrupted; a limit (nodes, time,
/// the table, a count past 2^128) that cut short a count or listing, or any search that
/// found nothing; more than one answer to `Unique`; a finished count; no solution; solved.
pub fn status(mode: AnswerMode, found: &Found, count: Option<u128>) -> crate::api::Status {
    use crate::api::Status;
    let stop = found.stats.stop;
    let limited = matches!(stop, Stop::NodeLimit | Stop::Deadline | Stop::TableFull) || found.overflow;
    match (mode, count) {
        _ if stop == Stop::Interrupted => Status::Stopped,
        _ if limited && (mode != AnswerMode::First || found.solutions.is_empty()) => Status::Limit,
        (AnswerMode::Unique, Some(n)) if n > 1 => Status::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Status::Counted,
        _ if found.solutions.is_empty() => Status::NoSolution,
        _ => Status::Solved,
    }
}

/// The guidance of a search: what `lower::bound` proves, or the spec's `estimate`.
pub fn guide_of(low: &LoweredMoves) -> Guide {
    let mut guide = derive(&low.problem);
    if let Some((prog, _)) = &low.estimate {
        guide.bound = Some(Bound::Estimate(prog.clone()));
    }
    guide
}

/// `--count` verifies this many solutions; listed solutions are all verified.
pub const VERIFY_WHEN_COUNTING: u64 = 1000;

/// What the search of one case gave: the solutions to print (the first is *the* answer) and,
/// unless only the first was asked for, the number of solutions.
pub struct Found {
    pub solutions: Vec<Vec<u32>>,
    pub count: Option<u128>,
    pub overflow: bool,
    pub stats: moves::Stats,
    /// The spec's estimate was distrusted and the search run again breadth-first.
    pub fell_back: bool,
    /// The search stopped on arithmetic that overflowed 64 bits, there.
    pub overflowed: Option<moves::Overflowed>,
    /// The goal was proved unreachable before any search, so.
    pub proof: Option<moves::Proof>,
    /// A warning for the user: the spec's estimate overestimated, so the search was run
    /// again breadth-first.
    pub note: Option<String>,
}

/// The node limit of a played puzzle's search when neither `--max-nodes` nor `--timeout` is
/// given: a search that cannot finish (an unreachable goal that no proof caught, a space too
/// large) ends with exit 5 and advice instead of running for ever. About 20 s of the
/// 15-puzzle's IDA*; longer where a position has many moves.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// The default node limit in force: [`DEFAULT_MAX_NODES`], or `PUZC_DEFAULT_MAX_NODES` when
/// that is set to a number (documented in docs/cli.md: the tests reach the default in a
/// moment, through the same code and messages as a run that takes 20 s).
pub fn default_max_nodes() -> u64 {
    std::env::var("PUZC_DEFAULT_MAX_NODES").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(DEFAULT_MAX_NODES)
}

/// Searches one case in `mode`; every solution kept has been replayed by the verifier
/// (`Err` with the verifier's reason otherwise), and is handed to `each` as it is found
/// (the first answer of `First` when the search ends).
pub fn search(
    p: &MoveProblem,
    limits: &Limits,
    mode: AnswerMode,
    limit: Option<u64>,
    how: Search,
    guide: &Guide,
    each: &mut dyn FnMut(&[u32]),
) -> Result<Found, String> {
    if mode == AnswerMode::First {
        let mut out = moves::solve_guided(p, limits, how, guide);
        let mut fell_back = false;
        let mut note = None;
        if let (Some(Bound::Estimate(_)), moves::Engine::Ida, moves::Budget::Fewest { .. }) =
            (&guide.bound, moves::engine_for(how, guide), p.budget)
            && !p.has_costs()
        {
            // The author's estimate is not proved: distrust it when the answer shows it
            // overestimating, or when it let nothing through.
            let seen = out.solution.as_ref().and_then(|sol| moves::overestimate(p, guide, sol));
            if seen.is_some() || (out.solution.is_none() && out.stats.stop == Stop::Exhausted) {
                if let Some((at, est, left)) = seen {
                    note = Some(format!(
                        "the spec's estimate is {est} after move {at} of the answer found, which reaches the goal in {left} more: it overestimates, so the answer may not be the shortest; searching again breadth-first without it"
                    ));
                }
                out = moves::solve_guided(p, limits, Search::Bfs, guide);
                fell_back = true;
            }
        }
        if let Some(sol) = &out.solution {
            verify(p, sol)?;
            each(sol);
        }
        return Ok(Found {
            solutions: out.solution.into_iter().collect(),
            count: None,
            overflow: false,
            stats: out.stats,
            fell_back,
            overflowed: out.overflowed,
            proof: out.proof,
            note,
        });
    }
    // Solutions to look at: all that are listed; the first of a uniqueness test; a sample of
    // a count.
    // `keep`: how many to print. `cap`: where the count may stop — the limit, or 2 to tell
    // a unique solution (then the listing goes on to the second without keeping it).
    let (look, keep, cap) = match mode {
        AnswerMode::All => (limit.unwrap_or(u64::MAX), u64::MAX, limit),
        AnswerMode::Unique => (2, 1, Some(2)),
        _ => (VERIFY_WHEN_COUNTING, 0, limit),
    };
    let (mut solutions, mut seen, mut bad) = (Vec::new(), 0u64, None);
    let counted = moves::count_guided(p, limits, cap.map(u128::from), guide, &mut |sol| {
        if let Err(why) = verify(p, sol) {
            bad = Some(why);
            return false;
        }
        if seen < keep {
            each(sol);
            solutions.push(sol.to_vec());
        }
        seen += 1;
        // With a cap the count is the solutions seen: keep going up to it.
        seen < look || cap.is_some_and(|c| seen < c)
    });
    if let Some(why) = bad {
        return Err(why);
    }
    Ok(Found {
        solutions,
        count: Some(counted.count),
        overflow: counted.overflow,
        stats: counted.stats,
        fell_back: false,
        overflowed: counted.overflowed,
        proof: counted.proof,
        note: None,
    })
}

/// E108 for arithmetic that overflowed during the search: at the expression whose value did
/// not fit, with the numbers it read in the position where it happened.
pub fn overflow_diagnostic(low: &LoweredMoves, elab: &Elab, o: &moves::Overflowed) -> crate::diag::Diagnostic {
    use crate::diag::{Code, Diagnostic};
    use crate::ir::moves::{ESTIMATE, Term};
    let p = &low.problem;
    let (terms, spans) = if o.at.program == ESTIMATE {
        (low.estimate.as_ref().map_or(&[][..], |(t, _)| t.as_slice()), low.estimate_spans.as_slice())
    } else {
        let k = o.at.program as usize;
        (p.programs.get(k).map_or(&[][..], Vec::as_slice), low.program_spans.get(k).map_or(&[][..], Vec::as_slice))
    };
    let span = spans.get(o.at.term as usize).copied().unwrap_or_default();
    // The state cells the program reads, each once, in the order it reads them.
    let mut read: Vec<u32> = Vec::new();
    for t in terms {
        if let Term::Cell(c) = *t
            && !read.contains(&c)
        {
            read.push(c);
        }
    }
    let shown: Vec<String> = read
        .iter()
        .map(|&c| {
            let v = o.state.get(c as usize).copied().unwrap_or(0);
            match (&elab.model.board, (c as usize) < p.grid_len()) {
                (Some(b), true) => {
                    let (x, y) = b.coord(c as usize);
                    format!("{}({x}, {y}) = {}", b.name, low.shown[v as usize])
                }
                _ => format!("{} = {v}", p.cell_name(c)),
            }
        })
        .collect();
    let at = if shown.is_empty() { String::new() } else { format!(", where {}", shown.join(", ")) };
    Diagnostic::new(Code::E108, span, "arithmetic overflow during the search")
        .label("this value does not fit in 64 bits")
        .help(format!(
            "it overflows in a position the search reached{at}; use smaller numbers (the spec's numbers are 64-bit, and a search checks its arithmetic as the compiler does)"
        ))
}

/// Each counter statement's numbers in `state` as a template shows them: a number, or the
/// numbers of a list or grid separated by spaces.
pub fn counter_values(
    counters: &[crate::lower::model::Counter],
    p: &MoveProblem,
    state: &[u8],
) -> Vec<(String, String)> {
    let mut at = p.grid_len();
    counters
        .iter()
        .map(|c| {
            let shown: Vec<String> = state[at..at + c.values.len()].iter().map(u8::to_string).collect();
            at += c.values.len();
            (c.name.clone(), shown.join(" "))
        })
        .collect()
}

/// The board before the first move and after every move and rule step.
pub fn trace(elab: &Elab, low: &LoweredMoves, sol: &[u32], lines: &[String]) -> String {
    use std::fmt::Write;
    let p = &low.problem;
    let on = elab.model.board.as_ref().map_or(&[][..], |b| b.on.as_slice());
    // The board, then one line of counters (when the spec has any).
    let show = |g: &[u8]| {
        let mut text = if p.grid_len() > 0 {
            draw(p.rows, p.cols, |c| (on[c] && g[c] != 0).then(|| low.shown[g[c] as usize].clone()))
        } else {
            String::new()
        };
        if !p.counters.is_empty() {
            let shown: Vec<String> =
                (p.counters.iter().enumerate()).map(|(i, c)| format!("{} = {}", c.name, g[p.grid_len() + i])).collect();
            text += &format!("  {}\n", shown.join(", "));
        }
        text
    };
    let mut g = p.initial.clone();
    let mut out = format!("start:\n{}", show(&g));
    for (i, &m) in sol.iter().enumerate() {
        let mut steps: Vec<TraceStep> = Vec::new();
        moves::apply_move(p, &mut g, &p.moves[m as usize], Some(&mut steps));
        let _ = writeln!(out, "\nmove {}: {} {}", i + 1, p.move_names[p.moves[m as usize].kind as usize], lines[i]);
        for st in &steps {
            match &st.rule {
                None => out.push_str("after the move:\n"),
                Some((_, r)) => {
                    let _ = writeln!(out, "after {}:", rule_name(r));
                }
            }
            out.push_str(&show(&st.grid));
        }
    }
    out
}

fn rule_name(r: &crate::ir::moves::Rule) -> String {
    use crate::ir::moves::Rule;
    match r {
        Rule::Gravity(d) => format!("gravity {}", format!("{d:?}").to_lowercase()),
        Rule::ClearRuns { min } => format!("clear runs >= {min}"),
        Rule::ClearGroups { min } => format!("clear groups >= {min}"),
        Rule::Close(d) => crate::ir::moves::close_name(*d),
    }
}

/// One line per move: its parameters separated by spaces, after the piece it moves (if any).
pub fn move_lines(low: &LoweredMoves, sol: &[u32]) -> Vec<String> {
    let p = &low.problem;
    sol.iter()
        .map(|&m| {
            let args = p.moves[m as usize].args.iter().map(|a| a.to_string());
            low.pieces
                .get(m as usize)
                .filter(|n| !n.is_empty())
                .cloned()
                .into_iter()
                .chain(args)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// One answer in JSON: its moves, their number (`length`), their total `cost` (the length
/// unless moves have costs) and the `counters` after the last move, each a list of numbers.
pub fn json_solution(elab: &Elab, low: &LoweredMoves, sol: &[u32]) -> serde_json::Value {
    let p = &low.problem;
    let cost: u64 = sol.iter().map(|&m| u64::from(p.cost(m as usize))).sum();
    let end = moves::replay(p, sol).unwrap_or_else(|_| p.initial.clone());
    let mut at = p.grid_len();
    let counters: serde_json::Map<String, serde_json::Value> = (elab.model.counters.iter())
        .map(|c| {
            let values: Vec<u8> = end[at..at + c.values.len()].to_vec();
            at += c.values.len();
            (c.name.clone(), values.into())
        })
        .collect();
    serde_json::json!({"moves": json_moves(low, sol), "length": sol.len(), "cost": cost, "counters": counters})
}

pub fn json_moves(low: &LoweredMoves, sol: &[u32]) -> serde_json::Value {
    let p = &low.problem;
    sol.iter()
        .map(|&m| {
            let mv = &p.moves[m as usize];
            let mut o = serde_json::Map::new();
            o.insert("move".into(), p.move_names[mv.kind as usize].clone().into());
            for (n, a) in low.params[mv.kind as usize].iter().zip(&mv.args) {
                o.insert(n.clone(), (*a).into());
            }
            if let Some(piece) = low.pieces.get(m as usize).filter(|n| !n.is_empty()) {
                o.insert("piece".into(), piece.clone().into());
            }
            serde_json::Value::Object(o)
        })
        .collect()
}

/// What became of the pattern databases of the bound, if it has them, as a line for
/// stderr: `--stats` (`stats`) says how long they took; tables that do not fit the memory
/// budget are said whatever the flags (the search ran under the sum of distances alone).
pub fn patterns_said(k: usize, guide: &Guide, stats: bool) -> Option<String> {
    use crate::ir::patterns::Built;
    let Some(Bound::Patterns(pat)) = &guide.bound else { return None };
    let show = crate::lower::meter::show_bytes;
    match pat.built.get() {
        Some(Built::TooBig { need, budget }) => Some(format!(
            "puzc: instance {k}: the pattern databases need {}, more than the memory budget of {} leaves; the search used the sum of distances alone (raise the budget with `--max-memory`)",
            show(*need),
            show(*budget)
        )),
        Some(Built::Ready { tables, reused }) if stats => Some(format!(
            "instance {k}: pattern databases {} ({} entries), {}",
            pat.abs.sizes(),
            pat.abs.bytes(),
            if *reused {
                "kept from an earlier instance".to_string()
            } else {
                format!("built in {:.3} ms", tables.took.as_secs_f64() * 1e3)
            }
        )),
        _ => None,
    }
}

/// What to say when the table of positions filled its memory: how much it held, and what
/// to try.
pub fn table_full_help(
    memory: usize,
    capped: Option<crate::lower::meter::Cap>,
    entries: usize,
    guide: &Guide,
) -> String {
    let shown = crate::lower::meter::show_bytes(memory);
    let mut help = match capped {
        Some(cap) => format!(
            "  the search kept {entries} positions in {shown}, all that {} leaves it; run it with more memory",
            cap.describe()
        ),
        None => {
            format!("  the search kept {entries} positions in {shown}; give it more with `--memory` (`--memory 8G`)")
        }
    };
    if guide.bound.is_some() {
        help += ", or search with `--search ida`, which keeps no table";
    } else {
        help += ", or bound the search: `moves at most N` searches depth-first and needs no table to finish, and a goal that is a picture reached by sliding values one cell at a time gets a distance bound and IDA*";
    }
    help
}

/// The search `asked` for (`--search`; `None`: chosen by the guide), or why it does not
/// apply to this spec and mode (`puzc solve` exits 2 with it).
pub fn search_for(
    p: &MoveProblem,
    guide: &Guide,
    mode: AnswerMode,
    asked: Option<Search>,
) -> Result<Search, &'static str> {
    use crate::ir::moves::Budget;
    let Some(asked) = asked else { return Ok(Search::Auto) };
    if !matches!(p.budget, Budget::Fewest { .. }) {
        return Err("--search picks how `moves fewest` is searched; this spec's budget is searched depth-first");
    }
    if mode != AnswerMode::First && asked != Search::Bfs {
        return Err("--search ida finds one answer; --all, --count and --unique search breadth-first");
    }
    match asked {
        Search::Ida if guide.bound.is_none() && !guide.commute => Err(
            "--search ida needs a lower bound on the moves left, and none could be derived for this spec (see docs/moves.md, \"Guided search\")",
        ),
        asked => Ok(asked),
    }
}

/// `--stats`: the invariant that proved the goal unreachable, in words.
pub fn proof_text(proof: moves::Proof, low: &LoweredMoves) -> String {
    use moves::{Kept, Proof};
    let v = |v: u8| low.shown[v as usize].clone();
    match proof {
        Proof::Blocks => {
            "the number of blocks on the board can only fall (or only rise), and the goal needs another".into()
        }
        Proof::Permuted(Kept::Count { value, need, have }) => format!(
            "every move permutes the board's cells, so each value keeps its count; the goal needs {need} of {}, the board has {have}",
            v(value)
        ),
        Proof::Permuted(Kept::Parity { key, start, goal }) => format!(
            "every move permutes the board's cells, and the permutation's parity plus the colour of the cell of {} (a two-colouring of the cells derived from the moves: on a grid, the blank's distance parity) is kept: {start} at the start, {goal} at the goal",
            v(key)
        ),
        Proof::Permuted(Kept::EvenParity) => {
            "every move is an even permutation of the board's cells, and the start is an odd one of the goal".into()
        }
        Proof::Permuted(Kept::Cannot { key }) => {
            format!(
                "every move permutes the board's cells, and none carries {} to its goal cell's part of the board",
                v(key)
            )
        }
        Proof::DeadCell { cell, value } => format!(
            "{} stands in {}, a dead cell: no sequence of moves takes it from there to a cell where the goal accepts it",
            v(value),
            low.problem.cell_name(cell)
        ),
    }
}

/// A solution's moves as a template sees them: the move's name under `move`, then its
/// printed parameters, then the counters after the move.
pub fn named_moves(
    low: &LoweredMoves,
    counters: &[crate::lower::model::Counter],
    sol: &[u32],
) -> Vec<Vec<(String, String)>> {
    let p = &low.problem;
    let mut state = p.initial.clone();
    sol.iter()
        .map(|&m| {
            moves::apply_move(p, &mut state, &p.moves[m as usize], None);
            let after = counter_values(counters, p, &state);
            let mv = &p.moves[m as usize];
            let name = ("move".to_string(), p.move_names[mv.kind as usize].clone());
            let cost = ("cost".to_string(), p.cost(m as usize).to_string());
            let piece = low.pieces.get(m as usize).filter(|n| !n.is_empty()).map(|n| ("piece".to_string(), n.clone()));
            let args = low.params[mv.kind as usize].iter().cloned().zip(mv.args.iter().map(|a| a.to_string()));
            // A parameter named `cost` wins over the move's cost, and over a counter.
            std::iter::once(name).chain(args).chain([cost]).chain(piece).chain(after).collect()
        })
        .collect()
}
