//! The invariants documented on [`XccProblem`], checked. Engines may assume them.

use std::collections::HashSet;

use super::{Colour, Global, ItemKind, NO_NODE, XccProblem};

impl XccProblem {
    /// Checks every invariant listed on [`XccProblem`]; the message names the first
    /// violation found. Engines rely on these and need not re-check them.
    pub fn validate(&self) -> Result<(), String> {
        self.validate_items()?;
        self.validate_layout()?;
        self.validate_colour_names()?;
        (0..self.option_count()).try_for_each(|o| self.validate_option(o))?;
        self.globals.iter().try_for_each(|g| self.validate_global(g))
    }

    fn validate_global(&self, g: &Global) -> Result<(), String> {
        let a = g.area();
        let n = a.nodes();
        if a.in_start.len() != n + 1 || a.adj_start.len() != n + 1 {
            return Err(format!("global `{}`: starts for {n} nodes", a.name));
        }
        if a.in_start.windows(2).any(|w| w[0] > w[1]) || a.in_start[n] as usize != a.ins.len() {
            return Err(format!("global `{}`: bad in_start", a.name));
        }
        if a.adj_start.windows(2).any(|w| w[0] > w[1]) || a.adj_start[n] as usize != a.adj.len() {
            return Err(format!("global `{}`: bad adj_start", a.name));
        }
        if let Global::Areas { clue, .. } = g
            && clue.len() != n
        {
            return Err(format!("global `{}`: {} clues for {n} nodes", a.name, clue.len()));
        }
        if let Global::NotAll { group_start, groups, .. } = g
            && (group_start.first() != Some(&0)
                || group_start.windows(2).any(|w| w[0] > w[1])
                || *group_start.last().unwrap() as usize != groups.len()
                || groups.iter().any(|&v| v as usize >= n))
        {
            return Err(format!("global `{}`: bad groups", a.name));
        }
        if let Global::Counts { group_start, groups, bounds, .. } = g
            && (group_start.first() != Some(&0)
                || group_start.windows(2).any(|w| w[0] > w[1])
                || *group_start.last().unwrap() as usize != groups.len()
                || bounds.len() + 1 != group_start.len()
                || bounds.iter().any(|&[lo, hi]| lo > hi)
                || groups.iter().any(|&v| v as usize >= n))
        {
            return Err(format!("global `{}`: bad groups", a.name));
        }
        if let Global::Distinct { labels, len, lines, .. } = g
            && (!labels.is_sorted_by_key(|p| p.0)
                || (*len == 0 && !lines.is_empty())
                || (*len > 0 && lines.len() % *len as usize != 0)
                || lines.iter().any(|&v| v != NO_NODE && v as usize >= n))
        {
            return Err(format!("global `{}`: bad lines", a.name));
        }
        if let Global::Shapes { region, at, .. } = g
            && (region.len() != n || at.len() != n)
        {
            return Err(format!("global `{}`: {} regions for {n} nodes", a.name, region.len()));
        }
        if let Global::Loop { ends, paths, .. } = g
            && (ends.len() != a.ins.len()
                || ends.iter().any(|&[u, v]| u as usize >= n || (v as usize >= n && !(*paths && v == NO_NODE))))
        {
            return Err(format!("global `{}`: bad ends", a.name));
        }
        if let Global::Pairs { left, .. } = g
            && left.len() != a.ins.len()
        {
            return Err(format!("global `{}`: {} sides for {} options", a.name, left.len(), a.ins.len()));
        }
        if let Global::Linked { ends, points, .. } = g
            && (ends.len() != n || ends.iter().flatten().any(|&v| v >= *points))
        {
            return Err(format!("global `{}`: bad links", a.name));
        }
        if let Global::Sized { labels, size, .. } = g
            && (labels.windows(2).any(|w| w[0].0 >= w[1].0)
                || labels.iter().any(|&(o, l)| o.0 as usize >= self.option_count() || l as usize >= size.len())
                || a.ins.iter().any(|o| labels.binary_search_by_key(o, |p| p.0).is_err()))
        {
            return Err(format!("global `{}`: bad labels", a.name));
        }
        if let Global::Loop { sides, off, .. } = g
            && (off.0 as usize >= self.colour_names.len()
                || *off == Colour::NONE
                || sides.iter().any(|(it, ends)| {
                    (it.0 as usize) < self.n_primary
                        || it.0 as usize >= self.items.len()
                        || ends.iter().any(|&v| v as usize >= n)
                }))
        {
            return Err(format!("global `{}`: bad sides", a.name));
        }
        for k in 0..n {
            let item = a.node_item[k];
            if item.0 as usize >= self.n_primary
                || self.items[item.0 as usize].kind != (ItemKind::Primary { lo: 1, hi: 1 })
            {
                return Err(format!("global `{}`: node {k} is not a primary item covered once", a.name));
            }
            if a.node_item[..k].contains(&item) {
                return Err(format!("global `{}`: item {} is two nodes", a.name, item.0));
            }
            for o in a.ins_of(k) {
                if o.0 as usize >= self.option_count() || !self.option(*o).iter().any(|e| e.item == item) {
                    return Err(format!(
                        "global `{}`: option {} is listed in node {k} but does not cover it",
                        a.name, o.0
                    ));
                }
            }
            if a.neighbours(k).iter().any(|&m| m as usize >= n || !a.neighbours(m as usize).contains(&(k as u32))) {
                return Err(format!("global `{}`: node {k}'s edges are not symmetric", a.name));
            }
        }
        Ok(())
    }

    fn validate_items(&self) -> Result<(), String> {
        if self.n_primary > self.items.len() {
            return Err(format!("n_primary {} exceeds {} items", self.n_primary, self.items.len()));
        }
        let mut names = HashSet::new();
        for (k, item) in self.items.iter().enumerate() {
            match (k < self.n_primary, item.kind) {
                (true, ItemKind::Primary { lo, hi }) if hi >= 1 && lo <= hi => {}
                (true, ItemKind::Primary { lo, hi }) => {
                    return Err(format!("item {k} `{}`: bad multiplicity {lo}..{hi}", item.name));
                }
                (false, ItemKind::Secondary) => {}
                _ => return Err(format!("item {k} `{}` is on the wrong side of n_primary", item.name)),
            }
            if item.name.is_empty() {
                return Err(format!("item {k} has an empty name"));
            }
            if !names.insert(item.name.as_str()) {
                return Err(format!("item name `{}` is used twice", item.name));
            }
        }
        Ok(())
    }

    fn validate_colour_names(&self) -> Result<(), String> {
        if self.colour_names.first().map(String::as_str) != Some("") {
            return Err("colour_names[0] must be the empty string".into());
        }
        let mut names = HashSet::new();
        for (c, name) in self.colour_names.iter().enumerate().skip(1) {
            if name.is_empty() || !names.insert(name.as_str()) {
                return Err(format!("colour {c} has an empty or repeated name `{name}`"));
            }
        }
        Ok(())
    }

    fn validate_layout(&self) -> Result<(), String> {
        if self.option_start.first() != Some(&0) {
            return Err("option_start must start with 0".into());
        }
        if self.option_start.windows(2).any(|w| w[0] > w[1]) {
            return Err("option_start decreases".into());
        }
        if *self.option_start.last().unwrap() as usize != self.option_items.len() {
            return Err("option_start does not end at option_items.len()".into());
        }
        if self.option_names.len() != self.option_count() {
            return Err(format!("{} option names for {} options", self.option_names.len(), self.option_count()));
        }
        Ok(())
    }

    fn validate_option(&self, o: usize) -> Result<(), String> {
        let entries = &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
        let mut seen = HashSet::new();
        for e in entries {
            let k = e.item.0 as usize;
            if k >= self.items.len() {
                return Err(format!("option {o} names item {k}, which does not exist"));
            }
            if !seen.insert(k) {
                return Err(format!("option {o} names item `{}` twice", self.items[k].name));
            }
            if e.colour.0 as usize >= self.colour_names.len() {
                return Err(format!("option {o} uses unknown colour {}", e.colour.0));
            }
            if k < self.n_primary && e.colour != Colour::NONE {
                return Err(format!("option {o} colours primary item `{}`", self.items[k].name));
            }
        }
        Ok(())
    }
}
