//! Executing the instructions that take the generic path: loads and stores of any type (with
//! `!range`/`!nonnull`/`!noundef`/`!align` metadata), atomics, `va_arg`, exception handling
//! (`landingpad`, `resume`), `indirectbr`, wide `switch`, and all pure operations on wide,
//! vector and aggregate values.

use crate::interp::bytecode::FnCode;
use crate::interp::exec::calls::Flow;
use crate::interp::exec::eval::Aux;
use crate::interp::report::{Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, Slot, Val};
use crate::ir::layout::Class;
use crate::ir::{Extra, InstData, MdNodeKind, Metadata, Opcode, RmwOp, TypeId};
use crate::semantics::wide;

impl Interp<'_> {
    /// Executes generic op `g` of the current frame.
    pub fn exec_generic(&mut self, code: &FnCode, base: usize, wbase: usize, g: u32) -> Res<Flow> {
        let Some(gen) = code.generic.get(g as usize) else { return Ok(Flow::Next) };
        let Some(data) = self
            .m
            .func(crate::ir::GlobalId::from_u32(code.gid))
            .and_then(|f| f.body.as_ref())
            .and_then(|b| b.insts.get(gen.inst))
        else {
            return Ok(Flow::Next);
        };
        if matches!(data.op, Opcode::Load | Opcode::Store) {
            let t = if data.op == Opcode::Load {
                data.ty
            } else {
                gen.tys.first().copied().unwrap_or(TypeId::VOID)
            };
            if self.lay.get(t).size > crate::interp::translate::consts::MAX_VALUE_BYTES {
                return Err(Fault::unsupported(format!(
                    "a {} of {} bytes is too large to hold as a value",
                    data.op.name(),
                    self.lay.get(t).size
                )));
            }
        }
        let args: Vec<Val> = gen.args.iter().map(|&o| self.opnd(code, base, wbase, o)).collect();
        let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
        let ty = data.ty;
        let out = match data.op {
            Opcode::Load => {
                let p = arg(0).slot();
                let size = self.lay.get(ty).size;
                self.check_align(data, p, size)?;
                let loc = self.mem.check(p, size, false)?;
                let v = self.load_val(loc, ty);
                Some(self.load_metadata(data, v, ty)?)
            }
            Opcode::Store => {
                let p = arg(1).slot();
                let vt = gen.tys.first().copied().unwrap_or(TypeId::VOID);
                let size = self.lay.get(vt).size;
                self.check_align(data, p, size)?;
                let loc = self.mem.check(p, size, true)?;
                self.store_val(loc, vt, &arg(0));
                None
            }
            Opcode::AtomicRmw => {
                let p = arg(0).slot();
                let size = self.lay.get(ty).size;
                self.check_align(data, p, size)?;
                let loc = self.mem.check(p, size, true)?;
                let old = self.load_val(loc, ty);
                let Extra::Rmw(rop, _) = &data.extra else { return Ok(Flow::Next) };
                let new = self.rmw(*rop, &old, &arg(1), ty)?;
                self.store_val(loc, ty, &new);
                Some(old)
            }
            Opcode::CmpXchg => {
                let p = arg(0).slot();
                let vt = gen.tys.get(1).copied().unwrap_or(TypeId::I32);
                let size = self.lay.get(vt).size;
                self.check_align(data, p, size)?;
                let loc = self.mem.check(p, size, true)?;
                let old = self.load_val(loc, vt);
                let cmp = arg(1);
                if old.taint() != 0 || cmp.taint() != 0 {
                    let o = if old.taint() != 0 { old.taint() } else { cmp.taint() };
                    return Err(Fault::ub_from(
                        UbKind::PoisonUse,
                        "cmpxchg compares a poison or undef value",
                        o,
                    ));
                }
                let eq = same_bits(&old, &cmp);
                if eq {
                    self.store_val(loc, vt, &arg(2));
                }
                Some(Val::A(vec![old, Val::S(Slot::int(eq as u64))].into()))
            }
            Opcode::VaArg => Some(self.va_arg(arg(0).slot(), ty)?),
            Opcode::LandingPad => match self.landing_pad(data)? {
                Some(v) => Some(v),
                None => return Ok(Flow::Switch),
            },
            Opcode::Resume => {
                let v = arg(0);
                if let (Some(e), Some(obj)) = (self.exception.as_mut(), v.elems().first()) {
                    e.0 = obj.slot();
                }
                self.unwind_pop()?;
                return Ok(Flow::Switch);
            }
            Opcode::IndirectBr => {
                let p = arg(0).slot();
                if p.poison != 0 {
                    return Err(Fault::ub_from(
                        UbKind::BranchOnPoison,
                        "indirectbr to a poison address",
                        p.poison,
                    ));
                }
                let target =
                    self.mem.alloc_of(p).and_then(|i| self.mem.allocs.get(i as usize)).and_then(
                        |a| match a.kind {
                            crate::interp::memory::AllocKind::Block(f, b)
                                if f == code.gid && a.base == p.bits =>
                            {
                                Some(b)
                            }
                            _ => None,
                        },
                    );
                let succ = data.successors();
                let Some(k) = target.and_then(|b| succ.iter().position(|s| s.as_u32() == b)) else {
                    return Err(Fault::ub(
                        UbKind::InvalidPointer,
                        format!(
                            "indirectbr to {:#x}, which is not a listed block of this function",
                            p.bits
                        ),
                    ));
                };
                let e = gen.edges.get(k).copied().unwrap_or(0);
                return Ok(Flow::Jump(self.take_edge(code, base, wbase, e)));
            }
            Opcode::Switch => {
                let v = arg(0);
                if v.taint() != 0 {
                    return Err(Fault::ub_from(
                        UbKind::BranchOnPoison,
                        "switch on a poison or undef value",
                        v.taint(),
                    ));
                }
                let Extra::Switch { cases, .. } = &data.extra else { return Ok(Flow::Next) };
                let mut k = 0;
                for (i, (c, _)) in cases.iter().enumerate() {
                    if same_bits(&self.const_val(*c)?, &v) {
                        k = i + 1;
                        break;
                    }
                }
                let e = gen.edges.get(k).copied().unwrap_or(0);
                return Ok(Flow::Jump(self.take_edge(code, base, wbase, e)));
            }
            Opcode::Br => {
                let c = arg(0).slot();
                if c.poison != 0 {
                    return Err(Fault::ub_from(
                        UbKind::BranchOnPoison,
                        "br on a poison or undef condition",
                        c.poison,
                    ));
                }
                let k = if c.bits & 1 == 1 { 0 } else { 1 };
                let e = gen.edges.get(k).copied().unwrap_or(0);
                return Ok(Flow::Jump(self.take_edge(code, base, wbase, e)));
            }
            Opcode::Alloca => {
                let Extra::Alloca { elem_ty, align, .. } = &data.extra else {
                    return Ok(Flow::Next);
                };
                let info = self.lay.get(*elem_ty);
                let n = arg(0);
                if n.taint() != 0 {
                    return Err(Fault::ub_from(
                        UbKind::PoisonUse,
                        "alloca with a poison element count",
                        n.taint(),
                    ));
                }
                let count = match &n {
                    Val::W { words, .. } if words.iter().skip(1).any(|&w| w != 0) => u64::MAX,
                    v => v.slot().bits,
                };
                let origin = self.origins.root(
                    crate::interp::poison::origin::TaintKind::Undef,
                    data.span,
                    code.gid,
                    "uninitialized alloca memory",
                );
                let idx = self.mem.alloc(
                    info.alloc.saturating_mul(count),
                    align.unwrap_or(info.align),
                    crate::interp::memory::AllocKind::Stack,
                    crate::interp::memory::TAINT | origin,
                )?;
                let site = self.mem.sites.intern(&[(data.span, code.gid)]);
                if let Some(a) = self.mem.allocs.get_mut(idx as usize) {
                    a.site = site;
                }
                self.allocas.push(idx);
                Some(Val::S(self.ptr_to(idx)))
            }
            Opcode::CallBr
            | Opcode::CatchSwitch
            | Opcode::CatchPad
            | Opcode::CleanupPad
            | Opcode::CatchRet
            | Opcode::CleanupRet => {
                return Err(Fault::unsupported(format!(
                    "`{}` (Windows-style exception handling and callbr) is not supported",
                    data.op.name()
                )));
            }
            op => {
                let aux = match &data.extra {
                    Extra::ICmp(p) => Aux::ICmp(*p),
                    Extra::FCmp(p) => Aux::FCmp(*p),
                    Extra::Gep { source_ty } => Aux::Gep(*source_ty),
                    Extra::Indices(ix) => Aux::Indices(ix),
                    _ => Aux::None,
                };
                Some(self.eval_pure(op, data.flags.0, data.fmf.0, ty, &args, &gen.tys, aux)?)
            }
        };
        if let Some(v) = out {
            self.set(base, wbase, gen.dst, v);
        }
        Ok(Flow::Next)
    }

    fn check_align(&self, data: &InstData, p: Slot, size: u64) -> Res<()> {
        let align = data.mem_info().and_then(|m| m.align).unwrap_or(1);
        if align > 1 && p.poison == 0 && !p.bits.is_multiple_of(align) {
            return Err(Fault::ub(
                UbKind::Misaligned,
                format!(
                    "{} of {size} bytes at {:#x} promises align {align}",
                    data.op.name(),
                    p.bits
                ),
            ));
        }
        Ok(())
    }

    /// Applies `!range`, `!nonnull`, `!noundef` and `!align` to a loaded value.
    fn load_metadata(&mut self, data: &InstData, v: Val, ty: TypeId) -> Res<Val> {
        let mut v = v;
        for (k, md) in data.md.iter() {
            let name = self.m.symbols.get(*k);
            let s = v.slot();
            match name {
                "noundef" if v.taint() != 0 => {
                    return Err(Fault::ub_from(
                        UbKind::NoUndefViolation,
                        "load with !noundef read a poison or undef value",
                        v.taint(),
                    ));
                }
                "nonnull" if s.poison == 0 && s.bits == 0 => {
                    let o = self.poison("load with !nonnull read null");
                    v = Val::S(Slot::tainted(o));
                }
                "align" if s.poison == 0 => {
                    let a = self.md_ints(*md).first().copied().unwrap_or(1);
                    if a > 1 && !s.bits.is_multiple_of(a) {
                        let o = self.poison(format!(
                            "load with !align {a} read the misaligned pointer {:#x}",
                            s.bits
                        ));
                        v = Val::S(Slot::tainted(o));
                    }
                }
                "range" if s.poison == 0 && self.lay.narrow(ty) => {
                    let w = match self.lay.class(ty) {
                        Class::Int(w) => *w,
                        _ => 64,
                    };
                    let r = self.md_ints(*md);
                    let m = mask(w);
                    let ok = r.chunks(2).any(|p| match p {
                        [lo, hi] => {
                            let (lo, hi) = (lo & m, hi & m);
                            lo == hi || s.bits.wrapping_sub(lo) & m < hi.wrapping_sub(lo) & m
                        }
                        _ => true,
                    });
                    if !ok {
                        let o = self.poison(format!(
                            "load with !range read {}, which is outside the range",
                            s.bits
                        ));
                        v = Val::S(Slot::tainted(o));
                    }
                }
                _ => {}
            }
        }
        Ok(v)
    }

    /// The integer operands of a metadata tuple.
    fn md_ints(&self, md: crate::ir::MdId) -> Vec<u64> {
        let Some(node) = self.m.metadata.nodes.get(md) else { return Vec::new() };
        let MdNodeKind::Tuple(items) = &node.kind else { return Vec::new() };
        items
            .iter()
            .filter_map(|x| match x {
                Metadata::Value(c) => match self.m.consts.kind(*c) {
                    crate::ir::ConstKind::Int(a) => Some(a.low_u64()),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }

    fn rmw(&mut self, op: RmwOp, old: &Val, x: &Val, ty: TypeId) -> Res<Val> {
        use crate::ir::{IntPredicate as P, Opcode as O};
        let bin = |s: &mut Self, o: O| {
            s.eval_pure(o, 0, 0, ty, &[old.clone(), x.clone()], &[ty, ty], Aux::None)
        };
        let cmp = |s: &mut Self, p: P| -> Res<bool> {
            Ok(s.eval_pure(
                O::ICmp,
                0,
                0,
                TypeId::I1,
                &[old.clone(), x.clone()],
                &[ty, ty],
                Aux::ICmp(p),
            )?
            .slot()
            .bits
                & 1
                == 1)
        };
        Ok(match op {
            RmwOp::Xchg => x.clone(),
            RmwOp::Add => bin(self, O::Add)?,
            RmwOp::Sub => bin(self, O::Sub)?,
            RmwOp::And => bin(self, O::And)?,
            RmwOp::Or => bin(self, O::Or)?,
            RmwOp::Xor => bin(self, O::Xor)?,
            RmwOp::Nand => {
                let a = bin(self, O::And)?;
                match a {
                    Val::S(s) => Val::S(Slot {
                        bits: !s.bits & mask(self.m.types.int_bits(ty).unwrap_or(64)),
                        ..s
                    }),
                    Val::W { words, poison } => Val::W {
                        words: wide::not(&words, self.m.types.int_bits(ty).unwrap_or(64)).into(),
                        poison,
                    },
                    v => v,
                }
            }
            RmwOp::Max => {
                if cmp(self, P::Sgt)? {
                    old.clone()
                } else {
                    x.clone()
                }
            }
            RmwOp::Min => {
                if cmp(self, P::Slt)? {
                    old.clone()
                } else {
                    x.clone()
                }
            }
            RmwOp::UMax => {
                if cmp(self, P::Ugt)? {
                    old.clone()
                } else {
                    x.clone()
                }
            }
            RmwOp::UMin => {
                if cmp(self, P::Ult)? {
                    old.clone()
                } else {
                    x.clone()
                }
            }
            RmwOp::FAdd => {
                self.eval_pure(O::FAdd, 0, 0, ty, &[old.clone(), x.clone()], &[ty, ty], Aux::None)?
            }
            RmwOp::FSub => {
                self.eval_pure(O::FSub, 0, 0, ty, &[old.clone(), x.clone()], &[ty, ty], Aux::None)?
            }
            RmwOp::FMax | RmwOp::FMin => {
                let k = self.m.types.float_kind(ty).unwrap_or(crate::ir::FloatKind::Double);
                let (a, b) = (old.slot().bits as u128, x.slot().bits as u128);
                Val::S(Slot::int(
                    crate::semantics::fp::minmax(k, a, b, op == RmwOp::FMax, false) as u64
                ))
            }
            RmwOp::UIncWrap => {
                if cmp(self, P::Uge)? {
                    self.zero_val(ty)
                } else {
                    self.eval_pure(
                        O::Add,
                        0,
                        0,
                        ty,
                        &[
                            old.clone(),
                            crate::interp::exec::eval::int_val(
                                vec![1],
                                self.m.types.int_bits(ty).unwrap_or(64),
                                0,
                            ),
                        ],
                        &[ty, ty],
                        Aux::None,
                    )?
                }
            }
            RmwOp::UDecWrap => {
                let zero = old.slot().bits == 0 && old.taint() == 0;
                if zero || cmp(self, P::Ugt)? {
                    x.clone()
                } else {
                    self.eval_pure(
                        O::Sub,
                        0,
                        0,
                        ty,
                        &[
                            old.clone(),
                            crate::interp::exec::eval::int_val(
                                vec![1],
                                self.m.types.int_bits(ty).unwrap_or(64),
                                0,
                            ),
                        ],
                        &[ty, ty],
                        Aux::None,
                    )?
                }
            }
        })
    }

    /// `landingpad`: `{ exception object, selector }` for the exception in flight.
    fn landing_pad(&mut self, data: &InstData) -> Res<Option<Val>> {
        let (obj, tinfo) = self.exception.unwrap_or_default();
        let Extra::LandingPad(clauses) = &data.extra else { return Ok(Some(Val::default())) };
        let mut sel = 0u64;
        for c in clauses.iter() {
            if let crate::ir::inst::Clause::Catch(crate::ir::Operand::Const(k)) = c {
                let ti = self.const_val(*k)?.slot();
                if ti.bits == 0 || ti.bits == tinfo.bits {
                    sel = self.typeid_for(ti.bits);
                    break;
                }
            }
        }
        if sel == 0
            && data.flags.0 & crate::ir::InstFlags::CLEANUP == 0
            && !clauses.iter().any(|c| matches!(c, crate::ir::inst::Clause::Filter(_)))
        {
            // Not for this exception: keep unwinding past this frame.
            self.unwind_pop()?;
            return Ok(None);
        }
        Ok(Some(Val::A(vec![Val::S(obj), Val::S(Slot::int(sel))].into())))
    }

    /// `llvm.eh.typeid.for`: a stable positive number per type info address.
    pub fn typeid_for(&mut self, addr: u64) -> u64 {
        match self.typeids.iter().position(|&a| a == addr) {
            Some(i) => i as u64 + 1,
            None => {
                self.typeids.push(addr);
                self.typeids.len() as u64
            }
        }
    }
}

/// True when two defined values have the same bits.
fn same_bits(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::S(x), Val::S(y)) => x.bits == y.bits,
        (Val::W { words: x, .. }, Val::W { words: y, .. }) => x == y,
        (Val::A(x), Val::A(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_bits(p, q))
        }
        _ => false,
    }
}
