//! Parsing function bodies: the local namespace (named and numbered values and blocks),
//! forward references, basic blocks, debug records and instruction results.

use super::{LocalKey, PResult, Parser};
use crate::diag::{Diagnostic, Span};
use crate::ir::function::{BlockData, Body, DbgRecord, LocalName, ValueData, ValueDef};
use crate::ir::{Block, GlobalId, GlobalKind, Inst, Operand, TypeId, Value};
use crate::text::lexer::TokenKind;
use rustc_hash::FxHashMap as HashMap;

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
        let existing = self.fs().locals.get(&key).copied();
        match existing {
            Some(Local::Value(v)) => {
                let vt = self.fs().body.value_ty(v);
                if vt != ty {
                    let name = self.key_name(key);
                    return self.err(
                        span,
                        format!(
                            "'%{name}' defined with type '{}' but expected '{}'",
                            self.ty_str(vt),
                            self.ty_str(ty)
                        ),
                    );
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
        let r = self.parse_blocks();
        self.cur_fn = None;
        let Some(fs) = self.fs.take() else { return r };
        r?;
        let fs = *fs;
        // Every reference must have found its definition.
        let mut errs: Vec<(Span, String)> = Vec::new();
        for (key, span) in fs.forward_values.values() {
            errs.push((*span, format!("use of undefined value '%{}'", self.key_name(*key))));
        }
        for (key, span) in fs.forward_blocks.values() {
            errs.push((*span, format!("use of undefined value '%{}'", self.key_name(*key))));
        }
        errs.sort_by_key(|(s, _)| s.start);
        let failed = !errs.is_empty();
        for (span, msg) in errs {
            self.report(Diagnostic::error(span, msg));
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
        self.expect(&TokenKind::LBrace, "'{' in function body")?;
        let mut cur: Option<Block> = None;
        let mut pending_records: Vec<DbgRecord> = Vec::new();
        loop {
            let span = self.span();
            match self.tok.kind {
                TokenKind::RBrace => {
                    if cur.is_some() {
                        return self.err_here(
                            "expected instruction opcode (the last block has no terminator)",
                        );
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
                    if cur.is_some() {
                        return self.err_here(
                            "expected instruction opcode (the previous block has no terminator)",
                        );
                    }
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
                    self.bump();
                    cur = Some(self.define_block(key, span)?);
                }
                TokenKind::Word("uselistorder") | TokenKind::Word("uselistorder_bb") => {
                    let g = self.fs().g;
                    self.parse_uselistorder(Some(g))?;
                }
                TokenKind::DbgRecord(kind) => {
                    if cur.is_none() {
                        let n = self.fs().next_number;
                        self.fs().next_number = n.saturating_add(1);
                        cur = Some(self.define_block(LocalKey::Numbered(n), span)?);
                    }
                    let kind = kind.to_string();
                    let rec = self.parse_dbg_record(&kind)?;
                    pending_records.push(rec);
                }
                _ => {
                    let block = match cur {
                        Some(b) => b,
                        None => {
                            // An unlabeled block takes the next number.
                            let n = self.fs().next_number;
                            self.fs().next_number = n.saturating_add(1);
                            let b = self.define_block(LocalKey::Numbered(n), span)?;
                            cur = Some(b);
                            b
                        }
                    };
                    let inst = self.parse_instruction_line(block)?;
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
        let start = self.span().start;
        let mut result_key = None;
        let mut name_span = self.span();
        if let Some(key) = self.local_key() {
            if matches!(self.peek(), TokenKind::Equal) {
                name_span = self.bump().span;
                self.bump();
                result_key = Some(key);
            }
        }
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
                return self.err(name_span, "instructions returning void cannot have a name");
            }
        } else {
            let key = match result_key {
                Some(LocalKey::Numbered(n)) => {
                    let next = self.fs().next_number;
                    if n < next {
                        return self.err(
                            name_span,
                            format!("instruction expected to be numbered '%{next}' or greater"),
                        );
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
                    return self
                        .err(span, format!("multiple definition of local value named '{name}'"));
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
