//! `inline`: replaces direct calls of small defined functions by a copy of their body, callees
//! before callers (bottom-up over the strongly connected components of the call graph), as
//! LLVM's CGSCC inliner does.
//!
//! What it does at a call site it accepts:
//! * splits the caller's block after the call (the rest goes to a new block `%callee.exit`, whose
//!   successors' phis are renamed to it), branches to a copy of the callee's blocks (named as in
//!   the callee with `.i` appended, numbered when taken), maps the parameters to the arguments;
//! * turns each `ret` into a branch to the continuation; the call's result becomes the one
//!   returned value, a phi of them when there are several, `poison` when the callee never returns;
//! * moves the callee's static allocas (entry block, constant count) to the caller's entry block,
//!   so a call in a loop does not grow the stack (a fresh alloca was uninitialized, so reusing
//!   its memory only refines `undef` reads);
//! * clears `tail` on the copied calls unless the call site was `tail` (a callee's `tail` call
//!   may read the caller's allocas through the arguments; LLVM does the same);
//! * drops the call site's parameter and return attributes (`noundef`, `nonnull`, ...): where they
//!   made the call undefined or poison, the inlined code is defined, a refinement.
//!
//! Cost: each instruction of the callee counts 5 (unconditional branches and static allocas are
//! free), against LLVM's default threshold of 225; a local function with a single call site gets
//! LLVM's "last call to static" bonus (15000); `alwaysinline` always inlines, `noinline` (on the
//! function or the call site) never.
//!
//! Refused (the call stays): `invoke`/`callbr` call sites, `musttail` call sites and call sites
//! with operand bundles; recursive callees (in an SCC with a cycle, self-calls included: LLVM
//! refuses self-recursive callees, we refuse every cycle); varargs callees;
//! interposable callees (`weak`, `linkonce`, `extern_weak`, `common`: the definition we see may
//! not be the one that runs); a mismatched call signature or calling convention; callees with
//! `byval`/`inalloca`/`preallocated` parameters; callees whose body has `indirectbr`, `callbr`,
//! funclet EH pads, a `musttail` call, a dynamic alloca, `llvm.localescape`, a `returns_twice`
//! call, or whose blocks have their address taken; a callee with a different personality or GC
//! from the caller's; functions with debug info (`!dbg` on the caller or the callee: the copies
//! would need `inlinedAt` locations, which we do not build). Calls in unreachable blocks stay.
//! A local (`internal`/`private`, not in a comdat) callee that nothing refers to any more once
//! its calls are inlined is deleted, as LLVM's inliner does; other dead globals are left to
//! `globaldce`.

use super::edit::{
    for_each_operand_mut, reachable, remove_insts, rename_phi_incoming, replace_chained,
};
use super::{with_body, PassResult};
use crate::ir::attrs::AttrKind;
use crate::ir::module::Linkage;
use crate::ir::Intrinsic;
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, BlockData, Body, ConstKind, Extra, GlobalId, Inst, InstData, LocalName, MdOpId,
    MdOperand, Module, Opcode, Operand, Symbol, TailKind, TypeId, Value, ValueData, ValueDef,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// LLVM's default inline threshold.
pub const THRESHOLD: u64 = 225;
/// LLVM's cost of one instruction.
const INST_COST: u64 = 5;
/// LLVM's bonus for the last call to a local function.
const LAST_CALL_BONUS: u64 = 15000;

/// Runs `inline` over the module.
pub fn run(m: &mut Module) -> PassResult {
    let funcs = super::pipeline::defined_functions(m);
    let index: HashMap<GlobalId, usize> = funcs.iter().enumerate().map(|(k, &g)| (g, k)).collect();
    let edges: Vec<Vec<usize>> = funcs
        .iter()
        .map(|&g| direct_callees(m, g).iter().filter_map(|c| index.get(c).copied()).collect())
        .collect();
    let (scc_of, order) = sccs(&edges);
    // Components with a cycle: their functions are never inlined anywhere.
    let cyclic: Vec<bool> = order
        .iter()
        .map(|comp| {
            comp.len() > 1 || comp.iter().any(|&k| edges.get(k).is_some_and(|es| es.contains(&k)))
        })
        .collect();
    let mut uses = direct_use_counts(m);
    // Functions with a block whose address is taken (inlining never makes one).
    let taken: HashSet<GlobalId> = m
        .consts
        .block_addresses()
        .filter_map(|c| match c.kind {
            ConstKind::BlockAddress { func, .. } => Some(func),
            _ => None,
        })
        .collect();
    let graph = CallGraph { index: &index, scc_of: &scc_of, cyclic: &cyclic, taken: &taken };
    let mut inlined = 0u64;
    let mut callees: HashSet<GlobalId> = HashSet::default();
    for comp in order {
        for &k in &comp {
            let Some(&caller) = funcs.get(k) else { continue };
            inlined += inline_into(m, caller, &graph, &mut uses, &mut callees);
        }
    }
    // Local callees left without any reference go, as LLVM's inliner deletes them.
    let mut deleted = 0;
    if !callees.is_empty() {
        let live = super::globaldce::live_globals(m);
        let dead: SecondaryMap<GlobalId, bool> = m
            .globals
            .iter()
            .map(|(g, gv)| {
                callees.contains(&g)
                    && gv.linkage.is_local()
                    && gv.comdat.is_none()
                    && !live.get(g).copied().unwrap_or(true)
            })
            .collect();
        deleted = super::globaldce::remove_globals(m, &dead) as u64;
    }
    PassResult::from_stats(vec![("calls inlined", inlined), ("functions deleted", deleted)])
}

/// The functions `g` calls directly.
fn direct_callees(m: &Module, g: GlobalId) -> Vec<GlobalId> {
    let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { return Vec::new() };
    let mut out = Vec::new();
    for d in body.insts.values() {
        if let Some(c) = callee_of(m, d) {
            out.push(c);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The function a call instruction calls directly.
fn callee_of(m: &Module, d: &InstData) -> Option<GlobalId> {
    let (Operand::Const(c), _) = d.callee_and_args()? else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Global(g) if m.func(*g).is_some() => Some(*g),
        _ => None,
    }
}

/// How many times each global appears as an instruction operand, over all bodies.
fn direct_use_counts(m: &Module) -> HashMap<GlobalId, u64> {
    let mut out: HashMap<GlobalId, u64> = HashMap::default();
    for gv in m.globals.values() {
        let Some(body) = gv.as_func().and_then(|f| f.body.as_ref()) else { continue };
        for d in body.insts.values() {
            for a in d.args.iter() {
                if let Operand::Const(c) = *a {
                    if let Some(ConstKind::Global(g)) =
                        m.consts.is_valid(c).then(|| m.consts.kind(c))
                    {
                        *out.entry(*g).or_default() += 1;
                    }
                }
            }
        }
    }
    out
}

/// Tarjan's strongly connected components, iteratively; components come callees first.
/// Returns the component of each node and the components in that order.
fn sccs(edges: &[Vec<usize>]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut comp_of = vec![usize::MAX; n];
    let mut comps: Vec<Vec<usize>> = Vec::new();
    let mut next = 0usize;
    for root in 0..n {
        if index.get(root).copied() != Some(usize::MAX) {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&(v, ei)) = work.last() {
            if ei == 0 && index.get(v).copied() == Some(usize::MAX) {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            let succ = edges.get(v).and_then(|es| es.get(ei)).copied();
            if let Some(w) = succ {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index.get(w).copied() == Some(usize::MAX) {
                    work.push((w, 0));
                } else if on_stack.get(w).copied().unwrap_or(false) {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp_of[w] = comps.len();
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.reverse();
                comps.push(comp);
            }
        }
    }
    (comp_of, comps)
}

/// Inlines the acceptable call sites of `caller`; returns how many.
/// What `run` knows of the call graph.
struct CallGraph<'a> {
    index: &'a HashMap<GlobalId, usize>,
    scc_of: &'a [usize],
    cyclic: &'a [bool],
    /// Functions with a block whose address is taken.
    taken: &'a HashSet<GlobalId>,
}

/// The edits of one caller's inlining that wait until its last call site: so that each call
/// site costs what its callee does, not what the caller has grown to (a `main` calling a
/// thousand functions).
struct CallerEdits {
    names: Names,
    /// The block now holding the rest of each block split at a call.
    tail: HashMap<Block, Block>,
    /// Blocks to lay out right after a block (each block is split once at most).
    after: HashMap<Block, Vec<Block>>,
    /// What the results of the inlined calls become.
    repl: SecondaryMap<Value, Option<Operand>>,
    /// The inlined calls, removed at the end.
    calls: HashSet<Inst>,
}

impl CallerEdits {
    fn new(body: &Body) -> CallerEdits {
        CallerEdits {
            names: Names::new(body),
            tail: HashMap::default(),
            after: HashMap::default(),
            repl: SecondaryMap::from_elem(None, body.values.len()),
            calls: HashSet::default(),
        }
    }

    /// Lays out the new blocks, replaces the calls' results and removes the calls.
    fn finish(self, m: &mut Module, body: &mut Body) {
        let mut layout = Vec::with_capacity(body.layout.len());
        let mut stack: Vec<Block> = body.layout.iter().rev().copied().collect();
        while let Some(b) = stack.pop() {
            layout.push(b);
            if let Some(next) = self.after.get(&b) {
                stack.extend(next.iter().rev().copied());
            }
        }
        body.layout = layout;
        replace_chained(body, &self.repl);
        let calls = self.calls;
        remove_insts(&mut m.consts, body, &|i| calls.contains(&i));
    }
}

fn inline_into(
    m: &mut Module,
    caller: GlobalId,
    graph: &CallGraph,
    uses: &mut HashMap<GlobalId, u64>,
    callees: &mut HashSet<GlobalId>,
) -> u64 {
    let Some(cf) = m.func(caller) else { return 0 };
    if has_debug_info(m, &cf.md) {
        return 0;
    }
    let scc = |g: &GlobalId| graph.index.get(g).and_then(|&k| graph.scc_of.get(k)).copied();
    let caller_scc = scc(&caller);
    let Some(body) = cf.body.as_ref() else { return 0 };
    let live = reachable(body);
    let mut sites = Vec::new();
    for &b in &body.layout {
        if !live.contains(b) {
            continue;
        }
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let Some(d) = body.insts.get(i) else { continue };
            if d.op != Opcode::Call {
                continue;
            }
            let Some(callee) = callee_of(m, d) else { continue };
            let callee_scc = scc(&callee);
            if callee == caller
                || callee_scc == caller_scc
                || callee_scc.is_none_or(|c| graph.cyclic.get(c).copied().unwrap_or(true))
            {
                continue;
            }
            sites.push((i, b, callee));
        }
    }
    let mut edits = CallerEdits::new(body);
    let mut n = 0;
    for (call, b, callee) in sites {
        let Some(callee_body) = acceptable(m, caller, call, callee, uses, graph.taken) else {
            continue;
        };
        let done = with_body(m, caller, |m, body| {
            inline_call(m, body, &mut edits, call, b, callee, &callee_body)
        });
        if done {
            n += 1;
            callees.insert(callee);
            if let Some(c) = uses.get_mut(&callee) {
                *c = c.saturating_sub(1);
            }
            // The copied calls are new uses of their callees.
            for d in callee_body.insts.values() {
                if let Some(g) = callee_of(m, d) {
                    *uses.entry(g).or_default() += 1;
                }
            }
            let personality = m.func(callee).and_then(|f| f.personality);
            if let Some(f) = m.globals.get_mut(caller).and_then(|gv| gv.as_func_mut()) {
                if f.personality.is_none() {
                    f.personality = personality;
                }
            }
        }
    }
    if n > 0 {
        with_body(m, caller, |m, body| edits.finish(m, body));
    }
    n
}

fn has_debug_info(m: &Module, md: &[(Symbol, crate::ir::MdId)]) -> bool {
    md.iter().any(|(k, _)| m.symbols.get(*k) == "dbg")
}

/// The callee's body when call `call` of `caller` may and should be inlined.
fn acceptable(
    m: &Module,
    caller: GlobalId,
    call: Inst,
    callee: GlobalId,
    uses: &HashMap<GlobalId, u64>,
    taken: &HashSet<GlobalId>,
) -> Option<Body> {
    let cf = m.func(caller)?;
    let d = cf.body.as_ref()?.insts.get(call)?;
    let ci = d.call_info()?;
    let gv = m.globals.get(callee)?;
    let f = gv.as_func()?;
    let body = f.body.as_ref()?;
    let attrs = &m.attrs;
    if d.op != Opcode::Call
        || ci.tail == TailKind::MustTail
        || !ci.bundles.is_empty()
        || ci.fn_ty != f.ty
        || ci.cc != f.cc
        || m.types.func_sig(f.ty).is_none_or(|s| s.2)
        || matches!(
            gv.linkage,
            Linkage::Weak | Linkage::LinkOnce | Linkage::ExternWeak | Linkage::Common
        )
        || attrs.has(f.fn_attrs, AttrKind::NoInline)
        || attrs.has(ci.fn_attrs, AttrKind::NoInline)
        || has_debug_info(m, &f.md)
        || (f.personality.is_some() && cf.personality.is_some() && f.personality != cf.personality)
        || f.gc != cf.gc
        || f.params.iter().any(|p| {
            attrs.has(p.attrs, AttrKind::ByVal)
                || attrs.has(p.attrs, AttrKind::InAlloca)
                || attrs.has(p.attrs, AttrKind::Preallocated)
        })
        || ci.arg_attrs.iter().any(|&a| {
            attrs.has(a, AttrKind::ByVal)
                || attrs.has(a, AttrKind::InAlloca)
                || attrs.has(a, AttrKind::Preallocated)
        })
    {
        return None;
    }
    let always = attrs.has(f.fn_attrs, AttrKind::AlwaysInline)
        || attrs.has(ci.fn_attrs, AttrKind::AlwaysInline);
    if taken.contains(&callee) {
        return None;
    }
    let entry = body.entry()?;
    let mut cost = 0u64;
    for &b in &body.layout {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let x = body.insts.get(i)?;
            match x.op {
                Opcode::IndirectBr
                | Opcode::CallBr
                | Opcode::CatchSwitch
                | Opcode::CatchPad
                | Opcode::CleanupPad
                | Opcode::CatchRet
                | Opcode::CleanupRet
                | Opcode::VaArg => return None,
                Opcode::Alloca => {
                    if b != entry || !static_alloca(m, x) {
                        return None;
                    }
                    continue;
                }
                Opcode::Br if x.args.is_empty() => continue,
                Opcode::Call | Opcode::Invoke => {
                    let xci = x.call_info()?;
                    if xci.tail == TailKind::MustTail
                        || attrs.has(xci.fn_attrs, AttrKind::ReturnsTwice)
                    {
                        return None;
                    }
                    if let Some(g) = callee_of(m, x) {
                        if matches!(
                            m.intrinsic(g),
                            Some(
                                Intrinsic::Localescape
                                    | Intrinsic::IcallBranchFunnel
                                    | Intrinsic::VaStart
                            )
                        ) || m
                            .func(g)
                            .is_some_and(|cf| attrs.has(cf.fn_attrs, AttrKind::ReturnsTwice))
                        {
                            return None;
                        }
                    }
                }
                _ => {}
            }
            cost += INST_COST;
        }
    }
    if !always {
        let mut threshold = THRESHOLD;
        if gv.linkage.is_local() && uses.get(&callee).copied() == Some(1) {
            threshold += LAST_CALL_BONUS;
        }
        if cost > threshold {
            return None;
        }
    }
    Some(body.clone())
}

fn static_alloca(m: &Module, d: &InstData) -> bool {
    if d.flags.has(crate::ir::InstFlags::INALLOCA) {
        return false;
    }
    match d.args.first() {
        None => true,
        Some(Operand::Const(c)) => {
            m.consts.is_valid(*c) && matches!(m.consts.kind(*c), ConstKind::Int(_))
        }
        Some(_) => false,
    }
}

/// Names for copies: unique in the caller among values and blocks.
struct Names {
    taken: HashSet<Symbol>,
    /// The suffix to try first for each base: names are only added, so every smaller one is
    /// still taken (a thousand copies of `%i.i` do not each try the ones before).
    next: HashMap<String, u32>,
}

impl Names {
    fn new(body: &Body) -> Names {
        let taken = body
            .values
            .values()
            .map(|vd| vd.name)
            .chain(body.blocks.values().map(|bd| bd.name))
            .filter_map(|n| match n {
                LocalName::Named(s) => Some(s),
                LocalName::Unnamed => None,
            })
            .collect();
        Names { taken, next: HashMap::default() }
    }

    fn fresh(&mut self, m: &mut Module, base: &str) -> LocalName {
        let mut k = self.next.get(base).copied().unwrap_or(0);
        loop {
            let n = if k == 0 { base.to_string() } else { format!("{base}{k}") };
            k += 1;
            let sym = m.symbols.intern(&n);
            if self.taken.insert(sym) {
                self.next.insert(base.to_string(), k);
                return LocalName::Named(sym);
            }
        }
    }

    fn copy(&mut self, m: &mut Module, n: LocalName) -> LocalName {
        match n {
            LocalName::Named(s) if !m.symbols.get(s).is_empty() => {
                let base = format!("{}.i", m.symbols.get(s));
                self.fresh(m, &base)
            }
            _ => LocalName::Unnamed,
        }
    }
}

/// Inlines `call` (of `callee`, whose body is `cb`), which was in block `orig`, into `body`;
/// the layout, the uses of the result and the call's removal are left to `ed`. False when
/// nothing changed.
fn inline_call(
    m: &mut Module,
    body: &mut Body,
    ed: &mut CallerEdits,
    call: Inst,
    orig: Block,
    callee: GlobalId,
    cb: &Body,
) -> bool {
    // An earlier call of the block moved the rest of it (with this call) to a new block.
    let b = ed.tail.get(&orig).copied().unwrap_or(orig);
    let Some(cd) = body.insts.get(call).cloned() else { return false };
    let Some((_, args)) = cd.callee_and_args() else { return false };
    let Some(site_tail) = cd.call_info().map(|c| c.tail) else { return false };
    let Some(caller_entry) = body.entry() else { return false };
    let Some(callee_entry) = cb.entry() else { return false };
    if args.len() != cb.params.len() {
        return false;
    }
    let names = &mut ed.names;

    // Split the block after the call.
    let Some(pos) = body.blocks.get(b).and_then(|bd| bd.insts.iter().position(|&i| i == call))
    else {
        return false;
    };
    let rest = body.blocks.get_mut(b).map(|bd| bd.insts.split_off(pos + 1)).unwrap_or_default();
    let exit_name = names.fresh(m, &format!("{}.exit", m.global_name(callee)));
    let cont =
        body.blocks.push(BlockData { name: exit_name, insts: rest, span: cd.span, defined: true });
    for s in body.successors(cont) {
        rename_phi_incoming(body, s, b, cont);
    }

    // New blocks and values for the callee's.
    let mut bmap: HashMap<Block, Block> = HashMap::default();
    let mut new_blocks = Vec::new();
    for &eb in &cb.layout {
        let Some(ebd) = cb.blocks.get(eb) else { continue };
        let name = names.copy(m, ebd.name);
        let nb =
            body.blocks.push(BlockData { name, insts: Vec::new(), span: ebd.span, defined: true });
        bmap.insert(eb, nb);
        new_blocks.push(nb);
    }
    let mut vmap: HashMap<Value, Operand> = HashMap::default();
    for (k, &p) in cb.params.iter().enumerate() {
        if let Some(&a) = args.get(k) {
            vmap.insert(p, a);
        }
    }
    let mut imap: Vec<(Inst, Inst)> = Vec::new();
    for &eb in &cb.layout {
        let Some(&nb) = bmap.get(&eb) else { continue };
        for &ei in cb.blocks.get(eb).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let Some(ed) = cb.insts.get(ei) else { continue };
            let ni = body.insts.next_key();
            let mut nd = InstData::new(Opcode::Unreachable, TypeId::VOID, Vec::new());
            if let Some(ev) = ed.result {
                let name = names.copy(m, cb.values.get(ev).map(|vd| vd.name).unwrap_or_default());
                let nv = body.values.push(ValueData { ty: ed.ty, def: ValueDef::Inst(ni), name });
                body.value_spans.push(ed.span);
                vmap.insert(ev, Operand::Value(nv));
                nd.result = Some(nv);
            }
            body.insts.push(nd);
            if let Some(bd) = body.blocks.get_mut(nb) {
                bd.insts.push(ni);
            }
            imap.push((ei, ni));
        }
    }

    // Fill in the copies.
    let dbg = m.symbols.lookup("dbg");
    let mut rets: Vec<(Option<Operand>, Block)> = Vec::new();
    let mut allocas = Vec::new();
    let nb_of: HashMap<Inst, Block> = new_blocks
        .iter()
        .flat_map(|&nb| {
            body.blocks
                .get(nb)
                .map(|bd| bd.insts.clone())
                .unwrap_or_default()
                .into_iter()
                .map(move |i| (i, nb))
        })
        .collect();
    for &(ei, ni) in &imap {
        let Some(ed) = cb.insts.get(ei) else { continue };
        let mut nd = ed.clone();
        nd.result = body.insts.get(ni).and_then(|d| d.result);
        nd.md.retain(|(k, _)| Some(*k) != dbg);
        let mut md_new: Vec<(MdOpId, MdOperand)> = Vec::new();
        for_each_operand_mut(&mut nd, &mut |o| match *o {
            Operand::Value(v) => {
                if let Some(&r) = vmap.get(&v) {
                    *o = r;
                }
            }
            Operand::Md(id) => {
                let Some(mo) = cb.md_ops.get(id) else { return };
                md_new.push((id, remap_md(mo, &vmap)));
            }
            Operand::Const(_) => {}
        });
        if !md_new.is_empty() {
            let mut ids: HashMap<MdOpId, MdOpId> = HashMap::default();
            for (old, mo) in md_new {
                ids.insert(old, body.md_ops.push(mo));
            }
            for_each_operand_mut(&mut nd, &mut |o| {
                if let Operand::Md(id) = *o {
                    if let Some(&n) = ids.get(&id) {
                        *o = Operand::Md(n);
                    }
                }
            });
        }
        for blk in nd.blocks_mut() {
            if let Some(&n) = bmap.get(blk) {
                *blk = n;
            }
        }
        if let Extra::Call(ci) = &mut nd.extra {
            if ci.tail == TailKind::Tail && site_tail != TailKind::Tail {
                ci.tail = TailKind::None;
            }
        }
        let nb = nb_of.get(&ni).copied();
        if nd.op == Opcode::Ret {
            if let Some(nb) = nb {
                rets.push((nd.args.first().copied(), nb));
            }
            let mut br = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
            br.extra = Extra::Br(Box::new([cont]));
            br.span = nd.span;
            nd = br;
        } else if nd.op == Opcode::Alloca && nb == bmap.get(&callee_entry).copied() {
            allocas.push(ni);
        }
        if let Some(slot) = body.insts.get_mut(ni) {
            *slot = nd;
        }
    }

    // Lay out (at the end): the copies between the call's block and the continuation.
    let mut placed = new_blocks.clone();
    placed.push(cont);
    ed.after.insert(b, placed);
    ed.tail.insert(orig, cont);

    // Static allocas go to the caller's entry block.
    if !allocas.is_empty() {
        let moved: HashSet<Inst> = allocas.iter().copied().collect();
        for &nb in &new_blocks {
            if let Some(bd) = body.blocks.get_mut(nb) {
                bd.insts.retain(|i| !moved.contains(i));
            }
        }
        if let Some(bd) = body.blocks.get_mut(caller_entry) {
            let mut v = allocas.clone();
            v.append(&mut bd.insts);
            bd.insts = v;
        }
    }

    // Branch into the copy.
    let Some(&first) = bmap.get(&callee_entry) else { return false };
    let mut br = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
    br.extra = Extra::Br(Box::new([first]));
    br.span = cd.span;
    body.append(b, br, LocalName::Unnamed);

    // The call's result.
    if let Some(r) = cd.result {
        let repl = match rets.as_slice() {
            [] => Operand::Const(super::edit::poison(&mut m.consts, cd.ty)),
            [(Some(v), _)] => *v,
            _ => {
                let mut phi = InstData::new(Opcode::Phi, cd.ty, Vec::new());
                let mut from = Vec::new();
                for (v, rb) in &rets {
                    let v = v.unwrap_or_else(|| {
                        Operand::Const(super::edit::poison(&mut m.consts, cd.ty))
                    });
                    phi.args.push(v);
                    from.push(*rb);
                }
                phi.extra = Extra::Phi(from.into_boxed_slice());
                phi.span = cd.span;
                let name = body.values.get(r).map(|vd| vd.name).unwrap_or_default();
                if let Some(vd) = body.values.get_mut(r) {
                    vd.name = LocalName::Unnamed;
                }
                let pi = body.append(cont, phi, name);
                if let Some(bd) = body.blocks.get_mut(cont) {
                    bd.insts.pop();
                    bd.insts.insert(0, pi);
                }
                body.insts
                    .get(pi)
                    .and_then(|d| d.result)
                    .map(Operand::Value)
                    .unwrap_or(Operand::Value(r))
            }
        };
        ed.repl[r] = Some(repl);
    }
    ed.calls.insert(call);
    true
}

fn remap_md(mo: &MdOperand, vmap: &HashMap<Value, Operand>) -> MdOperand {
    let map = |o: &Operand| match o {
        Operand::Value(v) => vmap.get(v).copied().unwrap_or(*o),
        _ => *o,
    };
    match mo {
        MdOperand::Md(x) => MdOperand::Md(*x),
        MdOperand::Local(o) => MdOperand::Local(map(o)),
        MdOperand::ArgList(list) => MdOperand::ArgList(list.iter().map(map).collect()),
    }
}

#[cfg(test)]
mod tests {
    fn run(src: &str) -> String {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        let mut m = c.module.expect("module");
        super::run(&mut m);
        let d = crate::verify::verify(&m);
        let t = crate::text::print_module(&m);
        assert!(d.is_empty(), "{d:?}\n{t}");
        t
    }

    #[test]
    fn inlines_with_phi_and_names() {
        let t = run("define internal i32 @g(i32 %x) {\nentry:\n  %c = icmp sgt i32 %x, 0\n  br i1 %c, label %a, label %b\na:\n  ret i32 %x\nb:\n  %n = sub i32 0, %x\n  ret i32 %n\n}\ndefine i32 @f(i32 %x) {\nentry:\n  %c = add i32 %x, 1\n  %r = call i32 @g(i32 %c)\n  %s = add i32 %r, %c\n  ret i32 %s\n}\n");
        let f = t.split("define i32 @f").nth(1).expect("f");
        assert!(!f.contains("call"), "{t}");
        assert!(f.contains("%c.i = icmp"), "{t}");
        assert!(f.contains("%r = phi i32"), "{t}");
    }

    #[test]
    fn refuses_recursion_and_noinline() {
        let t = run("define i32 @f(i32 %x) {\n  %r = call i32 @f(i32 %x)\n  %s = call i32 @h(i32 %x)\n  ret i32 %r\n}\ndefine i32 @h(i32 %x) noinline {\n  ret i32 %x\n}\n");
        assert!(t.contains("call i32 @f"), "{t}");
        assert!(t.contains("call i32 @h"), "{t}");
    }
}
