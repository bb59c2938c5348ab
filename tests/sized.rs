//! Sized areas (`each area of equal values has size its value`, `each area of 'x' cells has
//! size 2`): counts on small random boards against a brute force written here (every filling
//! enumerated, areas found by this file's own flood fill), the shipped Fillomino against its
//! published solutions (Janko 015 and 101, as SmilingWayne/puzzlekit-dataset records them),
//! and the diagnostic of a board whose values are not sizes.
use crate::common;

use common::*;

/// Every area of equal labels (`None`: in no area) has the size `size` gives its label.
fn areas_sized(rows: usize, cols: usize, label: &[Option<u32>], size: &dyn Fn(u32) -> usize) -> bool {
    let mut seen = vec![false; label.len()];
    for s in 0..label.len() {
        let Some(l) = label[s] else { continue };
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let (mut todo, mut count) = (vec![s], 0);
        while let Some(x) = todo.pop() {
            count += 1;
            let (r, c) = ((x / cols) as i64, (x % cols) as i64);
            for (a, b) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                if a >= 0 && b >= 0 && a < rows as i64 && b < cols as i64 {
                    let y = a as usize * cols + b as usize;
                    if !seen[y] && label[y] == Some(l) {
                        seen[y] = true;
                        todo.push(y);
                    }
                }
            }
        }
        if count != size(l) {
            return false;
        }
    }
    true
}

/// All fillings of `cells` cells with `k` values, givens kept.
fn fillings(cells: usize, k: u32, given: &[Option<u32>]) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    for given in &given[..cells] {
        let mut next = Vec::new();
        for f in &out {
            for v in 0..k {
                if given.is_none_or(|g| g == v) {
                    let mut g = f.clone();
                    g.push(v);
                    next.push(g);
                }
            }
        }
        out = next;
    }
    out
}

fn count_puzc(spec: &str, tag: &str) -> u64 {
    let dir = scratch(tag);
    let path = write(&dir, "s.puz", spec);
    let out = run_ok(&["solve", &path], None, 0);
    out.trim().parse().unwrap_or_else(|_| panic!("not a count: {out}\n{spec}"))
}

#[test]
fn equal_values_counts_equal_a_brute_force() {
    let mut rng = Rng::new(216);
    for round in 0..30 {
        let (rows, cols) = (1 + rng.below(3), 2 + rng.below(2));
        let k = 2 + rng.below(3) as u32; // values 1..=k
        let given: Vec<Option<u32>> =
            (0..rows * cols).map(|_| (rng.below(5) == 0).then(|| rng.below(k as usize) as u32)).collect();
        let expected = fillings(rows * cols, k, &given)
            .iter()
            .filter(|f| {
                let label: Vec<Option<u32>> = f.iter().map(|&v| Some(v)).collect();
                areas_sized(rows, cols, &label, &|l| l as usize + 1)
            })
            .count() as u64;
        let picture: Vec<String> = given.iter().map(|g| g.map_or("-".to_string(), |v| (v + 1).to_string())).collect();
        let spec = format!(
            "board g[{rows}, {cols}] of 1..={k}\nfill g\ngiven g = \"{}\"\neach area of equal values has size its value\nanswer count\n",
            picture.chunks(cols).map(|r| r.concat()).collect::<Vec<_>>().join("/")
        );
        assert_eq!(count_puzc(&spec, "sized-eq"), expected, "round {round}:\n{spec}");
    }
}

#[test]
fn cells_of_a_value_counts_equal_a_brute_force() {
    let mut rng = Rng::new(217);
    for round in 0..30 {
        let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
        let size = 1 + rng.below(3);
        let given: Vec<Option<u32>> =
            (0..rows * cols).map(|_| (rng.below(6) == 0).then(|| rng.below(2) as u32)).collect();
        let expected = fillings(rows * cols, 2, &given)
            .iter()
            .filter(|f| {
                let label: Vec<Option<u32>> = f.iter().map(|&v| (v == 1).then_some(0)).collect();
                areas_sized(rows, cols, &label, &|_| size)
            })
            .count() as u64;
        let picture: Vec<&str> = given.iter().map(|g| ["o", "x"][g.unwrap_or(0) as usize]).collect();
        let picture: Vec<&str> = picture.iter().zip(&given).map(|(p, g)| if g.is_some() { *p } else { "." }).collect();
        let spec = format!(
            "board g[{rows}, {cols}] of ['o', 'x']\nfill g\ngiven g = \"{}\"\neach area of 'x' cells has size {size}\nanswer count\n",
            picture.chunks(cols).map(|r| r.concat()).collect::<Vec<_>>().join("/")
        );
        assert_eq!(count_puzc(&spec, "sized-x"), expected, "round {round}:\n{spec}");
    }
}

/// The shipped Fillomino's one answer is the published solution.
fn check_fillomino(args: &[&str], published: &str) {
    let mut all = vec!["solve", "puzzles/fillomino.puz", "--unique"];
    all.extend_from_slice(args);
    let out = run_ok(&all, None, 0);
    let got: Vec<Vec<String>> = out
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let want: Vec<Vec<String>> = published.lines().map(|l| l.split_whitespace().map(String::from).collect()).collect();
    // Cells of one digit each are printed without blanks: compare cell by cell either way.
    let flat = |g: &Vec<Vec<String>>| -> Vec<String> {
        g.iter()
            .flat_map(|r| if r.len() == 1 { r[0].chars().map(|c| c.to_string()).collect() } else { r.clone() })
            .collect()
    };
    assert_eq!(flat(&got), flat(&want), "{out}");
}

#[test]
fn shipped_fillomino_has_the_published_answer() {
    // Janko 015, https://www.janko.at/Raetsel/Fillomino/015.a.htm (puzzlekit-dataset's record).
    check_fillomino(
        &[],
        "4 6 6 6 4 4 5 4 4 4\n4 4 7 6 6 4 5 4 3 2\n4 7 7 3 6 4 5 3 3 2\n7 7 4 3 3 5 5 4 4 4\n7 4 4 5 1 4 4 2 2 4\n\
         7 4 3 5 3 3 4 4 3 2\n2 3 3 5 3 7 7 3 3 2\n2 4 4 5 5 9 7 4 4 3\n9 4 4 9 9 9 7 2 4 3\n9 9 9 9 7 7 7 2 4 3",
    );
}

#[test]
fn shipped_fillomino_20_has_the_published_answer() {
    // Janko 101, https://www.janko.at/Raetsel/Fillomino/101.a.htm (puzzlekit-dataset's record).
    let published = std::fs::read_to_string(root().join("tests/data/fillomino-101.sol")).unwrap();
    check_fillomino(&["--instance", "puzzles/instances/fillomino-20.txt"], published.trim());
}

#[test]
fn values_that_are_not_sizes_are_g216() {
    let dir = scratch("sized-g216");
    let path =
        write(&dir, "s.puz", "board g[2, 2] of ['.', '#']\nfill g\neach area of equal values has size its value\n");
    let r = run(&["check", &path], None);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("G216"), "{}", r.err);
}
