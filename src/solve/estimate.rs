//! Knuth's estimate of the size of a search tree (D. E. Knuth, "Estimating the efficiency
//! of backtrack programs", Math. Comp. 29 (1975); TAOCP 7.2.2 (21)–(24)).
//!
//! A *probe* walks from the root to a leaf of the exact-cover search tree, choosing at each
//! node the item the engines choose (the active primary item with the fewest live options,
//! ties to the lowest id) and one of its `d` options uniformly at random. A node at depth
//! `k` on the path stands for `d₀·d₁·…·d₍ₖ₋₁₎` nodes of its level, so the sum of these
//! products over the path is an unbiased estimate of the number of nodes (and the product
//! at a solution leaf one of the number of solutions): its mean over many probes converges
//! to the true count. Its spread is large on irregular trees, so the mean is reported with
//! the standard error over the probes.
//!
//! Nodes are counted as the engines count them (see `xcc/mod.rs`): every choice of an item,
//! a choice with no option left included, never a solution; with forced moves an item with
//! exactly one option is not a node. Problems with multiplicities (Algorithm M) are not
//! estimated. A probe works on plain arrays reset per probe, apart from the engines.
use crate::ir::xcc::{ItemKind, XccProblem};

/// The options of each item, with the colour the option gives it.
struct Incidence {
    start: Vec<usize>,
    entries: Vec<(u32, u32)>,
}

/// A prepared problem: probes reuse its buffers.
pub struct Prober<'a> {
    p: &'a XccProblem,
    by_item: Incidence,
    forced: bool,
    alive: Vec<bool>,
    active: Vec<bool>,
    /// Live options of each item, kept as options die (choosing an item then reads one
    /// number per item instead of counting its options: a batch of small searches, as UVA
    /// 211's layouts, spent most of its probing there), and their number at the root.
    live: Vec<u32>,
    live_at_root: Vec<u32>,
    rng: u64,
}

/// What one probe estimates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    pub nodes: f64,
    pub solutions: f64,
}

/// Many probes summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub probes: u64,
    /// How many probes ended at a solution: the solutions' estimate rests on these alone.
    pub hits: u64,
    pub nodes: Summary,
    pub solutions: Summary,
}

/// Mean, standard error of the mean, and range of a quantity over the probes.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Summary {
    pub mean: f64,
    /// The standard deviation of one probe's estimate.
    pub sd: f64,
    /// `sd / √probes`: how far the mean may be from the truth.
    pub std_error: f64,
    pub min: f64,
    pub max: f64,
}

impl<'a> Prober<'a> {
    /// `None` for a problem with multiplicities.
    pub fn new(p: &'a XccProblem, forced: bool, seed: u64) -> Option<Prober<'a>> {
        let plain = p.items[..p.n_primary].iter().all(|it| it.kind == ItemKind::Primary { lo: 1, hi: 1 });
        if !plain {
            return None;
        }
        let mut count = vec![0usize; p.items.len() + 1];
        for e in &p.option_items {
            count[e.item.0 as usize + 1] += 1;
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let mut fill = count.clone();
        let mut entries = vec![(0, 0); p.option_items.len()];
        for o in 0..p.option_count() {
            for e in p.option(crate::ir::xcc::OptionId(o as u32)) {
                let at = &mut fill[e.item.0 as usize];
                entries[*at] = (o as u32, e.colour.0);
                *at += 1;
            }
        }
        let live_at_root: Vec<u32> = count.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
        Some(Prober {
            p,
            live: live_at_root.clone(),
            live_at_root,
            by_item: Incidence { start: count, entries },
            forced,
            alive: vec![true; p.option_count()],
            active: vec![true; p.items.len()],
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        })
    }

    /// A number below `n` (splitmix64).
    fn below(&mut self, n: usize) -> usize {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z as u128 * n as u128) >> 64) as usize
    }

    fn options_of(&self, item: usize) -> &[(u32, u32)] {
        &self.by_item.entries[self.by_item.start[item]..self.by_item.start[item + 1]]
    }

    /// One random walk from the root to a leaf.
    pub fn probe(&mut self) -> Probe {
        self.probe_below(&[])
    }

    /// One random walk from the node the options of `prefix` lead to (taken in order, as
    /// the search would take them) down to a leaf: an estimate of that subtree.
    pub fn probe_below(&mut self, prefix: &[u32]) -> Probe {
        self.start_at(prefix);
        let (mut weight, mut nodes) = (1.0f64, 0.0f64);
        loop {
            let Some((item, d)) = self.choose() else {
                return Probe { nodes, solutions: weight };
            };
            if !(self.forced && d == 1) {
                nodes += weight;
            }
            if d == 0 {
                return Probe { nodes, solutions: 0.0 };
            }
            let k = self.below(d);
            let o = self.options_of(item).iter().filter(|(o, _)| self.alive[*o as usize]).nth(k).unwrap().0;
            weight *= d as f64;
            self.commit(o as usize);
        }
    }

    /// The item the search branches on below `prefix`, with its live options in option
    /// order; `None` at a solution or a dead end.
    pub fn branch_at(&mut self, prefix: &[u32]) -> Option<(u32, Vec<u32>)> {
        self.start_at(prefix);
        let (item, d) = self.choose()?;
        let live = self.options_of(item).iter().filter(|(o, _)| self.alive[*o as usize]).map(|(o, _)| *o).collect();
        (d > 0).then_some((item as u32, live))
    }

    /// Resets the walk to the root, then takes the options of `prefix` in order.
    fn start_at(&mut self, prefix: &[u32]) {
        self.alive.iter_mut().for_each(|a| *a = true);
        self.active.iter_mut().for_each(|a| *a = true);
        self.live.copy_from_slice(&self.live_at_root);
        for &o in prefix {
            self.commit(o as usize);
        }
    }

    /// The active primary item with the fewest live options (ties to the lowest id) and
    /// their number; `None` when no primary item is left (a solution).
    fn choose(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for i in (0..self.p.n_primary).filter(|&i| self.active[i]) {
            let d = self.live[i] as usize;
            if best.is_none_or(|(_, bd)| d < bd) {
                best = Some((i, d));
                if d == 0 {
                    break;
                }
            }
        }
        best
    }

    /// Takes option `o`: its items leave, options that clash with it die.
    fn commit(&mut self, o: usize) {
        let (from, to) = (self.p.option_start[o] as usize, self.p.option_start[o + 1] as usize);
        for e in &self.p.option_items[from..to] {
            let item = e.item.0 as usize;
            self.active[item] = false;
            let range = self.by_item.start[item]..self.by_item.start[item + 1];
            for k in range {
                let (other, colour) = self.by_item.entries[k];
                // A coloured secondary item keeps the options that agree on its colour.
                let agrees = item >= self.p.n_primary && e.colour.0 != 0 && colour == e.colour.0;
                if !agrees && self.alive[other as usize] {
                    self.alive[other as usize] = false;
                    let (from, to) = (
                        self.p.option_start[other as usize] as usize,
                        self.p.option_start[other as usize + 1] as usize,
                    );
                    for e in &self.p.option_items[from..to] {
                        self.live[e.item.0 as usize] -= 1;
                    }
                }
            }
        }
    }
}

impl Summary {
    fn of(xs: &[f64]) -> Summary {
        let n = xs.len() as f64;
        if xs.is_empty() {
            return Summary::default();
        }
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
        let sd = var.sqrt();
        let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Summary { mean, sd, std_error: sd / n.sqrt(), min, max }
    }
}

/// `probes` probes from `seed`; `None` for a problem with multiplicities.
pub fn estimate(p: &XccProblem, forced: bool, probes: u64, seed: u64) -> Option<Estimate> {
    let mut prober = Prober::new(p, forced, seed)?;
    let runs: Vec<Probe> = (0..probes).map(|_| prober.probe()).collect();
    Some(summarise(&runs))
}

/// How many probes must reach a solution before [`estimate_until`] stops.
pub const ENOUGH_HITS: u64 = 30;

/// Probes from `seed`, at least `least`, doubled until [`ENOUGH_HITS`] of them have reached
/// a solution or `most` were made. Where solutions lie on few paths (pentominoes: about one
/// probe in 3000 reaches one) a thousand probes usually see none, and their estimate of the
/// solutions is 0 with a spread of 0: unbiased, but no figure at all. The stopping rule
/// looks only at the count of hits, not at the estimates, and each probe is the same walk it
/// would be without it (one generator, probes in turn), so the output is the same for the
/// same seed.
pub fn estimate_until(p: &XccProblem, forced: bool, least: u64, most: u64, seed: u64) -> Option<Estimate> {
    let mut prober = Prober::new(p, forced, seed)?;
    let mut runs: Vec<Probe> = Vec::new();
    let mut target = least.min(most);
    loop {
        while (runs.len() as u64) < target {
            runs.push(prober.probe());
        }
        let hits = runs.iter().filter(|r| r.solutions > 0.0).count() as u64;
        if hits >= ENOUGH_HITS || target >= most {
            return Some(summarise(&runs));
        }
        target = (target * 2).min(most);
    }
}

/// The summary of a set of probes.
pub fn summarise(runs: &[Probe]) -> Estimate {
    let nodes: Vec<f64> = runs.iter().map(|r| r.nodes).collect();
    let solutions: Vec<f64> = runs.iter().map(|r| r.solutions).collect();
    Estimate {
        probes: runs.len() as u64,
        hits: solutions.iter().filter(|&&x| x > 0.0).count() as u64,
        nodes: Summary::of(&nodes),
        solutions: Summary::of(&solutions),
    }
}
