//! Rules on the cells of each region (`the '#' cells of each area are connected`, `no two
//! congruent shapes of '#' in area touch`, `no line of '.' cells crosses k borders of area`)
//! and counts in specs with global constraints (lowered to choices of sets or to
//! `Global::Counts`): counts on small random boards against a brute force written here (every
//! filling of two values enumerated, each rule checked by this file's own code), and the
//! shipped LITS and Heyawake against their published solutions.
use crate::common;

use common::*;

/// A random board's regions: `k` seeds grown by random steps into a partition of the cells.
fn random_regions(rng: &mut Rng, rows: usize, cols: usize, k: usize) -> Vec<usize> {
    let n = rows * cols;
    let mut region = vec![usize::MAX; n];
    let mut cells: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut cells);
    for (i, &c) in cells.iter().take(k).enumerate() {
        region[c] = i;
    }
    while region.contains(&usize::MAX) {
        let c = rng.below(n);
        if region[c] != usize::MAX {
            continue;
        }
        let near = beside(rows, cols, c);
        let owned: Vec<usize> = near.iter().filter(|&&b| region[b] != usize::MAX).map(|&b| region[b]).collect();
        if !owned.is_empty() {
            region[c] = owned[rng.below(owned.len())];
        }
    }
    region
}

fn beside(rows: usize, cols: usize, c: usize) -> Vec<usize> {
    let (r, col) = (c / cols, c % cols);
    let mut out = Vec::new();
    if r > 0 {
        out.push(c - cols);
    }
    if r + 1 < rows {
        out.push(c + cols);
    }
    if col > 0 {
        out.push(c - 1);
    }
    if col + 1 < cols {
        out.push(c + 1);
    }
    out
}

/// Whether the cells `set` are joined by sides.
fn joined(rows: usize, cols: usize, set: &[usize]) -> bool {
    let Some(&first) = set.first() else { return true };
    let mut reached = vec![first];
    let mut at = 0;
    while at < reached.len() {
        for b in beside(rows, cols, reached[at]) {
            if set.contains(&b) && !reached.contains(&b) {
                reached.push(b);
            }
        }
        at += 1;
    }
    reached.len() == set.len()
}

/// The shape of cells in a normal form: of the eight turned and mirrored copies, moved to the
/// origin and sorted, the least (written here, not puzc's).
fn normal(rows_cols: usize, set: &[usize]) -> Vec<(i32, i32)> {
    let pts: Vec<(i32, i32)> = set.iter().map(|&c| ((c / rows_cols) as i32, (c % rows_cols) as i32)).collect();
    let mut forms = Vec::new();
    for t in 0..8 {
        let mut img: Vec<(i32, i32)> = pts
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t >= 4 { (c, r) } else { (r, c) };
                match t % 4 {
                    0 => (r, c),
                    1 => (-r, c),
                    2 => (r, -c),
                    _ => (-r, -c),
                }
            })
            .collect();
        let r0 = img.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = img.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut img {
            *p = (p.0 - r0, p.1 - c0);
        }
        img.sort();
        forms.push(img);
    }
    forms.into_iter().min().unwrap()
}

/// The brute-force count of fillings (cell shaded or not) meeting `ok`, givens kept.
fn brute(n: usize, given: &[Option<bool>], ok: &dyn Fn(&[bool]) -> bool) -> u64 {
    (0u32..1 << n)
        .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|f| f.iter().zip(given).all(|(s, g)| g.is_none_or(|g| g == *s)))
        .filter(|f| ok(f))
        .count() as u64
}

/// A spec over a board of 'o' (unshaded) and '#' with regions `area(l)` from a letter grid, givens, and
/// the rules, counting its answers.
fn spec(rows: usize, cols: usize, region: &[usize], given: &[Option<bool>], rules: &str) -> String {
    let letters: Vec<String> =
        region.chunks(cols).map(|r| r.iter().map(|&l| (b'a' + l as u8) as char).collect()).collect();
    let picture: Vec<String> =
        given.chunks(cols).map(|r| r.iter().map(|g| g.map_or('.', |s| if s { '#' } else { 'o' })).collect()).collect();
    format!(
        "board g[{rows}, {cols}] of ['o', '#']\nfill g\ngiven g = \"{}\"\ngrid regions[{rows}, {cols}] = \"{}\"\n\
         region area from regions\n{rules}answer count\n",
        picture.join("/"),
        letters.join("/")
    )
}

fn count_puzc(spec: &str, tag: &str) -> u64 {
    let dir = scratch(tag);
    let path = write(&dir, "s.puz", spec);
    let out = run_ok(&["solve", &path], None, 0);
    out.trim().parse().unwrap_or_else(|_| panic!("not a count: {out}\n{spec}"))
}

fn cells_of(region: &[usize], l: usize, f: &[bool]) -> Vec<usize> {
    (0..region.len()).filter(|&c| region[c] == l && f[c]).collect()
}

/// Random boards of up to 12 cells, 2 to 4 regions and a few givens.
fn board(rng: &mut Rng) -> (usize, usize, Vec<usize>, Vec<Option<bool>>, usize) {
    let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
    let k = 2 + rng.below(3);
    let region = random_regions(rng, rows, cols, k);
    let given = (0..rows * cols).map(|_| (rng.below(7) == 0).then(|| rng.below(2) == 1)).collect();
    (rows, cols, region, given, k)
}

#[test]
fn connected_in_each_region_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2301);
    for round in 0..25 {
        let (rows, cols, region, given, k) = board(&mut rng);
        let expected = brute(rows * cols, &given, &|f| (0..k).all(|l| joined(rows, cols, &cells_of(&region, l, f))));
        let s = spec(rows, cols, &region, &given, "the '#' cells of each area are connected\n");
        assert_eq!(count_puzc(&s, "regions-conn"), expected, "round {round}:\n{s}");
    }
}

#[test]
fn congruent_shapes_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2302);
    for round in 0..25 {
        let (rows, cols, region, given, k) = board(&mut rng);
        let ok = |f: &[bool]| {
            let shapes: Vec<Vec<(i32, i32)>> = (0..k).map(|l| normal(cols, &cells_of(&region, l, f))).collect();
            (0..rows * cols).all(|a| {
                beside(rows, cols, a)
                    .into_iter()
                    .all(|b| !(f[a] && f[b] && region[a] != region[b] && shapes[region[a]] == shapes[region[b]]))
            })
        };
        let expected = brute(rows * cols, &given, &ok);
        let s = spec(rows, cols, &region, &given, "no two congruent shapes of '#' in area touch\n");
        assert_eq!(count_puzc(&s, "regions-shapes"), expected, "round {round}:\n{s}");
    }
}

#[test]
fn lines_across_borders_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2303);
    for round in 0..30 {
        let (rows, cols, region, given, _) = board(&mut rng);
        let borders = 1 + rng.below(2);
        // Every straight line of '.' cells (any start, any end) crosses fewer borders.
        let ok = |f: &[bool]| {
            let lines: Vec<Vec<usize>> = (0..rows)
                .map(|r| (0..cols).map(|c| r * cols + c).collect())
                .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
                .collect();
            lines.iter().all(|line| {
                (0..line.len()).all(|i| {
                    (i..line.len()).all(|j| {
                        let run = &line[i..=j];
                        run.iter().any(|&c| f[c])
                            || run.windows(2).filter(|w| region[w[0]] != region[w[1]]).count() < borders
                    })
                })
            })
        };
        let expected = brute(rows * cols, &given, &ok);
        let rule = format!("no line of 'o' cells crosses {borders} borders of area\n");
        let s = spec(rows, cols, &region, &given, &rule);
        assert_eq!(count_puzc(&s, "regions-cross"), expected, "round {round}:\n{s}");
    }
}

/// Counts beside a global rule are lowered to choices of sets (filtered by `touch` and by
/// connectivity in the region) or to `Global::Counts`: both against the brute force.
#[test]
fn counts_beside_global_rules_equal_a_brute_force() {
    let mut rng = Rng::new(2304);
    for round in 0..30 {
        let (rows, cols, region, given, k) = board(&mut rng);
        let want = 1 + rng.below(3);
        let (touch, each_connected) = (rng.below(2) == 0, rng.below(2) == 0);
        let ok = |f: &[bool]| {
            let unshaded: Vec<usize> = (0..rows * cols).filter(|&c| !f[c]).collect();
            (0..k).all(|l| cells_of(&region, l, f).len() == want)
                && joined(rows, cols, &unshaded)
                && (!touch || (0..rows * cols).all(|a| beside(rows, cols, a).iter().all(|&b| !(f[a] && f[b]))))
                && (!each_connected || (0..k).all(|l| joined(rows, cols, &cells_of(&region, l, f))))
        };
        let expected = brute(rows * cols, &given, &ok);
        let mut rules = format!("each area holds exactly {want} of '#'\nthe 'o' cells are connected\n");
        if touch {
            rules.push_str("no two '#' touch\n");
        }
        if each_connected {
            rules.push_str("the '#' cells of each area are connected\n");
        }
        let s = spec(rows, cols, &region, &given, &rules);
        assert_eq!(count_puzc(&s, "regions-counts"), expected, "round {round}:\n{s}");
    }
}

/// The shipped spec's one answer, as `#` and `.` rows.
fn answer(args: &[&str]) -> String {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--unique");
    run_ok(&all, None, 0).trim().to_string()
}

#[test]
fn shipped_lits_has_the_published_answer() {
    // Janko 004, https://www.janko.at/Raetsel/LITS/004.a.htm, its solution as
    // puzzlekit-dataset records it (letters naming each tetromino, `-` unshaded).
    let published = "S S - - I I I I - I\n- S S L L - - S S I\nI - T - L - S S - I\nI T T T L - - T - I\n\
                     I - - - - L T T L L\nI - T L L L - T - L\nL T T - - S S I - L\nL - T L S S - I - T\n\
                     L L - L - T - I T T\n- - L L T T T I - T";
    let want: Vec<String> =
        published.lines().map(|l| l.split_whitespace().map(|x| if x == "-" { '.' } else { '#' }).collect()).collect();
    assert_eq!(answer(&["puzzles/lits.puz"]), want.join("\n"));
}

#[test]
fn shipped_heyawake_has_the_published_answer() {
    // Heyawake `12_10x10` of puzzlekit-dataset, with its published solution (`x` shaded).
    let published = "- - - x - - x - - -\n- x - - x - - x - x\nx - - x - - x - - -\n- x - - x - - - x -\n\
                     - - x - - x - x - -\n- - - x - - x - - x\nx - - - - x - x - -\n- - x - x - - - x -\n\
                     - x - - - - x - - -\nx - - x - x - - x -";
    let want: Vec<String> =
        published.lines().map(|l| l.split_whitespace().map(|x| if x == "x" { '#' } else { '.' }).collect()).collect();
    assert_eq!(answer(&["puzzles/heyawake.puz"]), want.join("\n"));
}
