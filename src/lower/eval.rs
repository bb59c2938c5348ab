//! The expression evaluator. Every error carries the span of the expression that caused it.
//!
//! Names resolve to comprehension binders (innermost first), then to globals (`let`,
//! `param`). Work is metered: every binding a `for` produces costs one unit, and running past
//! the budget stops with S401 instead of exhausting memory. What is built is metered too
//! (`meter.rs`): every list or tuple is weighed when it is made, and every binding checks the
//! memory budget, so S401 comes before the machine's memory runs out.
use super::meter;
use super::value::{Value, token_value};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{BinOp, Binder, Expr, ExprKind, ForClause, UnOp};
use rustc_hash::FxHashMap;
use std::rc::Rc;

pub type R<T> = Result<T, Diagnostic>;

/// What the evaluator can see.
pub struct Env {
    pub globals: FxHashMap<String, (Value, Span)>,
    locals: Vec<(String, Value)>,
    /// Units of work left before S401.
    pub budget: u64,
}

/// The default expansion budget: bindings produced by all `for` clauses of one instance.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

impl Env {
    pub fn new(budget: u64) -> Env {
        Env { globals: FxHashMap::default(), locals: Vec::new(), budget }
    }

    /// Whether a `for` clause binds `name` here.
    pub fn is_local(&self, name: &str) -> bool {
        self.locals.iter().any(|(n, _)| n == name)
    }

    fn lookup(&self, name: &str) -> Option<&Value> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
            .or_else(|| self.globals.get(name).map(|(v, _)| v))
    }

    pub fn eval(&mut self, e: &Expr) -> R<Value> {
        match &e.kind {
            ExprKind::Int(n) => Ok(Value::Int(*n)),
            ExprKind::Char(c) => Ok(Value::Char(*c)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(Rc::from(s.as_str()))),
            ExprKind::Name(n) => self.lookup(n).cloned().ok_or_else(|| undefined(n, e.span)),
            ExprKind::Tuple(items) => built(Value::Tuple(self.eval_all(items)?.into()), e.span),
            ExprKind::List(items) => built(Value::List(self.eval_all(items)?.into()), e.span),
            ExprKind::Set(items) => built_set(self.eval_all(items)?, e.span),
            ExprKind::ListComp { body, each } => {
                let known = self.bindings(each);
                let expected = known.filter(|_| each.filter.is_none());
                let mut out = Vec::new();
                self.for_each_known(each, known, &mut |env| {
                    let v = env.eval(body)?;
                    if let (true, Some(n)) = (out.is_empty(), expected) {
                        project(&v, n, e.span)?;
                    }
                    out.push(v);
                    Ok(())
                })?;
                built(Value::List(out.into()), e.span)
            }
            ExprKind::SetComp { body, each } => {
                let mut out = Vec::new();
                self.for_each(each, &mut |env| {
                    out.push(env.eval(body)?);
                    Ok(())
                })?;
                built_set(out, e.span)
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                match (op, v) {
                    (UnOp::Neg, Value::Int(n)) => n.checked_neg().map(Value::Int).ok_or_else(|| overflow(e.span)),
                    (UnOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
                    (UnOp::Neg, v) => Err(type_error("a number", &v, operand.span, "`-` negates a number")),
                    (UnOp::Not, v) => Err(type_error("a boolean", &v, operand.span, "`not` takes a condition")),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e.span),
            ExprKind::Range { lo, hi, inclusive } => {
                let (l, h) = (self.eval(lo)?, self.eval(hi)?);
                let extra = i64::from(*inclusive);
                match (l, h) {
                    (Value::Int(a), Value::Int(b)) => Ok(Value::Range {
                        lo: a,
                        hi: b.checked_add(extra).ok_or_else(|| inclusive_end_too_large(hi.span))?,
                        chars: false,
                    }),
                    (Value::Char(a), Value::Char(b)) => {
                        Ok(Value::Range { lo: a as i64, hi: b as i64 + extra, chars: true })
                    }
                    (a, b) => Err(Diagnostic::new(
                        Code::E103,
                        e.span,
                        format!(
                            "a range needs two numbers or two characters, found {} and {}",
                            a.type_name(),
                            b.type_name()
                        ),
                    )
                    .label("this range")
                    .help("write `0..n` (n excluded), `1..=9` or `'A'..='P'`")),
                }
            }
            ExprKind::Call { func, args } => {
                let vals = self.eval_all(args)?;
                builtin(&func.name, &vals, e.span, func.span)
            }
            ExprKind::Index { base, indices } => {
                let mut v = self.eval(base)?;
                for i in indices {
                    let key = self.eval(i)?;
                    v = index(&v, &key, base.span, i.span)?;
                }
                Ok(v)
            }
        }
    }

    pub fn eval_all(&mut self, items: &[Expr]) -> R<Vec<Value>> {
        items.iter().map(|i| self.eval(i)).collect()
    }

    pub fn eval_int(&mut self, e: &Expr, what: &str) -> R<i64> {
        match self.eval(e)? {
            Value::Int(n) => Ok(n),
            v => Err(type_error("a number", &v, e.span, what)),
        }
    }

    pub fn eval_bool(&mut self, e: &Expr, what: &str) -> R<bool> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            v => Err(type_error("a condition", &v, e.span, what)),
        }
    }

    /// A collection to iterate: a list, a range, or a set.
    pub fn eval_collection(&mut self, e: &Expr, what: &str) -> R<Value> {
        let v = self.eval(e)?;
        if v.is_collection() { Ok(v) } else { Err(type_error("a list, set or range", &v, e.span, what)) }
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, span: Span) -> R<Value> {
        // `and`/`or` short-circuit so `x > 0 and 10 / x > 2` is safe.
        if matches!(op, BinOp::And | BinOp::Or) {
            let l = self.eval_bool(lhs, "`and`/`or` join conditions")?;
            if (op == BinOp::And && !l) || (op == BinOp::Or && l) {
                return Ok(Value::Bool(l));
            }
            return Ok(Value::Bool(self.eval_bool(rhs, "`and`/`or` join conditions")?));
        }
        let (l, r) = (self.eval(lhs)?, self.eval(rhs)?);
        match op {
            BinOp::Eq => return Ok(Value::Bool(l == r)),
            BinOp::Ne => return Ok(Value::Bool(l != r)),
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let Some(ord) = order(&l, &r) else {
                    return Err(Diagnostic::new(
                        Code::E103,
                        span,
                        format!("cannot compare {} with {}", l.type_name(), r.type_name()),
                    )
                    .label(format!("`{}` compares two numbers, two characters, or two tuples of them", op.symbol())));
                };
                let b = match op {
                    BinOp::Lt => ord.is_lt(),
                    BinOp::Le => ord.is_le(),
                    BinOp::Gt => ord.is_gt(),
                    _ => ord.is_ge(),
                };
                return Ok(Value::Bool(b));
            }
            _ => {}
        }
        let a = match l {
            Value::Int(a) => a,
            // A character plus a number is a character: 'A' + 2 == 'C'.
            Value::Char(c) if matches!(op, BinOp::Add | BinOp::Sub) => {
                let n = match r {
                    Value::Int(n) => n,
                    Value::Char(d) if op == BinOp::Sub => return Ok(Value::Int(c as i64 - d as i64)),
                    v => return Err(type_error("a number", &v, rhs.span, "a character moves by a number")),
                };
                let code = if op == BinOp::Add { c as i64 + n } else { c as i64 - n };
                return u32::try_from(code)
                    .ok()
                    .and_then(char::from_u32)
                    .map(Value::Char)
                    .ok_or_else(|| overflow(span));
            }
            v => return Err(type_error("a number", &v, lhs.span, &format!("`{}` works on numbers", op.symbol()))),
        };
        let b = match r {
            Value::Int(b) => b,
            v => return Err(type_error("a number", &v, rhs.span, &format!("`{}` works on numbers", op.symbol()))),
        };
        let res = match op {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            BinOp::Div | BinOp::Rem if b == 0 => {
                return Err(Diagnostic::new(Code::E108, rhs.span, "division by zero")
                    .label("this is zero")
                    .help("guard the division with a `where` condition"));
            }
            // Euclidean division: the remainder is never negative, (-1) / 3 == -1, (-1) % 3 == 2,
            // 7 / -3 == -2; so `i % k` always indexes 0..k.
            BinOp::Div => a.checked_div_euclid(b),
            // Every number divides by -1 with remainder 0; `checked_rem_euclid` says None for
            // i64::MIN % -1 only because the quotient, not the remainder, overflows.
            _ if b == -1 => Some(0),
            _ => a.checked_rem_euclid(b),
        };
        res.map(Value::Int).ok_or_else(|| overflow(span))
    }

    /// Runs `f` for every binding of a statement's optional `for` clause, or once when it has
    /// none (a statement about one line, one pair of cells, one clue).
    pub fn for_each_or_once(&mut self, clause: Option<&ForClause>, f: &mut dyn FnMut(&mut Env) -> R<()>) -> R<()> {
        match clause {
            Some(clause) => self.for_each(clause, f),
            None => f(self),
        }
    }

    /// Runs `f` once for every binding of the clause's names (the cartesian product of the
    /// binders, first binder outermost), skipping bindings that fail the `where` filter.
    pub fn for_each(&mut self, clause: &ForClause, f: &mut dyn FnMut(&mut Env) -> R<()>) -> R<()> {
        let known = self.bindings(clause);
        self.for_each_known(clause, known, f)
    }

    /// [`Env::for_each`] with the clause's [`Env::bindings`] already counted.
    fn for_each_known(
        &mut self,
        clause: &ForClause,
        known: Option<u64>,
        f: &mut dyn FnMut(&mut Env) -> R<()>,
    ) -> R<()> {
        if known.is_some_and(|n| n > self.budget) {
            // One binder is blamed by its range; several by the clause, since their product is.
            let span = if let [one] = &clause.binders[..] { one.source.span } else { clause.span };
            return Err(too_large(span));
        }
        self.bind_from(&clause.binders, clause, f)
    }

    /// How many bindings a clause produces before its `where` filter, when that is known
    /// without walking it: every binder walks something that does not depend on the others
    /// (`r in 0..n, c in 0..n`). Lets a clause of 10^8 bindings fail at once, not after the
    /// budget has been spent one binding at a time.
    pub fn bindings(&mut self, clause: &ForClause) -> Option<u64> {
        let bound: Vec<&str> = clause.binders.iter().flat_map(|b| b.names.iter().map(|n| n.name.as_str())).collect();
        let mut n: u64 = 1;
        for b in &clause.binders {
            if mentions(&b.source, &bound) {
                return None;
            }
        }
        for b in &clause.binders {
            // An error here is reported where the walk meets it (if it ever does).
            let len = self.eval(&b.source).ok()?.len()?;
            n = n.saturating_mul(len);
        }
        Some(n)
    }

    fn bind_from(&mut self, binders: &[Binder], clause: &ForClause, f: &mut dyn FnMut(&mut Env) -> R<()>) -> R<()> {
        let Some((first, rest)) = binders.split_first() else {
            if self.budget == 0 {
                return Err(too_large(clause.span));
            }
            self.budget -= 1;
            meter::check(clause.span)?;
            if let Some(cond) = &clause.filter
                && !self.eval_bool(cond, "`where` takes a condition")?
            {
                return Ok(());
            }
            return f(self);
        };
        let coll = self.eval_collection(&first.source, "`in` takes something to walk through")?;
        let n = coll.len().unwrap_or(0);
        if n > self.budget {
            return Err(too_large(first.source.span));
        }
        for i in 0..n {
            let v = coll.nth(i);
            let pushed = self.bind(first, v)?;
            let r = self.bind_from(rest, clause, f);
            self.locals.truncate(self.locals.len() - pushed);
            r?;
        }
        Ok(())
    }

    fn bind(&mut self, b: &Binder, v: Value) -> R<usize> {
        if !b.tuple {
            self.locals.push((b.names[0].name.clone(), v));
            return Ok(1);
        }
        match v {
            Value::Tuple(items) if items.len() == b.names.len() => {
                for (n, item) in b.names.iter().zip(items.iter()) {
                    self.locals.push((n.name.clone(), item.clone()));
                }
                Ok(b.names.len())
            }
            other => {
                let list = matches!(other, Value::List(_));
                let d = Diagnostic::new(
                    Code::E103,
                    b.source.span,
                    format!(
                        "expected tuples of {} to unpack, found {}",
                        crate::diag::plural(b.names.len(), "value"),
                        describe(&other)
                    ),
                )
                .label("the elements come from here");
                // Walking a grid (a list of rows) with `(r, row)` is a natural slip.
                Err(if list {
                    d.help("to number the elements, walk the indices: `for r in 0..len(g)` and use `g[r]`")
                } else {
                    d
                })
            }
        }
    }

    /// How many names are bound locally (to undo [`Env::push_local`] with [`Env::truncate_locals`]).
    pub fn locals_len(&self) -> usize {
        self.locals.len()
    }

    /// Binds a name until the locals are truncated below it.
    pub fn push_local(&mut self, name: &str, v: Value) {
        self.locals.push((name.to_string(), v));
    }

    pub fn truncate_locals(&mut self, len: usize) {
        self.locals.truncate(len);
    }

    /// Binds a name for the duration of `f` (family parameters).
    pub fn with_local<T>(&mut self, name: &str, v: Value, f: impl FnOnce(&mut Env) -> T) -> T {
        self.locals.push((name.to_string(), v));
        let r = f(self);
        self.locals.pop();
        r
    }
}

/// How `<` orders two values: numbers, characters, and tuples (or lists) of them element by
/// element, the first difference deciding and a prefix coming first. `None` when they are
/// not comparable.
fn order(l: &Value, r: &Value) -> Option<std::cmp::Ordering> {
    match (l, r) {
        (Value::Int(a), Value::Int(b)) => Some(a.cmp(b)),
        (Value::Char(a), Value::Char(b)) => Some(a.cmp(b)),
        (Value::Tuple(a), Value::Tuple(b)) | (Value::List(a), Value::List(b)) => {
            for (x, y) in a.iter().zip(b.iter()) {
                match order(x, y)? {
                    std::cmp::Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(a.len().cmp(&b.len()))
        }
        _ => None,
    }
}

/// A list or tuple just built, weighed against the memory budget.
fn built(v: Value, span: Span) -> R<Value> {
    meter::check_value(&v, span)?;
    Ok(v)
}

/// Refuses a comprehension of `n` elements (no `where`) whose first element `first` says the
/// whole will not fit: too heavy a value, or more bytes than the memory budget has left.
/// Measured on the first element, so it fails at once instead of after a gigabyte.
fn project(first: &Value, n: u64, span: Span) -> R<()> {
    let cap = meter::max_weight();
    let w = meter::weight(first, cap);
    let bytes = n.saturating_mul(w.saturating_mul(BYTES_PER_WEIGHT).saturating_add(size_of::<Value>() as u64));
    if n.saturating_mul(w) > cap {
        return Err(meter::too_heavy(span));
    }
    if !meter::room_for(usize::try_from(bytes).unwrap_or(usize::MAX)) {
        return Err(meter::out_of_memory(span));
    }
    Ok(())
}

/// Bytes a unit of [`meter::weight`] holds at least, once built (a `Value` is 24).
const BYTES_PER_WEIGHT: u64 = 24;

/// A set just built: weighed first, since hashing walks every element.
fn built_set(items: Vec<Value>, span: Span) -> R<Value> {
    let Value::List(items) = built(Value::List(items.into()), span)? else { unreachable!("built a list") };
    Ok(Value::List(dedup(items.to_vec()).into()))
}

/// Whether an expression mentions any of `names` (anywhere, even where a comprehension
/// shadows it: a conservative answer).
fn mentions(e: &Expr, names: &[&str]) -> bool {
    let any = |es: &[Expr]| es.iter().any(|x| mentions(x, names));
    let clause = |c: &ForClause| {
        c.binders.iter().any(|b| mentions(&b.source, names)) || c.filter.as_ref().is_some_and(|f| mentions(f, names))
    };
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Char(_) | ExprKind::Str(_) | ExprKind::Bool(_) => false,
        ExprKind::Name(n) => names.contains(&n.as_str()),
        ExprKind::Call { args, .. } => any(args),
        ExprKind::Tuple(items) | ExprKind::List(items) | ExprKind::Set(items) => any(items),
        ExprKind::ListComp { body, each } | ExprKind::SetComp { body, each } => mentions(body, names) || clause(each),
        ExprKind::Unary { operand, .. } => mentions(operand, names),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Range { lo: lhs, hi: rhs, .. } => {
            mentions(lhs, names) || mentions(rhs, names)
        }
        ExprKind::Index { base, indices } => mentions(base, names) || any(indices),
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::Tuple(items) => format!("a tuple of {}", crate::diag::plural(items.len(), "value")),
        v => v.type_name().to_string(),
    }
}

fn dedup(items: Vec<Value>) -> Vec<Value> {
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items.into_iter().filter(|v| seen.insert(v.clone())).collect()
}

pub fn type_error(expected: &str, found: &Value, span: Span, why: &str) -> Diagnostic {
    Diagnostic::new(Code::E103, span, format!("expected {expected}, found {}", describe(found)))
        .label(format!("this is {}", describe(found)))
        .help(why.to_string())
}

fn undefined(name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(Code::E101, span, format!("`{name}` is not defined"))
        .label("unknown name")
        .help("define it with `let` before this line, or bind it in a `for` clause")
}

fn overflow(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E108, span, "arithmetic overflow")
        .label("this value does not fit in 64 bits")
        .help("numbers are 64-bit: -9223372036854775808 to 9223372036854775807")
}

/// `lo..=i64::MAX`: a range keeps the number one past its end, which does not exist there.
fn inclusive_end_too_large(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E108, span, "a range cannot end at 9223372036854775807 with `..=`")
        .label("the largest number: `..=` would need one past it")
        .help("end the range below it, or write `..` to stop just before 9223372036854775807")
}

pub fn too_large(span: Span) -> Diagnostic {
    Diagnostic::new(Code::S401, span, "this expands to too many values")
        .label("expansion limit reached here")
        .help("the spec would build more than the expansion limit allows; shrink the ranges, or raise the limit with `--max-expansion`")
}

/// `base[key]`: element `key` of a list, tuple or range (counted from 0), or the value of
/// `key` in a table.
fn index(base: &Value, key: &Value, base_span: Span, key_span: Span) -> R<Value> {
    let out_of_range = |len: u64| {
        Diagnostic::new(Code::E120, key_span, format!("index {key} is outside 0..{len}"))
            .label("no element here")
            .related(base_span, format!("this has {len} element{}", if len == 1 { "" } else { "s" }))
            .help("elements are counted from 0; guard the index with a `where` condition")
    };
    match (base, key) {
        (Value::Map(entries), _) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).ok_or_else(|| {
            let keys: Vec<String> = entries.iter().take(12).map(|(k, _)| k.to_string()).collect();
            Diagnostic::new(Code::E120, key_span, format!("the table has no entry `{key}`"))
                .label("missing key")
                .related(base_span, "this table")
                .help(format!("its keys are {}{}", keys.join(" "), if entries.len() > 12 { " ..." } else { "" }))
        }),
        (Value::Tuple(items), Value::Int(i)) => {
            usize::try_from(*i).ok().and_then(|i| items.get(i)).cloned().ok_or_else(|| out_of_range(items.len() as u64))
        }
        (Value::List(_) | Value::Range { .. }, Value::Int(i)) => {
            let len = base.len().unwrap_or(0);
            match u64::try_from(*i) {
                Ok(i) if i < len => Ok(base.nth(i)),
                _ => Err(out_of_range(len)),
            }
        }
        (Value::List(_) | Value::Range { .. } | Value::Tuple(_), k) => {
            Err(type_error("a number", k, key_span, "a list is indexed by a position counted from 0"))
        }
        (b, _) => Err(type_error(
            "a list, tuple or table",
            b,
            base_span,
            "only lists, tuples, ranges and tables have elements",
        )),
    }
}

/// Builtins: `abs(x)`, `min`, `max` (of numbers, or of one collection), `len(xs)`, `sum(xs)`, `any(xs)`, `all(xs)`,
/// `product(xs)`, `sort(xs)`, `labels(grid)`, `split(word, separator)`.
pub const BUILTINS: &[&str] = &["abs", "min", "max", "len", "sum", "product", "sort", "labels", "split", "any", "all"];

fn builtin(name: &str, args: &[Value], span: Span, name_span: Span) -> R<Value> {
    // `min(xs)` of one collection is the least element; `min(a, b)` of numbers the least number.
    // These walk a whole collection: a huge range is refused before it is materialised.
    if let ("min" | "max" | "sum" | "product" | "sort" | "any" | "all", [one]) = (name, args)
        && one.len().unwrap_or(0) > DEFAULT_BUDGET
    {
        return Err(too_large(span));
    }
    let spread: Vec<Value>;
    let args = match (name, args) {
        ("min" | "max" | "sum" | "product", [one]) if one.is_collection() => {
            spread = one.elements();
            &spread[..]
        }
        _ => args,
    };
    let ints = |what: &str| -> R<Vec<i64>> {
        args.iter()
            .map(|a| match a {
                Value::Int(n) => Ok(*n),
                v => Err(type_error("a number", v, span, what)),
            })
            .collect()
    };
    match name {
        "abs" if args.len() == 1 => {
            ints("`abs` takes a number")?[0].checked_abs().map(Value::Int).ok_or_else(|| overflow(span))
        }
        "min" | "max" if !args.is_empty() => {
            let v = ints("`min` and `max` take numbers, or one list of numbers")?;
            Ok(Value::Int(if name == "min" { *v.iter().min().unwrap() } else { *v.iter().max().unwrap() }))
        }
        "sum" => {
            let v = ints("`sum` adds up a list of numbers")?;
            v.iter().try_fold(0i64, |a, &b| a.checked_add(b)).map(Value::Int).ok_or_else(|| overflow(span))
        }
        // `any(xs)`, `all(xs)`: whether some (every) element of a list of conditions holds.
        "any" | "all" if args.len() == 1 && args[0].is_collection() => {
            let mut all = true;
            let mut any = false;
            for v in args[0].elements() {
                match v {
                    Value::Bool(b) => (all, any) = (all && b, any || b),
                    v => return Err(type_error("a condition", &v, span, "`any` and `all` test a list of conditions")),
                }
            }
            Ok(Value::Bool(if name == "any" { any } else { all }))
        }
        "product" => {
            let v = ints("`product` multiplies a list of numbers")?;
            v.iter().try_fold(1i64, |a, &b| a.checked_mul(b)).map(Value::Int).ok_or_else(|| overflow(span))
        }
        "len" if args.len() == 1 => match (&args[0], args[0].len()) {
            (Value::Map(m), _) => Ok(Value::Int(m.len() as i64)),
            (_, Some(n)) => Ok(Value::Int(n as i64)),
            _ => Err(type_error("a list, set or range", &args[0], span, "`len` counts elements")),
        },
        "sort" if args.len() == 1 && args[0].is_collection() => {
            let mut v = args[0].elements();
            let numbers = v.iter().all(|x| matches!(x, Value::Int(_)));
            let chars = v.iter().all(|x| matches!(x, Value::Char(_)));
            if !(numbers || chars) {
                return Err(Diagnostic::new(Code::E103, span, "`sort` orders numbers or characters")
                    .label("a list of mixed or other values")
                    .help("sort a list whose elements are all numbers or all characters"));
            }
            v.sort();
            Ok(Value::List(v.into()))
        }
        "sort" if args.len() == 1 => Err(type_error("a list, set or range", &args[0], span, "`sort` orders a list")),
        "labels" if args.len() == 1 => {
            // The distinct values of a grid (a list of rows), in reading order.
            let mut out = Vec::new();
            let Value::List(rows) = &args[0] else {
                return Err(type_error(
                    "a grid (a list of rows)",
                    &args[0],
                    span,
                    "`labels` lists the values of a grid",
                ));
            };
            for row in rows.iter() {
                let Value::List(cells) = row else {
                    return Err(type_error("a row (a list)", row, span, "`labels` lists the values of a grid"));
                };
                out.extend(cells.iter().cloned());
            }
            Ok(Value::List(dedup(out).into()))
        }
        "split" if args.len() == 2 => {
            // A word of the data (`23\16`, a Kakuro clue) cut at a separator; each part is read
            // like a token of the instance: a number, a character, or a string ("" when empty).
            let text = match &args[0] {
                Value::Str(s) => s.to_string(),
                Value::Char(c) => c.to_string(),
                Value::Int(n) => n.to_string(),
                v => return Err(type_error("a string", v, span, "`split` cuts a word into parts")),
            };
            let sep = match &args[1] {
                Value::Str(s) if !s.is_empty() => s.to_string(),
                Value::Char(c) => c.to_string(),
                v => return Err(type_error("a character", v, span, "`split` cuts at a separator")),
            };
            Ok(Value::List(text.split(sep.as_str()).map(token_value).collect::<Vec<_>>().into()))
        }
        "abs" | "len" | "min" | "max" | "sort" | "labels" | "split" => Err(Diagnostic::new(
            Code::E104,
            span,
            format!("`{name}` got {} argument{}", args.len(), if args.len() == 1 { "" } else { "s" }),
        )
        .label("wrong number of arguments")
        .help(match name {
            "abs" | "len" | "sort" | "labels" => format!("`{name}` takes one argument"),
            "split" => "`split` takes a word and a separator: `split(clue, '\\')`".to_string(),
            _ => format!("`{name}` takes one or more numbers"),
        })),
        _ => {
            let mut d =
                Diagnostic::new(Code::E101, name_span, format!("`{name}` is not a function")).label("unknown function");
            if let Some(s) = crate::syntax::closest_name(name, BUILTINS) {
                d = d.help(format!("did you mean `{s}`?"));
            } else {
                d = d.help(format!("the functions are {}", BUILTINS.join(", ")));
            }
            Err(d)
        }
    }
}
