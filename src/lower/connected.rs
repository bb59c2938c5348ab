//! Connected areas of a filled board: `the '.' cells are connected` (Hitori, Nurikabe's sea,
//! LITS, Heyawake) and `each area of '.' cells holds one clue of clues, its size` (Nurikabe's
//! islands). Elaborated from the spec here, and lowered to *global constraints* of the
//! exact-cover problem (`ir/xcc/global.rs`), not to items: no set of items says
//! "connected". Each cell is a node (its `cell(r,c)` item), the options "cell takes v" for
//! the rule's values put it in the area, and the graph joins the cells that share a side (on
//! triangles and hexagons, `lattice.rs`'s neighbours by a side). The engine checks the
//! constraint after every choice (`solve/xcc/cells/global.rs`) and the verifier again on the
//! filled grid (`solve/verify/connected.rs`).
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{Areas, Block, Board, Connected, Model};
use super::value::Value;
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Global, ItemId, OptionId, XccBuilder};
use crate::syntax::ast::{Expr, Lattice};

impl Elab<'_> {
    /// `the v cells are connected`.
    pub(super) fn connected(&mut self, of: &Expr, span: Span) -> R<()> {
        let board = self.counted_board(span)?;
        let values = self.board_values(&board, of)?;
        self.model.connected.push(Connected { values, span });
        Ok(())
    }

    /// `each area of v cells holds one clue of clues(, its size)`.
    pub(super) fn areas(&mut self, of: &Expr, clues: &Expr, sized: bool, span: Span) -> R<()> {
        let board = self.counted_board(span)?;
        let values = self.board_values(&board, of)?;
        // Probe mode, the clues derived: the areas get their clues from a solution.
        if self.layout_islands(clues, &values, &board.on) {
            return Ok(());
        }
        let rows = self.clue_grid(
            clues,
            board.rows,
            board.cols,
            "read them with `grid clues[rows, cols] from instance`, a number in each clue cell",
        )?;
        let mut out = vec![None; board.rows * board.cols];
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                let cell = r * board.cols + c;
                match v {
                    Value::Int(n) if *n >= 1 && *n <= u32::MAX as i64 && board.on[cell] => out[cell] = Some(*n as u32),
                    Value::Int(n) if board.on[cell] => {
                        return Err(Diagnostic::new(Code::G207, clues.span, format!("a clue of {n} at ({r}, {c})"))
                            .label("clues are numbers from 1")
                            .help("an area holds at least its clue cell: clues are 1 or more"));
                    }
                    Value::Tuple(_) | Value::List(_) | Value::Map(_) => {
                        return Err(type_error("a grid of labels", v, clues.span, "a clue cell holds a number"));
                    }
                    _ => {}
                }
            }
        }
        self.model.areas.push(Areas { values, clues: out, sized, span });
        Ok(())
    }

    /// `no h by w block of v`.
    pub(super) fn block(&mut self, rows: &Expr, cols: &Expr, of: &Expr, span: Span) -> R<()> {
        let board = self.counted_board(span)?;
        if board.lattice != Lattice::Squares {
            return Err(Diagnostic::new(Code::E105, span, "blocks of rows and columns need a board of squares")
                .label("a block rule on triangles or hexagons")
                .help("use `lattice squares` (the default), or say the rule with regions and counts"));
        }
        let values = self.board_values(&board, of)?;
        let mut size = [0usize; 2];
        for (k, e) in [rows, cols].into_iter().enumerate() {
            let n = self.env.eval_int(e, "the block's rows and columns")?;
            if !(1..=1000).contains(&n) {
                return Err(Diagnostic::new(Code::G207, e.span, format!("a block of {n}"))
                    .label("bad block size")
                    .help("a block has 1 or more rows and columns: `no 2 by 2 block of '#'`"));
            }
            size[k] = n as usize;
        }
        self.model.blocks.push(Block { rows: size[0], cols: size[1], values, span });
        Ok(())
    }
}

/// Whether "cell takes value `v`" is left out: a clue cell holds a value of its areas.
pub fn forbids(model: &Model, cell: usize, v: usize) -> bool {
    model.areas.iter().any(|a| a.clues[cell].is_some() && !a.values.contains(&v))
}

/// The global constraints of the model's connected and area rules. `cell_item` is each
/// cell's builder item; `meanings[o]` says what option `o` means.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("connected rules are elaborated on a board");
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    let shown = |values: &[usize]| values.iter().map(|&v| names[v].as_str()).collect::<Vec<_>>().join("/");
    for rule in &model.connected {
        let area = area(board, cell_item, meanings, &rule.values, format!("connected({})", shown(&rule.values)));
        b.add_global(Global::Connected(area));
    }
    for rule in &model.areas {
        let area = area(board, cell_item, meanings, &rule.values, format!("areas({})", shown(&rule.values)));
        let clue = (0..board.on.len()).filter(|&c| board.on[c]).map(|c| rule.clues[c].unwrap_or(0)).collect();
        b.add_global(Global::Areas { area, clue, sized: rule.sized });
    }
    for rule in &model.blocks {
        let name = format!("block{}x{}({})", rule.rows, rule.cols, shown(&rule.values));
        let area = area(board, cell_item, meanings, &rule.values, name);
        let mut node = vec![u32::MAX; board.on.len()];
        (0..board.on.len()).filter(|&c| board.on[c]).enumerate().for_each(|(k, c)| node[c] = k as u32);
        let (mut group_start, mut groups) = (vec![0], Vec::new());
        for r in 0..(board.rows + 1).saturating_sub(rule.rows) {
            for c in 0..(board.cols + 1).saturating_sub(rule.cols) {
                let cells: Vec<usize> =
                    (r..r + rule.rows).flat_map(|a| (c..c + rule.cols).map(move |b| a * board.cols + b)).collect();
                // A hole holds no value, so a block with one can never be full.
                if cells.iter().all(|&x| board.on[x]) {
                    groups.extend(cells.iter().map(|&x| node[x]));
                    group_start.push(groups.len() as u32);
                }
            }
        }
        b.add_global(Global::NotAll { area, group_start, groups });
    }
}

/// The cells of every `rows` × `cols` block of the board, for the symmetry check.
pub fn block_cells(board: &Board, rule: &Block) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for r in 0..(board.rows + 1).saturating_sub(rule.rows) {
        for c in 0..(board.cols + 1).saturating_sub(rule.cols) {
            out.push((r..r + rule.rows).flat_map(|a| (c..c + rule.cols).map(move |b| a * board.cols + b)).collect());
        }
    }
    out
}

/// The board's cells as nodes (holes left out), the options putting each in the area, and
/// the cells' neighbours by a side.
fn area(board: &Board, cell_item: &[Option<ItemId>], meanings: &[Meaning], values: &[usize], name: String) -> Area {
    let mut node = vec![u32::MAX; board.on.len()];
    let mut a = Area { name, in_start: vec![0], adj_start: vec![0], ..Area::default() };
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        node[cell] = a.node_item.len() as u32;
        a.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
    }
    let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); a.node_item.len()];
    for (o, m) in meanings.iter().enumerate() {
        if let Meaning::Fill { cell, value } = m
            && values.contains(value)
        {
            ins[node[*cell] as usize].push(OptionId(o as u32));
        }
    }
    for (cell, list) in (0..board.on.len()).filter(|&c| board.on[c]).zip(&ins) {
        a.ins.extend_from_slice(list);
        a.in_start.push(a.ins.len() as u32);
        let near = super::lattice::touching(board.lattice, board.rows, board.cols, cell, false);
        a.adj.extend(near.into_iter().filter(|&m| board.on[m]).map(|m| node[m]));
        a.adj_start.push(a.adj.len() as u32);
    }
    a
}
