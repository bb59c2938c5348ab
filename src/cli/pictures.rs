//! `--format svg`: pictures of one instance's answers, to stdout or one file each in
//! `--output DIR` (named `SPEC-INSTANCE-ANSWER.svg`, numbered from 1).
use super::exit::Exit;
use super::{Session, SolveArgs};

/// Prints the pictures, or writes them and prints the paths written.
pub fn emit(s: &Session, args: &SolveArgs, k: usize, pictures: Vec<::svg::Document>) -> Result<(), Exit> {
    let Some(dir) = &args.output else {
        for doc in pictures {
            println!("{doc}");
        }
        return Ok(());
    };
    let io = |path: &std::path::Path, e: std::io::Error| {
        eprintln!("puzc: cannot write {}: {e}", path.display());
        Exit::Io
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let stem = s.common.file.file_stem().map_or("answer".into(), |x| x.to_string_lossy());
    for (j, doc) in pictures.iter().enumerate() {
        let path = dir.join(format!("{stem}-{k}-{}.svg", j + 1));
        std::fs::write(&path, format!("{doc}\n")).map_err(|e| io(&path, e))?;
        println!("{}", path.display());
    }
    Ok(())
}
