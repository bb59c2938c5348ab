//! `solve`, `check` and `compile` for move-search specs.
use super::args::SearchArg;
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::ir::guide::{Bound, Guide};
use crate::ir::moves::MoveProblem;
use crate::lower::bound::derive;
use crate::lower::elaborate::Elab;
use crate::lower::moves::{LoweredMoves, lower};
use crate::render::grid::draw;
use crate::render::template::CaseData;
use crate::solve::moves::{self, Limits, Search, Stop, TraceStep};
use crate::solve::verify_moves::verify;
use crate::syntax::ast::AnswerMode;
use std::time::Instant;

fn lowered(s: &Session, elab: &mut Elab) -> Result<LoweredMoves, Exit> {
    lower(&s.spec, elab).map_err(|d| s.fail(&d))
}

/// `puzc draw`: the starting board of a played puzzle.
pub fn picture(s: &Session, elab: &mut Elab) -> Result<crate::render::svg::Document, Exit> {
    let low = lowered(s, elab)?;
    let played = crate::render::svg::Played { model: &elab.model, problem: &low.problem, shown: &low.shown };
    Ok(crate::render::svg::played_puzzle(&played))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    super::print_lowered(k, args.emit, Emit::Moves, || {
        lowered(s, elab).map(|l| {
            let guide = guide_of(&l);
            let mut text = l.problem.to_text();
            // The guidance goes before the move list, after the derived pruning.
            let at = text.find("\nmove ").map_or(text.len(), |i| i + 1);
            let mut lines = String::new();
            if let Some(b) = &guide.bound {
                lines += &format!("{}\n", b.describe());
            }
            if guide.commute {
                lines += "moves commute: each is its own inverse, tried in one order only\n";
            }
            text.insert_str(at, &lines);
            text
        })
    })
}

/// The guidance of a search: what `lower::bound` proves, or the spec's `estimate`.
fn guide_of(low: &LoweredMoves) -> Guide {
    let mut guide = derive(&low.problem);
    if let Some((prog, _)) = &low.estimate {
        guide.bound = Some(Bound::Estimate(prog.clone()));
    }
    guide
}

/// `--count` verifies this many solutions; listed solutions are all verified.
const VERIFY_WHEN_COUNTING: u64 = 1000;

/// What the search of one case gave: the solutions to print (the first is *the* answer) and,
/// unless only the first was asked for, the number of solutions.
struct Found {
    solutions: Vec<Vec<u32>>,
    count: Option<u128>,
    overflow: bool,
    stats: moves::Stats,
    /// The spec's estimate was distrusted and the search run again breadth-first.
    fell_back: bool,
    /// The search stopped on arithmetic that overflowed 64 bits, there.
    overflowed: Option<moves::Overflowed>,
    /// The goal was proved unreachable before any search, so.
    proof: Option<moves::Proof>,
}

/// The node limit of a played puzzle's search when neither `--max-nodes` nor `--timeout` is
/// given: a search that cannot finish (an unreachable goal that no proof caught, a space too
/// large) ends with exit 5 and advice instead of running for ever. About 20 s of the
/// 15-puzzle's IDA*; longer where a position has many moves.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// The default node limit in force: [`DEFAULT_MAX_NODES`], or `PUZC_DEFAULT_MAX_NODES` when
/// that is set to a number (documented in docs/cli.md: the tests reach the default in a
/// moment, through the same code and messages as a run that takes 20 s).
fn default_max_nodes() -> u64 {
    std::env::var("PUZC_DEFAULT_MAX_NODES").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(DEFAULT_MAX_NODES)
}

/// What a search stopped by the default limit `bound` says: which limit, and how to raise it.
fn default_limit_words(bound: u64) -> (String, String) {
    (
        format!("the default limit of {} was reached", crate::diag::plural(bound, "node")),
        format!(
            "  raise it with `--max-nodes N` (`--max-nodes {}`), or bound the time instead with `--timeout SECONDS`",
            bound.saturating_mul(10)
        ),
    )
}

pub fn solve(s: &Session, k: usize, elab: &mut Elab, args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let low = match lowered(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let p = &low.problem;
    let mode = match super::answer_mode(args, elab.model.answer) {
        Ok(m) => m,
        Err(e) => return e,
    };
    if p.has_costs() && mode != AnswerMode::First {
        // Zero-cost moves can go back and forth for free: the cheapest solutions are endless.
        eprintln!(
            "puzc: --count, --all and --unique need moves without costs (a spec with `cost` finds one cheapest answer)"
        );
        return Exit::Usage;
    }
    if args.trace && matches!(mode, AnswerMode::All | AnswerMode::Count) {
        eprintln!("puzc: --trace shows one answer; it does not go with --all or --count");
        return Exit::Usage;
    }
    let (memory, capped) = crate::lower::meter::table_budget(args.memory);
    let limits = Limits {
        max_nodes: args.max_nodes.unwrap_or(if args.timeout.is_some() { u64::MAX } else { default_max_nodes() }),
        deadline: super::deadline(started, args.timeout),
        max_table_bytes: memory,
        // A progress line on a terminal, for searches that run long (nodes and time only:
        // Knuth's tree-size estimate is for exact cover).
        progress: super::progress::wanted(args.quiet),
        ..Limits::default()
    };
    let guide = guide_of(&low);
    let how = match how_to_search(p, &guide, mode, args.search) {
        Ok(h) => h,
        Err(e) => return e,
    };
    let found = super::progress::while_running(
        limits.progress.as_ref(),
        |_| None,
        || search(p, &limits, mode, args.limit, how, &guide),
    );
    let found = match found {
        Ok(f) => f,
        Err(why) => {
            eprintln!("puzc: internal error: the answer failed verification ({why}); it was not printed");
            return Exit::Internal;
        }
    };
    if let Some(o) = &found.overflowed {
        // The spec's arithmetic has no value there: an error in the spec, as at compile time.
        return s.fail(&[overflow_diagnostic(&low, elab, o)]);
    }
    let stop = found.stats.stop;
    // Ctrl-C: a played puzzle's search keeps no answer until it ends.
    if stop == Stop::Interrupted {
        return s.interrupted(found.solutions.len() as u64, found.stats.nodes);
    }
    let limited = matches!(stop, Stop::NodeLimit | Stop::Deadline | Stop::TableFull) || found.overflow;
    // With `--limit`, a count stops at the limit (and that is an answer, not a limit error).
    let count = found.count.map(|c| args.limit.map_or(c, |l| c.min(l.into())));
    let mut exit = match (mode, count) {
        _ if limited && (mode != AnswerMode::First || found.solutions.is_empty()) => Exit::Limit,
        (AnswerMode::Unique, Some(n)) if n > 1 => Exit::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Exit::Solved,
        _ if found.solutions.is_empty() => Exit::NoSolution,
        _ => Exit::Solved,
    };
    let many = args.all || args.count || args.unique;
    // `--trace` asks for the boards move by move: it takes the place of the spec's template.
    if let (Some(template), Format::Text, false) = (&s.template, args.format, many || args.trace) {
        let move_lists = found.solutions.iter().map(|sol| named_moves(&low, &elab.model.counters, sol)).collect();
        let mut globals = super::globals_as_text(elab);
        // Counters: their numbers at the end of the first answer (at the start without one).
        let last = moves::replay(p, found.solutions.first().map_or(&[][..], Vec::as_slice));
        globals.extend(counter_values(&elab.model.counters, p, &last.unwrap_or_else(|_| p.initial.clone())));
        let data = CaseData {
            case: k,
            count: count.unwrap_or(found.solutions.len() as u128),
            globals,
            given: crate::render::text::given_grid(&elab.model),
            solutions: Vec::new(),
            answered: !found.solutions.is_empty() || matches!(mode, AnswerMode::All | AnswerMode::Count),
            move_lists,
        };
        exit = s.print_case(exit, template, &data);
    } else {
        if let Err(e) = print_default(s, k, elab, args, &low, &found, (mode, count, exit), started.elapsed()) {
            return e;
        }
    }
    let solutions = count.map_or(found.solutions.len() as u64, |c| u64::try_from(c).unwrap_or(u64::MAX));
    s.searched(solutions, found.stats.nodes);
    let (default_limit, raise_it) = default_limit_words(default_max_nodes());
    match exit {
        Exit::NoSolution => eprintln!("puzc: instance {k}: no solution"),
        Exit::NotUnique => eprintln!("puzc: instance {k}: more than one solution"),
        Exit::Limit if found.overflow => eprintln!("puzc: instance {k}: the number of solutions exceeds 2^128"),
        Exit::Limit => eprintln!(
            "puzc: instance {k}: {} before the search finished",
            match stop {
                Stop::Deadline => "the --timeout ran out",
                Stop::TableFull => "the table of positions filled up",
                _ if args.max_nodes.is_none() => &default_limit,
                _ => "the --max-nodes limit was reached",
            }
        ),
        _ => {}
    }
    if exit == Exit::Limit && stop == Stop::NodeLimit && args.max_nodes.is_none() {
        eprintln!("{raise_it}");
    }
    if exit == Exit::Limit && stop == Stop::TableFull {
        eprintln!("{}", table_full_help(memory, capped, found.stats.tt_entries, &guide));
    }
    if let (true, Some(proof)) = (args.stats, found.proof) {
        eprintln!("instance {k}: proved unsolvable before searching: {}", proof_text(proof, &low));
    }
    if args.stats {
        let engine = match (mode, p.budget) {
            // The nodes are the second search's.
            _ if found.fell_back => "breadth-first (after IDA* with the spec's estimate)",
            (AnswerMode::First, crate::ir::moves::Budget::Fewest { .. }) => moves::engine_for(how, &guide).name(),
            (AnswerMode::First, _) => "depth-first",
            _ => "counting",
        };
        eprintln!(
            "instance {k}: {engine}, {} moves, {} nodes, {} table entries{}; {:.3} ms",
            p.moves.len(),
            found.stats.nodes,
            found.stats.tt_entries,
            if found.stats.table_full { " (table full)" } else { "" },
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    exit
}

/// What to say when the table of positions filled its memory: how much it held, and what
/// to try.
fn table_full_help(memory: usize, capped: Option<crate::lower::meter::Cap>, entries: usize, guide: &Guide) -> String {
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

/// The search a `--search` asks for, refused (exit 2) where it does not apply.
fn how_to_search(p: &MoveProblem, guide: &Guide, mode: AnswerMode, arg: Option<SearchArg>) -> Result<Search, Exit> {
    use crate::ir::moves::Budget;
    let Some(arg) = arg else { return Ok(Search::Auto) };
    if !matches!(p.budget, Budget::Fewest { .. }) {
        eprintln!("puzc: --search picks how `moves fewest` is searched; this spec's budget is searched depth-first");
        return Err(Exit::Usage);
    }
    if mode != AnswerMode::First && arg != SearchArg::Bfs {
        eprintln!("puzc: --search ida finds one answer; --all, --count and --unique search breadth-first");
        return Err(Exit::Usage);
    }
    Ok(match arg {
        SearchArg::Auto => Search::Auto,
        SearchArg::Bfs => Search::Bfs,
        SearchArg::Ida if guide.bound.is_none() && !guide.commute => {
            eprintln!(
                "puzc: --search ida needs a lower bound on the moves left, and none could be derived for this spec (see docs/moves.md, \"Guided search\")"
            );
            return Err(Exit::Usage);
        }
        SearchArg::Ida => Search::Ida,
    })
}

/// Searches one case in `mode`; every solution kept has been replayed by the verifier
/// (`Err` with the verifier's reason otherwise).
fn search(
    p: &MoveProblem,
    limits: &Limits,
    mode: AnswerMode,
    limit: Option<u64>,
    how: Search,
    guide: &Guide,
) -> Result<Found, String> {
    if mode == AnswerMode::First {
        let mut out = moves::solve_guided(p, limits, how, guide);
        let mut fell_back = false;
        if let (Some(Bound::Estimate(_)), moves::Engine::Ida, moves::Budget::Fewest { .. }) =
            (&guide.bound, moves::engine_for(how, guide), p.budget)
            && !p.has_costs()
        {
            // The author's estimate is not proved: distrust it when the answer shows it
            // overestimating, or when it let nothing through.
            let seen = out.solution.as_ref().and_then(|sol| moves::overestimate(p, guide, sol));
            if seen.is_some() || (out.solution.is_none() && out.stats.stop == Stop::Exhausted) {
                if let Some((at, est, left)) = seen {
                    eprintln!(
                        "puzc: the spec's estimate is {est} after move {at} of the answer found, which reaches the goal in {left} more: it overestimates, so the answer may not be the shortest; searching again breadth-first without it"
                    );
                }
                out = moves::solve_guided(p, limits, Search::Bfs, guide);
                fell_back = true;
            }
        }
        if let Some(sol) = &out.solution {
            verify(p, sol)?;
        }
        return Ok(Found {
            solutions: out.solution.into_iter().collect(),
            count: None,
            overflow: false,
            stats: out.stats,
            fell_back,
            overflowed: out.overflowed,
            proof: out.proof,
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
    })
}

/// `--stats`: the invariant that proved the goal unreachable, in words.
fn proof_text(proof: moves::Proof, low: &LoweredMoves) -> String {
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
    }
}

/// E108 for arithmetic that overflowed during the search: at the expression whose value did
/// not fit, with the numbers it read in the position where it happened.
fn overflow_diagnostic(low: &LoweredMoves, elab: &Elab, o: &moves::Overflowed) -> crate::diag::Diagnostic {
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
fn counter_values(counters: &[crate::lower::model::Counter], p: &MoveProblem, state: &[u8]) -> Vec<(String, String)> {
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

/// A solution's moves as a template sees them: the move's name under `move`, then its
/// printed parameters, then the counters after the move.
fn named_moves(
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

/// The board before the first move and after every move and rule step.
fn trace(elab: &Elab, low: &LoweredMoves, sol: &[u32], lines: &[String]) -> String {
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
fn move_lines(low: &LoweredMoves, sol: &[u32]) -> Vec<String> {
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

/// A case's `status` in JSON.
fn status_word(exit: Exit, mode: AnswerMode) -> &'static str {
    match exit {
        Exit::Solved if mode == AnswerMode::Count => "counted",
        Exit::Solved => "solved",
        Exit::NoSolution => "no solution",
        Exit::NotUnique => "not unique",
        _ => "limit reached",
    }
}

/// One answer in JSON: its moves, their number (`length`), their total `cost` (the length
/// unless moves have costs) and the `counters` after the last move, each a list of numbers.
fn json_solution(elab: &Elab, low: &LoweredMoves, sol: &[u32]) -> serde_json::Value {
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

fn json_moves(low: &LoweredMoves, sol: &[u32]) -> serde_json::Value {
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

/// The answer without a template: the first solution as one line per move, its parameters
/// separated by spaces; `--all`: every solution so, a blank line between two, then their
/// number; `--count`: the number.
#[allow(clippy::too_many_arguments)]
fn print_default(
    s: &Session,
    k: usize,
    elab: &Elab,
    args: &SolveArgs,
    low: &LoweredMoves,
    found: &Found,
    (mode, count, exit): (AnswerMode, Option<u128>, Exit),
    elapsed: std::time::Duration,
) -> Result<(), Exit> {
    let p = &low.problem;
    let first = found.solutions.first().map_or(&[][..], Vec::as_slice);
    match args.format {
        Format::Text | Format::Raw => match mode {
            // A count cut short is not the count: stderr says why, stdout has nothing.
            AnswerMode::Count if exit == Exit::Limit => {}
            AnswerMode::Count => s.print_block(&format!("{}\n", count.unwrap_or(0))),
            AnswerMode::All if exit == Exit::Limit => {}
            AnswerMode::All => {
                let shown: Vec<String> = found
                    .solutions
                    .iter()
                    .map(|sol| move_lines(low, sol).iter().map(|l| format!("{l}\n")).collect())
                    .collect();
                let n = count.unwrap_or(0);
                let mut out = shown.join("\n");
                if !shown.is_empty() {
                    out.push('\n');
                }
                s.print_block(&(out + &format!("{n} solution{}\n", if n == 1 { "" } else { "s" })));
            }
            _ if args.trace => s.print_block(&trace(elab, low, first, &move_lines(low, first))),
            _ => s.print_block(&move_lines(low, first).iter().map(|l| format!("{l}\n")).collect::<String>()),
        },
        Format::Svg => {
            if mode == AnswerMode::Count {
                eprintln!("puzc: --format svg draws answers, and this run only counts them; use --all");
                return Err(Exit::Usage);
            }
            let played = crate::render::svg::Played { model: &elab.model, problem: p, shown: &low.shown };
            let mut draw = |j: usize| {
                let sol = &found.solutions[j];
                let captions: Vec<String> = (sol.iter().zip(move_lines(low, sol)))
                    .map(|(&m, l)| format!("{} {l}", p.move_names[p.moves[m as usize].kind as usize]))
                    .collect();
                if args.animate {
                    crate::render::svg::moves_animation(&played, sol, &captions)
                } else {
                    crate::render::svg::moves_answer(&played, sol, &captions)
                }
            };
            super::pictures::emit(s, args, k, &elab.model, found.solutions.len(), &mut draw)?;
        }
        Format::Jsonl => {
            let v = super::stream::JSONL_VERSION;
            let shown = if mode == AnswerMode::All {
                &found.solutions[..]
            } else {
                &found.solutions[..found.solutions.len().min(1)]
            };
            let mut out = String::new();
            for (i, sol) in shown.iter().enumerate().filter(|_| exit != Exit::Limit) {
                let line = serde_json::json!({"version": v, "type": "solution", "instance": k, "index": i + 1, "solution": json_solution(elab, low, sol)});
                out += &format!("{line}\n");
            }
            let count = count.filter(|_| exit != Exit::Limit).unwrap_or(found.solutions.len() as u128);
            let line = serde_json::json!({
                "version": v,
                "type": "instance",
                "instance": k,
                "status": status_word(exit, mode),
                "count": u64::try_from(count).map_or_else(|_| count.to_string().into(), serde_json::Value::from),
                "nodes": found.stats.nodes,
                "engine": "move search",
                "time_ms": (elapsed.as_secs_f64() * 1e6).round() / 1e3,
            });
            out += &format!("{line}\n");
            super::stream::write_stdout(out.as_bytes());
        }
        Format::Json => {
            let mut o = serde_json::json!({
                "instance": k,
                "status": status_word(exit, mode),
                "moves": json_moves(low, first),
                "nodes": found.stats.nodes,
            });
            if !found.solutions.is_empty() {
                // The first answer's length, cost and counters at its end.
                let sol = json_solution(elab, low, first);
                for key in ["length", "cost", "counters"] {
                    o[key] = sol[key].clone();
                }
            }
            if let Some(c) = count.filter(|_| exit != Exit::Limit) {
                // Counts can pass what JSON numbers hold exactly: a string then.
                o["count"] = u64::try_from(c).map_or_else(|_| c.to_string().into(), Into::into);
            }
            if mode == AnswerMode::All && exit != Exit::Limit {
                o["solutions"] = found.solutions.iter().map(|sol| json_moves(low, sol)).collect();
            }
            println!("{o}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of a search stopped by the default limit quote the limit itself, and a
    /// `--max-nodes` above it.
    #[test]
    fn the_default_limit_message_quotes_the_default() {
        let (limit, raise) = default_limit_words(DEFAULT_MAX_NODES);
        assert_eq!(limit, format!("the default limit of {DEFAULT_MAX_NODES} nodes was reached"));
        assert!(raise.contains(&format!("`--max-nodes {}`", DEFAULT_MAX_NODES * 10)), "{raise}");
        assert!(raise.contains("--timeout"), "{raise}");
    }
}
