//! Sized areas of a filled board: `each area of equal values has size its value` (Fillomino)
//! and `each area of '#' cells has size 2` (Norinori). An *area* is a largest set of cells
//! joined by sides (on triangles and hexagons, `lattice.rs`'s neighbours by a side) that hold
//! values of one *label*: with `equal values` every value is its own label, with `v cells`
//! the listed values share one label and the others are in no area. Every area of a label
//! has that label's size: its value (`its value`, the board's values are numbers from 1) or
//! the number given.
//!
//! Elaborated here into `Model::sized`, and lowered, like `connected`, to a *global
//! constraint* of the exact-cover problem, not to items (no set of items says "this area has
//! five cells" without listing every polyomino): `Global::Sized` (`ir/xcc/global.rs`) whose
//! nodes are the cells (their `cell(r,c)` items), whose options are the "cell takes v" fill
//! options of the labelled values, each with its value's label. The engine prunes it after
//! every choice (`solve/xcc/cells/global/sized.rs`) and the verifier checks the filled grid
//! with a flood fill of its own (`solve/verify/sized.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Model, SizedAreas};
use super::value::Value;
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Area, Global, ItemId, OptionId, XccBuilder};
use crate::syntax::ast::SizedDecl;

impl Elab<'_> {
    /// `each area of (equal values | v cells) has size (its value | k)`.
    pub(super) fn sized(&mut self, d: &SizedDecl) -> R<()> {
        let board = self.filled_board(d.span, "areas and their sizes constrain", "board grid[n, n] of 1..=9")?;
        let label: Vec<Option<u32>> = match &d.of {
            None => (0..board.values.len() as u32).map(Some).collect(),
            Some(of) => {
                let values = self.board_values(&board, of)?;
                (0..board.values.len()).map(|v| values.contains(&v).then_some(0)).collect()
            }
        };
        let labels = label.iter().flatten().max().map_or(0, |&l| l as usize + 1);
        let size = match &d.size {
            None => board
                .values
                .iter()
                .map(|v| match v {
                    Value::Int(n) if *n >= 1 && *n <= u32::MAX as i64 => Ok(*n as u32),
                    _ => Err(Diagnostic::new(Code::G216, d.span, format!("`{v}` is not the size of an area"))
                        .label("each area has size its value")
                        .related(board.span, "the board's values are declared here")
                        .help("with `its value`, the board's values are numbers from 1: `board grid[n, n] of 1..=9`")),
                })
                .collect::<R<Vec<u32>>>()?,
            Some(k) => {
                let n = self.env.eval_int(k, "the areas' size")?;
                if !(1..=u32::MAX as i64).contains(&n) {
                    return Err(Diagnostic::new(Code::G207, k.span, format!("areas of {n} cells"))
                        .label("bad area size")
                        .help("an area has 1 cell or more: `each area of '#' cells has size 2`"));
                }
                vec![n as u32; labels]
            }
        };
        self.model.sized.push(SizedAreas { label, size, span: d.span });
        Ok(())
    }
}

/// The global constraints of the model's sized areas. `cell_item` is each cell's builder item;
/// `meanings[o]` says what option `o` means.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("sized areas are elaborated on a board");
    for rule in &model.sized {
        let shown: Vec<String> =
            (0..board.values.len()).filter(|&v| rule.label[v].is_some()).map(|v| board.values[v].to_string()).collect();
        let mut node = vec![u32::MAX; board.on.len()];
        let mut area = Area {
            name: format!("sized({})", shown.join("/")),
            in_start: vec![0],
            adj_start: vec![0],
            ..Area::default()
        };
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            node[cell] = area.node_item.len() as u32;
            area.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
        }
        let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); area.node_item.len()];
        let mut labels = Vec::new();
        for (o, m) in meanings.iter().enumerate() {
            if let Meaning::Fill { cell, value } = m
                && let Some(l) = rule.label[*value]
            {
                ins[node[*cell] as usize].push(OptionId(o as u32));
                labels.push((OptionId(o as u32), l));
            }
        }
        for (cell, list) in (0..board.on.len()).filter(|&c| board.on[c]).zip(&ins) {
            area.ins.extend_from_slice(list);
            area.in_start.push(area.ins.len() as u32);
            let near = super::lattice::touching(board.lattice, board.rows, board.cols, cell, false);
            area.adj.extend(near.into_iter().filter(|&m| board.on[m]).map(|m| node[m]));
            area.adj_start.push(area.adj.len() as u32);
        }
        b.add_global(Global::Sized { area, labels, size: rule.size.clone() });
    }
}
