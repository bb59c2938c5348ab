//! Rules on each region's cells of some values (LITS):
//! - `the '#' cells of each room are connected`: within every region of the families, the
//!   cells holding one of the values form one area joined by sides (an empty set counts as
//!   connected). Lowered to one `Global::Connected` per region, whose nodes are the region's
//!   cells and whose graph joins those of them that share a side: the connectivity propagator
//!   of `the v cells are connected` (`solve/xcc/cells/global.rs`), region by region.
//! - `no two congruent shapes of '#' in room touch`: a region's *shape* is its cells holding
//!   one of the values; when a cell of one shape shares a side with a cell of another
//!   region's shape, the two shapes are not congruent (equal after a move, a rotation or a
//!   reflection). Lowered to one `Global::Shapes` over the board's cells, each with its
//!   region (`solve/xcc/cells/global/shapes.rs` compares the shapes of regions once they are
//!   decided); the regions must not overlap (G206), on a board of squares (E105).
//!
//! Both are checked again by the verifier on the filled grid (`solve/verify/shapes.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, ConnectedEach, Model, Shapes};
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Area, Global, ItemId, NO_NODE, OptionId, XccBuilder};
use crate::syntax::ast::{Ident, Lattice, RegionsDecl};

impl Elab<'_> {
    /// `the v cells of each r1, r2 are connected`.
    pub(super) fn connected_each(&mut self, d: &RegionsDecl) -> R<()> {
        let board =
            self.filled_board(d.span, "connected cells of each region constrain", "board grid[n, n] of ['.', '#']")?;
        let values = self.board_values(&board, &d.of)?;
        let regions = self.regions_of(&d.regions, &board);
        self.model.connected_each.push(ConnectedEach { values, regions, span: d.span });
        Ok(())
    }

    /// `no two congruent shapes of v in r1, r2 touch`.
    pub(super) fn shapes(&mut self, d: &RegionsDecl) -> R<()> {
        let board = self.filled_board(d.span, "shapes of regions constrain", "board grid[n, n] of ['.', '#']")?;
        if board.lattice != Lattice::Squares {
            return Err(Diagnostic::new(Code::E105, d.span, "congruent shapes are compared on a board of squares")
                .label("a shapes rule on triangles or hexagons")
                .help("use `lattice squares` (the default)"));
        }
        let values = self.board_values(&board, &d.of)?;
        let regions = self.regions_of(&d.regions, &board);
        let mut owner: Vec<Option<&str>> = vec![None; board.on.len()];
        for (name, cells) in &regions {
            for &c in cells {
                if let Some(other) = owner[c] {
                    let (r, col) = board.coord(c);
                    return Err(Diagnostic::new(
                        Code::G206,
                        d.span,
                        format!("cell ({r}, {col}) is in `{other}` and in `{name}`"),
                    )
                    .label("a cell in two regions of the rule")
                    .help("each cell belongs to one region's shape: name families whose regions do not overlap"));
                }
                owner[c] = Some(name);
            }
        }
        self.model.shapes.push(Shapes { values, regions, span: d.span });
        Ok(())
    }

    /// The regions of the named families, each with its cells on the board (E101 for a name
    /// that is no region family, reported here and skipped).
    pub(super) fn regions_of(&mut self, names: &[Ident], board: &Board) -> Vec<(String, Vec<usize>)> {
        let mut out = Vec::new();
        for r in names {
            let Some(family) = self.region_families.get(&r.name).cloned() else {
                if !self.broken.contains(&r.name) {
                    self.diags.push(self.unknown(r, "region", self.region_families.keys()));
                }
                continue;
            };
            for (name, cells, _) in family.iter() {
                out.push((name.to_string(), cells.iter().copied().filter(|&c| board.on[c]).collect()));
            }
        }
        out
    }
}

/// The global constraints of the model's per-region connected and shapes rules. `cell_item`
/// is each cell's builder item; `meanings[o]` says what option `o` means.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("shapes rules are elaborated on a board");
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    let shown = |values: &[usize]| values.iter().map(|&v| names[v].as_str()).collect::<Vec<_>>().join("/");
    // Per cell, the options putting it in (a value of `values`).
    let ins_of = |values: &[usize]| {
        let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); board.on.len()];
        for (o, m) in meanings.iter().enumerate() {
            if let Meaning::Fill { cell, value } = m
                && values.contains(value)
            {
                ins[*cell].push(OptionId(o as u32));
            }
        }
        ins
    };
    for rule in &model.connected_each {
        let ins = ins_of(&rule.values);
        for (name, cells) in &rule.regions {
            let area = area(
                board,
                cell_item,
                &ins,
                cells,
                format!("connected({})@{}", shown(&rule.values), name.replace(' ', "")),
            );
            b.add_global(Global::Connected(area));
        }
    }
    for rule in &model.shapes {
        let ins = ins_of(&rule.values);
        let cells: Vec<usize> = (0..board.on.len()).filter(|&c| board.on[c]).collect();
        let area = area(board, cell_item, &ins, &cells, format!("shapes({})", shown(&rule.values)));
        let mut region = vec![NO_NODE; board.on.len()];
        for (k, (_, members)) in rule.regions.iter().enumerate() {
            members.iter().for_each(|&c| region[c] = k as u32);
        }
        let region = cells.iter().map(|&c| region[c]).collect();
        let at = cells.iter().map(|&c| [(c / board.cols) as u32, (c % board.cols) as u32]).collect();
        b.add_global(Global::Shapes { area, region, at });
    }
}

/// An area over `cells` (in that order) with the options `ins[cell]` putting each in, joined
/// where two of them share a side.
fn area(board: &Board, cell_item: &[Option<ItemId>], ins: &[Vec<OptionId>], cells: &[usize], name: String) -> Area {
    let mut node = vec![u32::MAX; board.on.len()];
    cells.iter().enumerate().for_each(|(n, &c)| node[c] = n as u32);
    let mut a = Area { name, in_start: vec![0], adj_start: vec![0], ..Area::default() };
    for &cell in cells {
        a.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
        a.ins.extend_from_slice(&ins[cell]);
        a.in_start.push(a.ins.len() as u32);
        let near = super::lattice::touching(board.lattice, board.rows, board.cols, cell, false);
        a.adj.extend(near.into_iter().filter(|&m| node[m] != u32::MAX).map(|m| node[m]));
        a.adj_start.push(a.adj.len() as u32);
    }
    a
}
