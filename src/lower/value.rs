//! Values of spec expressions: numbers, characters, strings, booleans, tuples, lists and
//! lazy ranges (so `0..1000000000` costs nothing until it is walked).
use std::fmt;
use std::rc::Rc;

// `Hash` is derived with a hand-written `PartialEq`: they agree, because the only shortcut
// taken (`Rc::ptr_eq`) holds only for values that are equal element by element.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Debug, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Int(i64),
    Char(char),
    Bool(bool),
    Str(Rc<str>),
    Tuple(Rc<[Value]>),
    List(Rc<[Value]>),
    /// `lo..hi` (exclusive end) over numbers, or over characters when `chars` is set.
    Range {
        lo: i64,
        hi: i64,
        chars: bool,
    },
    /// A `table`: keys with their values, in the order read; looked up with `t[key]`.
    Map(Rc<[(Value, Value)]>),
}

/// Equality as derived, except that a list or tuple shared with itself is equal without a
/// walk: `[a, a] == [a, a]` compares `a` once, not once per path through the sharing.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Char(a), Value::Char(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Tuple(a), Value::Tuple(b)) | (Value::List(a), Value::List(b)) => Rc::ptr_eq(a, b) || a[..] == b[..],
            (Value::Range { lo, hi, chars }, Value::Range { lo: l, hi: h, chars: c }) => {
                lo == l && hi == h && chars == c
            }
            (Value::Map(a), Value::Map(b)) => Rc::ptr_eq(a, b) || a[..] == b[..],
            _ => false,
        }
    }
}

impl Value {
    /// The type's name as a user would say it, for "expected a number, found a list".
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "a number",
            Value::Char(_) => "a character",
            Value::Bool(_) => "a boolean",
            Value::Str(_) => "a string",
            Value::Tuple(_) => "a tuple",
            Value::List(_) => "a list",
            Value::Range { .. } => "a range",
            Value::Map(_) => "a table",
        }
    }

    pub fn is_collection(&self) -> bool {
        matches!(self, Value::List(_) | Value::Range { .. })
    }

    /// Whether a list or range has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Number of elements of a list or range.
    pub fn len(&self) -> Option<u64> {
        match self {
            Value::List(v) => Some(v.len() as u64),
            Value::Range { lo, hi, .. } => Some(if hi > lo { (*hi as i128 - *lo as i128) as u64 } else { 0 }),
            _ => None,
        }
    }

    /// Element `i` of a list or range (callers check `i < len`).
    pub fn nth(&self, i: u64) -> Value {
        match self {
            Value::List(v) => v[i as usize].clone(),
            Value::Range { lo, chars: false, .. } => Value::Int(lo + i as i64),
            Value::Range { lo, chars: true, .. } => {
                Value::Char(char::from_u32((*lo + i as i64) as u32).unwrap_or('\u{FFFD}'))
            }
            _ => unreachable!("nth of a non-collection"),
        }
    }

    /// Whether a list or range holds `v`, without walking a range.
    pub fn contains(&self, v: &Value) -> bool {
        match (self, v) {
            (Value::List(items), _) => items.contains(v),
            (Value::Range { lo, hi, chars: false }, Value::Int(n)) => lo <= n && n < hi,
            (Value::Range { lo, hi, chars: true }, Value::Char(c)) => *lo <= *c as i64 && (*c as i64) < *hi,
            _ => false,
        }
    }

    /// The elements of a collection, lazily (a range is never materialised).
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        (0..self.len().unwrap_or(0)).map(|i| self.nth(i))
    }

    /// The elements of a collection, materialised (callers bound the size first).
    pub fn elements(&self) -> Vec<Value> {
        let n = self.len().unwrap_or(0);
        (0..n).map(|i| self.nth(i)).collect()
    }
}

/// A token of instance data or of a grid picture as a value: a whole number is a number, a
/// single character a character, anything else a string.
pub fn token_value(tok: &str) -> Value {
    if let Ok(n) = tok.parse::<i64>() {
        return Value::Int(n);
    }
    let mut chars = tok.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Value::Char(c),
        _ => Value::Str(Rc::from(tok)),
    }
}

impl fmt::Display for Value {
    /// How a value is printed in answers and item names: `5`, `A`, `(1, 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Char(c) => write!(f, "{c}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => f.write_str(s),
            Value::Tuple(items) | Value::List(items) => {
                let (open, close) = if matches!(self, Value::Tuple(_)) { ("(", ")") } else { ("[", "]") };
                f.write_str(open)?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(close)
            }
            // Shown inclusive, as people write them: `1..=9`, `'A'..='P'`.
            Value::Range { lo, hi, chars: false } => write!(f, "{lo}..={}", hi - 1),
            Value::Range { lo, hi, chars: true } => {
                let c = |n: i64| char::from_u32(n as u32).unwrap_or('?');
                write!(f, "'{}'..='{}'", c(*lo), c(*hi - 1))
            }
            Value::Map(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}
