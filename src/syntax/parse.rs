//! pest pairs → AST. Every node gets the span of the text it came from.
use super::ast::*;
use super::errors::syntax_error;
use crate::diag::{Code, Diagnostic, FileId, Span};
use pest::Parser;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::OnceLock;

mod derived;
mod distinct;
mod pairs;
mod shapes;
mod sized;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/puz.pest"]
pub(crate) struct PuzParser;

/// Parses a whole spec. On a syntax error, returns the one diagnostic pest's error becomes
/// (a PEG parser cannot resynchronise reliably, so later errors would be noise).
pub fn parse(text: &str, file: FileId) -> Result<Spec, Diagnostic> {
    check_nesting(text, file)?;
    let mut pairs = PuzParser::parse(Rule::file, text).map_err(|e| syntax_error(e, text, file))?;
    let file_pair = pairs.next().expect("the file rule always produces one pair");
    spec_of(file_pair, file)
}

/// The AST of a spec from pest's tree of it (the `file` pair of [`super::parse_tree`]), its
/// spans in `file`: what [`parse`] builds after parsing, for a caller that has the tree
/// already (the language server colours the same tree).
pub fn spec_of(file_pair: Pair<'_, Rule>, file: FileId) -> Result<Spec, Diagnostic> {
    let cx = Cx { file };
    let mut stmts = Vec::new();
    for pair in file_pair.into_inner() {
        if pair.as_rule() != Rule::EOI {
            stmts.push(cx.stmt(pair)?);
        }
    }
    Ok(Spec { stmts })
}

/// How deep brackets may nest. Every stage walks expressions recursively; a bound keeps a
/// hostile spec (thousands of `(`) from overflowing the stack, far above any real spec.
pub const MAX_NESTING: usize = 128;

/// P005 at the bracket that opens one level too many (strings and comments are skipped).
pub(super) fn check_nesting(text: &str, file: FileId) -> Result<(), Diagnostic> {
    let (mut depth, mut in_comment, mut in_string) = (0usize, false, false);
    for (i, c) in text.char_indices() {
        match c {
            '\n' => in_comment = false,
            _ if in_comment => {}
            '"' => in_string = !in_string,
            _ if in_string => {}
            '#' => in_comment = true,
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::new(
                        Code::P005,
                        Span::new(file, i, i + 1),
                        "brackets are nested too deeply",
                    )
                    .label(format!("more than {MAX_NESTING} levels open here"))
                    .help("split the expression with `let`: no spec needs this many nested brackets"));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

struct Cx {
    file: FileId,
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_range, Assoc::Left) | Op::infix(Rule::op_range_incl, Assoc::Left))
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left)
                | Op::infix(Rule::op_div, Assoc::Left)
                | Op::infix(Rule::op_rem, Assoc::Left))
            .op(Op::prefix(Rule::op_neg) | Op::prefix(Rule::op_not))
            .op(Op::postfix(Rule::index))
    })
}

type R<T> = Result<T, Diagnostic>;

impl Cx {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn ident(&self, pair: Pair<Rule>) -> Ident {
        Ident { name: pair.as_str().to_string(), span: self.span(&pair) }
    }

    fn idents(&self, pair: Pair<Rule>) -> Vec<Ident> {
        pair.into_inner().map(|p| self.ident(p)).collect()
    }

    fn string(&self, pair: Pair<Rule>) -> StrLit {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("string has a long or short form");
        let text = inner.into_inner().next().expect("string form has text");
        StrLit { text: text.as_str().to_string(), span, offset: text.as_span().start() }
    }

    fn stmt(&self, pair: Pair<Rule>) -> R<Stmt> {
        let span = self.span(&pair);
        let kind_rule = pair.as_rule();
        let last_end = last_leaf_end(&pair);
        // Keywords are pairs too; statements only look at the parts after them.
        let mut it = pair.into_inner().filter(|p| !is_keyword(p.as_rule())).peekable();
        let kind = match kind_rule {
            Rule::puzzle_stmt => StmtKind::Puzzle(self.string(it.next().unwrap())),
            Rule::import_stmt => StmtKind::Import(self.string(it.next().unwrap())),
            Rule::let_stmt => {
                let name = self.ident(it.next().unwrap());
                StmtKind::Let { name, value: self.expr(it.next().unwrap())? }
            }
            Rule::param_stmt => {
                let name = self.ident(it.next().unwrap());
                let range = it.next().map(|p| self.expr(p)).transpose()?;
                StmtKind::Param { name, range }
            }
            Rule::board_stmt => {
                let name = self.ident(it.next().unwrap());
                let rows = self.expr(it.next().unwrap())?;
                let cols = self.expr(it.next().unwrap())?;
                let mut decl = BoardDecl {
                    name,
                    rows,
                    cols,
                    values: None,
                    without: vec![],
                    masks: vec![],
                    origin: None,
                    lattice: None,
                };
                for p in it {
                    match p.as_rule() {
                        Rule::expr => decl.values = Some(self.expr(p)?),
                        Rule::board_opt => {
                            let opt = p.into_inner().next().unwrap();
                            let optspan = self.span(&opt);
                            let arg = opt.into_inner().find(|p| !is_keyword(p.as_rule())).unwrap();
                            match arg.as_rule() {
                                Rule::expr => decl.without.push(self.expr(arg)?),
                                Rule::string => decl.masks.push(self.string(arg)),
                                Rule::lattice => {
                                    let l = match arg.as_str() {
                                        "triangles" => Lattice::Triangles,
                                        "hexagons" => Lattice::Hexagons,
                                        _ => Lattice::Squares,
                                    };
                                    decl.lattice = Some(Spanned { node: l, span: optspan });
                                }
                                _ => {
                                    let o =
                                        if arg.as_str() == "top-left" { Origin::TopLeft } else { Origin::BottomLeft };
                                    decl.origin = Some(Spanned { node: o, span: optspan });
                                }
                            }
                        }
                        _ => unreachable!("board_stmt part {:?}", p.as_rule()),
                    }
                }
                StmtKind::Board(decl)
            }
            Rule::fill_stmt => StmtKind::Fill(self.ident(it.next().unwrap())),
            Rule::given_stmt => {
                let board = self.ident(it.next().unwrap());
                let src = it.next().unwrap();
                let source = match src.as_rule() {
                    Rule::given_from_instance => {
                        let span = self.span(&src);
                        let mut layout = Layout::default();
                        if let Some(l) = src.into_inner().find(|p| p.as_rule() == Rule::layout) {
                            for part in l.into_inner() {
                                match part.as_rule() {
                                    Rule::lines_columns => layout.by_columns = true,
                                    Rule::layout_up => layout.reversed = true,
                                    Rule::expr => layout.until = Some(self.expr(part)?),
                                    _ => {}
                                }
                            }
                        }
                        GivenSource::Instance(span, layout)
                    }
                    _ => GivenSource::Inline(self.string(src)),
                };
                StmtKind::Given { board, source }
            }
            Rule::walls_stmt => {
                let board = self.ident(it.next().unwrap());
                let src = it.next().unwrap();
                let source = match src.as_rule() {
                    Rule::walls_from_instance => GivenSource::Instance(self.span(&src), Layout::default()),
                    _ => GivenSource::Inline(self.string(src)),
                };
                StmtKind::Walls { board, source }
            }
            Rule::region_stmt => {
                let name = self.ident(it.next().unwrap());
                let params = if it.peek().map(|p| p.as_rule()) == Some(Rule::params) {
                    self.idents(it.next().unwrap())
                } else {
                    vec![]
                };
                let cells = self.expr(it.next().unwrap())?;
                let each = it.next().map(|p| self.for_clause(p)).transpose()?;
                StmtKind::Region(RegionDecl { name, params, cells, each })
            }
            Rule::each_stmt => {
                let regions = self.idents(it.next().unwrap());
                let once = it.next().unwrap().into_inner().next().unwrap();
                let once = if once.as_rule() == Rule::exactly_once { Once::Exactly } else { Once::AtMost };
                StmtKind::Each { regions, once }
            }
            Rule::piece_stmt => {
                let name = self.ident(it.next().unwrap());
                let params = if it.peek().map(|p| p.as_rule()) == Some(Rule::params) {
                    self.idents(it.next().unwrap())
                } else {
                    vec![]
                };
                let shape = self.shape(it.next().unwrap())?;
                let times = match it.peek().map(|p| p.as_rule()) {
                    Some(Rule::piece_times) => {
                        let t = it.next().unwrap().into_inner().find(|p| p.as_rule() == Rule::expr).unwrap();
                        Some(self.expr(t)?)
                    }
                    _ => None,
                };
                let each = it.next().map(|p| self.for_clause(p)).transpose()?;
                StmtKind::Piece(PieceDecl { name, params, shape, times, each })
            }
            Rule::tiles_stmt => {
                let name = self.ident(it.next().unwrap());
                let count = match it.peek().map(|p| p.as_rule()) {
                    Some(Rule::expr) => Some(self.expr(it.next().unwrap())?),
                    _ => None,
                };
                let edges = self.idents(it.next().unwrap());
                let source = it.next().unwrap();
                let given = match source.as_rule() {
                    Rule::tiles_given => Some(self.expr(source.into_inner().next().unwrap())?),
                    _ => None,
                };
                StmtKind::Tiles(TilesDecl { name, count, edges, given })
            }
            Rule::place_stmt => {
                let which = it.next().unwrap();
                let pieces = match which.as_rule() {
                    Rule::place_all => None,
                    _ => Some(self.idents(which)),
                };
                let board = self.ident(it.next().unwrap());
                let mut decl = PlaceDecl { pieces, board, rotate: false, reflect: false, partial: false, shows: None };
                for opt in it {
                    let opt = opt.into_inner().next().unwrap();
                    match opt.as_rule() {
                        Rule::opt_rotate => decl.rotate = true,
                        Rule::opt_reflect => decl.reflect = true,
                        Rule::place_as => {
                            decl.shows = Some(self.expr(opt.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?)
                        }
                        _ => decl.partial = true,
                    }
                }
                StmtKind::Place(decl)
            }
            Rule::confine_stmt => {
                let piece = self.ident(it.next().unwrap());
                let member = match it.peek().map(|p| p.as_rule()) {
                    Some(Rule::args) => {
                        let args = it.next().unwrap();
                        let span = piece.span.to(self.span(&args));
                        Some(Spanned { node: self.args(args)?, span })
                    }
                    _ => None,
                };
                let rule = it.next().unwrap();
                let is_to = rule.as_rule() == Rule::confine_to;
                let e = self.expr(rule.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?;
                StmtKind::Confine(ConfineDecl {
                    piece,
                    member,
                    rule: if is_to { ConfineRule::To(e) } else { ConfineRule::Where(e) },
                })
            }
            Rule::match_stmt => {
                let border = it.next().and_then(|b| b.into_inner().find(|p| p.as_rule() == Rule::expr));
                StmtKind::MatchEdges(border.map(|e| self.expr(e)).transpose()?)
            }
            Rule::item_stmt => {
                let mut secondary = false;
                let mut items = Vec::new();
                let mut each = None;
                for p in it {
                    match p.as_rule() {
                        Rule::secondary => secondary = true,
                        Rule::item_decl => items.push(self.item_decl(p)?),
                        _ => each = Some(self.for_clause(p)?),
                    }
                }
                StmtKind::Item(ItemStmt { secondary, items, each })
            }
            Rule::option_stmt => {
                let name = self.ident(it.next().unwrap());
                let args = if it.peek().map(|p| p.as_rule()) == Some(Rule::args) {
                    self.args(it.next().unwrap())?
                } else {
                    vec![]
                };
                let mut covers = Vec::new();
                let mut each = None;
                for p in it {
                    match p.as_rule() {
                        Rule::cover => covers.push(self.cover(p)?),
                        Rule::cover_each => {
                            let mut parts = p.into_inner();
                            let mut cover = self.cover(parts.next().unwrap())?;
                            cover.each = Some(self.for_clause(parts.next().unwrap())?);
                            covers.push(cover);
                        }
                        _ => each = Some(self.for_clause(p)?),
                    }
                }
                StmtKind::Option(OptionDecl { name, args, covers, each })
            }
            Rule::answer_stmt => {
                let p = it.next().unwrap();
                let mode = match p.as_str() {
                    "first" => AnswerMode::First,
                    "all" => AnswerMode::All,
                    "count" => AnswerMode::Count,
                    _ => AnswerMode::Unique,
                };
                let symmetry = it.next().filter(|q| q.as_rule() == Rule::answer_symmetry).map(|q| self.span(&q));
                StmtKind::Answer(Spanned { node: mode, span: self.span(&p) }, symmetry)
            }
            Rule::instance_stmt => StmtKind::Instance(self.string(it.next().unwrap())),
            Rule::print_stmt => {
                let between = it.peek().map(|p| p.as_rule()) == Some(Rule::print_between);
                if between {
                    it.next();
                }
                let s = it.next().unwrap();
                let long = s.as_str().starts_with("\"\"\"");
                StmtKind::Print { between, template: self.string(s), long }
            }
            Rule::cases_stmt => {
                let c = it.next().unwrap();
                let cspan = self.span(&c);
                let node = match c.as_rule() {
                    Rule::cases_until => {
                        Cases::Until(self.expr(c.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?)
                    }
                    _ => Cases::Counted,
                };
                StmtKind::Cases(Spanned { node, span: cspan })
            }
            Rule::move_stmt => {
                let name = self.ident(it.next().unwrap());
                if it.peek().map(|p| p.as_rule()) == Some(Rule::slide_pieces) {
                    return Ok(Stmt { kind: StmtKind::Move(self.slide(name, it, span)?), span });
                }
                let params = if it.peek().map(|p| p.as_rule()) == Some(Rule::params) {
                    self.idents(it.next().unwrap())
                } else {
                    vec![]
                };
                let each = self.for_clause(it.next().unwrap())?;
                let when = if it.peek().map(|p| p.as_rule()) == Some(Rule::expr) {
                    Some(self.expr(it.next().unwrap())?)
                } else {
                    None
                };
                let mut effects = Vec::new();
                let mut cost = None;
                for p in it {
                    if p.as_rule() == Rule::move_cost {
                        cost = Some(self.expr(p.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?);
                    } else {
                        effects.push(self.effect(p)?);
                    }
                }
                StmtKind::Move(MoveDecl { name, params, each, when, effects, cost, slide: None })
            }
            Rule::counter_stmt => {
                let name = self.ident(it.next().unwrap());
                let dims = if it.peek().map(|p| p.as_rule()) == Some(Rule::counter_dims) {
                    it.next().unwrap().into_inner().map(|p| self.expr(p)).collect::<R<Vec<_>>>()?
                } else {
                    vec![]
                };
                let range = self.expr(it.next().unwrap())?;
                let init = match it.next() {
                    None => CounterInit::Least,
                    Some(p) => {
                        let inner = p.into_inner().next().unwrap();
                        match inner.as_rule() {
                            Rule::counter_from => CounterInit::Instance(self.span(&inner)),
                            _ => CounterInit::Value(self.expr(inner)?),
                        }
                    }
                };
                StmtKind::Counter(CounterDecl { name, dims, range, init })
            }
            Rule::estimate_stmt => StmtKind::Estimate(self.expr(it.next().unwrap())?),
            Rule::after_stmt => StmtKind::After(it.map(|p| self.rule(p)).collect::<R<Vec<_>>>()?),
            Rule::goal_stmt => {
                let g = it.next().unwrap();
                let span = self.span(&g);
                let arg = g.clone().into_inner().find(|p| !is_keyword(p.as_rule()));
                let node = match g.as_rule() {
                    Rule::goal_empty => GoalDecl::Empty,
                    Rule::goal_count => GoalDecl::Count(self.expr(arg.unwrap())?),
                    Rule::goal_when => {
                        let mut parts = g.clone().into_inner().filter(|p| !is_keyword(p.as_rule())).peekable();
                        let each = match parts.peek().map(|p| p.as_rule()) {
                            Some(Rule::for_clause) => Some(self.for_clause(parts.next().unwrap())?),
                            _ => None,
                        };
                        GoalDecl::When { each, cond: self.expr(parts.next().unwrap())? }
                    }
                    _ => GoalDecl::Pattern(self.string(arg.unwrap())),
                };
                StmtKind::Goal(Spanned { node, span })
            }
            Rule::budget_stmt => {
                let b = it.next().unwrap();
                let span = self.span(&b);
                let arg = b.clone().into_inner().find(|p| !is_keyword(p.as_rule()));
                let arg = arg.map(|p| self.expr(p)).transpose()?;
                let node = match b.as_rule() {
                    Rule::budget_exactly => BudgetDecl::Exactly(arg.unwrap()),
                    Rule::budget_at_most => BudgetDecl::AtMost(arg.unwrap()),
                    _ => BudgetDecl::Fewest(arg),
                };
                StmtKind::Budget(Spanned { node, span })
            }
            Rule::grid_stmt => {
                let name = self.ident(it.next().unwrap());
                let rows = self.expr(it.next().unwrap())?;
                let cols = self.expr(it.next().unwrap())?;
                let mut decl = GridDecl { name, rows, cols, words: false, inline: None };
                for p in it {
                    match p.as_rule() {
                        Rule::grid_of_words => decl.words = true,
                        _ => {
                            let src = p.into_inner().next().unwrap();
                            if src.as_rule() == Rule::string {
                                decl.inline = Some(self.string(src));
                            }
                        }
                    }
                }
                StmtKind::Grid(decl)
            }
            Rule::table_stmt => {
                let name = self.ident(it.next().unwrap());
                StmtKind::Table { name, count: self.expr(it.next().unwrap())? }
            }
            Rule::region_from_stmt => {
                let name = self.ident(it.next().unwrap());
                let grid = self.expr(it.next().unwrap())?;
                let without = it.next().map(|p| self.expr(p)).transpose()?;
                StmtKind::RegionFrom { name, grid, without }
            }
            Rule::region_runs_stmt => {
                let name = self.ident(it.next().unwrap());
                let columns = it.any(|p| p.as_rule() == Rule::lines_columns);
                StmtKind::RegionRuns { name, columns }
            }
            Rule::count_stmt | Rule::count_each_stmt => {
                let each = kind_rule == Rule::count_each_stmt;
                let regions = if each { vec![self.ident(it.next().unwrap())] } else { self.idents(it.next().unwrap()) };
                let params = if each { self.idents(it.next().unwrap()) } else { Vec::new() };
                let b = it.next().unwrap().into_inner().next().unwrap();
                let which = b.as_rule();
                let k = b.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap();
                let k = self.expr(k)?;
                let bound = match which {
                    Rule::count_exactly => CountBound::Exactly(k),
                    Rule::count_at_most => CountBound::AtMost(k),
                    _ => CountBound::AtLeast(k),
                };
                let of = self.expr(it.next().unwrap())?;
                StmtKind::Count { regions, params, bound, of, span }
            }
            Rule::draw_stmt => {
                let d = it.next().unwrap();
                let which = d.as_rule();
                let mut parts = d.into_inner();
                let node = match which {
                    Rule::draw_regions => {
                        let families = self.idents(parts.next().unwrap());
                        let style = match parts.find(|p| p.as_rule() == Rule::draw_style).unwrap().as_str() {
                            "outlines" => DrawStyle::Outlines,
                            "cages" => DrawStyle::Cages,
                            "lines" => DrawStyle::Lines,
                            _ => DrawStyle::Thermometers,
                        };
                        DrawDecl::Regions { families, style }
                    }
                    Rule::draw_cells => {
                        let black = parts.next().unwrap().as_str() == "black";
                        let cells = self.expr(parts.next().unwrap())?;
                        if black { DrawDecl::Black(cells) } else { DrawDecl::Mark(cells) }
                    }
                    Rule::draw_clue => {
                        let mut exprs = parts.filter(|p| p.as_rule() != Rule::kw_clue);
                        let at = exprs.next().unwrap();
                        let text = self.expr(exprs.next().unwrap())?;
                        let each = exprs.next().map(|p| self.for_clause(p)).transpose()?;
                        if at.as_rule() == Rule::draw_between {
                            let mut two = at.into_inner().filter(|p| p.as_rule() != Rule::kw_between);
                            let cells = (self.expr(two.next().unwrap())?, self.expr(two.next().unwrap())?);
                            DrawDecl::EdgeClue { cells, text, each }
                        } else {
                            DrawDecl::Clue { cell: self.expr(at)?, text, each }
                        }
                    }
                    Rule::draw_value => {
                        let mut parts = parts.filter(|p| !matches!(p.as_rule(), Rule::kw_value | Rule::kw_as));
                        let value = self.expr(parts.next().unwrap())?;
                        let glyph = match parts.next().unwrap().as_str() {
                            "disc" => Glyph::Disc,
                            "ring" => Glyph::Ring,
                            "wall" => Glyph::Wall,
                            "tree" => Glyph::Tree,
                            "tent" => Glyph::Tent,
                            _ => Glyph::Blank,
                        };
                        DrawDecl::Value { value, glyph }
                    }
                    _ => DrawDecl::Shift { left: parts.any(|p| p.as_str() == "left") },
                };
                StmtKind::Draw(Spanned { node, span })
            }
            Rule::clues_stmt => {
                let board = self.ident(it.next().unwrap());
                let empty = self.expr(it.next().unwrap())?;
                StmtKind::Clues { board, empty, span }
            }
            Rule::derived_clues_stmt => {
                // Up to its last word: not the blanks an absent `, empty ...` skipped.
                let span = Span::new(span.file, span.start, last_end.unwrap_or(span.end));
                StmtKind::DerivedClues(self.derived_clues(it, span)?)
            }
            Rule::pieces_apart_stmt => StmtKind::PiecesApart { diagonal: it.next().is_some(), span },
            Rule::apart_stmt => {
                let of = self.expr(it.next().unwrap())?;
                let diagonal = it.next().is_some();
                StmtKind::Apart { of, diagonal, span }
            }
            Rule::compare_stmt => {
                let mut cells = Vec::new();
                let (mut holds, mut each) = (None, None);
                for p in it {
                    match p.as_rule() {
                        Rule::compare_cell => {
                            let mut parts = p.into_inner().filter(|p| !is_keyword(p.as_rule()));
                            let name = self.ident(parts.next().unwrap());
                            cells.push((name, self.expr(parts.next().unwrap())?));
                        }
                        Rule::expr => holds = Some(self.expr(p)?),
                        _ => each = Some(self.for_clause(p)?),
                    }
                }
                StmtKind::Compare(CompareDecl { cells, holds: holds.unwrap(), each, span })
            }
            Rule::runs_stmt => {
                let of = self.expr(it.next().unwrap())?;
                let along = self.expr(it.next().unwrap())?;
                let are = self.expr(it.next().unwrap())?;
                let each = it.next().map(|p| self.for_clause(p)).transpose()?;
                StmtKind::Runs(RunsDecl { of, along, are, each, span })
            }
            Rule::seen_stmt => {
                let along = self.expr(it.next().unwrap())?;
                let count = self.expr(it.next().unwrap())?;
                let each = it.next().map(|p| self.for_clause(p)).transpose()?;
                StmtKind::Seen(SeenDecl { along, count, each, span })
            }
            Rule::sees_stmt | Rule::see_apart_stmt | Rule::from_seen_stmt => self.sight(kind_rule, it, span)?,
            Rule::connected_stmt => {
                let of = self.expr(it.next().unwrap())?;
                StmtKind::Connected { of, span }
            }
            Rule::areas_stmt => {
                let of = self.expr(it.next().unwrap())?;
                let clues = self.expr(it.next().unwrap())?;
                let sized = it.next().is_some();
                StmtKind::Areas { of, clues, sized, span }
            }
            Rule::pairs_stmt => StmtKind::Pairs(self.pairs(it, span)?),
            Rule::chain_stmt => StmtKind::Chain { diagonal: it.any(|p| p.as_rule() == Rule::apart_diagonal), span },
            Rule::distinct_stmt => Self::distinct(it, span),
            Rule::sized_stmt => self.sized(it, span)?,
            Rule::connected_each_stmt | Rule::shapes_stmt => self.regions_rule(kind_rule, it, span)?,
            Rule::crossing_stmt => self.crossing(it, span)?,
            Rule::block_stmt => {
                let rows = self.expr(it.next().unwrap())?;
                let cols = self.expr(it.next().unwrap())?;
                let of = self.expr(it.next().unwrap())?;
                StmtKind::Block { rows, cols, of, span }
            }
            Rule::loop_stmt => {
                let cells = it.next().unwrap().as_rule() == Rule::loop_cells;
                StmtKind::Loop { board: self.ident(it.next().unwrap()), cells, span }
            }
            Rule::loop_rule_stmt => {
                let at = match it.next().unwrap().into_inner().next().unwrap().as_rule() {
                    Rule::loop_straight => LoopAt::Straight,
                    Rule::loop_through => LoopAt::Through,
                    _ => LoopAt::Turns,
                };
                let cell = self.expr(it.next().unwrap())?;
                let (mut next, mut each) = (None, None);
                for p in it {
                    match p.as_rule() {
                        Rule::loop_next => {
                            let mut parts = p.into_inner().filter(|p| !is_keyword(p.as_rule()));
                            let how = match parts.next().unwrap().as_rule() {
                                Rule::next_straight => LoopAt::Straight,
                                _ => LoopAt::Turns,
                            };
                            next = Some((how, parts.next().unwrap().as_rule() == Rule::next_both_sides));
                        }
                        _ => each = Some(self.for_clause(p)?),
                    }
                }
                StmtKind::LoopRule(LoopRuleDecl { at, cell, next, each, span })
            }
            Rule::paths_stmt => {
                let clues = self.expr(it.next().unwrap())?;
                StmtKind::Paths { clues, every_cell: it.next().is_some(), span }
            }
            Rule::loop_clues_stmt => StmtKind::LoopClues { clues: self.expr(it.next().unwrap())?, span },
            Rule::bridges_stmt => {
                let clues = self.expr(it.next().unwrap())?;
                let most = self.expr(it.next().unwrap())?;
                StmtKind::Bridges { clues, most, span }
            }
            Rule::islands_connected_stmt => StmtKind::IslandsConnected { span },
            Rule::cage_stmt => {
                let region = self.ident(it.next().unwrap());
                let params = if it.peek().map(|p| p.as_rule()) == Some(Rule::params) {
                    self.idents(it.next().unwrap())
                } else {
                    vec![]
                };
                let rule = it.next().unwrap().into_inner().next().unwrap();
                let op = match rule.as_rule() {
                    Rule::cage_sums => CageOp::Sum,
                    Rule::cage_multiplies => CageOp::Product,
                    Rule::cage_differs => CageOp::Difference,
                    Rule::cage_divides => CageOp::Quotient,
                    _ => CageOp::Makes,
                };
                let target = rule.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap();
                let target = self.expr(target)?;
                let distinct = it.next().is_some();
                StmtKind::Cage(CageDecl { region, params, op, target, distinct, span })
            }
            other => unreachable!("not a statement: {other:?}"),
        };
        Ok(Stmt { kind, span })
    }

    /// The three sight-line statements; their keywords are filtered out of `it` already.
    fn sight<'i>(&self, which: Rule, it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> R<StmtKind> {
        let (mut exprs, mut until, mut each, mut bound) = (Vec::new(), None, None, None);
        for p in it {
            match p.as_rule() {
                Rule::expr => exprs.push(self.expr(p)?),
                Rule::sight_until => {
                    until = Some(self.expr(p.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?)
                }
                Rule::for_clause => each = Some(self.for_clause(p)?),
                _ => {
                    let b = p.into_inner().next().unwrap();
                    let which = b.as_rule();
                    let k = self.expr(b.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?;
                    bound = Some(match which {
                        Rule::count_exactly => CountBound::Exactly(k),
                        Rule::count_at_most => CountBound::AtMost(k),
                        _ => CountBound::AtLeast(k),
                    });
                }
            }
        }
        let mut exprs = exprs.into_iter();
        let mut next = || exprs.next().unwrap();
        let kind = match which {
            Rule::sees_stmt => {
                let from = next();
                SightKind::Sees { from, bound: bound.unwrap(), of: next() }
            }
            Rule::see_apart_stmt => SightKind::Apart { of: next() },
            _ => {
                let cell = next();
                SightKind::From { cell, count: next() }
            }
        };
        Ok(StmtKind::Sight(SightDecl { kind, until, each, span }))
    }

    fn shape(&self, pair: Pair<Rule>) -> R<Shape> {
        let inner = pair.into_inner().next().unwrap();
        match inner.as_rule() {
            Rule::string => Ok(Shape::Picture(self.string(inner))),
            _ => {
                let mut cells = Vec::new();
                for c in inner.into_inner() {
                    let mut parts = c.into_inner();
                    let at = self.expr(parts.next().unwrap())?;
                    let label = parts.next().map(|p| self.expr(p)).transpose()?;
                    cells.push(ShapeCell { at, label });
                }
                Ok(Shape::Cells(cells))
            }
        }
    }

    fn item_decl(&self, pair: Pair<Rule>) -> R<ItemDecl> {
        let span = self.span(&pair);
        let mut it = pair.into_inner().filter(|p| !is_keyword(p.as_rule())).peekable();
        let name = self.ident(it.next().unwrap());
        let args =
            if it.peek().map(|p| p.as_rule()) == Some(Rule::args) { self.args(it.next().unwrap())? } else { vec![] };
        let times = it.next().map(|p| self.expr(p)).transpose()?;
        Ok(ItemDecl { name, args, times, span })
    }

    fn cover(&self, pair: Pair<Rule>) -> R<Cover> {
        let span = self.span(&pair);
        let mut it = pair.into_inner().peekable();
        let item = self.ident(it.next().unwrap());
        let args =
            if it.peek().map(|p| p.as_rule()) == Some(Rule::args) { self.args(it.next().unwrap())? } else { vec![] };
        let colour = it.next().map(|p| self.expr(p)).transpose()?;
        Ok(Cover { item, args, colour, span, each: None })
    }

    /// `move NAME slides PIECES [DIRECTIONS] HOW [when COND] [cost K]`.
    fn slide<'i>(&self, name: Ident, it: impl Iterator<Item = Pair<'i, Rule>>, span: Span) -> R<MoveDecl> {
        let mut slide = SlideDecl { pieces: None, dirs: Vec::new(), how: SlideHow::Step, span };
        let (mut when, mut cost) = (None, None);
        let mut from = span;
        for p in it {
            match p.as_rule() {
                Rule::slide_pieces => {
                    from = self.span(&p);
                    let inner = p.into_inner().next().unwrap();
                    if inner.as_rule() == Rule::name_list {
                        slide.pieces = Some(self.idents(inner));
                    }
                }
                Rule::slide_dirs => {
                    slide.dirs = (p.into_inner().filter(|d| d.as_rule() == Rule::direction))
                        .map(|d| match d.as_str() {
                            "down" => Direction::Down,
                            "up" => Direction::Up,
                            "left" => Direction::Left,
                            _ => Direction::Right,
                        })
                        .collect();
                }
                Rule::slide_how => {
                    slide.span = from.to(self.span(&p));
                    let how = p.into_inner().next().unwrap();
                    slide.how = match how.as_rule() {
                        Rule::how_step => SlideHow::Step,
                        Rule::how_distance => SlideHow::Distance,
                        Rule::how_blocked if how.into_inner().any(|q| q.as_rule() == Rule::blocked_by_piece) => {
                            SlideHow::BlockedByPiece
                        }
                        Rule::how_blocked => SlideHow::Blocked,
                        _ => SlideHow::Path,
                    };
                }
                Rule::expr => when = Some(self.expr(p)?),
                Rule::move_cost => cost = Some(self.expr(p.into_inner().find(|p| p.as_rule() == Rule::expr).unwrap())?),
                _ => {}
            }
        }
        let each = ForClause { binders: Vec::new(), filter: None, span: name.span };
        Ok(MoveDecl { name, params: Vec::new(), each, when, effects: Vec::new(), cost, slide: Some(slide) })
    }

    fn effect(&self, pair: Pair<Rule>) -> R<Spanned<EffectDecl>> {
        let span = self.span(&pair);
        let mut parts = pair.into_inner();
        let e = parts.next().unwrap();
        let which = e.as_rule();
        let mut it = e.into_inner().filter(|p| !is_keyword(p.as_rule()));
        let mut node = match which {
            Rule::swap_effect => EffectDecl::Swap(self.expr(it.next().unwrap())?, self.expr(it.next().unwrap())?),
            Rule::set_effect => EffectDecl::Set(self.expr(it.next().unwrap())?, self.expr(it.next().unwrap())?),
            Rule::set_group_effect => {
                EffectDecl::SetGroup(self.expr(it.next().unwrap())?, self.expr(it.next().unwrap())?)
            }
            Rule::reverse_effect => EffectDecl::Reverse(self.expr(it.next().unwrap())?),
            _ => EffectDecl::RemoveGroup(self.expr(it.next().unwrap())?),
        };
        if let Some(each) = parts.next() {
            node = EffectDecl::Each(Box::new(node), self.for_clause(each)?);
        }
        Ok(Spanned { node, span })
    }

    fn rule(&self, pair: Pair<Rule>) -> R<Spanned<RuleDecl>> {
        let span = self.span(&pair);
        let r = pair.into_inner().next().unwrap();
        let which = r.as_rule();
        let direction = |p: &Pair<Rule>| match p.as_str() {
            "down" => Direction::Down,
            "up" => Direction::Up,
            "left" => Direction::Left,
            _ => Direction::Right,
        };
        if which == Rule::close_rule {
            let parts: Vec<Pair<Rule>> = r.into_inner().filter(|p| !is_keyword(p.as_rule())).collect();
            let node = RuleDecl::Close { columns: parts[0].as_str() == "columns", dir: direction(&parts[1]) };
            return Ok(Spanned { node, span });
        }
        let arg = r.into_inner().find(|p| !is_keyword(p.as_rule())).unwrap();
        let node = match which {
            Rule::gravity_rule => RuleDecl::Gravity(direction(&arg)),
            Rule::clear_runs_rule => RuleDecl::ClearRuns(self.expr(arg)?),
            _ => RuleDecl::ClearGroups(self.expr(arg)?),
        };
        Ok(Spanned { node, span })
    }

    fn args(&self, pair: Pair<Rule>) -> R<Vec<Expr>> {
        pair.into_inner().map(|p| self.expr(p)).collect()
    }

    fn for_clause(&self, pair: Pair<Rule>) -> R<ForClause> {
        let span = self.span(&pair);
        let mut binders = Vec::new();
        let mut filter = None;
        for p in pair.into_inner().filter(|p| !is_keyword(p.as_rule())) {
            match p.as_rule() {
                Rule::binder => {
                    let mut parts = p.into_inner().filter(|p| !is_keyword(p.as_rule()));
                    let pattern = parts.next().unwrap();
                    let tuple = pattern.as_str().trim_start().starts_with('(');
                    let names = self.idents(pattern);
                    let source = self.expr(parts.next().unwrap())?;
                    binders.push(Binder { names, tuple, source });
                }
                _ => filter = Some(Box::new(self.expr(p)?)),
            }
        }
        Ok(ForClause { binders, filter, span })
    }

    fn expr(&self, pair: Pair<Rule>) -> R<Expr> {
        debug_assert_eq!(pair.as_rule(), Rule::expr);
        pratt()
            .map_primary(|p| self.primary(p))
            .map_prefix(|op, rhs| {
                let rhs = rhs?;
                let span = self.span(&op).to(rhs.span);
                let op = if op.as_rule() == Rule::op_neg { UnOp::Neg } else { UnOp::Not };
                Ok(Expr { kind: ExprKind::Unary { op, operand: Box::new(rhs) }, span })
            })
            .map_postfix(|lhs, op| {
                let lhs = lhs?;
                let span = lhs.span.to(self.span(&op));
                let indices = self.exprs(op)?;
                Ok(Expr { kind: ExprKind::Index { base: Box::new(lhs), indices }, span })
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, rhs) = (lhs?, rhs?);
                let span = lhs.span.to(rhs.span);
                let kind = match op.as_rule() {
                    Rule::op_range | Rule::op_range_incl => ExprKind::Range {
                        lo: Box::new(lhs),
                        hi: Box::new(rhs),
                        inclusive: op.as_rule() == Rule::op_range_incl,
                    },
                    r => ExprKind::Binary { op: binop(r), lhs: Box::new(lhs), rhs: Box::new(rhs) },
                };
                Ok(Expr { kind, span })
            })
            .parse(pair.into_inner())
    }

    fn exprs(&self, pair: Pair<Rule>) -> R<Vec<Expr>> {
        pair.into_inner().map(|p| self.expr(p)).collect()
    }

    fn primary(&self, pair: Pair<Rule>) -> R<Expr> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::int => match pair.as_str().parse::<i64>() {
                Ok(n) => ExprKind::Int(n),
                Err(_) => {
                    return Err(Diagnostic::new(Code::P003, span, "this number is too large")
                        .label("does not fit in 64 bits")
                        .help("numbers in a spec must lie between -9223372036854775808 and 9223372036854775807"));
                }
            },
            Rule::char_lit => {
                let s = pair.as_str();
                ExprKind::Char(s[1..s.len() - 1].chars().next().unwrap())
            }
            Rule::string => ExprKind::Str(self.string(pair).text),
            Rule::bool_lit => ExprKind::Bool(pair.as_str() == "true"),
            Rule::name => ExprKind::Name(pair.as_str().to_string()),
            Rule::call => {
                let mut it = pair.into_inner();
                let func = self.ident(it.next().unwrap());
                ExprKind::Call { func, args: self.args(it.next().unwrap())? }
            }
            Rule::tuple => {
                let mut items = self.exprs(pair)?;
                if items.len() == 1 {
                    // `(e)` is just parentheses.
                    let mut e = items.pop().unwrap();
                    e.span = span;
                    return Ok(e);
                }
                ExprKind::Tuple(items)
            }
            Rule::list | Rule::set => {
                let is_set = pair.as_rule() == Rule::set;
                let parts: Vec<Pair<Rule>> = pair.into_inner().collect();
                match parts.iter().position(|p| p.as_rule() == Rule::for_clause) {
                    Some(k) => {
                        let body = Box::new(self.expr(parts[0].clone())?);
                        let each = self.for_clause(parts[k].clone())?;
                        if is_set { ExprKind::SetComp { body, each } } else { ExprKind::ListComp { body, each } }
                    }
                    None => {
                        let items = parts.into_iter().map(|p| self.expr(p)).collect::<R<Vec<_>>>()?;
                        if is_set { ExprKind::Set(items) } else { ExprKind::List(items) }
                    }
                }
            }
            other => unreachable!("not a primary: {other:?}"),
        };
        Ok(Expr { kind, span })
    }
}

fn binop(r: Rule) -> BinOp {
    match r {
        Rule::op_add => BinOp::Add,
        Rule::op_sub => BinOp::Sub,
        Rule::op_mul => BinOp::Mul,
        Rule::op_div => BinOp::Div,
        Rule::op_rem => BinOp::Rem,
        Rule::op_eq => BinOp::Eq,
        Rule::op_ne => BinOp::Ne,
        Rule::op_lt => BinOp::Lt,
        Rule::op_le => BinOp::Le,
        Rule::op_gt => BinOp::Gt,
        Rule::op_ge => BinOp::Ge,
        Rule::op_and => BinOp::And,
        _ => BinOp::Or,
    }
}

/// Where the last token of a pair ends (not the blanks or comments a rule skipped after it).
fn last_leaf_end(pair: &Pair<Rule>) -> Option<usize> {
    let mut last = pair.clone().into_inner().last()?;
    while let Some(inner) = last.clone().into_inner().last() {
        last = inner;
    }
    Some(last.as_span().end())
}

/// Keyword pairs carry no information beyond their statement's rule.
fn is_keyword(r: Rule) -> bool {
    matches!(
        r,
        Rule::kw_puzzle
            | Rule::kw_pieces
            | Rule::kw_seen
            | Rule::kw_cell
            | Rule::kw_sees
            | Rule::kw_see
            | Rule::kw_other
            | Rule::kw_pairs
            | Rule::kw_beside
            | Rule::kw_consecutive
            | Rule::kw_same
            | Rule::kw_congruent
            | Rule::kw_shapes
            | Rule::kw_line
            | Rule::kw_crosses
            | Rule::kw_borders
            | Rule::kw_import
            | Rule::kw_let
            | Rule::kw_param
            | Rule::kw_board
            | Rule::kw_of
            | Rule::kw_without
            | Rule::kw_mask
            | Rule::kw_origin
            | Rule::kw_fill
            | Rule::kw_given
            | Rule::kw_clues
            | Rule::kw_follow
            | Rule::kw_solution
            | Rule::kw_from
            | Rule::kw_instance
            | Rule::kw_region
            | Rule::kw_each
            | Rule::kw_holds
            | Rule::kw_value
            | Rule::kw_exactly
            | Rule::kw_at
            | Rule::kw_most
            | Rule::kw_once
            | Rule::kw_piece
            | Rule::kw_tiles
            | Rule::kw_with
            | Rule::kw_edges
            | Rule::kw_place
            | Rule::kw_all
            | Rule::kw_on
            | Rule::kw_rotate
            | Rule::kw_reflect
            | Rule::kw_cells
            | Rule::kw_confine
            | Rule::kw_to
            | Rule::kw_match
            | Rule::kw_secondary
            | Rule::kw_item
            | Rule::kw_times
            | Rule::kw_option
            | Rule::kw_answer
            | Rule::kw_move
            | Rule::kw_when
            | Rule::kw_do
            | Rule::kw_swap
            | Rule::kw_set
            | Rule::kw_remove
            | Rule::kw_reverse
            | Rule::kw_group
            | Rule::kw_after
            | Rule::kw_gravity
            | Rule::kw_clear
            | Rule::kw_close
            | Rule::kw_runs
            | Rule::kw_groups
            | Rule::kw_goal
            | Rule::kw_counter
            | Rule::kw_estimate
            | Rule::kw_empty
            | Rule::kw_labelled
            | Rule::kw_count
            | Rule::kw_pattern
            | Rule::kw_moves
            | Rule::kw_fewest
            | Rule::kw_cost
            | Rule::kw_slides
            | Rule::kw_walls
            | Rule::kw_blocked
            | Rule::kw_another
            | Rule::kw_any
            | Rule::kw_one
            | Rule::kw_step
            | Rule::kw_distance
            | Rule::kw_along
            | Rule::kw_path
            | Rule::kw_or
            | Rule::kw_for
            | Rule::kw_in
            | Rule::kw_where
            | Rule::kw_cases
            | Rule::kw_print
            | Rule::kw_between
            | Rule::kw_by
            | Rule::kw_rows
            | Rule::kw_columns
            | Rule::kw_up
            | Rule::kw_until
            | Rule::kw_counted
            | Rule::kw_grid
            | Rule::kw_table
            | Rule::kw_words
            | Rule::kw_sums
            | Rule::kw_multiplies
            | Rule::kw_differs
            | Rule::kw_divides
            | Rule::kw_makes
            | Rule::kw_different
            | Rule::kw_least
            | Rule::kw_no
            | Rule::kw_two
            | Rule::kw_touch
            | Rule::kw_diagonally
            | Rule::kw_too
            | Rule::kw_lattice
            | Rule::kw_symmetry
            | Rule::kw_draw
            | Rule::kw_as
            | Rule::kw_clue
            | Rule::kw_shifted
            | Rule::kw_border
            | Rule::kw_the
            | Rule::kw_are
            | Rule::kw_connected
            | Rule::kw_area
            | Rule::kw_its
            | Rule::kw_size
            | Rule::kw_block
            | Rule::kw_values
            | Rule::kw_has
            | Rule::kw_hold
            | Rule::kw_loop
            | Rule::kw_counts
            | Rule::kw_around
            | Rule::kw_it
            | Rule::kw_bridges
            | Rule::kw_join
            | Rule::kw_numbers
            | Rule::kw_islands
            | Rule::kw_through
            | Rule::kw_goes
            | Rule::kw_going
            | Rule::kw_straight
            | Rule::kw_turns
            | Rule::kw_turning
            | Rule::kw_next
            | Rule::kw_side
            | Rule::kw_sides
            | Rule::kw_both
            | Rule::kw_paths
            | Rule::kw_equal
            | Rule::kw_every
    )
}

#[cfg(test)]
mod tests {
    /// `is_keyword` must list every `kw_` rule of the grammar, or statements misread their parts.
    #[test]
    fn every_keyword_rule_is_known() {
        let grammar = include_str!("../../grammar/puz.pest");
        for line in grammar.lines() {
            if let Some(name) = line.strip_prefix("kw_") {
                let name = format!("kw_{}", name.split_whitespace().next().unwrap());
                let source = include_str!("parse.rs");
                assert!(
                    source.contains(&format!("Rule::{name}\n")) || source.contains(&format!("Rule::{name})")),
                    "{name} missing from is_keyword"
                );
            }
        }
    }
}
