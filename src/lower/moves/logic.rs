//! Conditions beyond comparisons joined by `and`, and comprehensions that read cells:
//! `when jug(0) == 4 or jug(1) == 4`, `goal when any([jug(j) == 4 for j in 0..2])`,
//! `not (...)`, `all([...])`, and `sum([...])`, `min([...])`, `max([...])` of cell reads
//! (`estimate sum([1 for i in 0..n - 1 where abs(stack(0, i) - stack(0, i + 1)) > 1])`).
//!
//! A condition becomes a program that leaves 1 when it holds and 0 when not: a comparison is
//! [`Term::Cmp`], `and` the least of its sides, `or` the greatest, `not x` is `1 - x`; the
//! move's or goal's test is then "the program is not 0". A comprehension is expanded when the
//! spec is compiled, one element per binding of its `for`, joined by `+` (sum), least,
//! greatest, `or` (any) or `and` (all). A binding whose element reads a cell off the board is
//! left out, as an effect's own `for` leaves out its bindings off the board; a `where` that
//! reads the board weighs the element by it (`sum`), or joins it (`any`: and, `all`: or not).
use super::{Prog, Space, builtin_call, cmp_op, program, reads_board};
use crate::diag::{Code, Diagnostic};
use crate::ir::moves::Term;
use crate::lower::eval::{Env, R};
use crate::syntax::ast::{BinOp, Expr, ExprKind, ForClause, UnOp};

/// Whether `e` is a condition that comparisons joined by `and` cannot say: `or`, `not`,
/// `any(...)` or `all(...)`.
pub(super) fn is_logic(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary { op: BinOp::Or, .. } | ExprKind::Unary { op: UnOp::Not, .. } => true,
        ExprKind::Call { func, args } => matches!(func.name.as_str(), "any" | "all") && args.len() == 1,
        _ => false,
    }
}

/// A condition once the parts that read nothing of the board are worked out.
#[derive(Clone, Copy)]
pub(super) enum Folded<'e> {
    /// Holds (or fails) whatever the board holds.
    Always(bool),
    /// Depends on the board: this part of the condition is what is left to test.
    Test(&'e Expr),
}

/// Works out the sides of `and` and `or` that read nothing of the board. A side that
/// decides the result on its own leaves the other side unread, so a cell off the board
/// there does not take the move away: in `i == n - 1 or cells(i + 1) == 0` at i = n − 1 the
/// guard is what the writer put there for that very case. A side that does not decide is
/// dropped, so what is left may be one comparison (tested as such, and indexed).
pub(super) fn guards_folded<'e>(e: &'e Expr, sp: &Space, env: &mut Env) -> R<Folded<'e>> {
    if !reads_board(e, sp) {
        return Ok(Folded::Always(env.eval_bool(e, "a condition")?));
    }
    let ExprKind::Binary { op: op @ (BinOp::And | BinOp::Or), lhs, rhs } = &e.kind else {
        return Ok(Folded::Test(e));
    };
    let decides = *op == BinOp::Or;
    let (l, r) = (guards_folded(lhs, sp, env)?, guards_folded(rhs, sp, env)?);
    Ok(match (l, r) {
        (Folded::Always(b), _) | (_, Folded::Always(b)) if b == decides => Folded::Always(decides),
        (Folded::Always(_), rest) | (rest, Folded::Always(_)) => rest,
        (Folded::Test(_), Folded::Test(_)) => Folded::Test(e),
    })
}

/// Compiles a condition to a program leaving 1 or 0. False when it reads a cell off the
/// board (outside a comprehension).
pub(super) fn condition(e: &Expr, sp: &Space, env: &mut Env, out: &mut Prog) -> R<bool> {
    let e = match guards_folded(e, sp, env)? {
        Folded::Always(holds) => {
            out.push(Term::Const(holds as i64), e.span);
            return Ok(true);
        }
        Folded::Test(e) => e,
    };
    if let Some(f) = builtin_call(e) {
        return Err(Diagnostic::new(
            Code::E109,
            e.span,
            format!("`{f}(...)` cannot be joined by `or`, `not`, `any` or `all`"),
        )
        .label("a group's size is tested on its own")
        .help("write `group(x, y) >= k` joined to the rest of the condition by `and`"));
    }
    match &e.kind {
        ExprKind::Binary { op: op @ (BinOp::And | BinOp::Or), lhs, rhs } => {
            let ok = condition(lhs, sp, env, out)? && condition(rhs, sp, env, out)?;
            out.push(if *op == BinOp::And { Term::Min } else { Term::Max }, e.span);
            Ok(ok)
        }
        ExprKind::Unary { op: UnOp::Not, operand } => {
            out.push(Term::Const(1), e.span);
            let ok = condition(operand, sp, env, out)?;
            out.push(Term::Sub, e.span);
            Ok(ok)
        }
        ExprKind::Binary { op, lhs, rhs } if cmp_op(*op).is_some() => {
            let ok = program(lhs, sp, env, out)? && program(rhs, sp, env, out)?;
            out.push(Term::Cmp(cmp_op(*op).unwrap()), e.span);
            Ok(ok)
        }
        ExprKind::Call { func, args } if matches!(func.name.as_str(), "any" | "all") && args.len() == 1 => {
            fold(&func.name, &args[0], sp, env, out)
        }
        _ => Err(Diagnostic::new(Code::E109, e.span, "a condition compares cells, counters and numbers")
            .label("not a condition on the board")
            .help(
                "join comparisons with `and`, `or` and `not`, or test a list of them with `any([...])` or `all([...])`",
            )),
    }
}

/// Whether `e` is `sum`, `min` or `max` of one list that reads the board: compiled by [`fold`].
pub(super) fn is_fold(e: &Expr, sp: &Space) -> bool {
    matches!(&e.kind, ExprKind::Call { func, args }
        if matches!(func.name.as_str(), "sum" | "min" | "max") && args.len() == 1 && reads_board(&args[0], sp))
}

/// `how` (`sum`, `min`, `max`, `any`, `all`) of a list written out or a list comprehension,
/// as terms of `out`; always true (elements off the board are left out).
pub(super) fn fold(how: &str, list: &Expr, sp: &Space, env: &mut Env, out: &mut Prog) -> R<bool> {
    let logical = matches!(how, "any" | "all");
    let join = match how {
        "sum" => Term::Add,
        "min" | "all" => Term::Min,
        _ => Term::Max,
    };
    let mut n = 0usize;
    let mut one = |body: &Expr, filter: Option<&Expr>, env: &mut Env, out: &mut Prog| -> R<()> {
        let start = out.terms.len();
        let mut ok = if logical { condition(body, sp, env, out)? } else { program(body, sp, env, out)? };
        if let (true, Some(f)) = (ok, filter) {
            match how {
                "sum" => {
                    ok = condition(f, sp, env, out)?;
                    out.push(Term::Mul, f.span);
                }
                "any" => {
                    ok = condition(f, sp, env, out)?;
                    out.push(Term::Min, f.span);
                }
                "all" => {
                    out.push(Term::Const(1), f.span);
                    ok = condition(f, sp, env, out)?;
                    out.push(Term::Sub, f.span);
                    out.push(Term::Max, f.span);
                }
                _ => {
                    return Err(Diagnostic::new(
                        Code::E109,
                        f.span,
                        format!("`{how}` of elements a cell may filter out"),
                    )
                    .label("a filter on the board")
                    .help("filter by numbers only (`where` without cell reads), or use `sum`, `any` or `all`"));
                }
            }
        }
        if !ok {
            // An element reading a cell off the board: left out.
            out.terms.truncate(start);
            out.spans.truncate(start);
            return Ok(());
        }
        if n > 0 {
            out.push(join, list.span);
        }
        n += 1;
        Ok(())
    };
    match &list.kind {
        ExprKind::List(items) => {
            for item in items {
                one(item, None, env, out)?;
            }
        }
        ExprKind::ListComp { body, each } => {
            // A `where` that reads the board is the element's weight, not a filter of bindings.
            let on_board = each.filter.as_deref().filter(|f| reads_board(f, sp));
            let clause =
                ForClause { filter: if on_board.is_some() { None } else { each.filter.clone() }, ..each.clone() };
            env.for_each(&clause, &mut |env| one(body, on_board, env, out))?;
        }
        _ => {
            return Err(Diagnostic::new(Code::E109, list.span, format!("`{how}` of cells takes a list"))
                .label("not a list of cell reads")
                .help(format!(
                    "write the list out, `{how}([a, b])`, or as a comprehension, `{how}([... for i in 0..n])`"
                )));
        }
    }
    if n == 0 {
        let empty = match how {
            "sum" | "any" => 0,
            "all" => 1,
            _ => {
                return Err(Diagnostic::new(Code::E109, list.span, format!("`{how}` of no elements"))
                    .label("every element is left out")
                    .help("a least or greatest value needs at least one element on the board"));
            }
        };
        out.push(Term::Const(empty), list.span);
    }
    Ok(true)
}
