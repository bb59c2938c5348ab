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
