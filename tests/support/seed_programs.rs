//! The seed programs, built at test time from the seed documents in `../shared/seeds/`
//! (beside the checkout, or `$PUZC_SHARED/seeds/`): `tests/support/seeds.py` cuts each
//! program out of its document and applies the few documented edits that make it build, then
//! `g++ -O2` compiles it into the cargo target's scratch directory, once per test binary.
//! The repository holds no copy of them.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Extracts every seed program (once per test binary) into a directory of this process's own.
fn sources() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("seeds-{}", std::process::id()));
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/seeds.py");
        let out = Command::new("python3").arg(&script).arg(&dir).output().expect("python3 runs (install python3)");
        assert!(
            out.status.success(),
            "extracting the seed programs failed (the seed documents are in ../shared/seeds/ beside the \
             checkout, or set PUZC_SHARED):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    })
}

/// Compiles the seed `name` (once) and returns the executable's path.
fn build(name: &str, cell: &'static OnceLock<PathBuf>) -> PathBuf {
    cell.get_or_init(|| {
        let src = sources().join(format!("{name}.cpp"));
        let exe = sources().join(name);
        let out =
            Command::new("g++").arg("-O2").arg("-o").arg(&exe).arg(&src).output().expect("g++ runs (install g++)");
        assert!(out.status.success(), "g++ {}:\n{}", src.display(), String::from_utf8_lossy(&out.stderr));
        exe
    })
    .clone()
}

/// UVA 211, The Domino Effect.
pub fn uva211() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("uva211_seed", &CELL)
}

/// ZOJ 1008, Gnome Tetravex (the document's second program).
pub fn tetravex() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("tetravex_seed", &CELL)
}

/// POJ 3076, 16×16 sudoku by dancing links.
pub fn poj3076() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("poj3076_seed", &CELL)
}

/// NOIP 2011, the Mayan game.
pub fn mayan() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("mayan_seed", &CELL)
}

/// Runs a seed program on `input` and returns its stdout; the program must exit 0.
pub fn run_seed(exe: &Path, input: &str) -> String {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run seed program");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from another thread: a large input would otherwise fill the pipe while the
    // program's output fills the other one.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("seed program finishes");
    writer.join().unwrap().expect("write seed input");
    assert!(out.status.success(), "seed {} failed: {}", exe.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("seed output is UTF-8")
}
