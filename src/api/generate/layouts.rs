//! The layouts of derived clues drawn for each puzzle (`src/lower/layout.rs`): areas around
//! the sampled solution, repaired while the puzzle they make has a second solution; tiles
//! cut from a random grid of edge labels. This file turns the model's cells and the slots'
//! texts into the plain indices of `src/solve/generate/layout.rs` and back.
use super::{Failure, fail};
use crate::diag::{Code, Diagnostic, Span};
use crate::lower::derive::Derived;
use crate::lower::layout::{AreaCount, Layout};
use crate::lower::model::Model;
use crate::lower::xcc::Meaning;
use crate::solve::generate::SplitMix64;
use crate::solve::generate::layout::{Counted, Geometry, components, edge_labels, move_clue, partition, repair};

pub(super) enum Drawer {
    /// No layout: every clue is an entry a rule reads.
    Nothing,
    Areas {
        geometry: Geometry,
        /// Per dense cell: its board cell and its slot.
        cells: Vec<usize>,
        labels: Vec<String>,
        counts: Vec<AreaCount>,
        /// The areas last drawn (per dense cell).
        area: Vec<u32>,
    },
    Tiles {
        sides: Vec<[Option<u32>; 4]>,
        order: Vec<usize>,
        labels: Vec<String>,
    },
    Islands {
        geometry: Geometry,
        /// Per dense cell: its board cell (and slot).
        cells: Vec<usize>,
        values: Vec<usize>,
        empty: String,
        /// The last drawing: each cell's area, the areas' cells, the cell of each area's clue.
        area: Vec<u32>,
        members: Vec<Vec<u32>>,
        clue: Vec<u32>,
    },
}

impl Drawer {
    pub(super) fn new(model: &Model, d: &Derived, declared: Span) -> Result<Drawer, Failure> {
        let Some(layout) = &d.layout else { return Ok(Drawer::Nothing) };
        let board = model.board.as_ref().ok_or_else(|| {
            fail(
                Diagnostic::new(Code::E111, declared, format!("the clues of `{}` are drawn on a board", d.data))
                    .label("no board")
                    .help("declare the board the areas split or the tiles are placed on"),
            )
        })?;
        match layout {
            Layout::Areas(a) => {
                if let Some(once) = a.once {
                    return Err(fail(
                        Diagnostic::new(
                            Code::E111,
                            once,
                            format!("areas drawn from a solution cannot hold each value once: `{}` is a layout of `{}`", a.family, d.data),
                        )
                        .label("each value once in areas the generator draws")
                        .related(declared, "the areas are declared drawn here")
                        .help(format!(
                            "drawn areas serve counts only (`each {0} holds exactly 1 of '*'`); for a jigsaw, read the regions from the instance and generate the givens: `clues given grid, empty '.'` instead of `clues in {1} follow from the solution`",
                            a.family, d.data
                        )),
                    ));
                }
                let cells: Vec<usize> = a.cell.iter().flatten().copied().collect();
                let geometry = Geometry { neighbours: crate::lower::layout::neighbours(board, &cells) };
                Ok(Drawer::Areas {
                    geometry,
                    cells,
                    labels: a.labels.clone(),
                    counts: a.counts.clone(),
                    area: Vec::new(),
                })
            }
            Layout::Islands(i) => {
                let Some(empty) = d.empty.clone() else {
                    return Err(fail(
                        Diagnostic::new(
                            Code::E111,
                            declared,
                            format!("the entries of `{}` without a clue need their text", d.data),
                        )
                        .label("no `empty`")
                        .help("say how a cell without a clue is written: `, empty '-'`"),
                    ));
                };
                let cells: Vec<usize> = i.cell.iter().flatten().copied().collect();
                let geometry = Geometry { neighbours: crate::lower::layout::neighbours(board, &cells) };
                Ok(Drawer::Islands {
                    geometry,
                    cells,
                    values: i.values.clone(),
                    empty,
                    area: Vec::new(),
                    members: Vec::new(),
                    clue: Vec::new(),
                })
            }
            Layout::Tiles { order } => {
                let on: Vec<usize> = (0..board.on.len()).filter(|&c| board.on[c]).collect();
                let tiles = d.slots.len() / order.len().max(1);
                if tiles != on.len() {
                    return Err(fail(
                        Diagnostic::new(
                            Code::E111,
                            declared,
                            format!(
                                "the instance lists {} for a board of {}",
                                crate::diag::plural(tiles, "tile"),
                                crate::diag::plural(on.len(), "cell")
                            ),
                        )
                        .label("tiles cut from the board's cells")
                        .related(board.span, "the board")
                        .help("give an instance with one tile per cell of the board (their labels are replaced)"),
                    ));
                }
                let sides = crate::lower::layout::sides(board, &on);
                Ok(Drawer::Tiles { sides, order: order.clone(), labels: d.labels.clone() })
            }
        }
    }

    /// Whether the puzzle needs a solution of the clue-free puzzle (tiles make their own).
    pub(super) fn samples(&self) -> bool {
        !matches!(self, Drawer::Tiles { .. })
    }

    /// The options a sample leans away from (`lowered`'s meanings): for islands, a cell
    /// taking an island value, so that the areas come out as small as the other rules let
    /// them (big areas rarely have one shape their clue fixes).
    pub(super) fn later(&self, meanings: &[Meaning]) -> Vec<bool> {
        let Drawer::Islands { values, .. } = self else { return Vec::new() };
        meanings.iter().map(|m| matches!(m, Meaning::Fill { value, .. } if values.contains(value))).collect()
    }

    /// How many repairs a puzzle may take.
    pub(super) fn repairs(&self) -> usize {
        match self {
            Drawer::Areas { labels, .. } => 20 * labels.len(),
            Drawer::Islands { cells, .. } => cells.len(),
            _ => 0,
        }
    }

    /// Draws the layout for the solution `fill` into the slots' `texts`; `Err` says why this
    /// draw failed (the caller tries another solution).
    pub(super) fn draw(
        &mut self,
        fill: Option<&[Option<usize>]>,
        texts: &mut [String],
        rng: &mut SplitMix64,
    ) -> Result<(), String> {
        match self {
            Drawer::Nothing => Ok(()),
            Drawer::Areas { geometry, cells, labels, counts, area } => {
                let fill = fill.ok_or("the solution fills no board")?;
                let counted = counted(counts, cells, fill);
                *area = partition(geometry, labels.len(), &counted, rng)
                    .ok_or("the areas drawn around a solution did not meet their counts")?;
                write_areas(cells, labels, area, texts);
                Ok(())
            }
            Drawer::Islands { geometry, cells, values, empty, area, members, clue } => {
                let fill = fill.ok_or("the solution fills no board")?;
                let inside = inside(cells, values, fill);
                (*area, *members) = components(geometry, &inside);
                *clue = members.iter().map(|m| m[rng.below(m.len())]).collect();
                write_islands(cells, members, clue, empty, texts);
                Ok(())
            }
            Drawer::Tiles { sides, order, labels } => {
                let mut tiles = edge_labels(sides, labels.len(), rng);
                rng.shuffle(&mut tiles);
                for (k, tile) in tiles.iter().enumerate() {
                    for (j, &side) in order.iter().enumerate() {
                        texts[k * order.len() + j] = labels[tile[side]].clone();
                    }
                }
                Ok(())
            }
        }
    }

    /// A second solution `other` beside the sampled `fill`: redraw so that it no longer fits;
    /// `false` when nothing can be changed.
    pub(super) fn repair(
        &mut self,
        fill: &[Option<usize>],
        other: &[Option<usize>],
        texts: &mut [String],
        rng: &mut SplitMix64,
    ) -> bool {
        if let Drawer::Islands { cells, values, empty, area, members, clue, .. } = self {
            if !move_clue(area, clue, &inside(cells, values, other), rng) {
                return false;
            }
            write_islands(cells, members, clue, empty, texts);
            return true;
        }
        let Drawer::Areas { geometry, cells, labels, counts, area } = self else { return false };
        let sampled = counted(counts, cells, fill);
        let other: Vec<Vec<bool>> = counted(counts, cells, other).into_iter().map(|c| c.counted).collect();
        if !repair(geometry, area, &sampled, &other, rng) {
            return false;
        }
        write_areas(cells, labels, area, texts);
        true
    }
}

/// The counts on a solution, over the dense cells.
fn counted(counts: &[AreaCount], cells: &[usize], fill: &[Option<usize>]) -> Vec<Counted> {
    counts
        .iter()
        .map(|c| Counted {
            counted: cells
                .iter()
                .map(|&b| fill.get(b).copied().flatten().is_some_and(|v| c.values.contains(&v)))
                .collect(),
            lo: c.lo,
            hi: c.hi,
        })
        .collect()
}

/// The areas as labels: the area met first in reading order takes the first label, and so
/// on, so the letters run as an instance's usually do.
fn write_areas(cells: &[usize], labels: &[String], area: &[u32], texts: &mut [String]) {
    let mut named = vec![usize::MAX; labels.len()];
    let mut next = 0;
    for (i, &cell) in cells.iter().enumerate() {
        let a = area[i] as usize;
        if named[a] == usize::MAX {
            named[a] = next;
            next += 1;
        }
        texts[cell] = labels[named[a]].clone();
    }
}

/// Whether each dense cell's value is one of `values` in `fill`.
fn inside(cells: &[usize], values: &[usize], fill: &[Option<usize>]) -> Vec<bool> {
    cells.iter().map(|&b| fill.get(b).copied().flatten().is_some_and(|v| values.contains(&v))).collect()
}

/// The islands' clues: each area's size at its clue cell, `empty` at every other cell.
fn write_islands(cells: &[usize], members: &[Vec<u32>], clue: &[u32], empty: &str, texts: &mut [String]) {
    for &cell in cells {
        texts[cell] = empty.to_string();
    }
    for (m, &c) in members.iter().zip(clue) {
        texts[cells[c as usize]] = m.len().to_string();
    }
}
