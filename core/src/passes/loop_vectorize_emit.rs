//! The code `loop-vectorize` builds for a loop it planned (see `loop_vectorize.rs`), named as
//! LLVM names it:
//!
//! ```text
//!  pre:          %n = bound - start (+1); br (start < bound) && %n >= VF, vector.ph, scalar.ph
//!  vector.ph:    %n.vec = %n & -VF; splats of invariants, start vectors
//!  vector.body:  %index, vector phis; the loop's instructions on vectors, addresses of lane 0;
//!                %index.next = %index + VF; br %index.next == %n.vec, middle.block, vector.body
//!  middle.block: reductions reduced (llvm.vector.reduce.*), last lanes of values used later,
//!                resume values; br %n == %n.vec, exit, scalar.ph
//!  scalar.ph:    the resume values (from middle.block) or the original ones (from pre)
//!  loop:         the original loop, for the remaining iterations
//!  exit:         its phis (and new `.lcssa` phis for other uses) merge the two paths
//! ```
//!
//! The guard compares with the same bound and start the loop's first test uses, so a poison
//! bound, undefined behaviour there, stays undefined behaviour.

use super::loop_driver::Uses;
use super::loop_edit::{
    make_inst, new_block, phi_data, phi_entries, set_phi_entries, value_name, Names, Place,
};
use super::loop_vectorize::{Access, LiveOut, Plan};
use crate::ir::attrs::AttrSetId;
use crate::ir::entity::EntityRef;
use crate::ir::inst::CallInfo;
use crate::ir::inst::TailKind;
use crate::ir::types::Type;
use crate::ir::{
    ApInt, Block, Body, ConstId, ConstKind, Extra, Function, GlobalKind, GlobalName, GlobalValue,
    Inst, InstData, InstFlags, IntPredicate, LocalName, MdOperand, MemInfo, Module, Opcode,
    Operand, Param, TypeId, Value,
};
use rustc_hash::FxHashMap as HashMap;

/// What [`emit`] built: the vector loop's block, the new blocks, and the uses it made outside
/// them (instructions after the loop that now use a new `.lcssa` phi, in an operand or, for
/// `md`, in a metadata operand or debug record).
pub(super) struct Emitted {
    pub(super) vb: Block,
    pub(super) blocks: [Block; 4],
    pub(super) uses: Vec<(Value, Inst)>,
    pub(super) md: Vec<(Value, Inst)>,
}

/// Builds the vector loop of `plan`, finding the uses of the loop's values in `uses`.
pub(super) fn emit(
    m: &mut Module,
    body: &mut Body,
    names: &mut Names,
    uses: &Uses,
    plan: &Plan,
) -> Option<Emitted> {
    let mut e = Emitter::new(m, body, names, uses, plan)?;
    e.guard()?;
    e.vector_body()?;
    e.middle()?;
    e.scalar_ph()?;
    e.exit()?;
    e.finish();
    Some(Emitted {
        vb: e.vb,
        blocks: [e.vph, e.vb, e.mid, e.sph],
        uses: std::mem::take(&mut e.new_uses),
        md: std::mem::take(&mut e.new_md_uses),
    })
}

/// Where new instructions go.
#[derive(Copy, Clone, PartialEq, Eq)]
enum At {
    Pre,
    Vph,
    Vb,
    Mid,
    Sph,
}

struct Emitter<'a> {
    m: &'a mut Module,
    body: &'a mut Body,
    names: &'a mut Names,
    uses: &'a Uses,
    /// Uses made outside the new blocks (see [`Emitted`]).
    new_uses: Vec<(Value, Inst)>,
    new_md_uses: Vec<(Value, Inst)>,
    plan: &'a Plan,
    vf: u32,
    iw: TypeId,
    vph: Block,
    vb: Block,
    mid: Block,
    sph: Block,
    lists: [Vec<Inst>; 5],
    /// Vector form of loop values.
    vec: HashMap<Value, Operand>,
    /// Lane-0 scalar form of loop values (address chains).
    lane0: HashMap<Value, Operand>,
    splats: HashMap<Operand, Operand>,
    n: Operand,
    nvec: Operand,
    index: Operand,
    iv0: Operand,
    /// The index phi, the vector phis of induction variables and reductions (with their
    /// back-edge values once known).
    index_phi: Option<Inst>,
    iv_phis: Vec<(usize, Inst)>,
    rdx_phis: Vec<(usize, Inst)>,
    /// The reduced value of each reduction and the resume value of each induction variable.
    rdx: Vec<Operand>,
    resume_iv: Vec<Operand>,
}

impl<'a> Emitter<'a> {
    #[allow(clippy::new_ret_no_self)]
    fn new(
        m: &'a mut Module,
        body: &'a mut Body,
        names: &'a mut Names,
        uses: &'a Uses,
        plan: &'a Plan,
    ) -> Option<Emitter<'a>> {
        let iv = plan.ivs.get(plan.primary)?;
        let iw = body.value_ty(iv.value);
        let h = plan.h;
        let bname = |m: &mut Module, names: &mut Names, s: &str| names.fresh(m, s);
        let n = bname(m, names, "vector.ph");
        let vph = new_block(body, n, Place::Before(h));
        let n = bname(m, names, "vector.body");
        let vb = new_block(body, n, Place::Before(h));
        let n = bname(m, names, "middle.block");
        let mid = new_block(body, n, Place::Before(h));
        let n = bname(m, names, "scalar.ph");
        let sph = new_block(body, n, Place::Before(h));
        let dummy = Operand::Const(m.consts.int(iw, ApInt::zero(m.types.int_bits(iw)?)));
        Some(Emitter {
            m,
            body,
            names,
            uses,
            new_uses: Vec::new(),
            new_md_uses: Vec::new(),
            plan,
            vf: plan.vf,
            iw,
            vph,
            vb,
            mid,
            sph,
            lists: Default::default(),
            vec: HashMap::default(),
            lane0: HashMap::default(),
            splats: HashMap::default(),
            n: dummy,
            nvec: dummy,
            index: dummy,
            iv0: dummy,
            index_phi: None,
            iv_phis: Vec::new(),
            rdx_phis: Vec::new(),
            rdx: Vec::new(),
            resume_iv: Vec::new(),
        })
    }

    fn slot(at: At) -> usize {
        match at {
            At::Pre => 0,
            At::Vph => 1,
            At::Vb => 2,
            At::Mid => 3,
            At::Sph => 4,
        }
    }

    /// Appends a new instruction at `at`; its value (if any).
    fn add(&mut self, at: At, data: InstData, name: &str) -> Operand {
        let ln = if name.is_empty() { LocalName::Unnamed } else { self.names.fresh(self.m, name) };
        let i = make_inst(self.body, data, ln);
        if let Some(l) = self.lists.get_mut(Self::slot(at)) {
            l.push(i);
        }
        match self.body.insts.get(i).and_then(|d| d.result) {
            Some(v) => Operand::Value(v),
            None => Operand::Const(ConstId::new(0)),
        }
    }

    fn vty(&mut self, t: TypeId) -> TypeId {
        self.m.types.intern(Type::Vector { scalable: false, len: self.vf, elem: t })
    }

    fn int(&mut self, ty: TypeId, v: i64) -> Operand {
        let bits = self.m.types.int_bits(ty).unwrap_or(64);
        Operand::Const(self.m.consts.int(ty, ApInt::from_i64(bits, v)))
    }

    fn i64c(&mut self, v: i64) -> Operand {
        let t = self.m.types.int(64);
        self.int(t, v)
    }

    fn bin(
        &mut self,
        at: At,
        op: Opcode,
        a: Operand,
        b: Operand,
        flags: u16,
        name: &str,
    ) -> Operand {
        let ty = self.m.operand_ty(self.body, a);
        let mut d = InstData::new(op, ty, vec![a, b]);
        d.flags = InstFlags(flags);
        self.add(at, d, name)
    }

    fn icmp(&mut self, at: At, p: IntPredicate, a: Operand, b: Operand, name: &str) -> Operand {
        let i1 = self.m.types.int(1);
        let mut d = InstData::new(Opcode::ICmp, i1, vec![a, b]);
        d.extra = Extra::ICmp(p);
        self.add(at, d, name)
    }

    /// A vector constant (`zeroinitializer` when every lane is integer zero).
    fn vconst(&mut self, elem: TypeId, lanes: &[ConstId]) -> Operand {
        let vt = self.vty(elem);
        let zero = lanes
            .iter()
            .all(|&c| matches!(self.m.consts.kind(c), ConstKind::Int(v) if v.is_zero()));
        let kind = if zero { ConstKind::Zero } else { ConstKind::Aggregate(lanes.into()) };
        Operand::Const(self.m.consts.intern(vt, kind))
    }

    /// `<o, o, ...>`: a constant vector, or a broadcast built in `vector.ph` (in the body for
    /// values of the loop).
    fn splat(&mut self, o: Operand, at: At) -> Operand {
        if let Some(&s) = self.splats.get(&o) {
            return s;
        }
        let ty = self.m.operand_ty(self.body, o);
        let s = match o {
            Operand::Const(c) => {
                let lanes = vec![c; self.vf as usize];
                self.vconst(ty, &lanes)
            }
            _ => {
                let vt = self.vty(ty);
                let poison = Operand::Const(self.m.consts.intern(vt, ConstKind::Poison));
                let zero = self.i64c(0);
                let ins = self.add(
                    at,
                    InstData::new(Opcode::InsertElement, vt, vec![poison, o, zero]),
                    "broadcast.splatinsert",
                );
                let i32t = self.m.types.int(32);
                let mask_t = self.vty(i32t);
                let mask = Operand::Const(self.m.consts.intern(mask_t, ConstKind::Zero));
                self.add(
                    at,
                    InstData::new(Opcode::ShuffleVector, vt, vec![ins, poison, mask]),
                    "broadcast.splat",
                )
            }
        };
        if at == At::Vph || matches!(o, Operand::Const(_)) {
            self.splats.insert(o, s);
        }
        s
    }

    /// The vector form of an operand of the loop.
    fn vector_of(&mut self, o: Operand) -> Option<Operand> {
        match o {
            Operand::Value(v) => match self.vec.get(&v) {
                Some(&x) => Some(x),
                None if self.is_loop_value(v) => None,
                None => Some(self.splat(o, At::Vph)),
            },
            Operand::Const(_) => Some(self.splat(o, At::Vph)),
            Operand::Md(_) => None,
        }
    }

    fn is_loop_value(&self, v: Value) -> bool {
        let h = self.plan.h;
        match self.body.values.get(v).map(|d| d.def) {
            Some(crate::ir::ValueDef::Inst(i)) => {
                self.body.blocks.get(h).is_some_and(|b| b.insts.contains(&i))
            }
            _ => false,
        }
    }

    /// The lane-0 scalar value of an operand (address computations).
    fn scalar0(&mut self, o: Operand, depth: u32) -> Option<Operand> {
        let Operand::Value(v) = o else { return Some(o) };
        if !self.is_loop_value(v) {
            return Some(o);
        }
        if let Some(&x) = self.lane0.get(&v) {
            return Some(x);
        }
        let iv = self.plan.ivs.get(self.plan.primary)?;
        let r = if v == iv.value {
            self.iv0
        } else if v == iv.next {
            let one = self.int(self.iw, 1);
            self.bin(At::Vb, Opcode::Add, self.iv0, one, 0, "")
        } else {
            if depth > 64 {
                return None;
            }
            let i = super::loop_edit::def_inst(self.body, v)?;
            let mut d = self.body.insts.get(i)?.clone();
            if d.op == Opcode::Phi || d.op == Opcode::Load {
                return None;
            }
            let mut args = Vec::with_capacity(d.args.len());
            for &a in d.args.iter() {
                args.push(self.scalar0(a, depth + 1)?);
            }
            d.args = args.into_iter().collect();
            d.md.clear();
            self.add(At::Vb, d, "")
        };
        self.lane0.insert(v, r);
        Some(r)
    }

    /// Computes `%n` and the guard in the preheader, which then branches to `vector.ph` or
    /// `scalar.ph`.
    fn guard(&mut self) -> Option<()> {
        let plan = self.plan;
        let iv = plan.ivs.get(plan.primary)?;
        let t = &plan.test;
        let mut n = self.bin(At::Pre, Opcode::Sub, t.bound, iv.start, 0, "n.sub");
        if !t.on_next {
            let one = self.int(self.iw, 1);
            n = self.bin(At::Pre, Opcode::Add, n, one, 0, "n");
        }
        self.n = n;
        let vfc = self.int(self.iw, self.vf as i64);
        let enough = self.icmp(At::Pre, IntPredicate::Uge, n, vfc, "min.iters.check");
        let cond = match t.pred {
            IntPredicate::Slt | IntPredicate::Ult => {
                let p =
                    if t.pred == IntPredicate::Slt { IntPredicate::Slt } else { IntPredicate::Ult };
                let below = self.icmp(At::Pre, p, iv.start, t.bound, "start.check");
                self.bin(At::Pre, Opcode::And, below, enough, 0, "vector.check")
            }
            _ => enough,
        };
        let mut br = InstData::new(Opcode::Br, TypeId::VOID, vec![cond]);
        br.extra = Extra::Br(Box::new([self.vph, self.sph]));
        let term = self.body.terminator(plan.pre)?;
        if let Some(old) = self.body.insts.get(term) {
            br.span = old.span;
            br.md = old.md.clone();
        }
        *self.body.insts.get_mut(term)? = br;
        // `%n.vec`.
        let mask = self.int(self.iw, -(self.vf as i64));
        self.nvec = self.bin(At::Vph, Opcode::And, n, mask, 0, "n.vec");
        Some(())
    }

    fn vector_body(&mut self) -> Option<()> {
        let plan = self.plan;
        let (vph, vb) = (self.vph, self.vb);
        // %index.
        let zero = self.int(self.iw, 0);
        let ip = make_inst(
            self.body,
            phi_data(self.iw, &[(vph, zero)]),
            self.names.fresh(self.m, "index"),
        );
        self.lists[2].push(ip);
        self.index_phi = Some(ip);
        self.index = Operand::Value(self.body.insts.get(ip)?.result?);
        let iv = plan.ivs.get(plan.primary)?;
        self.iv0 = match iv.start {
            Operand::Const(c) if matches!(self.m.consts.kind(c), ConstKind::Int(v) if v.is_zero()) => {
                self.index
            }
            Operand::Const(c) if matches!(self.m.consts.kind(c), ConstKind::Zero) => self.index,
            s => self.bin(At::Vb, Opcode::Add, s, self.index, 0, "offset.idx"),
        };
        // Vector induction variables (only those needed as vectors).
        for (k, ivk) in plan.ivs.iter().enumerate() {
            if !plan.vector.contains(&ivk.value) {
                continue;
            }
            let ty = self.body.value_ty(ivk.value);
            let vt = self.vty(ty);
            let steps: Vec<ConstId> = (0..self.vf as i64)
                .map(|l| {
                    let bits = self.m.types.int_bits(ty).unwrap_or(64);
                    self.m.consts.int(ty, ApInt::from_i64(bits, l.wrapping_mul(ivk.step)))
                })
                .collect();
            let steps = self.vconst(ty, &steps);
            let start = match ivk.start {
                Operand::Const(c) => {
                    let bits = self.m.types.int_bits(ty).unwrap_or(64);
                    let s = match self.m.consts.kind(c) {
                        ConstKind::Int(v) => v.low_u64() as i64,
                        _ => 0,
                    };
                    let lanes: Vec<ConstId> = (0..self.vf as i64)
                        .map(|l| {
                            self.m.consts.int(
                                ty,
                                ApInt::from_i64(bits, s.wrapping_add(l.wrapping_mul(ivk.step))),
                            )
                        })
                        .collect();
                    self.vconst(ty, &lanes)
                }
                s => {
                    let sp = self.splat(s, At::Vph);
                    self.bin(At::Vph, Opcode::Add, sp, steps, 0, "induction")
                }
            };
            let name = self.names.fresh(self.m, "vec.ind");
            let p = make_inst(self.body, phi_data(vt, &[(vph, start)]), name);
            self.lists[2].push(p);
            self.iv_phis.push((k, p));
            self.vec.insert(ivk.value, Operand::Value(self.body.insts.get(p)?.result?));
        }
        // Reduction phis.
        for (k, r) in plan.reductions.iter().enumerate() {
            let bits = self.m.types.int_bits(r.ty)?;
            let id = identity(r.op, bits);
            let idc = self.m.consts.int(r.ty, id);
            let mut lanes = vec![idc; self.vf as usize];
            let start = match r.init {
                Operand::Const(c) => {
                    lanes[0] = c;
                    self.vconst(r.ty, &lanes)
                }
                init => {
                    let base = self.vconst(r.ty, &lanes);
                    let vt = self.vty(r.ty);
                    let zero = self.i64c(0);
                    self.add(
                        At::Vph,
                        InstData::new(Opcode::InsertElement, vt, vec![base, init, zero]),
                        "",
                    )
                }
            };
            let vt = self.vty(r.ty);
            let name = self.names.fresh(self.m, "vec.phi");
            let p = make_inst(self.body, phi_data(vt, &[(vph, start)]), name);
            self.lists[2].push(p);
            self.rdx_phis.push((k, p));
            self.vec.insert(r.value, Operand::Value(self.body.insts.get(p)?.result?));
        }
        // The body.
        for &i in &plan.insts {
            let d = self.body.insts.get(i)?.clone();
            let wanted = d.result.is_some_and(|v| plan.vector.contains(&v));
            match d.op {
                Opcode::Store => {
                    let val = self.vector_of(*d.args.first()?)?;
                    let addr = self.scalar0(*d.args.get(1)?, 0)?;
                    let mut sd = InstData::new(Opcode::Store, TypeId::VOID, vec![val, addr]);
                    sd.extra = Extra::Mem(Box::new(MemInfo {
                        align: d.mem_info()?.align,
                        ..Default::default()
                    }));
                    self.add(At::Vb, sd, "");
                }
                Opcode::Load if wanted => {
                    let v = d.result?;
                    let r = self.load(i, &d)?;
                    self.vec.insert(v, r);
                }
                _ if wanted => {
                    let v = d.result?;
                    let r = self.widen(i, &d)?;
                    self.vec.insert(v, r);
                }
                _ => {}
            }
        }
        // Back edges.
        for &(k, p) in &self.iv_phis.clone() {
            let ivk = plan.ivs.get(k)?;
            let ty = self.body.value_ty(ivk.value);
            let step = self.int(ty, ivk.step.wrapping_mul(self.vf as i64));
            let sp = self.splat(step, At::Vph);
            let cur = Operand::Value(self.body.insts.get(p)?.result?);
            let next = self.bin(At::Vb, Opcode::Add, cur, sp, 0, "vec.ind.next");
            self.push_phi_entry(p, vb, next);
        }
        for &(k, p) in &self.rdx_phis.clone() {
            let r = plan.reductions.get(k)?;
            let next = *self.vec.get(&r.next)?;
            self.push_phi_entry(p, vb, next);
        }
        let vfc = self.int(self.iw, self.vf as i64);
        let next = self.bin(At::Vb, Opcode::Add, self.index, vfc, InstFlags::NUW, "index.next");
        self.push_phi_entry(ip, vb, next);
        let done = self.icmp(At::Vb, IntPredicate::Eq, next, self.nvec, "");
        let mut br = InstData::new(Opcode::Br, TypeId::VOID, vec![done]);
        br.extra = Extra::Br(Box::new([self.mid, vb]));
        self.add(At::Vb, br, "");
        Some(())
    }

    fn push_phi_entry(&mut self, p: Inst, b: Block, v: Operand) {
        let mut e = phi_entries(self.body, p);
        e.push((b, v));
        set_phi_entries(self.body, p, &e);
    }

    /// The vector a load of the loop reads.
    fn load(&mut self, _i: Inst, d: &InstData) -> Option<Operand> {
        let plan = self.plan;
        let access = *plan.accesses.get(&_i)?;
        let addr = self.scalar0(*d.args.first()?, 0)?;
        let align = d.mem_info()?.align;
        let vt = self.vty(d.ty);
        let mk = |ty: TypeId, a: Operand| {
            let mut ld = InstData::new(Opcode::Load, ty, vec![a]);
            ld.extra = Extra::Mem(Box::new(MemInfo { align, ..Default::default() }));
            ld
        };
        Some(match access {
            Access::Consecutive => self.add(At::Vb, mk(vt, addr), "wide.load"),
            Access::Invariant => {
                let s = self.add(At::Vb, mk(d.ty, addr), "");
                self.splat(s, At::Vb)
            }
            Access::Strided(stride) => {
                let i8t = self.m.types.int(8);
                let mut acc = Operand::Const(self.m.consts.intern(vt, ConstKind::Poison));
                for k in 0..self.vf as i64 {
                    let a = if k == 0 {
                        addr
                    } else {
                        let off = self.i64c(stride.wrapping_mul(k));
                        let ptr_ty = self.m.operand_ty(self.body, addr);
                        let mut g = InstData::new(Opcode::GetElementPtr, ptr_ty, vec![addr, off]);
                        g.extra = Extra::Gep { source_ty: i8t };
                        self.add(At::Vb, g, "")
                    };
                    let x = self.add(At::Vb, mk(d.ty, a), "");
                    let kc = self.i64c(k);
                    acc = self.add(
                        At::Vb,
                        InstData::new(Opcode::InsertElement, vt, vec![acc, x, kc]),
                        "",
                    );
                }
                acc
            }
        })
    }

    /// The vector form of a widened instruction.
    fn widen(&mut self, i: Inst, d: &InstData) -> Option<Operand> {
        let mut nd = d.clone();
        let mut args = Vec::with_capacity(d.args.len());
        for &a in d.args.iter() {
            args.push(self.vector_of(a)?);
        }
        nd.args = args.into_iter().collect();
        nd.ty = self.vty(d.ty);
        nd.md.clear();
        nd.result = None;
        // A reduction's partial sums are not the scalar ones: their wrap flags go.
        if self.plan.reductions.iter().any(|r| r.next_inst == i) {
            nd.flags.0 &= !(InstFlags::NSW | InstFlags::NUW);
        }
        Some(self.add(At::Vb, nd, ""))
    }

    /// Reductions, live values and resume values in `middle.block`, then its branch.
    fn middle(&mut self) -> Option<()> {
        let plan = self.plan;
        for r in &plan.reductions {
            let v = *self.vec.get(&r.next)?;
            let f = reduce_fn(self.m, r.op, self.vf, r.ty)?;
            let vt = self.vty(r.ty);
            let fty = self.m.types.func(r.ty, vec![vt], false);
            let mut c = InstData::new(Opcode::Call, r.ty, vec![Operand::Const(f), v]);
            c.extra = Extra::Call(Box::new(CallInfo {
                fn_ty: fty,
                cc: 0,
                ret_attrs: AttrSetId::EMPTY,
                fn_attrs: AttrSetId::EMPTY,
                arg_attrs: vec![AttrSetId::EMPTY].into(),
                tail: TailKind::None,
                bundles: Box::new([]),
                addrspace: None,
            }));
            let x = self.add(At::Mid, c, "rdx");
            self.rdx.push(x);
        }
        for k in 0..plan.ivs.len() {
            let x = self.iv_value_after(k, self.nvec)?;
            self.resume_iv.push(x);
        }
        Some(())
    }

    /// `start_k + count * step_k` in `middle.block`.
    fn iv_value_after(&mut self, k: usize, count: Operand) -> Option<Operand> {
        let ivk = self.plan.ivs.get(k)?.clone();
        let ty = self.body.value_ty(ivk.value);
        let count = if ty == self.iw {
            count
        } else {
            let op = if self.m.types.int_bits(ty)? > self.m.types.int_bits(self.iw)? {
                Opcode::ZExt
            } else {
                Opcode::Trunc
            };
            self.add(At::Mid, InstData::new(op, ty, vec![count]), "")
        };
        let prod = if ivk.step == 1 {
            count
        } else {
            let s = self.int(ty, ivk.step);
            self.bin(At::Mid, Opcode::Mul, count, s, 0, "")
        };
        Some(self.bin(At::Mid, Opcode::Add, ivk.start, prod, 0, "ind.end"))
    }

    /// `scalar.ph`: the values the original loop starts from.
    fn scalar_ph(&mut self) -> Option<()> {
        let plan = self.plan;
        let (pre, mid, sph) = (plan.pre, self.mid, self.sph);
        let mut header_phis: Vec<(Inst, Operand)> = Vec::new();
        for (k, ivk) in plan.ivs.iter().enumerate() {
            header_phis.push((ivk.phi, *self.resume_iv.get(k)?));
        }
        for (k, r) in plan.reductions.iter().enumerate() {
            header_phis.push((r.phi, *self.rdx.get(k)?));
        }
        for (phi, resume) in header_phis {
            let entries = phi_entries(self.body, phi);
            let orig = entries.iter().find(|e| e.0 == pre)?.1;
            let ty = self.body.insts.get(phi)?.ty;
            let base = self
                .body
                .insts
                .get(phi)?
                .result
                .map(|v| value_name(self.m, self.body, v))
                .unwrap_or_default();
            let name = if base.is_empty() {
                LocalName::Unnamed
            } else {
                self.names.fresh(self.m, &format!("bc.resume.{base}"))
            };
            let bc = make_inst(self.body, phi_data(ty, &[(mid, resume), (pre, orig)]), name);
            self.lists[4].push(bc);
            let bcv = Operand::Value(self.body.insts.get(bc)?.result?);
            let new: Vec<(Block, Operand)> = entries
                .into_iter()
                .map(|(b, v)| if b == pre { (sph, bcv) } else { (b, v) })
                .collect();
            set_phi_entries(self.body, phi, &new);
        }
        Some(())
    }

    /// The value of `o` (used after the loop) on the path from `middle.block`.
    fn after_value(&mut self, o: Operand, cache: &mut HashMap<Value, Operand>) -> Option<Operand> {
        let Operand::Value(v) = o else { return Some(o) };
        if !self.is_loop_value(v) {
            return Some(o);
        }
        if let Some(&x) = cache.get(&v) {
            return Some(x);
        }
        let plan = self.plan;
        let lo = plan.live_outs.iter().find(|x| x.0 == v)?.1;
        let x = match lo {
            LiveOut::Reduction(k) => *self.rdx.get(k)?,
            LiveOut::Induction { k, next: true } => *self.resume_iv.get(k)?,
            LiveOut::Induction { k, next: false } => {
                let minus1 = self.int(self.iw, -1);
                let last = self.bin(At::Mid, Opcode::Add, self.nvec, minus1, 0, "");
                self.iv_value_after(k, last)?
            }
            LiveOut::LastLane => {
                let vec = *self.vec.get(&v)?;
                let ty = self.body.value_ty(v);
                let lane = self.i64c(self.vf as i64 - 1);
                self.add(At::Mid, InstData::new(Opcode::ExtractElement, ty, vec![vec, lane]), "")
            }
        };
        cache.insert(v, x);
        Some(x)
    }

    /// The exit block's phis take the values from `middle.block`; other uses after the loop
    /// go through new `.lcssa` phis.
    fn exit(&mut self) -> Option<()> {
        let plan = self.plan;
        let (h, exit, mid) = (plan.h, plan.exit, self.mid);
        let mut cache: HashMap<Value, Operand> = HashMap::default();
        let exit_phis = super::edit::phis(self.body, exit);
        for &p in &exit_phis {
            let entries = phi_entries(self.body, p);
            let from_h = entries.iter().find(|e| e.0 == h)?.1;
            let x = self.after_value(from_h, &mut cache)?;
            self.push_phi_entry(p, mid, x);
        }
        // Other uses after the loop.
        let mut lcssa: Vec<Inst> = Vec::new();
        for &(v, _) in &plan.live_outs {
            let users = self.uses.users(self.body, v);
            let outside_h = |u: &Inst| self.uses.block_of(*u) != Some(h);
            let outside: Vec<Inst> = users
                .iter()
                .copied()
                .filter(|&u| {
                    let b = self.uses.block_of(u);
                    b != Some(h) && !(b == Some(exit) && exit_phis.contains(&u))
                })
                .collect();
            // Instructions after the loop whose metadata operands (call arguments, debug
            // records) may refer to `v`.
            let mut md_users: Vec<Inst> = users.iter().copied().filter(outside_h).collect();
            md_users.extend(self.uses.dbg_users(self.body, v).into_iter().filter(outside_h));
            md_users.sort_unstable();
            md_users.dedup();
            let md_ids = self.md_ids_of(&md_users);
            let dbg_outside = md_ids.iter().any(|&id| md_refers(self.body.md_ops.get(id), v));
            if outside.is_empty() && !dbg_outside {
                continue;
            }
            let x = self.after_value(Operand::Value(v), &mut cache)?;
            let ty = self.body.value_ty(v);
            let base = value_name(self.m, self.body, v);
            let name = if base.is_empty() {
                LocalName::Unnamed
            } else {
                self.names.fresh(self.m, &format!("{base}.lcssa"))
            };
            let p = make_inst(self.body, phi_data(ty, &[(h, Operand::Value(v)), (mid, x)]), name);
            lcssa.push(p);
            let pr = self.body.insts.get(p)?.result?;
            let pv = Operand::Value(pr);
            for u in outside {
                if let Some(d) = self.body.insts.get_mut(u) {
                    super::edit::for_each_operand_mut(d, &mut |o| {
                        if *o == Operand::Value(v) {
                            *o = pv;
                        }
                    });
                }
                self.new_uses.push((pr, u));
            }
            self.replace_md(&md_ids, v, pv);
            for u in md_users {
                self.new_uses.push((pr, u));
                self.new_md_uses.push((pr, u));
            }
        }
        if let Some(bd) = self.body.blocks.get_mut(exit) {
            let at = exit_phis.len().min(bd.insts.len());
            bd.insts.splice(at..at, lcssa);
        }
        Some(())
    }

    /// The metadata operands (call arguments and debug records) of the instructions `insts`.
    fn md_ids_of(&self, insts: &[Inst]) -> Vec<crate::ir::MdOpId> {
        let mut out = Vec::new();
        for &i in insts {
            if let Some(d) = self.body.insts.get(i) {
                out.extend(d.args.iter().filter_map(|a| match a {
                    Operand::Md(id) => Some(*id),
                    _ => None,
                }));
            }
            if let Some(recs) = self.body.dbg_records.get(&i) {
                out.extend(recs.iter().flat_map(|r| r.args.iter().copied()));
            }
        }
        out
    }

    /// Makes the metadata operands `ids` that refer to `v` refer to `new`.
    fn replace_md(&mut self, ids: &[crate::ir::MdOpId], v: Value, new: Operand) {
        for &id in ids {
            let Some(md) = self.body.md_ops.get_mut(id) else { continue };
            let fix = |o: &mut Operand| {
                if *o == Operand::Value(v) {
                    *o = new;
                }
            };
            match md {
                MdOperand::Local(o) => fix(o),
                MdOperand::ArgList(list) => list.iter_mut().for_each(fix),
                MdOperand::Md(_) => {}
            }
        }
    }

    /// Places the new instructions in their blocks with their branches.
    fn finish(&mut self) {
        let plan = self.plan;
        let (h, vb, mid, sph) = (plan.h, self.vb, self.mid, self.sph);
        let same = self.icmp(At::Mid, IntPredicate::Eq, self.n, self.nvec, "cmp.n");
        let mut br = InstData::new(Opcode::Br, TypeId::VOID, vec![same]);
        br.extra = Extra::Br(Box::new([plan.exit, sph]));
        self.add(At::Mid, br, "");
        let br = super::loop_edit::br_to(vb);
        self.add(At::Vph, br, "");
        let br = super::loop_edit::br_to(h);
        self.add(At::Sph, br, "");
        let lists = std::mem::take(&mut self.lists);
        let [pre, vph_l, vb_l, mid_l, sph_l] = lists;
        if let Some(bd) = self.body.blocks.get_mut(plan.pre) {
            let at = bd.insts.len().saturating_sub(1);
            bd.insts.splice(at..at, pre);
        }
        for (b, l) in [(self.vph, vph_l), (vb, vb_l), (mid, mid_l), (sph, sph_l)] {
            if let Some(bd) = self.body.blocks.get_mut(b) {
                bd.insts = l;
            }
        }
        // Phis first in the vector body (the index and vector phis were made first, but
        // address code may have been added before the later phis).
        if let Some(bd) = self.body.blocks.get(vb) {
            let (phis, rest): (Vec<Inst>, Vec<Inst>) = bd
                .insts
                .iter()
                .partition(|&&i| self.body.insts.get(i).is_some_and(|d| d.op == Opcode::Phi));
            let all: Vec<Inst> = phis.into_iter().chain(rest).collect();
            if let Some(bd) = self.body.blocks.get_mut(vb) {
                bd.insts = all;
            }
        }
    }
}

/// True when a metadata operand refers to `v`.
fn md_refers(md: Option<&MdOperand>, v: Value) -> bool {
    match md {
        Some(MdOperand::Local(o)) => *o == Operand::Value(v),
        Some(MdOperand::ArgList(list)) => list.contains(&Operand::Value(v)),
        _ => false,
    }
}

/// The value that leaves a reduction unchanged: 0 for `add`, `or`, `xor`; 1 for `mul`; all
/// ones for `and`.
fn identity(op: Opcode, bits: u32) -> ApInt {
    match op {
        Opcode::Mul => ApInt::from_u64(bits, 1),
        Opcode::And => ApInt::from_i64(bits, -1),
        _ => ApInt::zero(bits),
    }
}

/// `@llvm.vector.reduce.<op>.v<VF>i<N>`, declared if the module does not have it yet.
fn reduce_fn(m: &mut Module, op: Opcode, vf: u32, ty: TypeId) -> Option<ConstId> {
    let bits = m.types.int_bits(ty)?;
    let name = format!("llvm.vector.reduce.{}.v{vf}i{bits}", op.name());
    let vt = m.types.intern(Type::Vector { scalable: false, len: vf, elem: ty });
    let fty = m.types.func(ty, vec![vt], false);
    let g = match m.global_by_name(&name) {
        Some(g) => {
            if m.func(g).map(|f| f.ty) != Some(fty) {
                return None;
            }
            g
        }
        None => {
            let sym = m.symbols.intern(&name);
            let gname = GlobalName::Named(sym);
            let mut f = Function::new(fty);
            f.intrinsic = crate::ir::Intrinsic::resolve(&name);
            f.params.push(Param {
                ty: vt,
                attrs: AttrSetId::EMPTY,
                name: LocalName::Unnamed,
                span: Default::default(),
            });
            let mut gv = GlobalValue::forward(gname.clone(), Default::default());
            gv.kind = GlobalKind::Func(Box::new(f));
            let g = m.globals.push(gv);
            m.global_names.insert(gname, g);
            m.order.push(g);
            g
        }
    };
    let pt = m.global_ptr_ty(g);
    Some(m.consts.intern(pt, ConstKind::Global(g)))
}
