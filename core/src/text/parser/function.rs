//! Parsing function bodies: the local namespace (named and numbered values and blocks),
//! forward references, basic blocks, debug records and instruction results.
//!
//! After an instruction fails to parse, the body goes on at the next line that can start an
//! instruction, a label or the closing `}`; the failed line's result name is "broken": its
//! uses are not reported again (not as undefined, not with a wrong type), and a block whose
//! last line failed is not also reported as lacking a terminator.

use super::{LocalKey, PResult, Parser};
use crate::diag::{Diagnostic, Span};
use crate::ir::function::{BlockData, Body, DbgRecord, LocalName, ValueData, ValueDef};
use crate::ir::{Block, GlobalId, GlobalKind, Inst, Operand, TypeId, Value};
use crate::text::lexer::TokenKind;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// What a local name denotes.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Local {
    Value(Value),
    Block(Block),
}

/// The local names of a function body: numbered ones (`%0`, `%1`, ...) in a table indexed by
/// the number, names and far-out numbers in a map.
#[derive(Default)]
pub(crate) struct Locals {
    numbered: Vec<Option<Local>>,
    other: HashMap<LocalKey, Local>,
}

impl Locals {
    /// How far past its end the table may grow for one number (hostile input such as
    /// `%4000000000` goes to the map instead).
    const GROWTH: usize = 1 << 16;

    #[inline]
    pub(crate) fn get(&self, key: &LocalKey) -> Option<&Local> {
        match *key {
            LocalKey::Numbered(n) => match self.numbered.get(n as usize) {
                Some(slot) => slot.as_ref(),
                None => self.other.get(key),
            },
            LocalKey::Named(_) => self.other.get(key),
        }
    }

    /// Sets `key`, returning what it named before.
    pub(crate) fn insert(&mut self, key: LocalKey, local: Local) -> Option<Local> {
        if let LocalKey::Numbered(n) = key {
            let i = n as usize;
            if i < self.numbered.len() + Self::GROWTH {
                if i >= self.numbered.len() {
                    self.numbered.resize(i + 1, None);
                }
                return self.numbered[i].replace(local);
            }
        }
        self.other.insert(key, local)
    }

    /// Every name and what it denotes.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (LocalKey, Local)> + '_ {
        let numbered = self
            .numbered
            .iter()
            .enumerate()
            .filter_map(|(n, l)| Some((LocalKey::Numbered(n as u32), (*l)?)));
        numbered.chain(self.other.iter().map(|(k, l)| (*k, *l)))
    }
}

/// The state of the function body being parsed.
pub(crate) struct FnState {
    pub g: GlobalId,
    pub body: Body,
    pub locals: Locals,
    /// Values used before their definition, with the first use.
    pub forward_values: HashMap<Value, (LocalKey, Span)>,
    /// Blocks referenced before their label, with the first reference.
    pub forward_blocks: HashMap<Block, (LocalKey, Span)>,
    /// The next number for an unnamed value or block.
    pub next_number: u32,
    /// Result names of instructions that failed to parse.
    pub broken: HashSet<LocalKey>,
}

impl<'a> Parser<'a> {
    pub(crate) fn key_name(&self, key: LocalKey) -> String {
        match key {
            LocalKey::Named(s) => self.m.symbols.get(s).to_string(),
            LocalKey::Numbered(n) => n.to_string(),
        }
    }

    /// The current local-name token as a key, if it is one.
    pub(crate) fn local_key(&mut self) -> Option<LocalKey> {
        match &self.tok.kind {
            TokenKind::LocalName(n) => Some(LocalKey::Named(self.m.symbols.intern(n))),
            &TokenKind::LocalId(n) => Some(LocalKey::Numbered(n)),
            _ => None,
        }
    }

    /// The function state (present while a body is parsed).
    pub(crate) fn fs(&mut self) -> &mut FnState {
        // Invariant: only called from body parsing, where `fs` is set.
        self.fs.as_mut().expect("function state exists while parsing a body")
    }

    /// A value of type `ty`: a local (possibly a forward reference) or a constant.
    pub(crate) fn parse_value(&mut self, ty: TypeId) -> PResult<Operand> {
        if let Some(key) = self.local_key() {
            let span = self.bump().span;
            return Ok(Operand::Value(self.local_value(key, ty, span)?));
        }
        Ok(Operand::Const(self.parse_const(ty)?))
    }

    /// `<ty> <value>`.
    pub(crate) fn parse_typed_value(&mut self) -> PResult<Operand> {
        let ty = self.parse_type()?;
        self.parse_value(ty)
    }

    /// The value named `key` used with type `ty`.
    pub(crate) fn local_value(&mut self, key: LocalKey, ty: TypeId, span: Span) -> PResult<Value> {
        if ty == TypeId::LABEL {
            return self.err(span, "basic blocks are not values here");
        }
        if self.fs().broken.contains(&key) {
            // Its definition already has an error: a stand-in that no check looks at.
            let fs = self.fs();
            let v = fs.body.values.push(ValueData {
                ty,
                def: ValueDef::Param(u32::MAX),
                name: LocalName::Unnamed,
            });
            fs.body.value_spans.push(span);
            return Ok(v);
        }
        let existing = self.fs().locals.get(&key).copied();
        match existing {
            Some(Local::Value(v)) => {
                let vt = self.fs().body.value_ty(v);
                if vt != ty {
                    let name = self.key_name(key);
                    let (have, want) = (self.ty_str(vt), self.ty_str(ty));
                    let forward = self.fs().forward_values.contains_key(&v);
                    let mut d = Diagnostic::error(
                        span,
                        format!("`%{name}` has type `{have}` but is used here as `{want}`"),
                    );
                    if !forward {
                        let def = self.fs().body.value_spans.get(v).copied().unwrap_or_default();
                        d = d.with_label(def, format!("`%{name}` is defined here as `{have}`"));
                    }
                    d = d.with_help(super::conversion_help(&name, &have, &want));
                    return self.fail(d);
                }
                Ok(v)
            }
            Some(Local::Block(_)) => {
                let name = self.key_name(key);
                self.err(span, format!("'%{name}' is a basic block, not a value"))
            }
            None => {
                if ty == TypeId::VOID {
                    return self.err(span, "values may not have void type");
                }
                let name = match key {
                    LocalKey::Named(s) => LocalName::Named(s),
                    LocalKey::Numbered(_) => LocalName::Unnamed,
                };
                let fs = self.fs();
                let v = fs.body.values.push(ValueData { ty, def: ValueDef::Param(u32::MAX), name });
                fs.body.value_spans.push(span);
                fs.locals.insert(key, Local::Value(v));
                fs.forward_values.insert(v, (key, span));
                Ok(v)
            }
        }
    }

    /// `label %bb`.
    pub(crate) fn parse_label_ref(&mut self) -> PResult<Block> {
        self.expect_word("label")?;
        self.parse_block_name()
    }

    /// `%bb` as a block reference.
    pub(crate) fn parse_block_name(&mut self) -> PResult<Block> {
        let Some(key) = self.local_key() else {
            return self.err_expected("basic block name");
        };
        let span = self.bump().span;
        self.block_ref(key, span)
    }

    /// The block named `key`, created as a forward reference if needed.
    pub(crate) fn block_ref(&mut self, key: LocalKey, span: Span) -> PResult<Block> {
        let existing = self.fs().locals.get(&key).copied();
        match existing {
            Some(Local::Block(b)) => Ok(b),
            Some(Local::Value(_)) => {
                let name = self.key_name(key);
                self.err(span, format!("'%{name}' is not a basic block"))
            }
            None => {
                let name = match key {
                    LocalKey::Named(s) => LocalName::Named(s),
                    LocalKey::Numbered(_) => LocalName::Unnamed,
                };
                let fs = self.fs();
                let b = fs.body.blocks.push(BlockData {
                    name,
                    insts: Vec::new(),
                    span,
                    defined: false,
                });
                fs.locals.insert(key, Local::Block(b));
                fs.forward_blocks.insert(b, (key, span));
                Ok(b)
            }
        }
    }

    /// A block of function `g` for `blockaddress(@g, %key)`.
    pub(crate) fn block_for_address(
        &mut self,
        g: GlobalId,
        key: LocalKey,
        span: Span,
    ) -> PResult<Block> {
        if self.fs.as_ref().is_some_and(|fs| fs.g == g) {
            return self.block_ref(key, span);
        }
        let map = self.fn_blocks.entry(g).or_default();
        if let Some((b, _)) = map.get(&key) {
            return Ok(*b);
        }
        let has_body = self.m.func(g).is_some_and(|f| f.body.is_some());
        if has_body {
            let name = self.key_name(key);
            return self.err(span, format!("'%{name}' is not a basic block of that function"));
        }
        // Reserve the block's index; the body will define it.
        let map = self.fn_blocks.entry(g).or_default();
        let b = Block::from_u32(map.len() as u32);
        map.insert(key, (b, span));
        Ok(b)
    }

    /// The body of `define ... { ... }` for the function `g`.
    pub(crate) fn parse_function_body(
        &mut self,
        g: GlobalId,
        arg_numbers: &[(usize, u32)],
        next_number: u32,
    ) -> PResult<()> {
        let Some(f) = self.m.func(g) else {
            return self.err_here("internal error: function missing");
        };
        let params: Vec<(TypeId, LocalName, Span)> =
            f.params.iter().map(|p| (p.ty, p.name, p.span)).collect();
        let mut fs = FnState {
            g,
            body: Body::default(),
            locals: Locals::default(),
            forward_values: HashMap::default(),
            forward_blocks: HashMap::default(),
            next_number,
            broken: HashSet::default(),
        };
        for (i, (ty, name, span)) in params.iter().enumerate() {
            let v = fs.body.values.push(ValueData {
                ty: *ty,
                def: ValueDef::Param(i as u32),
                name: *name,
            });
            fs.body.value_spans.push(*span);
            fs.body.params.push(v);
            let key = match name {
                LocalName::Named(s) => Some(LocalKey::Named(*s)),
                LocalName::Unnamed => arg_numbers
                    .iter()
                    .find(|(idx, _)| *idx == i)
                    .map(|(_, n)| LocalKey::Numbered(*n)),
            };
            if let Some(key) = key {
                if fs.locals.insert(key, Local::Value(v)).is_some() {
                    let n = self.key_name(key);
                    return self.err(*span, format!("redefinition of argument '%{n}'"));
                }
            }
        }
        // Blocks that a `blockaddress` reached before this body.
        if let Some(reserved) = self.fn_blocks.get(&g) {
            let mut list: Vec<(LocalKey, Block, Span)> =
                reserved.iter().map(|(k, (b, s))| (*k, *b, *s)).collect();
            list.sort_by_key(|(_, b, _)| b.as_u32());
            for (key, _, span) in list {
                let name = match key {
                    LocalKey::Named(s) => LocalName::Named(s),
                    LocalKey::Numbered(_) => LocalName::Unnamed,
                };
                let b = fs.body.blocks.push(BlockData {
                    name,
                    insts: Vec::new(),
                    span,
                    defined: false,
                });
                fs.locals.insert(key, Local::Block(b));
                fs.forward_blocks.insert(b, (key, span));
            }
        }
        self.fs = Some(Box::new(fs));
        self.cur_fn = Some(g);
        let errors_before = self.errors;
        let r = self.parse_blocks();
        self.cur_fn = None;
        let Some(fs) = self.fs.take() else { return r };
        r?;
        let body_failed = self.errors > errors_before;
        let fs = *fs;
        // Every reference must have found its definition (but names whose definition failed
        // to parse were reported already).
        let mut values: Vec<String> = Vec::new();
        let mut blocks: Vec<String> = Vec::new();
        for (key, local) in fs.locals.iter() {
            match local {
                Local::Value(v) if !fs.forward_values.contains_key(&v) => {
                    values.push(self.key_name(key))
                }
                Local::Block(b) if !fs.forward_blocks.contains_key(&b) => {
                    blocks.push(self.key_name(key))
                }
                _ => {}
            }
        }
        values.sort();
        blocks.sort();
        let mut errs: Vec<Diagnostic> = Vec::new();
        for (key, span) in fs.forward_values.values() {
            if fs.broken.contains(key) {
                continue;
            }
            let name = self.key_name(*key);
            let is_global = match key {
                LocalKey::Named(sym) => {
                    self.m.global_names.contains_key(&crate::ir::module::GlobalName::Named(*sym))
                }
                LocalKey::Numbered(_) => false,
            };
            let d = Diagnostic::error(*span, format!("use of undefined value '%{name}'"));
            errs.push(if is_global {
                d.with_help(format!(
                    "did you mean `@{name}`? globals and functions are named with `@`, values of the function with `%`"
                ))
            } else {
                let guess = crate::diag::did_you_mean(&name, values.iter().map(String::as_str));
                d.with_suggestion(guess.map(|g| format!("%{g}")).as_deref())
            });
        }
        for (key, span) in fs.forward_blocks.values() {
            let name = self.key_name(*key);
            let guess = crate::diag::did_you_mean(&name, blocks.iter().map(String::as_str));
            let mut d = Diagnostic::error(*span, format!("use of undefined label '%{name}'"))
                .with_suggestion(guess.map(|g| format!("%{g}")).as_deref());
            if guess.is_none() {
                d = d.with_help(format!("start a block with the label `{name}:`"));
            }
            errs.push(d);
        }
        errs.sort_by_key(|d| d.span.start);
        let failed = !errs.is_empty() || body_failed;
        for d in errs {
            self.report(d);
        }
        // Remember block names for `blockaddress` after the body.
        let mut names = HashMap::default();
        for (key, local) in fs.locals.iter() {
            if let Local::Block(b) = local {
                names.insert(key, (b, Span::default()));
            }
        }
        self.fn_blocks.insert(g, names);
        let mut body = fs.body;
        body.shrink_to_fit();
        if let Some(GlobalKind::Func(f)) = self.m.globals.get_mut(g).map(|gv| &mut gv.kind) {
            f.body = Some(body);
        }
        if failed {
            return Err(super::Stop);
        }
        Ok(())
    }

    fn parse_blocks(&mut self) -> PResult<()> {
        if let (false, Some(w)) = (self.at(&TokenKind::LBrace), self.word()) {
            let names = crate::ir::attrs::AttrKind::NAMES.iter().copied();
            if let Some(guess) = crate::diag::did_you_mean(w, names) {
                let d = Diagnostic::error(self.span(), format!("unknown function attribute `{w}`"))
                    .with_suggestion(Some(guess));
                return self.fail(d);
            }
        }
        self.expect(&TokenKind::LBrace, "'{' in function body")?;
        // The open block and its name.
        let mut cur: Option<(Block, LocalKey)> = None;
        let mut pending_records: Vec<DbgRecord> = Vec::new();
        // The last line failed to parse: what it was cannot be known (maybe a terminator).
        let mut after_error = false;
        loop {
            let span = self.span();
            match self.tok.kind {
                TokenKind::RBrace => {
                    if let Some((b, key)) = cur {
                        if !after_error {
                            self.missing_terminator(b, key, span, None);
                        }
                    }
                    if self.fs().body.layout.is_empty() {
                        return self.err_here("function body requires at least one basic block");
                    }
                    if !pending_records.is_empty() {
                        return self.err_here("debug records must be followed by an instruction");
                    }
                    self.bump();
                    return Ok(());
                }
                TokenKind::Eof => {
                    return self.err_here("expected '}' at end of function (end of file reached)")
                }
                TokenKind::LabelStr(_) | TokenKind::LabelId(_) => {
                    let key = match &self.tok.kind {
                        TokenKind::LabelStr(n) => LocalKey::Named(self.m.symbols.intern(n)),
                        &TokenKind::LabelId(n) => {
                            let next = self.fs().next_number;
                            if n < next {
                                return self.err_here(format!(
                                    "label expected to be numbered '{next}' or greater"
                                ));
                            }
                            self.fs().next_number = n.saturating_add(1);
                            LocalKey::Numbered(n)
                        }
                        _ => return self.err_expected("label"),
                    };
                    if let Some((b, open)) = cur.take() {
                        if !after_error {
                            self.missing_terminator(b, open, span, Some(key));
                        }
                    }
                    after_error = false;
                    self.bump();
                    cur = Some((self.define_block(key, span)?, key));
                }
                TokenKind::Word("uselistorder") | TokenKind::Word("uselistorder_bb") => {
                    let g = self.fs().g;
                    self.parse_uselistorder(Some(g))?;
                }
                TokenKind::DbgRecord(kind) => {
                    if cur.is_none() {
                        let n = self.fs().next_number;
                        self.fs().next_number = n.saturating_add(1);
                        let key = LocalKey::Numbered(n);
                        cur = Some((self.define_block(key, span)?, key));
                    }
                    let kind = kind.to_string();
                    let rec = self.parse_dbg_record(&kind)?;
                    pending_records.push(rec);
                }
                _ => {
                    let block = match cur {
                        Some((b, _)) => b,
                        None => {
                            // An unlabeled block takes the next number.
                            let n = self.fs().next_number;
                            self.fs().next_number = n.saturating_add(1);
                            let key = LocalKey::Numbered(n);
                            let b = self.define_block(key, span)?;
                            cur = Some((b, key));
                            b
                        }
                    };
                    let inst = match self.parse_instruction_line(block) {
                        Ok(inst) => inst,
                        Err(stop) => {
                            after_error = true;
                            pending_records.clear();
                            if !self.skip_to_next_line(span.start) {
                                return Err(stop);
                            }
                            continue;
                        }
                    };
                    after_error = false;
                    if !pending_records.is_empty() {
                        let recs = std::mem::take(&mut pending_records);
                        self.fs().body.dbg_records.insert(inst, recs);
                    }
                    let is_term =
                        self.fs().body.insts.get(inst).is_some_and(|d| d.op.is_terminator());
                    if is_term {
                        cur = None;
                    }
                }
            }
        }
    }

    /// After an instruction that started at `start` failed: skips to the next line that can
    /// start an instruction, a label or the closing `}`. False when the function ends without
    /// one (the end of the file, or a line that starts a top-level entity: the `}` is missing).
    fn skip_to_next_line(&mut self, start: u32) -> bool {
        loop {
            if matches!(self.kind(), TokenKind::Eof) {
                return false;
            }
            if self.span().start > start && self.at_line_start() {
                match self.kind() {
                    TokenKind::RBrace
                    | TokenKind::LabelStr(_)
                    | TokenKind::LabelId(_)
                    | TokenKind::DbgRecord(_) => return true,
                    TokenKind::LocalName(_) | TokenKind::LocalId(_) => {
                        if matches!(self.peek(), TokenKind::Equal) {
                            return true;
                        }
                    }
                    TokenKind::Word(w) => {
                        if matches!(*w, "define" | "declare" | "attributes") {
                            return false;
                        }
                        if crate::ir::Opcode::from_name(w).is_some()
                            || matches!(*w, "tail" | "musttail" | "notail" | "uselistorder")
                        {
                            return true;
                        }
                    }
                    TokenKind::GlobalName(_)
                    | TokenKind::GlobalId(_)
                    | TokenKind::MetadataId(_) => return false,
                    _ => {}
                }
            }
            self.bump();
        }
    }

    /// Reports that block `b` (named `key`) has no terminator, found at `at`: the `}` or the
    /// label `next` of the following block.
    fn missing_terminator(&mut self, b: Block, key: LocalKey, at: Span, next: Option<LocalKey>) {
        let name = self.key_name(key);
        let last = self
            .fs()
            .body
            .blocks
            .get(b)
            .and_then(|bd| bd.insts.last().copied())
            .and_then(|i| self.fs().body.insts.get(i).map(|d| d.span));
        let mut d = match next {
            Some(k) => Diagnostic::error(
                at,
                format!(
                    "block `%{name}` does not end with a terminator before the label `%{}`",
                    self.key_name(k)
                ),
            )
            .with_note("a block never falls through into the next one"),
            None => Diagnostic::error(
                at,
                format!("block `%{name}` does not end with a terminator before the `}}`"),
            ),
        };
        if let Some(last) = last {
            d = d.with_label(last, format!("the last instruction of `%{name}`"));
        }
        let help = match next {
            Some(k) => format!(
                "end `%{name}` with a terminator: `br label %{}` to go on to the next block, or `ret`, `switch`, `unreachable`",
                self.key_name(k)
            ),
            None => format!("end `%{name}` with a terminator such as `ret` or `br label %...`"),
        };
        self.report(d.with_help(help));
    }

    fn define_block(&mut self, key: LocalKey, span: Span) -> PResult<Block> {
        let existing = self.fs().locals.get(&key).copied();
        let b = match existing {
            Some(Local::Block(b)) => {
                if self.fs().forward_blocks.remove(&b).is_none() {
                    let name = self.key_name(key);
                    return self.err(span, format!("redefinition of label '%{name}'"));
                }
                b
            }
            Some(Local::Value(_)) => {
                let name = self.key_name(key);
                return self
                    .err(span, format!("multiple definition of local value named '{name}'"));
            }
            None => {
                let name = match key {
                    LocalKey::Named(s) => LocalName::Named(s),
                    LocalKey::Numbered(_) => LocalName::Unnamed,
                };
                let fs = self.fs();
                let b = fs.body.blocks.push(BlockData {
                    name,
                    insts: Vec::new(),
                    span,
                    defined: false,
                });
                fs.locals.insert(key, Local::Block(b));
                b
            }
        };
        let fs = self.fs();
        if let Some(bd) = fs.body.blocks.get_mut(b) {
            bd.defined = true;
            bd.span = span;
        }
        fs.body.layout.push(b);
        Ok(b)
    }

    /// `[%name =] instruction [, !md !N]*` into `block`.
    fn parse_instruction_line(&mut self, block: Block) -> PResult<Inst> {
        let mut result_key = None;
        let mut name_span = self.span();
        if let Some(key) = self.local_key() {
            if matches!(self.peek(), TokenKind::Equal) {
                name_span = self.bump().span;
                self.bump();
                result_key = Some(key);
            }
        }
        let r = self.parse_instruction_rest(block, result_key, name_span);
        if r.is_err() {
            if let Some(key) = result_key {
                self.fs().broken.insert(key);
            }
        }
        r
    }

    /// The instruction after its `%name =`, into `block`.
    fn parse_instruction_rest(
        &mut self,
        block: Block,
        result_key: Option<LocalKey>,
        name_span: Span,
    ) -> PResult<Inst> {
        let start = name_span.start.min(self.span().start);
        let mut data = self.parse_instruction()?;
        // Metadata attachments.
        let mut md = Vec::new();
        while self.at(&TokenKind::Comma) && matches!(self.peek(), TokenKind::MetadataName(_)) {
            self.bump();
            md.push(self.parse_md_attachment()?);
        }
        if !md.is_empty() {
            data.md = md.into();
        }
        data.span = crate::diag::Span::new(start, self.prev_end().max(start));
        let ty = data.ty;
        let fs = self.fs();
        let inst = fs.body.insts.push(data);
        if ty == TypeId::VOID {
            if result_key.is_some() {
                let d =
                    Diagnostic::error(name_span, "instructions returning void cannot have a name")
                        .with_help(format!(
                            "remove `{} =`: this instruction gives no value",
                            self.src()
                                .get(name_span.start as usize..name_span.end as usize)
                                .unwrap_or("%name")
                        ));
                return self.fail(d);
            }
        } else {
            let key = match result_key {
                Some(LocalKey::Numbered(n)) => {
                    let next = self.fs().next_number;
                    if n < next {
                        let mut d = Diagnostic::error(
                            name_span,
                            format!("instruction expected to be numbered '%{next}' or greater"),
                        );
                        let fresh_block = self.fs().body.blocks.get(block).is_some_and(|b| {
                            b.insts.is_empty()
                                && b.name == LocalName::Unnamed
                                && b.span.start == name_span.start
                        });
                        if fresh_block {
                            d = d.with_help(format!(
                                "this line follows a terminator, so it starts a new block without a label, which took the number `%{}`: put a label before it, or remove the terminator above",
                                next.saturating_sub(1)
                            ));
                        }
                        return self.fail(d);
                    }
                    self.fs().next_number = n.saturating_add(1);
                    LocalKey::Numbered(n)
                }
                Some(k) => k,
                None => {
                    let n = self.fs().next_number;
                    self.fs().next_number = n.saturating_add(1);
                    LocalKey::Numbered(n)
                }
            };
            let v = self.define_value(key, ty, inst, name_span)?;
            if let Some(d) = self.fs().body.insts.get_mut(inst) {
                d.result = Some(v);
            }
        }
        if let Some(bd) = self.fs().body.blocks.get_mut(block) {
            bd.insts.push(inst);
        }
        Ok(inst)
    }

    fn define_value(
        &mut self,
        key: LocalKey,
        ty: TypeId,
        inst: Inst,
        span: Span,
    ) -> PResult<Value> {
        let existing = self.fs().locals.get(&key).copied();
        match existing {
            Some(Local::Value(v)) => {
                if self.fs().forward_values.remove(&v).is_none() {
                    let name = self.key_name(key);
                    let first = self.fs().body.value_spans.get(v).copied().unwrap_or_default();
                    let d = Diagnostic::error(
                        span,
                        format!("multiple definition of local value named '{name}'"),
                    )
                    .with_label(first, format!("`%{name}` is first defined here"))
                    .with_help(format!(
                        "a value is defined once (SSA form): give this one a new name such as `%{name}.1` and use it below, or use a `phi` where control flow meets"
                    ));
                    return self.fail(d);
                }
                let vt = self.fs().body.value_ty(v);
                if vt != ty {
                    let name = self.key_name(key);
                    let (_, use_span) = (key, span);
                    return self.err(
                        use_span,
                        format!(
                            "'%{name}' defined with type '{}' but expected '{}'",
                            self.ty_str(ty),
                            self.ty_str(vt)
                        ),
                    );
                }
                let fs = self.fs();
                if let Some(vd) = fs.body.values.get_mut(v) {
                    vd.def = ValueDef::Inst(inst);
                }
                if let Some(s) = fs.body.value_spans.get_mut(v) {
                    *s = span;
                }
                Ok(v)
            }
            Some(Local::Block(_)) => {
                let name = self.key_name(key);
                self.err(span, format!("multiple definition of local value named '{name}'"))
            }
            None => {
                let name = match key {
                    LocalKey::Named(s) => LocalName::Named(s),
                    LocalKey::Numbered(_) => LocalName::Unnamed,
                };
                let fs = self.fs();
                let v = fs.body.values.push(ValueData { ty, def: ValueDef::Inst(inst), name });
                fs.body.value_spans.push(span);
                fs.locals.insert(key, Local::Value(v));
                Ok(v)
            }
        }
    }
}
