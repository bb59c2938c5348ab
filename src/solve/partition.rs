//! Cutting an exact-cover search into independent parts (`puzc split`), to be solved apart
//! (`solve --part`, on other cores or machines) and added up (`puzc merge`).
//!
//! A *piece* is a node near the top of the search tree, named by the options taken on the way
//! down from the root (each the choice of the item the search branches on there). Pieces are
//! made by expanding the root, then again and again the piece with the largest estimated
//! subtree (Knuth's probes, `estimate.rs`), until there are [`PIECES_PER_PART`] per part and
//! none holds more than a fraction of the whole; no piece lies below another, and every
//! branch is kept, so every solution lies below exactly one piece. The pieces, in the order
//! the search visits them, are then cut into runs of about equal estimated size: a part is a
//! run of pieces, and the parts in order visit the tree in the order one search would.
//!
//! A piece is solved as the problem [`restrict`]ed to its options: its solutions are the
//! whole problem's solutions that contain them.
use crate::ir::xcc::{ItemKind, OptionId, XccProblem};
use crate::solve::estimate::Prober;
use crate::solve::xcc::{self, Branching, Flow, Limits, Stats, Stop};

mod cut;
pub use cut::{Fault, PieceAt, check_cut};

/// Pieces made per part: enough that cutting the run of pieces into parts evens them out.
pub const PIECES_PER_PART: usize = 8;
/// At most this many pieces per part are made, however uneven the tree.
const MAX_PIECES_PER_PART: usize = 64;
/// Probes per piece for its estimate in `puzc split`'s manifest: a rough size is enough to
/// balance the parts.
pub const PROBES_PER_PIECE: usize = 32;

/// A node of the search tree: the options taken from the root, and the estimated number of
/// nodes of the subtree below it.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub choices: Vec<OptionId>,
    pub estimate: f64,
}

/// Pieces in visiting order, cut into `parts` runs of about equal estimated size (a run may
/// be empty when the tree has fewer pieces than parts), each piece sized by `probes` probes.
/// `None` for a problem with multiplicities, which the probes do not walk.
pub fn split(p: &XccProblem, parts: usize, probes: usize, seed: u64) -> Option<Vec<Vec<Piece>>> {
    let probes = probes.max(1);
    let mut prober = Prober::new(p, true, seed)?;
    let estimate = |prober: &mut Prober, choices: &[OptionId]| {
        let prefix: Vec<u32> = choices.iter().map(|o| o.0).collect();
        (0..probes).map(|_| prober.probe_below(&prefix).nodes).sum::<f64>() / probes as f64
    };
    // (piece, whether it can be expanded: not a solution or a dead end).
    let mut pieces = vec![(Piece { choices: Vec::new(), estimate: estimate(&mut prober, &[]) }, true)];
    let parts = parts.max(1);
    loop {
        let total: f64 = pieces.iter().map(|(p, _)| p.estimate).sum();
        let largest = pieces.iter().enumerate().filter(|(_, (_, open))| *open).max_by(|a, b| {
            a.1.0.estimate.total_cmp(&b.1.0.estimate).then(b.0.cmp(&a.0)) // ties to the first
        });
        let Some((at, (big, _))) = largest else { break };
        let enough = pieces.len() >= PIECES_PER_PART * parts && big.estimate <= total / (2 * parts) as f64;
        if enough || pieces.len() >= MAX_PIECES_PER_PART * parts {
            break;
        }
        let prefix: Vec<u32> = big.choices.iter().map(|o| o.0).collect();
        let Some((_, options)) = prober.branch_at(&prefix) else {
            pieces[at].1 = false;
            continue;
        };
        let parent = pieces[at].0.choices.clone();
        let children: Vec<(Piece, bool)> = options
            .into_iter()
            .map(|o| {
                let mut choices = parent.clone();
                choices.push(OptionId(o));
                let estimate = estimate(&mut prober, &choices);
                (Piece { choices, estimate }, true)
            })
            .collect();
        pieces.splice(at..=at, children);
    }
    Some(cut(pieces.into_iter().map(|(p, _)| p).collect(), parts))
}

/// Cuts pieces in order into `parts` runs: a piece goes to the part its midpoint on the
/// running total falls in.
fn cut(pieces: Vec<Piece>, parts: usize) -> Vec<Vec<Piece>> {
    let total: f64 = pieces.iter().map(|p| p.estimate).sum();
    let mut out = vec![Vec::new(); parts];
    let mut before = 0.0;
    for (k, piece) in pieces.into_iter().enumerate() {
        let mid = before + piece.estimate / 2.0;
        before += piece.estimate;
        let part = if total > 0.0 { (mid / total * parts as f64) as usize } else { k };
        out[part.min(parts - 1)].push(piece);
    }
    out
}

/// `p` with only the options that agree with all of `choices` (those themselves included):
/// its solutions are `p`'s solutions that contain every one of `choices`. Returns the problem
/// and, per option of it, the option of `p` it is.
///
/// An option agrees with a chosen one when they share no primary item covered at most once
/// and no secondary item unless both give it the same colour (an item that may be covered
/// more than once can be shared). A chosen option is then the only one left on each of its
/// primary items covered once, so every solution takes it when it has one.
pub fn restrict(p: &XccProblem, choices: &[OptionId]) -> (XccProblem, Vec<OptionId>) {
    // The colour each chosen option gives each of its items (`Some(0)`: claimed outright).
    let mut taken: Vec<Option<u32>> = vec![None; p.items.len()];
    for &c in choices {
        for e in p.option(c) {
            if !matches!(p.items[e.item.0 as usize].kind, ItemKind::Primary { hi: 2.., .. }) {
                taken[e.item.0 as usize] = Some(e.colour.0);
            }
        }
    }
    let agrees = |o: OptionId| {
        choices.contains(&o)
            || p.option(o).iter().all(|e| match taken[e.item.0 as usize] {
                None => true,
                Some(colour) => {
                    matches!(p.items[e.item.0 as usize].kind, ItemKind::Secondary)
                        && colour != 0
                        && colour == e.colour.0
                }
            })
    };
    let mut q = XccProblem { option_names: Vec::new(), option_start: vec![0], option_items: Vec::new(), ..p.clone() };
    let mut original = Vec::new();
    for o in (0..p.option_count()).map(|o| OptionId(o as u32)).filter(|&o| agrees(o)) {
        q.option_items.extend_from_slice(p.option(o));
        q.option_start.push(q.option_items.len() as u32);
        q.option_names.push(p.option_names[o.0 as usize].clone());
        original.push(o);
    }
    q.globals = p.globals.iter().map(|g| g.renumbered(&original)).collect();
    (q, original)
}

/// Solves the pieces of a part one after another, calling `on_solution` with each solution
/// in `p`'s option ids. `limits` hold for the part as a whole: the node limit counts the
/// nodes of all pieces, the deadline is one instant.
pub fn solve_pieces(
    p: &XccProblem,
    pieces: &[Vec<OptionId>],
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    let mut total = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
    let mut original = Vec::new();
    for piece in pieces {
        let (q, map) = restrict(p, piece);
        let mut left = limits.clone();
        left.max_nodes = limits.max_nodes.map(|m| m.saturating_sub(total.nodes));
        left.max_solutions = limits.max_solutions.map(|m| m.saturating_sub(total.solutions));
        let stats = xcc::solve_with(&q, &left, branching, &mut |chosen| {
            original.clear();
            original.extend(chosen.iter().map(|o| map[o.0 as usize]));
            on_solution(&original)
        });
        total.nodes += stats.nodes;
        total.solutions += stats.solutions;
        if stats.stop != Stop::Exhausted {
            total.stop = stats.stop;
            break;
        }
    }
    total
}

/// FNV-1a, 64 bits, over bytes fed in turn: stable across runs, machines and Rust versions.
/// A fingerprint against mistakes (a file of another problem, a file edited or damaged), not
/// against someone who recomputes it.
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// A number, as 8 bytes.
    pub fn number(&mut self, n: u64) {
        self.eat(&n.to_le_bytes());
    }

    /// A string, after its length (so that `ab`,`c` and `a`,`bc` differ).
    pub fn word(&mut self, s: &str) {
        self.number(s.len() as u64);
        self.eat(s.as_bytes());
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// A fingerprint of the problem (items, their kinds, options, colours): a manifest's parts
/// name options by number, so they apply only to the very problem they were made from.
pub fn fingerprint(p: &XccProblem) -> u64 {
    let mut h = Fnv::default();
    h.number(p.items.len() as u64);
    h.number(p.n_primary as u64);
    for it in &p.items {
        h.word(&it.name);
        let (lo, hi) = match it.kind {
            ItemKind::Primary { lo, hi } => (lo, hi),
            ItemKind::Secondary => (u32::MAX, u32::MAX),
        };
        h.eat(&lo.to_le_bytes());
        h.eat(&hi.to_le_bytes());
    }
    for c in &p.colour_names {
        h.word(c);
    }
    h.number(p.option_count() as u64);
    for o in 0..p.option_count() {
        h.word(&p.option_names[o]);
        for e in p.option(OptionId(o as u32)) {
            h.eat(&e.item.0.to_le_bytes());
            h.eat(&e.colour.0.to_le_bytes());
        }
        h.eat(b";");
    }
    h.finish()
}

/// A fingerprint of a cut: its parts in order, each part's pieces, each piece's options. Part
/// files carry it, so `puzc merge` adds only parts of one and the same (checked) cut.
pub fn cut_fingerprint(parts: &[Vec<Vec<u32>>]) -> u64 {
    let mut h = Fnv::default();
    h.number(parts.len() as u64);
    for part in parts {
        h.number(part.len() as u64);
        for piece in part {
            h.number(piece.len() as u64);
            piece.iter().for_each(|&o| h.eat(&o.to_le_bytes()));
        }
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::fixtures::queens;

    /// Every solution, as sorted original option ids, in the order found.
    fn solutions(p: &XccProblem, map: &[OptionId]) -> Vec<Vec<OptionId>> {
        let mut out = Vec::new();
        xcc::solve(p, &Limits::default(), &mut |s| {
            let mut s: Vec<OptionId> = s.iter().map(|o| map[o.0 as usize]).collect();
            s.sort();
            out.push(s);
            Flow::Continue
        });
        out
    }

    /// The parts' solutions, one after another, are the whole problem's, each once, in the
    /// order one search finds them; for several numbers of parts, some deeper than the root.
    #[test]
    fn parts_hold_every_solution_once_in_order() {
        let p = queens(8);
        let identity: Vec<OptionId> = (0..p.option_count() as u32).map(OptionId).collect();
        let whole = solutions(&p, &identity);
        assert_eq!(whole.len(), 92);
        for parts in [1, 2, 5, 16] {
            let split = split(&p, parts, PROBES_PER_PIECE, 1).unwrap();
            assert_eq!(split.len(), parts);
            assert!(split.iter().flatten().any(|piece| piece.choices.len() > 1) || parts < 2, "{parts}: root only");
            let mut joined = Vec::new();
            for piece in split.iter().flatten() {
                let (q, map) = restrict(&p, &piece.choices);
                joined.extend(solutions(&q, &map));
            }
            assert_eq!(joined, whole, "{parts} parts");
        }
    }

    #[test]
    fn fingerprints_tell_problems_apart() {
        assert_eq!(fingerprint(&queens(6)), fingerprint(&queens(6)));
        assert_ne!(fingerprint(&queens(6)), fingerprint(&queens(7)));
        let mut q = queens(6);
        q.option_names[3] = "other".into();
        assert_ne!(fingerprint(&q), fingerprint(&queens(6)));
    }
}
