//! `solve`, `check` and `compile` for move-search specs.
use super::exit::Exit;
use super::{CompileArgs, Session, SolveArgs};
use crate::lower::elaborate::Elab;

pub fn check(_s: &Session, _elab: &mut Elab) -> Exit {
    eprintln!("puzc: move search is not built yet");
    Exit::Internal
}

pub fn compile(_s: &Session, _elab: &mut Elab, _args: &CompileArgs) -> Exit {
    eprintln!("puzc: move search is not built yet");
    Exit::Internal
}

pub fn solve(_s: &Session, _k: usize, _elab: &mut Elab, _args: &SolveArgs) -> Exit {
    eprintln!("puzc: move search is not built yet");
    Exit::Internal
}
