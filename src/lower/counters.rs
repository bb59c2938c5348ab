//! `counter` statements: the numbers of a played puzzle's state beside its board.
//!
//! A counter is one number (`counter left in 0..=10 = 10`), a list (`counter jug[2] in 0..=5`)
//! or a grid (`counter hand[2, 3] in 0..=4 from instance`) of whole numbers in a range of
//! `0..=255`. The move engine stores each number as one more cell after the board's, so
//! counters are hashed, searched and replayed with the board (see `lower/moves.rs`).
use super::eval::{Env, R, type_error};
use super::instance::InstanceReader;
use super::model::Counter;
use super::value::Value;
use crate::diag::{Code, Diagnostic};
use crate::syntax::ast::{CounterDecl, CounterInit, Expr};

/// The most numbers all counters of a spec may hold together.
pub const MAX_COUNTERS: usize = 1024;

/// Evaluates a `counter` statement: its shape, range and starting numbers (read from the
/// instance, in row order, for `from instance`). `held`: the numbers of the counter
/// statements before it, which count towards [`MAX_COUNTERS`] too.
pub fn elaborate(c: &CounterDecl, env: &mut Env, input: &mut InstanceReader, held: usize) -> R<Counter> {
    let mut dims = Vec::with_capacity(c.dims.len());
    for d in &c.dims {
        let n = env.eval_int(d, "a counter's size is a number")?;
        if !(1..=MAX_COUNTERS as i64).contains(&n) {
            return Err(Diagnostic::new(
                Code::E103,
                d.span,
                format!("a counter's size is 1 to {MAX_COUNTERS}, found {n}"),
            )
            .label("out of range"));
        }
        dims.push(n as usize);
    }
    let len: usize = dims.iter().product();
    if len > MAX_COUNTERS {
        return Err(Diagnostic::new(Code::E103, c.name.span, format!("`{}` holds {len} numbers", c.name.name))
            .label(format!("more than {MAX_COUNTERS}"))
            .help("counters are for a few numbers beside the board; a big state belongs on the board"));
    }
    if held + len > MAX_COUNTERS {
        return Err(Diagnostic::new(
            Code::E103,
            c.name.span,
            format!("`{}` brings the counters to {} numbers", c.name.name, held + len),
        )
        .label(format!("more than {MAX_COUNTERS} in all"))
        .help(format!(
            "the counters before it hold {held}; a spec's counters hold at most {MAX_COUNTERS} numbers together, and a big state belongs on the board"
        )));
    }
    let (lo, hi) = range(&c.range, env)?;
    let out_of = |n: i64| !(lo as i64..=hi as i64).contains(&n);
    let values = match &c.init {
        CounterInit::Least => vec![lo; len],
        CounterInit::Instance(_) => {
            let mut v = Vec::with_capacity(len);
            for _ in 0..len {
                let (n, span) = input.int(format!("counter `{}`", c.name.name))?;
                if out_of(n) {
                    return Err(Diagnostic::new(
                        Code::I304,
                        span,
                        format!("`{}` lies in {lo}..={hi}, but the instance gives {n}", c.name.name),
                    )
                    .label("out of range")
                    .related(c.range.span, "the counter's range"));
                }
                v.push(n as u8);
            }
            v
        }
        CounterInit::Value(e) => {
            let v = env.eval(e)?;
            let mut flat = Vec::with_capacity(len);
            flatten(&v, dims.len(), e, &mut flat)?;
            if flat.len() != len {
                return Err(Diagnostic::new(
                    Code::E103,
                    e.span,
                    format!(
                        "`{}` holds {}, but its value gives {}",
                        c.name.name,
                        crate::diag::plural(len, "number"),
                        flat.len()
                    ),
                )
                .label("wrong number of values"));
            }
            if let Some(&bad) = flat.iter().find(|&&n| out_of(n)) {
                return Err(Diagnostic::new(Code::G204, e.span, format!("{bad} is outside the range {lo}..={hi}"))
                    .label("a starting value out of range")
                    .related(c.range.span, "the counter's range"));
            }
            flat.into_iter().map(|n| n as u8).collect()
        }
    };
    Ok(Counter { name: c.name.name.clone(), span: c.name.span, dims, lo, hi, values })
}

/// A counter's range: whole numbers without gaps, within `0..=255`.
fn range(e: &Expr, env: &mut Env) -> R<(u8, u8)> {
    let v = env.eval_collection(e, "a counter's range is a range of numbers, like `0..=10`")?;
    let bad = || {
        Diagnostic::new(Code::E103, e.span, "a counter's range is whole numbers from 0 to 255 without gaps")
            .label("not such a range")
            .help("write a range like `0..=10`")
    };
    let (lo, hi) = match v {
        Value::Range { lo, hi, chars: false } if lo < hi => (lo, hi - 1),
        _ => return Err(bad()),
    };
    if lo < 0 || hi > 255 {
        return Err(bad());
    }
    Ok((lo as u8, hi as u8))
}

/// The numbers of a value in row order: a number (no dimensions), a list of numbers, or a
/// list of lists.
fn flatten(v: &Value, depth: usize, e: &Expr, out: &mut Vec<i64>) -> R<()> {
    match (depth, v) {
        (0, Value::Int(n)) => {
            out.push(*n);
            Ok(())
        }
        (0, v) => Err(type_error("a number", v, e.span, "a counter holds whole numbers")),
        (_, Value::List(items)) => items.iter().try_for_each(|x| flatten(x, depth - 1, e, out)),
        (_, v) => Err(type_error("a list", v, e.span, "a counter with a size starts from a list of numbers")),
    }
}
