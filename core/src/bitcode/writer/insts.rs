//! One instruction as a function-block record (with its `OPERAND_BUNDLE` records before a
//! call): relative value ids, explicit types after forward references, flags, alignments,
//! orderings and sync scopes as LLVM 19 writes them.

use super::constexpr::{binop_code, cast_code, gep_flags, op_flags};
use super::function::FnCtx;
use super::module::encode_align;
use crate::bitcode::bitstream::Writer;
use crate::bitcode::codes::function as fc;
use crate::bitcode::BitcodeError;
use crate::ir::inst::{
    CallInfo, Clause, Extra, FloatPredicate, InstData, InstFlags, MemInfo, TailKind,
};
use crate::ir::opcode::Opcode;
use crate::ir::types::TypeId;

fn bad(d: &InstData, what: &str) -> BitcodeError {
    BitcodeError::new(0, format!("'{}' instruction: {what}", d.op.name()))
}

fn fcmp_code(p: FloatPredicate) -> u64 {
    match p {
        FloatPredicate::False => 0,
        FloatPredicate::Oeq => 1,
        FloatPredicate::Ogt => 2,
        FloatPredicate::Oge => 3,
        FloatPredicate::Olt => 4,
        FloatPredicate::Ole => 5,
        FloatPredicate::One => 6,
        FloatPredicate::Ord => 7,
        FloatPredicate::Uno => 8,
        FloatPredicate::Ueq => 9,
        FloatPredicate::Ugt => 10,
        FloatPredicate::Uge => 11,
        FloatPredicate::Ult => 12,
        FloatPredicate::Ule => 13,
        FloatPredicate::Une => 14,
        FloatPredicate::True => 15,
    }
}

/// The fast-math flags in bitcode's bit order.
fn fmf(d: &InstData) -> u64 {
    (d.fmf.0 as u64) << 1
}

fn mem(d: &InstData) -> Result<&MemInfo, BitcodeError> {
    d.mem_info().ok_or_else(|| bad(d, "memory details missing"))
}

/// The alignment of an atomic load or store: written, or the type's ABI alignment.
fn atomic_align(cx: &FnCtx<'_>, m: &MemInfo, ty: TypeId) -> u64 {
    let a = m.align.or_else(|| crate::ir::layout::type_align(cx.m, ty, true));
    encode_align(a)
}

/// Writes instruction `d`.
pub(super) fn write_inst(w: &mut Writer, cx: &FnCtx<'_>, d: &InstData) -> Result<(), BitcodeError> {
    let arg = |k: usize| d.args.get(k).copied().ok_or_else(|| bad(d, "operand missing"));
    let mut ops: Vec<u64> = Vec::new();
    let code = match d.op {
        op if d.op.is_binary() => {
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push(&mut ops, arg(1)?)?;
            ops.push(binop_code(op).ok_or_else(|| bad(d, "not a binary operation"))?);
            let f = if d.op.allows_fmf() { fmf(d) } else { op_flags(op, d.flags) };
            if f != 0 {
                ops.push(f);
            }
            fc::FUNC_CODE_INST_BINOP
        }
        op if d.op.is_cast() => {
            cx.push_typed(&mut ops, arg(0)?)?;
            ops.push(cx.ty(d.ty)?);
            ops.push(cast_code(op).ok_or_else(|| bad(d, "not a conversion"))?);
            let f = op_flags(op, d.flags);
            let f = if f == 0 && cx.m.types.is_fp_or_fp_vector(d.ty) { fmf(d) } else { f };
            if f != 0 {
                ops.push(f);
            }
            fc::FUNC_CODE_INST_CAST
        }
        Opcode::FNeg => {
            cx.push_typed(&mut ops, arg(0)?)?;
            ops.push(0);
            if fmf(d) != 0 {
                ops.push(fmf(d));
            }
            fc::FUNC_CODE_INST_UNOP
        }
        Opcode::Freeze => {
            cx.push_typed(&mut ops, arg(0)?)?;
            fc::FUNC_CODE_INST_FREEZE
        }
        Opcode::GetElementPtr => {
            let Extra::Gep { source_ty } = &d.extra else { return Err(bad(d, "no source type")) };
            ops.push(gep_flags(d.flags));
            ops.push(cx.ty(*source_ty)?);
            for &o in d.args.iter() {
                cx.push_typed(&mut ops, o)?;
            }
            fc::FUNC_CODE_INST_GEP
        }
        Opcode::Select => {
            cx.push_typed(&mut ops, arg(1)?)?;
            cx.push(&mut ops, arg(2)?)?;
            cx.push_typed(&mut ops, arg(0)?)?;
            if fmf(d) != 0 {
                ops.push(fmf(d));
            }
            fc::FUNC_CODE_INST_VSELECT
        }
        Opcode::ExtractElement => {
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push_typed(&mut ops, arg(1)?)?;
            fc::FUNC_CODE_INST_EXTRACTELT
        }
        Opcode::InsertElement => {
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push(&mut ops, arg(1)?)?;
            cx.push_typed(&mut ops, arg(2)?)?;
            fc::FUNC_CODE_INST_INSERTELT
        }
        Opcode::ShuffleVector => {
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push(&mut ops, arg(1)?)?;
            cx.push(&mut ops, arg(2)?)?;
            fc::FUNC_CODE_INST_SHUFFLEVEC
        }
        Opcode::ICmp | Opcode::FCmp => {
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push(&mut ops, arg(1)?)?;
            match &d.extra {
                Extra::ICmp(p) => ops.push(32 + *p as u64),
                Extra::FCmp(p) => ops.push(fcmp_code(*p)),
                _ => return Err(bad(d, "predicate missing")),
            }
            if fmf(d) != 0 {
                ops.push(fmf(d));
            }
            fc::FUNC_CODE_INST_CMP2
        }
        Opcode::Ret => {
            if let Some(&v) = d.args.first() {
                cx.push_typed(&mut ops, v)?;
            }
            fc::FUNC_CODE_INST_RET
        }
        Opcode::Br => {
            let Extra::Br(dests) = &d.extra else { return Err(bad(d, "destinations missing")) };
            for &b in dests.iter() {
                ops.push(cx.bb(b)?);
            }
            if dests.len() == 2 {
                cx.push(&mut ops, arg(0)?)?;
            }
            fc::FUNC_CODE_INST_BR
        }
        Opcode::Switch => {
            let Extra::Switch { default, cases } = &d.extra else {
                return Err(bad(d, "cases missing"));
            };
            let cond = arg(0)?;
            ops.push(cx.ty(cx.op_ty(cond))?);
            cx.push(&mut ops, cond)?;
            ops.push(cx.bb(*default)?);
            for &(c, b) in cases.iter() {
                ops.push(cx.const_abs(c, None)? as u64);
                ops.push(cx.bb(b)?);
            }
            fc::FUNC_CODE_INST_SWITCH
        }
        Opcode::IndirectBr => {
            let Extra::IndirectBr(dests) = &d.extra else {
                return Err(bad(d, "destinations missing"));
            };
            let a = arg(0)?;
            ops.push(cx.ty(cx.op_ty(a))?);
            cx.push(&mut ops, a)?;
            for &b in dests.iter() {
                ops.push(cx.bb(b)?);
            }
            fc::FUNC_CODE_INST_INDIRECTBR
        }
        Opcode::Call | Opcode::Invoke | Opcode::CallBr => return write_call(w, cx, d),
        Opcode::Resume => {
            cx.push_typed(&mut ops, arg(0)?)?;
            fc::FUNC_CODE_INST_RESUME
        }
        Opcode::Unreachable => fc::FUNC_CODE_INST_UNREACHABLE,
        Opcode::Phi => {
            let Extra::Phi(blocks) = &d.extra else { return Err(bad(d, "blocks missing")) };
            ops.push(cx.ty(d.ty)?);
            for (&v, &b) in d.args.iter().zip(blocks.iter()) {
                cx.push_signed(&mut ops, v)?;
                ops.push(cx.bb(b)?);
            }
            if fmf(d) != 0 {
                ops.push(fmf(d));
            }
            fc::FUNC_CODE_INST_PHI
        }
        Opcode::LandingPad => {
            let Extra::LandingPad(clauses) = &d.extra else { return Err(bad(d, "clauses")) };
            ops.push(cx.ty(d.ty)?);
            ops.push(d.flags.has(InstFlags::CLEANUP) as u64);
            ops.push(clauses.len() as u64);
            for cl in clauses.iter() {
                let (kind, o) = match *cl {
                    Clause::Catch(o) => (0, o),
                    Clause::Filter(o) => (1, o),
                };
                ops.push(kind);
                cx.push_typed(&mut ops, o)?;
            }
            fc::FUNC_CODE_INST_LANDINGPAD
        }
        Opcode::CleanupRet => {
            let Extra::CleanupRet(unwind) = &d.extra else { return Err(bad(d, "unwind")) };
            cx.push(&mut ops, arg(0)?)?;
            if let Some(b) = unwind {
                ops.push(cx.bb(*b)?);
            }
            fc::FUNC_CODE_INST_CLEANUPRET
        }
        Opcode::CatchRet => {
            let Extra::CatchRet(b) = &d.extra else { return Err(bad(d, "destination")) };
            cx.push(&mut ops, arg(0)?)?;
            ops.push(cx.bb(*b)?);
            fc::FUNC_CODE_INST_CATCHRET
        }
        Opcode::CatchPad | Opcode::CleanupPad => {
            cx.push(&mut ops, arg(0)?)?;
            ops.push(d.args.len().saturating_sub(1) as u64);
            for &o in d.args.iter().skip(1) {
                cx.push_typed(&mut ops, o)?;
            }
            if d.op == Opcode::CatchPad {
                fc::FUNC_CODE_INST_CATCHPAD
            } else {
                fc::FUNC_CODE_INST_CLEANUPPAD
            }
        }
        Opcode::CatchSwitch => {
            let Extra::CatchSwitch { handlers, unwind } = &d.extra else {
                return Err(bad(d, "handlers"));
            };
            cx.push(&mut ops, arg(0)?)?;
            ops.push(handlers.len() as u64);
            for &b in handlers.iter() {
                ops.push(cx.bb(b)?);
            }
            if let Some(b) = unwind {
                ops.push(cx.bb(*b)?);
            }
            fc::FUNC_CODE_INST_CATCHSWITCH
        }
        Opcode::Alloca => {
            let Extra::Alloca { elem_ty, align, addrspace } = &d.extra else {
                return Err(bad(d, "allocated type missing"));
            };
            ops.push(cx.ty(*elem_ty)?);
            match d.args.first() {
                Some(&n) => {
                    ops.push(cx.ty(cx.op_ty(n))?);
                    ops.push(cx.abs(n, None)? as u64);
                }
                None => {
                    ops.push(cx.ty(TypeId::I32)?);
                    let one = super::enumerate::ConstRef::Int(TypeId::I32, 1);
                    let id = cx.e.const_value(cx.m, one).ok_or_else(|| bad(d, "count"))?;
                    ops.push(id as u64);
                }
            }
            let a = encode_align(*align);
            let packed = (a & 31)
                | (d.flags.has(InstFlags::INALLOCA) as u64) << 5
                | 1 << 6
                | (d.flags.has(InstFlags::SWIFTERROR) as u64) << 7
                | (a >> 5) << 8;
            ops.push(packed);
            ops.push(*addrspace as u64);
            fc::FUNC_CODE_INST_ALLOCA
        }
        Opcode::Load => {
            let mi = mem(d)?;
            cx.push_typed(&mut ops, arg(0)?)?;
            ops.push(cx.ty(d.ty)?);
            let vol = d.flags.has(InstFlags::VOLATILE) as u64;
            if mi.ordering.is_atomic() {
                ops.push(atomic_align(cx, mi, d.ty));
                ops.extend([vol, mi.ordering as u64, cx.scopes.id(&mi.scope)]);
                fc::FUNC_CODE_INST_LOADATOMIC
            } else {
                ops.extend([encode_align(mi.align), vol]);
                fc::FUNC_CODE_INST_LOAD
            }
        }
        Opcode::Store => {
            let mi = mem(d)?;
            let (val, ptr) = (arg(0)?, arg(1)?);
            cx.push_typed(&mut ops, ptr)?;
            cx.push_typed(&mut ops, val)?;
            let vol = d.flags.has(InstFlags::VOLATILE) as u64;
            if mi.ordering.is_atomic() {
                ops.push(atomic_align(cx, mi, cx.op_ty(val)));
                ops.extend([vol, mi.ordering as u64, cx.scopes.id(&mi.scope)]);
                fc::FUNC_CODE_INST_STOREATOMIC
            } else {
                ops.extend([encode_align(mi.align), vol]);
                fc::FUNC_CODE_INST_STORE
            }
        }
        Opcode::CmpXchg => {
            let mi = mem(d)?;
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push_typed(&mut ops, arg(1)?)?;
            cx.push(&mut ops, arg(2)?)?;
            ops.extend([
                d.flags.has(InstFlags::VOLATILE) as u64,
                mi.ordering as u64,
                cx.scopes.id(&mi.scope),
                mi.failure as u64,
                d.flags.has(InstFlags::WEAK) as u64,
                encode_align(mi.align),
            ]);
            fc::FUNC_CODE_INST_CMPXCHG
        }
        Opcode::AtomicRmw => {
            let Extra::Rmw(op, mi) = &d.extra else { return Err(bad(d, "operation missing")) };
            cx.push_typed(&mut ops, arg(0)?)?;
            cx.push_typed(&mut ops, arg(1)?)?;
            ops.extend([
                *op as u64,
                d.flags.has(InstFlags::VOLATILE) as u64,
                mi.ordering as u64,
                cx.scopes.id(&mi.scope),
                encode_align(mi.align),
            ]);
            fc::FUNC_CODE_INST_ATOMICRMW
        }
        Opcode::Fence => {
            let mi = mem(d)?;
            ops.extend([mi.ordering as u64, cx.scopes.id(&mi.scope)]);
            fc::FUNC_CODE_INST_FENCE
        }
        Opcode::VaArg => {
            let a = arg(0)?;
            ops.push(cx.ty(cx.op_ty(a))?);
            cx.push(&mut ops, a)?;
            ops.push(cx.ty(d.ty)?);
            fc::FUNC_CODE_INST_VAARG
        }
        Opcode::ExtractValue | Opcode::InsertValue => {
            let Extra::Indices(idx) = &d.extra else { return Err(bad(d, "indices missing")) };
            cx.push_typed(&mut ops, arg(0)?)?;
            if d.op == Opcode::InsertValue {
                cx.push_typed(&mut ops, arg(1)?)?;
            }
            ops.extend(idx.iter().map(|&i| i as u64));
            if d.op == Opcode::InsertValue {
                fc::FUNC_CODE_INST_INSERTVAL
            } else {
                fc::FUNC_CODE_INST_EXTRACTVAL
            }
        }
        _ => return Err(bad(d, "cannot be written")),
    };
    super::abbrevs::function_record(w, code, &ops);
    Ok(())
}

/// The attribute list of a call site.
fn call_attrs(cx: &FnCtx<'_>, ci: &CallInfo) -> u64 {
    let mut list = vec![(u32::MAX, ci.fn_attrs), (0, ci.ret_attrs)];
    for (i, &a) in ci.arg_attrs.iter().enumerate() {
        list.push((i as u32 + 1, a));
    }
    cx.e.list_id(&list)
}

/// `call`, `invoke` and `callbr`, after their operand bundles.
fn write_call(w: &mut Writer, cx: &FnCtx<'_>, d: &InstData) -> Result<(), BitcodeError> {
    let ci = d.call_info().ok_or_else(|| bad(d, "call details missing"))?;
    let (callee, args) = d.callee_and_args().ok_or_else(|| bad(d, "callee missing"))?;
    for b in ci.bundles.iter() {
        let mut ops = vec![cx.scopes.bundle_id(&b.tag)];
        for &o in b.inputs.iter() {
            cx.push_typed(&mut ops, o)?;
        }
        w.record(fc::FUNC_CODE_OPERAND_BUNDLE, &ops);
    }
    let Some((_, params, vararg)) = cx.m.types.func_sig(ci.fn_ty) else {
        return Err(bad(d, "the callee type is not a function type"));
    };
    let mut ops = vec![call_attrs(cx, ci)];
    let code = match &d.extra {
        Extra::Call(_) => {
            let tail = match ci.tail {
                TailKind::None => 0,
                TailKind::Tail => 1,
                TailKind::MustTail => 1 | 1 << 14,
                TailKind::NoTail => 1 << 16,
            };
            let f = fmf(d);
            ops.push((ci.cc as u64) << 1 | tail | 1 << 15 | ((f != 0) as u64) << 17);
            if f != 0 {
                ops.push(f);
            }
            fc::FUNC_CODE_INST_CALL
        }
        Extra::Invoke(_, normal, unwind) => {
            ops.push(ci.cc as u64 | 1 << 13);
            ops.push(cx.bb(*normal)?);
            ops.push(cx.bb(*unwind)?);
            fc::FUNC_CODE_INST_INVOKE
        }
        Extra::CallBr(_, default, others) => {
            ops.push((ci.cc as u64) << 1 | 1 << 15);
            ops.push(cx.bb(*default)?);
            ops.push(others.len() as u64);
            for &b in others.iter() {
                ops.push(cx.bb(b)?);
            }
            fc::FUNC_CODE_INST_CALLBR
        }
        _ => return Err(bad(d, "call details missing")),
    };
    ops.push(cx.ty(ci.fn_ty)?);
    cx.push_typed_callee(&mut ops, callee, Some(ci.fn_ty))?;
    for (k, &a) in args.iter().enumerate() {
        match params.get(k) {
            Some(&pt) if pt == TypeId::LABEL => ops.push(cx.abs(a, None)? as u64),
            Some(_) => cx.push(&mut ops, a)?,
            None if vararg => cx.push_typed(&mut ops, a)?,
            None => return Err(bad(d, "too many arguments")),
        }
    }
    w.record(code, &ops);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fcmp_codes_follow_llvm() {
        assert_eq!(fcmp_code(FloatPredicate::Uno), 8);
        assert_eq!(fcmp_code(FloatPredicate::Ueq), 9);
        assert_eq!(fcmp_code(FloatPredicate::True), 15);
    }
}
