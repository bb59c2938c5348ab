//! The registry of diagnostic codes. Codes are stable: a code, once shipped, keeps its meaning.
//! Groups: `P` syntax, `E` names and types, `G` geometry and counts, `I` instance data,
//! `M` imports, `S` limits, `D` split parts (`puzc split`, `solve --part`, `puzc merge`). `docs/diagnostics.md` has an entry for every code.

macro_rules! codes {
    ($($variant:ident => $title:literal,)*) => {
        /// A stable diagnostic code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $($variant,)* }

        impl Code {
            /// Every code, in order (the docs test walks this list).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as printed: `P001`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => stringify!($variant),)* }
            }

            /// What the code means, in a few words.
            pub fn title(self) -> &'static str {
                match self { $(Code::$variant => $title,)* }
            }
        }
    };
}

codes! {
    P001 => "syntax error",
    P002 => "unknown statement",
    P003 => "number out of range",
    P004 => "bad character literal",
    P005 => "nested too deeply",
    P006 => "not UTF-8 text",
    E101 => "undefined name",
    E102 => "name defined twice",
    E103 => "wrong type",
    E104 => "wrong number of arguments",
    E105 => "missing or extra declaration",
    E106 => "statements of both problem forms",
    E107 => "nothing to solve",
    E108 => "arithmetic error",
    E109 => "bad move or rule",
    E110 => "bad output template",
    E111 => "clues do not apply",
    E120 => "bad index",
    G201 => "cell off the board",
    G202 => "piece fits nowhere",
    G203 => "counts cannot add up",
    G204 => "value outside the board's values",
    G205 => "unknown item",
    G206 => "bad shape",
    G207 => "bad multiplicity",
    G210 => "bad arithmetic cage",
    G211 => "board lacks the symmetry",
    G212 => "no straight lines on the lattice",
    G213 => "walls not known from the givens",
    G214 => "path ends not in pairs",
    G215 => "not a path's end",
    G216 => "area size not a number",
    G218 => "island number out of range",
    G219 => "bridges on a lattice without rows",
    G225 => "cells share no side",
    I301 => "no instance",
    I302 => "instance value not allowed",
    I303 => "instance ended early",
    I304 => "parameter out of range",
    I305 => "data after the last case",
    M501 => "cannot read imported file",
    M502 => "import cycle",
    S401 => "expansion too large",
    S402 => "no puzzle within the budget",
    S403 => "timeout while building",
    D601 => "cannot split this search",
    D602 => "manifest of another problem",
    D603 => "no such part",
    D604 => "not a manifest or part file",
    D605 => "part files do not fit together",
    D606 => "piece not in the search tree",
    D607 => "pieces overlap",
    D608 => "pieces leave out solutions",
    D609 => "part file changed",
    D610 => "total too large",
}
