//! The library's entry points for front ends other than the command line: the language
//! server (`crate::lsp`), tests and scripts. Each takes a spec's text from the caller (an
//! editor's unsaved buffer) and file access for its imports, and returns plain data; nothing
//! here prints or exits.
//!
//! ```
//! use puzc::api::{diagnose, Outline};
//! use std::path::Path;
//! let text = "board g[2, 2] of 1..2\nfill g\neach row, col holds exactly 1 of 1\n";
//! let no_imports = |_: &Path| Err(std::io::Error::other("no imports here"));
//! let found = diagnose(Path::new("two.puz"), text, &no_imports);
//! // `row` and `col` are not declared: one diagnostic for each, with its place.
//! assert!(!found.diagnostics.is_empty());
//! assert!(found.diagnostics.iter().all(|d| d.label.span.file == found.root.unwrap()));
//! let outline = Outline::of(found.spec.as_ref().unwrap());
//! assert_eq!(outline.declarations[0].name.name, "g");
//! ```
mod diagnose;
mod outline;

pub use diagnose::{Diagnosed, diagnose};
pub use outline::{Declaration, DeclarationKind, Outline};
