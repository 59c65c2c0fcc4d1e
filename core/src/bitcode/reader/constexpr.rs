//! Constant expressions LLVM 19 no longer has (`icmp`, `fcmp`, `select`, `zext`, `shl`, ...,
//! which LLVM 15 and 16 write). As LLVM 19's reader does, every use of one inside a function
//! becomes instructions inserted just before the user, named `constexpr`, `constexpr1`, ...
//! (`constexpr.ins` for the `insertelement`/`insertvalue` chain of an aggregate that contains
//! one), expanded anew at each use; a global's initializer that uses one is an error. A phi
//! operand's instructions go into a new block `phi.constexpr` on that incoming edge (one per
//! edge, shared by the phis of the block; see [`Edges`]). The names take numbers from one
//! counter per function, as LLVM's symbol table does, including the number of the spare
//! `phi.constexpr` block LLVM names in advance and drops unused (hence a skipped number).
//! LLVM names them before the function's symbol table names the file's own values and blocks,
//! so one of those that clashes gets the counter's next number appended (an argument `%constexpr`
//! becomes `%constexpr7`, a `%constexpr1` becomes `%constexpr18`), in the symbol table's order.
//! The spare block exists in every function with a phi, so even without any legacy expression
//! a block or value named `phi.constexpr` there becomes `phi.constexpr1`.
//!
//! While reading, such an expression is kept in the constant pool as a [`ConstExpr`] of its
//! own opcode; an `icmp`/`fcmp` carries its bitcode predicate as a third, `i32` operand. Such
//! constants are never left in the module read: only the instructions made from them are.

use super::function::Named;
use super::module::ModuleReader;
use crate::ir::constants::ConstPool;
use crate::ir::function::{BlockData, Body, LocalName, ValueData, ValueDef};
use crate::ir::{
    ApInt, Block, ConstId, ConstKind, Extra, Inst, InstData, InstFlags, Opcode, Operand, Symbol,
    TypeId, Value,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// How deeply an expression may nest before it is refused (the expansion recurses).
const MAX_NESTING: u32 = 512;

/// The constant expressions LLVM 19 still has.
pub(super) fn supported(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::AddrSpaceCast
            | Opcode::GetElementPtr
            | Opcode::ExtractElement
            | Opcode::InsertElement
            | Opcode::ShuffleVector
            | Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::Xor
    )
}

/// The predicate operand of a legacy `icmp`/`fcmp` expression (see the module docs).
pub(super) fn predicate_operand(m: &mut crate::ir::Module, pred: u64) -> ConstId {
    m.consts.intern(TypeId::I32, ConstKind::Int(ApInt::from_u64(32, pred)))
}

/// True when constant `c` is or contains an expression LLVM 19 no longer has (`memo` keeps
/// the answers for expressions and aggregates).
pub(super) fn is_legacy(
    consts: &ConstPool,
    c: ConstId,
    memo: &mut HashMap<ConstId, bool>,
    depth: u32,
) -> Result<bool, String> {
    let ops: &[ConstId] = match consts.kind(c) {
        ConstKind::Expr(e) if !supported(e.op) => return Ok(true),
        ConstKind::Expr(e) => &e.operands,
        ConstKind::Aggregate(el) => el,
        _ => return Ok(false),
    };
    if let Some(&r) = memo.get(&c) {
        return Ok(r);
    }
    if depth > MAX_NESTING {
        return Err("constant expressions nested too deeply".to_string());
    }
    let mut r = false;
    for &o in ops {
        if is_legacy(consts, o, memo, depth + 1)? {
            r = true;
            break;
        }
    }
    memo.insert(c, r);
    Ok(r)
}

/// Names `constexpr`, `constexpr1`, ... as LLVM's symbol table makes them unique: one
/// counter per function for every clash.
struct Namer {
    used: HashSet<Symbol>,
    last: u32,
}

impl Namer {
    fn name(&mut self, m: &mut crate::ir::Module, base: &str) -> LocalName {
        let mut sym = m.symbols.intern(base);
        while self.used.contains(&sym) {
            self.last += 1;
            sym = m.symbols.intern(&format!("{base}{}", self.last));
        }
        self.used.insert(sym);
        LocalName::Named(sym)
    }
}

/// The expansion of one operand: the new instructions in order, and what was made of each
/// constant (LLVM materializes a constant used twice in one operand once).
struct Expansion {
    insts: Vec<Inst>,
    made: HashMap<ConstId, Operand>,
    /// [`ModuleReader::is_legacy`]'s answers, for the whole function.
    memo: HashMap<ConstId, bool>,
}

impl ModuleReader<'_> {
    /// True when constant `c` is or contains an expression LLVM 19 no longer has.
    pub(super) fn is_legacy(
        &self,
        c: ConstId,
        memo: &mut HashMap<ConstId, bool>,
        depth: u32,
    ) -> Result<bool, String> {
        is_legacy(&self.m.consts, c, memo, depth)
    }

    /// The opcode name of the first legacy expression in `c` (operands before their user,
    /// as LLVM meets them), for messages.
    pub(super) fn legacy_name(&self, c: ConstId) -> &'static str {
        let mut seen = HashSet::default();
        self.first_legacy(c, &mut seen, 0).map_or("unknown", |op| op.name())
    }

    fn first_legacy(&self, c: ConstId, seen: &mut HashSet<ConstId>, depth: u32) -> Option<Opcode> {
        if depth > MAX_NESTING || !seen.insert(c) {
            return None;
        }
        let (ops, own): (&[ConstId], _) = match self.m.consts.kind(c) {
            ConstKind::Expr(e) => (&e.operands, (!supported(e.op)).then_some(e.op)),
            ConstKind::Aggregate(el) => (el, None),
            _ => return None,
        };
        ops.iter().find_map(|&o| self.first_legacy(o, seen, depth + 1)).or(own)
    }

    /// Replaces every use of a legacy constant expression in `body` by instructions placed
    /// before its user, then gives the values and blocks the symbol table `named` (in its
    /// order) their names (see the module docs).
    pub(super) fn expand_legacy_exprs(
        &mut self,
        body: &mut Body,
        named: &[Named],
    ) -> Result<(), String> {
        let mut namer = Namer { used: HashSet::default(), last: 0 };
        if self.legacy_exprs {
            self.expand_all(body, &mut namer)?;
        } else if has_phi(body) {
            // The spare block LLVM makes for the first phi (see `expand_phi`).
            namer.name(&mut self.m, "phi.constexpr");
        }
        if namer.used.is_empty() {
            return Ok(());
        }
        for &n in named {
            let name = match n {
                Named::Value(v) => body.values.get(v).map(|d| d.name),
                Named::Block(b) => body.blocks.get(b).map(|d| d.name),
            };
            let Some(LocalName::Named(sym)) = name else { continue };
            let name = if namer.used.contains(&sym) {
                let base = self.m.symbols.get(sym).to_string();
                namer.name(&mut self.m, &base)
            } else {
                namer.used.insert(sym);
                LocalName::Named(sym)
            };
            match n {
                Named::Value(v) => body.values.get_mut(v).map(|d| d.name = name),
                Named::Block(b) => body.blocks.get_mut(b).map(|d| d.name = name),
            };
        }
        Ok(())
    }

    fn expand_all(&mut self, body: &mut Body, namer: &mut Namer) -> Result<(), String> {
        let mut memo = HashMap::default();
        let mut edges = Edges::default();
        for bi in 0..body.layout.len() {
            let Some(&b) = body.layout.get(bi) else { continue };
            let mut k = 0;
            while let Some(&inst) = body.blocks.get(b).and_then(|bd| bd.insts.get(k)) {
                if body.insts.get(inst).is_some_and(|d| d.op == Opcode::Phi) {
                    self.expand_phi(body, b, inst, &mut memo, namer, &mut edges)?;
                    k += 1;
                    continue;
                }
                let new = self.expand_inst(body, inst, &mut memo, namer)?;
                let n = new.len();
                if n > 0 {
                    if let Some(bd) = body.blocks.get_mut(b) {
                        let at = k.min(bd.insts.len());
                        bd.insts.splice(at..at, new);
                    }
                }
                k += n + 1;
            }
        }
        edges.place(body);
        Ok(())
    }

    /// Expands the legacy operands of a phi in block `to` into a block of their own on each
    /// incoming edge, as LLVM 19 does (see [`Edges`]).
    fn expand_phi(
        &mut self,
        body: &mut Body,
        to: Block,
        inst: Inst,
        memo: &mut HashMap<ConstId, bool>,
        namer: &mut Namer,
        edges: &mut Edges,
    ) -> Result<(), String> {
        let Some(d) = body.insts.get(inst) else { return Ok(()) };
        let Extra::Phi(froms) = &d.extra else { return Ok(()) };
        let froms = froms.clone();
        let mut args = d.args.clone();
        let mut out =
            Expansion { insts: Vec::new(), made: HashMap::default(), memo: std::mem::take(memo) };
        // The operand already taken for each incoming block: a repeated block reuses it.
        let mut seen: HashMap<Block, Operand> = HashMap::default();
        let mut r = Ok(());
        for (i, &from) in froms.iter().enumerate() {
            let Some(arg) = args.get_mut(i) else { break };
            if let Some(&v) = seen.get(&from) {
                *arg = v;
                continue;
            }
            let edge = edges.of.get(&(from, to)).copied();
            if edge.is_none() && edges.spare.is_none() {
                // LLVM makes (and names) the block before it knows whether it needs it.
                edges.spare = Some(namer.name(&mut self.m, "phi.constexpr"));
            }
            if let Operand::Const(c) = *arg {
                match self.is_legacy(c, &mut out.memo, 0) {
                    Ok(true) => {
                        out.made.clear();
                        match self.materialize(body, c, &mut out, namer, 0) {
                            Ok(v) => *arg = v,
                            Err(e) => {
                                r = Err(e);
                                break;
                            }
                        }
                    }
                    Ok(false) => {}
                    Err(e) => {
                        r = Err(e);
                        break;
                    }
                }
            }
            if !out.insts.is_empty() {
                let eb = match edge {
                    Some(eb) => eb,
                    None => {
                        let name = edges.spare.take().unwrap_or(LocalName::Unnamed);
                        let eb = body.blocks.push(BlockData {
                            name,
                            defined: true,
                            ..Default::default()
                        });
                        edges.of.insert((from, to), eb);
                        edges.list.push((from, to, eb));
                        eb
                    }
                };
                if let Some(bd) = body.blocks.get_mut(eb) {
                    bd.insts.append(&mut out.insts);
                }
            }
            seen.insert(from, *arg);
        }
        *memo = std::mem::take(&mut out.memo);
        r?;
        if let Some(d) = body.insts.get_mut(inst) {
            d.args = args;
        }
        Ok(())
    }

    /// Expands the legacy operands of one instruction, in the order its record lists them;
    /// returns the new instructions to place before it.
    fn expand_inst(
        &mut self,
        body: &mut Body,
        inst: Inst,
        memo: &mut HashMap<ConstId, bool>,
        namer: &mut Namer,
    ) -> Result<Vec<Inst>, String> {
        let Some(d) = body.insts.get(inst) else { return Ok(Vec::new()) };
        let op = d.op;
        let n = d.args.len();
        // Bundle inputs (their records come first), then the operands in record order.
        let mut slots: Vec<(Option<usize>, usize)> = Vec::new();
        if let Extra::Call(info) | Extra::Invoke(info, ..) | Extra::CallBr(info, ..) = &d.extra {
            for (bi, bundle) in info.bundles.iter().enumerate() {
                slots.extend((0..bundle.inputs.len()).map(|i| (Some(bi), i)));
            }
        }
        match op {
            Opcode::Select => slots.extend([1, 2, 0].map(|i| (None, i))),
            Opcode::Store => slots.extend([1, 0].map(|i| (None, i))),
            _ => slots.extend((0..n).map(|i| (None, i))),
        }
        let mut out =
            Expansion { insts: Vec::new(), made: HashMap::default(), memo: std::mem::take(memo) };
        let r = self.expand_slots(body, inst, &slots, &mut out, namer);
        *memo = std::mem::take(&mut out.memo);
        r?;
        Ok(out.insts)
    }

    fn expand_slots(
        &mut self,
        body: &mut Body,
        inst: Inst,
        slots: &[(Option<usize>, usize)],
        out: &mut Expansion,
        namer: &mut Namer,
    ) -> Result<(), String> {
        for &(bundle, i) in slots {
            let Some(d) = body.insts.get(inst) else { break };
            let operand = match bundle {
                Some(bi) => match &d.extra {
                    Extra::Call(info) | Extra::Invoke(info, ..) | Extra::CallBr(info, ..) => {
                        info.bundles.get(bi).and_then(|b| b.inputs.get(i)).copied()
                    }
                    _ => None,
                },
                None => d.args.get(i).copied(),
            };
            let Some(Operand::Const(c)) = operand else { continue };
            if !self.is_legacy(c, &mut out.memo, 0)? {
                continue;
            }
            out.made.clear();
            let v = self.materialize(body, c, out, namer, 0)?;
            let Some(d) = body.insts.get_mut(inst) else { break };
            let slot = match bundle {
                Some(bi) => match &mut d.extra {
                    Extra::Call(info) | Extra::Invoke(info, ..) | Extra::CallBr(info, ..) => {
                        info.bundles.get_mut(bi).and_then(|b| b.inputs.get_mut(i))
                    }
                    _ => None,
                },
                None => d.args.get_mut(i),
            };
            if let Some(s) = slot {
                *s = v;
            }
        }
        Ok(())
    }

    /// Constant `c` as an operand: itself when LLVM 19 keeps it a constant, else the result
    /// of the instructions made for it (appended to `out`).
    fn materialize(
        &mut self,
        body: &mut Body,
        c: ConstId,
        out: &mut Expansion,
        namer: &mut Namer,
        depth: u32,
    ) -> Result<Operand, String> {
        if let Some(&v) = out.made.get(&c) {
            return Ok(v);
        }
        if !self.is_legacy(c, &mut out.memo, 0)? {
            return Ok(Operand::Const(c));
        }
        if depth > MAX_NESTING {
            return Err("constant expressions nested too deeply".to_string());
        }
        let ty = self.m.consts.ty(c);
        let v = match self.m.consts.kind(c).clone() {
            ConstKind::Expr(e) => {
                let is_cmp = matches!(e.op, Opcode::ICmp | Opcode::FCmp);
                let n = if is_cmp { 2 } else { e.operands.len() };
                let mut args = Vec::with_capacity(n);
                for &o in e.operands.iter().take(n) {
                    args.push(self.materialize(body, o, out, namer, depth + 1)?);
                }
                let mut d = InstData::new(e.op, ty, args);
                if is_cmp {
                    let pred = e.operands.get(2).and_then(|&p| match self.m.consts.kind(p) {
                        ConstKind::Int(v) => Some(v.low_u64()),
                        _ => None,
                    });
                    d.extra = super::insts::cmp_extra(pred.unwrap_or(u64::MAX))?;
                } else if e.op == Opcode::GetElementPtr {
                    d.flags = e.flags;
                    let source_ty = e.source_ty.ok_or("a GEP without its source type")?;
                    d.extra = Extra::Gep { source_ty };
                } else if e.op.is_binary() {
                    // As LLVM's reader: wrap and exact flags only.
                    d.flags =
                        InstFlags(e.flags.0 & (InstFlags::NUW | InstFlags::NSW | InstFlags::EXACT));
                }
                let name = namer.name(&mut self.m, "constexpr");
                Operand::Value(push_inst(body, d, name, out))
            }
            ConstKind::Aggregate(elems) => {
                let vector = self.m.types.vector(ty).is_some();
                // The elements first, then the chain that puts them together.
                let mut xs = Vec::with_capacity(elems.len());
                for &el in elems.iter() {
                    xs.push(self.materialize(body, el, out, namer, depth + 1)?);
                }
                let mut acc = Operand::Const(self.m.consts.intern(ty, ConstKind::Poison));
                for (i, x) in xs.into_iter().enumerate() {
                    let d = if vector {
                        let idx = self
                            .m
                            .consts
                            .intern(TypeId::I32, ConstKind::Int(ApInt::from_u64(32, i as u64)));
                        InstData::new(Opcode::InsertElement, ty, vec![acc, x, Operand::Const(idx)])
                    } else {
                        let mut d = InstData::new(Opcode::InsertValue, ty, vec![acc, x]);
                        d.extra = Extra::Indices(Box::new([i as u32]));
                        d
                    };
                    let name = namer.name(&mut self.m, "constexpr.ins");
                    acc = Operand::Value(push_inst(body, d, name, out));
                }
                acc
            }
            _ => Operand::Const(c),
        };
        out.made.insert(c, v);
        Ok(v)
    }
}

/// The blocks made for the legacy operands of phis: one for each (from, to) edge, shared by
/// the phis of `to`. As LLVM 19's reader does, once the function is read each gets a branch
/// to `to`, `from`'s terminator and `to`'s phis go through it instead, and it is placed just
/// before `to` (in the order the blocks were made).
#[derive(Default)]
struct Edges {
    of: HashMap<(Block, Block), Block>,
    list: Vec<(Block, Block, Block)>,
    /// The name of the block LLVM keeps ready for the next edge: it takes a name (and so a
    /// number from the function's counter) when made, and is dropped unused at the end.
    spare: Option<LocalName>,
}

impl Edges {
    fn place(self, body: &mut Body) {
        for (from, to, eb) in self.list {
            let mut br = InstData::new(Opcode::Br, TypeId::VOID, Vec::new());
            br.extra = Extra::Br(Box::new([to]));
            body.append(eb, br, LocalName::Unnamed);
            if let Some(t) = body.terminator(from) {
                if let Some(d) = body.insts.get_mut(t) {
                    for s in d.blocks_mut() {
                        if *s == to {
                            *s = eb;
                        }
                    }
                }
            }
            let phis: Vec<Inst> =
                body.blocks.get(to).map(|bd| bd.insts.clone()).unwrap_or_default();
            for i in phis {
                match body.insts.get_mut(i) {
                    Some(d) if d.op == Opcode::Phi => {
                        if let Extra::Phi(bs) = &mut d.extra {
                            for b in bs.iter_mut().filter(|b| **b == from) {
                                *b = eb;
                            }
                        }
                    }
                    _ => break,
                }
            }
            body.layout.retain(|&b| b != eb);
            let at = body.layout.iter().position(|&b| b == to).unwrap_or(body.layout.len());
            body.layout.insert(at, eb);
        }
    }
}

/// True when `body` has a phi with an incoming value (for which LLVM makes its spare block).
fn has_phi(body: &Body) -> bool {
    body.insts.iter().any(|(_, d)| d.op == Opcode::Phi && !d.args.is_empty())
}

/// Adds an instruction to the body's arenas (not to a block yet) and to `out`.
fn push_inst(body: &mut Body, mut data: InstData, name: LocalName, out: &mut Expansion) -> Value {
    let inst = body.insts.next_key();
    let v = body.values.push(ValueData { ty: data.ty, def: ValueDef::Inst(inst), name });
    body.value_spans.push(Default::default());
    data.result = Some(v);
    body.insts.push(data);
    out.insts.push(inst);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_19_keeps_only_these_expressions() {
        assert!(supported(Opcode::Xor) && supported(Opcode::GetElementPtr));
        for op in [Opcode::ICmp, Opcode::FCmp, Opcode::Select, Opcode::ZExt, Opcode::Shl] {
            assert!(!supported(op), "{op:?}");
        }
    }
}
