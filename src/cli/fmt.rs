//! `puzc fmt`: prints, rewrites or checks a spec's canonical layout (see src/syntax/format.rs).
use super::FmtArgs;
use super::exit::Exit;
use crate::diag::Sources;
use crate::diag::render::{Style, render_all};
use std::io::IsTerminal;

pub fn run(args: &FmtArgs) -> Exit {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("puzc: cannot read {}: {e}", args.file.display());
            return Exit::Io;
        }
    };
    let mut sources = Sources::default();
    let file = sources.add(args.file.display().to_string(), text.clone());
    let formatted = match crate::syntax::format::format(&text, file) {
        Ok(f) => f,
        Err(d) => {
            let style = Style { colour: std::io::stderr().is_terminal(), width: 100 };
            eprint!("{}", render_all(&[d], &sources, style));
            return Exit::BadSpec;
        }
    };
    if args.check {
        if formatted == text {
            return Exit::Solved;
        }
        eprintln!("puzc: {} is not in the canonical layout (run `puzc fmt --write` on it)", args.file.display());
        return Exit::NoSolution;
    }
    if args.write {
        if formatted != text
            && let Err(e) = std::fs::write(&args.file, &formatted)
        {
            eprintln!("puzc: cannot write {}: {e}", args.file.display());
            return Exit::Io;
        }
        return Exit::Solved;
    }
    print!("{formatted}");
    Exit::Solved
}
