//! Decoding vector instructions on lane vectors (vectors of up to [`MAX_LANES`] narrow
//! scalars, one narrow register per lane) into fast ops: lane-wise arithmetic and comparisons,
//! `select`, loads and stores of whole-byte lanes, `insertelement` and `extractelement` at a
//! constant lane, and `shufflevector` with a constant mask. Each such op keeps the generic
//! instruction as its fallback, which runs it whenever the fast path cannot (a poison lane, a
//! flag violated, a bad access), so the semantics stay those of the generic path.

use crate::interp::bytecode::*;
use crate::interp::report::Res;
use crate::interp::translate::{Dec, Translator};
use crate::interp::value::{sext, Val};
use crate::ir::layout::Class;
use crate::ir::{
    Block, ConstKind, Extra, FloatKind, Inst, InstData, InstFlags, Opcode, Operand, TypeId,
};
use crate::semantics::fp::FOp;
use crate::semantics::int::IOp;

impl Translator<'_> {
    /// The lane count of a fixed vector of narrow scalars with at most [`MAX_LANES`] lanes.
    pub(crate) fn vlanes(&self, t: TypeId) -> Option<u32> {
        let (false, n, e) = self.m.types.vector(t)? else { return None };
        let info = self.lay.get(e);
        ((1..=MAX_LANES).contains(&n)
            && info.narrow
            && matches!(info.class, Class::Int(_) | Class::Ptr | Class::Float(_)))
        .then_some(n)
    }

    /// A constant lane index below `n`, if the operand is one.
    fn const_lane(&mut self, o: Option<&Operand>, n: u32) -> Res<Option<u32>> {
        let Some(Operand::Const(c)) = o else { return Ok(None) };
        if !matches!(self.m.consts.kind(*c), ConstKind::Int(_)) {
            return Ok(None);
        }
        let v = self.const_val(*c)?;
        Ok(match v {
            Val::S(s) if s.poison == 0 && s.bits < n as u64 => Some(s.bits as u32),
            _ => None,
        })
    }

    /// The fast op of a vector instruction, if it has one (the generic instruction is decoded
    /// too and recorded as the op's fallback).
    pub(crate) fn decode_vector(
        &mut self,
        d: &mut Dec,
        b: Block,
        i: Inst,
        data: &InstData,
        dst: Opnd,
    ) -> Res<Option<Op>> {
        let mut ops = Vec::with_capacity(data.args.len());
        for &o in data.args.iter() {
            ops.push(self.dopnd(d, o)?);
        }
        let at = |k: usize| ops.get(k).copied().unwrap_or(NONE);
        let nr = |o: u32| (o & TAG == 0 && o != NONE).then_some(o);
        let t0 = data.args.first().map_or(TypeId::VOID, |&o| self.ty_of(d, o));
        let fk = |t: TypeId| self.m.types.float_kind(self.m.types.scalar(t));
        let iw = |t: TypeId| match self.lay.class(self.m.types.scalar(t)) {
            Class::Int(w) if *w <= 64 => Some(*w as u8),
            Class::Ptr => Some(64),
            _ => None,
        };
        let no_fmf_poison = data.fmf.0 & 3 == 0;
        // Three lane vectors of the same length.
        let v3 = |x: u32, y: u32, z: u32| match (vec_of(x), vec_of(y), vec_of(z)) {
            (Some(p), Some(q), Some(r)) if p.1 == q.1 && q.1 == r.1 => {
                Some((p.0, q.0, r.0, p.1 as u8))
            }
            _ => None,
        };
        let op = match data.op {
            o if IOp::from_opcode(o).is_some() => match (
                IOp::from_opcode(o),
                v3(dst, at(0), at(1)),
                iw(data.ty).filter(|_| self.m.types.is_int(self.m.types.scalar(data.ty))),
            ) {
                (Some(op), Some((dd, a, bb, n)), Some(w)) => {
                    let f = data.flags.0
                        & (InstFlags::NUW
                            | InstFlags::NSW
                            | InstFlags::EXACT
                            | InstFlags::DISJOINT);
                    Some(Op::VBin { op, d: dd, a, b: bb, n, w, f })
                }
                _ => None,
            },
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem
                if no_fmf_poison =>
            {
                let fo = match data.op {
                    Opcode::FAdd => FOp::Add,
                    Opcode::FSub => FOp::Sub,
                    Opcode::FMul => FOp::Mul,
                    Opcode::FDiv => FOp::Div,
                    _ => FOp::Rem,
                };
                match (v3(dst, at(0), at(1)), fk(data.ty)) {
                    (Some((dd, a, bb, n)), Some(FloatKind::Double)) => {
                        Some(Op::VF64 { op: fo, d: dd, a, b: bb, n })
                    }
                    (Some((dd, a, bb, n)), Some(FloatKind::Float)) => {
                        Some(Op::VF32 { op: fo, d: dd, a, b: bb, n })
                    }
                    _ => None,
                }
            }
            Opcode::ICmp if data.flags.0 == 0 => match (v3(dst, at(0), at(1)), iw(t0), &data.extra)
            {
                (Some((dd, a, bb, n)), Some(w), Extra::ICmp(p)) => {
                    Some(Op::VICmp { p: *p, d: dd, a, b: bb, n, w })
                }
                _ => None,
            },
            Opcode::FCmp if no_fmf_poison => match (v3(dst, at(0), at(1)), fk(t0), &data.extra) {
                (
                    Some((dd, a, bb, n)),
                    Some(k @ (FloatKind::Double | FloatKind::Float)),
                    Extra::FCmp(p),
                ) => Some(Op::VFCmp { p: *p, d: dd, a, b: bb, n, s: k == FloatKind::Float }),
                _ => None,
            },
            Opcode::Select if no_fmf_poison => {
                match (v3(dst, at(1), at(2)), nr(at(0)), vec_of(at(0))) {
                    (Some((dd, a, bb, n)), Some(c), _) => {
                        Some(Op::VSel { d: dd, c, a, b: bb, n, vc: false })
                    }
                    (Some((dd, a, bb, n)), None, Some((c, cn))) if cn as u8 == n => {
                        Some(Op::VSel { d: dd, c, a, b: bb, n, vc: true })
                    }
                    _ => None,
                }
            }
            Opcode::Load | Opcode::Store => {
                let load = data.op == Opcode::Load;
                let vt = if load { data.ty } else { t0 };
                let (v, p) = if load { (dst, at(0)) } else { (at(0), at(1)) };
                let elem = self.lay.get(self.m.types.scalar(vt)).clone();
                let bytes = match elem.class {
                    Class::Int(w) => w % 8 == 0,
                    _ => true,
                };
                let plain = !load || !self.md_has(data, &["range", "nonnull", "noundef", "align"]);
                let align =
                    data.mem_info().and_then(|mi| mi.align).unwrap_or(1).min(u32::MAX as u64)
                        as u32;
                let w = match elem.class {
                    Class::Int(w) => w as u8,
                    _ => 0,
                };
                match (vec_of(v), nr(p), plain && bytes && elem.size > 0 && elem.size <= 8) {
                    (Some((r, n)), Some(p), true) if load => {
                        Some(Op::VLoad { d: r, p, n: n as u8, es: elem.size as u8, w, align })
                    }
                    (Some((r, n)), Some(p), true) => {
                        Some(Op::VStore { v: r, p, n: n as u8, es: elem.size as u8, align })
                    }
                    _ => None,
                }
            }
            Opcode::InsertElement => match (vec_of(dst), vec_of(at(0)), nr(at(1))) {
                (Some((dd, n)), Some((a, an)), Some(e)) if n == an => self
                    .const_lane(data.args.get(2), n)?
                    .map(|k| Op::VIns { d: dd, a, b: e, k: k as u8, n: n as u8 }),
                _ => None,
            },
            Opcode::ExtractElement => match (nr(dst), vec_of(at(0))) {
                // The lane as it is: no fallback needed.
                (Some(dd), Some((a, n))) => {
                    return Ok(self
                        .const_lane(data.args.get(1), n)?
                        .map(|k| Op::Mov { d: dd, a: a + k }))
                }
                _ => None,
            },
            Opcode::ShuffleVector => {
                match (vec_of(dst), vec_of(at(0)), vec_of(at(1)), data.args.get(2)) {
                    (Some((dd, n)), Some((a, an)), Some((bb, bn)), Some(&Operand::Const(mc)))
                        if an == bn =>
                    {
                        let mask = self.const_val(mc)?;
                        let mut src = Vec::with_capacity(n as usize);
                        for e in mask.elems() {
                            let s = e.slot();
                            let k = sext(s.bits, 32);
                            if matches!(e, Val::W { .. }) || (s.poison == 0 && k >= 2 * an as i64) {
                                break;
                            }
                            // A poison, undef or negative element makes a poison lane (NONE).
                            src.push(if s.poison != 0 || k < 0 {
                                NONE
                            } else if k < an as i64 {
                                a + k as u32
                            } else {
                                bb + (k as u32 - an)
                            });
                        }
                        (src.len() == n as usize && mask.elems().len() == n as usize).then(|| {
                            d.c.shuffles.push(src.into());
                            Op::VShuf { d: dd, t: (d.c.shuffles.len() - 1) as u32, n: n as u8 }
                        })
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(op) = op else { return Ok(None) };
        if let Op::Generic { g } = self.decode_generic(d, b, i, data, dst)? {
            d.fallback = g;
            return Ok(Some(op));
        }
        Ok(None)
    }
}
