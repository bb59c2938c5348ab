//! Boards of hexagons and triangles (`lattice hexagons`, `lattice triangles`): the shipped
//! polyhex spec, random polyhex packings and `no two ... touch` on both lattices, each
//! against a brute force written here from plane geometry alone — cell centres and corners
//! as points of the plane, turned by 60° with cosines and sines, touching by distance — so
//! it shares nothing with puzc's lattice coordinates. `puzc compile --emit dlx` of each is
//! counted too.

use crate::common;

use common::*;
use puzc::ir::xcc::XccProblem;
use puzc::solve::xcc::{Limits, count};

/// Solutions of the lowered matrix, as `compile --emit dlx` prints it, counted by the engine.
fn dlx_count(spec: &str, args: &[&str]) -> u64 {
    let mut all = vec!["compile", spec, "--emit", "dlx"];
    all.extend(args);
    let text = run_ok(&all, None, 0);
    let p = XccProblem::from_dlx_text(&text).expect("the emitted matrix reads back");
    count(&p, &Limits::default()).solutions
}

/// The centre of hexagon (r, c) in the plane, hexagons one unit apart: each row of the
/// picture lies half a cell to the right of the row above, rows √3/2 apart (y down).
fn hex_centre(r: i32, c: i32) -> (f64, f64) {
    (c as f64 + r as f64 / 2.0, r as f64 * 3f64.sqrt() / 2.0)
}

/// The cell whose centre is nearest (x, y), if one is within a tenth of a unit.
fn hex_at(x: f64, y: f64) -> Option<(i32, i32)> {
    let r = (y / (3f64.sqrt() / 2.0)).round() as i32;
    let c = (x - r as f64 / 2.0).round() as i32;
    let (cx, cy) = hex_centre(r, c);
    ((cx - x).hypot(cy - y) < 0.1).then_some((r, c))
}

/// The distinct orientations of a polyhex (cells as (row, col)): its centres turned by
/// multiples of 60° about the first cell and mirrored across the x axis, read back as
/// cells, shifted to a top row and a leftmost column of 0 and sorted.
fn hex_turnings(cells: &[(i32, i32)], reflect: bool) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for mirror in [false, true].into_iter().take(1 + reflect as usize) {
        for k in 0..6 {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            let moved: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (x, y) = hex_centre(r, c);
                    let y = if mirror { -y } else { y };
                    hex_at(x * a.cos() - y * a.sin(), x * a.sin() + y * a.cos()).expect("a turned centre is a centre")
                })
                .collect();
            let r0 = moved.iter().map(|p| p.0).min().unwrap();
            let c0 = moved.iter().map(|p| p.1).min().unwrap();
            let mut norm: Vec<(i32, i32)> = moved.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            norm.sort();
            if !out.contains(&norm) {
                out.push(norm);
            }
        }
    }
    out
}

/// Cells of a picture (`#` a cell, `/` between rows).
fn cells_of(picture: &str) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (r, row) in picture.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                out.push((r as i32, c as i32));
            }
        }
    }
    out
}

/// Packings of the cells that are `on` (rows × cols) by polyhexes used `count` times each,
/// identical copies not told apart: the first empty cell in reading order is covered by the
/// first cell of some orientation of some piece with copies left.
fn brute_hex_tilings(rows: i32, cols: i32, on: &[bool], pieces: &[(Vec<(i32, i32)>, u32)], reflect: bool) -> u64 {
    fn go(cols: i32, rows: i32, free: &mut Vec<bool>, kinds: &[Vec<Vec<(i32, i32)>>], left: &mut Vec<u32>) -> u64 {
        let Some(at) = free.iter().position(|&b| b) else { return 1 };
        let (r, c) = (at as i32 / cols, at as i32 % cols);
        let mut total = 0;
        for k in 0..kinds.len() {
            if left[k] == 0 {
                continue;
            }
            for o in &kinds[k] {
                let (dr, dc) = (r - o[0].0, c - o[0].1);
                let cells: Vec<usize> = o
                    .iter()
                    .map(|&(a, b)| (a + dr, b + dc))
                    .filter(|&(a, b)| a >= 0 && b >= 0 && a < rows && b < cols)
                    .map(|(a, b)| (a * cols + b) as usize)
                    .collect();
                if cells.len() == o.len() && cells.iter().all(|&x| free[x]) {
                    cells.iter().for_each(|&x| free[x] = false);
                    left[k] -= 1;
                    total += go(cols, rows, free, kinds, left);
                    left[k] += 1;
                    cells.iter().for_each(|&x| free[x] = true);
                }
            }
        }
        total
    }
    let kinds: Vec<Vec<Vec<(i32, i32)>>> = pieces.iter().map(|(cells, _)| hex_turnings(cells, reflect)).collect();
    let mut left: Vec<u32> = pieces.iter().map(|p| p.1).collect();
    go(cols, rows, &mut on.to_vec(), &kinds, &mut left)
}

/// The free polyhexes of four cells are seven, three of them chiral.
#[test]
fn brute_force_turns_the_tetrahexes_like_the_literature() {
    // Seven free tetrahexes; with mirror images told apart, ten (Gardner's count).
    let pictures = ["####", "###/#..", "###/..#", "##/##", "##./.##", "##/.#/#.", ".#./.##/#.."];
    // A piece is chiral when its mirror images are not among its turns: twice the orientations.
    let turns = |p: &str, reflect| hex_turnings(&cells_of(p), reflect).len();
    let chiral = pictures.iter().filter(|p| turns(p, true) == 2 * turns(p, false)).count();
    assert_eq!(chiral, 3, "three chiral tetrahexes, 7 + 3 = 10 one-sided");
    for (i, a) in pictures.iter().enumerate() {
        for b in &pictures[i + 1..] {
            assert!(!hex_turnings(&cells_of(a), true).contains(&cells_of(b)), "{a} and {b} are different free pieces");
        }
    }
}

#[test]
fn tetrahex_spec_counts_like_brute_force() {
    let spec = "puzzles/tetrahex.puz";
    let text = std::fs::read_to_string(root().join(spec)).unwrap();
    assert!(text.contains("board box[4, 7], lattice hexagons"));
    let pieces: Vec<(Vec<(i32, i32)>, u32)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("piece "))
        .map(|l| (cells_of(l.split('"').nth(1).unwrap()), 1))
        .collect();
    assert_eq!(pieces.len(), 7);
    let want = brute_hex_tilings(4, 7, &[true; 28], &pieces, true);
    assert!(want > 0);
    assert_eq!(run_ok(&["solve", spec], None, 0).trim(), want.to_string());
    assert_eq!(dlx_count(spec, &[]), want, "the emitted matrix");
    // The same board drawn on its side (7 × 4) is its mirror image: as many tilings.
    let dir = scratch("tetrahex");
    let file = write(&dir, "side.puz", &text.replace("box[4, 7]", "box[7, 4]"));
    assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string());
}

/// Dihexes, trihexes and tetrahexes with `times`, turned (and flipped or not), on masked
/// boards of hexagons: puzc's counts (CLI and emitted matrix) equal the brute force's.
#[test]
fn polyhex_packings_count_like_brute_force() {
    let shapes = ["##", "###", "##/#.", "##/.#", "##/##", "###/#..", "###/..#"];
    let mut rng = Rng::new(61);
    let dir = scratch("polyhex");
    let mut nonzero = 0;
    for round in 0..14 {
        let (rows, cols) = (3 + round % 3, 4 + round % 2);
        let mut on = vec![true; (rows * cols) as usize];
        // A hexagon-ish board: drop the corners that a hexagon drawn in this lattice lacks.
        if round % 2 == 1 {
            on[0] = false;
            on[(rows * cols - 1) as usize] = false;
        }
        let area = on.iter().filter(|&&b| b).count() as u32;
        // Random pieces until the area is covered exactly (or give up on this round's rest).
        let mut counts = vec![0u32; shapes.len()];
        let mut left = area;
        while left > 0 {
            let k = rng.below(shapes.len());
            let size = cells_of(shapes[k]).len() as u32;
            if size <= left && (left - size != 1 || rng.below(2) == 0) {
                counts[k] += 1;
                left -= size;
            } else if left == 1 {
                break;
            }
        }
        if left > 0 {
            continue;
        }
        let reflect = round % 3 != 2;
        let used: Vec<usize> = (0..shapes.len()).filter(|&k| counts[k] > 0).collect();
        let pieces: Vec<(Vec<(i32, i32)>, u32)> = used.iter().map(|&k| (cells_of(shapes[k]), counts[k])).collect();
        let want = brute_hex_tilings(rows, cols, &on, &pieces, reflect);
        nonzero += (want > 0) as usize;
        let mask: String = (0..rows)
            .map(|r| (0..cols).map(|c| if on[(r * cols + c) as usize] { '#' } else { '.' }).collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        let mut spec = format!("board b[{rows}, {cols}], lattice hexagons, mask \"{mask}\"\n");
        for (i, &k) in used.iter().enumerate() {
            spec += &format!("piece P{i} = \"{}\" times {}\n", shapes[k], counts[k]);
        }
        spec += &format!("place all on b, rotate{}\nanswer count\n", if reflect { ", reflect" } else { "" });
        let file = write(&dir, &format!("p{round}.puz"), &spec);
        assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string(), "round {round}:\n{spec}");
        assert_eq!(dlx_count(&file, &[]), want, "round {round}: the emitted matrix");
    }
    assert!(nonzero >= 5, "most rounds can be tiled: {nonzero}");
}

/// The corners of triangle (r, c) in the plane, sides one unit: row r is a strip √3/2 high
/// (y down), triangle (r, c) spans x from c/2 to c/2 + 1 and points up when r + c is even.
/// In hundredths, rounded, so shared corners compare equal.
fn triangle_corners(r: i32, c: i32) -> Vec<(i64, i64)> {
    let h = 3f64.sqrt() / 2.0;
    let (x, y) = (c as f64 / 2.0, r as f64 * h);
    let pts = if (r + c) % 2 == 0 {
        [(x + 0.5, y), (x + 1.0, y + h), (x, y + h)]
    } else {
        [(x, y), (x + 1.0, y), (x + 0.5, y + h)]
    };
    pts.iter().map(|&(x, y)| ((x * 100.0).round() as i64, (y * 100.0).round() as i64)).collect()
}

/// Whether cells a and b of a board `cols` wide touch: hexagons whose centres are one unit
/// apart; triangles sharing a side (two corners) or, with `corner`, any corner.
fn touch(hexagons: bool, cols: i32, a: usize, b: usize, corner: bool) -> bool {
    let (ra, ca, rb, cb) = (a as i32 / cols, a as i32 % cols, b as i32 / cols, b as i32 % cols);
    if hexagons {
        let ((x1, y1), (x2, y2)) = (hex_centre(ra, ca), hex_centre(rb, cb));
        return ((x1 - x2).hypot(y1 - y2) - 1.0).abs() < 1e-6;
    }
    let (p, q) = (triangle_corners(ra, ca), triangle_corners(rb, cb));
    let shared = p.iter().filter(|x| q.contains(x)).count();
    a != b && shared >= if corner { 1 } else { 2 }
}

/// Fills of a small board of hexagons or triangles with `.` and `*`: between `lo` and `hi`
/// stars in each row, no two touching (by a side, or with `diagonally too` by a corner):
/// puzc's counts (CLI and emitted matrix) equal the count over all 2^cells fills.
#[test]
fn touching_on_hexagons_and_triangles_counts_like_brute_force() {
    let dir = scratch("lattice-touch");
    let mut counts = Vec::new();
    let cases = [
        (true, 3, 4, false, 1, 1),
        (true, 4, 4, false, 1, 2),
        (true, 3, 5, true, 0, 2),
        (false, 3, 6, false, 1, 2),
        (false, 4, 5, true, 1, 1),
        (false, 3, 6, true, 0, 2),
        (false, 4, 4, false, 2, 2),
    ];
    for (k, &(hexagons, rows, cols, corner, lo, hi)) in cases.iter().enumerate() {
        let n = (rows * cols) as usize;
        let mut want = 0u64;
        for set in 0u32..1 << n {
            let star = |x: usize| set >> x & 1 == 1;
            let rows_ok = (0..rows).all(|r| {
                let s = (0..cols).filter(|&c| star((r * cols + c) as usize)).count();
                (lo..=hi).contains(&s)
            });
            let apart =
                (0..n).all(|a| !star(a) || (a + 1..n).all(|b| !star(b) || !touch(hexagons, cols, a, b, corner)));
            want += (rows_ok && apart) as u64;
        }
        let bound = if lo == hi { format!("exactly {lo}") } else { format!("at least {lo}") };
        let spec = format!(
            "board g[{rows}, {cols}] of ['.', '*'], lattice {}\nfill g\nregion row(r) = {{ (r, c) for c in 0..{cols} }} for r in 0..{rows}\neach row holds {bound} of '*'\neach row holds at most {hi} of '*'\nno two '*' touch{}\nanswer count\n",
            if hexagons { "hexagons" } else { "triangles" },
            if corner { ", diagonally too" } else { "" }
        );
        let file = write(&dir, &format!("t{k}.puz"), &spec);
        assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string(), "case {k}:\n{spec}");
        assert_eq!(dlx_count(&file, &[]), want, "case {k}: the emitted matrix");
        counts.push(want);
    }
    assert!(counts.iter().all(|&c| c > 0), "every case has fills: {counts:?}");
}
