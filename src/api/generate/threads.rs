//! `puzc generate --threads N`: puzzles made on N threads at once, emitted in order.
//!
//! Puzzle `n` depends only on the seed and `n`, so a thread can make any of them. Each
//! thread elaborates the case anew from its text (the spec's values hold `Rc`s, which are
//! not shared between threads; the `--set` values cross as plain data) and runs the same
//! worker as one thread does ([`super::work`]), taking the next number from a shared counter.
//! This thread puts the puzzles back in order and emits them: the bytes are those of one
//! thread. The first puzzle that cannot be made ends the run after every puzzle before it
//! has been emitted, as it would on one thread; the threads then stop taking puzzles.
use super::{Failure, Instance, Request, work};
use crate::lower::elaborate::elaborate;
use crate::lower::instance::InstanceReader;
use crate::lower::value::Value;
use crate::syntax::ast::Spec;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

/// A `--set` value as plain data, to cross to another thread.
pub(super) enum Plain {
    Int(i64),
    Bool(bool),
    Char(char),
    Str(String),
}

/// The overrides as plain data; `None` if one is not a scalar (then one thread is used).
pub(super) fn plain(overrides: &HashMap<String, Value>) -> Option<Vec<(String, Plain)>> {
    let mut out: Vec<(String, Plain)> = Vec::with_capacity(overrides.len());
    for (k, v) in overrides {
        let p = match v {
            Value::Int(n) => Plain::Int(*n),
            Value::Bool(b) => Plain::Bool(*b),
            Value::Char(c) => Plain::Char(*c),
            Value::Str(s) => Plain::Str(s.to_string()),
            _ => return None,
        };
        out.push((k.clone(), p));
    }
    Some(out)
}

fn value(p: &Plain) -> Value {
    match p {
        Plain::Int(n) => Value::Int(*n),
        Plain::Bool(b) => Value::Bool(*b),
        Plain::Char(c) => Value::Char(*c),
        Plain::Str(s) => Value::Str(s.as_str().into()),
    }
}

/// Makes `req.count` puzzles of the case `case` (its own text) on `threads` threads and
/// emits them in order; the setup has already been checked on this thread.
pub(super) fn run(
    spec: &Spec,
    overrides: &[(String, Plain)],
    case: Instance,
    req: &Request,
    threads: usize,
    emit: &mut dyn FnMut(&str) -> bool,
) -> Result<(), Failure> {
    let counter = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Result<String, Failure>)>();
    let (text, file, base) = (case.text, case.file, case.base);
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (counter, stop) = (&counter, &stop);
            s.spawn(move || {
                let overrides: HashMap<String, Value> = overrides.iter().map(|(k, p)| (k.clone(), value(p))).collect();
                let mut reader = InstanceReader::new(text, file, base);
                let (mut elab, diags) = elaborate(spec, &mut reader, &overrides, req.limits);
                if !diags.is_empty() {
                    let _ = tx.send((u64::MAX, Err(Failure::Diagnostics(diags))));
                    return;
                }
                let mut next = || {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let n = counter.fetch_add(1, Ordering::Relaxed);
                    (n < req.count).then_some(n)
                };
                let mut put =
                    |n: u64, made: Result<String, Failure>| tx.send((n, made)).is_ok() && !stop.load(Ordering::Relaxed);
                let instance = Instance { text, file, base };
                if let Err(f) = work(spec, &overrides, &mut elab, instance, req, &mut next, &mut put) {
                    let _ = tx.send((u64::MAX, Err(f)));
                }
            });
        }
        drop(tx);
        let mut waiting: BTreeMap<u64, Result<String, Failure>> = BTreeMap::new();
        let mut at = 0;
        let mut refused = None;
        let mut end = Ok(());
        'receive: for (n, made) in &rx {
            if n == u64::MAX {
                refused.get_or_insert(made);
                continue;
            }
            waiting.insert(n, made);
            while let Some(made) = waiting.remove(&at) {
                at += 1;
                match made {
                    Ok(text) if emit(&text) => {}
                    Ok(_) => break 'receive,
                    Err(f) => {
                        end = Err(f);
                        break 'receive;
                    }
                }
            }
            if at == req.count {
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
        drop(rx);
        // A thread whose setup failed (it cannot, the same setup passed on this thread)
        // would leave puzzles unmade: say so rather than stop short.
        if end.is_ok()
            && at < req.count
            && let Some(Err(f)) = refused
        {
            return Err(f);
        }
        end
    })
}
