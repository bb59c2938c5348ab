//! The playground (`puzc serve`) in a real browser (issue 26, item 6): Debian's headless
//! `chromium` driven by `playwright-core` from npm, by `tests/browser/playground.mjs` (type
//! a mistake and see it underlined with its message; fix it, solve, see the grids and the
//! count; step through a Mayan trace; close a tab and see its search stop).
//!
//! It needs `/usr/bin/chromium` (`apt-get install chromium`; `PUZC_CHROMIUM` names another)
//! and `npm ci` in `tests/browser/`; `.ci/run` installs both. Without them this test fails,
//! saying what to install: a missing browser must not pass for a working playground.
//! `PUZC_BROWSER_TESTS=0` skips it, loudly, on a machine that cannot have them.
use crate::common::root;
use crate::killable::run_killable;
use std::process::Command;
use std::time::Duration;

#[test]
fn the_playground_works_in_headless_chromium() {
    if std::env::var("PUZC_BROWSER_TESTS").as_deref() == Ok("0") {
        eprintln!("\n*** SKIPPED: the playground's browser test (PUZC_BROWSER_TESTS=0) ***\n");
        return;
    }
    let dir = root().join("tests/browser");
    let chromium = std::env::var("PUZC_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let install = "install them (`apt-get install -y chromium nodejs npm`, then `npm ci` in tests/browser/; \
                   .ci/run does both), or set PUZC_BROWSER_TESTS=0 to skip this test";
    assert!(std::path::Path::new(&chromium).exists(), "no browser at {chromium}: {install}");
    assert!(Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success()), "no node: {install}");
    assert!(dir.join("node_modules/playwright-core/package.json").exists(), "no playwright-core: {install}");
    let out = std::env::temp_dir().join(format!("puzc-browser-{}.log", std::process::id()));
    let mut node = Command::new("sh");
    node.current_dir(&dir)
        .env("PUZC", env!("CARGO_BIN_EXE_puzc"))
        .env("PUZC_CHROMIUM", &chromium)
        .args(["-c", &format!("exec node playground.mjs > {}", out.display())]);
    let (code, err, took) = run_killable(node, Duration::from_secs(180));
    let said = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    assert_eq!(code, Some(0), "the browser test failed after {took:?}:\n{said}\n{err}");
    assert!(said.trim_end().ends_with("all passed"), "{said}");
}
