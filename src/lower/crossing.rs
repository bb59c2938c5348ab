//! `no line of '.' cells crosses 2 borders of room` (Heyawake: a straight line of unshaded
//! cells never spans more than two rooms). Along every row and column of a board of squares
//! a *border* lies between two cells side by side in different regions of the families (a
//! cell in none of them counts as a region of its own); a line of cells crosses k borders
//! when k of them lie between its first and its last cell. The rule says that no line of
//! cells all holding one of the values crosses `k` borders — it is enough to forbid the
//! shortest ones: from the cell before one border to the cell after the k-th border on.
//!
//! Lowered as `no 2 by 2 block` is, to one `Global::NotAll` whose groups are those shortest
//! lines: no group has all its cells in (`solve/xcc/cells/global.rs`: a full group rejects,
//! a group with one open cell and the others in leaves it out). The verifier checks the
//! filled grid line by line (`solve/verify/crossing.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, Crossing, Model};
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Area, Global, ItemId, OptionId, XccBuilder};
use crate::syntax::ast::{CrossingDecl, Lattice};

impl Elab<'_> {
    /// `no line of v cells crosses k borders of r1, r2`.
    pub(super) fn crossing(&mut self, d: &CrossingDecl) -> R<()> {
        let board = self.filled_board(d.span, "lines across borders constrain", "board grid[n, n] of ['.', '#']")?;
        if board.lattice != Lattice::Squares {
            return Err(Diagnostic::new(
                Code::E105,
                d.span,
                "lines across borders run along rows and columns of squares",
            )
            .label("a crossing rule on triangles or hexagons")
            .help("use `lattice squares` (the default)"));
        }
        let values = self.board_values(&board, &d.of)?;
        let k = self.env.eval_int(&d.borders, "how many borders")?;
        if !(1..=1000).contains(&k) {
            return Err(Diagnostic::new(Code::G207, d.borders.span, format!("a line crossing {k} borders"))
                .label("bad number of borders")
                .help("count 1 border or more: `no line of '.' cells crosses 2 borders of room`"));
        }
        let regions = self.regions_of(&d.regions, &board);
        let mut region = vec![usize::MAX; board.on.len()];
        for (i, (_, cells)) in regions.iter().enumerate() {
            cells.iter().for_each(|&c| region[c] = i);
        }
        self.model.crossings.push(Crossing { values, borders: k as usize, region, span: d.span });
        Ok(())
    }
}

/// The shortest lines of a rule: runs of cells on the board along a row or column that
/// cross exactly `borders` borders, with one just after their first cell and one just
/// before their last.
pub fn lines(board: &Board, rule: &Crossing) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut walk = |line: Vec<usize>| {
        // Split at holes: a line of cells never runs through one.
        for piece in line.split(|&c| !board.on[c]) {
            let cut: Vec<usize> = (0..piece.len().saturating_sub(1))
                .filter(|&i| rule.region[piece[i]] != rule.region[piece[i + 1]])
                .collect();
            for w in cut.windows(rule.borders) {
                out.push(piece[w[0]..=w[rule.borders - 1] + 1].to_vec());
            }
        }
    };
    for r in 0..board.rows {
        walk((0..board.cols).map(|c| r * board.cols + c).collect());
    }
    for c in 0..board.cols {
        walk((0..board.rows).map(|r| r * board.cols + c).collect());
    }
    out
}

/// The global constraints of the model's crossing rules. `cell_item` is each cell's builder
/// item; `meanings[o]` says what option `o` means.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("crossing rules are elaborated on a board");
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    for rule in &model.crossings {
        let shown: Vec<&str> = rule.values.iter().map(|&v| names[v].as_str()).collect();
        let mut node = vec![u32::MAX; board.on.len()];
        let mut area = Area {
            name: format!("crossing{}({})", rule.borders, shown.join("/")),
            in_start: vec![0],
            ..Area::default()
        };
        let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); board.on.len()];
        for (o, m) in meanings.iter().enumerate() {
            if let Meaning::Fill { cell, value } = m
                && rule.values.contains(value)
            {
                ins[*cell].push(OptionId(o as u32));
            }
        }
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            node[cell] = area.node_item.len() as u32;
            area.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
            area.ins.extend_from_slice(&ins[cell]);
            area.in_start.push(area.ins.len() as u32);
        }
        area.adj_start = vec![0; area.node_item.len() + 1];
        let (mut group_start, mut groups) = (vec![0], Vec::new());
        for line in lines(board, rule) {
            groups.extend(line.iter().map(|&c| node[c]));
            group_start.push(groups.len() as u32);
        }
        b.add_global(Global::NotAll { area, group_start, groups });
    }
}
