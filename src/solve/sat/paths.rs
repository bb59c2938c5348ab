//! Paths with labelled ends as clauses, over the graph the paths run on rather than over
//! the options: a variable per side ("the side is used") and per node and colour ("the
//! node carries the colour"), as SAT encodings of Numberlink usually are. A solver learns
//! clauses in these words; over the options alone (`--emit dimacs`) MiniSat found no
//! answer to Janko's 15×15 Arukone 025 in 100 s, over sides and colours it proved it
//! unique in a fraction of a second.
//!
//! [`Paths::new`] reads the problem's nodes and sides off its `Global::Loop` (with `paths`)
//! and takes it only when every option is one node's *way*: the node's item, and each side
//! at the node either off or in the option's one colour. Then each node's ways are what
//! the clauses allow it, exactly:
//! - how many sides it uses: one (a path's end), two (a node on every path), or none or two
//!   (a node that may be free); "used" nodes carry exactly one colour;
//! - a used side carries the colour of both its nodes;
//! - a way (sides used, colour) that the node has no option for is forbidden by a clause.
//!
//! A model is read back as one option per node ([`Paths::options`]). What the clauses do
//! not say is that no path closes on itself: a model with closed cycles is refused by a
//! clause per cycle (not all of its sides) and the solver asked again ([`Paths::cycles`]).
//!
//! For a `--unique` search of shortest solutions ([`XccProblem::induced`],
//! `solve/xcc/shortcut.rs`: each path a shortest way through the nodes the others leave,
//! ties broken by the nodes used), clauses cut solutions that are not shortest:
//! - a path does not touch itself: two nodes beside each other carrying one colour use the
//!   side between them (as `cells/global/joinable.rs` does during the dancing-cells search);
//! - a path does not go around a free node `f`: when two neighbours `a` and `b` of `f`, not
//!   beside each other, carry one colour, the stretch of that path between them has two
//!   sides only through a third node `m` beside both, carrying the colour too; without
//!   such an `m` the stretch is longer, and `a`, `f`, `b` would shorten it. With one, the
//!   two ways are equally short: the way through the lower-numbered of `f` and `m` is kept
//!   (the tie-break of `shortcut.rs`), so `m` escapes the clause only when `m < f`.
use batsat::{Lit, SolverInterface, lbool};
use rustc_hash::FxHashMap;

use crate::ir::xcc::{Colour, Global, ItemKind, OptionId, XccProblem};

/// The clauses of a problem's paths in a solver, and how to read its models.
pub struct Paths {
    /// Per side, its two nodes and its variable.
    ends: Vec<[u32; 2]>,
    used: Vec<Lit>,
    /// Per node, its sides (at most eight), in order.
    sides: Vec<Vec<u32>>,
    /// Per node, the colours it may carry with their variables.
    carries: Vec<Vec<(Colour, Lit)>>,
    /// `(node, sides used as a mask over its sides, colour)` → the option of that way.
    way: FxHashMap<(u32, u8, Colour), OptionId>,
    /// Per node that may be free, the literal "it carries a colour".
    on_a_path: Vec<Lit>,
    pub clauses: u64,
}

impl Paths {
    /// The clauses of `p`'s paths added to `solver`, or `None` when `p` is not only paths
    /// (see the module doc).
    pub fn new(p: &XccProblem, solver: &mut impl SolverInterface) -> Option<Paths> {
        let [Global::Loop { area, sides, off, paths: true, .. }] = &p.globals[..] else { return None };
        let n = area.nodes();
        let mut node_of = vec![u32::MAX; p.items.len()];
        for (v, item) in area.node_item.iter().enumerate() {
            node_of[item.0 as usize] = v as u32;
        }
        let every_primary_a_node = (0..p.n_primary).all(|i| node_of[i] != u32::MAX);
        let once = p.items[..p.n_primary].iter().all(|i| i.kind == ItemKind::Primary { lo: 1, hi: 1 });
        if !every_primary_a_node || !once {
            return None;
        }
        let mut side_of = FxHashMap::default();
        let mut at: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (s, (item, [u, w])) in sides.iter().enumerate() {
            side_of.insert(item.0, s as u32);
            at[*u as usize].push(s as u32);
            at[*w as usize].push(s as u32);
        }
        if at.iter().any(|a| a.len() > 8) {
            return None;
        }
        // Each option as a way of its node.
        let mut way = FxHashMap::default();
        let mut colours: Vec<Vec<Colour>> = vec![Vec::new(); n];
        let mut degrees = vec![0u8; n]; // a bit per number of sides used
        for o in 0..p.option_count() {
            let entries = p.option(OptionId(o as u32));
            let mut nodes = entries.iter().map(|e| node_of[e.item.0 as usize]).filter(|&v| v != u32::MAX);
            let (Some(v), None) = (nodes.next(), nodes.next()) else { return None };
            let mine = &at[v as usize];
            let (mut mask, mut colour, mut seen) = (0u8, Colour::NONE, 0usize);
            for e in entries {
                if node_of[e.item.0 as usize] == v {
                    continue;
                }
                let s = *side_of.get(&e.item.0)?;
                let slot = mine.iter().position(|&x| x == s)?;
                seen += 1;
                if e.colour != *off {
                    if colour != Colour::NONE && colour != e.colour {
                        return None;
                    }
                    colour = e.colour;
                    mask |= 1 << slot;
                }
            }
            if seen != mine.len() || way.insert((v, mask, colour), OptionId(o as u32)).is_some() {
                return None;
            }
            degrees[v as usize] |= 1 << mask.count_ones();
            if colour != Colour::NONE && !colours[v as usize].contains(&colour) {
                colours[v as usize].push(colour);
            }
        }
        let used: Vec<Lit> = sides.iter().map(|_| Lit::new(solver.new_var_default(), true)).collect();
        let carries: Vec<Vec<(Colour, Lit)>> = colours
            .iter()
            .map(|cs| cs.iter().map(|&c| (c, Lit::new(solver.new_var_default(), true))).collect())
            .collect();
        let ends = sides.iter().map(|(_, e)| *e).collect();
        let mut paths = Paths { ends, used, sides: at, carries, way, on_a_path: Vec::new(), clauses: 0 };
        for (v, &d) in degrees.iter().enumerate() {
            paths.node(solver, v, d)?;
        }
        paths.sides_agree(solver);
        if p.induced {
            paths.shortest(solver);
        }
        Some(paths)
    }

    fn add(&mut self, solver: &mut impl SolverInterface, mut clause: Vec<Lit>) {
        self.clauses += 1;
        solver.add_clause_reuse(&mut clause);
    }

    /// Node `v`'s ways: `degrees` has a bit per number of sides its options use.
    fn node(&mut self, solver: &mut impl SolverInterface, v: usize, degrees: u8) -> Option<()> {
        let e: Vec<Lit> = self.sides[v].iter().map(|&s| self.used[s as usize]).collect();
        let x: Vec<Lit> = self.carries[v].iter().map(|&(_, l)| l).collect();
        // At most one colour.
        for (i, &a) in x.iter().enumerate() {
            for &b in &x[i + 1..] {
                self.add(solver, vec![!a, !b]);
            }
        }
        // How many sides: at most the most any option uses, and at least one or two.
        let most = match degrees {
            0b010 => 1,
            0b100 | 0b101 => 2,
            _ => return None, // not a path's ways
        };
        for_each_subset(e.len(), most + 1, &mut |t| self.add(solver, t.iter().map(|&i| !e[i]).collect()));
        // "Used": carries a colour. A free node (no sides) carries none; a used one has at
        // least `most` sides.
        let carry_any = |extra: Vec<Lit>| extra.into_iter().chain(x.iter().copied()).collect::<Vec<Lit>>();
        if degrees & 1 == 0 {
            self.add(solver, carry_any(vec![]));
        } else {
            let on = Lit::new(solver.new_var_default(), true);
            self.add(solver, carry_any(vec![!on]));
            for &xj in &x {
                self.add(solver, vec![!xj, on]);
            }
            self.on_a_path.push(on);
        }
        for &xj in &x {
            // A colour needs `most` sides: no `len - most + 1` of them all unused.
            for_each_subset(e.len(), e.len() + 1 - most, &mut |t| {
                let mut c: Vec<Lit> = t.iter().map(|&i| e[i]).collect();
                c.push(!xj);
                self.add(solver, c)
            });
        }
        for &ei in &e {
            self.add(solver, carry_any(vec![!ei]));
        }
        // Ways the node has no option for.
        for mask in 0u32..1 << e.len() {
            if mask.count_ones() as usize != most {
                continue;
            }
            let pattern: Vec<Lit> = (0..e.len()).map(|i| if mask >> i & 1 == 1 { !e[i] } else { e[i] }).collect();
            for &(c, xj) in &self.carries[v].clone() {
                if !self.way.contains_key(&(v as u32, mask as u8, c)) {
                    let mut clause = pattern.clone();
                    clause.push(!xj);
                    self.add(solver, clause);
                }
            }
        }
        Some(())
    }

    /// A used side carries the colour of both its nodes.
    fn sides_agree(&mut self, solver: &mut impl SolverInterface) {
        for s in 0..self.ends.len() {
            let [u, w] = self.ends[s];
            for (a, b) in [(u, w), (w, u)] {
                for &(c, xa) in &self.carries[a as usize].clone() {
                    let mut clause = vec![!self.used[s], !xa];
                    if let Some(xb) = self.carry(b, c) {
                        clause.push(xb);
                    }
                    self.add(solver, clause);
                }
            }
        }
    }

    fn carry(&self, v: u32, c: Colour) -> Option<Lit> {
        self.carries[v as usize].iter().find(|&&(x, _)| x == c).map(|&(_, l)| l)
    }

    /// Node `v`'s neighbours, by side.
    fn neighbours(&self, v: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.sides[v as usize].iter().map(move |&s| {
            let [a, b] = self.ends[s as usize];
            (if a == v { b } else { a }, s)
        })
    }

    /// The clauses that cut solutions that are not shortest (see the module doc).
    fn shortest(&mut self, solver: &mut impl SolverInterface) {
        let n = self.sides.len();
        for s in 0..self.ends.len() {
            let [u, w] = self.ends[s];
            for &(c, xu) in &self.carries[u as usize].clone() {
                if let Some(xw) = self.carry(w, c) {
                    self.add(solver, vec![!xu, !xw, self.used[s]]);
                }
            }
        }
        let beside = |me: &Paths, a: u32, b: u32| me.neighbours(a).any(|(x, _)| x == b);
        for f in 0..n as u32 {
            let around: Vec<u32> = self.neighbours(f).map(|(x, _)| x).collect();
            // Free: carries no colour (a node that must carry one has no detour rule).
            let carry_f: Vec<Lit> = self.carries[f as usize].iter().map(|&(_, l)| l).collect();
            for (k, &a) in around.iter().enumerate() {
                for &b in &around[k + 1..] {
                    if beside(self, a, b) {
                        continue;
                    }
                    let both: Vec<u32> =
                        self.neighbours(a).map(|(m, _)| m).filter(|&m| m != f && beside(self, m, b)).collect();
                    if both.len() > 1 {
                        continue; // two other ways of two sides: not followed
                    }
                    let m = both.first().copied();
                    for &(c, xa) in &self.carries[a as usize].clone() {
                        let Some(xb) = self.carry(b, c) else { continue };
                        let mut clause = vec![!xa, !xb];
                        clause.extend(carry_f.iter().copied());
                        // With `m` carrying the colour the two ways are equally short; the
                        // one through the lower-numbered node is kept (see the module doc).
                        if let Some(xm) = m.filter(|&m| m < f).and_then(|m| self.carry(m, c)) {
                            clause.push(xm);
                        }
                        self.add(solver, clause);
                    }
                }
            }
        }
    }

    /// "Every node that may be free is on a path": assumed while looking for a first
    /// solution (see `sat/mod.rs`).
    pub fn every_node_on_a_path(&self) -> Vec<Lit> {
        self.on_a_path.clone()
    }

    /// The model's way at each node, as the options chosen.
    pub fn options(&self, solver: &impl SolverInterface) -> Option<Vec<OptionId>> {
        let on = |l: Lit| solver.value_lit(l) == lbool::TRUE;
        (0..self.sides.len())
            .map(|v| {
                let mask =
                    self.sides[v].iter().enumerate().fold(0u8, |m, (i, &s)| m | (on(self.used[s as usize]) as u8) << i);
                let colour = self.carries[v].iter().find(|&&(_, l)| on(l)).map_or(Colour::NONE, |&(c, _)| c);
                self.way.get(&(v as u32, mask, colour)).copied()
            })
            .collect()
    }

    /// Per closed cycle of the model's used sides, the clause refusing it (not all of its
    /// sides used).
    pub fn cycles(&self, solver: &impl SolverInterface) -> Vec<Vec<Lit>> {
        let on = |s: u32| solver.value_lit(self.used[s as usize]) == lbool::TRUE;
        let n = self.sides.len();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for start in 0..n as u32 {
            if seen[start as usize] {
                continue;
            }
            seen[start as usize] = true;
            // A component of used sides is closed when each of its nodes uses two.
            let (mut stack, mut comp, mut closed) = (vec![start], Vec::new(), true);
            while let Some(v) = stack.pop() {
                let mut degree = 0;
                for (w, s) in self.neighbours(v).filter(|&(_, s)| on(s)) {
                    degree += 1;
                    // Each side once: from its first node.
                    if self.ends[s as usize][0] == v {
                        comp.push(s);
                    }
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        stack.push(w);
                    }
                }
                closed &= degree == 2;
            }
            if closed && !comp.is_empty() {
                out.push(comp.iter().map(|&s| !self.used[s as usize]).collect());
            }
        }
        out
    }

    /// The clause refusing the model's used sides exactly (the next model is another
    /// solution: the sides used say the paths, their colours follow from the ends).
    pub fn refuse(&self, solver: &impl SolverInterface) -> Vec<Lit> {
        self.used.iter().map(|&l| if solver.value_lit(l) == lbool::TRUE { !l } else { l }).collect()
    }
}

/// Calls `f` with each `k`-subset of `0..n`, in increasing order.
fn for_each_subset(n: usize, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k > n {
        return;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        f(&pick);
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else { return };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}
