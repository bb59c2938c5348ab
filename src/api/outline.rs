//! The names a spec declares, where, and as what: an editor's outline, go-to-definition and
//! hover. Read from the AST, so it reflects what the parser understood, not a guess from the
//! text.
use crate::diag::Span;
use crate::syntax::ast::{Ident, Spec, StmtKind};

/// What kind of thing a name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclarationKind {
    Board,
    Region,
    Piece,
    Tiles,
    Param,
    Let,
    Move,
    Counter,
    Grid,
    Table,
}

impl DeclarationKind {
    /// The word the language uses for it, as a hover shows it.
    pub fn word(self) -> &'static str {
        match self {
            DeclarationKind::Board => "board",
            DeclarationKind::Region => "region",
            DeclarationKind::Piece => "piece",
            DeclarationKind::Tiles => "tiles",
            DeclarationKind::Param => "param",
            DeclarationKind::Let => "let",
            DeclarationKind::Move => "move",
            DeclarationKind::Counter => "counter",
            DeclarationKind::Grid => "grid",
            DeclarationKind::Table => "table",
        }
    }
}

/// One declared name: the name with its span, and the span of the whole statement.
#[derive(Clone, Debug)]
pub struct Declaration {
    pub name: Ident,
    pub kind: DeclarationKind,
    pub statement: Span,
}

/// Every top-level declaration of a spec (imported ones too: their spans name their file), in
/// order.
pub struct Outline {
    pub declarations: Vec<Declaration>,
}

impl Outline {
    pub fn of(spec: &Spec) -> Outline {
        use DeclarationKind as K;
        let declarations = spec
            .stmts
            .iter()
            .filter_map(|s| {
                let (name, kind) = match &s.kind {
                    StmtKind::Board(b) => (&b.name, K::Board),
                    StmtKind::Region(r) => (&r.name, K::Region),
                    StmtKind::RegionFrom { name, .. } | StmtKind::RegionRuns { name, .. } => (name, K::Region),
                    StmtKind::Piece(p) => (&p.name, K::Piece),
                    StmtKind::Tiles(t) => (&t.name, K::Tiles),
                    StmtKind::Param { name, .. } => (name, K::Param),
                    StmtKind::Let { name, .. } => (name, K::Let),
                    StmtKind::Move(m) => (&m.name, K::Move),
                    StmtKind::Counter(c) => (&c.name, K::Counter),
                    StmtKind::Grid(g) => (&g.name, K::Grid),
                    StmtKind::Table { name, .. } => (name, K::Table),
                    _ => return None,
                };
                Some(Declaration { name: name.clone(), kind, statement: s.span })
            })
            .collect();
        Outline { declarations }
    }

    /// The declaration of `name`: the last one, since a later declaration (an importing
    /// spec's own) is the one that counts.
    pub fn find(&self, name: &str) -> Option<&Declaration> {
        self.declarations.iter().rev().find(|d| d.name.name == name)
    }
}
