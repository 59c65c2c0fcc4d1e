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
use super::loop_driver::{for_each_exit_edge, own_blocks, unsupported_loops};
use super::loop_edit::def_inst;
use super::loop_simplify::simplify_loops;
use super::{with_body, PassResult};
use crate::analysis::loop_info::{latches, preheader};
use crate::analysis::{Cfg, DomTree, LoopForest};
use crate::ir::SecondaryMap;
use crate::ir::{
    opcode::OpClass, Block, Body, ConstKind, Extra, GlobalId, Inst, InstData, InstFlags, Module,
    Opcode, Operand, Ordering, Value, ValueDef,
};
use rustc_hash::FxHashSet as HashSet;

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

/// What the instructions of `blocks` do to memory.
fn blocks_memory(m: &Module, body: &Body, blocks: &[Block]) -> Memory {
    let mut mem = Memory { unknown: false, stored: Vec::new() };
    for &b in blocks {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            let plain = !d.flags.has(InstFlags::VOLATILE)
                && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic);
            match d.op {
                Opcode::Load if plain => {}
                Opcode::Store if plain => {
                    match d.args.get(1).and_then(|&p| underlying_object(m, body, p)) {
                        Some(o) if !mem.stored.contains(&o) => mem.stored.push(o),
                        Some(_) => {}
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
///
/// Loops are taken deepest first, each loop's blocks in dominance (reverse post-) order, as
/// one sweep over each loop would take them, but an instruction of an inner loop is looked at
/// again for an outer loop only when it could move: when it stayed in the inner loop although
/// its operands did not change there (it was not safe to run there, a load that does not run
/// on every iteration), or when an instruction it uses just moved out of the outer loop. Any
/// other instruction of an inner loop uses a value that changes in the outer loop too. So the
/// work is about the size of the function, however deep the loops nest; the analyses and
/// each loop's exiting blocks, memory effects and refusals are found once.
fn hoist_all(m: &mut Module, body: &mut Body, g: GlobalId) -> (u64, u64) {
    let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let lf = LoopForest::new(&cfg, &dt);
    let nl = lf.loops().len();
    if nl == 0 {
        return (0, 0);
    }
    let mut rpo_index: SecondaryMap<Block, u32> =
        SecondaryMap::from_elem(u32::MAX, body.blocks.len());
    for (k, &b) in dt.rpo().iter().enumerate() {
        rpo_index[b] = k as u32;
    }
    let mut block_of = super::edit::inst_blocks(body);
    let users = super::edit::use_lists(body);
    let own = own_blocks(&cfg, &lf);
    let unsupported = unsupported_loops(body, &lf, &own, &|b| taken.contains(b));
    let exiting = exiting_of_loops(&cfg, &lf);
    // Memory effects: an inner loop's are in the loops around it (moving pure instructions
    // and loads out of loops changes none).
    let mut mems: Vec<Memory> = own.iter().map(|blocks| blocks_memory(m, body, blocks)).collect();
    for k in (0..nl).rev() {
        let Some(p) = lf.get(k).and_then(|l| l.parent) else { continue };
        let (Some(child), Some(_)) = (mems.get(k), mems.get(p)) else { continue };
        let (unknown, stored) = (child.unknown, child.stored.clone());
        if let Some(pm) = mems.get_mut(p) {
            pm.unknown |= unknown;
            for o in stored {
                if !pm.stored.contains(&o) {
                    pm.stored.push(o);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..nl).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(lf.get(k).map_or(0, |l| l.depth)));
    // Instructions that stayed in a loop although their operands did not change in it.
    let mut blocked: Vec<Vec<Inst>> = vec![Vec::new(); nl];
    // Stamps (a loop's id + 1): candidates of inner loops, values moving out of the loop.
    let mut cand: SecondaryMap<Inst, u32> = SecondaryMap::from_elem(0, body.insts.len());
    let mut moving: SecondaryMap<Value, u32> = SecondaryMap::from_elem(0, body.values.len());
    let mut visited: SecondaryMap<Block, u32> = SecondaryMap::from_elem(0, body.blocks.len());
    let (mut n, mut n_loads) = (0u64, 0u64);
    for id in order {
        let Some(l) = lf.get(id) else { continue };
        if unsupported.get(id).copied().unwrap_or(true) {
            continue;
        }
        let Some(ph) = preheader(l, &cfg) else { continue };
        let Some(ph_term) = body.terminator(ph) else { continue };
        let Some(mem) = mems.get(id) else { continue };
        let stamp = id as u32 + 1;
        let mut must_run: Vec<Block> = exiting.get(id).cloned().unwrap_or_default();
        must_run.extend(latches(l, &cfg));
        // The blocks to visit in dominance order: the loop's own, and blocks of inner loops
        // holding candidates (found before the visit or while it goes on).
        let mut own_order: Vec<Block> = own.get(id).cloned().unwrap_or_default();
        own_order.sort_by_key(|&b| rpo_index[b]);
        let mut extra: std::collections::BTreeMap<u32, Block> = Default::default();
        for &c in &l.children {
            for &i in blocked.get(c).map(Vec::as_slice).unwrap_or(&[]) {
                if let Some(b) = block_of.get(i).copied().flatten() {
                    cand[i] = stamp;
                    extra.insert(rpo_index[b], b);
                }
            }
        }
        let is_variant = |v: Value, moving: &SecondaryMap<Value, u32>| {
            moving[v] != stamp
                && match body.values.get(v).map(|vd| vd.def) {
                    Some(ValueDef::Inst(i)) => {
                        block_of.get(i).copied().flatten().is_some_and(|b| l.contains(b))
                    }
                    _ => false,
                }
        };
        let mut hoisted: Vec<Inst> = Vec::new();
        let mut stayed: Vec<Inst> = Vec::new();
        let mut next_own = 0;
        loop {
            // The next block: the first of the own ones and the extra ones.
            let own_next = own_order.get(next_own).copied();
            let extra_next = extra.first_key_value().map(|(&k, &b)| (k, b));
            let b = match (own_next, extra_next) {
                (Some(o), Some((k, e))) if k < rpo_index[o] => {
                    extra.remove(&k);
                    e
                }
                (Some(o), _) => {
                    next_own += 1;
                    o
                }
                (None, Some((k, e))) => {
                    extra.remove(&k);
                    e
                }
                (None, None) => break,
            };
            visited[b] = stamp;
            let inner = lf.innermost(b) != Some(id);
            let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
            for i in insts {
                if inner && cand[i] != stamp {
                    continue;
                }
                let Some(d) = body.insts.get(i) else { continue };
                let Some(res) = d.result else { continue };
                let invariant_ops = d.args.iter().all(|o| match o {
                    Operand::Const(_) => true,
                    Operand::Value(v) => !is_variant(*v, &moving),
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
                    load_is_hoistable(m, body, d, mem)
                        && must_run.iter().all(|&x| dt.dominates(b, x))
                } else {
                    is_speculatable(m, d)
                };
                if !ok {
                    stayed.push(i);
                    continue;
                }
                moving[res] = stamp;
                hoisted.push(i);
                n += 1;
                n_loads += is_load as u64;
                // Its users in inner loops may move now.
                for &u in users.get(res).map(Vec::as_slice).unwrap_or(&[]) {
                    if !may_move(body, u) {
                        continue;
                    }
                    let Some(ub) = block_of.get(u).copied().flatten() else { continue };
                    if l.contains(ub) && lf.innermost(ub) != Some(id) && cand[u] != stamp {
                        cand[u] = stamp;
                        // A block being visited reaches its later candidates itself.
                        if visited[ub] != stamp {
                            extra.insert(rpo_index[ub], ub);
                        }
                    }
                }
            }
        }
        if let Some(bl) = blocked.get_mut(id) {
            *bl = stayed;
        }
        move_before(body, &mut block_of, &hoisted, ph, ph_term);
    }
    (n, n_loads)
}

/// True when instruction `i` is of a kind that may move at all (it has a result and no other
/// data than a compare predicate, a GEP's type, indices or memory flags).
fn may_move(body: &Body, i: Inst) -> bool {
    body.insts.get(i).is_some_and(|d| {
        d.result.is_some()
            && matches!(
                d.extra,
                Extra::None
                    | Extra::ICmp(_)
                    | Extra::FCmp(_)
                    | Extra::Gep { .. }
                    | Extra::Indices(_)
                    | Extra::Mem(_)
            )
    })
}

/// The exiting blocks of every loop of the forest: each edge is looked at once per loop it
/// leaves.
fn exiting_of_loops(cfg: &Cfg, lf: &LoopForest) -> Vec<Vec<Block>> {
    let mut out: Vec<Vec<Block>> = vec![Vec::new(); lf.loops().len()];
    for_each_exit_edge(cfg, lf, |k, _, a, _| {
        if let Some(x) = out.get_mut(k) {
            if x.last() != Some(&a) {
                x.push(a);
            }
        }
    });
    out
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
fn move_before(
    body: &mut Body,
    block_of: &mut SecondaryMap<Inst, Option<Block>>,
    insts: &[Inst],
    to: Block,
    term: Inst,
) {
    if insts.is_empty() {
        return;
    }
    let set: HashSet<Inst> = insts.iter().copied().collect();
    let mut from: Vec<Block> =
        insts.iter().filter_map(|&i| block_of.get(i).copied().flatten()).collect();
    from.sort_unstable();
    from.dedup();
    for b in from {
        super::edit::take_from_block(body, b, &|i| set.contains(&i));
    }
    if let Some(bd) = body.blocks.get_mut(to) {
        let pos = bd.insts.iter().position(|&i| i == term).unwrap_or(bd.insts.len());
        for (k, &i) in insts.iter().enumerate() {
            bd.insts.insert(pos + k, i);
        }
    }
    for &i in insts {
        block_of[i] = Some(to);
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

    /// A load that does not run on every iteration of the inner loop (its latch is reached
    /// around it) stays there, but runs on every iteration of the outer one (the inner loop
    /// leaves only through it): it moves out of the outer loop, with what uses it.
    #[test]
    fn a_load_kept_in_an_inner_loop_moves_out_of_the_outer_one() {
        let (m, _, r) = crate::passes::tests::run_on_f(
            "@g = global i32 5
             define i32 @f(i32 %n, i1 %c) {
             entry:
               br label %oh
             oh:
               %i = phi i32 [ 0, %entry ], [ %i.n, %olatch ]
               br label %hc
             hc:
               %j = phi i32 [ 0, %oh ], [ %j.n, %lat ]
               %j.n = add i32 %j, 1
               br i1 %c, label %lat, label %b
             b:
               %v = load i32, ptr @g
               %k = icmp eq i32 %v, 0
               %w = add i32 %v, %n
               br i1 %k, label %cexit, label %lat
             lat:
               br label %hc
             cexit:
               %w.l = phi i32 [ %w, %b ]
               br label %olatch
             olatch:
               %i.n = add i32 %i, %w.l
               %ic = icmp slt i32 %i.n, %n
               br i1 %ic, label %oh, label %exit
             exit:
               ret i32 %i.n
             }",
            super::run,
        );
        assert!(r.stats.contains(&("instructions hoisted", 3)), "{:?}", r.stats);
        assert!(r.stats.contains(&("loads hoisted", 1)), "{:?}", r.stats);
        let t = crate::text::print_module(&m);
        let entry = t.split("oh:").next().unwrap_or("");
        assert!(entry.contains("load i32, ptr @g") && entry.contains("%w = add i32 %v, %n"), "{t}");
    }
}
