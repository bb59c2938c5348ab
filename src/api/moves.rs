//! One played case from its model to verified answers: the search chosen by the budget and
//! the guide, every solution kept replayed by the verifier; and a solution in the words
//! of the spec (its moves as lines, as JSON, the boards move by move). `puzc solve`
//! (`cli/moves.rs`) and [`crate::api::solve`] share it.
use crate::ir::guide::{Bound, Guide};
use crate::ir::moves::MoveProblem;
use crate::lower::bound::derive;
use crate::lower::elaborate::Elab;
use crate::lower::moves::LoweredMoves;
use crate::render::grid::draw;
use crate::solve::moves::{self, Limits, Search, Stop, TraceStep};
use crate::solve::verify_moves::verify;
use crate::syntax::ast::AnswerMode;

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
