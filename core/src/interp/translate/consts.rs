//! Constants as runtime values: integers, floats, aggregates, global and block addresses,
//! `undef`/`poison` (with an origin at their first use) and constant expressions (evaluated by
//! the generic instruction semantics); and global initializers written into memory.

use crate::diag::Span;
use crate::interp::exec::eval::Aux;
use crate::interp::memory::AllocKind;
use crate::interp::poison::origin::{Origins, TaintKind};
use crate::interp::report::{Fault, Res};
use crate::ir::layout::Class;

/// The largest aggregate or vector the interpreter holds as one register value.
pub const MAX_VALUE_BYTES: u64 = 1 << 26;
use crate::interp::state::Interp;
use crate::interp::translate::Env;
use crate::interp::value::{Slot, Val};
use crate::ir::{ConstId, ConstKind, TypeId};
use crate::semantics::wide;

impl Env for Interp<'_> {
    fn const_val(&mut self, c: ConstId, at: (Span, u32)) -> Res<Val> {
        self.ctx = at;
        Interp::const_val(self, c)
    }

    fn origins(&mut self) -> &mut Origins {
        &mut self.origins
    }

    fn no_promote(&self) -> bool {
        self.no_promote
    }
}

impl Interp<'_> {
    /// The value of a constant.
    pub fn const_val(&mut self, c: ConstId) -> Res<Val> {
        let m = self.m;
        let ty = m.consts.ty(c);
        if !self.lay.narrow(ty) && self.lay.get(ty).size > MAX_VALUE_BYTES {
            return Err(Fault::unsupported(format!(
                "a constant of {} bytes is too large to hold as a value",
                self.lay.get(ty).size
            )));
        }
        Ok(match m.consts.kind(c) {
            ConstKind::Int(a) => {
                if self.lay.narrow(ty) {
                    Val::S(Slot::int(a.low_u64()))
                } else {
                    Val::W { words: a.words().into(), poison: 0 }
                }
            }
            ConstKind::Float(bits) => {
                if self.lay.narrow(ty) {
                    Val::S(Slot::int(*bits as u64))
                } else {
                    Val::W { words: vec![*bits as u64, (*bits >> 64) as u64].into(), poison: 0 }
                }
            }
            ConstKind::Null | ConstKind::NoneToken | ConstKind::InlineAsm(_) => self.zero_val(ty),
            ConstKind::Zero => self.zero_val(ty),
            ConstKind::Undef => {
                let o =
                    self.origins.root(TaintKind::Undef, self.ctx.0, self.ctx.1, "undef constant");
                self.taint_val(ty, o)
            }
            ConstKind::Poison => {
                let o = self.poison("poison constant");
                self.taint_val(ty, o)
            }
            ConstKind::Aggregate(es) => {
                let mut v = Vec::with_capacity(es.len());
                for e in es.iter() {
                    v.push(self.const_val(*e)?);
                }
                Val::A(v.into())
            }
            ConstKind::Bytes(b) => Val::A(b.iter().map(|x| Val::S(Slot::int(*x as u64))).collect()),
            ConstKind::Global(g) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                Val::S(self.gaddr.get(g.as_u32() as usize).copied().unwrap_or_default())
            }
            ConstKind::BlockAddress { func, block } => {
                Val::S(self.block_addr(func.as_u32(), block.as_u32())?)
            }
            ConstKind::PtrAuth(cs) => match cs.first() {
                Some(p) => self.const_val(*p)?,
                None => Val::default(),
            },
            ConstKind::Expr(e) => {
                let mut args = Vec::with_capacity(e.operands.len());
                let mut tys = Vec::with_capacity(e.operands.len());
                for o in e.operands.iter() {
                    args.push(self.const_val(*o)?);
                    tys.push(m.consts.ty(*o));
                }
                let aux = match e.source_ty {
                    Some(t) => Aux::Gep(t),
                    None => Aux::None,
                };
                self.eval_pure(e.op, e.flags.0, 0, ty, &args, &tys, aux)?
            }
        })
    }

    /// The zero value of a type.
    pub fn zero_val(&self, ty: TypeId) -> Val {
        self.filled(ty, Slot::default())
    }

    /// A value of `ty` whose every scalar is tainted with origin `o`.
    pub fn taint_val(&self, ty: TypeId, o: u32) -> Val {
        self.filled(ty, Slot::tainted(o))
    }

    fn filled(&self, ty: TypeId, s: Slot) -> Val {
        let info = self.lay.get(ty);
        match &info.class {
            _ if info.narrow => Val::S(s),
            Class::Int(w) => Val::W { words: vec![0; wide::nw(*w)].into(), poison: s.poison },
            Class::Float(_) => Val::W { words: vec![0, 0].into(), poison: s.poison },
            Class::Vector(len, e) => Val::A((0..*len).map(|_| self.filled(*e, s)).collect()),
            Class::Array(len, e) => Val::A((0..*len).map(|_| self.filled(*e, s)).collect()),
            Class::Struct(fields, _) => Val::A(fields.iter().map(|f| self.filled(*f, s)).collect()),
            Class::Other | Class::Ptr => Val::S(s),
        }
    }

    /// The address of `blockaddress(@f, %bb)`.
    pub fn block_addr(&mut self, f: u32, b: u32) -> Res<Slot> {
        if let Some(s) = self.block_addrs.get(&(f, b)) {
            return Ok(*s);
        }
        let idx = self.mem.alloc(0, 16, AllocKind::Block(f, b), 0)?;
        let s = self.ptr_to(idx);
        self.block_addrs.insert((f, b), s);
        Ok(s)
    }

    /// Writes a constant into fresh (zeroed) memory at a checked location.
    pub fn write_const(&mut self, c: ConstId, ty: TypeId, loc: (usize, usize)) -> Res<()> {
        let m = self.m;
        match m.consts.kind(c) {
            ConstKind::Zero | ConstKind::Null => Ok(()),
            ConstKind::Undef | ConstKind::Poison => {
                let kind = if matches!(m.consts.kind(c), ConstKind::Undef) {
                    TaintKind::Undef
                } else {
                    TaintKind::Poison
                };
                let o = self.origins.root(
                    kind,
                    self.ctx.0,
                    self.ctx.1,
                    format!(
                        "{} initializer",
                        if kind == TaintKind::Undef { "undef" } else { "poison" }
                    ),
                );
                let n = self.lay.get(ty).size as usize;
                self.mem.range_mut(loc, n).1.fill(crate::interp::memory::TAINT | o);
                Ok(())
            }
            ConstKind::Bytes(b) => {
                let n = b.len().min(self.lay.get(ty).size as usize);
                let (dst, _) = self.mem.range_mut(loc, n);
                dst.copy_from_slice(&b[..n]);
                Ok(())
            }
            ConstKind::Aggregate(es) => match self.lay.class(ty).clone() {
                Class::Array(_, et) => {
                    let stride = self.lay.get(et).alloc as usize;
                    for (k, e) in es.iter().enumerate() {
                        self.write_const(*e, et, (loc.0, loc.1 + k * stride))?;
                    }
                    Ok(())
                }
                Class::Struct(fields, offs) => {
                    for (k, e) in es.iter().enumerate() {
                        if let (Some(ft), Some(fo)) = (fields.get(k), offs.get(k)) {
                            self.write_const(*e, *ft, (loc.0, loc.1 + *fo as usize))?;
                        }
                    }
                    Ok(())
                }
                _ => {
                    let v = self.const_val(c)?;
                    self.store_val(loc, ty, &v);
                    Ok(())
                }
            },
            _ => {
                let v = self.const_val(c)?;
                self.store_val(loc, ty, &v);
                Ok(())
            }
        }
    }
}
