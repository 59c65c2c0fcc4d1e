//! Editing helpers shared by the loop passes: fresh local names in LLVM's style, new blocks and
//! instructions, splitting the edges from a set of predecessors into a new block (with the phis
//! split as LLVM's `SplitBlockPredecessors` does), cloning instructions with operand remapping,
//! and the loop-pass preconditions (blocks we refuse to touch).

use super::edit::phis;
use crate::analysis::{Cfg, Loop};
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, BlockData, Body, Extra, Inst, InstData, LocalName, MdOperand, Module, Opcode, Operand,
    Symbol, TypeId, Value, ValueData, ValueDef,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The local names of a function (values and blocks share one namespace), to make new ones
/// unique as LLVM does (`name`, then `name1`, `name2`, ...).
pub struct Names {
    taken: HashSet<Symbol>,
    /// The suffix to try first for each name: names are only added, so every smaller one is
    /// still taken (the hundredth copy of `%i` does not try the ninety-nine before).
    next: HashMap<String, u32>,
}

impl Names {
    /// The names already used in `body`.
    pub fn new(body: &Body) -> Names {
        let mut taken = HashSet::default();
        for vd in body.values.values() {
            if let LocalName::Named(s) = vd.name {
                taken.insert(s);
            }
        }
        for bd in body.blocks.values() {
            if let LocalName::Named(s) = bd.name {
                taken.insert(s);
            }
        }
        Names { taken, next: HashMap::default() }
    }

    /// A fresh name starting with `want` (unnamed when `want` is empty).
    pub fn fresh(&mut self, m: &mut Module, want: &str) -> LocalName {
        if want.is_empty() {
            return LocalName::Unnamed;
        }
        let mut n = self.next.get(want).copied().unwrap_or(0);
        loop {
            let text = if n == 0 { want.to_string() } else { format!("{want}{n}") };
            let sym = m.symbols.intern(&text);
            n += 1;
            if self.taken.insert(sym) {
                self.next.insert(want.to_string(), n);
                return LocalName::Named(sym);
            }
        }
    }
}

/// The text of a local name (empty when unnamed).
pub fn name_text(m: &Module, name: LocalName) -> String {
    match name {
        LocalName::Named(s) => m.symbols.get(s).to_string(),
        LocalName::Unnamed => String::new(),
    }
}

/// The name of a block as text.
pub fn block_name(m: &Module, body: &Body, b: Block) -> String {
    body.blocks.get(b).map(|bd| name_text(m, bd.name)).unwrap_or_default()
}

/// The name of a value as text.
pub fn value_name(m: &Module, body: &Body, v: Value) -> String {
    body.values.get(v).map(|vd| name_text(m, vd.name)).unwrap_or_default()
}

/// Where a new block goes in the layout.
#[derive(Copy, Clone)]
pub enum Place {
    /// Right before this block.
    Before(Block),
    /// Right after this block.
    After(Block),
}

/// A new empty block, placed in the layout.
pub fn new_block(body: &mut Body, name: LocalName, place: Place) -> Block {
    let b = body.blocks.push(BlockData {
        name,
        insts: Vec::new(),
        span: Default::default(),
        defined: true,
    });
    let pos = match place {
        Place::Before(x) => body.layout.iter().position(|&y| y == x),
        Place::After(x) => body.layout.iter().position(|&y| y == x).map(|p| p + 1),
    };
    match pos {
        Some(p) => body.layout.insert(p, b),
        None => body.layout.push(b),
    }
    b
}

/// A new instruction (in no block yet), with its result value named `name`.
pub fn make_inst(body: &mut Body, mut data: InstData, name: LocalName) -> Inst {
    let inst = body.insts.next_key();
    if data.ty != TypeId::VOID {
        let v = body.values.push(ValueData { ty: data.ty, def: ValueDef::Inst(inst), name });
        body.value_spans.push(data.span);
        data.result = Some(v);
    } else {
        data.result = None;
    }
    body.insts.push(data);
    inst
}

/// `br label %target`.
pub fn br_to(target: Block) -> InstData {
    let mut d = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
    d.extra = Extra::Br(Box::new([target]));
    d
}

/// A phi of type `ty` with the given entries.
pub fn phi_data(ty: TypeId, entries: &[(Block, Operand)]) -> InstData {
    let mut d = InstData::new(Opcode::Phi, ty, entries.iter().map(|e| e.1).collect());
    d.extra = Extra::Phi(entries.iter().map(|e| e.0).collect());
    d
}

/// The entries `(block, value)` of a phi.
pub fn phi_entries(body: &Body, phi: Inst) -> Vec<(Block, Operand)> {
    match body.insts.get(phi) {
        Some(InstData { extra: Extra::Phi(bs), args, .. }) => {
            bs.iter().copied().zip(args.iter().copied()).collect()
        }
        _ => Vec::new(),
    }
}

/// Replaces the entries of a phi.
pub fn set_phi_entries(body: &mut Body, phi: Inst, entries: &[(Block, Operand)]) {
    if let Some(d) = body.insts.get_mut(phi) {
        if let Extra::Phi(bs) = &mut d.extra {
            *bs = entries.iter().map(|e| e.0).collect();
            d.args = entries.iter().map(|e| e.1).collect();
        }
    }
}

/// The result value of an instruction.
pub fn result(body: &Body, i: Inst) -> Option<Value> {
    body.insts.get(i).and_then(|d| d.result)
}

/// The instruction defining a value, if any.
pub fn def_inst(body: &Body, v: Value) -> Option<Inst> {
    match body.values.get(v)?.def {
        ValueDef::Inst(i) => Some(i),
        ValueDef::Param(_) => None,
    }
}

/// True when `b`'s terminator is a `br` or a `switch`, whose edges can be redirected.
pub fn redirectable(body: &Body, b: Block) -> bool {
    body.terminator(b)
        .and_then(|t| body.insts.get(t))
        .is_some_and(|d| matches!(d.op, Opcode::Br | Opcode::Switch))
}

/// Moves every edge of the given predecessors to `target` onto a new block `B` (named `name`,
/// placed at `place`) that branches to `target`. Each phi of `target` has its entries from
/// those predecessors replaced by one entry from `B`: their common value, or a new phi of `B`
/// named after it with `phi_suffix` (`%x.ph`, `%x.be`). Returns `None`, changing nothing, when
/// a predecessor's terminator is not a `br` or `switch` (or `preds` is empty).
#[allow(clippy::too_many_arguments)]
pub fn split_predecessors(
    m: &mut Module,
    body: &mut Body,
    names: &mut Names,
    target: Block,
    preds: &[Block],
    name: &str,
    phi_suffix: &str,
    place: Place,
) -> Option<Block> {
    if preds.is_empty() || !preds.iter().all(|&p| redirectable(body, p)) {
        return None;
    }
    let bname = names.fresh(m, name);
    let nb = new_block(body, bname, place);
    let br = make_inst(body, br_to(target), LocalName::Unnamed);
    if let Some(bd) = body.blocks.get_mut(nb) {
        bd.insts.push(br);
    }
    let mut new_phis = Vec::new();
    for phi in phis(body, target) {
        let entries = phi_entries(body, phi);
        let (moved, mut kept): (Vec<_>, Vec<_>) =
            entries.into_iter().partition(|e| preds.contains(&e.0));
        let Some(&(_, first)) = moved.first() else { continue };
        let value = if moved.iter().all(|e| e.1 == first) {
            first
        } else {
            let ty = body.insts.get(phi).map(|d| d.ty).unwrap_or(TypeId::VOID);
            let base = result(body, phi).map(|v| value_name(m, body, v)).unwrap_or_default();
            let pname = if base.is_empty() {
                LocalName::Unnamed
            } else {
                names.fresh(m, &format!("{base}{phi_suffix}"))
            };
            let np = make_inst(body, phi_data(ty, &moved), pname);
            new_phis.push(np);
            match result(body, np) {
                Some(v) => Operand::Value(v),
                None => continue,
            }
        };
        kept.push((nb, value));
        set_phi_entries(body, phi, &kept);
    }
    if let Some(bd) = body.blocks.get_mut(nb) {
        let mut insts = new_phis;
        insts.append(&mut bd.insts);
        bd.insts = insts;
    }
    for &p in preds {
        let Some(t) = body.terminator(p) else { continue };
        if let Some(d) = body.insts.get_mut(t) {
            for slot in d.blocks_mut() {
                if *slot == target {
                    *slot = nb;
                }
            }
        }
    }
    Some(nb)
}

/// True when the loop has a block we refuse to restructure: a terminator other than `br`,
/// `switch`, `ret` and `unreachable` (so no `invoke`, `callbr`, `indirectbr`, EH terminators),
/// an EH pad, or a block whose address is taken.
pub fn has_unsupported_blocks(body: &Body, l: &Loop, taken: &dyn Fn(Block) -> bool) -> bool {
    l.blocks().iter().any(|&b| {
        if taken(b) {
            return true;
        }
        let Some(bd) = body.blocks.get(b) else { return true };
        bd.insts.iter().any(|&i| {
            body.insts.get(i).is_none_or(|d| {
                matches!(
                    d.op,
                    Opcode::IndirectBr
                        | Opcode::CallBr
                        | Opcode::Invoke
                        | Opcode::Resume
                        | Opcode::CatchSwitch
                        | Opcode::CatchRet
                        | Opcode::CleanupRet
                        | Opcode::LandingPad
                        | Opcode::CatchPad
                        | Opcode::CleanupPad
                )
            })
        })
    })
}

/// Clones instruction `i` (not placed in a block), remapping value operands through `vmap`
/// and block references through `bmap`; metadata operands that wrap a local value are cloned
/// with it remapped. Debug records are not cloned. The clone's result gets `name`.
pub fn clone_inst(
    body: &mut Body,
    i: Inst,
    vmap: &HashMap<Value, Operand>,
    bmap: &HashMap<Block, Block>,
    name: LocalName,
) -> Option<Inst> {
    let mut d = body.insts.get(i)?.clone();
    let map_op = |o: &mut Operand| {
        if let Operand::Value(v) = *o {
            if let Some(&r) = vmap.get(&v) {
                *o = r;
            }
        }
    };
    super::edit::for_each_operand_mut(&mut d, &mut |o| map_op(o));
    let mut md_clones: Vec<(usize, MdOperand)> = Vec::new();
    for (k, a) in d.args.iter().enumerate() {
        if let Operand::Md(id) = *a {
            if let Some(mut md) = body.md_ops.get(id).cloned() {
                match &mut md {
                    MdOperand::Local(o) => map_op(o),
                    MdOperand::ArgList(list) => list.iter_mut().for_each(map_op),
                    MdOperand::Md(_) => {}
                }
                md_clones.push((k, md));
            }
        }
    }
    for (k, md) in md_clones {
        let id = body.md_ops.push(md);
        if let Some(a) = d.args.get_mut(k) {
            *a = Operand::Md(id);
        }
    }
    for slot in d.blocks_mut() {
        if let Some(&nb) = bmap.get(slot) {
            *slot = nb;
        }
    }
    Some(make_inst(body, d, name))
}

/// The instructions of the loop's blocks, with their block, in layout order.
pub fn loop_insts(body: &Body, l: &Loop) -> Vec<(Block, Inst)> {
    let mut out = Vec::new();
    for &b in &body.layout {
        if l.contains(b) {
            if let Some(bd) = body.blocks.get(b) {
                out.extend(bd.insts.iter().map(|&i| (b, i)));
            }
        }
    }
    out
}

/// A flag per block for the loop's blocks.
pub fn in_loop_flags(body: &Body, l: &Loop) -> SecondaryMap<Block, bool> {
    let mut v = SecondaryMap::from_elem(false, body.blocks.len());
    for &b in l.blocks() {
        if let Some(s) = v.get_mut(b) {
            *s = true;
        }
    }
    v
}

/// True when every predecessor edge of `b` comes from a loop block.
pub fn all_preds_in(cfg: &Cfg, l: &Loop, b: Block) -> bool {
    cfg.preds(b).iter().all(|&p| l.contains(p))
}
