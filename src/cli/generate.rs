//! `puzc generate`: puzzles with one solution for a spec that declares its clues
//! (`clues given grid, empty '.'`). The spec's instance (inline or `--instance`) is read
//! only for the board and its parameters; its givens are dropped. Each puzzle is a seeded
//! random solution (exact cover over shuffled options) whose clues are removed by orbits of
//! the pattern's symmetry while the fill engine proves the solution unique
//! (`src/solve/generate/`). The solution is checked by the verifier against the model with
//! the puzzle's clues as givens before the puzzle is printed, in the instance format.
use super::Session;
use super::args::{GenerateArgs, GradeArgs, SymmetryArg};
use super::exit::Exit;
use crate::diag::{Code, Diagnostic};
use crate::lower::clues::write_clues;
use crate::lower::elaborate::Elab;
use crate::lower::fill::lower_fill;
use crate::lower::symmetry::{Pattern, pattern_group};
use crate::solve::answer::decode;
use crate::solve::fill::Grid;
use crate::solve::generate::grade::Grader;
use crate::solve::generate::{Goal, SplitMix64, minimise, orbits, sample};
use crate::solve::xcc::{Limits, Stop};
use std::io::Write;

pub fn run(s: &mut Session, args: &GenerateArgs) -> Exit {
    if s.is_moves() {
        eprintln!("puzc: generate makes puzzles solved by filling; this spec is a played puzzle");
        return Exit::Usage;
    }
    let mut done = false;
    s.for_each_instance(&mut |s, _, elab| {
        if std::mem::replace(&mut done, true) {
            return Exit::Solved;
        }
        generate(s, elab, args)
    })
}

fn pattern(a: SymmetryArg) -> Pattern {
    match a {
        SymmetryArg::None => Pattern::None,
        SymmetryArg::Rot180 => Pattern::Rot180,
        SymmetryArg::Rot90 => Pattern::Rot90,
        SymmetryArg::Mirror => Pattern::Mirror,
        SymmetryArg::Diagonal => Pattern::Diagonal,
        SymmetryArg::Dihedral => Pattern::Dihedral,
    }
}

fn generate(s: &Session, elab: &mut Elab, args: &GenerateArgs) -> Exit {
    let model = &mut elab.model;
    let Some(clues) = model.clues.clone() else {
        let span = model.board.as_ref().map(|b| b.span).or_else(|| s.spec.stmts.first().map(|st| st.span));
        let Some(span) = span else {
            eprintln!("puzc: this spec declares no clues to generate");
            return Exit::Usage;
        };
        return s.fail(&[Diagnostic::new(
            Code::E111,
            span,
            "this spec does not say which instance data are its clues",
        )
        .label("the board whose givens could be clues")
        .help("declare them: `clues given grid, empty '.'`")]);
    };
    let board = model.board.as_mut().expect("the check found the filled board");
    board.given.iter_mut().for_each(|g| *g = None);
    let board = board.clone();
    let group = match pattern_group(&board, pattern(args.symmetry)) {
        Ok(g) => g,
        Err(why) => {
            let name = args.symmetry_name();
            return s.fail(&[Diagnostic::new(
                Code::G211,
                board.span,
                format!("the board has no {name} symmetry: {why}"),
            )
            .label(format!("{} of {}", crate::diag::plural(board.rows, "row"), crate::diag::plural(board.cols, "cell")))
            .related(clues.span, "its clues are declared here")
            .help("choose another --symmetry (none always applies)")]);
        }
    };
    let Some(fill) = lower_fill(model, s.common.max_options()) else {
        eprintln!("puzc: generate works, for now, on specs of filled grids under `each ... holds` regions only");
        return Exit::Usage;
    };
    let lowered = match crate::lower::xcc::lower(model, s.common.max_options()) {
        Ok(l) => l,
        Err(d) => return s.fail(&d),
    };
    // The group over the fill engine's dense cells.
    let mut dense = vec![u32::MAX; board.on.len()];
    for (k, &c) in fill.board_cell.iter().enumerate() {
        dense[c] = k as u32;
    }
    let dense_group: Vec<Vec<u32>> =
        group.iter().map(|g| fill.board_cell.iter().map(|&c| dense[g[c]]).collect()).collect();
    let orbits = orbits(fill.board_cell.len(), &dense_group);
    let grid = Grid::new(&fill.shape);
    let goal = Goal { clues: args.clues.map(|n| n as usize), minimal: args.minimal || args.clues.is_none() };
    let limits = Limits { max_nodes: Some(args.max_nodes), ..Limits::default() };
    let grader = Grader::new(&fill.shape);
    let max_level = args.difficulty.unwrap_or(0);
    let mut unique = |clues: &[Option<u8>]| {
        // With --difficulty: only removals that keep the puzzle within the level.
        if args.difficulty.is_some() && grader.grade(clues, max_level).level.is_none() {
            return false;
        }
        let stats =
            crate::solve::fill::solve(&grid, clues, &Limits { max_solutions: Some(2), ..limits.clone() }, &mut |_| {
                crate::solve::xcc::Flow::Continue
            });
        stats.solutions == 1 && stats.stop == Stop::Exhausted
    };
    let mut out = std::io::stdout().lock();
    for n in 0..args.count {
        // Each puzzle's own stream: puzzle n is the same whatever --count is.
        let mut rng = SplitMix64::new(args.seed ^ n.wrapping_mul(0xA076_1D64_78BD_642F));
        let mut made = None;
        for _ in 0..args.attempts.max(1) {
            let Some(chosen) = sample(&lowered.problem, &mut rng, &limits) else { continue };
            let answer = decode(model, &lowered.meanings, &lowered.defaults, &chosen);
            let full = answer.fill.as_ref().expect("a filled board's answer fills it");
            let solution: Vec<u8> =
                fill.board_cell.iter().map(|&c| full[c].expect("every cell filled") as u8).collect();
            let Some(puzzle) = minimise(&solution, &orbits, goal, &mut rng, &mut unique) else { continue };
            // Tatham's rule: a puzzle one level easier than asked for is not accepted.
            if let Some(want) = args.difficulty
                && grader.grade(&puzzle, want).level != Some(want)
            {
                continue;
            }
            made = Some((puzzle, answer));
            break;
        }
        let Some((puzzle, answer)) = made else {
            let wanted = match (args.clues, goal.minimal) {
                (Some(k), true) => format!("minimal puzzle with {k} clue{}", if k == 1 { "" } else { "s" }),
                (Some(k), false) => format!("puzzle with {k} clue{}", if k == 1 { "" } else { "s" }),
                _ => "minimal puzzle".to_string(),
            };
            let wanted = match args.difficulty {
                Some(l) => format!("{wanted} of grade {l}"),
                None => wanted,
            };
            return s.fail(&[Diagnostic::new(
                Code::S402,
                clues.span,
                format!("found no {wanted} in {} attempts", args.attempts.max(1)),
            )
            .label("the clues generated")
            .help("ask for more clues, another --symmetry, or more --attempts / --max-nodes")]);
        };
        // The independent check: the solution against the model with these clues as givens.
        let mut given = vec![None; board.on.len()];
        for (k, &c) in fill.board_cell.iter().enumerate() {
            given[c] = puzzle[k].map(usize::from);
        }
        model.board.as_mut().unwrap().given = given.clone();
        if let Err(why) = crate::solve::verify::verify(model, &answer) {
            eprintln!("puzc: internal error: a generated solution failed verification: {why}");
            return Exit::Internal;
        }
        if n > 0 {
            let _ = writeln!(out);
        }
        let text = instance_text(&s.instance.2, model, &write_clues(&board, &given, clues.empty));
        if write!(out, "{text}").is_err() {
            return Exit::Solved;
        }
    }
    Exit::Solved
}

/// The puzzle as an instance: the instance text the model was read from, its givens'
/// stretch replaced by `grid` (the clues, a line per row). What stands before and after
/// (parameters, a jigsaw's region letters, comments) is kept as read; blank lines around
/// the whole are dropped and it ends with one newline.
fn instance_text(text: &str, model: &crate::lower::model::Model, grid: &str) -> String {
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

impl GenerateArgs {
    fn symmetry_name(&self) -> &'static str {
        match self.symmetry {
            SymmetryArg::None => "none",
            SymmetryArg::Rot180 => "rot180",
            SymmetryArg::Rot90 => "rot90",
            SymmetryArg::Mirror => "mirror",
            SymmetryArg::Diagonal => "diagonal",
            SymmetryArg::Dihedral => "dihedral",
        }
    }
}

/// `puzc grade`: one line per instance, `level L, S steps`, or `not solved to level K, S
/// steps` when probing to `--max-level` does not finish it (the grader: see
/// `src/solve/generate/grade.rs`). Exit 1 when some instance was not solved.
pub fn grade(s: &mut Session, args: &GradeArgs) -> Exit {
    if s.is_moves() {
        eprintln!("puzc: grade rates puzzles solved by filling; this spec is a played puzzle");
        return Exit::Usage;
    }
    let mut out = std::io::stdout().lock();
    s.for_each_instance(&mut |s, _, elab| {
        let model = &elab.model;
        let Some(fill) = lower_fill(model, s.common.max_options()) else {
            eprintln!("puzc: grade works, for now, on specs of filled grids under `each ... holds` regions only");
            return Exit::Usage;
        };
        let g = Grader::new(&fill.shape).grade(&fill.given, args.max_level);
        let steps = format!("{} step{}", g.steps, if g.steps == 1 { "" } else { "s" });
        let (line, exit) = match g.level {
            Some(l) => (format!("level {l}, {steps}"), Exit::Solved),
            None => (format!("not solved to level {}, {steps}", args.max_level), Exit::NoSolution),
        };
        if writeln!(out, "{line}").is_err() {
            return Exit::Solved;
        }
        exit
    })
}
