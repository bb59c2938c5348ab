//! Puts the commit into `puzc --version` (`0.1.0 (3b4d504)`): `PUZC_VERSION` for the
//! compiler. Without git, or outside a repository (a crate unpacked from a tarball), the
//! version is the package's alone; a build never fails for want of git.
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    embed_puzzles();
    let version = env!("CARGO_PKG_VERSION");
    let full = match git(&["rev-parse", "--short", "HEAD"]) {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=PUZC_VERSION={full}");
    println!("cargo:rerun-if-changed=build.rs");
    // Rebuilt when HEAD moves: HEAD itself (a checkout), and the branch it names (a commit).
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
    }
    if let Some(reference) = git(&["rev-parse", "--symbolic-full-name", "HEAD"])
        && let Some(common) = git(&["rev-parse", "--git-common-dir"])
    {
        let loose = format!("{common}/{reference}");
        if std::path::Path::new(&loose).exists() {
            println!("cargo:rerun-if-changed={loose}");
        }
        let packed = format!("{common}/packed-refs");
        if std::path::Path::new(&packed).exists() {
            println!("cargo:rerun-if-changed={packed}");
        }
    }
}

/// `puzc serve`'s menu: every shipped spec of `puzzles/`, by name, embedded with
/// `include_str!` (so an installed puzc serves them without its sources), in
/// `$OUT_DIR/puzzles.rs`.
fn embed_puzzles() {
    // Read when the script runs, not when it was compiled (`env!`): a target directory
    // copied from another checkout re-runs the old script binary, which then looked in the
    // other checkout's `puzzles/` and embedded an empty menu without a word.
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let dir = std::path::Path::new(&root).join("puzzles");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} is the shipped puzzles' folder and must be readable: {e}", dir.display()))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".puz"))
        .collect();
    assert!(!names.is_empty(), "{} holds no .puz file: `puzc serve` would have no menu", dir.display());
    names.sort();
    let mut out = String::from("&[\n");
    for n in &names {
        out += &format!("    ({n:?}, include_str!({:?})),\n", dir.join(n).display().to_string());
    }
    out += "]\n";
    let target = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("puzzles.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=puzzles");
}
