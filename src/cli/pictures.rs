//! Pictures: `--format svg` (one instance's answers, to stdout or one file each in
//! `--output DIR`, named `SPEC-INSTANCE-ANSWER.svg`, numbered from 1) and `puzc draw` (each
//! instance's unsolved puzzle, `SPEC-INSTANCE.svg`).
use super::exit::Exit;
use super::{DrawArgs, Session, SolveArgs};
use std::path::Path;

/// Prints the pictures, or writes them and prints the paths written.
pub fn emit(s: &Session, args: &SolveArgs, k: usize, pictures: Vec<::svg::Document>) -> Result<(), Exit> {
    let names: Vec<String> = (1..=pictures.len()).map(|j| format!("-{k}-{j}")).collect();
    write(s, args.output.as_deref(), &names, pictures)
}

/// `puzc draw`: the picture of each instance before it is solved.
pub fn draw(s: &mut Session, args: &DrawArgs) -> Exit {
    let moves = s.is_moves();
    s.for_each_instance(&mut |s, k, elab| {
        let doc = if moves {
            match super::moves::picture(s, elab) {
                Ok(doc) => doc,
                Err(e) => return e,
            }
        } else {
            crate::render::svg::puzzle(&elab.model)
        };
        match write(s, args.output.as_deref(), &[format!("-{k}")], vec![doc]) {
            Ok(()) => Exit::Solved,
            Err(e) => e,
        }
    })
}

/// Prints the documents, or writes each to `dir` as the spec's stem followed by its suffix
/// and prints the paths written.
fn write(s: &Session, dir: Option<&Path>, suffixes: &[String], pictures: Vec<::svg::Document>) -> Result<(), Exit> {
    let Some(dir) = dir else {
        for doc in pictures {
            println!("{doc}");
        }
        return Ok(());
    };
    let io = |path: &Path, e: std::io::Error| {
        eprintln!("puzc: cannot write {}: {e}", path.display());
        Exit::Io
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let stem = s.common.file.file_stem().map_or("answer".into(), |x| x.to_string_lossy());
    for (doc, suffix) in pictures.iter().zip(suffixes) {
        let path = dir.join(format!("{stem}{suffix}.svg"));
        std::fs::write(&path, format!("{doc}\n")).map_err(|e| io(&path, e))?;
        println!("{}", path.display());
    }
    Ok(())
}
