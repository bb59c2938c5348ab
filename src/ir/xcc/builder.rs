//! Building an [`XccProblem`] incrementally, in whatever order lowering finds things.

use std::collections::HashMap;

use super::{Colour, Entry, Global, Item, ItemId, ItemKind, OptionId, XccProblem};

/// Collects items, colours and options, then lays them out as an [`XccProblem`].
///
/// Items may be added in any order: [`finish`](Self::finish) moves the primary items in
/// front of the secondary ones (keeping the relative order within each kind) and rewrites
/// every option accordingly. The `ItemId`s handed out by the builder are therefore only
/// meaningful to the builder; [`finish_with_map`](Self::finish_with_map) returns the
/// translation when a caller needs the final ids. `OptionId`s and `Colour`s are final.
#[derive(Clone, Debug, Default)]
pub struct XccBuilder {
    items: Vec<Item>,
    colour_names: Vec<String>,
    colour_ids: HashMap<String, Colour>,
    option_names: Vec<String>,
    option_start: Vec<u32>,
    option_items: Vec<Entry>,
    globals: Vec<Global>,
    /// Items taken out again ([`XccBuilder::drop_item`]): no option covers them.
    dropped: Vec<ItemId>,
}

impl XccBuilder {
    pub fn new() -> Self {
        XccBuilder { colour_names: vec![String::new()], option_start: vec![0], ..Default::default() }
    }

    /// A primary item covered at least `lo` and at most `hi` times (`1, 1` for exact cover).
    pub fn add_primary(&mut self, name: impl Into<String>, lo: u32, hi: u32) -> ItemId {
        self.push_item(name.into(), ItemKind::Primary { lo, hi })
    }

    /// A secondary item: covered at most once, or by options that agree on its colour.
    pub fn add_secondary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), ItemKind::Secondary)
    }

    /// Makes an item added as primary secondary (covered at most once): for an item whose
    /// "not covered" was found to stand for an answer after it was added.
    pub fn make_secondary(&mut self, item: ItemId) {
        self.items[item.0 as usize].kind = ItemKind::Secondary;
    }

    /// Takes out an item that no option covers (nor will): a secondary item left with one
    /// option or none constrains nothing, and a matrix without it stays small enough for the
    /// engine of small matrices. Its id must not appear in any option or global.
    pub fn drop_item(&mut self, item: ItemId) {
        self.dropped.push(item);
    }

    /// Whether `item` is (so far) a primary item.
    pub fn is_primary(&self, item: ItemId) -> bool {
        matches!(self.items[item.0 as usize].kind, ItemKind::Primary { .. })
    }

    fn push_item(&mut self, name: String, kind: ItemKind) -> ItemId {
        self.items.push(Item { name, kind });
        ItemId((self.items.len() - 1) as u32)
    }

    /// The colour called `name`, interned on first use. The empty name is `Colour::NONE`.
    pub fn colour(&mut self, name: &str) -> Colour {
        if name.is_empty() {
            return Colour::NONE;
        }
        if let Some(&c) = self.colour_ids.get(name) {
            return c;
        }
        let c = Colour(self.colour_names.len() as u32);
        self.colour_names.push(name.to_owned());
        self.colour_ids.insert(name.to_owned(), c);
        c
    }

    /// An option covering `entries` (builder item ids). Options keep the order of addition.
    pub fn add_option(&mut self, name: impl Into<String>, entries: &[Entry]) -> OptionId {
        self.option_items.extend_from_slice(entries);
        self.option_start.push(self.option_items.len() as u32);
        self.option_names.push(name.into());
        OptionId((self.option_names.len() - 1) as u32)
    }

    /// A global constraint over the options (builder item ids, remapped by `finish`).
    pub fn add_global(&mut self, g: Global) {
        self.globals.push(g);
    }

    /// The names of the items added so far.
    pub fn item_names(&self) -> impl Iterator<Item = &str> {
        self.items.iter().map(|i| i.name.as_str())
    }

    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    pub fn option_count(&self) -> usize {
        self.option_names.len()
    }

    /// The finished problem. Call [`XccProblem::validate`] to check what the builder
    /// does not (repeated items in an option, colours on primary items, names).
    pub fn finish(self) -> XccProblem {
        self.finish_with_map().0
    }

    /// The finished problem and, for each builder item id, the item's final id.
    pub fn finish_with_map(self) -> (XccProblem, Vec<ItemId>) {
        let is_primary = |it: &Item| matches!(it.kind, ItemKind::Primary { .. });
        let mut kept = vec![true; self.items.len()];
        self.dropped.iter().for_each(|d| kept[d.0 as usize] = false);
        let n_primary = self.items.iter().zip(&kept).filter(|&(it, &k)| k && is_primary(it)).count();
        let mut map = Vec::with_capacity(self.items.len());
        let (mut next_p, mut next_s) = (0u32, n_primary as u32);
        for (it, &k) in self.items.iter().zip(&kept) {
            if !k {
                map.push(ItemId(u32::MAX));
                continue;
            }
            let slot = if is_primary(it) { &mut next_p } else { &mut next_s };
            map.push(ItemId(*slot));
            *slot += 1;
        }
        let mut items = vec![Item { name: String::new(), kind: ItemKind::Secondary }; next_s as usize];
        for (old, it) in self.items.into_iter().enumerate().filter(|&(old, _)| kept[old]) {
            items[map[old].0 as usize] = it;
        }
        let remap = |e: Entry| Entry { item: map.get(e.item.0 as usize).copied().unwrap_or(e.item), colour: e.colour };
        let option_items = self.option_items.into_iter().map(remap).collect();
        let mut globals = self.globals;
        globals.iter_mut().for_each(|g| g.map_items(&map));
        let problem = XccProblem {
            items,
            n_primary,
            option_names: self.option_names,
            option_start: self.option_start,
            option_items,
            colour_names: self.colour_names,
            globals,
            weighted: false,
            induced: false,
        };
        (problem, map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaved_items_are_reordered_primary_first() {
        let mut b = XccBuilder::new();
        let s = b.add_secondary("s");
        let p = b.add_primary("p", 1, 1);
        let red = b.colour("red");
        assert_eq!(b.colour("red"), red);
        assert_eq!(b.colour(""), Colour::NONE);
        b.add_option("o", &[Entry { item: s, colour: red }, Entry { item: p, colour: Colour::NONE }]);
        let (x, map) = b.finish_with_map();
        assert_eq!(map, vec![ItemId(1), ItemId(0)]);
        assert_eq!(x.n_primary, 1);
        assert_eq!(x.items[0].name, "p");
        assert_eq!(x.option(OptionId(0))[0].item, ItemId(1));
        assert_eq!(x.colour_names, vec!["".to_string(), "red".to_string()]);
        assert_eq!(x.validate(), Ok(()));
    }
}
