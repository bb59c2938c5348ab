//! The verifier's check of a chain (`consecutive numbers are beside each other`) on the filled
//! grid, with nothing from lowering or the engine: where each chained number stands is read
//! off the cells, and whether the cells of n and n + 1 touch is the lattice's own geometry
//! (`cells_touch` in `verify.rs`).
use crate::lower::model::Model;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let (Some(board), Some(chain)) = (&model.board, &model.chain) else { return Ok(()) };
    // Per value: the cells holding it.
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); board.values.len()];
    for (cell, v) in fill.iter().enumerate() {
        if let (true, Some(v)) = (board.on[cell], v) {
            at[*v].push(cell);
        }
    }
    for &v in &chain.numbers {
        if at[v].len() != 1 {
            return Err(format!("the number {} stands in {} cells, not one", board.values[v], at[v].len()));
        }
    }
    for &(a, b) in &chain.links {
        let (p, q) = (at[a][0], at[b][0]);
        if !super::cells_touch(board, p, q, chain.diagonal) {
            return Err(format!(
                "{} at {:?} and {} at {:?} are not beside each other",
                board.values[a],
                board.coord(p),
                board.values[b],
                board.coord(q)
            ));
        }
    }
    Ok(())
}
