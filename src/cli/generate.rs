//! `puzc generate` and `puzc grade`: arguments and printing. Generation itself is the
//! library's (`src/api/generate.rs`): this file turns the arguments into a
//! [`Request`], hands it the first instance, prints each puzzle (a blank line between
//! them) and maps a failure to its diagnostics and exit code.
use super::Session;
use super::args::{GenerateArgs, GenerateFormat, GradeArgs, GraderArg, SymmetryArg};
use super::exit::Exit;
use super::pictures::Out;
use crate::api::generate::{Failure, GradeError, GraderKind, Instance, Pattern, Request};
use crate::api::limits::ExpandLimits;
use std::io::Write;

pub fn run(s: &mut Session, args: &GenerateArgs) -> Exit {
    if s.is_moves() {
        eprintln!("puzc: generate makes puzzles solved by filling; this spec is a played puzzle");
        return Exit::Usage;
    }
    let req = Request {
        count: args.count,
        seed: args.seed,
        symmetry: pattern(args.symmetry),
        symmetry_name: args.symmetry_name(),
        minimal: args.minimal,
        clues: args.clues,
        attempts: args.attempts,
        moves: args.moves,
        max_nodes: args.max_nodes,
        difficulty: args.difficulty,
        uniform: args.uniform,
        uniform_budget: args.uniform_budget,
        deadline: std::time::Instant::now().checked_add(std::time::Duration::from_secs_f64(args.timeout.min(1e9))),
        timeout: args.timeout,
        limits: ExpandLimits {
            work: s.common.max_expansion,
            options: s.common.max_options(),
            ..ExpandLimits::default()
        },
        threads: args
            .threads
            .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize),
    };
    let svg = args.format == GenerateFormat::Svg;
    if args.output.is_some() && !svg {
        eprintln!("puzc: --output writes pictures: add --format svg");
        return Exit::Usage;
    }
    let pictures = match Out::new(args.output.as_deref()) {
        Ok(out) => out,
        Err(e) => return e,
    };
    let mut done = false;
    s.for_each_instance(&mut |s, _, elab| {
        if std::mem::replace(&mut done, true) {
            return Exit::Solved;
        }
        let (file, base, text) = &s.instance;
        let instance = Instance { text, file: *file, base: *base };
        let mut made = 0;
        let mut failed = None;
        let result = if svg {
            // Each puzzle read back as `--instance` would read it, and drawn.
            let (spec, overrides, limits) = (&s.spec, &s.overrides, req.limits);
            let mut emit = |text: &str| {
                made += 1;
                let drawn = crate::api::generate::picture(spec, overrides, text, *file, limits)
                    .map_err(|f| failure(s, f))
                    .and_then(|(doc, model)| pictures.write(s, &model, &format!("-{made}"), doc));
                drawn.map_err(|e| failed = Some(e)).is_ok()
            };
            crate::api::generate::generate(spec, overrides, elab, instance, &req, &mut emit)
        } else {
            let mut out = std::io::stdout().lock();
            let mut emit = |text: &str| {
                let sep = if std::mem::replace(&mut made, 1) == 0 { "" } else { "\n" };
                write!(out, "{sep}{text}").and_then(|_| out.flush()).is_ok()
            };
            crate::api::generate::generate(&s.spec, &s.overrides, elab, instance, &req, &mut emit)
        };
        if let Some(e) = failed {
            return e;
        }
        result.map_or_else(|f| failure(s, f), |()| Exit::Solved)
    })
}

/// Prints why generation failed; its exit code.
fn failure(s: &Session, f: Failure) -> Exit {
    match f {
        Failure::Diagnostics(d) => s.fail(&d),
        Failure::Usage(why) => {
            eprintln!("puzc: {why}");
            Exit::Usage
        }
        Failure::Internal(why) => {
            eprintln!("puzc: internal error: {why}");
            Exit::Internal
        }
    }
}

fn grader(a: GraderArg) -> GraderKind {
    match a {
        GraderArg::Auto => GraderKind::Auto,
        GraderArg::Fill => GraderKind::Fill,
        GraderArg::Matrix => GraderKind::Matrix,
    }
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
/// steps` when probing to `--max-level` does not finish it, or `not graded: the time limit
/// ran out` (`--timeout`, exit 5). The graders: `src/solve/generate/grade.rs` (filled grids),
/// `src/solve/xcc/grade.rs` (any exact-cover spec). Exit 1 when some instance was not solved.
pub fn grade(s: &mut Session, args: &GradeArgs) -> Exit {
    if s.is_moves() {
        eprintln!("puzc: grade rates puzzles solved by filling; this spec is a played puzzle");
        return Exit::Usage;
    }
    s.timeout = args.timeout;
    let mut out = std::io::stdout().lock();
    s.for_each_instance(&mut |s, _, elab| {
        let graded = crate::api::generate::grade(
            elab,
            s.common.max_options(),
            args.max_level,
            grader(args.grader),
            s.deadline(),
        );
        let g = match graded {
            Ok(g) => g,
            Err(GradeError::Stopped) => {
                let _ = writeln!(out, "not graded: the time limit ran out");
                return Exit::Limit;
            }
            Err(GradeError::NotFill) => {
                eprintln!("puzc: --grader fill grades filled grids under `each ... holds` regions only");
                return Exit::Usage;
            }
            Err(GradeError::Diagnostics(d)) => return s.fail(&d),
        };
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
