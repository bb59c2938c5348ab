//! Pictures: `--format svg` (one instance's answers, to stdout or one file each in
//! `--output DIR`, named `SPEC-INSTANCE-ANSWER.svg`, numbered from 1), `puzc draw` (each
//! instance's unsolved puzzle, `SPEC-INSTANCE.svg`) and `puzc generate --format svg` (each
//! generated puzzle, unsolved, `SPEC-N.svg`).
//!
//! Pictures are drawn and written one at a time, so `--all` holds one picture, not all of
//! them. A picture that the memory budget cut short (`render/svg/node.rs`) is not written:
//! S401 at the board (exit 3), as for anything else the budget stops.
use super::exit::Exit;
use super::{DrawArgs, Session, SolveArgs};
use crate::api::Model;
use crate::api::render::Document;
use std::path::Path;

/// Draws `count` pictures, the `j`th (from 0) by `draw(j)`, and prints or writes each before
/// drawing the next.
pub fn emit(
    s: &Session,
    args: &SolveArgs,
    k: usize,
    model: &Model,
    count: usize,
    draw: &mut dyn FnMut(usize) -> Document,
) -> Result<(), Exit> {
    let out = Out::new(args.output.as_deref())?;
    for j in 0..count {
        out.write(s, model, &format!("-{k}-{}", j + 1), draw(j))?;
    }
    Ok(())
}

/// `puzc draw`: the picture of each instance before it is solved.
pub fn draw(s: &mut Session, args: &DrawArgs) -> Exit {
    let moves = s.is_moves();
    let out = match Out::new(args.output.as_deref()) {
        Ok(out) => out,
        Err(e) => return e,
    };
    s.for_each_instance(&mut |s, k, elab| {
        let doc = if moves {
            match super::moves::picture(s, elab) {
                Ok(doc) => doc,
                Err(e) => return e,
            }
        } else {
            crate::api::render::puzzle_svg(&elab.model)
        };
        match out.write(s, &elab.model, &format!("-{k}"), doc) {
            Ok(()) => Exit::Solved,
            Err(e) => e,
        }
    })
}

/// Where pictures go: stdout, or files in a directory (created at the start).
pub(super) struct Out<'a> {
    dir: Option<&'a Path>,
}

impl<'a> Out<'a> {
    pub(super) fn new(dir: Option<&'a Path>) -> Result<Out<'a>, Exit> {
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        Ok(Out { dir })
    }

    /// Prints `doc`, or writes it to the directory as the spec's stem followed by `suffix`
    /// and prints the path written; S401 if the budget cut the picture short.
    pub(super) fn write(&self, s: &Session, model: &Model, suffix: &str, doc: Document) -> Result<(), Exit> {
        if doc.is_spent() {
            drop(doc);
            return Err(s.fail(&[too_large(s, model)]));
        }
        let Some(dir) = self.dir else {
            println!("{doc}");
            return Ok(());
        };
        let stem = s.common.file.file_stem().map_or("answer".into(), |x| x.to_string_lossy());
        let path = dir.join(format!("{stem}{suffix}.svg"));
        std::fs::write(&path, format!("{doc}\n")).map_err(|e| io(&path, e))?;
        println!("{}", path.display());
        Ok(())
    }
}

fn io(path: &Path, e: std::io::Error) -> Exit {
    eprintln!("puzc: cannot write {}: {e}", path.display());
    Exit::Io
}

/// S401 at the board (or the spec's first statement, for the direct form): its picture
/// needs more memory than the budget leaves.
fn too_large(s: &Session, model: &Model) -> crate::diag::Diagnostic {
    use crate::api::limits;
    let span = model.board.as_ref().map(|b| b.span).or_else(|| crate::api::load::first_statement(&s.spec));
    let mut d = limits::out_of_memory(span.unwrap_or_default());
    d.message = "the picture of this board needs more memory than the limit allows".into();
    if limits::capped_by().is_none() {
        d.help = Some(format!(
            "drawing it takes more than {} (a picture holds about 200 bytes a cell); draw a smaller board, or raise the limit with `--max-memory`",
            limits::show_bytes(limits::max_memory())
        ));
    }
    d
}
