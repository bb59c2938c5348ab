//! The `dlx` crate (a port of Knuth's DLX1/DLX2) on exact-cover matrices in Knuth's DLX text
//! format, as printed by `puzc compile FILE --emit dlx`: the reference that
//! `bench/side_by_side.py` runs puzc against, whole process against whole process.
//!
//! ```text
//! cargo run --release --example dlx_crate -- [--count | --unique] [FILE]
//! ```
//!
//! The input may hold many matrices separated by blank lines (one per instance). Each is
//! solved with plain MRV (ties to the first item); `--count` (the default) counts every
//! solution, `--unique` stops at the second. DLX1 when no option has a colour, DLX2 otherwise.
//! Prints one line per matrix, `solutions nodes`, then a `total` line; the time spent in the
//! search alone (without reading and building) goes to stderr.

use std::collections::HashMap;
use std::io::Read;
use std::time::{Duration, Instant};

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};

struct Matrix {
    n_primary: usize,
    n_secondary: usize,
    /// Items (0-based, primary first) and colours (0 = none) of each option.
    options: Vec<Vec<(dlx::Uint, dlx::Int)>>,
    coloured: bool,
}

fn parse(block: &str) -> Result<Matrix, String> {
    // Knuth's rules: blank lines and lines starting with `|` (puzc's name map) are comments.
    let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('|'));
    let head = lines.next().ok_or("no item line")?;
    let mut primary = Vec::new();
    let mut secondary = Vec::new();
    let mut in_secondary = false;
    for tok in head.split_whitespace() {
        if tok == "|" {
            in_secondary = true;
        } else if tok.contains('|') {
            return Err(format!("item {tok}: multiplicities are not supported by DLX1/DLX2"));
        } else if in_secondary {
            secondary.push(tok);
        } else {
            primary.push(tok);
        }
    }
    let mut index = HashMap::new();
    for (i, name) in primary.iter().chain(&secondary).enumerate() {
        index.insert(*name, i as dlx::Uint);
    }
    let mut colours: HashMap<&str, dlx::Int> = HashMap::new();
    let mut options = Vec::new();
    let mut coloured = false;
    for line in lines {
        let mut opt = Vec::new();
        for tok in line.split_whitespace() {
            let (name, colour) = match tok.split_once(':') {
                Some((n, c)) => {
                    let next = colours.len() as dlx::Int + 1;
                    coloured = true;
                    (n, *colours.entry(c).or_insert(next))
                }
                None => (tok, 0),
            };
            let item = *index.get(name).ok_or_else(|| format!("unknown item {name}"))?;
            opt.push((item, colour));
        }
        options.push(opt);
    }
    Ok(Matrix { n_primary: primary.len(), n_secondary: secondary.len(), options, coloured })
}

/// (solutions, nodes) with at most `limit` solutions, and the search time.
fn solve(m: &Matrix, limit: u64) -> (u64, u64, Duration) {
    let (np, ns) = (m.n_primary as dlx::Uint, m.n_secondary as dlx::Uint);
    let mut solutions = 0;
    let t;
    let profile: Vec<usize> = if m.coloured {
        let mut problem = dlx::c::make_problem(np, ns, &m.options, dlx::OptOrder::Seq);
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let t0 = Instant::now();
        while solutions < limit && solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        t = t0.elapsed();
        solver.get_profile().to_vec()
    } else {
        let os: Vec<Vec<dlx::Uint>> = m.options.iter().map(|o| o.iter().map(|&(i, _)| i).collect()).collect();
        let mut problem = dlx::x::make_problem(np, ns, &os, dlx::OptOrder::Seq);
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let t0 = Instant::now();
        while solutions < limit && solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        t = t0.elapsed();
        solver.get_profile().to_vec()
    };
    (solutions, profile.iter().map(|&k| k as u64).sum(), t)
}

fn main() {
    let mut limit = u64::MAX;
    let mut file = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--count" => limit = u64::MAX,
            "--unique" => limit = 2,
            _ if a.starts_with("--") => {
                eprintln!("usage: dlx_crate [--count | --unique] [FILE]");
                std::process::exit(2);
            }
            _ => file = Some(a),
        }
    }
    let mut text = String::new();
    match &file {
        Some(f) if f != "-" => text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}")),
        _ => {
            std::io::stdin().read_to_string(&mut text).expect("stdin");
        }
    }
    // Matrices are separated by blank lines.
    let mut blocks = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !cur.is_empty() {
                blocks.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push_str(line);
            cur.push('\n');
        }
    }
    if !cur.is_empty() {
        blocks.push(cur);
    }
    let (mut total_s, mut total_n, mut search) = (0, 0, Duration::ZERO);
    let mut out = String::new();
    for (k, b) in blocks.iter().enumerate() {
        let m = parse(b).unwrap_or_else(|e| {
            eprintln!("dlx_crate: matrix {}: {e}", k + 1);
            std::process::exit(2);
        });
        let (s, n, t) = solve(&m, limit);
        out.push_str(&format!("{s} {n}\n"));
        total_s += s;
        total_n += n;
        search += t;
    }
    print!("{out}");
    println!("total {} matrices, {total_s} solutions, {total_n} nodes", blocks.len());
    eprintln!("search {:.3} ms", search.as_secs_f64() * 1e3);
}
