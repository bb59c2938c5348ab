//! Division and remainder in the arithmetic of moves: `(lights(r, c) + 1) % 3` cycles a
//! light through three colours, `jug(0) / 2` halves. Both are Euclidean, as everywhere in
//! the language (the remainder is never negative: `(0 - 1) % 3 == 2`), and divide only by a
//! number that reads nothing of the state, checked here not to be 0: so a division by zero is
//! an error of the spec, never of one position met during the search.
use super::{Prog, Space, program, reads_board};
use crate::diag::{Code, Diagnostic};
use crate::ir::moves::Term;
use crate::lower::eval::{Env, R};
use crate::syntax::ast::{BinOp, Expr};

/// `lhs / rhs` or `lhs % rhs` as terms of `out`; false when `lhs` reads a cell off the board.
pub(super) fn divide(op: BinOp, lhs: &Expr, rhs: &Expr, sp: &Space, env: &mut Env, out: &mut Prog) -> R<bool> {
    let sym = op.symbol();
    if reads_board(rhs, sp) {
        return Err(Diagnostic::new(Code::E109, rhs.span, format!("`{sym}` divides by a number, not by the state"))
            .label("reads the board or a counter")
            .help(format!("divide by a number or a `let` (`x {sym} 3`); a divisor read from a cell could be 0")));
    }
    let k = env.eval_int(rhs, "a divisor is a number")?;
    if k == 0 {
        return Err(Diagnostic::new(Code::E108, rhs.span, "division by zero")
            .label("this is zero")
            .help("divide by a number other than 0"));
    }
    if !program(lhs, sp, env, out)? {
        return Ok(false);
    }
    out.push(Term::Const(k), rhs.span);
    out.push(if op == BinOp::Div { Term::Div } else { Term::Mod }, lhs.span.to(rhs.span));
    Ok(true)
}
