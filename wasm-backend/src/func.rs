//! One function: its prologue (frame, saved stack pointer), then its blocks as structured
//! control flow ([`crate::structure`], Ramsey's "Beyond Relooper") when the CFG is
//! reducible, else as a dispatch loop, the baseline scheme that handles any CFG:
//!
//! ```text
//!  loop $dispatch
//!    block ... block block          ;; one per low block, innermost = block 0
//!      local.get $label
//!      br_table 0 1 ... n-1         ;; jump into block $label's code
//!    end  <code of block 0>         ;; ends by setting $label and `br $dispatch`,
//!    end  <code of block 1>         ;; or falls through into the next block's code
//!    ...
//!  end
//! ```
//!
//! Every register is a local (parameters first, as in the low form), read and written through
//! [`crate::regs::Em`] (constants pushed where they are read, values read once right after
//! their definition left on the stack); four more locals hold the block label (dispatch
//! only), the stack pointer saved at entry (restored on return), variadic argument areas and
//! the frame base.

use crate::module::{val_ty, Types};
use crate::regs::{Em, RegInfo};
use crate::structure::{self, Exit, Op};
use crate::WasmError;
use crate::{ops, simd};
use irplay_core::lower::{
    Bin, Callee, Const, FuncRef, Inst, LowBlock, LowFunc, LowModule, Term, Ty, VReg,
};
use wasm_encoder::{BlockType, Function, Instruction as I, ValType};

/// What a function's code needs from the module.
pub struct FnEnv<'a> {
    /// The module.
    pub m: &'a LowModule,
    /// Where the data image starts.
    pub data_base: u32,
    /// The wasm function index of a low function.
    pub wasm_index: &'a dyn Fn(FuncRef) -> u32,
    /// The lowest address the shadow stack may use.
    pub stack_base: u32,
    /// The wasm index of the stack overflow import, when allocations are checked.
    pub overflow: Option<u32>,
    /// Structure reducible CFGs (else always the dispatch loop).
    pub structured: bool,
    /// The module's copy and fill functions.
    pub helpers: crate::builtins::Helpers,
    /// The step and depth counters, when the module keeps a run's limits.
    pub limits: Option<Counters>,
}

/// Where the step and depth counters live ([`crate::Options::limits`]).
#[derive(Copy, Clone, Debug)]
pub struct Counters {
    /// The wasm index of the [`crate::LIMIT`] import.
    pub import: u32,
    /// The `i64` global of the steps left ([`crate::FUEL`]).
    pub fuel: u32,
    /// The `i64` global of the frames left ([`crate::DEPTH`]).
    pub depth: u32,
}

/// Adds `delta` to counter `global` and, when `check`, calls the limit import with `kind` once
/// it is below zero (`global.get; i64.const; i64.add; global.set`, then the test). The
/// sequence leaves the stack as it found it.
fn count(
    w: &mut Em,
    c: &Counters,
    global: u32,
    delta: i64,
    check: Option<i32>,
    trap: Option<irplay_core::diag::Span>,
) {
    w.raw(&I::GlobalGet(global));
    w.raw(&I::I64Const(delta));
    w.raw(&I::I64Add);
    w.raw(&I::GlobalSet(global));
    if let Some(kind) = check {
        w.raw(&I::GlobalGet(global));
        w.raw(&I::I64Const(0));
        w.raw(&I::I64LtS);
        // In a block that ends in a trap with only pure code between (`%y = add ...;
        // unreachable`), Cranelift folds the branch around the import call and the trap into a
        // conditional trap at this `if` (as `at_branch` explains): the `if` then takes the
        // trap's position, and the call its own again.
        let before = w.locs.last().map(|&(_, span)| span);
        if let Some(span) = trap {
            w.at(span);
        }
        w.raw(&I::If(BlockType::Empty));
        if let (Some(_), Some(span)) = (trap, before) {
            w.at(span);
        }
        w.raw(&I::I32Const(kind));
        // The import never returns (its host traps). No `unreachable` after it: Cranelift
        // would share one trap between it and the block's own `unreachable`, reporting that
        // at the count's position.
        w.raw(&I::Call(c.import));
        w.raw(&I::End);
    }
}

/// True when the function allocates on the shadow stack (a frame, dynamic `alloca`s or
/// variadic argument areas).
pub fn uses_stack(f: &LowFunc) -> bool {
    f.frame.size > 0
        || f.dynamic_stack
        || f.blocks
            .iter()
            .any(|b| b.insts.iter().any(|i| matches!(i, Inst::Call(c) if c.sig.variadic)))
}

/// Calls the overflow import when the new stack pointer in `local` is below the stack's
/// lower end (addresses stay below 2 GiB, so a signed comparison also catches wrapping).
fn check_sp(env: &FnEnv, w: &mut Em, local: u32) {
    if let Some(o) = env.overflow {
        w.ins(&I::LocalGet(local));
        w.ins(&I::I32Const(env.stack_base as i32));
        w.ins(&I::I32LtS);
        w.ins(&I::If(BlockType::Empty));
        w.ins(&I::Call(o));
        w.ins(&I::Unreachable);
        w.ins(&I::End);
    }
}

/// Locals of a function beyond its registers.
pub struct Locals {
    /// The block label.
    pub label: u32,
    /// The stack pointer at entry.
    pub saved_sp: u32,
    /// A variadic argument area.
    pub va: u32,
    /// The frame base (fixed slots are at offsets from it).
    pub fp: u32,
}

/// The stack pointer global.
pub const SP: u32 = 0;

/// Emits one function.
/// Emits one defined function: its body, and the source positions of its code.
pub fn emit_func(
    env: &FnEnv,
    f: &LowFunc,
    types: &mut Types,
) -> Result<(Function, Vec<(u32, irplay_core::diag::Span)>), WasmError> {
    // A variadic function's argument area is one more parameter (register `np`).
    let np = f.sig.params.len() + usize::from(f.sig.variadic);
    let nregs = f.regs.len() as u32;
    let mut locals: Vec<(u32, ValType)> = f.regs.iter().skip(np).map(|t| (1, val_ty(*t))).collect();
    locals.extend([(4, ValType::I32)]);
    let loc = Locals { label: nregs, saved_sp: nregs + 1, va: nregs + 2, fp: nregs + 3 };
    let info = RegInfo::new(f);
    let mut em = Em::new(Function::new(locals), &info);
    let w = &mut em;
    let uses_stack = uses_stack(f);
    if f.frame.size > 1 << 30 {
        return Err(WasmError(format!(
            "{}: a stack frame of {} bytes is too large",
            f.name, f.frame.size
        )));
    }
    if uses_stack {
        w.ins(&I::GlobalGet(SP));
        w.ins(&I::LocalSet(loc.saved_sp));
        if f.frame.size > 0 {
            let align = f.frame.align.max(16) as i32;
            w.ins(&I::GlobalGet(SP));
            w.ins(&I::I32Const(f.frame.size.div_ceil(16) as i32 * 16));
            w.ins(&I::I32Sub);
            w.ins(&I::I32Const(-align));
            w.ins(&I::I32And);
            w.ins(&I::LocalTee(loc.fp));
            w.ins(&I::GlobalSet(SP));
            check_sp(env, w, loc.fp);
        }
    }
    let exits: Vec<Exit> = f
        .blocks
        .iter()
        .map(|b| match &b.term {
            Term::Jump(t) => Exit::Jump(t.0),
            Term::Branch { then, else_, .. } => Exit::Branch(then.0, else_.0),
            Term::Table { targets, default, .. } => {
                Exit::Table(targets.iter().map(|t| t.0).collect(), default.0)
            }
            Term::Ret(_) | Term::TailCall { .. } | Term::Trap => Exit::Leave,
        })
        .collect();
    match structure::structure(&exits).filter(|_| env.structured) {
        Some(ops) => emit_structured(env, f, &loc, types, w, &ops, uses_stack)?,
        None => emit_dispatch(env, f, &loc, types, w, uses_stack)?,
    }
    w.ins(&I::Unreachable);
    w.ins(&I::End);
    Ok((em.w, em.locs))
}

/// Emits the instructions of `blk`, noting where each IR instruction's code starts.
fn emit_body(
    env: &FnEnv,
    f: &LowFunc,
    loc: &Locals,
    types: &mut Types,
    w: &mut Em,
    blk: &LowBlock,
) -> Result<(), WasmError> {
    let mut locs = blk.locs.iter().peekable();
    // The position of the block's trap, for its step count's branch (see `count`).
    let trap = match blk.term {
        Term::Trap => blk.locs.last().map(|&(_, span)| span),
        _ => None,
    };
    for (k, inst) in blk.insts.iter().enumerate() {
        while let Some(&(_, span)) = locs.next_if(|l| l.0 as usize <= k) {
            w.at(span);
        }
        emit_inst(env, f, loc, types, w, inst, trap)?;
    }
    Ok(())
}

/// Notes the position of `blk`'s terminator (its last IR instruction's) before its code.
fn at_term(w: &mut Em, blk: &LowBlock) {
    if let Some(&(_, span)) = blk.locs.last() {
        w.at(span);
    }
}

/// Emits `branch`, the conditional branch ending block `b` (`br_if` or `if`, taken when its
/// operand is non-zero: to `b`'s `then` successor when `to_then`, else to its `else`), at the
/// position of the `unreachable` it leads to, if any.
///
/// A wasm branch cannot trap by itself, but wasmtime's code generator rewrites a branch to a
/// block that does nothing but trap into a conditional trap at the branch (Cranelift's
/// `branch_to_trap` rewrite of `brif` into `trapnz`/`trapz`), which it reports at the
/// branch's offset: that offset must then name the `unreachable`, not the instruction before
/// the branch. The taken successor is the one Cranelift tries first; a successor with code
/// before its trap is tried last (it is only folded when that code is pure).
fn at_branch(w: &mut Em, f: &LowFunc, b: u32, to_then: bool, branch: &I) {
    let trap = match f.blocks.get(b as usize).map(|blk| &blk.term) {
        Some(Term::Branch { then, else_, .. }) => {
            let (taken, other) = if to_then { (then, else_) } else { (else_, then) };
            let trap_block = |t: &irplay_core::lower::BlockId| {
                f.blocks.get(t.0 as usize).filter(|blk| matches!(blk.term, Term::Trap))
            };
            let order = [taken, other];
            order
                .iter()
                .filter_map(|t| trap_block(t))
                .min_by_key(|blk| !blk.insts.is_empty())
                .and_then(|blk| blk.locs.last())
                .map(|&(_, span)| span)
        }
        _ => None,
    };
    let before = w.locs.last().map(|&(_, span)| span);
    if let Some(span) = trap {
        w.at(span);
    }
    w.ins(branch);
    if let (Some(_), Some(span)) = (trap, before) {
        w.at(span);
    }
}

/// A block's condition or table index register.
fn cond_of(f: &LowFunc, b: u32) -> Result<VReg, WasmError> {
    match f.blocks.get(b as usize).map(|b| &b.term) {
        Some(Term::Branch { cond, .. }) => Ok(*cond),
        Some(Term::Table { idx, .. }) => Ok(*idx),
        _ => Err(WasmError(format!("{}: block {b} has no condition", f.name))),
    }
}

/// Returns, tail-calls (`return_call`, the frame released first) or traps at the end of a
/// block.
fn emit_leave(
    env: &FnEnv,
    types: &mut Types,
    w: &mut Em,
    loc: &Locals,
    term: &Term,
    uses_stack: bool,
) {
    let pop_frame = |w: &mut Em| {
        if uses_stack {
            w.ins(&I::LocalGet(loc.saved_sp));
            w.ins(&I::GlobalSet(SP));
        }
    };
    match term {
        Term::Ret(v) => {
            pop_frame(w);
            for r in v {
                w.get(*r);
            }
            w.ins(&I::Return);
        }
        Term::TailCall { callee, sig, args } => {
            pop_frame(w);
            for r in args {
                w.get(*r);
            }
            match callee {
                Callee::Direct(fr) => w.ins(&I::ReturnCall((env.wasm_index)(*fr))),
                Callee::Indirect(p) => {
                    w.get(*p);
                    w.ins(&I::ReturnCallIndirect { type_index: types.of(sig), table_index: 0 })
                }
            }
        }
        _ => {
            w.ins(&I::Unreachable);
        }
    }
}

/// The body as structured control flow ([`structure`]).
fn emit_structured(
    env: &FnEnv,
    f: &LowFunc,
    loc: &Locals,
    types: &mut Types,
    w: &mut Em,
    ops: &[Op],
    uses_stack: bool,
) -> Result<(), WasmError> {
    for op in ops {
        match op {
            Op::Block => {
                w.ins(&I::Block(BlockType::Empty));
            }
            Op::Loop => {
                w.ins(&I::Loop(BlockType::Empty));
            }
            Op::End => {
                w.ins(&I::End);
            }
            Op::Else => {
                w.ins(&I::Else);
            }
            Op::Body(b) => {
                let blk = f
                    .blocks
                    .get(*b as usize)
                    .ok_or_else(|| WasmError(format!("{}: no block {b}", f.name)))?;
                emit_body(env, f, loc, types, w, blk)?;
            }
            Op::Br(d) => {
                w.ins(&I::Br(*d));
            }
            Op::BrIf(b, d) => {
                w.get(cond_of(f, *b)?);
                at_branch(w, f, *b, true, &I::BrIf(*d));
            }
            Op::BrUnless(b, d) => {
                w.get(cond_of(f, *b)?);
                w.ins(&I::I32Eqz);
                at_branch(w, f, *b, false, &I::BrIf(*d));
            }
            Op::If(b) => {
                w.get(cond_of(f, *b)?);
                at_branch(w, f, *b, true, &I::If(BlockType::Empty));
            }
            Op::Table(b, ds, dd) => {
                w.get(cond_of(f, *b)?);
                w.ins(&I::BrTable(ds.clone().into(), *dd));
            }
            Op::Leave(b) => {
                let blk = f
                    .blocks
                    .get(*b as usize)
                    .ok_or_else(|| WasmError(format!("{}: no block {b}", f.name)))?;
                at_term(w, blk);
                emit_leave(env, types, w, loc, &blk.term, uses_stack);
            }
        }
    }
    Ok(())
}

/// The body as a dispatch loop over the blocks (any CFG, irreducible ones included).
fn emit_dispatch(
    env: &FnEnv,
    f: &LowFunc,
    loc: &Locals,
    types: &mut Types,
    w: &mut Em,
    uses_stack: bool,
) -> Result<(), WasmError> {
    let n = f.blocks.len() as u32;
    w.ins(&I::Loop(BlockType::Empty));
    for _ in 0..n {
        w.ins(&I::Block(BlockType::Empty));
    }
    w.ins(&I::LocalGet(loc.label));
    let targets: Vec<u32> = (0..n).collect();
    w.ins(&I::BrTable(targets.into(), n.saturating_sub(1)));
    for (i, b) in f.blocks.iter().enumerate() {
        let i = i as u32;
        w.ins(&I::End);
        emit_body(env, f, loc, types, w, b)?;
        at_term(w, b);
        // From block i's code, the dispatch loop is n-1-i labels out.
        let to_loop = n - 1 - i;
        let goto = |w: &mut Em, t: u32, depth: u32| {
            w.ins(&I::I32Const(t as i32));
            w.ins(&I::LocalSet(loc.label));
            w.ins(&I::Br(depth));
        };
        match &b.term {
            Term::Jump(t) => {
                if t.0 != i + 1 {
                    goto(w, t.0, to_loop);
                }
            }
            Term::Branch { cond, then, else_ } => {
                if else_.0 == i + 1 {
                    w.get(*cond);
                    w.ins(&I::If(BlockType::Empty));
                    goto(w, then.0, to_loop + 1);
                    w.ins(&I::End);
                } else {
                    w.ins(&I::I32Const(then.0 as i32));
                    w.ins(&I::I32Const(else_.0 as i32));
                    w.get(*cond);
                    w.ins(&I::Select);
                    w.ins(&I::LocalSet(loc.label));
                    w.ins(&I::Br(to_loop));
                }
            }
            Term::Table { idx, targets, default } => {
                // One block per distinct target, innermost first, then the default.
                let mut distinct: Vec<u32> = Vec::new();
                for t in targets {
                    if !distinct.contains(&t.0) {
                        distinct.push(t.0);
                    }
                }
                let k = distinct.len() as u32;
                for _ in 0..=k {
                    w.ins(&I::Block(BlockType::Empty));
                }
                w.get(*idx);
                let labels: Vec<u32> = targets
                    .iter()
                    .map(|t| distinct.iter().position(|d| *d == t.0).unwrap_or(0) as u32)
                    .collect();
                w.ins(&I::BrTable(labels.into(), k));
                for (j, t) in distinct.iter().enumerate() {
                    w.ins(&I::End);
                    goto(w, *t, (k - 1 - j as u32) + 1 + to_loop);
                }
                w.ins(&I::End);
                goto(w, default.0, to_loop);
            }
            Term::Ret(_) | Term::TailCall { .. } | Term::Trap => {
                emit_leave(env, types, w, loc, &b.term, uses_stack)
            }
        }
    }
    w.ins(&I::End);
    Ok(())
}

/// For a multiplication of a register by a constant 2^k + 1 or 2^k - 1 (k ≥ 1, either
/// operand): the register, k, and whether to add (else subtract) the register to its shift.
fn shift_add(w: &Em, a: VReg, b: VReg, ty: Ty) -> Option<(VReg, u32, bool)> {
    let bits = match ty {
        Ty::I32 | Ty::Ptr => 32,
        Ty::I64 => 64,
        _ => return None,
    };
    let value = |v: VReg| match w.konst(v) {
        Some(Const::I32(c)) => Some(u64::from(c)),
        Some(Const::I64(c) | Const::Ptr(c)) => Some(c),
        _ => None,
    };
    let (x, c) = match (value(a), value(b)) {
        (None, Some(c)) => (a, c),
        (Some(c), None) => (b, c),
        _ => return None,
    };
    let c = if bits == 32 { c & 0xffff_ffff } else { c };
    match c {
        c if c > 2 && (c - 1).is_power_of_two() && (c - 1).trailing_zeros() < bits => {
            Some((x, (c - 1).trailing_zeros(), true))
        }
        c if c > 2
            && c.checked_add(1)
                .is_some_and(|d| d.is_power_of_two() && d.trailing_zeros() < bits) =>
        {
            Some((x, (c + 1).trailing_zeros(), false))
        }
        _ => None,
    }
}

fn reg_ty(f: &LowFunc, v: VReg) -> Ty {
    f.regs.get(v.0 as usize).copied().unwrap_or(Ty::I32)
}

/// Emits one instruction.
fn emit_inst(
    env: &FnEnv,
    f: &LowFunc,
    loc: &Locals,
    types: &mut Types,
    w: &mut Em,
    inst: &Inst,
    trap: Option<irplay_core::diag::Span>,
) -> Result<(), WasmError> {
    let get = |w: &mut Em, v: VReg| w.get(v);
    match inst {
        Inst::Const { dst, val } => {
            if !w.is_const(*dst) {
                w.flush();
                ops::konst(&mut w.w, *val);
                w.set(*dst);
            }
        }
        Inst::Addr { dst, sym, addend } => {
            let a = match sym {
                irplay_core::lower::Sym::Data(i) => {
                    let off = env.m.data.symbols.get(*i as usize).copied().unwrap_or(0);
                    (env.data_base as i64 + off as i64).wrapping_add(*addend)
                }
                irplay_core::lower::Sym::Func(fr) => (fr.0 as i64 + 1).wrapping_add(*addend),
            };
            w.ins(&I::I32Const(a as i32));
            w.set(*dst);
        }
        Inst::Slot { dst, slot } => {
            let off = f.frame.slots.get(*slot as usize).map(|s| s.offset).unwrap_or(0);
            w.ins(&I::LocalGet(loc.fp));
            if off != 0 {
                w.ins(&I::I32Const(off as i32));
                w.ins(&I::I32Add);
            }
            w.set(*dst);
        }
        Inst::ParCopy { moves } => {
            for (_, s) in moves {
                get(w, *s);
            }
            for (d, _) in moves.iter().rev() {
                w.set(*d);
            }
        }
        Inst::Bin { op: Bin::Mul, ty, dst, a, b } if shift_add(w, *a, *b, *ty).is_some() => {
            // x * (2^k ± 1) as (x << k) ± x: a shorter dependency chain than a multiply.
            let (x, k, plus) = shift_add(w, *a, *b, *ty).unwrap_or((*a, 0, true));
            let wide = *ty == Ty::I64;
            get(w, x);
            w.ins(&I::LocalTee(x.0));
            w.ins(&if wide { I::I64Const(k.into()) } else { I::I32Const(k as i32) });
            w.ins(&if wide { I::I64Shl } else { I::I32Shl });
            w.ins(&I::LocalGet(x.0));
            w.ins(&match (wide, plus) {
                (true, true) => I::I64Add,
                (true, false) => I::I64Sub,
                (false, true) => I::I32Add,
                (false, false) => I::I32Sub,
            });
            w.set(*dst);
        }
        Inst::Bin { op, ty, dst, a, b } => {
            get(w, *a);
            get(w, *b);
            ops::bin(w, *op, *ty);
            w.set(*dst);
        }
        Inst::Un { op, to, dst, a } => {
            get(w, *a);
            ops::un(w, *op, reg_ty(f, *a), *to);
            w.set(*dst);
        }
        Inst::Cmp { cc, ty, dst, a, b } => {
            get(w, *a);
            get(w, *b);
            ops::cmp(w, *cc, *ty);
            w.set(*dst);
        }
        Inst::FCmp { cc, ty, dst, a, b } => {
            ops::fcmp(w, *cc, *ty, *a, *b);
            w.set(*dst);
        }
        Inst::Select { dst, cond, a, b } => {
            get(w, *a);
            get(w, *b);
            get(w, *cond);
            w.ins(&I::Select);
            w.set(*dst);
        }
        Inst::Load { dst, ty, size, signed, addr, offset } => {
            ops::load(w, *ty, *size, *signed, *addr, *offset, env.m.ptr_bytes)?;
            w.set(*dst);
        }
        Inst::Store { ty, size, addr, offset, src } => {
            ops::store(w, *ty, *size, *addr, *offset, *src, env.m.ptr_bytes)?;
        }
        Inst::Call(c) => {
            let irplay_core::lower::Call { dst, callee, sig, args, varargs } = &**c;
            let area = (varargs.len() as u32 * 8).div_ceil(16) * 16;
            if sig.variadic {
                w.ins(&I::GlobalGet(SP));
                w.ins(&I::I32Const(area.max(16) as i32));
                w.ins(&I::I32Sub);
                w.ins(&I::LocalTee(loc.va));
                w.ins(&I::GlobalSet(SP));
                check_sp(env, w, loc.va);
                for (k, v) in varargs.iter().enumerate() {
                    ops::store_vararg(w, loc.va, k as u32 * 8, *v, reg_ty(f, *v));
                }
            }
            for a in args {
                get(w, *a);
            }
            if sig.variadic {
                w.ins(&I::LocalGet(loc.va));
            }
            match callee {
                Callee::Direct(fr) => {
                    w.ins(&I::Call((env.wasm_index)(*fr)));
                }
                Callee::Indirect(p) => {
                    get(w, *p);
                    let t = types.of(sig);
                    w.ins(&I::CallIndirect { type_index: t, table_index: 0 });
                }
            }
            if dst.len() == sig.ret.len() {
                for d in dst.iter().rev() {
                    w.set(*d);
                }
            } else {
                for _ in &sig.ret {
                    w.ins(&I::Drop);
                }
            }
            if sig.variadic {
                w.ins(&I::LocalGet(loc.va));
                w.ins(&I::I32Const(area.max(16) as i32));
                w.ins(&I::I32Add);
                w.ins(&I::GlobalSet(SP));
            }
        }
        Inst::MemCopy { dst, src, len } => {
            get(w, *dst);
            get(w, *src);
            get(w, *len);
            w.ins(&env.helpers.copy.map_or(I::MemoryCopy { src_mem: 0, dst_mem: 0 }, I::Call));
        }
        Inst::MemFill { dst, val, len } => {
            get(w, *dst);
            get(w, *val);
            get(w, *len);
            w.ins(&env.helpers.fill.map_or(I::MemoryFill(0), I::Call));
        }
        Inst::VSplat { shape, dst, a } => {
            get(w, *a);
            simd::splat(w, *shape);
            w.set(*dst);
        }
        Inst::VExtract { shape, lane, dst, a } => {
            get(w, *a);
            simd::extract(w, *shape, *lane);
            w.set(*dst);
        }
        Inst::VReplace { shape, lane, dst, a, b } => {
            get(w, *a);
            get(w, *b);
            simd::replace(w, *shape, *lane);
            w.set(*dst);
        }
        Inst::VBin { op, shape, dst, a, b } => {
            get(w, *a);
            get(w, *b);
            if !simd::bin(w, *op, *shape) {
                return Err(WasmError(format!(
                    "{}: no vector instruction for {op:?} on {}",
                    f.name,
                    shape.name()
                )));
            }
            w.set(*dst);
        }
        Inst::VUn { op, shape, dst, a } => {
            get(w, *a);
            if !simd::un(w, *op, *shape) {
                return Err(WasmError(format!(
                    "{}: no vector instruction for {op:?} on {}",
                    f.name,
                    shape.name()
                )));
            }
            w.set(*dst);
        }
        Inst::VShift { op, shape, dst, a, amount } => {
            get(w, *a);
            get(w, *amount);
            if !simd::shift(w, *op, *shape) {
                return Err(WasmError(format!(
                    "{}: no vector instruction for {op:?} on {}",
                    f.name,
                    shape.name()
                )));
            }
            w.set(*dst);
        }
        Inst::VShuffle { dst, a, b, bytes } => {
            get(w, *a);
            get(w, *b);
            w.ins(&I::I8x16Shuffle(bytes.map(|x| x & 31)));
            w.set(*dst);
        }
        Inst::Fuel { .. } | Inst::Enter | Inst::Leave => {
            let Some(c) = &env.limits else {
                return Err(WasmError(format!(
                    "{}: a module lowered with limits compiled without Options::limits",
                    f.name
                )));
            };
            match inst {
                Inst::Fuel { steps } => {
                    count(w, c, c.fuel, -i64::from(*steps), Some(crate::LIMIT_STEPS), trap)
                }
                Inst::Enter => count(w, c, c.depth, -1, Some(crate::LIMIT_DEPTH), None),
                _ => count(w, c, c.depth, 1, None, None),
            }
        }
        Inst::VaStart { .. } | Inst::VaArg { .. } => {
            return Err(WasmError(format!(
                "{}: native variadic arguments in a module lowered for wasm32",
                f.name
            )));
        }
        Inst::DynAlloca { dst, size, align } => {
            if let Some(o) = env.overflow {
                // A size beyond the room left (any unsigned value) overflows.
                w.ins(&I::GlobalGet(SP));
                w.ins(&I::I32Const(env.stack_base as i32));
                w.ins(&I::I32Sub);
                get(w, *size);
                w.ins(&I::I32LtU);
                w.ins(&I::If(BlockType::Empty));
                w.ins(&I::Call(o));
                w.ins(&I::Unreachable);
                w.ins(&I::End);
            }
            w.ins(&I::GlobalGet(SP));
            get(w, *size);
            w.ins(&I::I32Sub);
            w.ins(&I::I32Const(-((*align).max(16) as i32)));
            w.ins(&I::I32And);
            w.ins(&I::LocalTee(dst.0));
            w.ins(&I::GlobalSet(SP));
            check_sp(env, w, dst.0);
        }
    }
    Ok(())
}
