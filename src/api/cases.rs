//! The cases of one instance, in turn: the `cases` rule read, each case elaborated against
//! the spec and handed on. The command line (`Session::for_each_instance`) and
//! [`crate::api::solve`] both walk a batch through [`for_each`].
use super::case_rule::{CaseRule, Current, after_last_case};
use super::load::Overrides;
use crate::diag::{Diagnostic, FileId};
use crate::lower::elaborate::{Elab, ExpandLimits, Memo, elaborate_with};
use crate::lower::instance::InstanceReader;
use crate::syntax::ast::Spec;

/// How a walk over the cases ended.
pub enum Walked<'s> {
    /// Every case was handed on.
    Done,
    /// `each` asked to stop after a case.
    Stopped,
    /// The spec reads nothing from its instance, yet instance text was there: it was one
    /// case, and the text is ignored (the command line warns).
    Unread,
    /// A case's data (or the `cases` rule, or data after the last counted case) is wrong.
    /// `elab` is what the failed case built, when elaboration failed: the command line
    /// leaves it to the process's exit rather than freeing it piece by piece.
    Bad { diagnostics: Vec<Diagnostic>, elaborating: bool, elab: Option<Box<Elab<'s>>> },
}

/// Elaborates every case of the instance data in turn (`instance`: its file, the offset of
/// its text there, the text) and calls `each(k, elab)` (`k` from 1); `each` returns false
/// to stop. `at` is told which case is being read (`None` once past the last), for
/// diagnostics that name it.
pub(crate) fn for_each<'s>(
    spec: &'s Spec,
    overrides: &'s Overrides,
    instance: &(FileId, usize, String),
    limits: ExpandLimits,
    at: &mut dyn FnMut(Option<Current>),
    each: &mut dyn FnMut(usize, &mut Elab) -> bool,
) -> Walked<'s> {
    let (file, base, text) = instance;
    let reader = &mut InstanceReader::new(text, *file, *base);
    let bad = |diagnostics| Walked::Bad { diagnostics, elaborating: false, elab: None };
    let cases = match CaseRule::of(spec, overrides, reader) {
        Ok(c) => c,
        Err(d) => return bad(vec![d]),
    };
    let count = match &cases {
        CaseRule::Counted(c) => Some(*c),
        _ => None,
    };
    // Region families that do not depend on the instance are built once per batch.
    let mut memo = Memo::default();
    for k in 1.. {
        match &cases {
            CaseRule::ToEnd if k > 1 && reader.at_end() => break,
            CaseRule::Counted(c) if k > c.n => {
                if let Some(d) = after_last_case(*c, reader) {
                    at(None);
                    return bad(vec![d]);
                }
                break;
            }
            CaseRule::Until(sentinel) if reader.peek_word() == Some(sentinel.as_str()) => break,
            CaseRule::Until(_) if k > 1 && reader.at_end() => break,
            _ => {}
        }
        at(Some(Current { k, start: reader.next_span(), count }));
        let before = reader.position();
        let (mut elab, diagnostics) = elaborate_with(spec, reader, overrides, limits, &mut memo);
        if !diagnostics.is_empty() {
            return Walked::Bad { diagnostics, elaborating: true, elab: Some(Box::new(elab)) };
        }
        if !each(k, &mut elab) {
            return Walked::Stopped;
        }
        // A spec that reads nothing from its instance has exactly one instance.
        if reader.position() == before {
            return if reader.at_end() { Walked::Done } else { Walked::Unread };
        }
    }
    at(None);
    Walked::Done
}
