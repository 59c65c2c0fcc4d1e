//! Instructions and debug records, in the exact layout of LLVM's `AssemblyWriter`.

use super::constants::write_flags;
use super::names::{
    push_num, write_block_ref, write_calling_conv, write_escaped, write_local_value,
};
use super::{FnCtx, ModulePrinter};
use crate::ir::function::DbgRecord;
use crate::ir::inst::{CallInfo, Clause, Extra, InstData, MemInfo, SyncScope};
use crate::ir::layout::{store_size, type_align};
use crate::ir::{Block, ConstKind, Inst, InstFlags, Opcode, Operand, TailKind, TypeId};
use std::fmt::Write;

impl ModulePrinter<'_> {
    /// Writes an operand, with its type first when `with_type`.
    pub(crate) fn write_operand(
        &self,
        out: &mut String,
        f: Option<&FnCtx>,
        op: Operand,
        with_type: bool,
    ) {
        if with_type {
            self.write_type(out, self.operand_ty(f, op));
            out.push(' ');
        }
        match op {
            Operand::Value(v) => match f {
                Some(f) => write_local_value(out, self.m, f.body, f.slots, v),
                None => out.push_str("<badref>"),
            },
            Operand::Const(c) => self.write_const(out, c),
            Operand::Md(id) => self.write_md_operand(out, f, id),
        }
    }

    fn write_label(&self, out: &mut String, f: &FnCtx, b: Block) {
        out.push_str("label ");
        write_block_ref(out, self.m, f.body, f.slots, b);
    }

    fn write_operand_list(&self, out: &mut String, f: &FnCtx, ops: &[Operand]) {
        for (i, &o) in ops.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_operand(out, Some(f), o, true);
        }
    }

    /// Writes a debug record (`#dbg_value(i32 %x, !12, !DIExpression(), !20)`).
    pub(crate) fn write_dbg_record(&self, out: &mut String, f: &FnCtx, r: &DbgRecord) {
        out.push_str("#dbg_");
        out.push_str(r.kind.name());
        out.push('(');
        for (i, &a) in r.args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_md_operand(out, Some(f), a);
        }
        out.push(')');
    }

    /// Writes one instruction without indentation or newline.
    pub(crate) fn write_inst(&self, out: &mut String, f: &FnCtx, inst: Inst) {
        let Some(d) = f.body.insts.get(inst) else {
            out.push_str("<badref>");
            return;
        };
        if let Some(v) = d.result {
            write_local_value(out, self.m, f.body, f.slots, v);
            out.push_str(" = ");
        } else if d.ty != TypeId::VOID {
            out.push_str("<badref> = ");
        }
        if let Some(ci) = d.call_info().filter(|_| d.op == Opcode::Call) {
            match ci.tail {
                TailKind::MustTail => out.push_str("musttail "),
                TailKind::Tail => out.push_str("tail "),
                TailKind::NoTail => out.push_str("notail "),
                TailKind::None => {}
            }
        }
        out.push_str(d.op.name());
        let mem = d.mem_info();
        let atomic = mem.is_some_and(|m| m.ordering.is_atomic());
        if matches!(d.op, Opcode::Load | Opcode::Store) && atomic {
            out.push_str(" atomic");
        }
        if d.op == Opcode::CmpXchg && d.flags.has(InstFlags::WEAK) {
            out.push_str(" weak");
        }
        if matches!(d.op, Opcode::Load | Opcode::Store | Opcode::CmpXchg | Opcode::AtomicRmw)
            && d.flags.has(InstFlags::VOLATILE)
        {
            out.push_str(" volatile");
        }
        write_flags(out, d.op, d.flags, d.op.allows_fmf().then_some(d.fmf.0));
        match &d.extra {
            Extra::ICmp(p) => {
                out.push(' ');
                out.push_str(p.name());
            }
            Extra::FCmp(p) => {
                out.push(' ');
                out.push_str(p.name());
            }
            Extra::Rmw(op, _) => {
                out.push(' ');
                out.push_str(op.name());
            }
            _ => {}
        }
        self.write_inst_operands(out, f, d);
        match d.op {
            Opcode::Load | Opcode::Store => {
                if let Some(m) = mem {
                    if atomic {
                        write_atomic(out, m);
                    }
                    let ty = if d.op == Opcode::Load { d.ty } else { self.arg_ty(f, d, 0) };
                    write_align(out, m.align.or_else(|| type_align(self.m, ty, true)));
                }
            }
            Opcode::CmpXchg => {
                if let Some(m) = mem {
                    write_scope(out, &m.scope);
                    let _ = write!(out, " {} {}", m.ordering.name(), m.failure.name());
                    write_align(out, m.align.or_else(|| store_size(self.m, self.arg_ty(f, d, 1))));
                }
            }
            Opcode::AtomicRmw => {
                if let Some(m) = mem {
                    write_atomic(out, m);
                    write_align(out, m.align.or_else(|| store_size(self.m, self.arg_ty(f, d, 1))));
                }
            }
            Opcode::Fence => {
                if let Some(m) = mem {
                    write_atomic(out, m);
                }
            }
            Opcode::ShuffleVector => {
                let mask = match d.args.get(2) {
                    Some(Operand::Const(c)) => Some(*c),
                    _ => None,
                };
                self.write_shuffle_mask(out, d.ty, mask);
            }
            _ => {}
        }
        self.write_attachments(out, &d.md, ", ");
    }

    fn arg_ty(&self, f: &FnCtx, d: &InstData, i: usize) -> TypeId {
        d.args.get(i).map(|&o| self.operand_ty(Some(f), o)).unwrap_or(TypeId::VOID)
    }

    fn write_inst_operands(&self, out: &mut String, f: &FnCtx, d: &InstData) {
        let args = &*d.args;
        match (&d.extra, d.op) {
            (Extra::Br(dests), _) => {
                out.push(' ');
                if let Some(&c) = args.first() {
                    self.write_operand(out, Some(f), c, true);
                    out.push_str(", ");
                }
                for (i, &b) in dests.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_label(out, f, b);
                }
            }
            (Extra::Switch { default, cases }, _) => {
                out.push(' ');
                self.write_first(out, f, args);
                out.push_str(", ");
                self.write_label(out, f, *default);
                out.push_str(" [");
                for (c, b) in cases.iter() {
                    out.push_str("\n    ");
                    self.write_typed_const(out, *c);
                    out.push_str(", ");
                    self.write_label(out, f, *b);
                }
                out.push_str("\n  ]");
            }
            (Extra::IndirectBr(dests), _) => {
                out.push(' ');
                self.write_first(out, f, args);
                out.push_str(", [");
                for (i, &b) in dests.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_label(out, f, b);
                }
                out.push(']');
            }
            (Extra::Phi(blocks), _) => {
                out.push(' ');
                self.write_type(out, d.ty);
                out.push(' ');
                for (i, (&v, &b)) in args.iter().zip(blocks.iter()).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("[ ");
                    self.write_operand(out, Some(f), v, false);
                    out.push_str(", ");
                    write_block_ref(out, self.m, f.body, f.slots, b);
                    out.push_str(" ]");
                }
            }
            (Extra::Indices(idx), _) => {
                out.push(' ');
                self.write_operand_list(out, f, args);
                for i in idx.iter() {
                    out.push_str(", ");
                    push_num(out, u64::from(*i));
                }
            }
            (Extra::LandingPad(clauses), _) => {
                out.push(' ');
                self.write_type(out, d.ty);
                let cleanup = d.flags.has(InstFlags::CLEANUP);
                if cleanup {
                    out.push_str("\n          cleanup");
                }
                for c in clauses.iter() {
                    out.push('\n');
                    let (kw, op) = match c {
                        Clause::Catch(o) => ("          catch ", *o),
                        Clause::Filter(o) => ("          filter ", *o),
                    };
                    out.push_str(kw);
                    self.write_operand(out, Some(f), op, true);
                }
            }
            (Extra::CatchSwitch { handlers, unwind }, _) => {
                out.push_str(" within ");
                self.write_untyped_first(out, f, args);
                out.push_str(" [");
                for (i, &b) in handlers.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_label(out, f, b);
                }
                out.push_str("] unwind ");
                match unwind {
                    Some(b) => self.write_label(out, f, *b),
                    None => out.push_str("to caller"),
                }
            }
            (_, Opcode::CatchPad | Opcode::CleanupPad) => {
                out.push_str(" within ");
                self.write_untyped_first(out, f, args);
                out.push_str(" [");
                self.write_operand_list(out, f, args.get(1..).unwrap_or(&[]));
                out.push(']');
            }
            (Extra::CatchRet(b), _) => {
                out.push_str(" from ");
                self.write_untyped_first(out, f, args);
                out.push_str(" to ");
                self.write_label(out, f, *b);
            }
            (Extra::CleanupRet(u), _) => {
                out.push_str(" from ");
                self.write_untyped_first(out, f, args);
                out.push_str(" unwind ");
                match u {
                    Some(b) => self.write_label(out, f, *b),
                    None => out.push_str("to caller"),
                }
            }
            (Extra::Call(ci), _) => self.write_call(out, f, d, ci),
            (Extra::Invoke(ci, normal, unwind), _) => {
                self.write_call(out, f, d, ci);
                out.push_str("\n          to ");
                self.write_label(out, f, *normal);
                out.push_str(" unwind ");
                self.write_label(out, f, *unwind);
            }
            (Extra::CallBr(ci, default, others), _) => {
                self.write_call(out, f, d, ci);
                out.push_str("\n          to ");
                self.write_label(out, f, *default);
                out.push_str(" [");
                for (i, &b) in others.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_label(out, f, b);
                }
                out.push(']');
            }
            (Extra::Alloca { elem_ty, align, addrspace }, _) => {
                out.push(' ');
                if d.flags.has(InstFlags::INALLOCA) {
                    out.push_str("inalloca ");
                }
                if d.flags.has(InstFlags::SWIFTERROR) {
                    out.push_str("swifterror ");
                }
                self.write_type(out, *elem_ty);
                if let Some(&count) = args.first() {
                    if !self.is_i32_one(count) {
                        out.push_str(", ");
                        self.write_operand(out, Some(f), count, true);
                    }
                }
                write_align(out, align.or_else(|| type_align(self.m, *elem_ty, false)));
                if *addrspace != 0 {
                    let _ = write!(out, ", addrspace({addrspace})");
                }
            }
            _ if d.op.is_cast() => {
                if let Some(&o) = args.first() {
                    out.push(' ');
                    self.write_operand(out, Some(f), o, true);
                }
                out.push_str(" to ");
                self.write_type(out, d.ty);
            }
            (_, Opcode::VaArg) => {
                if let Some(&o) = args.first() {
                    out.push(' ');
                    self.write_operand(out, Some(f), o, true);
                }
                out.push_str(", ");
                self.write_type(out, d.ty);
            }
            (_, Opcode::Ret) if args.is_empty() => out.push_str(" void"),
            _ => self.write_generic_operands(out, f, d),
        }
    }

    /// The default operand layout: `<ty> a, b` when all operands share a type, else
    /// `<ty> a, <ty> b`; GEP and load print their type first.
    fn write_generic_operands(&self, out: &mut String, f: &FnCtx, d: &InstData) {
        let args: &[Operand] = if d.op == Opcode::ShuffleVector {
            d.args.get(..2).unwrap_or(&d.args)
        } else {
            &d.args
        };
        let Some(&first) = args.first() else { return };
        match &d.extra {
            Extra::Gep { source_ty } => {
                out.push(' ');
                self.write_type(out, *source_ty);
                out.push(',');
            }
            _ if d.op == Opcode::Load => {
                out.push(' ');
                self.write_type(out, d.ty);
                out.push(',');
            }
            _ => {}
        }
        let first_ty = self.operand_ty(Some(f), first);
        let all_types = matches!(
            d.op,
            Opcode::Select
                | Opcode::Store
                | Opcode::ShuffleVector
                | Opcode::Ret
                | Opcode::CmpXchg
                | Opcode::AtomicRmw
        ) || args.iter().skip(1).any(|&o| self.operand_ty(Some(f), o) != first_ty);
        if !all_types {
            out.push(' ');
            self.write_type(out, first_ty);
        }
        out.push(' ');
        for (i, &o) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_operand(out, Some(f), o, all_types);
        }
    }

    fn write_first(&self, out: &mut String, f: &FnCtx, args: &[Operand]) {
        match args.first() {
            Some(&o) => self.write_operand(out, Some(f), o, true),
            None => out.push_str("<badref>"),
        }
    }

    fn write_untyped_first(&self, out: &mut String, f: &FnCtx, args: &[Operand]) {
        match args.first() {
            Some(&o) => self.write_operand(out, Some(f), o, false),
            None => out.push_str("<badref>"),
        }
    }

    fn is_i32_one(&self, o: Operand) -> bool {
        let Operand::Const(c) = o else { return false };
        self.cdata(c).is_some_and(|d| {
            d.ty == TypeId::I32 && matches!(&d.kind, ConstKind::Int(v) if v.to_u64() == Some(1))
        })
    }

    /// The common part of `call`, `invoke` and `callbr`: convention, return attributes, type,
    /// callee, arguments, function attributes and bundles.
    fn write_call(&self, out: &mut String, f: &FnCtx, d: &InstData, ci: &CallInfo) {
        if ci.cc != 0 {
            out.push(' ');
            write_calling_conv(out, ci.cc);
        }
        if self.has_attrs(ci.ret_attrs) {
            out.push(' ');
            self.write_attr_set(out, ci.ret_attrs, false);
        }
        let callee = d.args.first().copied();
        // Inline asm is always a `ptr` in address space 0 in LLVM.
        let is_asm = matches!(callee, Some(Operand::Const(c)) if matches!(self.cdata(c).map(|d| &d.kind), Some(ConstKind::InlineAsm(_))));
        let callee_as = callee
            .filter(|_| !is_asm)
            .and_then(|c| self.m.types.ptr_addrspace(self.operand_ty(Some(f), c)))
            .unwrap_or(0);
        if callee_as != 0 || self.m.datalayout.program_addrspace() != 0 {
            let _ = write!(out, " addrspace({callee_as})");
        }
        out.push(' ');
        match self.m.types.func_sig(ci.fn_ty) {
            Some((_, _, true)) => self.write_type(out, ci.fn_ty),
            Some((ret, _, false)) => self.write_type(out, ret),
            None => self.write_type(out, d.ty),
        }
        out.push(' ');
        match callee {
            Some(c) => self.write_operand(out, Some(f), c, false),
            None => out.push_str("<badref>"),
        }
        out.push('(');
        let args = d.args.get(1..).unwrap_or(&[]);
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_type(out, self.operand_ty(Some(f), a));
            if let Some(&s) = ci.arg_attrs.get(i) {
                if self.has_attrs(s) {
                    out.push(' ');
                    self.write_attr_set(out, s, false);
                }
            }
            out.push(' ');
            self.write_operand(out, Some(f), a, false);
        }
        if ci.tail == TailKind::MustTail
            && d.op == Opcode::Call
            && self.m.types.func_sig(f.func.ty).is_some_and(|s| s.2)
        {
            if !args.is_empty() {
                out.push_str(", ");
            }
            out.push_str("...");
        }
        out.push(')');
        self.write_group_ref(out, ci.fn_attrs);
        if !ci.bundles.is_empty() {
            out.push_str(" [ ");
            for (i, b) in ci.bundles.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push('"');
                write_escaped(out, &b.tag);
                out.push_str("\"(");
                self.write_operand_list(out, f, &b.inputs);
                out.push(')');
            }
            out.push_str(" ]");
        }
    }
}

fn write_scope(out: &mut String, s: &SyncScope) {
    if let SyncScope::Named(n) = s {
        if !n.is_empty() {
            out.push_str(" syncscope(\"");
            write_escaped(out, n);
            out.push_str("\")");
        }
    }
}

/// ` syncscope("x") <ordering>` for atomic operations.
fn write_atomic(out: &mut String, m: &MemInfo) {
    if !m.ordering.is_atomic() {
        return;
    }
    write_scope(out, &m.scope);
    out.push(' ');
    out.push_str(m.ordering.name());
}

fn write_align(out: &mut String, a: Option<u64>) {
    if let Some(a) = a {
        out.push_str(", align ");
        push_num(out, a);
    }
}
