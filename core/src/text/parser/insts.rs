//! Parsing one instruction (after its optional `%name =`), every opcode with all of its flags
//! and options, including the legacy typed-pointer forms of `load`, `getelementptr` and `call`.

use super::attrs::AttrCtx;
use super::{GroupUse, PResult, Parser};
use crate::diag::{Diagnostic, Span};
use crate::ir::function::{DbgRecord, DbgRecordKind, MdOperand};
use crate::ir::inst::{Bundle, CallInfo, Clause, MemInfo, Operands};
use crate::ir::types::Type;
use crate::ir::typing::GepIndex;
use crate::ir::{
    Block, ConstId, Extra, FastMath, FloatPredicate, InstData, InstFlags, IntPredicate, Opcode,
    Operand, Ordering, RmwOp, SyncScope, TailKind, TypeId,
};
use crate::text::lexer::TokenKind;
use smallvec::smallvec;

impl<'a> Parser<'a> {
    /// One instruction, without result name or attachments.
    pub(crate) fn parse_instruction(&mut self) -> PResult<InstData> {
        let op_span = self.span();
        let Some(w) = self.word() else { return self.err_expected("instruction opcode") };
        let tail = match w {
            "tail" => TailKind::Tail,
            "musttail" => TailKind::MustTail,
            "notail" => TailKind::NoTail,
            _ => TailKind::None,
        };
        if tail != TailKind::None {
            self.bump();
            if !self.at_word("call") {
                return self.err_expected("'call' after tail marker");
            }
        }
        let Some(op) = self.word().and_then(Opcode::from_name) else {
            return self
                .err_expected_one_of("instruction opcode", Opcode::ALL.iter().map(|o| o.name()));
        };
        self.bump();
        let mut d = match op {
            Opcode::Ret => self.parse_ret()?,
            Opcode::Br => self.parse_br()?,
            Opcode::Switch => self.parse_switch()?,
            Opcode::IndirectBr => self.parse_indirectbr()?,
            Opcode::Invoke | Opcode::CallBr => self.parse_call(op, TailKind::None)?,
            Opcode::Call => self.parse_call(op, tail)?,
            Opcode::Resume => {
                let v = self.parse_typed_value()?;
                InstData::with_operands(op, TypeId::VOID, smallvec![v])
            }
            Opcode::Unreachable => InstData::with_operands(op, TypeId::VOID, smallvec![]),
            Opcode::CatchSwitch => self.parse_catchswitch()?,
            Opcode::CatchRet => {
                self.expect_word("from")?;
                let pad = self.parse_value(TypeId::TOKEN)?;
                self.expect_word("to")?;
                let dest = self.parse_label_ref()?;
                let mut d = InstData::with_operands(op, TypeId::VOID, smallvec![pad]);
                d.extra = Extra::CatchRet(dest);
                d
            }
            Opcode::CleanupRet => {
                self.expect_word("from")?;
                let pad = self.parse_value(TypeId::TOKEN)?;
                self.expect_word("unwind")?;
                let unwind = if self.eat_word("to") {
                    self.expect_word("caller")?;
                    None
                } else {
                    Some(self.parse_label_ref()?)
                };
                let mut d = InstData::with_operands(op, TypeId::VOID, smallvec![pad]);
                d.extra = Extra::CleanupRet(unwind);
                d
            }
            Opcode::CatchPad | Opcode::CleanupPad => self.parse_funclet_pad(op)?,
            Opcode::LandingPad => self.parse_landingpad()?,
            Opcode::FNeg => {
                let fmf = self.parse_fmf();
                let ty = self.parse_type()?;
                let a = self.parse_value(ty)?;
                let mut d = InstData::with_operands(op, ty, smallvec![a]);
                d.fmf = fmf;
                d
            }
            _ if op.is_binary() => self.parse_binary(op, op_span)?,
            _ if op.is_cast() => self.parse_cast(op, op_span)?,
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                let mut args: Operands = smallvec![self.parse_typed_value()?];
                while self.at(&TokenKind::Comma)
                    && !matches!(self.peek(), TokenKind::MetadataName(_))
                {
                    self.bump();
                    args.push(self.parse_typed_value()?);
                }
                let tys: Vec<TypeId> = args.iter().map(|a| self.operand_ty(*a)).collect();
                let ty = match crate::ir::vector_op_result_type(&mut self.m.types, op, &tys) {
                    Ok(t) => t,
                    Err(msg) => return self.err(op_span, msg),
                };
                if op == Opcode::ShuffleVector && !matches!(args.get(2), Some(Operand::Const(_))) {
                    return self.err(op_span, "shufflevector mask must be a constant");
                }
                InstData::with_operands(op, ty, args)
            }
            Opcode::ExtractValue | Opcode::InsertValue => self.parse_aggregate_op(op, op_span)?,
            Opcode::Alloca => self.parse_alloca()?,
            Opcode::Load => self.parse_load(op_span)?,
            Opcode::Store => self.parse_store(op_span)?,
            Opcode::Fence => {
                let scope = self.parse_syncscope()?;
                let ordering = self.parse_ordering()?;
                let mut d = InstData::with_operands(op, TypeId::VOID, smallvec![]);
                d.extra = Extra::Mem(Box::new(MemInfo {
                    align: None,
                    ordering,
                    failure: Ordering::NotAtomic,
                    scope,
                }));
                d
            }
            Opcode::CmpXchg => self.parse_cmpxchg(op_span)?,
            Opcode::AtomicRmw => self.parse_atomicrmw(op_span)?,
            Opcode::GetElementPtr => self.parse_gep(op_span)?,
            Opcode::ICmp => {
                let mut flags = InstFlags::default();
                if self.eat_word("samesign") {
                    flags.set(InstFlags::SAMESIGN);
                }
                let Some(pred) = self.word().and_then(IntPredicate::from_name) else {
                    return self.err_expected("icmp predicate (e.g. 'eq')");
                };
                self.bump();
                let ty = self.parse_type()?;
                let a = self.parse_value(ty)?;
                self.expect(&TokenKind::Comma, "',' after compare value")?;
                let b = self.parse_value(ty)?;
                let rt = crate::ir::typing::cmp_result_type(&mut self.m.types, ty);
                let mut d = InstData::with_operands(op, rt, smallvec![a, b]);
                d.flags = flags;
                d.extra = Extra::ICmp(pred);
                d
            }
            Opcode::FCmp => {
                let fmf = self.parse_fmf();
                let Some(pred) = self.word().and_then(FloatPredicate::from_name) else {
                    return self.err_expected("fcmp predicate (e.g. 'oeq')");
                };
                self.bump();
                let ty = self.parse_type()?;
                let a = self.parse_value(ty)?;
                self.expect(&TokenKind::Comma, "',' after compare value")?;
                let b = self.parse_value(ty)?;
                let rt = crate::ir::typing::cmp_result_type(&mut self.m.types, ty);
                let mut d = InstData::with_operands(op, rt, smallvec![a, b]);
                d.fmf = fmf;
                d.extra = Extra::FCmp(pred);
                d
            }
            Opcode::Phi => self.parse_phi()?,
            Opcode::Select => {
                let fmf = self.parse_fmf();
                let c = self.parse_typed_value()?;
                self.expect(&TokenKind::Comma, "',' after select condition")?;
                let a = self.parse_typed_value()?;
                self.expect(&TokenKind::Comma, "',' after select value")?;
                let b = self.parse_typed_value()?;
                let at = self.operand_ty(a);
                let mut d = InstData::with_operands(op, at, smallvec![c, a, b]);
                d.fmf = fmf;
                d
            }
            Opcode::Freeze => {
                let v = self.parse_typed_value()?;
                let t = self.operand_ty(v);
                InstData::with_operands(op, t, smallvec![v])
            }
            Opcode::VaArg => {
                let v = self.parse_typed_value()?;
                self.expect(&TokenKind::Comma, "',' after va_arg operand")?;
                let t = self.parse_type()?;
                InstData::with_operands(op, t, smallvec![v])
            }
            _ => return self.err(op_span, format!("unsupported instruction '{}'", op.name())),
        };
        d.span = op_span;
        Ok(d)
    }

    /// The type of an operand of the function being parsed.
    pub(crate) fn operand_ty(&self, op: Operand) -> TypeId {
        match op {
            Operand::Value(v) => {
                self.fs.as_ref().map(|fs| fs.body.value_ty(v)).unwrap_or(TypeId::VOID)
            }
            Operand::Const(c) => self.m.consts.ty(c),
            Operand::Md(_) => TypeId::METADATA,
        }
    }

    fn parse_fmf(&mut self) -> FastMath {
        let mut f = 0u8;
        while let Some(w) = self.word() {
            if w == "fast" {
                f |= FastMath::FAST;
            } else if let Some((_, bit)) = FastMath::NAMES.iter().find(|(n, _)| *n == w) {
                f |= bit;
            } else {
                break;
            }
            self.bump();
        }
        FastMath(f)
    }

    fn parse_wrap_flags(&mut self, op: Opcode) -> InstFlags {
        let mut flags = InstFlags::default();
        loop {
            let bit = match self.word() {
                Some("nuw") if op.allows_wrap_flags() => InstFlags::NUW,
                Some("nsw") if op.allows_wrap_flags() => InstFlags::NSW,
                Some("exact") if op.allows_exact() => InstFlags::EXACT,
                Some("disjoint") if op.allows_disjoint() => InstFlags::DISJOINT,
                Some("nneg") if op.allows_nneg() => InstFlags::NNEG,
                _ => break,
            };
            flags.set(bit);
            self.bump();
        }
        flags
    }

    fn parse_binary(&mut self, op: Opcode, op_span: Span) -> PResult<InstData> {
        let flags = self.parse_wrap_flags(op);
        let fmf = if op.allows_fmf() { self.parse_fmf() } else { FastMath::default() };
        let ty = self.parse_type()?;
        let a = self.parse_value(ty)?;
        self.expect(&TokenKind::Comma, "',' in arithmetic operation")?;
        let b = self.parse_value(ty)?;
        let _ = op_span;
        let mut d = InstData::with_operands(op, ty, smallvec![a, b]);
        d.flags = flags;
        d.fmf = fmf;
        Ok(d)
    }

    fn parse_cast(&mut self, op: Opcode, op_span: Span) -> PResult<InstData> {
        let flags = self.parse_wrap_flags(op);
        let v = self.parse_typed_value()?;
        self.expect_word("to")?;
        let dest = self.parse_type()?;
        let _ = op_span;
        let mut d = InstData::with_operands(op, dest, smallvec![v]);
        d.flags = flags;
        Ok(d)
    }

    fn parse_ret(&mut self) -> PResult<InstData> {
        // The return type is checked by the verifier, which reports every mismatch.
        let ty = self.parse_type()?;
        if ty == TypeId::VOID {
            return Ok(InstData::with_operands(Opcode::Ret, TypeId::VOID, smallvec![]));
        }
        let v = self.parse_value(ty)?;
        Ok(InstData::with_operands(Opcode::Ret, TypeId::VOID, smallvec![v]))
    }

    fn parse_br(&mut self) -> PResult<InstData> {
        let span = self.span();
        let ty = self.parse_type()?;
        if ty == TypeId::LABEL {
            let dest = self.parse_block_name()?;
            let mut d = InstData::with_operands(Opcode::Br, TypeId::VOID, smallvec![]);
            d.extra = Extra::Br(Box::new([dest]));
            return Ok(d);
        }
        if ty != TypeId::I1 {
            let t = self.ty_str(ty);
            let d =
                Diagnostic::error(span, format!("branch condition must have 'i1' type, not '{t}'"))
                    .with_help(format!(
                    "compare first, e.g. `%cond = icmp ne {t} %x, 0`, then branch on `i1 %cond`"
                ));
            return self.fail(d);
        }
        let c = self.parse_value(ty)?;
        self.expect(&TokenKind::Comma, "',' after branch condition")?;
        let t = self.parse_label_ref()?;
        self.expect(&TokenKind::Comma, "',' after true destination")?;
        let f = self.parse_label_ref()?;
        let mut d = InstData::with_operands(Opcode::Br, TypeId::VOID, smallvec![c]);
        d.extra = Extra::Br(Box::new([t, f]));
        Ok(d)
    }

    fn parse_switch(&mut self) -> PResult<InstData> {
        let span = self.span();
        let ty = self.parse_type()?;
        let c = self.parse_value(ty)?;
        if !self.m.types.is_int(ty) {
            return self.err(span, "switch condition must have integer type");
        }
        self.expect(&TokenKind::Comma, "',' after switch condition")?;
        let default = self.parse_label_ref()?;
        self.expect(&TokenKind::LBracket, "'[' with switch table")?;
        let mut cases: Vec<(ConstId, Block)> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        while !self.eat(&TokenKind::RBracket) {
            let cspan = self.span();
            let cty = self.parse_type()?;
            if cty != ty {
                return self.err(cspan, "switch case value has the wrong type");
            }
            let v = self.parse_const(cty)?;
            if !matches!(self.m.consts.kind(v), crate::ir::ConstKind::Int(_)) {
                return self.err(cspan, "case value is not a constant integer");
            }
            if !seen.insert(v) {
                return self.err(cspan, "duplicate case value in switch");
            }
            self.expect(&TokenKind::Comma, "',' after case value")?;
            let dest = self.parse_label_ref()?;
            cases.push((v, dest));
        }
        let mut d = InstData::with_operands(Opcode::Switch, TypeId::VOID, smallvec![c]);
        d.extra = Extra::Switch { default, cases: cases.into() };
        Ok(d)
    }

    fn parse_indirectbr(&mut self) -> PResult<InstData> {
        let span = self.span();
        let a = self.parse_typed_value()?;
        if !self.m.types.is_ptr(self.operand_ty(a)) {
            return self.err(span, "indirectbr address must have pointer type");
        }
        self.expect(&TokenKind::Comma, "',' after indirectbr address")?;
        self.expect(&TokenKind::LBracket, "'[' with destination list")?;
        let mut dests = Vec::new();
        if !self.at(&TokenKind::RBracket) {
            loop {
                dests.push(self.parse_label_ref()?);
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(&TokenKind::RBracket, "']' at end of block list")?;
        let mut d = InstData::with_operands(Opcode::IndirectBr, TypeId::VOID, smallvec![a]);
        d.extra = Extra::IndirectBr(dests.into());
        Ok(d)
    }

    fn parse_catchswitch(&mut self) -> PResult<InstData> {
        self.expect_word("within")?;
        let parent = self.parse_pad_parent()?;
        self.expect(&TokenKind::LBracket, "'[' with catchswitch labels")?;
        let mut handlers = Vec::new();
        loop {
            handlers.push(self.parse_label_ref()?);
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RBracket, "']' after catchswitch labels")?;
        self.expect_word("unwind")?;
        let unwind = if self.eat_word("to") {
            self.expect_word("caller")?;
            None
        } else {
            Some(self.parse_label_ref()?)
        };
        let mut d = InstData::with_operands(Opcode::CatchSwitch, TypeId::TOKEN, smallvec![parent]);
        d.extra = Extra::CatchSwitch { handlers: handlers.into(), unwind };
        Ok(d)
    }

    /// `none` or a token value.
    fn parse_pad_parent(&mut self) -> PResult<Operand> {
        if self.at_word("none") {
            return Ok(Operand::Const(self.parse_const(TypeId::TOKEN)?));
        }
        self.parse_value(TypeId::TOKEN)
    }

    fn parse_funclet_pad(&mut self, op: Opcode) -> PResult<InstData> {
        self.expect_word("within")?;
        let parent = if op == Opcode::CatchPad {
            self.parse_value(TypeId::TOKEN)?
        } else {
            self.parse_pad_parent()?
        };
        self.expect(&TokenKind::LBracket, "'[' in pad argument list")?;
        let mut args: Operands = smallvec![parent];
        if !self.at(&TokenKind::RBracket) {
            loop {
                args.push(self.parse_typed_value()?);
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(&TokenKind::RBracket, "']' in pad argument list")?;
        Ok(InstData::with_operands(op, TypeId::TOKEN, args))
    }

    fn parse_landingpad(&mut self) -> PResult<InstData> {
        let ty = self.parse_type()?;
        let mut flags = InstFlags::default();
        // LLVM 3.x wrote the personality here; it now belongs to the function.
        if self.eat_word("personality") {
            let p = self.parse_typed_const()?;
            let g = self.fs().g;
            if let Some(f) = self.m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) {
                f.personality.get_or_insert(p);
            }
        }
        if self.eat_word("cleanup") {
            flags.set(InstFlags::CLEANUP);
        }
        let mut clauses = Vec::new();
        loop {
            let catch = if self.eat_word("catch") {
                true
            } else if self.eat_word("filter") {
                false
            } else {
                break;
            };
            let v = self.parse_typed_value()?;
            clauses.push(if catch { Clause::Catch(v) } else { Clause::Filter(v) });
        }
        let mut d = InstData::with_operands(Opcode::LandingPad, ty, smallvec![]);
        d.flags = flags;
        d.extra = Extra::LandingPad(clauses.into());
        Ok(d)
    }

    fn parse_phi(&mut self) -> PResult<InstData> {
        let fmf = self.parse_fmf();
        let ty = self.parse_type()?;
        let mut vals = Operands::new();
        let mut blocks = Vec::new();
        loop {
            self.expect(&TokenKind::LBracket, "'[' in phi value list")?;
            vals.push(self.parse_value(ty)?);
            self.expect(&TokenKind::Comma, "',' after phi value")?;
            blocks.push(self.parse_block_name()?);
            self.expect(&TokenKind::RBracket, "']' in phi value list")?;
            if !(self.at(&TokenKind::Comma) && matches!(self.peek(), TokenKind::LBracket)) {
                break;
            }
            self.bump();
        }
        let mut d = InstData::with_operands(Opcode::Phi, ty, vals);
        d.fmf = fmf;
        d.extra = Extra::Phi(blocks.into());
        Ok(d)
    }

    fn parse_aggregate_op(&mut self, op: Opcode, op_span: Span) -> PResult<InstData> {
        let agg = self.parse_typed_value()?;
        let mut args: Operands = smallvec![agg];
        if op == Opcode::InsertValue {
            self.expect(&TokenKind::Comma, "',' after insertvalue operand")?;
            args.push(self.parse_typed_value()?);
        }
        let mut indices = Vec::new();
        while self.at(&TokenKind::Comma) && !matches!(self.peek(), TokenKind::MetadataName(_)) {
            self.bump();
            indices.push(self.uint32("index")?);
        }
        if indices.is_empty() {
            return self.err_expected("',' and index");
        }
        let at = self.operand_ty(agg);
        if !self.m.types.is_aggregate(at) {
            return self.err(op_span, format!("{} operand must be aggregate type", op.name()));
        }
        let mut cur = at;
        for &i in &indices {
            match self.m.types.get(cur) {
                Type::Array { .. } | Type::Struct { .. } | Type::Named(_) => {}
                _ => return self.err(op_span, format!("invalid indices for {}", op.name())),
            }
            match self.m.types.element(cur, i as u64) {
                Some(t) => cur = t,
                None => return self.err(op_span, format!("invalid indices for {}", op.name())),
            }
        }
        let ty = if op == Opcode::ExtractValue {
            cur
        } else {
            let vt = self.operand_ty(args[1]);
            if vt != cur {
                return self.err(op_span, "insertvalue operand and field disagree in type");
            }
            at
        };
        let mut d = InstData::with_operands(op, ty, args);
        d.extra = Extra::Indices(indices.into());
        Ok(d)
    }

    /// `, align N` if present (not consuming a comma before metadata).
    fn parse_opt_comma_align(&mut self) -> PResult<Option<u64>> {
        if self.at(&TokenKind::Comma) && matches!(self.peek(), TokenKind::Word("align")) {
            self.bump();
            self.bump();
            return Ok(Some(self.align_value()?));
        }
        Ok(None)
    }

    fn parse_alloca(&mut self) -> PResult<InstData> {
        let mut flags = InstFlags::default();
        loop {
            if self.eat_word("inalloca") {
                flags.set(InstFlags::INALLOCA);
            } else if self.eat_word("swifterror") {
                flags.set(InstFlags::SWIFTERROR);
            } else {
                break;
            }
        }
        let tspan = self.span();
        let elem_ty = self.parse_type()?;
        if !self.m.types.is_first_class(elem_ty) && !self.m.types.is_aggregate(elem_ty)
            || elem_ty == TypeId::LABEL
        {
            return self.err(tspan, "invalid type for alloca");
        }
        let mut args = Operands::new();
        let mut align = None;
        let mut addrspace = None;
        while self.at(&TokenKind::Comma) && !matches!(self.peek(), TokenKind::MetadataName(_)) {
            self.bump();
            if self.eat_word("align") {
                align = Some(self.align_value()?);
            } else if self.at_word("addrspace") {
                addrspace = self.opt_addrspace()?;
            } else if args.is_empty() && align.is_none() && addrspace.is_none() {
                let cspan = self.span();
                let c = self.parse_typed_value()?;
                if !self.m.types.is_int(self.operand_ty(c)) {
                    return self.err(cspan, "element count must have integer type");
                }
                args.push(c);
            } else {
                return self.err_expected("'align' or 'addrspace'");
            }
        }
        let asp = addrspace.unwrap_or_else(|| self.m.datalayout.alloca_addrspace());
        let ty = self.m.types.ptr(asp);
        let mut d = InstData::with_operands(Opcode::Alloca, ty, args);
        d.flags = flags;
        d.extra = Extra::Alloca { elem_ty, align, addrspace: asp };
        Ok(d)
    }

    fn parse_syncscope(&mut self) -> PResult<SyncScope> {
        // LLVM 4 and earlier wrote `singlethread` for `syncscope("singlethread")`.
        if self.at_word("singlethread") {
            let span = self.bump().span;
            self.saw_legacy(span);
            return Ok(SyncScope::Named(b"singlethread".to_vec().into()));
        }
        if !self.eat_word("syncscope") {
            return Ok(SyncScope::System);
        }
        self.expect(&TokenKind::LParen, "'(' in syncscope")?;
        let s = self.string("syncscope name")?;
        self.expect(&TokenKind::RParen, "')' in syncscope")?;
        Ok(SyncScope::Named(s))
    }

    fn parse_ordering(&mut self) -> PResult<Ordering> {
        match self.word().and_then(Ordering::from_name) {
            Some(o) if o != Ordering::NotAtomic => {
                self.bump();
                Ok(o)
            }
            _ => self.err_expected("ordering constraint"),
        }
    }

    fn parse_load(&mut self, op_span: Span) -> PResult<InstData> {
        let atomic = self.eat_word("atomic");
        let volatile = self.eat_word("volatile");
        let (ty, pointee) = self.parse_type_ex()?;
        let (val_ty, ptr) = if self.eat(&TokenKind::Comma) {
            let pspan = self.span();
            let p = self.parse_typed_value()?;
            if !self.m.types.is_ptr(self.operand_ty(p)) {
                return self.err(pspan, "load operand must be a pointer");
            }
            (ty, p)
        } else {
            // Legacy `load i32* %p`.
            let Some(elem) = pointee else { return self.err_expected("',' after load's type") };
            let p = self.parse_value(ty)?;
            (elem, p)
        };
        if !self.m.types.is_first_class(val_ty)
            || val_ty == TypeId::LABEL
            || val_ty == TypeId::METADATA
            || !self.m.types.is_sized(val_ty)
        {
            return self.err(op_span, "loading unsized types is not allowed");
        }
        let (scope, ordering) = if atomic {
            (self.parse_syncscope()?, self.parse_ordering()?)
        } else {
            (SyncScope::System, Ordering::NotAtomic)
        };
        let align = self.parse_opt_comma_align()?;
        if atomic && align.is_none() {
            return self.err(op_span, "atomic load must have explicit non-zero alignment");
        }
        let mut d = InstData::with_operands(Opcode::Load, val_ty, smallvec![ptr]);
        if volatile {
            d.flags.set(InstFlags::VOLATILE);
        }
        d.extra =
            Extra::Mem(Box::new(MemInfo { align, ordering, failure: Ordering::NotAtomic, scope }));
        Ok(d)
    }

    fn parse_store(&mut self, op_span: Span) -> PResult<InstData> {
        let atomic = self.eat_word("atomic");
        let volatile = self.eat_word("volatile");
        let v = self.parse_typed_value()?;
        self.expect(&TokenKind::Comma, "',' after store operand")?;
        let p = self.parse_typed_value()?;
        let (scope, ordering) = if atomic {
            (self.parse_syncscope()?, self.parse_ordering()?)
        } else {
            (SyncScope::System, Ordering::NotAtomic)
        };
        let align = self.parse_opt_comma_align()?;
        if atomic && align.is_none() {
            return self.err(op_span, "atomic store must have explicit non-zero alignment");
        }
        let mut d = InstData::with_operands(Opcode::Store, TypeId::VOID, smallvec![v, p]);
        if volatile {
            d.flags.set(InstFlags::VOLATILE);
        }
        d.extra =
            Extra::Mem(Box::new(MemInfo { align, ordering, failure: Ordering::NotAtomic, scope }));
        Ok(d)
    }

    fn parse_cmpxchg(&mut self, op_span: Span) -> PResult<InstData> {
        let mut flags = InstFlags::default();
        if self.eat_word("weak") {
            flags.set(InstFlags::WEAK);
        }
        if self.eat_word("volatile") {
            flags.set(InstFlags::VOLATILE);
        }
        let p = self.parse_typed_value()?;
        self.expect(&TokenKind::Comma, "',' after cmpxchg address")?;
        let c = self.parse_typed_value()?;
        self.expect(&TokenKind::Comma, "',' after cmpxchg cmp operand")?;
        let n = self.parse_typed_value()?;
        let scope = self.parse_syncscope()?;
        let success = self.parse_ordering()?;
        let failure = self.parse_ordering()?;
        let align = self.parse_opt_comma_align()?;
        let (pt, ct, nt) = (self.operand_ty(p), self.operand_ty(c), self.operand_ty(n));
        if !self.m.types.is_ptr(pt) {
            return self.err(op_span, "cmpxchg operand must be a pointer");
        }
        if ct != nt {
            return self.err(op_span, "compare value and new value type do not match");
        }
        let rt =
            self.m.types.intern(Type::Struct { packed: false, fields: Box::new([ct, TypeId::I1]) });
        let mut d = InstData::with_operands(Opcode::CmpXchg, rt, smallvec![p, c, n]);
        d.flags = flags;
        d.extra = Extra::Mem(Box::new(MemInfo { align, ordering: success, failure, scope }));
        Ok(d)
    }

    fn parse_atomicrmw(&mut self, op_span: Span) -> PResult<InstData> {
        let volatile = self.eat_word("volatile");
        let Some(rmw) = self.word().and_then(RmwOp::from_name) else {
            return self.err_expected("binary operation for atomicrmw");
        };
        self.bump();
        let p = self.parse_typed_value()?;
        self.expect(&TokenKind::Comma, "',' after atomicrmw address")?;
        let v = self.parse_typed_value()?;
        let scope = self.parse_syncscope()?;
        let ordering = self.parse_ordering()?;
        let align = self.parse_opt_comma_align()?;
        if !self.m.types.is_ptr(self.operand_ty(p)) {
            return self.err(op_span, "atomicrmw operand must be a pointer");
        }
        let vt = self.operand_ty(v);
        let mut d = InstData::with_operands(Opcode::AtomicRmw, vt, smallvec![p, v]);
        if volatile {
            d.flags.set(InstFlags::VOLATILE);
        }
        d.extra = Extra::Rmw(
            rmw,
            Box::new(MemInfo { align, ordering, failure: Ordering::NotAtomic, scope }),
        );
        Ok(d)
    }

    fn parse_gep(&mut self, op_span: Span) -> PResult<InstData> {
        let mut flags = InstFlags::default();
        loop {
            if self.eat_word("inbounds") {
                flags.set(InstFlags::INBOUNDS);
            } else if self.eat_word("nusw") {
                flags.set(InstFlags::NUSW);
            } else if self.eat_word("nuw") {
                flags.set(InstFlags::NUW);
            } else {
                break;
            }
        }
        let (first, pointee) = self.parse_type_ex()?;
        let (source_ty, base) = if self.eat(&TokenKind::Comma) {
            (first, self.parse_typed_value()?)
        } else {
            let Some(p) = pointee else {
                return self.err_expected("',' after getelementptr's type");
            };
            (p, self.parse_value(first)?)
        };
        let mut args: Operands = smallvec![base];
        let mut idx = Vec::new();
        while self.at(&TokenKind::Comma) && !matches!(self.peek(), TokenKind::MetadataName(_)) {
            self.bump();
            let v = self.parse_typed_value()?;
            let ty = self.operand_ty(v);
            let value = match v {
                Operand::Const(c) => self.gep_index_of_const(c).value,
                _ => None,
            };
            idx.push(GepIndex { ty, value });
            args.push(v);
        }
        let pt = self.operand_ty(base);
        let ty = match crate::ir::gep_result_type(&mut self.m.types, source_ty, pt, &idx) {
            Ok(t) => t,
            Err(msg) => return self.err(op_span, msg),
        };
        let mut d = InstData::with_operands(Opcode::GetElementPtr, ty, args);
        d.flags = flags;
        d.extra = Extra::Gep { source_ty };
        Ok(d)
    }

    /// `call`, `invoke` and `callbr`.
    fn parse_call(&mut self, op: Opcode, tail: TailKind) -> PResult<InstData> {
        let fmf = if op == Opcode::Call { self.parse_fmf() } else { FastMath::default() };
        let cc = self.parse_opt_cc()?;
        let ret_attrs = self.parse_attrs(AttrCtx::Ret)?;
        let addrspace = self.opt_addrspace()?;
        let tspan = self.span();
        let (ty, pointee) = self.parse_type_ex()?;
        let callee_ptr_ty = {
            let asp = addrspace.unwrap_or_else(|| self.m.datalayout.program_addrspace());
            self.m.types.ptr(asp)
        };
        let callee_span = self.span();
        let callee = if self.at_word("asm") {
            Operand::Const(self.parse_const(callee_ptr_ty)?)
        } else {
            self.parse_value(callee_ptr_ty)?
        };
        if let Operand::Const(c) = callee {
            if let crate::ir::ConstKind::Global(g) = self.m.consts.kind(c) {
                let g = *g;
                self.note_global_use(g, callee_ptr_ty, callee_span)?;
            }
        }
        // Arguments.
        self.expect(&TokenKind::LParen, "'(' in call")?;
        let mut args: Operands = smallvec![callee];
        let mut arg_attrs = Vec::new();
        if !self.at(&TokenKind::RParen) {
            loop {
                let aspan = self.span();
                let at = self.parse_type()?;
                let attrs = self.parse_attrs(AttrCtx::Param)?;
                let v = if at == TypeId::METADATA {
                    Operand::Md(self.parse_md_operand()?)
                } else {
                    self.parse_value(at)?
                };
                let _ = aspan;
                arg_attrs.push(self.m.attrs.intern(attrs.attrs));
                args.push(v);
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(&TokenKind::RParen, "')' at end of argument list")?;
        // The function type: written in full, a legacy pointer to it, or built from the arguments.
        let fn_ty = if self.m.types.func_sig(ty).is_some() {
            ty
        } else if let Some(p) = pointee.filter(|p| self.m.types.func_sig(*p).is_some()) {
            p
        } else {
            if matches!(self.m.types.get(ty), Type::Label | Type::Metadata) {
                return self.err(tspan, "invalid result type for call");
            }
            let arg_tys: Vec<TypeId> = args[1..].iter().map(|a| self.operand_ty(*a)).collect();
            self.m.types.func(ty, arg_tys, false)
        };
        let fn_attrs = self.parse_attrs(AttrCtx::Fn)?;
        let bundles = self.parse_bundles()?;
        let Some((ret_ty, _, _)) = self.m.types.func_sig(fn_ty) else {
            return self.err(tspan, "expected function type");
        };
        let info = CallInfo {
            fn_ty,
            cc,
            ret_attrs: self.m.attrs.intern(ret_attrs.attrs),
            fn_attrs: self.m.attrs.intern(fn_attrs.attrs),
            arg_attrs: arg_attrs.into(),
            tail,
            bundles: bundles.into(),
            addrspace,
        };
        let extra = match op {
            Opcode::Invoke => {
                self.expect_word("to")?;
                let normal = self.parse_label_ref()?;
                self.expect_word("unwind")?;
                let unwind = self.parse_label_ref()?;
                Extra::Invoke(Box::new(info), normal, unwind)
            }
            Opcode::CallBr => {
                self.expect_word("to")?;
                let default = self.parse_label_ref()?;
                self.expect(&TokenKind::LBracket, "'[' in callbr")?;
                let mut others = Vec::new();
                if !self.at(&TokenKind::RBracket) {
                    loop {
                        others.push(self.parse_label_ref()?);
                        if !self.eat(&TokenKind::Comma) {
                            break;
                        }
                    }
                }
                self.expect(&TokenKind::RBracket, "']' at end of block list")?;
                Extra::CallBr(Box::new(info), default, others.into())
            }
            _ => Extra::Call(Box::new(info)),
        };
        let mut d = InstData::with_operands(op, ret_ty, args);
        d.fmf = fmf;
        d.extra = extra;
        if !fn_attrs.groups.is_empty() {
            // The instruction id is the next one; recorded when it is pushed.
            let g = self.fs().g;
            let inst = self.fs().body.insts.next_key();
            self.group_uses.push((GroupUse::Call(g, inst), fn_attrs.groups));
        }
        Ok(d)
    }

    fn parse_bundles(&mut self) -> PResult<Vec<Bundle>> {
        let mut bundles = Vec::new();
        if !self.eat(&TokenKind::LBracket) {
            return Ok(bundles);
        }
        loop {
            let tag = self.string("operand bundle tag")?;
            self.expect(&TokenKind::LParen, "'(' in operand bundle")?;
            let mut inputs = Vec::new();
            if !self.at(&TokenKind::RParen) {
                loop {
                    let t = self.parse_type()?;
                    let v = if t == TypeId::METADATA {
                        Operand::Md(self.parse_md_operand()?)
                    } else {
                        self.parse_value(t)?
                    };
                    inputs.push(v);
                    if !self.eat(&TokenKind::Comma) {
                        break;
                    }
                }
            }
            self.expect(&TokenKind::RParen, "')' at end of operand bundle")?;
            bundles.push(Bundle { tag, inputs: inputs.into() });
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RBracket, "']' at end of operand bundles")?;
        Ok(bundles)
    }

    /// A function-local metadata operand (after the `metadata` type, or in a debug record).
    pub(crate) fn parse_md_operand(&mut self) -> PResult<crate::ir::MdOpId> {
        let op = match &self.tok.kind {
            TokenKind::MetadataName(n) if n == "DIArgList" => {
                self.bump();
                self.expect(&TokenKind::LParen, "'(' after DIArgList")?;
                let mut vals = Vec::new();
                if !self.at(&TokenKind::RParen) {
                    loop {
                        vals.push(self.parse_typed_value()?);
                        if !self.eat(&TokenKind::Comma) {
                            break;
                        }
                    }
                }
                self.expect(&TokenKind::RParen, "')' after DIArgList")?;
                MdOperand::ArgList(vals.into())
            }
            TokenKind::MetadataId(_) | TokenKind::Exclaim | TokenKind::MetadataName(_) => {
                MdOperand::Md(self.parse_metadata()?)
            }
            _ => MdOperand::Local(self.parse_typed_value()?),
        };
        Ok(self.fs().body.md_ops.push(op))
    }

    /// `#dbg_value(...)` and friends (the current token is the record keyword).
    pub(crate) fn parse_dbg_record(&mut self, kind: &str) -> PResult<DbgRecord> {
        let start = self.span();
        let kind = match kind {
            "value" => DbgRecordKind::Value,
            "declare" => DbgRecordKind::Declare,
            "assign" => DbgRecordKind::Assign,
            "label" => DbgRecordKind::Label,
            _ => return self.err_here(format!("unknown debug record '#dbg_{kind}'")),
        };
        self.bump();
        self.expect(&TokenKind::LParen, "'(' after debug record")?;
        let mut args = Vec::new();
        loop {
            args.push(self.parse_md_operand()?);
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RParen, "')' after debug record")?;
        let want = match kind {
            DbgRecordKind::Value | DbgRecordKind::Declare => 4,
            DbgRecordKind::Assign => 7,
            DbgRecordKind::Label => 2,
        };
        let span = self.span_from(start.start);
        if args.len() != want {
            return self.err(span, format!("#dbg_{} takes {want} operands", kind.name()));
        }
        Ok(DbgRecord { kind, args, span })
    }
}
