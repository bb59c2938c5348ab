//! Building and running the exact-cover seed programs (tests/seeds/*.cpp) for the
//! differential tests of `seeds_xcc.rs`. Each is compiled once per test binary with
//! `g++ -O2` into the cargo target's scratch directory.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Compiles `tests/seeds/{name}.cpp` (once) and returns the executable's path.
fn build(name: &str, cell: &'static OnceLock<PathBuf>) -> PathBuf {
    cell.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("seeds");
        std::fs::create_dir_all(&dir).expect("create seed build dir");
        let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/seeds").join(format!("{name}.cpp"));
        let exe = dir.join(format!("{name}-{}", std::process::id()));
        let out =
            Command::new("g++").arg("-O2").arg("-o").arg(&exe).arg(&src).output().expect("g++ runs (install g++)");
        assert!(out.status.success(), "g++ {}:\n{}", src.display(), String::from_utf8_lossy(&out.stderr));
        exe
    })
    .clone()
}

pub fn uva211() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("uva211_seed", &CELL)
}

pub fn tetravex() -> PathBuf {
    static CELL: OnceLock<PathBuf> = OnceLock::new();
    build("tetravex_seed", &CELL)
}

/// Runs a seed program on `input` and returns its stdout.
pub fn run_seed(exe: &PathBuf, input: &str) -> String {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run seed program");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("seed program finishes");
    writer.join().unwrap().expect("write seed input");
    assert!(out.status.success(), "seed {} failed: {}", exe.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("seed output is UTF-8")
}

/// Parses the UVA 211 seed's output: per layout, its maps (56 numbers each) and its
/// `There are S solution(s)` count.
pub fn parse_uva211(out: &str) -> Vec<(Vec<Vec<u32>>, usize)> {
    let mut result = Vec::new();
    for (k, chunk) in out.split("Layout #").skip(1).enumerate() {
        let head = format!("{}:", k + 1);
        assert!(chunk.starts_with(&head), "layouts numbered in order: {chunk}");
        let maps_at = chunk.find("are:").expect("`Maps resulting ... are:`") + 4;
        let count_at = chunk.find("There are ").expect("`There are S solution(s)`");
        let nums: Vec<u32> =
            chunk[maps_at..count_at].split_whitespace().map(|w| w.parse().expect("bone number")).collect();
        assert_eq!(nums.len() % 56, 0);
        let rest = &chunk[count_at + "There are ".len()..];
        let n: usize = rest.split_whitespace().next().unwrap().parse().expect("a count");
        assert!(rest.contains(&format!("solution(s) for layout #{}.", k + 1)));
        result.push((nums.chunks(56).map(|c| c.to_vec()).collect(), n));
    }
    result
}

/// Parses the Tetravex seed's output: `Game k: Possible|Impossible` per game, in order.
pub fn parse_tetravex(out: &str) -> Vec<bool> {
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let rest =
                l.strip_prefix(&format!("Game {}: ", i + 1)).unwrap_or_else(|| panic!("`Game {}: ...`: {l}", i + 1));
            match rest.trim() {
                "Possible" => true,
                "Impossible" => false,
                other => panic!("unexpected verdict `{other}`"),
            }
        })
        .collect()
}
