//! `early-cse`: common subexpression elimination in one walk of the dominator tree, with a
//! scoped hash table of pure instructions and of values known to be in memory.
//!
//! What it does:
//! * a pure instruction (arithmetic, bitwise, casts, `icmp`/`fcmp`, `select`, GEP,
//!   extract/insert of values and elements, `shufflevector`, calls of `memory(none)`
//!   intrinsics such as `llvm.smax`) equal to one available in a dominating position — same
//!   opcode, types, operands (commutative operands in a canonical order, `icmp` operands
//!   swapped with the predicate), predicate, indices — is replaced by it;
//! * poison-generating flags: the instruction kept takes the intersection of both flags
//!   (`nuw nsw exact disjoint nneg samesign inbounds nusw` and fast-math flags): the LangRef
//!   makes e.g. `add nsw` poison on overflow where plain `add` is not, so keeping the dominating
//!   `add nsw` for a plain `add` would put poison where there was a value. Dropping a flag only
//!   makes a value less poisonous, a refinement;
//! * loads: a non-volatile, non-atomic load of a pointer is replaced by the value of an earlier
//!   load of the same pointer and type, or of the value stored there by an earlier store, in
//!   the same memory generation. The generation changes at every instruction that may write
//!   memory (by `analysis/alias.rs`'s judgement of calls and intrinsics) and at the start of a
//!   block that is not entered only from its dominator-tree parent. The kept load loses
//!   `!range`, `!nonnull`, `!align` and `!noundef` unless the replaced one has the same;
//! * a store of the value just loaded from (or stored to) the same pointer in the same
//!   generation is removed.
//!
//! * `freeze` is merged too: a second `freeze` of a value may return any value, so returning
//!   the first one's is a refinement;
//! * instructions are simplified on the way by `instsimplify`'s folder (constants folded,
//!   identities such as `x + 0`, known bits), their operands first replaced by what replaces
//!   them, and trivially dead instructions are removed at the end, as LLVM's EarlyCSE does.
//!
//! Not done: calls other than pure intrinsics, CSE of `phi`s, volatile or atomic accesses;
//! no rules that create instructions (that is instcombine); loads across generations (that is
//! `gvn`, with the alias analysis).

use super::edit::{remove_insts, replace_chained};
use super::{with_body, PassResult};
use crate::analysis::{AliasAnalysis, Cfg};
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, Body, ConstKind, Extra, GlobalId, InstData, InstFlags, IntPredicate, Module, Opcode,
    Operand, Ordering, TypeId, Value,
};
use rustc_hash::FxHashMap as HashMap;

/// The identity of a pure expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ExprKey {
    op: Opcode,
    ty: TypeId,
    args: Vec<Operand>,
    extra: Vec<u32>,
}

impl ExprKey {
    /// The key of a phi: its type, incoming values, and its block then incoming blocks.
    pub(crate) fn phi(ty: TypeId, args: Vec<Operand>, extra: Vec<u32>) -> ExprKey {
        ExprKey { op: Opcode::Phi, ty, args, extra }
    }
}

fn operand_rank(o: &Operand) -> (u8, u32) {
    match o {
        Operand::Value(v) => (0, v.as_u32()),
        Operand::Const(c) => (1, c.as_u32()),
        Operand::Md(x) => (2, x.as_u32()),
    }
}

fn swap_pred(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Eq => P::Eq,
        P::Ne => P::Ne,
        P::Ugt => P::Ult,
        P::Uge => P::Ule,
        P::Ult => P::Ugt,
        P::Ule => P::Uge,
        P::Sgt => P::Slt,
        P::Sge => P::Sle,
        P::Slt => P::Sgt,
        P::Sle => P::Sge,
    }
}

/// The key of a pure instruction (operands mapped by `map`), `None` when it is not one this
/// pass merges.
pub(crate) fn expr_key(
    m: &Module,
    d: &InstData,
    map: &dyn Fn(Operand) -> Operand,
) -> Option<ExprKey> {
    let mut args: Vec<Operand> = d.args.iter().map(|&o| map(o)).collect();
    let mut extra: Vec<u32> = Vec::new();
    match d.op {
        op if op.is_binary() || op.is_cast() => {
            if op.is_commutative() && args.len() == 2 {
                args.sort_by_key(operand_rank);
            }
        }
        Opcode::FNeg
        | Opcode::Freeze
        | Opcode::Select
        | Opcode::ExtractElement
        | Opcode::InsertElement
        | Opcode::ShuffleVector => {}
        Opcode::ICmp => {
            let Extra::ICmp(mut p) = d.extra else { return None };
            if args.len() == 2 && operand_rank(&args[0]) > operand_rank(&args[1]) {
                args.swap(0, 1);
                p = swap_pred(p);
            }
            extra.push(p as u32);
        }
        Opcode::FCmp => {
            let Extra::FCmp(p) = d.extra else { return None };
            extra.push(p as u32);
        }
        Opcode::GetElementPtr => {
            let Extra::Gep { source_ty } = d.extra else { return None };
            extra.push(source_ty.as_u32());
        }
        Opcode::ExtractValue | Opcode::InsertValue => {
            let Extra::Indices(ix) = &d.extra else { return None };
            extra.extend(ix.iter().copied());
        }
        Opcode::Call => {
            let ci = d.call_info()?;
            if !ci.bundles.is_empty() {
                return None;
            }
            let Some(Operand::Const(c)) = d.args.first().copied() else { return None };
            if !m.consts.is_valid(c) {
                return None;
            }
            let ConstKind::Global(g) = m.consts.kind(c) else { return None };
            let f = m.func(*g)?;
            if f.ty != ci.fn_ty {
                return None;
            }
            if !f.intrinsic.is_some_and(|i| i.is_pure()) {
                return None;
            }
            extra.push(ci.fn_ty.as_u32());
        }
        _ => return None,
    }
    // The result type is in the key: it tells casts apart (`zext i8 %x to i16` / `to i32`).
    Some(ExprKey { op: d.op, ty: d.ty, args, extra })
}

/// Makes the flags of the kept instruction `keep` the intersection of its own and `gone`'s.
pub(crate) fn intersect_flags(body: &mut Body, keep: crate::ir::Inst, gone: &InstData) {
    let Some(k) = body.insts.get_mut(keep) else { return };
    let norm = |d: &InstData| {
        let mut f = d.flags.0;
        if d.op == Opcode::GetElementPtr && f & InstFlags::INBOUNDS != 0 {
            f |= InstFlags::NUSW;
        }
        f
    };
    let f = norm(k) & norm(gone);
    k.flags.0 = f;
    k.fmf.0 &= gone.fmf.0;
}

/// Drops poison- or UB-making metadata from a kept load that the replaced one lacks.
pub(crate) fn intersect_load_md(
    m: &Module,
    body: &mut Body,
    keep: crate::ir::Inst,
    gone: &InstData,
) {
    let Some(k) = body.insts.get_mut(keep) else { return };
    k.md.retain(|(sym, md)| {
        let name = m.symbols.get(*sym);
        !matches!(name, "range" | "nonnull" | "align" | "noundef")
            || gone.md.iter().any(|(s2, md2)| s2 == sym && md2 == md)
    });
}

fn is_simple_access(d: &InstData) -> bool {
    !d.flags.has(InstFlags::VOLATILE)
        && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic)
}

/// Runs `early-cse` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let (cse, loads, stores, dead) = early_cse(m, g, body);
        PassResult::from_stats(vec![
            ("instructions merged", cse),
            ("loads replaced", loads),
            ("redundant stores removed", stores),
            ("instructions simplified or dead", dead),
        ])
    })
}

fn early_cse(m: &mut Module, g: GlobalId, body: &mut Body) -> (u64, u64, u64, u64) {
    let Some(entry) = body.entry() else { return (0, 0, 0, 0) };
    let cfg = Cfg::new(body);
    let facts = super::instsimplify::Facts::new(m, g, body);
    let dt = &facts.dt;
    // Which instructions may write memory (computed before editing).
    let writes: SecondaryMap<crate::ir::Inst, bool> = {
        let aa = AliasAnalysis::new(m, g, body);
        body.insts.values().map(|d| aa.may_write_memory(d)).collect()
    };
    let mut repl: SecondaryMap<Value, Option<Operand>> =
        SecondaryMap::from_elem(None, body.values.len());
    let mut dead = SecondaryMap::from_elem(false, body.insts.len());
    let mut exprs: HashMap<ExprKey, Vec<(Value, crate::ir::Inst)>> = HashMap::default();
    // (pointer, type) -> (value, generation, the load that produced it, if a load)
    type MemEntry = (Operand, u64, Option<crate::ir::Inst>);
    let mut mem: HashMap<(Operand, TypeId), Vec<MemEntry>> = HashMap::default();
    let mut generation = 0u64;
    let (mut n_cse, mut n_loads, mut n_stores, mut n_simpl) = (0u64, 0u64, 0u64, 0u64);

    // Iterative dominator-tree walk; each frame undoes its table entries on exit.
    struct Frame {
        block: Block,
        child: usize,
        expr_keys: Vec<ExprKey>,
        mem_keys: Vec<(Operand, TypeId)>,
        /// The memory generation at the end of the block (children start from it).
        gen: u64,
    }
    let mut stack = vec![Frame {
        block: entry,
        child: usize::MAX,
        expr_keys: Vec::new(),
        mem_keys: Vec::new(),
        gen: 0,
    }];
    while let Some(top) = stack.last_mut() {
        if top.child == usize::MAX {
            top.child = 0;
            generation = top.gen;
            let b = top.block;
            let preds = cfg.preds(b);
            let parent = dt.idom(b);
            if !(preds.len() == 1 && preds.first().copied() == parent) {
                generation += 1;
            }
            let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
            for i in insts {
                let map = |o: Operand| match o {
                    Operand::Value(v) => repl.get(v).copied().flatten().unwrap_or(o),
                    _ => o,
                };
                // Operands take their replacements (which dominate them) before folding.
                if let Some(d) = body.insts.get_mut(i) {
                    super::edit::for_each_operand_mut(d, &mut |o| *o = map(*o));
                }
                let Some(d) = body.insts.get(i) else { continue };
                if let (Some(r), Some(o)) =
                    (d.result, super::instsimplify::simplify(m, body, i, &facts))
                {
                    if o != Operand::Value(r) {
                        if let Some(s) = repl.get_mut(r) {
                            *s = Some(o);
                        }
                        if let Some(s) = dead.get_mut(i) {
                            *s = true;
                        }
                        n_simpl += 1;
                        continue;
                    }
                }
                match d.op {
                    Opcode::Load if is_simple_access(d) => {
                        let Some(&p) = d.args.first() else { continue };
                        let key = (map(p), d.ty);
                        let hit = mem
                            .get(&key)
                            .and_then(|v| v.last())
                            .filter(|e| e.1 == generation)
                            .copied();
                        let Some(r) = d.result else { continue };
                        match hit {
                            Some((val, _, src)) => {
                                let gone = d.clone();
                                if let Some(src) = src {
                                    intersect_load_md(m, body, src, &gone);
                                }
                                if let Some(s) = repl.get_mut(r) {
                                    *s = Some(val);
                                }
                                if let Some(s) = dead.get_mut(i) {
                                    *s = true;
                                }
                                n_loads += 1;
                            }
                            None => {
                                mem.entry(key).or_default().push((
                                    Operand::Value(r),
                                    generation,
                                    Some(i),
                                ));
                                if let Some(top) = stack.last_mut() {
                                    top.mem_keys.push(key);
                                }
                            }
                        }
                        continue;
                    }
                    Opcode::Store if is_simple_access(d) => {
                        let (Some(&v), Some(&p)) = (d.args.first(), d.args.get(1)) else {
                            continue;
                        };
                        let (v, p) = (map(v), map(p));
                        let ty = m.operand_ty(body, v);
                        let key = (p, ty);
                        let same = mem
                            .get(&key)
                            .and_then(|e| e.last())
                            .is_some_and(|e| e.1 == generation && e.0 == v);
                        if same {
                            if let Some(s) = dead.get_mut(i) {
                                *s = true;
                            }
                            n_stores += 1;
                            continue;
                        }
                        generation += 1;
                        mem.entry(key).or_default().push((v, generation, None));
                        if let Some(top) = stack.last_mut() {
                            top.mem_keys.push(key);
                        }
                        continue;
                    }
                    _ => {}
                }
                let Some(d) = body.insts.get(i) else { continue };
                if writes.get(i).copied().unwrap_or(true) {
                    generation += 1;
                }
                let Some(r) = d.result else { continue };
                let Some(key) = expr_key(m, d, &map) else { continue };
                match exprs.get(&key).and_then(|v| v.last()).copied() {
                    Some((leader, li)) => {
                        let gone = d.clone();
                        intersect_flags(body, li, &gone);
                        if let Some(s) = repl.get_mut(r) {
                            *s = Some(Operand::Value(leader));
                        }
                        if let Some(s) = dead.get_mut(i) {
                            *s = true;
                        }
                        n_cse += 1;
                    }
                    None => {
                        exprs.entry(key.clone()).or_default().push((r, i));
                        if let Some(top) = stack.last_mut() {
                            top.expr_keys.push(key);
                        }
                    }
                }
            }
        }
        let Some(top) = stack.last_mut() else { break };
        if top.child == 0 {
            top.gen = generation;
        }
        let children = dt.children(top.block);
        if let Some(&c) = children.get(top.child) {
            top.child += 1;
            let gen = top.gen;
            stack.push(Frame {
                block: c,
                child: usize::MAX,
                expr_keys: Vec::new(),
                mem_keys: Vec::new(),
                gen,
            });
        } else if let Some(f) = stack.pop() {
            for k in f.expr_keys {
                if let Some(v) = exprs.get_mut(&k) {
                    v.pop();
                }
            }
            for k in f.mem_keys {
                if let Some(v) = mem.get_mut(&k) {
                    v.pop();
                }
            }
        }
    }
    if n_cse + n_loads + n_stores + n_simpl > 0 {
        replace_chained(body, &repl);
        remove_insts(&mut m.consts, body, &|i| dead.get(i).copied().unwrap_or(false));
    }
    let n_dead = super::dce::remove_dead(m, body) as u64;
    (n_cse, n_loads, n_stores, n_dead + n_simpl)
}

#[cfg(test)]
mod tests {
    fn opt(src: &str) -> String {
        crate::passes::tests::optimized(src, "early-cse")
    }

    #[test]
    fn commutative_flags_and_loads() {
        let out = opt(r#"
declare void @clobber()
define i32 @f(i32 %a, i32 %b, ptr %p) {
entry:
  %x = add nsw i32 %a, %b
  %y = add i32 %b, %a
  %c1 = icmp slt i32 %a, %b
  %c2 = icmp sgt i32 %b, %a
  %z = zext i1 %c2 to i32
  %l1 = load i32, ptr %p
  %l2 = load i32, ptr %p
  call void @clobber()
  %l3 = load i32, ptr %p
  store i32 %l3, ptr %p
  %s = add i32 %x, %y
  %t = add i32 %s, %l1
  %u = add i32 %t, %l2
  %v = add i32 %u, %l3
  %w = add i32 %v, %z
  %q = zext i1 %c1 to i32
  %r = add i32 %w, %q
  ret i32 %r
}
"#);
        assert!(out.contains("%x = add i32 %a, %b"), "nsw dropped: {out}");
        assert!(!out.contains("%y ="), "{out}");
        assert!(!out.contains("%c2 =") && !out.contains("%l2 =") && !out.contains("%q ="), "{out}");
        assert!(out.contains("%l3 = load"), "{out}");
        assert!(!out.contains("store"), "{out}");
    }
}
