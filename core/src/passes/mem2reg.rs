//! `mem2reg`: promotes allocas to SSA values, as LLVM's `PromoteMemToReg`: phis at the iterated
//! dominance frontier of the blocks that store (pruned to where the variable is live), then a
//! renaming walk over the dominator tree.
//!
//! An alloca is promoted when it is in the entry block, allocates one element (no count operand
//! other than 1, no `inalloca`/`swifterror`), and every use is one of:
//! * a `load` of exactly the allocated type from it, neither volatile nor atomic;
//! * a `store` of a value of exactly the allocated type to it (not of the pointer itself),
//!   neither volatile nor atomic;
//! * `llvm.lifetime.start`/`llvm.lifetime.end` on it (removed, as LLVM does);
//! * debug uses: `#dbg_declare`/`llvm.dbg.declare` records and calls are removed (LLVM turns them
//!   into `#dbg_value`s at each store; we drop them, which loses debug locations but never
//!   changes behaviour), other debug records become `poison`.
//!
//! Anything else (a GEP, a call argument, a store of the address, a compare) makes the address
//! escape, and the alloca stays.
//!
//! Values: a load before any store reads `undef`, as LLVM 19's mem2reg gives it (`ret i32 undef`
//! for a load of a fresh alloca). Loads in unreachable blocks become `poison` and go away with
//! the stores there. A phi that merges one value `V` with itself and `undef`/`poison` is replaced
//! by `V` when that is a refinement: always when the others are `poison`; with `undef` only when
//! `V` is a constant that is neither `undef`, `poison` nor a constant expression (LLVM also does
//! it for any `V` that dominates the phi, which is unsound when `V` is poison; we keep the phi).
//! Missing phi entries for unreachable predecessors are `poison`, as in LLVM.

use super::edit::{inst_blocks, remove_insts, replace_uses, undef, use_lists};
use super::{with_body, PassResult};
use crate::analysis::{Cfg, DomTree, DominanceFrontiers};
use crate::ir::Intrinsic;
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, Body, ConstId, ConstKind, Extra, GlobalId, Inst, InstData, InstFlags, LocalName,
    MdOperand, Module, Opcode, Operand, Ordering, TypeId, Value, ValueData, ValueDef,
};
use rustc_hash::FxHashMap as HashMap;

/// Runs `mem2reg` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        // Promoting one alloca can remove the last escape of another (`store ptr %b, ptr %a`),
        // so repeat until nothing is promotable, as LLVM's mem2reg does.
        let (mut promoted, mut phis_placed) = (0, 0);
        loop {
            let (p, f) = promote(m, body);
            if p == 0 {
                break;
            }
            promoted += p;
            phis_placed += f;
        }
        PassResult::from_stats(vec![("allocas promoted", promoted), ("phis inserted", phis_placed)])
    })
}

/// How the function uses one promotable alloca.
struct Candidate {
    alloca: Inst,
    ptr: Value,
    ty: TypeId,
    /// Loads, stores and droppable users (lifetime markers, `llvm.dbg.declare`).
    loads: Vec<Inst>,
    stores: Vec<Inst>,
    droppable: Vec<Inst>,
}

/// Which candidate a memory instruction belongs to.
#[derive(Copy, Clone)]
enum Access {
    Load(usize),
    Store(usize),
}

fn promote(m: &mut Module, body: &mut Body) -> (u64, u64) {
    let cands = candidates(m, body);
    if cands.is_empty() {
        return (0, 0);
    }
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let df = DominanceFrontiers::new(&cfg, &dt);
    let blocks_of = inst_blocks(body);
    let block_of = |i: Inst| blocks_of.get(i).copied().flatten();

    let mut access: HashMap<Inst, Access> = HashMap::default();
    for (k, c) in cands.iter().enumerate() {
        access.extend(c.loads.iter().map(|&i| (i, Access::Load(k))));
        access.extend(c.stores.iter().map(|&i| (i, Access::Store(k))));
    }

    // The blocks where each candidate's first access is a load, in one walk over the body.
    let mut loads_first: Vec<Vec<Block>> = vec![Vec::new(); cands.len()];
    {
        let mut seen: rustc_hash::FxHashSet<(Block, usize)> = Default::default();
        for &b in &body.layout {
            for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
                let (k, load) = match access.get(&i) {
                    Some(Access::Load(k)) => (*k, true),
                    Some(Access::Store(k)) => (*k, false),
                    None => continue,
                };
                if seen.insert((b, k)) && load {
                    if let Some(l) = loads_first.get_mut(k) {
                        l.push(b);
                    }
                }
            }
        }
    }
    // Phi placement: iterated dominance frontier of the storing blocks, pruned to live-in blocks.
    let mut phi_of: HashMap<(Block, usize), Inst> = HashMap::default();
    let mut new_phis: Vec<(Inst, usize)> = Vec::new();
    let mut names = PhiNames::new(body);
    for (k, c) in cands.iter().enumerate() {
        let mut version = 0u32;
        let mut defs: Vec<Block> =
            c.stores.iter().filter_map(|&s| block_of(s)).filter(|&b| dt.is_reachable(b)).collect();
        defs.sort();
        defs.dedup();
        let live =
            live_in_blocks(&cfg, loads_first.get(k).map(Vec::as_slice).unwrap_or(&[]), &defs);
        for b in df.iterated(&defs) {
            if !live.contains(&b) || !dt.is_reachable(b) {
                continue;
            }
            let mut data = InstData::new(Opcode::Phi, c.ty, Vec::new());
            data.extra = Extra::Phi(Box::new([]));
            let phi = new_inst(body, data);
            let name = names.next(m, body, c.ptr, &mut version);
            if let Some(vd) =
                body.insts.get(phi).and_then(|d| d.result).and_then(|v| body.values.get_mut(v))
            {
                vd.name = name;
            }
            if let Some(bd) = body.blocks.get_mut(b) {
                bd.insts.insert(0, phi);
            }
            phi_of.insert((b, k), phi);
            new_phis.push((phi, k));
        }
    }

    let blocks_of = inst_blocks(body);

    // Renaming over the dominator tree, depth first (a block's later children first), with
    // the current value of each alloca kept in one array and put back on the way up: the
    // work is about the accesses and phis, not blocks times allocas.
    let mut repl: HashMap<Value, Operand> = HashMap::default();
    let mut cur: Vec<Operand> =
        cands.iter().map(|c| Operand::Const(undef(&mut m.consts, c.ty))).collect();
    let mut phis_at: HashMap<Block, Vec<(usize, Inst)>> = HashMap::default();
    for (&(b, k), &phi) in &phi_of {
        phis_at.entry(b).or_default().push((k, phi));
    }
    for list in phis_at.values_mut() {
        list.sort_unstable_by_key(|e| e.0);
    }
    let mut undo: Vec<(usize, Operand)> = Vec::new();
    // (block, children still to visit, where its changes start in `undo`)
    let mut frames: Vec<(Block, usize, usize)> = Vec::new();
    let enter = |b: Block,
                 body: &mut Body,
                 cur: &mut Vec<Operand>,
                 undo: &mut Vec<(usize, Operand)>,
                 repl: &mut HashMap<Value, Operand>| {
        let mark = undo.len();
        for &(k, phi) in phis_at.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
            if let (Some(v), Some(slot)) =
                (body.insts.get(phi).and_then(|d| d.result), cur.get_mut(k))
            {
                undo.push((k, *slot));
                *slot = Operand::Value(v);
            }
        }
        let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
        for i in insts {
            match access.get(&i) {
                Some(&Access::Load(k)) => {
                    if let (Some(v), Some(&val)) =
                        (body.insts.get(i).and_then(|d| d.result), cur.get(k))
                    {
                        repl.insert(v, val);
                    }
                }
                Some(&Access::Store(k)) => {
                    if let (Some(&stored), Some(slot)) =
                        (body.insts.get(i).and_then(|d| d.args.first()), cur.get_mut(k))
                    {
                        undo.push((k, *slot));
                        *slot = resolve(repl, stored);
                    }
                }
                None => {}
            }
        }
        for &s in cfg.succs(b) {
            for &(k, phi) in phis_at.get(&s).map(Vec::as_slice).unwrap_or(&[]) {
                if let Some(&val) = cur.get(k) {
                    add_incoming(body, phi, val, b);
                }
            }
        }
        (b, dt.children(b).len(), mark)
    };
    if let Some(e) = body.entry() {
        frames.push(enter(e, body, &mut cur, &mut undo, &mut repl));
    }
    while let Some(top) = frames.last_mut() {
        let (b, left, mark) = *top;
        if left > 0 {
            top.1 -= 1;
            if let Some(&child) = dt.children(b).get(left - 1) {
                frames.push(enter(child, body, &mut cur, &mut undo, &mut repl));
            }
        } else {
            frames.pop();
            while undo.len() > mark {
                if let Some((k, old)) = undo.pop() {
                    if let Some(slot) = cur.get_mut(k) {
                        *slot = old;
                    }
                }
            }
        }
    }

    // Loads in unreachable blocks read poison.
    for c in &cands {
        for &l in &c.loads {
            if let Some(v) = body.insts.get(l).and_then(|d| d.result) {
                repl.entry(v)
                    .or_insert_with(|| Operand::Const(super::edit::poison(&mut m.consts, c.ty)));
            }
        }
    }
    let resolved: HashMap<Value, Operand> =
        repl.keys().map(|&v| (v, resolve(&repl, Operand::Value(v)))).collect();
    replace_uses(body, &|v| resolved.get(&v).copied());

    // Remove the allocas, their accesses and droppable users, and debug declares of them.
    let mut dead = SecondaryMap::from_elem(false, body.insts.len());
    for c in &cands {
        for &i in
            c.loads.iter().chain(&c.stores).chain(&c.droppable).chain(std::iter::once(&c.alloca))
        {
            if let Some(s) = dead.get_mut(i) {
                *s = true;
            }
        }
    }
    drop_declares(body, &cands);
    remove_insts(&mut m.consts, body, &|i| dead.get(i).copied().unwrap_or(false));

    // Phis that merge one value, then missing entries of unreachable predecessors.
    let gone = simplify_phis(m, body, &new_phis, &dt, &blocks_of);
    let mut placed = 0;
    for &(phi, k) in &new_phis {
        if gone.contains(&phi) {
            continue;
        }
        placed += 1;
        let Some(b) = blocks_of.get(phi).copied().flatten() else { continue };
        let mut have: Vec<Block> = match body.insts.get(phi).map(|d| &d.extra) {
            Some(Extra::Phi(bs)) => bs.to_vec(),
            _ => continue,
        };
        for &p in cfg.preds(b) {
            if let Some(pos) = have.iter().position(|&x| x == p) {
                have.remove(pos);
            } else if let Some(c) = cands.get(k) {
                let pz = super::edit::poison(&mut m.consts, c.ty);
                add_incoming(body, phi, Operand::Const(pz), p);
            }
        }
    }
    (cands.len() as u64, placed)
}

/// Names phis as LLVM does: the alloca's name, a dot and a version (`%v.0`, `%.0` for an
/// unnamed alloca), skipping names the function already uses.
struct PhiNames {
    taken: rustc_hash::FxHashSet<crate::ir::Symbol>,
}

impl PhiNames {
    fn new(body: &Body) -> PhiNames {
        let taken = body.values.values().filter_map(|vd| match vd.name {
            LocalName::Named(s) => Some(s),
            LocalName::Unnamed => None,
        });
        PhiNames { taken: taken.collect() }
    }

    fn next(&mut self, m: &mut Module, body: &Body, alloca: Value, version: &mut u32) -> LocalName {
        let base = match body.values.get(alloca).map(|vd| vd.name) {
            Some(LocalName::Named(s)) => m.symbols.get(s).to_string(),
            _ => String::new(),
        };
        loop {
            let name = format!("{base}.{version}");
            *version += 1;
            let sym = m.symbols.intern(&name);
            if self.taken.insert(sym) {
                return LocalName::Named(sym);
            }
        }
    }
}

/// Follows replacements of loads until a value that stays.
fn resolve(repl: &HashMap<Value, Operand>, mut o: Operand) -> Operand {
    for _ in 0..repl.len() + 1 {
        match o {
            Operand::Value(v) => match repl.get(&v) {
                Some(&next) if next != o => o = next,
                _ => return o,
            },
            _ => return o,
        }
    }
    o
}

/// Adds a new instruction (not yet in a block) with its result value.
fn new_inst(body: &mut Body, mut data: InstData) -> Inst {
    let inst = body.insts.next_key();
    if data.ty != TypeId::VOID {
        let v = body.values.push(ValueData {
            ty: data.ty,
            def: ValueDef::Inst(inst),
            name: LocalName::Unnamed,
        });
        body.value_spans.push(data.span);
        data.result = Some(v);
    }
    body.insts.push(data);
    inst
}

fn add_incoming(body: &mut Body, phi: Inst, val: Operand, from: Block) {
    if let Some(d) = body.insts.get_mut(phi) {
        if let Extra::Phi(bs) = &mut d.extra {
            let mut v = bs.to_vec();
            v.push(from);
            *bs = v.into_boxed_slice();
            d.args.push(val);
        }
    }
}

/// The promotable allocas of the entry block, with their users.
fn candidates(m: &Module, body: &Body) -> Vec<Candidate> {
    let Some(entry) = body.entry() else { return Vec::new() };
    let users = use_lists(body);
    let mut out = Vec::new();
    let Some(bd) = body.blocks.get(entry) else { return out };
    for &i in &bd.insts {
        let Some(d) = body.insts.get(i) else { continue };
        if d.op != Opcode::Alloca
            || d.flags.has(InstFlags::INALLOCA)
            || d.flags.has(InstFlags::SWIFTERROR)
        {
            continue;
        }
        let Extra::Alloca { elem_ty, .. } = d.extra else { continue };
        let Some(ptr) = d.result else { continue };
        let count_ok = match d.args.first() {
            None => true,
            Some(Operand::Const(c)) => {
                m.consts.is_valid(*c)
                    && matches!(m.consts.kind(*c), ConstKind::Int(v) if v.to_u64() == Some(1))
            }
            Some(_) => false,
        };
        if !count_ok || elem_ty == TypeId::VOID {
            continue;
        }
        let mut c = Candidate {
            alloca: i,
            ptr,
            ty: elem_ty,
            loads: Vec::new(),
            stores: Vec::new(),
            droppable: Vec::new(),
        };
        let ok = users.get(ptr).is_some_and(|us| us.iter().all(|&u| classify(m, body, &mut c, u)));
        if ok {
            out.push(c);
        }
    }
    out
}

fn simple_access(d: &InstData) -> bool {
    !d.flags.has(InstFlags::VOLATILE)
        && d.mem_info().is_some_and(|mi| mi.ordering == Ordering::NotAtomic)
}

/// Files user `u` of the candidate's address; false when it makes the address escape.
fn classify(m: &Module, body: &Body, c: &mut Candidate, u: Inst) -> bool {
    let Some(d) = body.insts.get(u) else { return false };
    let p = Operand::Value(c.ptr);
    match d.op {
        Opcode::Load => {
            if d.args.first() == Some(&p) && d.ty == c.ty && simple_access(d) {
                c.loads.push(u);
                return true;
            }
            false
        }
        Opcode::Store => {
            let (Some(&val), Some(&addr)) = (d.args.first(), d.args.get(1)) else { return false };
            if addr == p && val != p && m.operand_ty(body, val) == c.ty && simple_access(d) {
                c.stores.push(u);
                return true;
            }
            false
        }
        Opcode::Call => {
            let Some((Operand::Const(callee), args)) = d.callee_and_args() else { return false };
            if !m.consts.is_valid(callee) {
                return false;
            }
            let ConstKind::Global(g) = m.consts.kind(callee) else { return false };
            let family = m.intrinsic(*g);
            let lifetime =
                matches!(family, Some(Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd))
                    && args.get(1) == Some(&p)
                    && args.first().is_some_and(|a| *a != p);
            let declare = family == Some(Intrinsic::DbgDeclare)
                && args.first().is_some_and(|a| match a {
                    Operand::Md(id) => {
                        matches!(body.md_ops.get(*id), Some(MdOperand::Local(o)) if *o == p)
                    }
                    _ => false,
                })
                && args.iter().skip(1).all(|a| !matches!(a, Operand::Value(_)));
            if lifetime || declare {
                c.droppable.push(u);
                return true;
            }
            false
        }
        _ => false,
    }
}

/// Blocks where candidate `k` is live on entry: a load there comes before any store, or it flows
/// to a successor where it is live without a store on the way (LLVM's `ComputeLiveInBlocks`).
/// `loads_first` holds the blocks whose first access to `k` is a load; the work is about the
/// blocks found, not the function (a function with thousands of allocas).
fn live_in_blocks(
    cfg: &Cfg,
    loads_first: &[Block],
    defs: &[Block],
) -> rustc_hash::FxHashSet<Block> {
    let is_def: rustc_hash::FxHashSet<Block> = defs.iter().copied().collect();
    let mut live: rustc_hash::FxHashSet<Block> = loads_first.iter().copied().collect();
    let mut work: Vec<Block> = live.iter().copied().collect();
    while let Some(b) = work.pop() {
        for &p in cfg.preds(b) {
            if is_def.contains(&p) {
                continue;
            }
            if live.insert(p) {
                work.push(p);
            }
        }
    }
    live
}

/// Removes `#dbg_declare` records that describe a promoted alloca.
fn drop_declares(body: &mut Body, cands: &[Candidate]) {
    let ptrs: rustc_hash::FxHashSet<Operand> =
        cands.iter().map(|c| Operand::Value(c.ptr)).collect();
    let md_ops = &body.md_ops;
    for recs in body.dbg_records.values_mut() {
        recs.retain(|r| {
            r.kind != crate::ir::function::DbgRecordKind::Declare
                || !r.args.first().is_some_and(
                    |a| matches!(md_ops.get(*a), Some(MdOperand::Local(o)) if ptrs.contains(o)),
                )
        });
    }
}

/// True when `c` is a constant that is surely neither undef nor poison in any element.
fn is_plain_constant(m: &Module, c: ConstId) -> bool {
    m.consts.is_valid(c)
        && matches!(
            m.consts.kind(c),
            ConstKind::Int(_) | ConstKind::Float(_) | ConstKind::Null | ConstKind::Zero
        )
}

/// Replaces inserted phis that merge a single value (see the module doc), until none is left.
/// Returns the phis removed.
fn simplify_phis(
    m: &mut Module,
    body: &mut Body,
    new_phis: &[(Inst, usize)],
    dt: &DomTree,
    blocks_of: &SecondaryMap<Inst, Option<Block>>,
) -> Vec<Inst> {
    let mut gone: Vec<Inst> = Vec::new();
    let block_of = |i: Inst| blocks_of.get(i).copied().flatten();
    loop {
        let mut found = None;
        for &(phi, _) in new_phis {
            let Some(d) = body.insts.get(phi) else { continue };
            let Some(me) = d.result else { continue };
            if gone.contains(&phi) {
                continue;
            }
            let mut common: Option<Operand> = None;
            let mut saw_undef = false;
            let mut multiple = false;
            for &a in d.args.iter() {
                if a == Operand::Value(me) {
                    continue;
                }
                if let Operand::Const(c) = a {
                    match m.consts.is_valid(c).then(|| m.consts.kind(c)) {
                        Some(ConstKind::Poison) => continue,
                        Some(ConstKind::Undef) => {
                            saw_undef = true;
                            continue;
                        }
                        _ => {}
                    }
                }
                match common {
                    None => common = Some(a),
                    Some(x) if x == a => {}
                    Some(_) => multiple = true,
                }
            }
            if multiple {
                continue;
            }
            let repl = match common {
                None => Operand::Const(if saw_undef {
                    undef(&mut m.consts, d.ty)
                } else {
                    super::edit::poison(&mut m.consts, d.ty)
                }),
                Some(Operand::Const(c)) if !saw_undef || is_plain_constant(m, c) => {
                    Operand::Const(c)
                }
                Some(Operand::Value(v))
                    if !saw_undef && dominates_block(body, dt, &block_of, v, phi) =>
                {
                    Operand::Value(v)
                }
                Some(_) => continue,
            };
            found = Some((phi, me, repl));
            break;
        }
        let Some((phi, me, repl)) = found else { return gone };
        replace_uses(body, &|v| (v == me).then_some(repl));
        remove_insts(&mut m.consts, body, &|i| i == phi);
        gone.push(phi);
    }
}

/// True when value `v` is available at the start of the block of `phi`: an argument, or defined
/// in a block that strictly dominates it. (Phis are only ever inserted, so `blocks_of`, taken
/// before the renaming, still places every other instruction.)
fn dominates_block(
    body: &Body,
    dt: &DomTree,
    block_of: &dyn Fn(Inst) -> Option<Block>,
    v: Value,
    phi: Inst,
) -> bool {
    let Some(pb) = block_of(phi) else { return false };
    match body.values.get(v).map(|vd| vd.def) {
        Some(ValueDef::Param(_)) => true,
        Some(ValueDef::Inst(def)) => {
            block_of(def).is_some_and(|db| db != pb && dt.dominates(db, pb))
        }
        None => false,
    }
}
