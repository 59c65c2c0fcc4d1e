//! `licm`: loop-invariant code motion, hoisting instructions whose operands do not change in
//! a loop into the loop's preheader, as LLVM's `LICMPass` does (without its alias analysis).
//!
//! The loops are first put in simplified form (our `loop-simplify`, as LLVM's pass manager
//! runs LoopSimplify before `licm`), then visited innermost first, each loop's blocks in
//! dominance order. An instruction is hoisted when every operand is a constant, defined
//! outside the loop or already hoisted, and it is safe to execute in the preheader:
//! * pure instructions: integer and floating-point arithmetic, bitwise operations, casts,
//!   `icmp`, `fcmp`, `select`, `freeze`, `getelementptr`, vector and aggregate operations.
//!   Hoisting them out of a conditional block makes them run on paths where they did not;
//!   that is fine even with `nsw`/`nuw`/`exact`/`inbounds`, since the LangRef makes a violated
//!   flag produce poison, not undefined behaviour, and an unused poison value is harmless;
//! * `udiv`/`urem` only by a constant non-zero integer, `sdiv`/`srem` only by a constant
//!   neither zero nor -1: "division by zero ... is undefined behavior", and so is signed
//!   overflow of `sdiv`/`srem` (`INT_MIN / -1`), which must not be made to happen on a path
//!   where the division did not run;
//! * non-volatile, non-atomic `load`s whose location is not written in the loop, and whose
//!   block dominates every exiting block and every latch (so the load runs on the first
//!   iteration whenever the loop is entered: hoisting cannot add a trapping access). The
//!   memory check is local and conservative: the loop must hold no call (other than the
//!   intrinsics the table in `ir/intrinsics.rs` marks pure), no `atomicrmw`, `cmpxchg`,
//!   `fence`, `va_arg`, atomic or volatile access, and every `store` in it must write an object (an `alloca` of this
//!   function or a global variable, through constant or variable `getelementptr`s) that is
//!   provably not the object the load reads.
//!
//! Not done, deliberately: sinking into exit blocks, scalar promotion of memory to registers,
//! hoisting calls (even readnone ones: they may not return), loads through pointers known
//! dereferenceable but not guaranteed to run, and anything in loops with EH pads, `invoke`,
//! `callbr`, `indirectbr` or address-taken blocks (those loops are skipped).

use super::edit::address_taken_blocks;
use super::loop_edit::{def_inst, has_unsupported_blocks};
use super::loop_simplify::simplify_loops;
use super::{with_body, PassResult};
use crate::analysis::loop_info::{exiting_blocks, latches, preheader};
use crate::analysis::{Cfg, DomTree, Loop, LoopForest};
use crate::ir::SecondaryMap;
use crate::ir::{
    opcode::OpClass, Block, Body, ConstKind, Extra, GlobalId, Inst, InstData, InstFlags, Module,
    Opcode, Operand, Ordering,
};

/// Runs `licm` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let mut stats = simplify_loops(m, body, g).list();
        let (pure, loads) = hoist_all(m, body, g);
        stats.push(("instructions hoisted", pure));
        stats.push(("loads hoisted", loads));
        PassResult::from_stats(stats)
    })
}

/// The object a pointer is based on, when it is identified.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Object {
    /// An `alloca` of this function.
    Alloca(Inst),
    /// A global variable.
    Global(GlobalId),
}

/// Follows `getelementptr`s (instructions and constant expressions) back to an `alloca` or a
/// global variable; `None` when the base is anything else.
fn underlying_object(m: &Module, body: &Body, mut o: Operand) -> Option<Object> {
    for _ in 0..64 {
        match o {
            Operand::Value(v) => {
                let i = def_inst(body, v)?;
                let d = body.insts.get(i)?;
                match d.op {
                    Opcode::Alloca => return Some(Object::Alloca(i)),
                    Opcode::GetElementPtr => o = *d.args.first()?,
                    _ => return None,
                }
            }
            Operand::Const(c) => {
                if !m.consts.is_valid(c) {
                    return None;
                }
                match m.consts.kind(c) {
                    ConstKind::Global(g) => {
                        return m
                            .globals
                            .get(*g)
                            .and_then(|gv| gv.as_var())
                            .map(|_| Object::Global(*g));
                    }
                    ConstKind::Expr(e) if e.op == Opcode::GetElementPtr => {
                        o = Operand::Const(*e.operands.first()?)
                    }
                    _ => return None,
                }
            }
            Operand::Md(_) => return None,
        }
    }
    None
}

/// What the loop does to memory.
struct Memory {
    /// Something in the loop may write anywhere, synchronize, or not return.
    unknown: bool,
    /// The objects the loop's stores write.
    stored: Vec<Object>,
}

fn is_pure_intrinsic_call(m: &Module, d: &InstData) -> bool {
    let Some(ci) = d.call_info() else { return false };
    if !ci.bundles.is_empty() {
        return false;
    }
    let Some(Operand::Const(c)) = d.args.first().copied() else { return false };
    if !m.consts.is_valid(c) {
        return false;
    }
    let ConstKind::Global(g) = m.consts.kind(c) else { return false };
    let Some(f) = m.func(*g) else { return false };
    f.ty == ci.fn_ty && f.intrinsic.is_some_and(|i| i.is_pure())
}

fn loop_memory(m: &Module, body: &Body, l: &Loop) -> Memory {
    let mut mem = Memory { unknown: false, stored: Vec::new() };
    for &b in l.blocks() {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            let plain = !d.flags.has(InstFlags::VOLATILE)
                && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic);
            match d.op {
                Opcode::Load if plain => {}
                Opcode::Store if plain => {
                    match d.args.get(1).and_then(|&p| underlying_object(m, body, p)) {
                        Some(o) => mem.stored.push(o),
                        None => mem.unknown = true,
                    }
                }
                Opcode::Call if is_pure_intrinsic_call(m, d) => {}
                Opcode::Load
                | Opcode::Store
                | Opcode::Call
                | Opcode::Invoke
                | Opcode::CallBr
                | Opcode::AtomicRmw
                | Opcode::CmpXchg
                | Opcode::Fence
                | Opcode::VaArg => mem.unknown = true,
                _ => {}
            }
        }
    }
    mem
}

/// True when the constant operand is an integer that is not zero (and not -1 when `signed`).
fn safe_divisor(m: &Module, o: Option<&Operand>, signed: bool) -> bool {
    let Some(Operand::Const(c)) = o.copied() else { return false };
    if !m.consts.is_valid(c) {
        return false;
    }
    match m.consts.kind(c) {
        ConstKind::Int(v) => !v.is_zero() && (!signed || !v.is_all_ones()),
        _ => false,
    }
}

/// True when `d` computes its result from its operands alone, with no undefined behaviour
/// whatever they are (poison at most).
pub(crate) fn is_speculatable(m: &Module, d: &InstData) -> bool {
    match d.op {
        Opcode::UDiv | Opcode::URem => safe_divisor(m, d.args.get(1), false),
        Opcode::SDiv | Opcode::SRem => safe_divisor(m, d.args.get(1), true),
        Opcode::ICmp
        | Opcode::FCmp
        | Opcode::Select
        | Opcode::Freeze
        | Opcode::GetElementPtr
        | Opcode::ExtractValue
        | Opcode::InsertValue
        | Opcode::ExtractElement
        | Opcode::InsertElement
        | Opcode::ShuffleVector => true,
        op => {
            matches!(
                op.class(),
                OpClass::BinInt
                    | OpClass::BinFp
                    | OpClass::UnaryFp
                    | OpClass::Bitwise
                    | OpClass::Cast
            )
        }
    }
}

/// Hoists invariant instructions out of every loop; returns (instructions, of which loads).
fn hoist_all(m: &mut Module, body: &mut Body, g: GlobalId) -> (u64, u64) {
    let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
    let is_taken = |b: Block| taken.contains(b);
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let lf = LoopForest::new(&cfg, &dt);
    let mut order: Vec<&Loop> = lf.loops().iter().collect();
    order.sort_by_key(|l| std::cmp::Reverse(l.depth));
    let (mut n, mut n_loads) = (0u64, 0u64);
    for l in order {
        if has_unsupported_blocks(body, l, &is_taken) {
            continue;
        }
        let Some(ph) = preheader(l, &cfg) else { continue };
        let Some(ph_term) = body.terminator(ph) else { continue };
        // Values computed in the loop (and not hoisted).
        let mut variant = SecondaryMap::from_elem(false, body.values.len());
        for &b in l.blocks() {
            for &i in body.blocks.get(b).map(|bd| &bd.insts[..]).unwrap_or(&[]) {
                if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
                    if let Some(s) = variant.get_mut(v) {
                        *s = true;
                    }
                }
            }
        }
        let mem = loop_memory(m, body, l);
        let mut must_run: Vec<Block> = exiting_blocks(l, &cfg);
        must_run.extend(latches(l, &cfg));
        let rpo: Vec<Block> = dt.rpo().iter().copied().filter(|&b| l.contains(b)).collect();
        let mut hoisted: Vec<Inst> = Vec::new();
        for b in rpo {
            let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
            for i in insts {
                let Some(d) = body.insts.get(i) else { continue };
                let Some(res) = d.result else { continue };
                let invariant_ops = d.args.iter().all(|o| match o {
                    Operand::Const(_) => true,
                    Operand::Value(v) => !variant.get(*v).copied().unwrap_or(true),
                    Operand::Md(_) => false,
                });
                if !invariant_ops
                    || !matches!(
                        d.extra,
                        Extra::None
                            | Extra::ICmp(_)
                            | Extra::FCmp(_)
                            | Extra::Gep { .. }
                            | Extra::Indices(_)
                            | Extra::Mem(_)
                    )
                {
                    continue;
                }
                let is_load = d.op == Opcode::Load;
                let ok = if is_load {
                    load_is_hoistable(m, body, d, &mem)
                        && must_run.iter().all(|&x| dt.dominates(b, x))
                } else {
                    is_speculatable(m, d)
                };
                if !ok {
                    continue;
                }
                if let Some(s) = variant.get_mut(res) {
                    *s = false;
                }
                hoisted.push(i);
                n += 1;
                n_loads += is_load as u64;
            }
        }
        move_before(body, &hoisted, ph, ph_term);
    }
    (n, n_loads)
}

fn load_is_hoistable(m: &Module, body: &Body, d: &InstData, mem: &Memory) -> bool {
    if mem.unknown
        || d.flags.has(InstFlags::VOLATILE)
        || d.mem_info().is_none_or(|mi| mi.ordering != Ordering::NotAtomic)
    {
        return false;
    }
    if mem.stored.is_empty() {
        return true;
    }
    let Some(obj) = d.args.first().and_then(|&p| underlying_object(m, body, p)) else {
        return false;
    };
    !mem.stored.contains(&obj)
}

/// Moves `insts` (in order) from their blocks to the end of block `to`, before `term`. Debug
/// records attached to a moved instruction stay where they were (on the next instruction).
fn move_before(body: &mut Body, insts: &[Inst], to: Block, term: Inst) {
    if insts.is_empty() {
        return;
    }
    let set: rustc_hash::FxHashSet<Inst> = insts.iter().copied().collect();
    let layout = body.layout.clone();
    for b in layout {
        super::edit::take_from_block(body, b, &|i| set.contains(&i));
    }
    if let Some(bd) = body.blocks.get_mut(to) {
        let pos = bd.insts.iter().position(|&i| i == term).unwrap_or(bd.insts.len());
        for (k, &i) in insts.iter().enumerate() {
            bd.insts.insert(pos + k, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn licm(src: &str) -> (String, PassResult) {
        let (m, g, r) = crate::passes::tests::run_on_f(src, run);
        (crate::text::print_function(&m, g), r)
    }

    fn stat(r: &PassResult, name: &str) -> u64 {
        r.stats.iter().find(|s| s.0 == name).map_or(0, |s| s.1)
    }

    #[test]
    fn hoists_pure_and_guarded_division() {
        let (t, r) = licm(
            "define i32 @f(i32 %a, i32 %b, i32 %n) {
             entry:
               br label %h
             h:
               %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
               %c = icmp slt i32 %i, 5
               br i1 %c, label %then, label %latch
             then:
               %x = mul nsw i32 %a, %b
               %q = sdiv i32 %a, 7
               %bad = sdiv i32 %a, -1
               %z = udiv i32 %a, %b
               br label %latch
             latch:
               %s = phi i32 [ 0, %h ], [ %x, %then ]
               %i.next = add i32 %i, 1
               %d = icmp slt i32 %i.next, %n
               br i1 %d, label %h, label %exit
             exit:
               ret i32 %s
             }",
        );
        assert_eq!(stat(&r, "instructions hoisted"), 2, "{t}");
        let entry = t.split("h:").next().unwrap_or("");
        assert!(entry.contains("%x = mul nsw") && entry.contains("%q = sdiv i32 %a, 7"), "{t}");
        assert!(!entry.contains("%bad") && !entry.contains("%z"), "{t}");
    }

    #[test]
    fn loads_need_no_aliasing_store() {
        let (t, r) = licm(
            "@g = global i32 1
             @h = global i32 2
             define i32 @f(i32 %n) {
             entry:
               br label %loop
             loop:
               %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
               %v = load i32, ptr @g
               %w = load i32, ptr @h
               store i32 %i, ptr @h
               %i.next = add i32 %i, %v
               %c = icmp slt i32 %i.next, %n
               br i1 %c, label %loop, label %exit
             exit:
               ret i32 %w
             }",
        );
        assert_eq!(stat(&r, "loads hoisted"), 1, "{t}");
        assert!(t.split("loop:").next().unwrap_or("").contains("%v = load i32, ptr @g"), "{t}");
    }

    #[test]
    fn no_loads_across_calls() {
        let (_, r) = licm(
            "@g = global i32 1
             declare void @k()
             define i32 @f(i32 %n) {
             entry:
               br label %loop
             loop:
               %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
               call void @k()
               %v = load i32, ptr @g
               %i.next = add i32 %i, %v
               %c = icmp slt i32 %i.next, %n
               br i1 %c, label %loop, label %exit
             exit:
               ret i32 %i
             }",
        );
        assert_eq!(stat(&r, "loads hoisted"), 0);
    }
}
