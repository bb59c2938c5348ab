//! `puzc fmt`: prints, rewrites or checks specs' canonical layout (see `api::format`).
use super::FmtArgs;
use super::exit::Exit;
use crate::api::format::{Kind, decode};
use crate::diag::Sources;
use crate::diag::render::render_all;
use std::path::Path;

/// Every file in turn; the worst exit of all. `--check` lists on stdout each file whose
/// layout would change, one a line, and exits 1 if there is one.
pub fn run(args: &FmtArgs) -> Exit {
    let stdin = args.files.iter().filter(|f| f.as_os_str() == "-").count();
    if stdin > 1 || (stdin == 1 && args.write) {
        eprintln!("puzc: `-` (standard input) can be read once, and cannot be rewritten with --write");
        return Exit::Usage;
    }
    let mut worst = Exit::Solved;
    let mut changed = 0;
    for file in &args.files {
        let exit = one(args, file);
        changed += usize::from(exit == Exit::NoSolution);
        worst = worst.max(exit);
    }
    if changed > 0 {
        let files = if changed == 1 { "file is" } else { "files are" };
        eprintln!("puzc: {changed} {files} not in the canonical layout (run `puzc fmt --write` on them)");
    }
    worst
}

/// One file: `NoSolution` when `--check` finds it not canonical.
fn one(args: &FmtArgs, path: &Path) -> Exit {
    let bytes = match super::read_bytes(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("puzc: cannot read {}: {e}", path.display());
            return Exit::Io;
        }
    };
    let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
    let style = super::diag_style(super::ColourMode::Auto);
    let mut sources = Sources::default();
    // The formatter works on the file as it is (it keeps a byte-order mark), so `--check` and
    // `--write` compare with what is on disk; only bytes that are not UTF-8 stop it, with the
    // same P006 as `check` gives.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            if let Err(d) = decode(e.into_bytes(), name, Kind::Spec, &mut sources) {
                eprint!("{}", render_all(&[d], &sources, style));
            }
            return Exit::BadSpec;
        }
    };
    let file = sources.add(name.clone(), text.clone());
    let formatted = match crate::api::format::format(&text, file) {
        Ok(f) => f,
        Err(d) => {
            eprint!("{}", render_all(&[d], &sources, style));
            return Exit::BadSpec;
        }
    };
    if args.check {
        if formatted == text {
            return Exit::Solved;
        }
        println!("{name}");
        return Exit::NoSolution;
    }
    if args.write {
        if formatted != text
            && let Err(e) = std::fs::write(path, &formatted)
        {
            eprintln!("puzc: cannot write {}: {e}", path.display());
            return Exit::Io;
        }
        return Exit::Solved;
    }
    print!("{formatted}");
    Exit::Solved
}
