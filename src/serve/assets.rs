//! The playground's files, embedded so that an installed puzc serves them offline: the page
//! and its style (written by hand), and the editor's script, bundled from CodeMirror 6 and
//! `playground/src/` by `scripts/build-playground` (the bundle is committed with the lock file
//! it was built from and the licences of what it holds; `tests/serve.rs` checks it is the one
//! the lock describes).
pub const PAGE: &[u8] = include_bytes!("../../playground/index.html");
pub const STYLE: &[u8] = include_bytes!("../../playground/playground.css");
pub const SCRIPT: &[u8] = include_bytes!("../../playground/dist/playground.js");
pub const LICENSES: &[u8] = include_bytes!("../../playground/dist/LICENSES.txt");
