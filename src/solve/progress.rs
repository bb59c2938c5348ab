//! What a progress line says about a running search: the counts it has published
//! ([`Published`](crate::solve::xcc::Published)), the time since it started, and how much
//! is left according to Knuth's random-probe estimate of the tree's size (`estimate.rs`).
//!
//! Only the words are made here; `src/cli/progress.rs` decides whether a line is drawn
//! (stderr a terminal, no `--quiet`) and draws it.
use crate::ir::xcc::XccProblem;
use crate::solve::estimate::{Prober, summarise};
use std::time::{Duration, Instant};

/// Probes taken for a forecast: enough for a mean within a few percent on the shipped
/// puzzles (see `puzc estimate`), taken within [`FORECAST_TIME`].
const FORECAST_PROBES: usize = 1000;
/// The longest a forecast probes: it runs beside the search, on a core the search may want.
const FORECAST_TIME: Duration = Duration::from_millis(300);

/// The estimated number of nodes of `p`'s search as `solve` counts them (forced moves), from
/// up to [`FORECAST_PROBES`] probes; `None` for a problem with multiplicities, or when
/// `stopped` says the search ended before a single probe was done.
pub fn forecast(p: &XccProblem, stopped: &dyn Fn() -> bool) -> Option<f64> {
    let mut prober = Prober::new(p, true, 1)?;
    let started = Instant::now();
    let mut runs = Vec::with_capacity(FORECAST_PROBES);
    while runs.len() < FORECAST_PROBES && started.elapsed() < FORECAST_TIME && !stopped() {
        runs.push(prober.probe());
    }
    (!runs.is_empty()).then(|| summarise(&runs).nodes.mean)
}

/// One progress line: `1.2M nodes, 3,456 solutions, 5s; ~27% of ~4.4M nodes, ~13s left`.
/// `total` is the estimated size of the whole search, when there is one.
pub fn line(nodes: u64, solutions: u64, elapsed: Duration, total: Option<f64>) -> String {
    let mut s = format!(
        "{} nodes, {} {}, {}",
        short(nodes as f64),
        grouped(solutions),
        if solutions == 1 { "solution" } else { "solutions" },
        clock(elapsed.as_secs_f64())
    );
    match total {
        Some(t) if (nodes as f64) < t && nodes > 0 => {
            // The rate so far, applied to what the estimate says is left.
            let left = elapsed.as_secs_f64() * (t - nodes as f64) / nodes as f64;
            s += &format!("; ~{:.0}% of ~{} nodes, ~{} left", 100.0 * nodes as f64 / t, short(t), clock(left));
        }
        Some(t) if nodes > 0 => s += &format!("; past the estimate of ~{} nodes", short(t)),
        _ => {}
    }
    s
}

/// `950`, `12.3k`, `123k`, `4.5M`: three significant figures at most.
fn short(x: f64) -> String {
    const UNITS: [&str; 6] = ["", "k", "M", "G", "T", "P"];
    let mut x = x.max(0.0);
    let mut unit = 0;
    while x >= 999.5 && unit + 1 < UNITS.len() {
        x /= 1000.0;
        unit += 1;
    }
    match unit {
        0 => format!("{x:.0}"),
        _ if x < 99.95 => format!("{x:.1}{}", UNITS[unit]),
        _ => format!("{x:.0}{}", UNITS[unit]),
    }
}

/// `1234567` → `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Seconds as `42s`, `3m07s`, `2h05m`, `3d04h`, or `centuries` past a hundred years.
fn clock(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    match s {
        _ if secs > 100.0 * 365.25 * 86400.0 => "centuries".into(),
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        3600..86400 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d{:02}h", s / 86400, s % 86400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(short(950.0), "950");
        assert_eq!(short(999.7), "1.0k");
        assert_eq!(short(12_345.0), "12.3k");
        assert_eq!(short(123_456.0), "123k");
        assert_eq!(short(4_400_000.0), "4.4M");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(12), "12");
        assert_eq!(clock(187.0), "3m07s");
        assert_eq!(clock(7500.0), "2h05m");
        assert_eq!(clock(1e12), "centuries");
    }

    #[test]
    fn line_with_and_without_an_estimate() {
        let d = Duration::from_secs(5);
        assert_eq!(line(1_000_000, 1, d, None), "1.0M nodes, 1 solution, 5s");
        // A quarter done in 5 s: 15 s left.
        assert_eq!(
            line(1_000_000, 3456, d, Some(4e6)),
            "1.0M nodes, 3,456 solutions, 5s; ~25% of ~4.0M nodes, ~15s left"
        );
        assert_eq!(line(5_000_000, 0, d, Some(4e6)), "5.0M nodes, 0 solutions, 5s; past the estimate of ~4.0M nodes");
    }
}
