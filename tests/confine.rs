//! `confine` of one family member and `confine ... where`: counts against published figures
//! (the pentomino rectangles: Haselgrove 1960 for 6 × 10, 2339 classes of 4 tilings; 3 × 20,
//! 2 classes of 4) and against the unconfined solutions filtered here.

use crate::common;

use common::*;

const PENTOMINOES: &str = r######"
piece F = ".##/##./.#."
piece I = "#####"
piece L = "####/#..."
piece N = "##../.###"
piece P = "##/##/#."
piece T = "###/.#./.#."
piece U = "#.#/###"
piece V = "#../#../###"
piece W = "#../##./.##"
piece X = ".#./###/.#."
piece Y = "####/.#.."
piece Z = "##./.#./.##"
place all on box, rotate, reflect
"######;

fn pentominoes(rows: usize, cols: usize, confines: &str, answer: &str) -> String {
    format!("board box[{rows}, {cols}]\n{PENTOMINOES}{confines}\nanswer {answer}\n")
}

fn solve(tag: &str, spec: &str) -> String {
    let dir = scratch(tag);
    run_ok(&["solve", &write(&dir, "s.puz", spec), "--threads", "1"], None, 0)
}

/// F has 8 distinct orientations and the 6 × 10 box 4 symmetries, which act on them
/// without fixed points (a turn or mirror of the box turns or mirrors F): so each class of
/// 4 tilings has exactly one with F unmirrored and turned 0 or 1 times (the orbits of F's
/// orientations are {0, 2 turns, two mirrored} and {1, 3 turns, two mirrored}). 2339 classes.
#[test]
fn f_unmirrored_and_half_the_turns_leaves_one_tiling_per_class() {
    let spec = pentominoes(6, 10, "confine F where not mirrored and turns < 2", "count");
    assert_eq!(solve("f-turns", &spec), "2339\n");
}

/// X is drawn `.#./###/.#.`: `cells[2]` is its centre. In the 6 × 10 box the centre can
/// never lie on a mirror axis (both sides are even), so the quarter rows 1..=2, columns
/// 1..=4 holds it in exactly one tiling of each class.
#[test]
fn x_centre_in_a_quarter() {
    let spec = pentominoes(6, 10, "confine X where cells[2][0] < 3 and cells[2][1] < 5", "count");
    assert_eq!(solve("x-centre", &spec), "2339\n");
}

/// 3 × 20: 8 tilings, 2 classes. X's centre always lies in the middle row, on the axis of
/// the top-bottom mirror: keeping it in the left half halves the count (4), and only a
/// second condition breaks the mirror that keeps X in place — F unmirrored (the mirror
/// mirrors F) halves it again, to the 2 classes.
#[test]
fn x_on_the_axis_needs_a_second_condition() {
    let left = "confine X where cells[2][1] < 10";
    assert_eq!(solve("strip-all", &pentominoes(3, 20, "", "count")), "8\n");
    assert_eq!(solve("strip-left", &pentominoes(3, 20, left, "count")), "4\n");
    let both = format!("{left}\nconfine F where not mirrored");
    assert_eq!(solve("strip-both", &pentominoes(3, 20, &both, "count")), "2\n");
}

/// `up to symmetry` keeps only the symmetries that map the allowed placements onto allowed
/// placements: with X in the left half, the top-bottom mirror (and the identity), so the 4
/// tilings left fall into 2 classes; with X unconstrained the 8 fall into 2 classes too.
#[test]
fn up_to_symmetry_keeps_the_mirror_a_condition_keeps() {
    let left = "confine X where cells[2][1] < 10";
    assert_eq!(solve("sym-left", &pentominoes(3, 20, left, "count up to symmetry")), "2\n");
    let any = "confine X where cells[2][0] == 1";
    assert_eq!(solve("sym-any", &pentominoes(3, 20, any, "count up to symmetry")), "2\n");
}

/// Six bones of a double-two set on a 3 × 4 board of pips (two tilings, docs/reference.md):
/// confining one member to a set of cells keeps exactly the tilings of the unconfined
/// listing in which that member's number lies inside the set, member by member.
#[test]
fn confining_one_member_keeps_the_listed_tilings_where_it_lies_there() {
    let board = "board pips[3, 4] of 0..=2\ngiven pips = \"\"\"\n0 0 1 1\n2 2 0 2\n1 2 0 1\n\"\"\"\n\
                 piece bone(a, b) = [(0, 0): a, (0, 1): b] for a in 0..=2, b in a..=2\n\
                 place bone on pips, rotate\n";
    let all = solve("bones-all", &format!("{board}answer all\n"));
    let tilings: Vec<Vec<Vec<char>>> = all
        .split("\n\n")
        .filter(|g| !g.contains("solution"))
        .map(|g| g.lines().map(|l| l.chars().collect()).collect())
        .collect();
    assert_eq!(tilings.len(), 2);
    let top_half: Vec<(usize, usize)> = (0..2).flat_map(|r| (0..4).map(move |c| (r, c))).collect();
    let set = top_half.iter().map(|(r, c)| format!("({r}, {c})")).collect::<Vec<_>>().join(", ");
    let mut number = 0;
    for a in 0..=2 {
        for b in a..=2 {
            number += 1;
            let digit = char::from_digit(number, 10).unwrap();
            let expected = tilings
                .iter()
                .filter(|t| (0..3).all(|r| (0..4).all(|c| t[r][c] != digit || top_half.contains(&(r, c)))))
                .count();
            let spec = format!("{board}confine bone({a}, {b}) to {{{set}}}\nanswer count\n");
            assert_eq!(solve("bones-one", &spec), format!("{expected}\n"), "bone({a}, {b}), number {number}");
        }
    }
}

/// On hexagons and triangles a condition is evaluated on the same placements lowering makes:
/// `where true` keeps every tiling (18 tetrahex tilings of the 4 × 7 parallelogram, 980
/// lozenge tilings of the 3, 3, 3 hexagon: MacMahon), `where false` none, and a piece that
/// is its own mirror image lies everywhere unmirrored too (any turn reaching a placement
/// counts), while all lozenges lying one way cannot tile a hexagon.
#[test]
fn conditions_see_every_placement_on_hexagons_and_triangles() {
    let with = |spec: &str, line: &str| {
        let text = std::fs::read_to_string(root().join(spec)).unwrap() + line + "\n";
        solve("lattice", &text)
    };
    for piece in ["I", "P", "J", "O", "S", "C", "Y"] {
        assert_eq!(with("puzzles/tetrahex.puz", &format!("confine {piece} where true")), "18\n", "{piece}");
    }
    assert_eq!(with("puzzles/tetrahex.puz", "confine S where false"), "0\n");
    assert_eq!(with("puzzles/tetrahex.puz", "confine O where not mirrored"), "18\n");
    assert_eq!(with("puzzles/lozenge.puz", "confine D where true"), "980\n");
    assert_eq!(with("puzzles/lozenge.puz", "confine D where not mirrored"), "980\n");
    assert_eq!(with("puzzles/lozenge.puz", "confine D where turns == 0"), "0\n");
}
