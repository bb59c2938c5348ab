//! Necessary conditions on the labels of the tiles still to place, kept up to date in a few
//! operations per placement (each placement changes the figures of at most four labels).
//!
//! Notation: the search fills cells in reading order, so at any node the placed cells are
//! those before some cell `k`. *U* is the multiset of tile copies left; they go, one each,
//! on the unplaced cells. For a label `x` and a side (top, …), `top_U(x)` is the number of
//! copies in *U* showing `x` on top (for a fixed orientation).
//!
//! **Fixed orientations** (every type lies one way). Take the vertical sides. Every unplaced
//! cell has, above it, (a) nothing (the top border, or a hole), (b) a placed cell, or (c) an
//! unplaced cell. In any solution below the node, the tile on an unplaced cell shows on top
//! the label the cell above shows on its bottom, so, counting tops of *U* by those three
//! cases:
//!
//! `top_U(x) = t(x) + F(x) + (bottom_U(x) − s(x))`
//!
//! where `t(x)` counts the copies with top `x` on cells of case (a), `F(x)` the placed cells
//! showing `x` on their bottom with an unplaced cell below them (the *front*), and
//! `bottom_U(x) − s(x)` the cells of case (c): each is below exactly one unplaced cell, and
//! the unplaced cells with an unplaced cell below are all unplaced cells but the `s(x)` ones
//! with nothing below (the cell below a cell comes later in reading order, so it is
//! unplaced whenever the cell is). As `s(x) ≤ bottom_U(x)` and `t(x) ≥ 0`, a solution below
//! the node needs
//!
//! 1. `top_U(x) ≥ F(x)` for every label (enough tops left for the bottoms exposed), and
//! 2. `Σ_x max(0, top_U(x) − bottom_U(x) − F(x)) ≤ a`, `a` the number of unplaced cells with
//!    nothing above: `t(x) = top_U(x) − bottom_U(x) − F(x) + s(x)` is at least the `max`,
//!    and the `t(x)` add up to `a`.
//!
//! The horizontal sides give the same with left for top and right for bottom (the cell to
//! the right of a cell also comes later). A node failing either has no solution below it.
//! With `e(x) = top_U(x) − F(x)` and `g(x) = max(0, e(x) − bottom_U(x))`, placing a tile on a
//! cell with cells above and below changes neither `e` nor `g` of its top label, and lowers
//! `e` and `bottom_U` of its bottom label by one: updates are one or two labels per axis.
//!
//! **Turning tiles** (some type lies several ways). Orientation is not known before a tile
//! is placed, but the multiset of a copy's four labels is. Every side of an unplaced cell
//! faces the border (or a hole), a placed cell, or another unplaced cell; the last come in
//! pairs showing the same label. So `all_U(x) = b(x) + F(x) + 2 p(x)`, with `all_U(x)` the
//! sides labelled `x` over the copies left, `F(x)` the placed sides labelled `x` facing an
//! unplaced cell, `b(x) ≥ 0` the border sides of unplaced cells that will show `x` and
//! `p(x) ≥ 0` the pairs. A solution below the node needs `all_U(x) − F(x) ≥ 0` for every
//! label, and the border to have room for the odd ones: `Σ ((all_U(x) − F(x)) mod 2) ≤ B`,
//! `B` the border sides of the unplaced cells.
use crate::ir::edges::{EdgeShape, NONE};

/// One axis (vertical: tops against bottoms; horizontal: lefts against rights) under
/// fixed orientations, in the terms of the module docs: per label `[e(x), bottom_U(x)]`.
#[derive(Clone, Debug, Default)]
struct Axis {
    label: Vec<[i32; 2]>,
    /// Unplaced cells with no cell before them on this axis (`a`).
    free: i32,
    /// `Σ g(x)`.
    sum_g: i32,
    /// Labels with `e(x) < 0`.
    negative: i32,
}

impl Axis {
    /// Changes label `x`'s `e` and `bottom_U`, keeping the sums.
    #[inline(always)]
    fn bump(&mut self, x: u16, de: i32, dto: i32) {
        let l = &mut self.label[x as usize];
        let [e, to] = *l;
        let (e2, to2) = (e + de, to + dto);
        *l = [e2, to2];
        self.sum_g += (e2 - to2).max(0) - (e - to).max(0);
        self.negative += (e2 < 0) as i32 - (e < 0) as i32;
    }

    /// A tile showing `from` on the side facing earlier cells and `to` on the other goes
    /// on a cell (`sign` −1) or comes off (+1); `before` and `after`: whether the cell has
    /// a cell on either side on this axis.
    #[inline(always)]
    fn place(&mut self, from: u16, to: u16, before: bool, after: bool, sign: i32) {
        // A top matching the cell above leaves both top_U and the front: e is unchanged.
        if !before {
            self.bump(from, sign, 0);
            self.free += sign;
        }
        // A bottom facing a cell below joins the front.
        self.bump(to, if after { sign } else { 0 }, sign);
    }

    #[inline(always)]
    fn ok(&self) -> bool {
        self.negative == 0 && self.sum_g <= self.free
    }
}

/// The turning-tiles condition.
#[derive(Clone, Debug, Default)]
struct Sides {
    /// Sides labelled `x` over the copies left, minus placed sides labelled `x` facing an
    /// unplaced cell (`all_U(x) − F(x)`).
    excess: Vec<i32>,
    /// Border sides of the unplaced cells.
    border: i32,
    negative: i32,
    odd: i32,
}

impl Sides {
    #[inline(always)]
    fn bump(&mut self, x: u16, by: i32) {
        let x = x as usize;
        let e = self.excess[x];
        self.negative -= (e < 0) as i32;
        self.odd -= (e >= 0 && e & 1 == 1) as i32;
        let e = e + by;
        self.excess[x] = e;
        self.negative += (e < 0) as i32;
        self.odd += (e >= 0 && e & 1 == 1) as i32;
    }

    fn ok(&self) -> bool {
        self.negative == 0 && self.odd <= self.border
    }
}

/// The conditions of the module docs for one search, updated by [`Balance::place`].
#[derive(Clone, Debug)]
pub struct Balance {
    fixed: bool,
    v: Axis,
    h: Axis,
    sides: Sides,
    /// Per cell: whether it has a cell above, to the left, below, to the right.
    around: Vec<[bool; 4]>,
}

impl Balance {
    /// The figures at the root: every copy left, nothing placed.
    pub fn new(shape: &EdgeShape) -> Balance {
        let labels = shape.labels;
        let (down, right) = shape.down_right();
        let around: Vec<[bool; 4]> = (0..shape.cells())
            .map(|k| [shape.up[k] != NONE, shape.left[k] != NONE, down[k] != NONE, right[k] != NONE])
            .collect();
        let mut ways = vec![0u32; shape.count.len()];
        for &(t, _) in &shape.oriented {
            ways[t as usize] += 1;
        }
        let fixed = ways.iter().all(|&w| w == 1);
        let (mut v, mut h) = (Axis { label: vec![[0; 2]; labels], ..Axis::default() }, Axis::default());
        h.label = v.label.clone();
        let mut sides = Sides { excess: vec![0; labels], ..Sides::default() };
        let mut seen = vec![false; shape.count.len()];
        for &(t, [top, r, bottom, l]) in &shape.oriented {
            // A type's labels, once (any orientation has the same four).
            if std::mem::replace(&mut seen[t as usize], true) {
                continue;
            }
            let c = shape.count[t as usize] as i32;
            v.label[top as usize][0] += c;
            v.label[bottom as usize][1] += c;
            h.label[l as usize][0] += c;
            h.label[r as usize][1] += c;
            for x in [top, r, bottom, l] {
                sides.excess[x as usize] += c;
            }
        }
        for a in &around {
            v.free += !a[0] as i32;
            h.free += !a[1] as i32;
            sides.border += a.iter().filter(|&&b| !b).count() as i32;
        }
        for x in 0..labels {
            for a in [&mut v, &mut h] {
                let [e, to] = a.label[x];
                a.sum_g += (e - to).max(0);
            }
            let e = sides.excess[x];
            sides.odd += (e & 1) as i32;
        }
        Balance { fixed, v, h, sides, around }
    }

    /// Puts a tile showing `[top, right, bottom, left]` on cell `k` (`sign` −1), or takes
    /// it off again (`sign` +1).
    #[inline(always)]
    pub fn place(&mut self, k: usize, [top, r, bottom, l]: [u16; 4], sign: i32) {
        let [above, before, below, after] = self.around[k];
        if self.fixed {
            self.v.place(top, bottom, above, below, sign);
            self.h.place(l, r, before, after, sign);
        } else {
            let s = &mut self.sides;
            for (x, facing_placed, facing_unplaced) in
                [(top, above, false), (l, before, false), (bottom, false, below), (r, false, after)]
            {
                // The copy's side leaves the copies left; a matched side leaves the front; a
                // side facing an unplaced cell joins it.
                let front = if facing_placed { sign } else { 0 } - if facing_unplaced { sign } else { 0 };
                s.bump(x, sign - front);
                if !facing_placed && !facing_unplaced {
                    s.border += sign;
                }
            }
        }
    }

    /// Whether the node passes the conditions (if not, it has no solution).
    #[inline(always)]
    pub fn ok(&self) -> bool {
        if self.fixed { self.v.ok() && self.h.ok() } else { self.sides.ok() }
    }
}
