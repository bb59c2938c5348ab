//! `solve`, `check` and `compile` for move-search specs.
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::lower::elaborate::Elab;
use crate::lower::moves::{LoweredMoves, lower};
use crate::render::grid::draw;
use crate::render::template::CaseData;
use crate::solve::moves::{self, Limits, Stop, TraceStep};
use crate::solve::verify_moves::verify;
use std::time::Instant;

fn lowered(s: &Session, elab: &mut Elab) -> Result<LoweredMoves, Exit> {
    lower(&s.spec, elab).map_err(|d| s.fail(&d))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    super::print_lowered(k, args.emit, Emit::Moves, || lowered(s, elab).map(|l| l.problem.to_text()))
}

pub fn solve(s: &Session, k: usize, elab: &mut Elab, args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let low = match lowered(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let p = &low.problem;
    let limits = Limits {
        max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        deadline: super::deadline(started, args.timeout),
        ..Limits::default()
    };
    let out = moves::solve(p, &limits);
    if let Some(sol) = &out.solution
        && let Err(why) = verify(p, sol)
    {
        eprintln!("puzc: internal error: the answer failed verification ({why}); it was not printed");
        return Exit::Internal;
    }
    let mut exit = match (&out.solution, out.stats.stop) {
        (Some(_), _) => Exit::Solved,
        (None, Stop::Exhausted) => Exit::NoSolution,
        (None, _) => Exit::Limit,
    };
    if let (Some(template), Format::Text) = (&s.template, args.format) {
        let moves = out.solution.as_ref().map(|sol| {
            sol.iter()
                .map(|&m| {
                    let mv = &p.moves[m as usize];
                    low.params[mv.kind as usize].iter().cloned().zip(mv.args.iter().map(|a| a.to_string())).collect()
                })
                .collect()
        });
        let data = CaseData {
            case: k,
            count: u64::from(out.solution.is_some()),
            globals: super::globals_as_text(elab),
            given: crate::render::text::given_grid(&elab.model),
            solutions: Vec::new(),
            answered: moves.is_some(),
            moves,
        };
        exit = s.print_case(exit, template, &data);
    } else {
        print_default(s, k, elab, args, &low, &out, exit);
    }
    match exit {
        Exit::NoSolution => eprintln!("puzc: instance {k}: no solution"),
        Exit::Limit => eprintln!(
            "puzc: instance {k}: {} before the search finished",
            match out.stats.stop {
                Stop::Deadline => "the --timeout ran out",
                Stop::TableFull => "the transposition table filled up",
                _ => "the --max-nodes limit was reached",
            }
        ),
        _ => {}
    }
    if args.stats {
        eprintln!(
            "instance {k}: {} moves, {} nodes, {} table entries{}; {:.3} ms",
            p.moves.len(),
            out.stats.nodes,
            out.stats.tt_entries,
            if out.stats.table_full { " (table full)" } else { "" },
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    exit
}

/// The board before the first move and after every move and rule step.
fn trace(elab: &Elab, p: &crate::ir::moves::MoveProblem, sol: &[u32], lines: &[String]) -> String {
    use std::fmt::Write;
    let board = elab.model.board.as_ref().expect("lowering checked the board");
    let show = |g: &[u8]| draw(p.rows, p.cols, |c| (board.on[c] && g[c] != 0).then(|| g[c].to_string()));
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
    }
}

/// The answer without a template: one line per move, its parameters separated by spaces.
fn print_default(
    s: &Session,
    k: usize,
    elab: &Elab,
    args: &SolveArgs,
    low: &LoweredMoves,
    out: &moves::Outcome,
    exit: Exit,
) {
    let p = &low.problem;
    let lines: Vec<String> = out
        .solution
        .iter()
        .flatten()
        .map(|&m| p.moves[m as usize].args.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    match args.format {
        Format::Text | Format::Raw => {
            if args.trace {
                s.print_block(&trace(elab, p, out.solution.as_deref().unwrap_or(&[]), &lines));
            } else {
                s.print_block(&lines.iter().map(|l| format!("{l}\n")).collect::<String>());
            }
        }
        Format::Json => {
            let moves: Vec<serde_json::Value> = out
                .solution
                .iter()
                .flatten()
                .map(|&m| {
                    let mv = &p.moves[m as usize];
                    let names = &low.params[mv.kind as usize];
                    let mut o = serde_json::Map::new();
                    o.insert("move".into(), p.move_names[mv.kind as usize].clone().into());
                    for (n, a) in names.iter().zip(&mv.args) {
                        o.insert(n.clone(), (*a).into());
                    }
                    serde_json::Value::Object(o)
                })
                .collect();
            let status = match exit {
                Exit::Solved => "solved",
                Exit::NoSolution => "no solution",
                _ => "limit reached",
            };
            println!(
                "{}",
                serde_json::json!({ "instance": k, "status": status, "moves": moves, "nodes": out.stats.nodes })
            );
        }
    }
}
