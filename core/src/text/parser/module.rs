//! Parsing module-level entities: header strings, type definitions, comdats, global
//! variables, aliases, ifuncs, function headers, attribute groups, metadata and
//! `uselistorder` directives.

use super::attrs::AttrCtx;
use super::{GroupUse, PResult, Parser};
use crate::diag::{Diagnostic, Span};
use crate::ir::function::{Function, LocalName, Param};
use crate::ir::module::{
    Comdat, ComdatKind, DllStorage, GlobalKind, GlobalName, GlobalValue, GlobalVar, Linkage,
    Preemption, ThreadLocal, UnnamedAddr, UseListOrder, UseListTarget, Visibility,
};
use crate::ir::types::{Type, TypeId, TypeName};
use crate::ir::{ConstKind, GlobalId};
use crate::text::lexer::TokenKind;

/// The linkage and qualifiers that precede every kind of global value.
#[derive(Default)]
struct Qualifiers {
    linkage: Option<Linkage>,
    preemption: Preemption,
    visibility: Visibility,
    dll: DllStorage,
    tls: ThreadLocal,
    unnamed: UnnamedAddr,
}

impl<'a> Parser<'a> {
    /// The whole module. After a syntax error the parser skips to the next line that starts a
    /// top-level entity and goes on, so one run reports the errors of every entity.
    pub(crate) fn parse_module(&mut self) -> PResult<()> {
        loop {
            let entity_start = self.span().start;
            match self.parse_top_level_entity() {
                Ok(true) => {}
                Ok(false) => {
                    if !self.errors_seen() {
                        return Ok(());
                    }
                    // Undefined globals are still worth reporting, but for the names of
                    // entities that failed to parse (their uses would repeat the error).
                    for d in self.undefined_globals(true) {
                        self.report(d);
                    }
                    return Err(super::Stop);
                }
                Err(_) => {
                    self.fs = None;
                    self.cur_fn = None;
                    self.note_broken_global(entity_start);
                    self.skip_to_next_entity(entity_start);
                }
            }
        }
    }

    /// Skips tokens up to one after `failed_at` that starts a line and can start a top-level
    /// entity.
    fn skip_to_next_entity(&mut self, failed_at: u32) {
        loop {
            if matches!(self.kind(), TokenKind::Eof) {
                return;
            }
            if self.span().start <= failed_at || !self.at_line_start() {
                self.bump();
                continue;
            }
            let starts_entity = match self.kind() {
                TokenKind::Word(w)
                    if self.at_column_zero()
                        && crate::diag::did_you_mean(w, ["define", "declare"]).is_some() =>
                {
                    true
                }
                TokenKind::Word(w) => matches!(
                    *w,
                    "define"
                        | "declare"
                        | "attributes"
                        | "source_filename"
                        | "target"
                        | "module"
                        | "uselistorder"
                        | "uselistorder_bb"
                ),
                TokenKind::GlobalName(_)
                | TokenKind::GlobalId(_)
                | TokenKind::ComdatName(_)
                | TokenKind::MetadataId(_) => true,
                TokenKind::MetadataName(_) => matches!(self.peek(), TokenKind::Equal),
                // `%T = type ...`, not `%x = add ...` inside a body.
                TokenKind::LocalName(_) | TokenKind::LocalId(_) => {
                    let (a, b) = self.peek2();
                    matches!(a, TokenKind::Equal) && matches!(b, TokenKind::Word("type"))
                }
                _ => false,
            };
            if starts_entity {
                return;
            }
            self.bump();
        }
    }

    /// Remembers the name of the global that the failed entity at `start` defines, if it
    /// names one on its first line.
    fn note_broken_global(&mut self, start: u32) {
        let Some(text) = self.src().get(start as usize..) else { return };
        let mut lex = crate::text::lexer::Lexer::new(text);
        for _ in 0..64 {
            let t = lex.next_token();
            if text.get(..t.span.start as usize).is_some_and(|s| s.contains('\n')) {
                return;
            }
            match t.kind {
                TokenKind::GlobalName(n) => {
                    let key = self.global_key(&n);
                    self.broken_globals.insert(key);
                    return;
                }
                TokenKind::GlobalId(n) => {
                    self.broken_globals.insert(GlobalName::Numbered(n));
                    return;
                }
                TokenKind::Eof | TokenKind::LParen | TokenKind::LBrace => return,
                _ => {}
            }
        }
    }

    /// True when the current token is the first byte of its line.
    fn at_column_zero(&self) -> bool {
        let start = self.span().start as usize;
        start == 0 || self.src().as_bytes().get(start - 1) == Some(&b'\n')
    }

    /// True when only blanks precede the current token on its line.
    pub(crate) fn at_line_start(&self) -> bool {
        let start = self.span().start as usize;
        let before = self.src().as_bytes().get(..start).unwrap_or(&[]);
        before.iter().rev().take_while(|b| **b != b'\n').all(|b| *b == b' ' || *b == b'\t')
    }

    /// One top-level entity; `false` at the end of the file.
    fn parse_top_level_entity(&mut self) -> PResult<bool> {
        {
            let span = self.span();
            match &self.tok.kind {
                TokenKind::Eof => return Ok(false),
                TokenKind::Word("source_filename") => {
                    self.bump();
                    self.expect(&TokenKind::Equal, "'=' after source_filename")?;
                    self.m.source_filename = Some(self.string("source_filename string")?);
                }
                TokenKind::Word("target") => {
                    self.bump();
                    if self.eat_word("triple") {
                        self.expect(&TokenKind::Equal, "'=' after target triple")?;
                        self.m.triple = Some(self.string("target triple")?);
                    } else if self.eat_word("datalayout") {
                        self.expect(&TokenKind::Equal, "'=' after target datalayout")?;
                        let sspan = self.span();
                        let s = self.string("target datalayout string")?;
                        let text = String::from_utf8_lossy(&s).into_owned();
                        match crate::ir::datalayout::parse(&text) {
                            Ok(dl) => self.m.datalayout = dl,
                            Err(e) => {
                                // Point inside the string: skip the opening quote.
                                let start = sspan.start + 1 + e.offset as u32;
                                let span = Span::new(
                                    start.min(sspan.end),
                                    (start + e.len.max(1) as u32).min(sspan.end),
                                );
                                return self.err(
                                    span,
                                    format!("invalid target datalayout: {}", e.message),
                                );
                            }
                        }
                        self.m.datalayout_str = Some(s);
                    } else {
                        return self.err_expected("'triple' or 'datalayout'");
                    }
                }
                TokenKind::Word("module") => {
                    self.bump();
                    self.expect_word("asm")?;
                    let s = self.string("module asm string")?;
                    self.m.module_asm.push(s);
                }
                TokenKind::Word("define") | TokenKind::Word("declare") => self.parse_function()?,
                TokenKind::Word("attributes") => {
                    self.bump();
                    self.parse_attr_group_def()?;
                }
                TokenKind::Word("uselistorder") | TokenKind::Word("uselistorder_bb") => {
                    self.parse_uselistorder(None)?
                }
                TokenKind::LocalName(n) => {
                    let name = TypeName::Named(self.m.symbols.intern(n));
                    self.bump();
                    self.expect(&TokenKind::Equal, "'=' after type name")?;
                    self.parse_type_definition(name, span)?;
                }
                &TokenKind::LocalId(n) => {
                    self.bump();
                    self.expect(&TokenKind::Equal, "'=' after type name")?;
                    self.parse_type_definition(TypeName::Numbered(n), span)?;
                }
                TokenKind::ComdatName(n) => {
                    let name = self.m.symbols.intern(n);
                    self.bump();
                    self.parse_comdat_def(name, span)?;
                }
                TokenKind::GlobalName(n) => {
                    let key = GlobalName::Named(self.m.symbols.intern(n));
                    self.bump();
                    self.expect(&TokenKind::Equal, "'=' after global name")?;
                    self.parse_global(key, span)?;
                }
                &TokenKind::GlobalId(n) => {
                    self.bump();
                    if n < self.next_global_number {
                        return self.err(
                            span,
                            format!(
                                "global expected to be numbered '@{}' or greater",
                                self.next_global_number
                            ),
                        );
                    }
                    self.next_global_number = n.saturating_add(1);
                    self.expect(&TokenKind::Equal, "'=' after global name")?;
                    self.parse_global(GlobalName::Numbered(n), span)?;
                }
                &TokenKind::MetadataId(n) => self.parse_md_definition(n)?,
                TokenKind::MetadataName(name) => {
                    let name: Box<str> = name.as_ref().into();
                    self.parse_named_md(name)?
                }
                TokenKind::SummaryId(_) => self.parse_summary_entry()?,
                _ => {
                    return self.err_expected_one_of(
                        "top-level entity",
                        [
                            "define",
                            "declare",
                            "attributes",
                            "source_filename",
                            "target",
                            "module",
                            "uselistorder",
                        ],
                    )
                }
            }
        }
        Ok(true)
    }

    fn parse_comdat_def(&mut self, name: crate::ir::Symbol, span: Span) -> PResult<()> {
        self.expect(&TokenKind::Equal, "'=' here")?;
        self.expect_word("comdat")?;
        let kind = match self.word().and_then(ComdatKind::from_name) {
            Some(k) => k,
            None => return self.err_expected("comdat selection kind"),
        };
        self.bump();
        let id = self.comdat_by_name(name, span);
        if self.m.comdats[id].span.is_some() {
            return self.err(span, "redefinition of comdat");
        }
        self.m.comdats[id].kind = kind;
        self.m.comdats[id].span = Some(span);
        Ok(())
    }

    fn comdat_by_name(
        &mut self,
        name: crate::ir::Symbol,
        _span: Span,
    ) -> crate::ir::module::ComdatId {
        if let Some(&c) = self.comdat_names.get(&name) {
            return c;
        }
        let c = self.m.comdats.push(Comdat { name, kind: ComdatKind::Any, span: None });
        self.comdat_names.insert(name, c);
        c
    }

    /// `comdat` or `comdat($name)`; `own` is the global's own name for the implicit form.
    fn parse_opt_comdat(
        &mut self,
        own: &GlobalName,
        span: Span,
    ) -> PResult<Option<crate::ir::module::ComdatId>> {
        if !self.eat_word("comdat") {
            return Ok(None);
        }
        if self.eat(&TokenKind::LParen) {
            let TokenKind::ComdatName(n) = &self.tok.kind else {
                return self.err_expected("comdat variable");
            };
            let sym = self.m.symbols.intern(n);
            let cspan = self.bump().span;
            self.expect(&TokenKind::RParen, "')' after comdat var")?;
            return Ok(Some(self.comdat_by_name(sym, cspan)));
        }
        match own {
            GlobalName::Named(sym) => Ok(Some(self.comdat_by_name(*sym, span))),
            GlobalName::Numbered(_) => self.err(span, "comdat cannot be unnamed"),
        }
    }

    fn parse_qualifiers(&mut self) -> PResult<Qualifiers> {
        let mut q = Qualifiers::default();
        if let Some(l) = self.word().and_then(Linkage::from_name) {
            self.bump();
            q.linkage = Some(l);
        }
        if let Some(p) = self.word().and_then(Preemption::from_name) {
            self.bump();
            q.preemption = p;
        }
        if let Some(v) = self.word().and_then(Visibility::from_name) {
            self.bump();
            q.visibility = v;
        } else {
            self.eat_word("default");
        }
        if let Some(d) = self.word().and_then(DllStorage::from_name) {
            self.bump();
            q.dll = d;
        }
        if self.at_word("thread_local") {
            self.bump();
            q.tls = ThreadLocal::GeneralDynamic;
            if self.eat(&TokenKind::LParen) {
                q.tls = match self.word() {
                    Some("localdynamic") => ThreadLocal::LocalDynamic,
                    Some("initialexec") => ThreadLocal::InitialExec,
                    Some("localexec") => ThreadLocal::LocalExec,
                    _ => return self.err_expected("thread local storage model"),
                };
                self.bump();
                self.expect(&TokenKind::RParen, "')' after thread local model")?;
            }
        }
        q.unnamed = self.parse_opt_unnamed_addr();
        Ok(q)
    }

    fn parse_opt_unnamed_addr(&mut self) -> UnnamedAddr {
        match self.word().and_then(UnnamedAddr::from_name) {
            Some(u) => {
                self.bump();
                u
            }
            None => UnnamedAddr::None,
        }
    }

    /// Claims the global named `name` for a definition at `span`, reporting redefinitions.
    fn define_global(
        &mut self,
        name: GlobalName,
        span: Span,
        kind: GlobalKind,
        addrspace: u32,
    ) -> PResult<GlobalId> {
        let g = match self.m.global_names.get(&name) {
            Some(&g) => {
                if !matches!(self.m.globals[g].kind, GlobalKind::Forward) {
                    let text = self.m.global_name(g);
                    return self.err(span, format!("redefinition of global '@{text}'"));
                }
                g
            }
            None => {
                let g = self.m.globals.push(GlobalValue::forward(name.clone(), span));
                self.m.global_names.insert(name, g);
                g
            }
        };
        // Order of definition is the module order: move forward-declared globals to the end.
        if let Some(Some((asp, use_span))) = self.forward_global_types.remove(&g) {
            if asp != addrspace {
                let text = self.m.global_name(g);
                return self.err(use_span, format!("'@{text}' defined with type 'ptr addrspace({addrspace})' but expected 'ptr addrspace({asp})'"));
            }
        }
        self.m.globals[g].kind = kind;
        self.m.globals[g].span = span;
        self.m.globals[g].addrspace = addrspace;
        self.m.order.push(g);
        Ok(g)
    }

    fn apply_qualifiers(&mut self, g: GlobalId, q: &Qualifiers) -> PResult<()> {
        if q.linkage.is_some_and(|l| l.is_local()) {
            let span = self.m.globals[g].span;
            if q.visibility != Visibility::Default {
                return self.err(span, "symbol with local linkage must have default visibility");
            }
            if q.dll != DllStorage::Default {
                return self.err(span, "symbol with local linkage cannot have a DLL storage class");
            }
        }
        let gv = &mut self.m.globals[g];
        gv.linkage = q.linkage.unwrap_or(Linkage::External);
        gv.preemption = q.preemption;
        gv.visibility = q.visibility;
        gv.dll_storage = q.dll;
        gv.thread_local = q.tls;
        gv.unnamed_addr = q.unnamed;
        Ok(())
    }

    /// After `@name =`.
    fn parse_global(&mut self, name: GlobalName, span: Span) -> PResult<()> {
        let q = self.parse_qualifiers()?;
        if self.at_word("alias") || self.at_word("ifunc") {
            let is_alias = self.at_word("alias");
            self.bump();
            let (first_ty, first_pointee) = self.parse_type_ex()?;
            let tspan = self.span();
            let (value_ty, target) = if !self.at(&TokenKind::Comma) {
                // LLVM 3.x: `alias i32* @g` names only the pointer type.
                let Some(value_ty) = first_pointee else {
                    return self.err_expected("',' after alias or ifunc's type");
                };
                (value_ty, self.parse_const(first_ty)?)
            } else {
                self.bump();
                (first_ty, self.parse_aliasee()?)
            };
            let _ = first_pointee;
            let pty = self.m.consts.ty(target);
            if !self.m.types.is_ptr(pty) {
                return self.err(tspan, "An alias or ifunc must have pointer type");
            }
            let asp = self.m.types.ptr_addrspace(pty).unwrap_or(0);
            let kind = if is_alias {
                GlobalKind::Alias { value_ty, aliasee: target }
            } else {
                if self.m.types.func_sig(value_ty).is_none() {
                    return self.err(span, "IFunc must have a Function type");
                }
                GlobalKind::IFunc { value_ty, resolver: target }
            };
            return self.finish_alias(name, span, kind, asp, &q);
        }
        self.parse_global_var(name, span, q)
    }

    /// The aliasee or resolver after the comma.
    fn parse_aliasee(&mut self) -> PResult<crate::ir::ConstId> {
        // A cast or GEP aliasee is written without its type (LLVM infers it).
        let target = if matches!(
            self.word(),
            Some("bitcast" | "getelementptr" | "addrspacecast" | "inttoptr")
        ) {
            self.parse_untyped_const_expr()?
        } else {
            let (pty, pointee) = self.parse_type_ex()?;
            self.parse_const_ex(pty, pointee)?
        };
        Ok(target)
    }

    fn finish_alias(
        &mut self,
        name: GlobalName,
        span: Span,
        kind: GlobalKind,
        asp: u32,
        q: &Qualifiers,
    ) -> PResult<()> {
        let g = self.define_global(name, span, kind, asp)?;
        self.apply_qualifiers(g, q)?;
        while self.eat(&TokenKind::Comma) {
            if self.eat_word("partition") {
                self.m.globals[g].partition = Some(self.string("partition string")?);
            } else if matches!(self.kind(), TokenKind::MetadataName(_)) {
                let a = self.parse_md_attachment()?;
                self.m.globals[g].md.push(a);
            } else {
                return self.err_expected("partition or metadata attachment");
            }
        }
        Ok(())
    }

    /// A global variable after its qualifiers.
    fn parse_global_var(&mut self, name: GlobalName, span: Span, q: Qualifiers) -> PResult<()> {
        let addrspace = self.opt_addrspace()?.unwrap_or(0);
        let externally_initialized = self.eat_word("externally_initialized");
        let constant = if self.eat_word("constant") {
            true
        } else if self.eat_word("global") {
            false
        } else {
            return self.err_expected("'global' or 'constant'");
        };
        let tspan = self.span();
        let (value_ty, pointee) = self.parse_type_ex()?;
        if matches!(
            self.m.types.get(value_ty),
            Type::Func { .. } | Type::Label | Type::Void | Type::Metadata | Type::Token
        ) {
            return self.err(tspan, "invalid type for global variable");
        }
        let is_decl =
            matches!(q.linkage, Some(Linkage::ExternalExplicit) | Some(Linkage::ExternWeak));
        let init = if is_decl { None } else { Some(self.parse_const_ex(value_ty, pointee)?) };
        let var = GlobalVar {
            value_ty,
            init,
            constant,
            externally_initialized,
            align: None,
            code_model: None,
            attrs: crate::ir::AttrSetId::EMPTY,
        };
        let g = self.define_global(name.clone(), span, GlobalKind::Var(var), addrspace)?;
        self.apply_qualifiers(g, &q)?;
        while self.eat(&TokenKind::Comma) {
            let kspan = self.span();
            if self.eat_word("section") {
                self.m.globals[g].section = Some(self.string("section string")?);
            } else if self.eat_word("partition") {
                self.m.globals[g].partition = Some(self.string("partition string")?);
            } else if self.at_word("comdat") {
                self.m.globals[g].comdat = self.parse_opt_comdat(&name, kspan)?;
            } else if self.eat_word("align") {
                let a = self.align_value()?;
                if let GlobalKind::Var(v) = &mut self.m.globals[g].kind {
                    v.align = Some(a);
                }
            } else if self.eat_word("code_model") {
                let s = self.string("code model string")?;
                if !matches!(&*s, b"tiny" | b"small" | b"kernel" | b"medium" | b"large") {
                    return self.err(kspan, "invalid code model");
                }
                if let GlobalKind::Var(v) = &mut self.m.globals[g].kind {
                    v.code_model = Some(s);
                }
            } else if let Some((_, bit)) = self
                .word()
                .and_then(|w| crate::ir::module::sanitizer::NAMES.iter().find(|(n, _)| *n == w))
            {
                let bit = *bit;
                self.bump();
                self.m.globals[g].sanitizer |= bit;
            } else if matches!(self.kind(), TokenKind::MetadataName(_)) {
                let a = self.parse_md_attachment()?;
                self.m.globals[g].md.push(a);
            } else {
                return self.err_expected("global variable property");
            }
        }
        // Attributes on global variables: `#N` or inline string attributes.
        let list = self.parse_attrs(AttrCtx::Fn)?;
        if !list.attrs.is_empty() || !list.groups.is_empty() {
            let set = self.m.attrs.intern(list.attrs);
            if let GlobalKind::Var(v) = &mut self.m.globals[g].kind {
                v.attrs = set;
            }
            if !list.groups.is_empty() {
                self.group_uses.push((GroupUse::Var(g), list.groups));
            }
        }
        Ok(())
    }

    /// An optional calling convention.
    pub(crate) fn parse_opt_cc(&mut self) -> PResult<u32> {
        if self.at_word("cc") {
            self.bump();
            return self.uint32("calling convention number");
        }
        if let Some(w) = self.word() {
            if let Some((_, n)) =
                crate::text::CALLING_CONVENTIONS.iter().find(|(name, _)| *name == w)
            {
                self.bump();
                return Ok(*n);
            }
        }
        Ok(0)
    }

    /// `define ...` or `declare ...`.
    fn parse_function(&mut self) -> PResult<()> {
        let is_define = self.at_word("define");
        self.bump();
        // A declaration carries its metadata attachments right after `declare`.
        let decl_md = if is_define { Vec::new() } else { self.parse_md_attachments(false)? };
        let q = self.parse_qualifiers_for_function()?;
        if is_define
            && matches!(
                q.linkage,
                Some(Linkage::ExternWeak) | Some(Linkage::Common) | Some(Linkage::Appending)
            )
        {
            return self.err_here("invalid linkage for function definition");
        }
        let cc = self.parse_opt_cc()?;
        let ret_attrs = self.parse_attrs(AttrCtx::Ret)?;
        let rspan = self.span();
        let ret_ty = self.parse_type()?;
        if matches!(self.m.types.get(ret_ty), Type::Func { .. } | Type::Label | Type::Metadata) {
            return self.err(rspan, "invalid function return type");
        }
        let nspan = self.span();
        let name = match &self.tok.kind {
            TokenKind::GlobalName(n) => GlobalName::Named(self.m.symbols.intern(n)),
            &TokenKind::GlobalId(n) => {
                if n < self.next_global_number {
                    return self.err(
                        nspan,
                        format!(
                            "function expected to be numbered '@{}' or greater",
                            self.next_global_number
                        ),
                    );
                }
                self.next_global_number = n.saturating_add(1);
                GlobalName::Numbered(n)
            }
            _ => return self.err_expected("function name"),
        };
        self.bump();
        // Parameters.
        self.expect(&TokenKind::LParen, "'(' in function argument list")?;
        let mut params = Vec::new();
        let mut vararg = false;
        let mut next_arg_number = 0u32;
        // The number of each unnamed parameter, for the body's numbering.
        let mut arg_numbers = Vec::new();
        if !self.eat(&TokenKind::RParen) {
            loop {
                if self.eat(&TokenKind::DotDotDot) {
                    vararg = true;
                    break;
                }
                let pspan = self.span();
                let ty = self.parse_type()?;
                if matches!(self.m.types.get(ty), Type::Void | Type::Func { .. }) {
                    return self.err(pspan, "invalid type for function argument");
                }
                let attrs = self.parse_attrs(AttrCtx::Param)?;
                let pname = match &self.tok.kind {
                    TokenKind::LocalName(n) => {
                        let sym = self.m.symbols.intern(n);
                        self.bump();
                        LocalName::Named(sym)
                    }
                    &TokenKind::LocalId(n) => {
                        if n < next_arg_number {
                            return self.err_here(format!(
                                "argument expected to be numbered '%{next_arg_number}' or greater"
                            ));
                        }
                        self.bump();
                        next_arg_number = n.saturating_add(1);
                        arg_numbers.push((params.len(), n));
                        LocalName::Unnamed
                    }
                    _ => {
                        arg_numbers.push((params.len(), next_arg_number));
                        next_arg_number += 1;
                        LocalName::Unnamed
                    }
                };
                let set = self.m.attrs.intern(attrs.attrs);
                params.push(Param {
                    ty,
                    attrs: set,
                    name: pname,
                    span: self.span_from(pspan.start),
                });
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
            self.expect(&TokenKind::RParen, "')' at end of argument list")?;
        }
        let fn_ty = self.m.types.func(ret_ty, params.iter().map(|p| p.ty).collect(), vararg);
        let mut f = Function::new(fn_ty);
        f.cc = cc;
        f.ret_attrs = self.m.attrs.intern(ret_attrs.attrs);
        f.params = params;
        let unnamed = self.parse_opt_unnamed_addr();
        f.addrspace = self.opt_addrspace()?.unwrap_or(0);
        let fn_attrs = self.parse_attrs(AttrCtx::Fn)?;
        f.fn_attrs = self.m.attrs.intern(fn_attrs.attrs);
        f.align = fn_attrs.fn_align;
        let mut section = None;
        let mut partition = None;
        let mut comdat_span = None;
        loop {
            if self.eat_word("section") {
                section = Some(self.string("section string")?);
            } else if self.eat_word("partition") {
                partition = Some(self.string("partition string")?);
            } else if self.at_word("comdat") {
                comdat_span = Some(self.span());
                break;
            } else {
                break;
            }
        }
        let comdat = match comdat_span {
            Some(s) => self.parse_opt_comdat(&name, s)?,
            None => None,
        };
        if self.eat_word("align") {
            f.align = Some(self.align_value()?);
        }
        if self.eat_word("gc") {
            f.gc = Some(self.string("gc name")?);
        }
        if self.eat_word("prefix") {
            f.prefix = Some(self.parse_typed_const()?);
        }
        if self.eat_word("prologue") {
            f.prologue = Some(self.parse_typed_const()?);
        }
        if self.eat_word("personality") {
            f.personality = Some(self.parse_typed_const()?);
        }
        f.section = section;
        f.md = if is_define { self.parse_md_attachments(false)? } else { decl_md };
        let addrspace = f.addrspace;
        let g = self.define_global(name, nspan, GlobalKind::Func(Box::new(f)), addrspace)?;
        let q = Qualifiers { unnamed, ..q };
        self.apply_qualifiers(g, &q)?;
        self.m.globals[g].partition = partition;
        self.m.globals[g].comdat = comdat;
        if !fn_attrs.groups.is_empty() {
            self.group_uses.push((GroupUse::Func(g), fn_attrs.groups));
        }
        if is_define {
            self.parse_function_body(g, &arg_numbers, next_arg_number)?;
        } else if self.at(&TokenKind::LBrace) {
            return self.err_here("a declaration has no body (use 'define' for a definition)");
        }
        Ok(())
    }

    fn parse_qualifiers_for_function(&mut self) -> PResult<Qualifiers> {
        let start = self.span();
        let q = self.parse_qualifiers()?;
        if q.tls != ThreadLocal::NotThreadLocal {
            return self.err(start, "functions cannot be thread_local");
        }
        if q.unnamed != UnnamedAddr::None {
            return self.err(start, "unnamed_addr goes after the function's parameter list");
        }
        Ok(q)
    }

    /// `uselistorder ...` / `uselistorder_bb ...`: the value (an argument, instruction result,
    /// block, global or constant; a block of a declaration and a local outside a function are
    /// kept as text only) and its shuffle.
    pub(crate) fn parse_uselistorder(&mut self, func: Option<GlobalId>) -> PResult<()> {
        let start = self.span().start;
        let is_bb = self.at_word("uselistorder_bb");
        self.bump();
        let target = if is_bb {
            let g = self.parse_global_ref()?;
            self.expect(&TokenKind::Comma, "',' here")?;
            let Some(key) = self.local_key() else {
                return self.err_expected("basic block name");
            };
            let span = self.bump().span;
            if self.m.func(g).is_some_and(|f| f.body.is_some()) {
                UseListTarget::Block(g, self.block_for_address(g, key, span)?)
            } else {
                UseListTarget::Other
            }
        } else {
            // A typed value: a local of the function (a block for `label`), or a global.
            let ty = self.parse_type()?;
            match self.local_key() {
                Some(key) => {
                    let span = self.bump().span;
                    match func {
                        Some(g) if ty == TypeId::LABEL => {
                            UseListTarget::Block(g, self.block_ref(key, span)?)
                        }
                        Some(_) => UseListTarget::Local(self.local_value(key, ty, span)?),
                        None => UseListTarget::Other,
                    }
                }
                None => self.uselist_constant(ty)?,
            }
        };
        self.expect(&TokenKind::Comma, "',' here")?;
        self.expect(&TokenKind::LBrace, "'{' here")?;
        let mut indexes = Vec::new();
        loop {
            let i = self.uint("use list index")?;
            indexes.push(u32::try_from(i).unwrap_or(u32::MAX));
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RBrace, "'}' here")?;
        if indexes.len() < 2 {
            let span = self.span_from(start);
            self.report(Diagnostic::error(span, "wrong number of indexes, expected >= 2"));
        }
        let span = self.span_from(start);
        let text: Box<str> =
            self.src().get(span.start as usize..span.end as usize).unwrap_or("").into();
        self.m.uselistorders.push(UseListOrder {
            text,
            func,
            span,
            target,
            indexes: indexes.into(),
        });
        Ok(())
    }

    /// `^N = ...` (a ThinLTO summary entry), kept as text: it describes other modules.
    fn parse_summary_entry(&mut self) -> PResult<()> {
        let start = self.span().start;
        self.bump();
        self.expect(&TokenKind::Equal, "'=' here")?;
        let mut depth = 0u32;
        loop {
            match self.kind() {
                TokenKind::Eof => return self.err_here("unterminated summary entry"),
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.bump();
                        break;
                    }
                }
                TokenKind::Integer(_) if depth == 0 && self.prev_token_was_colon => {
                    self.bump();
                    break;
                }
                _ => {}
            }
            self.prev_token_was_colon =
                matches!(self.kind(), TokenKind::Colon | TokenKind::LabelStr(_));
            self.bump();
        }
        self.prev_token_was_colon = false;
        let span = self.span_from(start);
        let text: Box<str> =
            self.src().get(span.start as usize..span.end as usize).unwrap_or("").into();
        self.m.summaries.push(text);
        Ok(())
    }

    /// A constant of type `ty` in a `uselistorder`: a global's address orders the global.
    fn uselist_constant(&mut self, ty: TypeId) -> PResult<UseListTarget> {
        let c = self.parse_const(ty)?;
        Ok(match self.m.consts.kind(c) {
            ConstKind::Global(g) => UseListTarget::Global(*g),
            _ => UseListTarget::Const(c),
        })
    }
}
