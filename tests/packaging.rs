//! Packaging (issue 27, item 6): the crate's metadata and licence, the README's set-up, no
//! dependency the code does not use.
use crate::common::root;

fn manifest() -> String {
    std::fs::read_to_string(root().join("Cargo.toml")).unwrap()
}

/// The `[package]` table's text.
fn package(manifest: &str) -> &str {
    let start = manifest.find("[package]").unwrap();
    let rest = &manifest[start + 9..];
    &rest[..rest.find("\n[").unwrap_or(rest.len())]
}

#[test]
fn cargo_metadata_is_complete_and_the_licence_shipped() {
    let m = manifest();
    let p = package(&m);
    for key in ["description", "license", "readme", "keywords", "categories", "rust-version"] {
        assert!(p.lines().any(|l| l.starts_with(&format!("{key} ="))), "Cargo.toml's [package] lacks `{key}`");
    }
    assert!(p.contains("license = \"MIT\""), "{p}");
    let licence = std::fs::read_to_string(root().join("LICENSE")).expect("a LICENSE file");
    assert!(licence.starts_with("MIT License") && licence.contains("WITHOUT WARRANTY"), "{licence}");
    let readme = p.lines().find_map(|l| l.strip_prefix("readme = ")).unwrap().trim_matches('"');
    assert!(root().join(readme).exists());
}

/// Every dependency of `[dependencies]` is used by the code (`thiserror` was not).
#[test]
fn every_dependency_is_used() {
    let m = manifest();
    let deps = &m[m.find("\n[dependencies]\n").unwrap() + 16..];
    let deps = &deps[..deps.find("\n[").unwrap()];
    let mut code = String::new();
    for dir in ["src", "grammar"] {
        let mut stack = vec![root().join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(d).unwrap() {
                let path = e.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    code += &std::fs::read_to_string(path).unwrap();
                }
            }
        }
    }
    let names: Vec<&str> =
        deps.lines().filter(|l| !l.starts_with('#') && l.contains('=')).map(|l| l.split(' ').next().unwrap()).collect();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let path = name.replace('-', "_");
        assert!(code.contains(&format!("{path}::")) || code.contains(&format!("use {path}")), "`{name}` is not used");
    }
}

/// The README's set-up runs a shipped puzzle with `cargo run` and the tests with `cargo test`,
/// and says how to install: each command names things that exist.
#[test]
fn readme_set_up_is_true() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let setup = &readme[readme.find("## Set-up").unwrap()..readme.find("## Use").unwrap()];
    assert!(setup.contains("cargo install --path ."), "{setup}");
    assert!(setup.contains("cargo test --release"), "{setup}");
    let run = setup.lines().find(|l| l.starts_with("cargo run --release -- solve ")).expect("a cargo run line");
    let spec = run.split_whitespace().nth(5).unwrap();
    assert!(root().join(spec).exists(), "{spec}");
    // The shipped puzzle it runs is solved (exit 0).
    crate::common::run_ok(&["solve", spec], None, 0);
}
