//! The LLVM 1.x parser: tokens (from the modern lexer, whose tokens 1.x shares) to the
//! [`ast`](super::ast) tree. It stops at the first error, which is a diagnostic at its token.

use super::ast::*;
use super::uprefs::{has_uprefs, UpRefs};
use crate::diag::{Diagnostic, Span};
use crate::text::lexer::{tokenize, LexError, Token, TokenKind};
use rustc_hash::FxHashSet as HashSet;

/// How deeply types and constants may nest.
const MAX_DEPTH: u32 = 128;

pub(super) type R<T> = Result<T, Diagnostic>;

mod inst;

pub(super) struct P<'a> {
    toks: Vec<Token<'a>>,
    pos: usize,
    depth: u32,
    /// The next number of an unnamed type.
    unnamed_types: u32,
    /// How many types enclose the one being read.
    type_nest: u32,
    /// The name of the type being defined, the referent of an outermost up-reference.
    defining: Option<String>,
    /// The next number of a type made for an up-reference, and the types made so far.
    upref_types: u32,
    new_types: Vec<Item>,
    /// Every `%name` of the text (names new types must not take).
    names: HashSet<String>,
    src: &'a str,
    /// Whether each token is the first of its line.
    line_first: Vec<bool>,
    /// Errors found so far (reading goes on after one).
    errors: Vec<Diagnostic>,
}

/// Parameter types with their names.
type Params = Vec<(Ty, Option<String>)>;

/// How many errors a 1.x text may have before reading stops.
const MAX_ERRORS: usize = 20;

/// Words of the 2001 draft that released 1.x does not have.
const DRAFT_ONLY: &[&str] = &["method", "icall", "lock", "max", "min"];

impl<'a> P<'a> {
    pub(super) fn new(src: &'a str) -> P<'a> {
        let toks = tokenize(src);
        let names = toks
            .iter()
            .filter_map(|t| match &t.kind {
                TokenKind::LocalName(n) => Some(n.to_string()),
                _ => None,
            })
            .collect();
        let mut prev_end = 0usize;
        let line_first = toks
            .iter()
            .map(|t| {
                let s = t.span.start as usize;
                let first = prev_end == 0 || src.get(prev_end..s).is_some_and(|g| g.contains('\n'));
                prev_end = t.span.end as usize;
                first
            })
            .collect();
        P {
            toks,
            pos: 0,
            depth: 0,
            unnamed_types: 0,
            type_nest: 0,
            defining: None,
            upref_types: 0,
            new_types: Vec::new(),
            names,
            src,
            line_first,
            errors: Vec::new(),
        }
    }
    fn kind(&self) -> &TokenKind<'a> {
        match self.toks.get(self.pos) {
            Some(t) => &t.kind,
            None => &TokenKind::Eof,
        }
    }
    fn peek(&self, n: usize) -> &TokenKind<'a> {
        match self.toks.get(self.pos + n) {
            Some(t) => &t.kind,
            None => &TokenKind::Eof,
        }
    }
    fn span(&self) -> Span {
        self.toks.get(self.pos).or(self.toks.last()).map(|t| t.span).unwrap_or_default()
    }
    fn prev_end(&self) -> u32 {
        self.pos.checked_sub(1).and_then(|i| self.toks.get(i)).map(|t| t.span.end).unwrap_or(0)
    }
    fn bump(&mut self) {
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
    }
    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(Diagnostic::error(self.span(), msg.into()))
    }
    fn expected<T>(&self, what: &str) -> R<T> {
        if let TokenKind::Word(w) = self.kind() {
            if DRAFT_ONLY.contains(w) {
                return self.err(format!(
                    "'{w}' is a form of the 2001 LLVM 1.x draft, not of released LLVM 1.x; write it in released 1.x syntax"
                ));
            }
        }
        self.err(format!("expected {what}, found {}", self.kind().describe()))
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.kind(), TokenKind::Word(x) if *x == w)
    }
    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat(&mut self, k: TokenKind<'static>) -> bool {
        if *self.kind() == k {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, k: TokenKind<'static>, what: &str) -> R<()> {
        if self.eat(k) {
            Ok(())
        } else {
            self.expected(what)
        }
    }
    fn expect_word(&mut self, w: &str) -> R<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.expected(&format!("'{w}'"))
        }
    }
    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("types or constants nest too deeply");
        }
        Ok(())
    }
    fn integer(&mut self) -> R<i128> {
        let v = match self.kind() {
            TokenKind::Integer(s) => s.parse::<i128>().ok(),
            TokenKind::HexInt { digits, .. } => {
                u64::from_str_radix(digits, 16).ok().map(i128::from)
            }
            _ => return self.expected("an integer"),
        };
        match v {
            Some(v) => {
                self.bump();
                Ok(v)
            }
            None => self.err("integer constant too large"),
        }
    }

    // ---- Module ---------------------------------------------------------------------------

    /// The items of the module, or every error found (reading resumes after an error at
    /// the next line that starts at its first column, the start of the next item).
    pub(super) fn module(&mut self) -> Result<Vec<Item>, Vec<Diagnostic>> {
        let mut items = Vec::new();
        loop {
            match self.item(&mut items) {
                Ok(true) => {}
                Ok(false) => break,
                Err(d) => {
                    self.errors.push(d);
                    if self.errors.len() >= MAX_ERRORS {
                        break;
                    }
                    self.resync(true);
                }
            }
        }
        items.append(&mut self.new_types);
        if self.errors.is_empty() {
            Ok(items)
        } else {
            Err(std::mem::take(&mut self.errors))
        }
    }

    /// Skips the token where an error was found and those after it up to the first of a
    /// line (`item`: the first of a line in its first column that may start an item).
    fn resync(&mut self, item: bool) {
        self.bump();
        while let Some(t) = self.toks.get(self.pos) {
            let first = self.line_first.get(self.pos).copied().unwrap_or(true);
            let col0 = t.span.start == 0
                || self.src.as_bytes().get(t.span.start as usize - 1) == Some(&b'\n');
            let starts_item = !matches!(
                t.kind,
                TokenKind::LabelStr(_)
                    | TokenKind::LabelId(_)
                    | TokenKind::RBrace
                    | TokenKind::LBrace
                    | TokenKind::Word("end" | "begin")
            );
            if first && (!item || col0 && starts_item) {
                return;
            }
            self.bump();
        }
    }

    /// Reads one top-level item into `items`; `Ok(false)` at the end.
    fn item(&mut self, items: &mut Vec<Item>) -> R<bool> {
        items.append(&mut self.new_types);
        let start = self.span().start;
        match self.kind().clone() {
            TokenKind::Eof => return Ok(false),
            TokenKind::Word("implementation") => self.bump(),
            TokenKind::Word("target") => {
                self.bump();
                if self.eat_word("endian") {
                    self.expect(TokenKind::Equal, "'='")?;
                    let little = if self.eat_word("little") {
                        true
                    } else if self.eat_word("big") {
                        false
                    } else {
                        return self.expected("'little' or 'big'");
                    };
                    items.push(Item::Endian(little, self.span_from(start)));
                } else if self.eat_word("pointersize") {
                    self.expect(TokenKind::Equal, "'='")?;
                    let n = self.integer()?;
                    if n != 32 && n != 64 {
                        return self.err("target pointersize must be 32 or 64");
                    }
                    items.push(Item::PointerSize(n as u32, self.span_from(start)));
                } else if self.eat_word("triple") {
                    self.expect(TokenKind::Equal, "'='")?;
                    match self.kind() {
                        TokenKind::String(t) => {
                            let t = String::from_utf8_lossy(t).into_owned();
                            self.bump();
                            items.push(Item::Triple(t, self.span_from(start)));
                        }
                        _ => return self.expected("a target triple string"),
                    }
                } else {
                    return self.expected("'endian', 'pointersize' or 'triple' after 'target'");
                }
            }
            TokenKind::Word("deplibs") => {
                self.bump();
                self.expect(TokenKind::Equal, "'='")?;
                self.expect(TokenKind::LBracket, "'['")?;
                while !self.eat(TokenKind::RBracket) {
                    match self.kind() {
                        TokenKind::String(_) | TokenKind::Comma => self.bump(),
                        _ => return self.expected("a library name string or ']'"),
                    }
                }
                items.push(Item::Deplibs(self.span_from(start)));
            }
            TokenKind::LocalName(n) if *self.peek(1) == TokenKind::Equal => {
                let name = n.to_string();
                self.bump();
                self.bump();
                if self.eat_word("type") {
                    self.type_def(name, start, items)?;
                } else {
                    items.push(Item::Global(self.global(Some(name), start)?));
                }
            }
            TokenKind::LocalId(n) if *self.peek(1) == TokenKind::Equal => {
                self.bump();
                self.bump();
                if self.is_word("type") {
                    return self.err("numbered type definitions are not supported");
                }
                items.push(Item::Global(self.global(Some(n.to_string()), start)?));
            }
            TokenKind::Word("declare") => {
                self.bump();
                let f = self.func_header(start)?;
                items.push(Item::Func(f));
            }
            TokenKind::Word("type") => {
                // An unnamed type, numbered in the type plane.
                self.bump();
                let name = self.unnamed_types.to_string();
                self.unnamed_types += 1;
                self.type_def(name, start, items)?;
            }
            _ => {
                // An unnamed global, or a function definition.
                let save = self.pos;
                if self.is_global_start() {
                    items.push(Item::Global(self.global(None, start)?));
                    return Ok(true);
                }
                self.pos = save;
                let mut f = self.func_header(start)?;
                f.blocks = Some(self.func_body()?);
                f.span = self.span_from(start);
                items.push(Item::Func(f));
            }
        }

        Ok(true)
    }

    /// The type after `name = type` (or an unnamed `type`), pushed with the types its
    /// up-references made before it.
    fn type_def(&mut self, name: String, start: u32, items: &mut Vec<Item>) -> R<()> {
        self.defining = Some(name.clone());
        let ty = self.ty();
        self.defining = None;
        let ty = ty?;
        items.append(&mut self.new_types);
        items.push(Item::Type { name, ty, span: self.span_from(start) });
        Ok(())
    }

    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end().max(start))
    }

    /// Whether an unnamed global starts here (linkage words, then `global`/`constant`).
    fn is_global_start(&self) -> bool {
        let mut i = 0;
        while let TokenKind::Word(w) = self.peek(i) {
            match *w {
                "global" | "constant" | "external" | "uninitialized" => return true,
                _ if LINKAGES.contains(w) => i += 1,
                _ => return false,
            }
        }
        false
    }

    fn linkage(&mut self) -> Option<String> {
        if let TokenKind::Word(w) = self.kind() {
            if LINKAGES.contains(w) {
                let w = w.to_string();
                self.bump();
                return Some(w);
            }
        }
        None
    }

    fn global(&mut self, name: Option<String>, start: u32) -> R<Global> {
        let mut linkage = self.linkage();
        let mut external = false;
        if self.eat_word("external") || self.eat_word("uninitialized") {
            external = true;
        }
        if linkage.is_none() {
            linkage = self.linkage();
        }
        let constant = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return self.expected("'global' or 'constant'");
        };
        let ty = self.ty()?;
        let init = if external { None } else { Some(self.constant(&ty)?) };
        while self.eat(TokenKind::Comma) {
            // `, align N` and `, section "..."` (late 1.x).
            if self.eat_word("align") {
                self.integer()?;
            } else if self.eat_word("section") {
                match self.kind() {
                    TokenKind::String(_) => self.bump(),
                    _ => return self.expected("a section name"),
                }
            } else {
                return self.expected("'align' or 'section'");
            }
        }
        Ok(Global { name, linkage, constant, ty, init, span: self.span_from(start) })
    }

    fn func_header(&mut self, start: u32) -> R<Func> {
        let linkage = self.linkage();
        let cc = self.call_conv()?;
        let ret = self.ty()?;
        let name = match self.kind() {
            TokenKind::LocalName(n) => n.to_string(),
            TokenKind::LocalId(n) => n.to_string(),
            TokenKind::String(s) => String::from_utf8_lossy(s).into_owned(),
            _ => return self.expected("a function name"),
        };
        self.bump();
        self.expect(TokenKind::LParen, "'('")?;
        let (params, varargs) = self.param_list(true)?;
        Ok(Func {
            name,
            linkage,
            cc,
            ret,
            params,
            varargs,
            blocks: None,
            span: self.span_from(start),
        })
    }

    /// The parameters after `(` up to and including `)`: types (with their names when
    /// `named`, as in a function header) and whether `...` ends them. A `void` parameter (the
    /// old spelling of no parameters) is dropped.
    fn param_list(&mut self, named: bool) -> R<(Params, bool)> {
        let mut params = Vec::new();
        let mut varargs = false;
        if self.eat(TokenKind::RParen) {
            return Ok((params, varargs));
        }
        loop {
            if self.eat(TokenKind::DotDotDot) {
                varargs = true;
            } else {
                let t = self.ty()?;
                let n = match self.kind() {
                    TokenKind::LocalName(n) if named => Some(n.to_string()),
                    TokenKind::LocalId(n) if named => Some(n.to_string()),
                    _ => None,
                };
                if n.is_some() {
                    self.bump();
                }
                if t != Ty::Void {
                    params.push((t, n));
                }
            }
            if self.eat(TokenKind::RParen) {
                return Ok((params, varargs));
            }
            self.expect(TokenKind::Comma, "',' or ')'")?;
        }
    }

    fn call_conv(&mut self) -> R<Option<String>> {
        if let TokenKind::Word(w) = self.kind() {
            match *w {
                "ccc" | "fastcc" | "coldcc" | "csretcc" => {
                    let w = w.to_string();
                    self.bump();
                    return Ok(Some(w));
                }
                "cc" => {
                    self.bump();
                    let n = self.integer()?;
                    return Ok(Some(format!("cc {n}")));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    fn func_body(&mut self) -> R<Vec<Block>> {
        // Early 1.x also wrote a body with no `begin` at all, closed by `end`.
        let close_brace = if self.eat(TokenKind::LBrace) {
            true
        } else {
            self.eat_word("begin");
            false
        };
        let mut blocks: Vec<Block> = Vec::new();
        loop {
            if close_brace && self.eat(TokenKind::RBrace) || !close_brace && self.eat_word("end") {
                break;
            }
            let start = self.span().start;
            let label = match self.kind() {
                TokenKind::LabelStr(l) => Some(l.to_string()),
                TokenKind::LabelId(n) => Some(n.to_string()),
                TokenKind::Eof => return self.expected("'}' or 'end' closing the function"),
                _ => None,
            };
            if label.is_some() || blocks.is_empty() {
                if label.is_some() {
                    self.bump();
                }
                blocks.push(Block { label, insts: Vec::new(), span: Span::new(start, start) });
            }
            let inst = match self.inst() {
                Ok(i) => i,
                Err(d) => {
                    self.errors.push(d);
                    if self.errors.len() >= MAX_ERRORS {
                        return Err(Diagnostic::error(self.span(), "too many errors"));
                    }
                    self.resync(false);
                    continue;
                }
            };
            let terminator = matches!(
                inst.op,
                Op::Ret(_)
                    | Op::Br(_)
                    | Op::CondBr(..)
                    | Op::Switch { .. }
                    | Op::Unreachable
                    | Op::Unwind
                    | Op::Invoke { .. }
            );
            if let Some(b) = blocks.last_mut() {
                b.insts.push(inst);
            }
            // An unlabeled block starts after each terminator.
            if terminator
                && !matches!(
                    self.kind(),
                    TokenKind::LabelStr(_) | TokenKind::LabelId(_) | TokenKind::RBrace
                )
                && !self.is_word("end")
            {
                let s = self.span().start;
                blocks.push(Block { label: None, insts: Vec::new(), span: Span::new(s, s) });
            }
        }
        Ok(blocks)
    }

    // ---- Types ----------------------------------------------------------------------------

    pub(super) fn ty(&mut self) -> R<Ty> {
        self.enter()?;
        let start = self.span();
        self.type_nest += 1;
        let r = self.ty_inner();
        self.type_nest -= 1;
        self.depth -= 1;
        let mut t = r?;
        if self.type_nest == 0 && has_uprefs(&t) {
            let names = &self.names;
            let taken = |n: &str| names.contains(n);
            let mut u = UpRefs {
                root: self.defining.as_deref(),
                taken: &taken,
                counter: &mut self.upref_types,
                new_types: Vec::new(),
            };
            let r = u.resolve(&mut t);
            let made = std::mem::take(&mut u.new_types);
            r.map_err(|m| Diagnostic::error(Span::new(start.start, self.prev_end()), m))?;
            let span = Span::new(start.start, self.prev_end());
            self.new_types.extend(made.into_iter().map(|(name, ty)| Item::Type { name, ty, span }));
        }
        Ok(t)
    }

    fn ty_inner(&mut self) -> R<Ty> {
        let mut t = match self.kind().clone() {
            TokenKind::Word(w) => {
                let t = match w {
                    "void" => Ty::Void,
                    "bool" => Ty::Bool,
                    "sbyte" => Ty::Int { bits: 8, signed: true },
                    "ubyte" => Ty::Int { bits: 8, signed: false },
                    "short" => Ty::Int { bits: 16, signed: true },
                    "ushort" => Ty::Int { bits: 16, signed: false },
                    "int" => Ty::Int { bits: 32, signed: true },
                    "uint" => Ty::Int { bits: 32, signed: false },
                    "long" => Ty::Int { bits: 64, signed: true },
                    "ulong" => Ty::Int { bits: 64, signed: false },
                    "float" => Ty::Float,
                    "double" => Ty::Double,
                    "label" => Ty::Label,
                    "opaque" => Ty::Opaque,
                    "packed" => {
                        self.bump();
                        self.expect(TokenKind::LBracket, "'[' after 'packed'")?;
                        let (n, e) = self.array_body()?;
                        Ty::Vector(n, Box::new(e))
                    }
                    _ => return self.expected("a type"),
                };
                if !matches!(t, Ty::Vector(..)) {
                    self.bump();
                }
                t
            }
            TokenKind::Error(LexError::BadChar('\\'))
                if matches!(self.peek(1), TokenKind::Integer(_)) =>
            {
                self.bump();
                let n = self.integer()?;
                Ty::UpRef(u32::try_from(n).or_else(|_| self.err("up-reference out of range"))?)
            }
            TokenKind::IntType(_) => {
                return self.err("'iN' integer types are LLVM 2.0 syntax; this file is read as LLVM 1.x (it uses 1.x type names), so write 'int', 'uint', ... here");
            }
            TokenKind::LocalName(n) => {
                self.bump();
                Ty::Named(n.to_string())
            }
            TokenKind::LocalId(n) => {
                self.bump();
                Ty::Named(n.to_string())
            }
            TokenKind::LBracket => {
                self.bump();
                let (n, e) = self.array_body()?;
                Ty::Array(n, Box::new(e))
            }
            TokenKind::Less => {
                // `<N x T>`, the late 1.x spelling of `packed [N x T]`.
                self.bump();
                let n = self.integer()?;
                let n = u64::try_from(n).or_else(|_| self.err("negative vector size"))?;
                self.expect_word("x")?;
                let e = self.ty()?;
                self.expect(TokenKind::Greater, "'>'")?;
                Ty::Vector(n, Box::new(e))
            }
            TokenKind::LBrace => {
                self.bump();
                let mut f = Vec::new();
                if !self.eat(TokenKind::RBrace) {
                    loop {
                        f.push(self.ty()?);
                        if self.eat(TokenKind::RBrace) {
                            break;
                        }
                        self.expect(TokenKind::Comma, "',' or '}'")?;
                    }
                }
                Ty::Struct(f)
            }
            _ => return self.expected("a type"),
        };
        loop {
            if self.eat(TokenKind::Star) {
                t = Ty::Ptr(Box::new(t));
            } else if *self.kind() == TokenKind::LParen {
                self.bump();
                let (params, varargs) = self.param_list(false)?;
                let params = params.into_iter().map(|p| p.0).collect();
                t = Ty::Func { ret: Box::new(t), params, varargs };
            } else {
                return Ok(t);
            }
        }
    }

    fn array_body(&mut self) -> R<(u64, Ty)> {
        let n = self.integer()?;
        let n = u64::try_from(n).or_else(|_| self.err("negative array size"))?;
        match self.kind() {
            TokenKind::Word("x") => self.bump(),
            _ => return self.expected("'x'"),
        }
        let e = self.ty()?;
        self.expect(TokenKind::RBracket, "']'")?;
        Ok((n, e))
    }

    // ---- Values and constants -------------------------------------------------------------

    /// A value of type `ty` (the type is not written again).
    pub(super) fn val(&mut self, ty: &Ty) -> R<Val> {
        match self.kind() {
            TokenKind::LocalName(n) => {
                let v = Val::Name(n.to_string(), self.span());
                self.bump();
                Ok(v)
            }
            TokenKind::LocalId(n) => {
                let v = Val::Name(n.to_string(), self.span());
                self.bump();
                Ok(v)
            }
            _ => Ok(Val::Const(self.constant(ty)?)),
        }
    }

    /// `T v`.
    pub(super) fn typed_val(&mut self) -> R<(Ty, Val)> {
        let t = self.ty()?;
        let v = self.val(&t)?;
        Ok((t, v))
    }

    fn typed_const(&mut self) -> R<(Ty, Const)> {
        let t = self.ty()?;
        let c = self.constant(&t)?;
        Ok((t, c))
    }

    /// A constant of type `ty`.
    pub(super) fn constant(&mut self, ty: &Ty) -> R<Const> {
        self.enter()?;
        let r = self.constant_inner(ty);
        self.depth -= 1;
        r
    }

    fn constant_inner(&mut self, ty: &Ty) -> R<Const> {
        let sp = self.span();
        let c = match self.kind().clone() {
            TokenKind::Integer(_) | TokenKind::HexInt { .. } => {
                return Ok(Const::Int(self.integer()?))
            }
            TokenKind::Float(f) => Const::Float(f.to_string()),
            TokenKind::HexFloat { kind, digits } => {
                Const::Float(format!("{}{digits}", kind.prefix()))
            }
            TokenKind::LocalName(n) => Const::Global(n.to_string(), sp),
            TokenKind::LocalId(n) => Const::Global(n.to_string(), sp),
            TokenKind::Word("true") => Const::Int(1),
            TokenKind::Word("false") => Const::Int(0),
            TokenKind::Word("null") => Const::Null,
            TokenKind::Word("undef") => Const::Undef,
            TokenKind::Word("zeroinitializer") => Const::Zero,
            TokenKind::Word("c") => {
                self.bump();
                match self.kind() {
                    TokenKind::String(s) => Const::Str(s.to_vec()),
                    _ => return self.expected("a string after 'c'"),
                }
            }
            TokenKind::LBracket | TokenKind::LBrace | TokenKind::Less => {
                let close = match self.kind() {
                    TokenKind::LBracket => TokenKind::RBracket,
                    TokenKind::LBrace => TokenKind::RBrace,
                    _ => TokenKind::Greater,
                };
                self.bump();
                let mut elems = Vec::new();
                if !self.eat(close.clone()) {
                    loop {
                        elems.push(self.typed_const()?);
                        if self.eat(close.clone()) {
                            break;
                        }
                        self.expect(TokenKind::Comma, "',' or the closing bracket")?;
                    }
                }
                return Ok(Const::Agg(elems));
            }
            TokenKind::Word(w) => return self.const_expr(w, ty),
            _ => return self.expected("a constant"),
        };
        self.bump();
        Ok(c)
    }

    fn const_expr(&mut self, w: &str, _ty: &Ty) -> R<Const> {
        if !matches!(w, "cast" | "getelementptr" | "select") && !BINOPS.contains(&w) {
            return self.expected("a constant");
        }
        let w = w.to_string();
        self.bump();
        self.expect(TokenKind::LParen, "'('")?;
        let e = match w.as_str() {
            "cast" => {
                let (t, v) = self.typed_const()?;
                self.expect_word("to")?;
                let to = self.ty()?;
                CExpr::Cast(t, v, to)
            }
            "getelementptr" => {
                let (t, v) = self.typed_const()?;
                let mut idx = Vec::new();
                while self.eat(TokenKind::Comma) {
                    idx.push(self.typed_const()?);
                }
                CExpr::Gep(t, v, idx)
            }
            "select" => {
                let (_, c) = self.typed_const()?;
                self.expect(TokenKind::Comma, "','")?;
                let (_, a) = self.typed_const()?;
                self.expect(TokenKind::Comma, "','")?;
                let (_, b) = self.typed_const()?;
                CExpr::Select(c, a, b)
            }
            _ if BINOPS.contains(&w.as_str()) => {
                let (t, a) = self.typed_const()?;
                self.expect(TokenKind::Comma, "','")?;
                let (bt, b) = self.typed_const()?;
                CExpr::Bin(w, t, a, bt, b)
            }
            _ => return self.expected("a constant"),
        };
        self.expect(TokenKind::RParen, "')'")?;
        Ok(Const::Expr(Box::new(e)))
    }
}

/// Linkage words of 1.x.
const LINKAGES: &[&str] =
    &["internal", "linkonce", "weak", "appending", "extern_weak", "dllimport", "dllexport"];

/// Binary operators (arithmetic, bitwise, comparisons, shifts).
pub(super) const BINOPS: &[&str] = &[
    "add", "sub", "mul", "div", "udiv", "sdiv", "fdiv", "rem", "urem", "srem", "frem", "and", "or",
    "xor", "seteq", "setne", "setlt", "setgt", "setle", "setge", "shl", "shr",
];
