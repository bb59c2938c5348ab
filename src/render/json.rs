//! JSON answers (`--format json`): one object per instance, on one line.
use crate::lower::model::Model;
use crate::solve::answer::Answer;
use serde_json::{Value as Json, json};

pub fn xcc_answer(model: &Model, ans: &Answer) -> Json {
    let mut obj = serde_json::Map::new();
    if let (Some(board), Some(fill)) = (&model.board, &ans.fill) {
        let rows: Vec<Json> = (0..board.rows)
            .map(|r| {
                Json::Array(
                    (0..board.cols)
                        .map(|c| fill[r * board.cols + c].map_or(Json::Null, |v| value(&board.values[v])))
                        .collect(),
                )
            })
            .collect();
        obj.insert("grid".into(), Json::Array(rows));
    }
    if let Some(board) = &model.board
        && !ans.placed.is_empty()
    {
        let placed: Vec<Json> = ans
            .placed
            .iter()
            .map(|p| {
                let cells: Vec<Json> = p.cells.iter().map(|&c| json!(board.coord(c))).collect();
                let mut o = json!({ "piece": model.pieces[p.piece].label, "number": p.number, "cells": cells });
                if let Some(e) = &p.edges {
                    // Numbers stay numbers, as in `grid` (`value`); other labels are strings.
                    o["edges"] = Json::Array(e.iter().map(value).collect());
                }
                o
            })
            .collect();
        obj.insert("placements".into(), Json::Array(placed));
    }
    if let (Some(rule), Some(used)) = (&model.loop_rule, &ans.loop_edges) {
        obj.insert("loop".into(), super::loops::json(rule, used));
    }
    if let (Some(rule), Some(drawn)) = (&model.bridges, &ans.bridges) {
        obj.insert("bridges".into(), super::bridges::json(rule, drawn));
    }
    if !ans.direct.is_empty() {
        obj.insert("options".into(), ans.direct.iter().map(|&o| json!(model.options[o].name)).collect());
    }
    Json::Object(obj)
}

fn value(v: &crate::lower::value::Value) -> Json {
    match v {
        crate::lower::value::Value::Int(n) => json!(n),
        other => json!(other.to_string()),
    }
}
