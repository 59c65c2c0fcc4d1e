//! The LLVM IR parser: text to [`Module`], with a span on every entity.
//!
//! ```text
//!  mod.rs        cursor over the lexer, errors, entry point, end-of-module fix-ups
//!  types.rs      types (and legacy typed pointers, upgraded to `ptr`)
//!  constants.rs  constants and constant expressions
//!  attrs.rs      attributes and attribute groups
//!  metadata.rs   metadata nodes, records, attachments
//!  module.rs     module-level entities: globals, functions, aliases, comdats, ...
//!  function.rs   function bodies: local names, blocks, forward references
//!  insts.rs      one instruction at a time
//! ```
//! After a syntax error the parser recovers (LLVM stops at the first): inside a function body
//! it skips to the next line that can start an instruction, a label or the closing `}`, and
//! outside one to the next top-level entity, so one run reports the errors of every line. A
//! name whose definition failed to parse is remembered as broken, and its uses add no errors
//! of their own. At most [`MAX_ERRORS`](crate::diag::MAX_ERRORS) errors are kept; the rest
//! are counted. Semantic checks that need the whole module belong to the verifier. Nesting of types, constants and metadata is
//! limited to [`MAX_DEPTH`] levels so that hostile input ends in a diagnostic, not a stack
//! overflow.

mod attrs;
mod constants;
mod function;
mod insts;
mod metadata;
mod module;
mod types;

use crate::diag::{Diagnostic, Span, Suppressed, MAX_ERRORS};
use crate::ir::attrs::AttrSetId;
use crate::ir::function::Block;
use crate::ir::metadata::MdId;
use crate::ir::module::{ComdatId, GlobalId, GlobalName};
use crate::ir::{Inst, Module, Symbol};
use crate::text::lexer::{Lexer, Token, TokenKind};
use rustc_hash::FxHashMap as HashMap;

/// How deeply types, constants and metadata may nest.
pub const MAX_DEPTH: u32 = 256;

/// The result of parsing: the module (when there was no error) and every diagnostic, including
/// notes such as the typed-pointer upgrade.
#[derive(Debug)]
pub struct ParseResult {
    /// The module, `None` when parsing failed.
    pub module: Option<Module>,
    /// Errors, warnings and notes, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Errors past [`MAX_ERRORS`], counted but not kept.
    pub suppressed: Suppressed,
}

/// Parses a module from LLVM IR text. LLVM 1.x text (see [`crate::text::llvm1`]) goes to
/// the 1.x front end, which upgrades it.
pub fn parse(src: &str) -> ParseResult {
    if let Some(at) = crate::text::llvm1::detect(src) {
        return crate::text::llvm1::parse(src, at);
    }
    parse_modern(src)
}

/// Parses a module from modern LLVM IR text (no 1.x detection).
pub(crate) fn parse_modern(src: &str) -> ParseResult {
    let mut p = Parser::new(src);
    let parsed = p.parse_module().is_ok();
    let ok = parsed && p.finish().is_ok();
    let Parser { m, diags, errors, suppressed, .. } = p;
    ParseResult {
        module: if ok && errors == 0 { Some(m) } else { None },
        diagnostics: diags,
        suppressed,
    }
}

/// A `help:` for a value of type `have` used where `want` is needed: the cast that converts
/// it, or the note that the two must match.
pub fn conversion_help(name: &str, have: &str, want: &str) -> String {
    let bits = |t: &str| t.strip_prefix('i').and_then(|n| n.parse::<u32>().ok());
    let float_rank = |t: &str| {
        ["half", "bfloat", "float", "double", "x86_fp80", "fp128"].iter().position(|f| *f == t)
    };
    match (bits(have), bits(want), float_rank(have), float_rank(want)) {
        (Some(h), Some(w), _, _) if h < w => format!(
            "widen it first: `%{name}.ext = sext {have} %{name} to {want}` (or `zext` for an unsigned value)"
        ),
        (Some(h), Some(w), _, _) if h > w => {
            format!("narrow it first: `%{name}.trunc = trunc {have} %{name} to {want}`")
        }
        (Some(_), _, _, Some(_)) => format!(
            "convert it first: `%{name}.fp = sitofp {have} %{name} to {want}` (or `uitofp`)"
        ),
        (_, Some(_), Some(_), _) => format!(
            "convert it first: `%{name}.int = fptosi {have} %{name} to {want}` (or `fptoui`)"
        ),
        (_, _, Some(h), Some(w)) if h < w => {
            format!("convert it first: `%{name}.ext = fpext {have} %{name} to {want}`")
        }
        (_, _, Some(h), Some(w)) if h > w => {
            format!("convert it first: `%{name}.trunc = fptrunc {have} %{name} to {want}`")
        }
        _ => format!(
            "an operand's type must be the one the instruction names: write `{have}` here, or convert `%{name}` to `{want}` first"
        ),
    }
}

/// Parse failures are reported into the parser's diagnostics; this only says "stop".
pub(crate) type PResult<T> = Result<T, Stop>;

/// The marker of an error already reported.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stop;

/// Numbered metadata `!N` to node: dense for the usual small numbers, a map beyond.
#[derive(Default)]
pub(crate) struct MdSlots {
    dense: Vec<Option<MdId>>,
    sparse: HashMap<u32, MdId>,
}

impl MdSlots {
    /// How far past its end the dense table may grow for one number (hostile input such as
    /// `!4000000000` goes to the map instead).
    const GROWTH: usize = 1 << 16;
    pub(crate) fn get(&self, n: u32) -> Option<MdId> {
        match self.dense.get(n as usize).copied().flatten() {
            Some(id) => Some(id),
            None => self.sparse.get(&n).copied(),
        }
    }
    pub(crate) fn insert(&mut self, n: u32, id: MdId) {
        if (n as usize) < self.dense.len() + Self::GROWTH {
            let i = n as usize;
            if i >= self.dense.len() {
                self.dense.resize(i + 1, None);
            }
            self.dense[i] = Some(id);
        } else {
            self.sparse.insert(n, id);
        }
    }
}

/// Where a `#N` attribute group reference must be merged once all groups are known.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GroupUse {
    /// Function attributes of a function.
    Func(GlobalId),
    /// Attributes of a global variable.
    Var(GlobalId),
    /// Call-site function attributes of a call in a function.
    Call(GlobalId, Inst),
}

/// A numbered or named local, global or metadata key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LocalKey {
    Named(Symbol),
    Numbered(u32),
}

pub(crate) struct Parser<'a> {
    src: &'a str,
    pub(crate) lex: Lexer<'a>,
    /// The current token.
    tok: Token<'a>,
    /// The token after it, once something looked ahead.
    peeked: Option<Token<'a>>,
    /// The end of the previous token (for spans of whole constructs).
    prev_end: u32,
    pub(crate) m: Module,
    pub(crate) diags: Vec<Diagnostic>,
    /// Errors reported, kept or not.
    pub(crate) errors: usize,
    /// Errors past [`MAX_ERRORS`].
    suppressed: Suppressed,
    depth: u32,
    /// Numbered metadata `!N` to node.
    md_slots: MdSlots,
    /// Where each referenced-but-not-yet-defined `!N` was first used.
    md_forward: HashMap<u32, Span>,
    /// Attribute groups `#N`.
    attr_groups: HashMap<u32, AttrSetId>,
    /// References to attribute groups, resolved at the end.
    group_uses: Vec<(GroupUse, Vec<(u32, Span)>)>,
    /// Comdats by name.
    comdat_names: HashMap<Symbol, ComdatId>,
    /// The next `@N` number.
    next_global_number: u32,
    /// Blocks of each parsed (or forward-referenced) function, for `blockaddress`.
    fn_blocks: HashMap<GlobalId, HashMap<LocalKey, (Block, Span)>>,
    /// Where the first typed pointer was seen, for a single upgrade note.
    legacy_seen: Option<Span>,
    /// The function whose body is being parsed.
    cur_fn: Option<GlobalId>,
    /// Address space and first use of each forward-referenced global.
    forward_global_types: HashMap<GlobalId, Option<(u32, Span)>>,
    /// Summary-entry scanning state: the previous token was a `name:` label.
    prev_token_was_colon: bool,
    /// The function body being parsed.
    pub(crate) fs: Option<Box<function::FnState>>,
    /// Names of globals whose definition failed to parse.
    broken_globals: rustc_hash::FxHashSet<GlobalName>,
    /// `%T = type <non-struct>` aliases.
    type_aliases: HashMap<crate::ir::types::TypeName, crate::ir::TypeId>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            src,
            lex,
            tok,
            peeked: None,
            prev_end: 0,
            m: Module::default(),
            diags: Vec::new(),
            errors: 0,
            suppressed: Suppressed::default(),
            depth: 0,
            md_slots: MdSlots::default(),
            md_forward: HashMap::default(),
            attr_groups: HashMap::default(),
            group_uses: Vec::new(),
            comdat_names: HashMap::default(),
            next_global_number: 0,
            fn_blocks: HashMap::default(),
            legacy_seen: None,
            cur_fn: None,
            type_aliases: HashMap::default(),
            fs: None,
            prev_token_was_colon: false,
            forward_global_types: HashMap::default(),
            broken_globals: Default::default(),
        }
    }

    // ---- Cursor ---------------------------------------------------------------------------

    /// The current token's kind.
    #[inline]
    pub(crate) fn kind(&self) -> &TokenKind<'a> {
        &self.tok.kind
    }
    /// The current token's span.
    #[inline]
    pub(crate) fn span(&self) -> Span {
        self.tok.span
    }
    /// The end offset of the last consumed token.
    #[inline]
    pub(crate) fn prev_end(&self) -> u32 {
        self.prev_end
    }
    /// A span from `start` to the end of the last consumed token.
    pub(crate) fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end.max(start))
    }
    /// Moves to the next token, returning the one consumed.
    pub(crate) fn bump(&mut self) -> Token<'a> {
        let next = match self.peeked.take() {
            Some(t) => t,
            None => self.lex.next_token(),
        };
        self.prev_end = self.tok.span.end;
        std::mem::replace(&mut self.tok, next)
    }
    /// The token after the current one, without consuming anything.
    pub(crate) fn peek(&mut self) -> &TokenKind<'a> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex.next_token());
        }
        match &self.peeked {
            Some(t) => &t.kind,
            None => &TokenKind::Eof,
        }
    }
    /// The two tokens after the current one.
    pub(crate) fn peek2(&mut self) -> (TokenKind<'a>, TokenKind<'a>) {
        let first = self.peek().clone();
        let second = self.lex.clone().next_token().kind;
        (first, second)
    }
    /// True when the current token is the word `w`.
    #[inline]
    pub(crate) fn at_word(&self, w: &str) -> bool {
        matches!(self.tok.kind, TokenKind::Word(x) if x == w)
    }
    /// Consumes the word `w` if present.
    pub(crate) fn eat_word(&mut self, w: &str) -> bool {
        if self.at_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }
    /// The current word, if the token is one.
    pub(crate) fn word(&self) -> Option<&'a str> {
        match self.tok.kind {
            TokenKind::Word(w) => Some(w),
            _ => None,
        }
    }
    /// True when the current token is the punctuation `k`.
    #[inline]
    pub(crate) fn at(&self, k: &TokenKind<'_>) -> bool {
        std::mem::discriminant(&self.tok.kind) == std::mem::discriminant(k)
    }
    /// Consumes the punctuation `k` if present.
    pub(crate) fn eat(&mut self, k: &TokenKind<'_>) -> bool {
        if self.at(k) {
            self.bump();
            true
        } else {
            false
        }
    }
    /// Consumes the punctuation `k` or reports `expected 'what'`.
    pub(crate) fn expect(&mut self, k: &TokenKind<'_>, what: &str) -> PResult<Span> {
        if self.at(k) {
            Ok(self.bump().span)
        } else {
            self.err_expected(what)
        }
    }
    /// Consumes the word `w` or reports `expected 'w'`.
    pub(crate) fn expect_word(&mut self, w: &str) -> PResult<Span> {
        if self.at_word(w) {
            Ok(self.bump().span)
        } else {
            self.err_expected(&format!("'{w}'"))
        }
    }

    // ---- Errors ---------------------------------------------------------------------------

    /// Reports an error at `span` and stops.
    #[cold]
    pub(crate) fn err<T>(&mut self, span: Span, msg: impl Into<String>) -> PResult<T> {
        self.report(Diagnostic::error(span, msg));
        Err(Stop)
    }
    /// Reports a prepared diagnostic and stops.
    #[cold]
    pub(crate) fn fail<T>(&mut self, d: Diagnostic) -> PResult<T> {
        self.report(d);
        Err(Stop)
    }
    /// Reports an error at the current token and stops.
    #[cold]
    pub(crate) fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let span = self.span();
        self.err(span, msg)
    }
    /// Reports `expected X` at the current token (or the lexer's own error) and stops.
    #[cold]
    pub(crate) fn err_expected<T>(&mut self, what: &str) -> PResult<T> {
        let d = self.expected_diag(what);
        self.fail(d)
    }
    /// The `expected X, found Y` diagnostic at the current token.
    pub(crate) fn expected_diag(&self, what: &str) -> Diagnostic {
        let msg = match &self.tok.kind {
            TokenKind::Error(e) => format!("{} (expected {what})", e.message()),
            TokenKind::Eof => format!("expected {what}, found end of file"),
            k => format!("expected {what}, found {}", k.describe()),
        };
        let d = Diagnostic::error(self.span(), msg);
        // Found on a later line than the last token read: that line ended too early.
        let prev = self.prev_end as usize;
        let gap = self.src.get(prev..self.span().start as usize).unwrap_or("");
        let in_body = self.fs.is_some();
        if in_body && prev > 0 && gap.contains('\n') && !matches!(self.tok.kind, TokenKind::Eof) {
            let d_line = self.src.get(..prev).map_or(0, |s| s.matches('\n').count()) + 1;
            d.with_help(format!("line {d_line} ends before its {what}"))
        } else {
            d
        }
    }
    /// Reports `expected X` at the current token with a "did you mean" among `candidates`
    /// when the current token is a word close to one of them, and stops.
    #[cold]
    pub(crate) fn err_expected_one_of<'c, T>(
        &mut self,
        what: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> PResult<T> {
        let guess = self.word().and_then(|w| crate::diag::did_you_mean(w, candidates));
        let d = self.expected_diag(what).with_suggestion(guess);
        self.fail(d)
    }
    /// Records a diagnostic without stopping (errors past [`MAX_ERRORS`] are only counted).
    pub(crate) fn report(&mut self, d: Diagnostic) {
        if d.is_error() {
            self.errors += 1;
            if self.errors > MAX_ERRORS {
                self.suppressed.add(d.span);
                return;
            }
        }
        self.diags.push(d);
    }
    /// True once any error was reported.
    pub(crate) fn errors_seen(&self) -> bool {
        self.errors > 0
    }
    /// Enters one level of nesting, failing beyond [`MAX_DEPTH`].
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err_here(format!("nesting is too deep (more than {MAX_DEPTH} levels)"));
        }
        Ok(())
    }
    /// Leaves one level of nesting.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    /// Notes that a typed pointer was read (and upgraded).
    pub(crate) fn saw_legacy(&mut self, span: Span) {
        if self.legacy_seen.is_none() {
            self.legacy_seen = Some(span);
        }
    }
    /// The source text.
    pub(crate) fn src(&self) -> &'a str {
        self.src
    }

    // ---- Small token readers ----------------------------------------------------------------

    /// Reads a `"..."` string token.
    pub(crate) fn string(&mut self, what: &str) -> PResult<Box<[u8]>> {
        match &self.tok.kind {
            TokenKind::String(s) => {
                let v: Box<[u8]> = s.as_ref().into();
                self.bump();
                Ok(v)
            }
            _ => self.err_expected(what),
        }
    }
    /// Reads an unsigned integer that fits in `u64`.
    pub(crate) fn uint(&mut self, what: &str) -> PResult<u64> {
        match self.tok.kind {
            TokenKind::Integer(t) if !t.starts_with('-') => match t.parse::<u64>() {
                Ok(v) => {
                    self.bump();
                    Ok(v)
                }
                Err(_) => self.err_here(format!("{what} is too large")),
            },
            _ => self.err_expected(what),
        }
    }
    /// Reads an unsigned integer that fits in `u32`.
    pub(crate) fn uint32(&mut self, what: &str) -> PResult<u32> {
        let span = self.span();
        let v = self.uint(what)?;
        u32::try_from(v).or_else(|_| self.err(span, format!("{what} is too large")))
    }
    /// Reads a signed integer that fits in `i64`.
    pub(crate) fn sint(&mut self, what: &str) -> PResult<i64> {
        match self.tok.kind {
            TokenKind::Integer(t) => match t.parse::<i64>() {
                Ok(v) => {
                    self.bump();
                    Ok(v)
                }
                Err(_) => self.err_here(format!("{what} is out of range")),
            },
            _ => self.err_expected(what),
        }
    }
    /// Reads `addrspace(N)` if present.
    pub(crate) fn opt_addrspace(&mut self) -> PResult<Option<u32>> {
        if !self.at_word("addrspace") {
            return Ok(None);
        }
        self.bump();
        self.expect(&TokenKind::LParen, "'(' in address space")?;
        let n = self.uint32("address space number")?;
        if n >= (1 << 24) {
            let span = Span::new(self.prev_end.saturating_sub(1), self.prev_end);
            return self.err(span, "invalid address space, must be a 24-bit integer");
        }
        self.expect(&TokenKind::RParen, "')' in address space")?;
        Ok(Some(n))
    }
    /// Reads `align N` (after the word), checking it is a power of two no larger than 2^32.
    pub(crate) fn align_value(&mut self) -> PResult<u64> {
        let paren = self.eat(&TokenKind::LParen);
        let span = self.span();
        let v = self.uint("alignment")?;
        if paren {
            self.expect(&TokenKind::RParen, "')'")?;
        }
        // Reported without stopping: the rest of the module is still worth checking.
        if !v.is_power_of_two() {
            self.report(Diagnostic::error(span, "alignment is not a power of two"));
        } else if v > (1u64 << 32) {
            self.report(Diagnostic::error(span, "huge alignments are not supported yet"));
        }
        Ok(v)
    }

    /// The name of a global as a key.
    pub(crate) fn global_key(&mut self, name: &str) -> GlobalName {
        GlobalName::Named(self.m.symbols.intern(name))
    }

    /// Declares each intrinsic (of the table, `ir/intrinsics.rs`) that is called but never
    /// declared, with the type of its first call, as LLVM 19 does (`call i32 @llvm.umin.i32(i32 %a, i32 %b)` alone is a
    /// valid module); the declaration is printed like any other.
    fn declare_called_intrinsics(&mut self) {
        use crate::ir::{ConstKind, GlobalKind, Operand};
        let mut found: Vec<(crate::ir::GlobalId, crate::ir::TypeId)> = Vec::new();
        for (_, gv) in self.m.globals.iter() {
            let GlobalKind::Func(f) = &gv.kind else { continue };
            let Some(body) = f.body.as_ref() else { continue };
            for (_, data) in body.insts.iter() {
                let (Some((Operand::Const(c), _)), Some(info)) =
                    (data.callee_and_args(), data.call_info())
                else {
                    continue;
                };
                let ConstKind::Global(g) = self.m.consts.kind(c) else { continue };
                let Some(callee) = self.m.globals.get(*g) else { continue };
                // Only the names LLVM knows (an unknown `@llvm.*` stays undefined, as there).
                let is_llvm = match &callee.name {
                    GlobalName::Named(s) => {
                        crate::ir::Intrinsic::resolve(self.m.symbols.get(*s)).is_some()
                    }
                    GlobalName::Numbered(_) => false,
                };
                if is_llvm
                    && matches!(callee.kind, GlobalKind::Forward)
                    && !found.iter().any(|(h, _)| h == g)
                {
                    found.push((*g, info.fn_ty));
                }
            }
        }
        // LLVM adds them when the module is read to its end, in name order.
        let name_of = |m: &Module, g: crate::ir::GlobalId| m.global_name(g);
        found.sort_by_cached_key(|(g, _)| name_of(&self.m, *g));
        for (g, fn_ty) in found {
            let span = self.m.globals[g].span;
            let params =
                self.m.types.func_sig(fn_ty).map(|(_, ps, _)| ps.to_vec()).unwrap_or_default();
            let mut f = crate::ir::Function::new(fn_ty);
            f.params = params
                .into_iter()
                .map(|ty| crate::ir::Param {
                    ty,
                    attrs: AttrSetId::EMPTY,
                    name: crate::ir::LocalName::Unnamed,
                    span,
                })
                .collect();
            self.m.globals[g].kind = GlobalKind::Func(Box::new(f));
            self.m.order.push(g);
        }
    }

    /// Resolves attribute groups, undefined metadata and forward globals at the end. After a
    /// syntax error these checks are skipped: they would only repeat it (`parse_module` still
    /// reports the undefined globals that no failed entity was defining).
    fn finish(&mut self) -> PResult<()> {
        if self.errors_seen() {
            return Err(Stop);
        }
        // Attribute groups are usually defined after their uses.
        let uses = std::mem::take(&mut self.group_uses);
        for (target, groups) in uses {
            let mut merged = AttrSetId::EMPTY;
            for (n, span) in groups {
                match self.attr_groups.get(&n) {
                    Some(&set) => merged = self.m.attrs.union(merged, set),
                    None => {
                        self.report(Diagnostic::error(
                            span,
                            format!("attribute group #{n} is not defined"),
                        ));
                    }
                }
            }
            self.apply_group(target, merged);
        }
        let mut forward: Vec<(u32, Span)> = self.md_forward.iter().map(|(k, v)| (*k, *v)).collect();
        forward.sort_by_key(|(_, s)| s.start);
        for (n, span) in forward {
            self.report(Diagnostic::error(span, format!("use of undefined metadata '!{n}'")));
        }
        self.declare_called_intrinsics();
        for d in self.undefined_globals(false) {
            self.report(d);
        }
        let mut bad_blocks = Vec::new();
        for (g, blocks) in &self.fn_blocks {
            let Some(f) = self.m.func(*g) else { continue };
            for (block, span) in blocks.values() {
                let defined =
                    f.body.as_ref().and_then(|b| b.blocks.get(*block)).is_some_and(|b| b.defined);
                if !defined {
                    bad_blocks
                        .push(Diagnostic::error(*span, "referenced value is not a basic block"));
                }
            }
        }
        for d in bad_blocks {
            self.report(d);
        }
        self.upgrade_intrinsic_names();
        self.m.resolve_intrinsics();
        if let Some(span) = self.legacy_seen {
            self.report(
                Diagnostic::note(span, "typed pointers are legacy syntax; they were read as opaque `ptr`")
                    .with_note("LLVM 15 and later use `ptr` for every pointer; `irplay fmt` prints the upgraded text"),
            );
        }
        if self.errors_seen() {
            Err(Stop)
        } else {
            Ok(())
        }
    }

    /// `use of undefined value '@x'` for each global that is referenced but not defined; with
    /// `after_errors`, not for the globals whose definition failed to parse, nor for LLVM
    /// intrinsics (which are declared on use once the module parses).
    fn undefined_globals(&self, after_errors: bool) -> Vec<Diagnostic> {
        let mut undefined = Vec::new();
        let defined: Vec<&str> = self
            .m
            .globals
            .iter()
            .filter(|(_, gv)| !matches!(gv.kind, crate::ir::GlobalKind::Forward))
            .filter_map(|(_, gv)| match &gv.name {
                GlobalName::Named(s) => Some(self.m.symbols.get(*s)),
                GlobalName::Numbered(_) => None,
            })
            .collect();
        for (_, gv) in self.m.globals.iter() {
            if matches!(gv.kind, crate::ir::GlobalKind::Forward) {
                let name = match &gv.name {
                    GlobalName::Named(s) => self.m.symbols.get(*s).to_string(),
                    GlobalName::Numbered(n) => n.to_string(),
                };
                if after_errors
                    && (self.broken_globals.contains(&gv.name)
                        || crate::ir::Intrinsic::resolve(&name).is_some())
                {
                    continue;
                }
                let guess = crate::diag::did_you_mean(&name, defined.iter().copied());
                undefined.push(
                    Diagnostic::error(gv.span, format!("use of undefined value '@{name}'"))
                        .with_suggestion(guess.map(|g| format!("@{g}")).as_deref()),
                );
            }
        }
        undefined
    }

    /// Renames intrinsics declared with an old mangling (`llvm.memcpy.p0i8.p0i8.i64`) to the
    /// name their type gives today (`llvm.memcpy.p0.p0.i64`), as LLVM's auto-upgrade does.
    fn upgrade_intrinsic_names(&mut self) {
        let mut renames = Vec::new();
        for &g in &self.m.order {
            let Some(gv) = self.m.globals.get(g) else { continue };
            let (GlobalName::Named(sym), Some(f)) = (&gv.name, gv.as_func()) else { continue };
            let name = self.m.symbols.get(*sym);
            if !name.starts_with("llvm.") {
                continue;
            }
            // Only a name LLVM takes for an intrinsic is remangled (not `llvm.assume.x`).
            if crate::ir::intrinsic_attrs::lookup(name).is_none() {
                continue;
            }
            let want =
                crate::ir::Intrinsic::resolve(name).and_then(|i| i.mangled_name(&self.m, f.ty));
            if let Some(want) = want {
                if want != name {
                    renames.push((g, name.to_string(), want, gv.span));
                }
            }
        }
        for (g, old, new, span) in renames {
            let key = self.global_key(&new);
            if self.m.global_names.contains_key(&key) {
                continue;
            }
            if let Some(gv) = self.m.globals.get_mut(g) {
                let old_key = gv.name.clone();
                gv.name = key.clone();
                self.m.global_names.remove(&old_key);
                self.m.global_names.insert(key, g);
                // The upgraded declaration is a new function in LLVM, appended to the module.
                self.m.order.retain(|x| *x != g);
                self.m.order.push(g);
                self.report(Diagnostic::note(
                    span,
                    format!("intrinsic '@{old}' is renamed to '@{new}', as LLVM 19 reads it"),
                ));
            }
        }
    }

    fn apply_group(&mut self, target: GroupUse, set: AttrSetId) {
        match target {
            GroupUse::Func(g) => {
                if let Some(f) = self.m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) {
                    f.fn_attrs = self.m.attrs.union(f.fn_attrs, set);
                }
            }
            GroupUse::Var(g) => {
                let attrs = &mut self.m.attrs;
                if let Some(crate::ir::GlobalKind::Var(v)) =
                    self.m.globals.get_mut(g).map(|gv| &mut gv.kind)
                {
                    v.attrs = attrs.union(v.attrs, set);
                }
            }
            GroupUse::Call(g, inst) => {
                let attrs = &mut self.m.attrs;
                let body = self.m.globals.get_mut(g).and_then(|gv| match &mut gv.kind {
                    crate::ir::GlobalKind::Func(f) => f.body.as_mut(),
                    _ => None,
                });
                if let Some(data) = body.and_then(|b| b.insts.get_mut(inst)) {
                    match &mut data.extra {
                        crate::ir::Extra::Call(c)
                        | crate::ir::Extra::Invoke(c, ..)
                        | crate::ir::Extra::CallBr(c, ..) => {
                            c.fn_attrs = attrs.union(c.fn_attrs, set);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod recovery_tests;
