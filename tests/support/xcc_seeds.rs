//! Parsing the outputs of the exact-cover seed programs (built by `seed_programs.rs`) for the
//! differential tests of `seeds_xcc.rs` and `judges_random.rs`.
#![allow(dead_code)]

/// Parses the UVA 211 seed's output: per layout, its maps (56 numbers each) and its
/// `There are S solution(s)` count.
pub fn parse_uva211(out: &str) -> Vec<(Vec<Vec<u32>>, usize)> {
    let mut result = Vec::new();
    for (k, chunk) in out.split("Layout #").skip(1).enumerate() {
        let head = format!("{}:", k + 1);
        assert!(chunk.starts_with(&head), "layouts numbered in order: {chunk}");
        let maps_at = chunk.find("are:").expect("`Maps resulting ... are:`") + 4;
        let count_at = chunk.find("There are ").expect("`There are S solution(s)`");
        let nums: Vec<u32> =
            chunk[maps_at..count_at].split_whitespace().map(|w| w.parse().expect("bone number")).collect();
        assert_eq!(nums.len() % 56, 0);
        let rest = &chunk[count_at + "There are ".len()..];
        let n: usize = rest.split_whitespace().next().unwrap().parse().expect("a count");
        assert!(rest.contains(&format!("solution(s) for layout #{}.", k + 1)));
        result.push((nums.chunks(56).map(|c| c.to_vec()).collect(), n));
    }
    result
}

/// Parses the Tetravex seed's output: `Game k: Possible|Impossible` per game, in order.
pub fn parse_tetravex(out: &str) -> Vec<bool> {
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let rest =
                l.strip_prefix(&format!("Game {}: ", i + 1)).unwrap_or_else(|| panic!("`Game {}: ...`: {l}", i + 1));
            match rest.trim() {
                "Possible" => true,
                "Impossible" => false,
                other => panic!("unexpected verdict `{other}`"),
            }
        })
        .collect()
}
