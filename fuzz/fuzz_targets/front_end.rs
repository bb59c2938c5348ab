//! Arbitrary text through the front end: parse → check → elaborate → lower (to exact cover or
//! to the move program), rendering every diagnostic on the way. Any panic is a bug; so is
//! running out of memory, which the small limits below are there to rule out.
//!
//! Run: `cargo +nightly fuzz run front_end -- -rss_limit_mb=4096` (corpus seeded from puzzles/).
#![no_main]
use libfuzzer_sys::fuzz_target;
use puzc::diag::render::{Style, render_all};
use puzc::diag::{Diagnostics, Sources};
use puzc::lower::elaborate::{ExpandLimits, elaborate};
use puzc::lower::instance::InstanceReader;
use puzc::syntax::ast::StmtKind;
use std::collections::HashMap;

/// Far below the CLI's defaults, so one input cannot build a huge model.
const LIMITS: ExpandLimits = ExpandLimits { work: 20_000, cells: 4_096, options: 20_000 };
const MAX_OPTIONS: usize = 20_000;

fuzz_target!(|text: &str| {
    let mut sources = Sources::default();
    let file = sources.add("fuzz.puz", text);
    let style = Style::PLAIN;
    let show = |diags: &Diagnostics, sources: &Sources| {
        let _ = render_all(diags, sources, style);
    };
    let spec = match puzc::syntax::parse(text, file) {
        Ok(s) => s,
        Err(d) => return show(&vec![d], &sources),
    };
    let diags = puzc::check::check(&spec);
    if !diags.is_empty() {
        return show(&diags, &sources);
    }
    let inline = spec.stmts.iter().rev().find_map(|s| match &s.kind {
        StmtKind::Instance(lit) => Some(lit.clone()),
        _ => None,
    });
    let (inst_text, base) = inline.map_or((String::new(), 0), |l| (l.text, l.offset));
    let overrides = HashMap::new();
    let mut reader = InstanceReader::new(&inst_text, file, base);
    let (mut elab, diags) = elaborate(&spec, &mut reader, &overrides, LIMITS);
    if !diags.is_empty() {
        return show(&diags, &sources);
    }
    let moves = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Move(_)));
    if moves {
        if let Err(d) = puzc::lower::moves::lower(&spec, &mut elab) {
            show(&d, &sources);
        }
    } else if let Err(d) = puzc::lower::xcc::lower(&elab.model, MAX_OPTIONS) {
        show(&d, &sources);
    }
});
