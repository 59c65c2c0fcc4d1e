//! Reading one instruction record: operands by relative value number (with an explicit type
//! after a forward reference), phi's signed relative numbers, flags, fast-math flags,
//! alignments, atomics (orderings, sync scopes), calls with their attributes, calling
//! conventions and operand bundles, and the exception-handling instructions.

use super::constants::{binop, gep_flags, gep_index_value, op_flags, CASTS};
use super::function::FnState;
use super::module::{align, ModuleReader};
use crate::bitcode::bitstream::decode_signed;
use crate::bitcode::codes::function as fc;
use crate::ir::function::MdOperand;
use crate::ir::inst::{CallInfo, Clause, MemInfo, Operands};
use crate::ir::types::Type;
use crate::ir::typing::GepIndex;
use crate::ir::{
    Block, ConstKind, EntityRef, Extra, FastMath, FloatPredicate, InstData, InstFlags,
    IntPredicate, Opcode, Operand, Ordering, RmwOp, SyncScope, TailKind, TypeId,
};
use smallvec::smallvec;

/// A record's operands with a read position.
pub(super) struct Ops<'o> {
    ops: &'o [u64],
    i: usize,
}

impl<'o> Ops<'o> {
    pub(super) fn new(ops: &'o [u64], i: usize) -> Ops<'o> {
        Ops { ops, i }
    }
    pub(super) fn done(&self) -> bool {
        self.i >= self.ops.len()
    }
    pub(super) fn next(&mut self) -> Result<u64, String> {
        let v = self.ops.get(self.i).copied().ok_or_else(|| "too few operands".to_string())?;
        self.i += 1;
        Ok(v)
    }
    fn opt(&mut self) -> Option<u64> {
        let v = self.ops.get(self.i).copied();
        self.i += 1;
        v
    }
    fn left(&self) -> usize {
        self.ops.len().saturating_sub(self.i)
    }
}

/// Fast-math flags from their bitcode bits.
fn fmf(v: u64) -> FastMath {
    if v & 1 != 0 {
        return FastMath(FastMath::FAST);
    }
    let mut f = 0u8;
    for (bit, ours) in [(2, 1), (4, 2), (8, 4), (16, 8), (32, 16), (64, 32), (128, 64)] {
        if v & bit != 0 {
            f |= ours;
        }
    }
    FastMath(f)
}

fn ordering(v: u64) -> Result<Ordering, String> {
    Ok(match v {
        0 => Ordering::NotAtomic,
        1 => Ordering::Unordered,
        2 => Ordering::Monotonic,
        3 => Ordering::Acquire,
        4 => Ordering::Release,
        5 => Ordering::AcqRel,
        6 => Ordering::SeqCst,
        _ => return Err(format!("bad ordering {v}")),
    })
}

const FCMP: [FloatPredicate; 16] = [
    FloatPredicate::False,
    FloatPredicate::Oeq,
    FloatPredicate::Ogt,
    FloatPredicate::Oge,
    FloatPredicate::Olt,
    FloatPredicate::Ole,
    FloatPredicate::One,
    FloatPredicate::Ord,
    FloatPredicate::Uno,
    FloatPredicate::Ueq,
    FloatPredicate::Ugt,
    FloatPredicate::Uge,
    FloatPredicate::Ult,
    FloatPredicate::Ule,
    FloatPredicate::Une,
    FloatPredicate::True,
];

const ICMP: [IntPredicate; 10] = [
    IntPredicate::Eq,
    IntPredicate::Ne,
    IntPredicate::Ugt,
    IntPredicate::Uge,
    IntPredicate::Ult,
    IntPredicate::Ule,
    IntPredicate::Sgt,
    IntPredicate::Sge,
    IntPredicate::Slt,
    IntPredicate::Sle,
];

/// A memory instruction with its `volatile` flag and its payload (`Extra::Mem` or
/// `Extra::Rmw`).
fn with_mem(mut d: InstData, volatile: bool, extra: Extra) -> InstData {
    if volatile {
        d.flags.set(InstFlags::VOLATILE);
    }
    d.extra = extra;
    d
}

/// The predicate of a compare from its bitcode code (`fcmp` below 32, `icmp` from 32).
pub(super) fn cmp_extra(pred: u64) -> Result<Extra, String> {
    if let Some(p) = usize::try_from(pred).ok().and_then(|p| FCMP.get(p)) {
        return Ok(Extra::FCmp(*p));
    }
    let p = pred.checked_sub(32).and_then(|p| ICMP.get(p as usize)).ok_or("bad predicate")?;
    Ok(Extra::ICmp(*p))
}

const RMW: [RmwOp; 17] = [
    RmwOp::Xchg,
    RmwOp::Add,
    RmwOp::Sub,
    RmwOp::And,
    RmwOp::Nand,
    RmwOp::Or,
    RmwOp::Xor,
    RmwOp::Max,
    RmwOp::Min,
    RmwOp::UMax,
    RmwOp::UMin,
    RmwOp::FAdd,
    RmwOp::FSub,
    RmwOp::FMax,
    RmwOp::FMin,
    RmwOp::UIncWrap,
    RmwOp::UDecWrap,
];

fn is_fp_op(op: Opcode) -> bool {
    matches!(op, Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem)
}

impl ModuleReader<'_> {
    /// The absolute number of a relative operand.
    fn rel(&self, o: &mut Ops<'_>) -> Result<u64, String> {
        let r = o.next()? as u32;
        let inst = self.vals.next_value() as u32;
        Ok(inst.wrapping_sub(r) as u64)
    }

    /// A relative operand with its type (explicit after a forward reference).
    pub(super) fn typed(
        &mut self,
        o: &mut Ops<'_>,
        _st: &mut FnState,
    ) -> Result<(Operand, TypeId), String> {
        let v = self.rel(o)?;
        if v < self.vals.next_value() {
            return self.vals.get(&self.m, v).ok_or_else(|| format!("value {v} is not defined"));
        }
        let t = o.next()?;
        let ty = self.vals.ty(t).ok_or_else(|| format!("type {t} is not defined"))?;
        let op = self
            .vals
            .get_typed(&self.m, v, ty)
            .ok_or_else(|| format!("value {v} is not defined"))?;
        Ok((op, ty))
    }

    /// A relative operand of a known type (metadata for a metadata argument).
    fn untyped(
        &mut self,
        o: &mut Ops<'_>,
        st: &mut FnState,
        ty: TypeId,
    ) -> Result<Operand, String> {
        let v = self.rel(o)?;
        if ty == TypeId::METADATA {
            let op = self.md.operand(v).ok_or_else(|| format!("metadata {v} is not defined"))?;
            return Ok(Operand::Md(st.body.md_ops.push(op)));
        }
        self.vals
            .get_typed(&self.m, v, ty)
            .ok_or_else(|| format!("value {v} is not a defined value of the expected type"))
    }

    fn block(&self, st: &FnState, v: u64) -> Result<Block, String> {
        let i = usize::try_from(v).ok().filter(|&i| i < st.body.layout.len());
        i.map(Block::new).ok_or_else(|| format!("block {v} is not defined"))
    }

    fn type_of(&self, v: u64) -> Result<TypeId, String> {
        self.vals.ty(v).ok_or_else(|| format!("type {v} is not defined"))
    }

    /// The ordering and sync scope of an atomic load or store (the next two operands), or
    /// none for a plain one.
    fn atomic(&self, o: &mut Ops<'_>, atomic: bool) -> Result<(Ordering, SyncScope), String> {
        if !atomic {
            return Ok((Ordering::NotAtomic, SyncScope::System));
        }
        Ok((ordering(o.next()?)?, self.scope(o.next()?)?))
    }

    fn scope(&self, v: u64) -> Result<SyncScope, String> {
        let name = match usize::try_from(v).ok().and_then(|i| self.sync_scopes.get(i)) {
            Some(n) => n.clone(),
            None if self.sync_scopes.is_empty() && v <= 1 => {
                if v == 0 {
                    b"singlethread".to_vec().into()
                } else {
                    Box::default()
                }
            }
            None => return Err(format!("sync scope {v} is not defined")),
        };
        Ok(if name.is_empty() { SyncScope::System } else { SyncScope::Named(name) })
    }

    /// The instruction of record `code`; `None` when `code` is no instruction.
    pub(super) fn instruction(
        &mut self,
        st: &mut FnState,
        code: u32,
        ops: &[u64],
    ) -> Result<Option<InstData>, String> {
        let mut o = Ops::new(ops, 0);
        let o = &mut o;
        let d = match code {
            fc::FUNC_CODE_INST_BINOP => {
                let (a, t) = self.typed(o, st)?;
                let b = self.untyped(o, st, t)?;
                let op = binop(o.next()?, self.m.types.is_fp_or_fp_vector(t))
                    .ok_or("unknown binary operator")?;
                let mut d = InstData::with_operands(op, t, smallvec![a, b]);
                if let Some(f) = o.opt() {
                    if is_fp_op(op) {
                        d.fmf = fmf(f);
                    } else {
                        d.flags = op_flags(op, f);
                    }
                }
                d
            }
            fc::FUNC_CODE_INST_UNOP => {
                let (a, t) = self.typed(o, st)?;
                if o.next()? != 0 {
                    return Err("unknown unary operator".to_string());
                }
                let mut d = InstData::with_operands(Opcode::FNeg, t, smallvec![a]);
                d.fmf = fmf(o.opt().unwrap_or(0));
                d
            }
            fc::FUNC_CODE_INST_CAST => {
                let (a, _) = self.typed(o, st)?;
                let dest = self.type_of(o.next()?)?;
                let op = *usize::try_from(o.next()?)
                    .ok()
                    .and_then(|i| CASTS.get(i))
                    .ok_or("unknown cast")?;
                let mut d = InstData::with_operands(op, dest, smallvec![a]);
                if let Some(f) = o.opt() {
                    if matches!(op, Opcode::FPTrunc | Opcode::FPExt) {
                        d.fmf = fmf(f);
                    } else {
                        d.flags = op_flags(op, f);
                    }
                }
                d
            }
            fc::FUNC_CODE_INST_GEP => {
                let flags = gep_flags(o.next()?);
                let src = self.type_of(o.next()?)?;
                let mut args = Operands::new();
                let mut idx = Vec::new();
                while !o.done() {
                    let (v, t) = self.typed(o, st)?;
                    if !args.is_empty() {
                        let value = match v {
                            Operand::Const(c) => gep_index_value(&self.m, c),
                            _ => None,
                        };
                        idx.push(GepIndex { ty: t, value });
                    }
                    args.push(v);
                }
                let base = *args.first().ok_or("a GEP without operands")?;
                let pt = self.op_ty(st, base);
                let ty = crate::ir::gep_result_type(&mut self.m.types, src, pt, &idx)?;
                let mut d = InstData::with_operands(Opcode::GetElementPtr, ty, args);
                d.flags = flags;
                d.extra = Extra::Gep { source_ty: src };
                d
            }
            fc::FUNC_CODE_INST_VSELECT => {
                let (t, ty) = self.typed(o, st)?;
                let f = self.untyped(o, st, ty)?;
                let (c, _) = self.typed(o, st)?;
                let mut d = InstData::with_operands(Opcode::Select, ty, smallvec![c, t, f]);
                d.fmf = fmf(o.opt().unwrap_or(0));
                d
            }
            fc::FUNC_CODE_INST_EXTRACTELT
            | fc::FUNC_CODE_INST_INSERTELT
            | fc::FUNC_CODE_INST_SHUFFLEVEC => {
                let (v, vt) = self.typed(o, st)?;
                let mut args: Operands = smallvec![v];
                let op = match code {
                    fc::FUNC_CODE_INST_EXTRACTELT => Opcode::ExtractElement,
                    fc::FUNC_CODE_INST_INSERTELT => {
                        let elem = self
                            .m
                            .types
                            .vector(vt)
                            .map(|v| v.2)
                            .ok_or("insertelement into a non-vector")?;
                        args.push(self.untyped(o, st, elem)?);
                        Opcode::InsertElement
                    }
                    _ => {
                        args.push(self.untyped(o, st, vt)?);
                        Opcode::ShuffleVector
                    }
                };
                args.push(self.typed(o, st)?.0);
                let tys: Vec<TypeId> = args.iter().map(|a| self.op_ty(st, *a)).collect();
                let ty = crate::ir::vector_op_result_type(&mut self.m.types, op, &tys)?;
                InstData::with_operands(op, ty, args)
            }
            fc::FUNC_CODE_INST_CMP | fc::FUNC_CODE_INST_CMP2 => {
                let (a, t) = self.typed(o, st)?;
                let b = self.untyped(o, st, t)?;
                let pred = o.next()?;
                let rt = crate::ir::typing::cmp_result_type(&mut self.m.types, t);
                let extra = cmp_extra(pred)?;
                let op = if matches!(extra, Extra::FCmp(_)) { Opcode::FCmp } else { Opcode::ICmp };
                let mut d = InstData::with_operands(op, rt, smallvec![a, b]);
                d.extra = extra;
                if op == Opcode::FCmp {
                    d.fmf = fmf(o.opt().unwrap_or(0));
                }
                d
            }
            fc::FUNC_CODE_INST_RET => {
                let mut args = Operands::new();
                if !o.done() {
                    args.push(self.typed(o, st)?.0);
                }
                if !o.done() {
                    return Err("a return of several values".to_string());
                }
                InstData::with_operands(Opcode::Ret, TypeId::VOID, args)
            }
            fc::FUNC_CODE_INST_BR => {
                let t = self.block(st, o.next()?)?;
                if o.done() {
                    let mut d = InstData::with_operands(Opcode::Br, TypeId::VOID, smallvec![]);
                    d.extra = Extra::Br(Box::new([t]));
                    d
                } else {
                    let f = self.block(st, o.next()?)?;
                    let c = self.untyped(o, st, TypeId::I1)?;
                    let mut d = InstData::with_operands(Opcode::Br, TypeId::VOID, smallvec![c]);
                    d.extra = Extra::Br(Box::new([t, f]));
                    d
                }
            }
            fc::FUNC_CODE_INST_SWITCH => {
                let first = o.next()?;
                if first >> 16 == 0x4B5 {
                    return Err("the old switch encoding is not supported".to_string());
                }
                let ty = self.type_of(first)?;
                let c = self.untyped(o, st, ty)?;
                let default = self.block(st, o.next()?)?;
                let mut cases = Vec::new();
                while !o.done() {
                    let v = o.next()?;
                    let k = match self.vals.get(&self.m, v) {
                        Some((Operand::Const(k), t)) if t == ty => k,
                        _ => {
                            return Err(format!(
                                "case value {v} is not a constant of the switch's type"
                            ))
                        }
                    };
                    cases.push((k, self.block(st, o.next()?)?));
                }
                let mut d = InstData::with_operands(Opcode::Switch, TypeId::VOID, smallvec![c]);
                d.extra = Extra::Switch { default, cases: cases.into() };
                d
            }
            fc::FUNC_CODE_INST_INDIRECTBR => {
                let ty = self.type_of(o.next()?)?;
                let a = self.untyped(o, st, ty)?;
                let mut dests = Vec::new();
                while !o.done() {
                    dests.push(self.block(st, o.next()?)?);
                }
                let mut d = InstData::with_operands(Opcode::IndirectBr, TypeId::VOID, smallvec![a]);
                d.extra = Extra::IndirectBr(dests.into());
                d
            }
            fc::FUNC_CODE_INST_INVOKE | fc::FUNC_CODE_INST_CALL | fc::FUNC_CODE_INST_CALLBR => {
                return self.call(st, code, o).map(Some)
            }
            fc::FUNC_CODE_INST_RESUME => {
                let (v, _) = self.typed(o, st)?;
                InstData::with_operands(Opcode::Resume, TypeId::VOID, smallvec![v])
            }
            fc::FUNC_CODE_INST_UNREACHABLE => {
                InstData::with_operands(Opcode::Unreachable, TypeId::VOID, smallvec![])
            }
            fc::FUNC_CODE_INST_PHI => {
                let ty = self.type_of(o.next()?)?;
                let n = o.left();
                let pairs = n / 2;
                let mut vals = Operands::new();
                let mut blocks = Vec::with_capacity(pairs);
                let inst = self.vals.next_value() as i64;
                for _ in 0..pairs {
                    let r = decode_signed(o.next()?);
                    let v = inst.wrapping_sub(r);
                    let v = u64::try_from(v)
                        .map_err(|_| "a phi operand before the first value".to_string())?;
                    let op = self
                        .vals
                        .get_typed(&self.m, v, ty)
                        .ok_or_else(|| format!("phi operand {v} is not defined"))?;
                    vals.push(op);
                    blocks.push(self.block(st, o.next()?)?);
                }
                let mut d = InstData::with_operands(Opcode::Phi, ty, vals);
                d.extra = Extra::Phi(blocks.into());
                if n % 2 == 1 {
                    d.fmf = fmf(o.next()?);
                }
                d
            }
            fc::FUNC_CODE_INST_LANDINGPAD => {
                let ty = self.type_of(o.next()?)?;
                let cleanup = o.next()? != 0;
                let n = o.next()?;
                let mut clauses = Vec::new();
                for _ in 0..n {
                    let catch = o.next()? == 0;
                    let (v, _) = self.typed(o, st)?;
                    clauses.push(if catch { Clause::Catch(v) } else { Clause::Filter(v) });
                }
                let mut d = InstData::with_operands(Opcode::LandingPad, ty, smallvec![]);
                if cleanup {
                    d.flags.set(InstFlags::CLEANUP);
                }
                d.extra = Extra::LandingPad(clauses.into());
                d
            }
            fc::FUNC_CODE_INST_CLEANUPRET => {
                let pad = self.untyped(o, st, TypeId::TOKEN)?;
                let unwind = if o.done() { None } else { Some(self.block(st, o.next()?)?) };
                let mut d =
                    InstData::with_operands(Opcode::CleanupRet, TypeId::VOID, smallvec![pad]);
                d.extra = Extra::CleanupRet(unwind);
                d
            }
            fc::FUNC_CODE_INST_CATCHRET => {
                let pad = self.untyped(o, st, TypeId::TOKEN)?;
                let dest = self.block(st, o.next()?)?;
                let mut d = InstData::with_operands(Opcode::CatchRet, TypeId::VOID, smallvec![pad]);
                d.extra = Extra::CatchRet(dest);
                d
            }
            fc::FUNC_CODE_INST_CATCHSWITCH => {
                let parent = self.untyped(o, st, TypeId::TOKEN)?;
                let n = o.next()?;
                let mut handlers = Vec::new();
                for _ in 0..n {
                    handlers.push(self.block(st, o.next()?)?);
                }
                let unwind = if o.done() { None } else { Some(self.block(st, o.next()?)?) };
                let mut d =
                    InstData::with_operands(Opcode::CatchSwitch, TypeId::TOKEN, smallvec![parent]);
                d.extra = Extra::CatchSwitch { handlers: handlers.into(), unwind };
                d
            }
            fc::FUNC_CODE_INST_CATCHPAD | fc::FUNC_CODE_INST_CLEANUPPAD => {
                let parent = self.untyped(o, st, TypeId::TOKEN)?;
                let n = o.next()?;
                let mut args: Operands = smallvec![parent];
                for _ in 0..n {
                    args.push(self.typed(o, st)?.0);
                }
                let op = if code == fc::FUNC_CODE_INST_CATCHPAD {
                    Opcode::CatchPad
                } else {
                    Opcode::CleanupPad
                };
                InstData::with_operands(op, TypeId::TOKEN, args)
            }
            fc::FUNC_CODE_INST_ALLOCA => {
                let elem_ty = self.type_of(o.next()?)?;
                let _size_ty = self.type_of(o.next()?)?;
                let size = o.next()?;
                let (size, _) = self
                    .vals
                    .get(&self.m, size)
                    .ok_or_else(|| format!("value {size} is not defined"))?;
                let packed = o.next()?;
                let enc = (packed & 31) | ((packed >> 8) & 7) << 5;
                let align = align(enc)?;
                let asp = match o.opt() {
                    Some(a) => u32::try_from(a).map_err(|_| "bad address space".to_string())?,
                    None => self.m.datalayout.alloca_addrspace(),
                };
                let one = matches!(size, Operand::Const(c) if self.m.consts.ty(c) == TypeId::I32
                    && matches!(self.m.consts.kind(c), ConstKind::Int(v) if v.to_u64() == Some(1)));
                let args: Operands = if one { smallvec![] } else { smallvec![size] };
                let ty = self.m.types.ptr(asp);
                let mut d = InstData::with_operands(Opcode::Alloca, ty, args);
                if packed & (1 << 5) != 0 {
                    d.flags.set(InstFlags::INALLOCA);
                }
                if packed & (1 << 7) != 0 {
                    d.flags.set(InstFlags::SWIFTERROR);
                }
                d.extra = Extra::Alloca { elem_ty, align, addrspace: asp };
                d
            }
            fc::FUNC_CODE_INST_LOAD | fc::FUNC_CODE_INST_LOADATOMIC => {
                let (p, _) = self.typed(o, st)?;
                let want = if code == fc::FUNC_CODE_INST_LOAD { 3 } else { 5 };
                if o.left() != want {
                    return Err("a load without its type (typed pointers)".to_string());
                }
                let ty = self.type_of(o.next()?)?;
                let align = align(o.next()?)?;
                let vol = o.next()? != 0;
                let (ordering, scope) = self.atomic(o, code == fc::FUNC_CODE_INST_LOADATOMIC)?;
                let d = InstData::with_operands(Opcode::Load, ty, smallvec![p]);
                let failure = Ordering::NotAtomic;
                with_mem(d, vol, Extra::Mem(Box::new(MemInfo { align, ordering, failure, scope })))
            }
            fc::FUNC_CODE_INST_STORE | fc::FUNC_CODE_INST_STOREATOMIC => {
                let (p, _) = self.typed(o, st)?;
                let (v, _) = self.typed(o, st)?;
                let align = align(o.next()?)?;
                let vol = o.next()? != 0;
                let (ordering, scope) = self.atomic(o, code == fc::FUNC_CODE_INST_STOREATOMIC)?;
                let d = InstData::with_operands(Opcode::Store, TypeId::VOID, smallvec![v, p]);
                let failure = Ordering::NotAtomic;
                with_mem(d, vol, Extra::Mem(Box::new(MemInfo { align, ordering, failure, scope })))
            }
            fc::FUNC_CODE_INST_CMPXCHG => {
                let (p, _) = self.typed(o, st)?;
                let (cmp, ct) = self.typed(o, st)?;
                let new = self.untyped(o, st, ct)?;
                let vol = o.next()? != 0;
                let success = ordering(o.next()?)?;
                let scope = self.scope(o.next()?)?;
                let failure = ordering(o.next()?)?;
                let weak = o.next()? != 0;
                let align = align(o.opt().unwrap_or(0))?;
                let rt = self
                    .m
                    .types
                    .intern(Type::Struct { packed: false, fields: Box::new([ct, TypeId::I1]) });
                let mut d = InstData::with_operands(Opcode::CmpXchg, rt, smallvec![p, cmp, new]);
                if weak {
                    d.flags.set(InstFlags::WEAK);
                }
                let mem = MemInfo { align, ordering: success, failure, scope };
                with_mem(d, vol, Extra::Mem(Box::new(mem)))
            }
            fc::FUNC_CODE_INST_ATOMICRMW => {
                let (p, _) = self.typed(o, st)?;
                let (v, vt) = self.typed(o, st)?;
                let op = *usize::try_from(o.next()?)
                    .ok()
                    .and_then(|i| RMW.get(i))
                    .ok_or("unknown atomicrmw operation")?;
                let vol = o.next()? != 0;
                let ordering = ordering(o.next()?)?;
                let scope = self.scope(o.next()?)?;
                let align = align(o.opt().unwrap_or(0))?;
                let d = InstData::with_operands(Opcode::AtomicRmw, vt, smallvec![p, v]);
                let failure = Ordering::NotAtomic;
                with_mem(
                    d,
                    vol,
                    Extra::Rmw(op, Box::new(MemInfo { align, ordering, failure, scope })),
                )
            }
            fc::FUNC_CODE_INST_FENCE => {
                let ordering = ordering(o.next()?)?;
                let scope = self.scope(o.next()?)?;
                let mut d = InstData::with_operands(Opcode::Fence, TypeId::VOID, smallvec![]);
                d.extra = Extra::Mem(Box::new(MemInfo {
                    align: None,
                    ordering,
                    failure: Ordering::NotAtomic,
                    scope,
                }));
                d
            }
            fc::FUNC_CODE_INST_VAARG => {
                let lt = self.type_of(o.next()?)?;
                let l = self.untyped(o, st, lt)?;
                let rt = self.type_of(o.next()?)?;
                InstData::with_operands(Opcode::VaArg, rt, smallvec![l])
            }
            fc::FUNC_CODE_INST_EXTRACTVAL | fc::FUNC_CODE_INST_INSERTVAL => {
                let (agg, at) = self.typed(o, st)?;
                let mut args: Operands = smallvec![agg];
                let mut vt = None;
                if code == fc::FUNC_CODE_INST_INSERTVAL {
                    let (v, t) = self.typed(o, st)?;
                    args.push(v);
                    vt = Some(t);
                }
                let mut indices = Vec::new();
                let mut cur = at;
                while !o.done() {
                    let i = u32::try_from(o.next()?).map_err(|_| "bad index".to_string())?;
                    match self.m.types.get(cur) {
                        Type::Array { .. } | Type::Struct { .. } | Type::Named(_) => {}
                        _ => return Err("an index into a non-aggregate".to_string()),
                    }
                    cur = self.m.types.element(cur, i as u64).ok_or("an index out of range")?;
                    indices.push(i);
                }
                if indices.is_empty() {
                    return Err("no indices".to_string());
                }
                let (op, ty) = if code == fc::FUNC_CODE_INST_EXTRACTVAL {
                    (Opcode::ExtractValue, cur)
                } else {
                    if vt != Some(cur) {
                        return Err("insertvalue operand and field disagree in type".to_string());
                    }
                    (Opcode::InsertValue, at)
                };
                let mut d = InstData::with_operands(op, ty, args);
                d.extra = Extra::Indices(indices.into());
                d
            }
            fc::FUNC_CODE_INST_FREEZE => {
                let (v, t) = self.typed(o, st)?;
                InstData::with_operands(Opcode::Freeze, t, smallvec![v])
            }
            fc::FUNC_CODE_INST_GEP_OLD
            | fc::FUNC_CODE_INST_INBOUNDS_GEP_OLD
            | fc::FUNC_CODE_INST_STORE_OLD
            | fc::FUNC_CODE_INST_STOREATOMIC_OLD
            | fc::FUNC_CODE_INST_CMPXCHG_OLD
            | fc::FUNC_CODE_INST_ATOMICRMW_OLD
            | fc::FUNC_CODE_INST_LANDINGPAD_OLD
            | fc::FUNC_CODE_INST_SELECT => {
                return Err("an instruction record of LLVM 14 and older".to_string())
            }
            _ => return Ok(None),
        };
        Ok(Some(d))
    }

    fn op_ty(&self, st: &FnState, op: Operand) -> TypeId {
        match op {
            Operand::Value(v) => {
                let n = v.index();
                let f = self.vals.func.as_ref();
                let np = f.map_or(0, |f| f.params.len());
                match f.and_then(|f| if n < np { f.params.get(n) } else { f.insts.get(n - np) }) {
                    Some(t) => *t,
                    None => f
                        .and_then(|f| f.forward.iter().rev().find(|(k, _)| k + np == n))
                        .map(|(_, t)| *t)
                        .unwrap_or_else(|| st.body.value_ty(v)),
                }
            }
            Operand::Const(c) => self.m.consts.ty(c),
            Operand::Md(_) => TypeId::METADATA,
        }
    }

    fn call(&mut self, st: &mut FnState, code: u32, o: &mut Ops<'_>) -> Result<InstData, String> {
        let list_id = o.next()?;
        let list = self
            .attr_list(list_id)
            .ok_or_else(|| format!("attribute list {list_id} is not defined"))?;
        let ccinfo = o.next()?;
        let mut fmf_ = FastMath::default();
        let mut tail = TailKind::None;
        let (cc, explicit, op, mut targets) = match code {
            fc::FUNC_CODE_INST_INVOKE => {
                let normal = self.block(st, o.next()?)?;
                let unwind = self.block(st, o.next()?)?;
                (ccinfo & 0x1fff, ccinfo >> 13 & 1 != 0, Opcode::Invoke, vec![normal, unwind])
            }
            fc::FUNC_CODE_INST_CALLBR => {
                let default = self.block(st, o.next()?)?;
                let n = o.next()?;
                let mut t = vec![default];
                for _ in 0..n {
                    t.push(self.block(st, o.next()?)?);
                }
                (ccinfo >> 1 & 0x3ff, ccinfo >> 15 & 1 != 0, Opcode::CallBr, t)
            }
            _ => {
                if ccinfo >> 17 & 1 != 0 {
                    fmf_ = fmf(o.next()?);
                }
                tail = if ccinfo >> 14 & 1 != 0 {
                    TailKind::MustTail
                } else if ccinfo >> 16 & 1 != 0 {
                    TailKind::NoTail
                } else if ccinfo & 1 != 0 {
                    TailKind::Tail
                } else {
                    TailKind::None
                };
                (ccinfo >> 1 & 0x3ff, ccinfo >> 15 & 1 != 0, Opcode::Call, Vec::new())
            }
        };
        if !explicit {
            return Err("a call without its function type (typed pointers)".to_string());
        }
        let fn_ty = self.type_of(o.next()?)?;
        let (callee, cty) = self.typed(o, st)?;
        let Some((ret, params, vararg)) = self.m.types.func_sig(fn_ty) else {
            return Err("a call whose type is not a function type".to_string());
        };
        let params = params.to_vec();
        let mut args: Operands = smallvec![callee];
        for &p in &params {
            if p == TypeId::LABEL {
                return Err("label arguments are not supported".to_string());
            }
            args.push(self.untyped(o, st, p)?);
        }
        if vararg {
            while !o.done() {
                args.push(self.typed(o, st)?.0);
            }
        } else if !o.done() {
            return Err("more arguments than the function type has".to_string());
        }
        let nargs = args.len() - 1;
        let asp = self.m.types.ptr_addrspace(cty).unwrap_or(0);
        let addrspace = (asp != 0 || self.m.datalayout.program_addrspace() != 0).then_some(asp);
        let info = Box::new(CallInfo {
            fn_ty,
            cc: cc as u32,
            ret_attrs: list.ret,
            fn_attrs: list.func,
            arg_attrs: (0..nargs).map(|i| list.param(i)).collect(),
            tail,
            bundles: std::mem::take(&mut st.bundles).into(),
            addrspace,
        });
        let extra = match op {
            Opcode::Invoke => {
                let (n, u) = (targets.first().copied(), targets.get(1).copied());
                Extra::Invoke(info, n.ok_or("no destination")?, u.ok_or("no destination")?)
            }
            Opcode::CallBr => {
                let d = targets.remove(0);
                Extra::CallBr(info, d, targets.into())
            }
            _ => Extra::Call(info),
        };
        let mut d = InstData::with_operands(op, ret, args);
        d.fmf = fmf_;
        d.extra = extra;
        let _ = MdOperand::ArgList;
        Ok(d)
    }
}
