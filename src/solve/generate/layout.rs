//! Layouts drawn around a solution (`src/lower/layout.rs`): areas that split a board, and
//! tiles cut from a grid of edge labels. Plain cell indices only, like the rest of the
//! generator.
//!
//! *Areas.* [`partition`] grows `k` areas at once from seeds: each step takes a random cell
//! beside an area and gives it to a random neighbouring area that can take it (no count goes
//! over its bound), so every area stays connected by construction. When the first count
//! asks for at least one cell, the seeds are cells that count (a Star Battle's areas grow
//! from stars): with `k` areas and `k · lo` counted cells, areas that cannot take another
//! counted cell then end with exactly `lo`. A partition whose counts end outside their bounds
//! is refused (the caller draws again).
//!
//! [`repair`] is the step that makes the areas unique when they are not: given a second
//! solution of the puzzle the areas make, it moves a cell whose counted values differ between
//! the two solutions into a neighbouring area. The sampled solution keeps its counts (the
//! move is refused otherwise) and its areas stay connected; the second solution loses a
//! counted cell in one area and gains one in another, breaking a count whose bound is exact.
//! When no such cell can move, any cell that keeps those conditions moves instead. The caller
//! repeats while the puzzle has two solutions, within a bound.
use super::SplitMix64;

/// The geometry of the cells to split: `neighbours[i]`, the cells beside cell `i` by a
/// side (dense indices).
pub struct Geometry {
    pub neighbours: Vec<Vec<u32>>,
}

/// A count over areas, on one solution: `counted[i]` whether cell `i`'s value counts; an
/// area must hold `lo..=hi` counted cells.
pub struct Counted {
    pub counted: Vec<bool>,
    pub lo: usize,
    pub hi: usize,
}

/// `k` connected areas over the cells of `g` meeting every count of `counts` (on the sampled
/// solution): the area of each cell, or `None` when this draw did not meet them.
///
/// When the first count that asks for some cells asks for exactly `m > 1` of them (two stars
/// an area), growing `k` areas from `k` of the `k · m` counted cells rarely ends well (a
/// counted cell is left among full areas); instead `k · m` areas are grown, one from each
/// counted cell, and then joined `m` at a time ([`join`]).
pub fn partition(g: &Geometry, k: usize, counts: &[Counted], rng: &mut SplitMix64) -> Option<Vec<u32>> {
    if let Some(c) = counts.iter().find(|c| c.lo > 0)
        && c.lo == c.hi
        && c.lo > 1
    {
        let m = c.lo;
        let one = [Counted { counted: c.counted.clone(), lo: 1, hi: 1 }];
        let fine = grow(g, k * m, &one, rng)?;
        let area = join(g, &fine, k * m, m, rng)?;
        let met = counts.iter().all(|c| {
            let mut held = vec![0usize; k];
            for (i, &a) in area.iter().enumerate() {
                held[a as usize] += usize::from(c.counted[i]);
            }
            held.iter().all(|x| (c.lo..=c.hi).contains(x))
        });
        return met.then_some(area);
    }
    grow(g, k, counts, rng)
}

/// The `fine` areas (`n` of them) joined `m` at a time into connected areas: each group
/// starts from the free area with the fewest free neighbours and takes free neighbours of the
/// group at random. `None` when a group cannot be completed.
fn join(g: &Geometry, fine: &[u32], n: usize, m: usize, rng: &mut SplitMix64) -> Option<Vec<u32>> {
    let mut beside = vec![Vec::<u32>::new(); n];
    for (i, near) in g.neighbours.iter().enumerate() {
        for &j in near {
            let (a, b) = (fine[i], fine[j as usize]);
            if a != b && !beside[a as usize].contains(&b) {
                beside[a as usize].push(b);
            }
        }
    }
    for b in &mut beside {
        b.sort_unstable();
    }
    const FREE: u32 = u32::MAX;
    let mut group = vec![FREE; n];
    for next in 0..(n / m) as u32 {
        let free = |a: usize, group: &[u32]| beside[a].iter().filter(|&&b| group[b as usize] == FREE).count();
        let start = (0..n).filter(|&a| group[a] == FREE).min_by_key(|&a| (free(a, &group), rng.below(n)))?;
        group[start] = next;
        let mut members = vec![start as u32];
        while members.len() < m {
            let mut near: Vec<u32> = members
                .iter()
                .flat_map(|&a| beside[a as usize].iter().copied())
                .filter(|&b| group[b as usize] == FREE)
                .collect();
            near.sort_unstable();
            near.dedup();
            if near.is_empty() {
                return None;
            }
            let b = near[rng.below(near.len())];
            group[b as usize] = next;
            members.push(b);
        }
    }
    fine.iter().map(|&a| Some(group[a as usize]).filter(|&x| x != FREE)).collect()
}

/// `k` areas grown from seeds (see [`partition`]).
fn grow(g: &Geometry, k: usize, counts: &[Counted], rng: &mut SplitMix64) -> Option<Vec<u32>> {
    let n = g.neighbours.len();
    if k == 0 || k > n {
        return None;
    }
    const FREE: u32 = u32::MAX;
    let mut area = vec![FREE; n];
    let mut held = vec![vec![0usize; k]; counts.len()];
    // Seeds: counted cells of the first count that asks for some, else any cells.
    let mut pool: Vec<u32> = match counts.iter().find(|c| c.lo > 0) {
        Some(c) => (0..n as u32).filter(|&i| c.counted[i as usize]).collect(),
        None => (0..n as u32).collect(),
    };
    if pool.len() < k {
        return None;
    }
    rng.shuffle(&mut pool);
    for (a, &cell) in pool[..k].iter().enumerate() {
        area[cell as usize] = a as u32;
        for (j, c) in counts.iter().enumerate() {
            held[j][a] += usize::from(c.counted[cell as usize]);
        }
    }
    if held.iter().zip(counts).any(|(h, c)| h.iter().any(|&x| x > c.hi)) {
        return None;
    }
    let mut left = n - k;
    let mut fits: Vec<u32> = Vec::new();
    while left > 0 {
        // The free cells beside an area, in index order, then one at random.
        let frontier: Vec<u32> = (0..n as u32)
            .filter(|&i| area[i as usize] == FREE && g.neighbours[i as usize].iter().any(|&m| area[m as usize] != FREE))
            .collect();
        let mut placed = false;
        let mut order = frontier;
        rng.shuffle(&mut order);
        for cell in order {
            fits.clear();
            for &m in &g.neighbours[cell as usize] {
                let a = area[m as usize];
                if a == FREE || fits.contains(&a) {
                    continue;
                }
                let ok = counts
                    .iter()
                    .enumerate()
                    .all(|(j, c)| held[j][a as usize] + usize::from(c.counted[cell as usize]) <= c.hi);
                if ok {
                    fits.push(a);
                }
            }
            if fits.is_empty() {
                continue;
            }
            fits.sort_unstable();
            let a = fits[rng.below(fits.len())];
            area[cell as usize] = a;
            for (j, c) in counts.iter().enumerate() {
                held[j][a as usize] += usize::from(c.counted[cell as usize]);
            }
            left -= 1;
            placed = true;
            break;
        }
        if !placed {
            return None;
        }
    }
    let met = held.iter().zip(counts).all(|(h, c)| h.iter().all(|&x| (c.lo..=c.hi).contains(&x)));
    met.then_some(area)
}

/// Moves one cell of `area` to a neighbouring area so that the second solution (`other`,
/// counts on it) no longer fits while the sampled one (`counts`) still does; `false` when
/// no cell can move.
pub fn repair(g: &Geometry, area: &mut [u32], counts: &[Counted], other: &[Vec<bool>], rng: &mut SplitMix64) -> bool {
    let n = area.len();
    let differs: Vec<u32> = (0..n as u32)
        .filter(|&i| counts.iter().zip(other).any(|(c, o)| c.counted[i as usize] != o[i as usize]))
        .collect();
    let mut all: Vec<u32> = (0..n as u32).collect();
    for mut cells in [differs, std::mem::take(&mut all)] {
        rng.shuffle(&mut cells);
        for cell in cells {
            if let Some(to) = a_move(g, area, counts, cell, rng) {
                area[cell as usize] = to;
                return true;
            }
        }
    }
    false
}

/// A neighbouring area `cell` can move to: its own area stays connected and not empty, and
/// both areas keep the sampled solution's counts in bounds.
fn a_move(g: &Geometry, area: &[u32], counts: &[Counted], cell: u32, rng: &mut SplitMix64) -> Option<u32> {
    let from = area[cell as usize];
    let mut to: Vec<u32> =
        g.neighbours[cell as usize].iter().map(|&m| area[m as usize]).filter(|&a| a != from).collect();
    to.sort_unstable();
    to.dedup();
    if to.is_empty() {
        return None;
    }
    let held = |a: u32, c: &Counted| (0..area.len()).filter(|&i| area[i] == a && c.counted[i]).count();
    let w = |c: &Counted| usize::from(c.counted[cell as usize]);
    if counts.iter().any(|c| w(c) > 0 && held(from, c) - w(c) < c.lo) {
        return None;
    }
    to.retain(|&a| counts.iter().all(|c| held(a, c) + w(c) <= c.hi));
    if to.is_empty() || !connected_without(g, area, from, cell) {
        return None;
    }
    Some(to[rng.below(to.len())])
}

/// Whether area `a` without `cell` is connected and not empty.
fn connected_without(g: &Geometry, area: &[u32], a: u32, cell: u32) -> bool {
    let members: Vec<u32> = (0..area.len() as u32).filter(|&i| area[i as usize] == a && i != cell).collect();
    let Some(&start) = members.first() else { return false };
    let mut seen = vec![false; area.len()];
    seen[start as usize] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for &m in &g.neighbours[i as usize] {
            if m != cell && area[m as usize] == a && !seen[m as usize] {
                seen[m as usize] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == members.len()
}

/// The areas of the cells `inside` (joined by sides): the area of each cell (`u32::MAX`
/// outside) and the cells of each area, in order of their first cell.
pub fn components(g: &Geometry, inside: &[bool]) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut area = vec![u32::MAX; inside.len()];
    let mut areas: Vec<Vec<u32>> = Vec::new();
    for start in 0..inside.len() {
        if !inside[start] || area[start] != u32::MAX {
            continue;
        }
        let id = areas.len() as u32;
        area[start] = id;
        let mut members = vec![start as u32];
        let mut k = 0;
        while k < members.len() {
            let i = members[k] as usize;
            k += 1;
            for &m in &g.neighbours[i] {
                if inside[m as usize] && area[m as usize] == u32::MAX {
                    area[m as usize] = id;
                    members.push(m);
                }
            }
        }
        areas.push(members);
    }
    (area, areas)
}

/// Moves the clue of one area (`clue[a]`: the cell holding area `a`'s clue) to a cell of the
/// area that the second solution leaves out (`other_inside[c]` false): that solution then has
/// a clue outside its areas and no longer fits. `false` when no area has such a cell.
pub fn move_clue(area: &[u32], clue: &mut [u32], other_inside: &[bool], rng: &mut SplitMix64) -> bool {
    let cells: Vec<u32> = (0..area.len() as u32)
        .filter(|&c| area[c as usize] != u32::MAX && !other_inside[c as usize] && clue[area[c as usize] as usize] != c)
        .collect();
    if cells.is_empty() {
        return false;
    }
    let c = cells[rng.below(cells.len())];
    clue[area[c as usize] as usize] = c;
    true
}

/// A grid of edge labels: every side between two cells gets one random label of
/// `0..labels`, every side on the outline its own; per cell, its labels (top, right, bottom,
/// left), the cell's tile. `sides[i]`: the cell beside cell `i` above, right, below, left
/// (`None` on the outline).
pub fn edge_labels(sides: &[[Option<u32>; 4]], labels: usize, rng: &mut SplitMix64) -> Vec<[usize; 4]> {
    let n = sides.len();
    let mut tile = vec![[usize::MAX; 4]; n];
    for i in 0..n {
        for s in 0..4 {
            if tile[i][s] != usize::MAX {
                continue;
            }
            let l = rng.below(labels);
            tile[i][s] = l;
            // The same side seen from the cell beside: its opposite side.
            if let Some(m) = sides[i][s] {
                tile[m as usize][(s + 2) % 4] = l;
            }
        }
    }
    tile
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: usize) -> Geometry {
        let mut neighbours = vec![Vec::new(); n * n];
        for r in 0..n {
            for c in 0..n {
                let i = r * n + c;
                if r > 0 {
                    neighbours[i].push((i - n) as u32);
                }
                if c > 0 {
                    neighbours[i].push((i - 1) as u32);
                }
                if c + 1 < n {
                    neighbours[i].push((i + 1) as u32);
                }
                if r + 1 < n {
                    neighbours[i].push((i + n) as u32);
                }
            }
        }
        Geometry { neighbours }
    }

    #[test]
    fn areas_are_connected_and_hold_one_counted_cell_each() {
        let g = square(6);
        // The counted cells: a diagonal.
        let counted: Vec<bool> = (0..36).map(|i| i / 6 == i % 6).collect();
        let counts = [Counted { counted, lo: 1, hi: 1 }];
        for seed in 0..20 {
            let area = partition(&g, 6, &counts, &mut SplitMix64::new(seed)).expect("one star per area can grow");
            for a in 0..6u32 {
                let members: Vec<usize> = (0..36).filter(|&i| area[i] == a).collect();
                assert_eq!(members.iter().filter(|&&i| counts[0].counted[i]).count(), 1);
                // Connected: area a with a cell that is not in it removed is area a.
                assert!(connected_without(&g, &area, a, u32::MAX));
            }
        }
    }

    #[test]
    fn tiles_agree_on_every_shared_side() {
        let n = 3;
        let sides: Vec<[Option<u32>; 4]> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                [
                    (r > 0).then(|| (i - n) as u32),
                    (c + 1 < n).then(|| (i + 1) as u32),
                    (r + 1 < n).then(|| (i + n) as u32),
                    (c > 0).then(|| (i - 1) as u32),
                ]
            })
            .collect();
        let mut rng = SplitMix64::new(5);
        let t = edge_labels(&sides, 10, &mut rng);
        assert_eq!(t.len(), 9);
        for (i, s) in sides.iter().enumerate() {
            for (side, m) in s.iter().enumerate() {
                if let Some(m) = m {
                    assert_eq!(t[i][side], t[*m as usize][(side + 2) % 4], "cell {i} side {side}");
                }
            }
        }
        // Random labels: not all the same.
        assert!(t.iter().flatten().any(|&l| l != t[0][0]));
        assert!(t.iter().all(|x| x.iter().all(|&l| l < 10)));
    }
}
