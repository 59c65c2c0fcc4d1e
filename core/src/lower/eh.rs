//! Exceptions without target support for unwinding: the interpreter's Itanium model (see
//! the `interp` module) with the exception in flight kept in memory.
//!
//! A module that can throw (it calls `__cxa_throw`, `__cxa_rethrow` or `_Unwind_Resume`, or
//! has a `resume`) gets one more data symbol, the exception state ([`LowModule::exception`]):
//! a flag (`i32` at 0, non-zero while an exception is in flight), the thrown type info
//! (pointer at 8) and the object (pointer at 16).
//!
//! - `__cxa_throw(obj, tinfo, dtor)` stores the object and type info, sets the flag and
//!   unwinds: to the landing pad when it is `invoke`d, else out of the function.
//! - After a call that may unwind (to a function of the module that can, or through a
//!   pointer), a test of the flag unwinds the same way; a function unwinds by returning
//!   zeros (its epilogue releases its stack), so its caller's test continues the unwinding.
//! - `landingpad` yields `{ object, selector }`: the selector is the type id of the first
//!   `catch` clause whose type info is the thrown one (`catch ptr null` catches all), else 0;
//!   a pad with no matching clause that is neither `cleanup` nor has a `filter` unwinds
//!   further. A pad that lands clears the flag; `resume` and `_Unwind_Resume` set it again
//!   (with their object), `__cxa_rethrow` too (with the caught exception).
//! - `llvm.eh.typeid.for(tinfo)` numbers type infos from 1 in the order the lowering meets
//!   them (the interpreter numbers them in run order: only equality is meaningful).
//! - `__cxa_allocate_exception` is `malloc`, `__cxa_begin_catch` returns its argument,
//!   `__cxa_end_catch` and `__cxa_free_exception` do nothing, as in the interpreter.
//! - An exception that leaves `main` leaves the flag set for the host to report.
//!
//! Modules that cannot throw pay nothing: `invoke` is a call and a jump.
//!
//! [`LowModule::exception`]: super::form::LowModule::exception

use super::data::{const_addr, ConstAddr};
use super::form::{BlockId, Cmp, Inst, Sym, Term, Ty, VReg};
use super::func::FnCx;
use super::lanes::{cmp, select};
use super::{LResult, LowerError};
use crate::ir::inst::Clause;
use crate::ir::{
    ConstKind, Extra, GlobalId, GlobalKind, InstData, InstFlags, Module, Opcode, Operand,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Byte offsets in the exception state.
const FLAG: u32 = 0;
const TINFO: u32 = 8;
const OBJ: u32 = 16;
/// Size of the exception state.
pub const STATE_SIZE: u32 = 24;

/// The functions of the C++ runtime lowered here (`__cxa_allocate_exception` is a call of
/// `malloc`).
pub const RUNTIME: [&str; 7] = [
    "__cxa_begin_catch",
    "__cxa_get_exception_ptr",
    "__cxa_end_catch",
    "__cxa_free_exception",
    "__cxa_throw",
    "__cxa_rethrow",
    "_Unwind_Resume",
];

/// Functions of the runtime that throw (lowered here, never called).
const THROWERS: [&str; 3] = ["__cxa_throw", "__cxa_rethrow", "_Unwind_Resume"];

/// The direct callee of a call or invoke, if any.
fn direct_callee(m: &Module, data: &InstData) -> Option<GlobalId> {
    match data.callee_and_args()?.0 {
        Operand::Const(c) => match m.consts.kind(c) {
            ConstKind::Global(g) => Some(*g),
            _ => None,
        },
        _ => None,
    }
}

/// Which defined functions may unwind, or `None` when the module cannot throw at all.
pub fn analyze(m: &Module) -> Option<HashSet<GlobalId>> {
    let mut callers: HashMap<GlobalId, Vec<GlobalId>> = HashMap::default();
    let mut seeds = Vec::new();
    let mut throws = false;
    for g in m.order.iter().copied() {
        let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { continue };
        let mut seed = false;
        for &b in &body.layout {
            for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
                let Some(d) = body.insts.get(i) else { continue };
                if d.op == Opcode::Resume {
                    throws = true;
                    seed = true;
                }
                if !matches!(d.op, Opcode::Call | Opcode::Invoke) {
                    continue;
                }
                match direct_callee(m, d) {
                    Some(c) if THROWERS.contains(&&*m.global_name_ref(c)) => {
                        throws = true;
                        seed = true;
                    }
                    // A defined function unwinds if it may; an external one (the host's)
                    // never does; anything else (an alias) is called through its address.
                    Some(c) => match m.globals.get(c).map(|gv| &gv.kind) {
                        Some(GlobalKind::Func(f)) if f.body.is_some() => {
                            callers.entry(c).or_default().push(g)
                        }
                        Some(GlobalKind::Func(_)) => {}
                        _ => seed = true,
                    },
                    None => seed = true,
                }
            }
        }
        if seed {
            seeds.push(g);
        }
    }
    if !throws {
        return None;
    }
    let mut may = HashSet::default();
    while let Some(g) = seeds.pop() {
        if may.insert(g) {
            seeds.extend(callers.get(&g).into_iter().flatten().copied());
        }
    }
    Some(may)
}

/// The address of the exception state, when the module can throw.
fn state(fx: &mut FnCx) -> Option<VReg> {
    let s = fx.cx.eh_state?;
    let a = fx.new_reg(Ty::Ptr);
    fx.emit(Inst::Addr { dst: a, sym: Sym::Data(s), addend: 0 });
    Some(a)
}

/// Sets the in-flight flag to `v`.
fn set_flag(fx: &mut FnCx, addr: VReg, v: u64) {
    let k = fx.iconst(Ty::I32, v);
    fx.emit(Inst::Store { ty: Ty::I32, size: 4, addr, offset: FLAG, src: k });
}

/// The block that unwinds out of the function: it returns zeros.
fn unwind_out(fx: &mut FnCx) -> BlockId {
    if let Some(b) = fx.unwind_block {
        return b;
    }
    let b = fx.new_block();
    let saved = fx.switch_to(b);
    let rets: Vec<VReg> =
        fx.ret.clone().into_iter().map(|ty| super::vector::zero(fx, ty)).collect();
    fx.finish(Term::Ret(rets));
    fx.restore(saved);
    fx.unwind_block = Some(b);
    b
}

/// Where an exception raised by `data` goes: its landing pad (through the phi copies of
/// that edge) for an `invoke`, else out of the function.
fn unwind_target(fx: &mut FnCx, data: &InstData) -> LResult<BlockId> {
    match &data.extra {
        Extra::Invoke(_, _, pad) => super::edges::edge(fx, *pad, false),
        _ => Ok(unwind_out(fx)),
    }
}

/// Ends the current block with `term` and continues in a new (unreachable) one.
fn end_block(fx: &mut FnCx, term: Term) {
    fx.finish(term);
    fx.cur_id = fx.new_block();
}

/// True when a call to `callee` (`None`: through a pointer) may return with an exception.
pub fn may_unwind(fx: &FnCx, callee: Option<GlobalId>) -> bool {
    fx.cx.eh_state.is_some() && callee.is_none_or(|g| fx.cx.may_unwind.contains(&g))
}

/// After a call that may unwind: unwinds when the flag is set.
pub fn check(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let Some(addr) = state(fx) else { return Ok(()) };
    let flag = fx.new_reg(Ty::I32);
    fx.emit(Inst::Load { dst: flag, ty: Ty::I32, size: 4, signed: false, addr, offset: FLAG });
    let target = unwind_target(fx, data)?;
    let next = fx.new_block();
    fx.finish(Term::Branch { cond: flag, then: target, else_: next });
    fx.cur_id = next;
    Ok(())
}

/// Lowers a call to a function of the C++ runtime the model implements, by name; false
/// when `name` is not one.
pub fn runtime_call(fx: &mut FnCx, data: &InstData, name: &str, args: &[Operand]) -> LResult<bool> {
    let arg = |fx: &mut FnCx, k: usize| -> LResult<VReg> {
        let op = *args.get(k).ok_or_else(|| {
            LowerError::unsupported(data.span, format!("a call of @{name} without its arguments"))
        })?;
        fx.operand(op)
    };
    match name {
        "__cxa_begin_catch" | "__cxa_get_exception_ptr" => {
            let obj = arg(fx, 0)?;
            let dst = super::inst::dst_of(fx, data)?;
            super::inst::copy(fx, dst, obj);
        }
        "__cxa_end_catch" | "__cxa_free_exception" => {}
        "__cxa_throw" | "__cxa_rethrow" | "_Unwind_Resume" => {
            let (obj, tinfo) = match name {
                "__cxa_throw" => (Some(arg(fx, 0)?), Some(arg(fx, 1)?)),
                "_Unwind_Resume" => (Some(arg(fx, 0)?), None),
                _ => (None, None),
            };
            raise(fx, data, obj, tinfo)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Stores what is given, sets the flag and unwinds.
fn raise(fx: &mut FnCx, data: &InstData, obj: Option<VReg>, tinfo: Option<VReg>) -> LResult<()> {
    let Some(addr) = state(fx) else {
        end_block(fx, Term::Trap);
        return Ok(());
    };
    let pb = fx.cx.ptr_bytes;
    for (v, offset) in [(obj, OBJ), (tinfo, TINFO)] {
        if let Some(src) = v {
            fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr, offset, src });
        }
    }
    set_flag(fx, addr, 1);
    let target = unwind_target(fx, data)?;
    end_block(fx, Term::Jump(target));
    Ok(())
}

/// `invoke`: the call, then the normal edge, or the landing pad when it unwinds.
pub fn lower_invoke(fx: &mut FnCx, data: &InstData) -> LResult<Term> {
    let Extra::Invoke(_, normal, _) = &data.extra else {
        return Err(LowerError::unsupported(data.span, "invoke without destinations"));
    };
    super::calls::lower_call(fx, data)?;
    // The runtime's throwers and intrinsics are not defined here: no test after them.
    if may_unwind(fx, direct_callee(fx.cx.m, data)) {
        check(fx, data)?;
    }
    Ok(Term::Jump(super::edges::edge(fx, *normal, true)?))
}

/// `resume`: the object of the value sets the exception in flight again.
pub fn lower_resume(fx: &mut FnCx, data: &InstData) -> LResult<Term> {
    let Some(addr) = state(fx) else { return Ok(Term::Trap) };
    let op = *data
        .args
        .first()
        .ok_or_else(|| LowerError::unsupported(data.span, "resume without a value"))?;
    let obj = super::vector::lanes(fx, op, 2)?
        .first()
        .copied()
        .ok_or_else(|| LowerError::unsupported(data.span, "resume of an empty value"))?;
    let pb = fx.cx.ptr_bytes;
    fx.emit(Inst::Store { ty: Ty::Ptr, size: pb, addr, offset: OBJ, src: obj });
    set_flag(fx, addr, 1);
    Ok(Term::Jump(unwind_out(fx)))
}

/// The type id of a constant type info (see the module doc).
pub fn type_id(fx: &mut FnCx, op: Operand) -> LResult<u64> {
    let span = fx.span;
    let Operand::Const(c) = op else {
        return Err(LowerError::unsupported(span, "a type info that is not a constant"));
    };
    let key = const_addr(fx.cx, c, span)?;
    let ids = &mut fx.cx.type_ids;
    Ok(match ids.iter().position(|k| *k == key) {
        Some(i) => i as u64 + 1,
        None => {
            ids.push(key);
            ids.len() as u64
        }
    })
}

/// `landingpad`: the selector of the exception in flight (see the module doc).
pub fn landing_pad(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let regs = data.result.and_then(|v| fx.vecs.get(&v).cloned()).unwrap_or_default();
    let (Some(&obj_r), Some(&sel_r)) = (regs.first(), regs.get(1)) else {
        return Err(LowerError::unsupported(
            span,
            "a landingpad of a type other than { ptr, i32 }",
        ));
    };
    let Some(addr) = state(fx) else {
        // Never reached: nothing in the module throws.
        for r in [obj_r, sel_r] {
            let z = super::vector::zero(fx, fx.reg_ty(r));
            super::inst::copy(fx, r, z);
        }
        return Ok(());
    };
    let Extra::LandingPad(clauses) = &data.extra else {
        return Err(LowerError::unsupported(span, "landingpad without clauses"));
    };
    let pb = fx.cx.ptr_bytes;
    let tinfo = fx.new_reg(Ty::Ptr);
    fx.emit(Inst::Load { dst: tinfo, ty: Ty::Ptr, size: pb, signed: false, addr, offset: TINFO });
    let mut sel = fx.iconst(Ty::I32, 0);
    for c in clauses.iter().rev() {
        let Clause::Catch(op) = c else { continue };
        let id = type_id(fx, *op)?;
        let idr = fx.iconst(Ty::I32, id);
        let null = matches!(op, Operand::Const(k) if matches!(const_addr(fx.cx, *k, span)?, ConstAddr::Int(0)));
        if null {
            sel = idr;
            continue;
        }
        let ti = fx.operand(*op)?;
        let eq = cmp(fx, Cmp::Eq, Ty::Ptr, tinfo, ti);
        sel = select(fx, Ty::I32, eq, idr, sel);
    }
    let lands_always = data.flags.0 & InstFlags::CLEANUP != 0
        || clauses.iter().any(|c| matches!(c, Clause::Filter(_)));
    if !lands_always {
        let zero = fx.iconst(Ty::I32, 0);
        let none = cmp(fx, Cmp::Eq, Ty::I32, sel, zero);
        let out = unwind_out(fx);
        let next = fx.new_block();
        fx.finish(Term::Branch { cond: none, then: out, else_: next });
        fx.cur_id = next;
    }
    set_flag(fx, addr, 0);
    fx.emit(Inst::Load { dst: obj_r, ty: Ty::Ptr, size: pb, signed: false, addr, offset: OBJ });
    super::inst::copy(fx, sel_r, sel);
    Ok(())
}
