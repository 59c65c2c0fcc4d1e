//! Translation: turns a function body into [`FnCode`] once, on its first call. Values get dense
//! register numbers (narrow scalars whose live ranges do not overlap share one, `translate/regalloc.rs`),
//! constants are materialized into the register template, successors become edges carrying
//! their phi moves, and common instructions on narrow types get a fast [`Op`]; the rest run
//! through the generic path from the IR instruction.

pub(crate) mod consts;
pub(crate) mod fuse;
mod promote;
mod regalloc;
mod vector;

use crate::diag::Span;
use crate::interp::bytecode::*;
use crate::interp::poison::origin::{Origins, TaintKind};
use crate::interp::report::{ErrorKind, Fault, Res};
use crate::interp::state::Interp;
use crate::interp::value::{sext, Slot, Val};
use crate::ir::layout::{Class, Layouts};
use crate::ir::SecondaryMap;
use crate::ir::{
    AttrKind, AttrSetId, Block, Body, ConstId, EntityRef, Extra, FloatKind, Function, GlobalId,
    Inst, InstData, InstFlags, Intrinsic, Module, Opcode, Operand, TailKind, TypeId, Value,
};
use crate::semantics::fp::FOp;
use crate::semantics::int::IOp;
use std::collections::HashMap;
use std::rc::Rc;

/// What translation needs from the interpreter beyond the module and the layouts: the value
/// of a constant (a constant expression is evaluated by the generic semantics, an `undef` or
/// `poison` constant gets an origin at the instruction using it, a `blockaddress` gets an
/// allocation, a global its address), and the origin table (for the undef contents of
/// `alloca`s). `Interp` implements it (`consts.rs`).
pub(crate) trait Env {
    /// The value of constant `c` used by the instruction at `at` (its span and function).
    fn const_val(&mut self, c: ConstId, at: (Span, u32)) -> Res<Val>;
    /// The origin table.
    fn origins(&mut self) -> &mut Origins;
    /// Keep every stack slot in memory (a debugging session).
    fn no_promote(&self) -> bool {
        false
    }
}

/// Translates functions of a module into [`FnCode`]: borrows the module, its layouts and the
/// interpreter's [`Env`]; what it makes for one function is in its [`Dec`].
pub(crate) struct Translator<'a> {
    /// The module.
    m: &'a Module,
    /// Its type layouts.
    lay: &'a Layouts,
    /// Constants and origins.
    env: &'a mut dyn Env,
    /// The span and function of the instruction being translated (for constants' origins).
    ctx: (Span, u32),
}

/// A function being translated: the translator's output for it.
pub(crate) struct Dec<'a> {
    pub(crate) body: &'a Body,
    pub(crate) c: FnCode,
    vop: SecondaryMap<Value, Opnd>,
    /// The register of each promoted stack slot, by the alloca's value.
    cells: HashMap<Value, u32>,
    cmap: HashMap<ConstId, Opnd>,
    emap: HashMap<(u32, u32), u32>,
    /// The generic instruction that runs the op being decoded off the fast path, or [`NONE`].
    pub(crate) fallback: u32,
}

/// Attribute kinds that make an argument or return value poison when violated.
const CHECKED: [AttrKind; 4] =
    [AttrKind::NonNull, AttrKind::Range, AttrKind::Align, AttrKind::NoFpClass];

impl Interp<'_> {
    /// The translated code of function `g`, translating it on first use.
    pub fn code_of(&mut self, g: u32) -> Res<Rc<FnCode>> {
        if let Some(Some(c)) = self.funcs.get(g as usize) {
            return Ok(c.clone());
        }
        let saved = self.ctx;
        let (m, lay) = (self.m, self.lay.clone());
        let mut t = Translator { m, lay: &lay, env: self, ctx: saved };
        let r = t.translate(g);
        // A failure is reported at the instruction being translated.
        let at = t.ctx;
        self.ctx = if r.is_ok() { saved } else { at };
        let c = Rc::new(r?);
        if let Some(s) = self.funcs.get_mut(g as usize) {
            *s = Some(c.clone());
        }
        Ok(c)
    }
}

impl Translator<'_> {
    /// The value of a constant used by the instruction being translated.
    pub(crate) fn const_val(&mut self, c: ConstId) -> Res<Val> {
        self.env.const_val(c, self.ctx)
    }

    fn has_attr(&self, set: AttrSetId, k: AttrKind) -> bool {
        self.m.attrs.has(set, k)
    }

    /// The copy a `byval` attribute of argument `arg` in set `set` asks for, if it has one.
    fn byval(&self, arg: usize, set: AttrSetId) -> Option<ByVal> {
        let Some(crate::ir::Attr::Type(AttrKind::ByVal, t)) =
            self.m.attrs.find(set, AttrKind::ByVal)
        else {
            return None;
        };
        let info = self.lay.get(*t);
        let align = match self.m.attrs.find(set, AttrKind::Align) {
            Some(crate::ir::Attr::Int(AttrKind::Align, a)) if a.is_power_of_two() => *a,
            _ => info.align,
        };
        Some(ByVal { arg: arg as u32, size: info.alloc, align: align.max(1) })
    }

    fn translate(&mut self, g: u32) -> Res<FnCode> {
        let m = self.m;
        let Some(f) = m.func(GlobalId::from_u32(g)) else {
            return Err(Fault::Error(ErrorKind::Internal, "not a function".into()));
        };
        let Some(body) = f.body.as_ref() else {
            return Err(Fault::Error(
                ErrorKind::Internal,
                format!("@{} has no body", m.global_name(GlobalId::from_u32(g))),
            ));
        };
        self.ctx = (Span0::span(f, body), g);
        let mut d = Dec {
            body,
            c: FnCode { gid: g, ..Default::default() },
            vop: SecondaryMap::from_elem(NONE, body.values.len()),
            cells: HashMap::new(),
            cmap: HashMap::new(),
            emap: HashMap::new(),
            fallback: NONE,
        };
        // Narrow scalars share registers where their live ranges allow (`translate/regalloc.rs`).
        let narrow = |v: Value| body.values.get(v).is_some_and(|vd| self.lay.narrow(vd.ty));
        // Scalar operations that read every operand before writing their result (on both
        // paths) may write it to the register of an operand that dies there.
        let reuse = |d: &InstData| {
            use Opcode as O;
            matches!(
                d.op,
                O::Add
                    | O::Sub
                    | O::Mul
                    | O::And
                    | O::Or
                    | O::Xor
                    | O::Shl
                    | O::LShr
                    | O::AShr
                    | O::FAdd
                    | O::FSub
                    | O::FMul
                    | O::FDiv
                    | O::GetElementPtr
            ) && d
                .result
                .and_then(|v| body.values.get(v))
                .is_some_and(|vd| !m.types.is_vector(vd.ty))
        };
        let shared = crate::interp::translate::regalloc::assign(body, &narrow, &reuse);
        let (mut nn, mut nw) = (shared.as_ref().map_or(0, |s| s.1), 0u32);
        for (v, vd) in body.values.iter() {
            if self.lay.narrow(vd.ty) {
                match &shared {
                    Some((regs, _)) => d.vop[v] = regs.get(v).copied().unwrap_or(0),
                    None => {
                        d.vop[v] = nn;
                        nn += 1;
                    }
                }
            } else if let Some(n) = self.vlanes(vd.ty).filter(|_| nn < LANE_REGS) {
                d.vop[v] = vec_opnd(nn, n);
                nn += n;
            } else {
                d.vop[v] = WIDE | nw;
                nw += 1;
            }
        }
        // A debugging session keeps every stack slot in memory, where it can be shown.
        let mut promoted = if self.env.no_promote() { Vec::new() } else { self.promotable(body) };
        promoted.sort_by_key(|v| v.index());
        for v in promoted {
            d.cells.insert(v, nn);
            nn += 1;
        }
        d.c.template = vec![Slot::default(); nn as usize];
        d.c.nvals = nn;
        d.c.wtemplate = vec![Val::default(); nw as usize];
        d.c.params = body.params.iter().map(|p| d.vop.get(*p).copied().unwrap_or(NONE)).collect();
        d.c.narrow_params = d.c.params.iter().enumerate().all(|(i, &p)| p as usize == i);
        d.c.nparams = body.params.len() as u32;
        d.c.vop = body.values.keys().map(|v| d.vop.get(v).copied().unwrap_or(NONE)).collect();
        d.c.vararg = m.types.func_sig(f.ty).is_some_and(|s| s.2);
        d.c.byval =
            f.params.iter().enumerate().filter_map(|(k, p)| self.byval(k, p.attrs)).collect();
        d.c.ret_noundef = self.has_attr(f.ret_attrs, AttrKind::NoUndef);
        d.c.block_pc = vec![NONE; body.blocks.len()];
        let mut pc = 0u32;
        for &b in &body.layout {
            d.c.block_pc[b.index()] = pc;
            for &i in &body.blocks[b].insts {
                if body.insts[i].op != Opcode::Phi {
                    pc += 1;
                }
            }
        }
        for &b in &body.layout {
            let insts = &body.blocks[b].insts;
            for (k, &i) in insts.iter().enumerate() {
                let data = &body.insts[i];
                if data.op == Opcode::Phi {
                    continue;
                }
                self.ctx.0 = data.span;
                let next = insts.get(k + 1).map(|n| &body.insts[*n]);
                d.fallback = NONE;
                let op = self.decode_inst(&mut d, b, i, data, next)?;
                d.c.ops.push(op);
                d.c.fallback.push(d.fallback);
                d.c.insts.push(i);
                d.c.spans.push(data.span);
                d.c.blocks.push(b.index() as u32);
                d.c.res.push(data.result.map_or(NONE, |v| d.vop[v]));
            }
        }
        crate::interp::translate::fuse::fuse(&mut d.c, body);
        d.c.validate();
        Ok(d.c)
    }

    pub(crate) fn dopnd(&mut self, d: &mut Dec, o: Operand) -> Res<Opnd> {
        match o {
            Operand::Value(v) => Ok(d.vop.get(v).copied().unwrap_or(NONE)),
            Operand::Const(c) => {
                if let Some(&r) = d.cmap.get(&c) {
                    return Ok(r);
                }
                let v = self.const_val(c)?;
                let ty = self.m.consts.ty(c);
                let lanes = self.vlanes(ty).filter(|_| (d.c.template.len() as u32) < LANE_REGS);
                let r = if self.lay.narrow(ty) {
                    d.c.template.push(v.slot());
                    (d.c.template.len() - 1) as u32
                } else if let Some(n) = lanes {
                    let at = d.c.template.len() as u32;
                    match &v {
                        Val::A(es) => d.c.template.extend(
                            (0..n as usize).map(|k| es.get(k).map(Val::slot).unwrap_or_default()),
                        ),
                        v => d.c.template.extend(std::iter::repeat_n(v.slot(), n as usize)),
                    }
                    vec_opnd(at, n)
                } else {
                    d.c.wconsts.push(v);
                    WCONST | (d.c.wconsts.len() - 1) as u32
                };
                d.cmap.insert(c, r);
                Ok(r)
            }
            Operand::Md(_) => Ok(NONE),
        }
    }

    fn edge(&mut self, d: &mut Dec, from: Block, to: Block) -> Res<u32> {
        if let Some(&e) = d.emap.get(&(from.as_u32(), to.as_u32())) {
            return Ok(e);
        }
        let body = d.body;
        let mv = d.c.moves.len() as u32;
        if let Some(bd) = body.blocks.get(to) {
            for &i in &bd.insts {
                let data = &body.insts[i];
                if data.op != Opcode::Phi {
                    break;
                }
                let Extra::Phi(blocks) = &data.extra else { continue };
                let Some(pos) = blocks.iter().position(|&x| x == from) else { continue };
                let Some(&src) = data.args.get(pos) else { continue };
                self.ctx.0 = data.span;
                let s = self.dopnd(d, src)?;
                let dst = data.result.map_or(NONE, |v| d.vop[v]);
                d.c.moves.push(Move { d: dst, s, inst: i });
            }
        }
        let n = d.c.moves.len() as u32 - mv;
        let ms = &d.c.moves[mv as usize..];
        let par = ms.iter().enumerate().any(|(i, a)| ms.iter().skip(i + 1).any(|b| b.s == a.d));
        let pc = d.c.block_pc.get(to.index()).copied().unwrap_or(NONE);
        let plain = |o: u32| o & TAG == 0 && o != NONE;
        let narrow = ms.iter().all(|m| {
            (plain(m.d) && plain(m.s))
                || matches!((vec_of(m.d), vec_of(m.s)), (Some(x), Some(y)) if x.1 == y.1)
        });
        let lm = d.c.lane_moves.len() as u32;
        if narrow {
            for i in mv as usize..(mv + n) as usize {
                let Some(m) = d.c.moves.get(i).copied() else { continue };
                match (vec_of(m.d), vec_of(m.s)) {
                    (Some((dr, k)), Some((sr, _))) => {
                        d.c.lane_moves.extend((0..k).map(|j| [dr + j, sr + j]))
                    }
                    _ => d.c.lane_moves.push([m.d, m.s]),
                }
            }
        }
        let ln = d.c.lane_moves.len() as u32 - lm;
        d.c.edges.push(Edge { pc, mv, n, par, narrow, lm, ln, one: None, two: None });
        let e = (d.c.edges.len() - 1) as u32;
        d.emap.insert((from.as_u32(), to.as_u32()), e);
        Ok(e)
    }

    /// The integer width of a narrow integer type (pointers count as 64).
    fn iw(&self, t: TypeId) -> Option<u8> {
        match self.lay.class(t) {
            Class::Int(w) if *w <= 64 => Some(*w as u8),
            Class::Ptr => Some((self.lay.ptr_size * 8).min(64) as u8),
            _ => None,
        }
    }

    pub(crate) fn ty_of(&self, d: &Dec, o: Operand) -> TypeId {
        self.m.operand_ty(d.body, o)
    }

    pub(crate) fn md_has(&self, data: &InstData, names: &[&str]) -> bool {
        data.md.iter().any(|(s, _)| names.contains(&self.m.symbols.get(*s)))
    }

    fn decode_inst(
        &mut self,
        d: &mut Dec,
        b: Block,
        i: Inst,
        data: &InstData,
        next: Option<&InstData>,
    ) -> Res<Op> {
        let args = &data.args;
        let nr = |o: u32| (o & TAG == 0 && o != NONE).then_some(o);
        let a0 = match args.first() {
            Some(&o) => self.dopnd(d, o)?,
            None => NONE,
        };
        let a1 = match args.get(1) {
            Some(&o) => self.dopnd(d, o)?,
            None => NONE,
        };
        let dst = data.result.map_or(NONE, |v| d.vop[v]);
        let ty = data.ty;
        let t0 = args.first().map_or(TypeId::VOID, |&o| self.ty_of(d, o));
        let fast_ty = !self.m.types.is_vector(ty) && !self.m.types.is_vector(t0);
        let f = data.flags.0;
        let op = data.op;
        if !fast_ty {
            if let Some(vop) = self.decode_vector(d, b, i, data, dst)? {
                return Ok(vop);
            }
        }
        if let Some(iop) = IOp::from_opcode(op) {
            if let (Some(w), Some(d_), Some(a), Some(bb), true) =
                (self.iw(ty).filter(|_| self.m.types.is_int(ty)), nr(dst), nr(a0), nr(a1), fast_ty)
            {
                let wrap_flags =
                    f & (InstFlags::NUW | InstFlags::NSW | InstFlags::EXACT | InstFlags::DISJOINT);
                return Ok(match (iop, wrap_flags) {
                    (IOp::Add, 0) => Op::Add { d: d_, a, b: bb, w },
                    (IOp::Sub, 0) => Op::Sub { d: d_, a, b: bb, w },
                    (IOp::Mul, 0) => Op::Mul { d: d_, a, b: bb, w },
                    (IOp::And, _) => Op::And { d: d_, a, b: bb, w },
                    (IOp::Or, 0) => Op::Or { d: d_, a, b: bb, w },
                    (IOp::Xor, _) => Op::Xor { d: d_, a, b: bb, w },
                    _ => Op::IBin { op: iop, d: d_, a, b: bb, w, f: wrap_flags },
                });
            }
        }
        let scalar_fp = |k: Option<FloatKind>| match k {
            Some(FloatKind::Double) => Some(false),
            Some(FloatKind::Float) => Some(true),
            _ => None,
        };
        let fk = self.m.types.float_kind(ty);
        let no_fmf_poison = data.fmf.0 & 3 == 0;
        match op {
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem
                if no_fmf_poison =>
            {
                if let (Some(s), Some(d_), Some(a), Some(bb)) =
                    (scalar_fp(fk), nr(dst), nr(a0), nr(a1))
                {
                    let fo = match op {
                        Opcode::FAdd => FOp::Add,
                        Opcode::FSub => FOp::Sub,
                        Opcode::FMul => FOp::Mul,
                        Opcode::FDiv => FOp::Div,
                        _ => FOp::Rem,
                    };
                    return Ok(if s {
                        Op::F32 { op: fo, d: d_, a, b: bb }
                    } else {
                        Op::F64 { op: fo, d: d_, a, b: bb }
                    });
                }
            }
            Opcode::FNeg => {
                if let (Some(s), Some(d_), Some(a)) = (scalar_fp(fk), nr(dst), nr(a0)) {
                    return Ok(Op::FNeg { d: d_, a, bit: if s { 31 } else { 63 } });
                }
            }
            Opcode::FCmp if no_fmf_poison => {
                if let (Some(s), Some(d_), Some(a), Some(bb), Extra::FCmp(p)) =
                    (scalar_fp(self.m.types.float_kind(t0)), nr(dst), nr(a0), nr(a1), &data.extra)
                {
                    return Ok(Op::FCmp { p: *p, d: d_, a, b: bb, s });
                }
            }
            Opcode::ICmp => {
                if let (Some(w), Some(d_), Some(a), Some(bb), Extra::ICmp(p), true) =
                    (self.iw(t0), nr(dst), nr(a0), nr(a1), &data.extra, fast_ty)
                {
                    return Ok(Op::ICmp { p: *p, d: d_, a, b: bb, w, f: f & InstFlags::SAMESIGN });
                }
            }
            Opcode::Select => {
                let a2 = match args.get(2) {
                    Some(&o) => self.dopnd(d, o)?,
                    None => NONE,
                };
                if let (Some(d_), Some(c), Some(a), Some(bb), false) =
                    (nr(dst), nr(a0), nr(a1), nr(a2), self.m.types.is_vector(t0))
                {
                    if data.fmf.0 & 3 == 0 || !self.m.types.is_fp_or_fp_vector(ty) {
                        return Ok(Op::Select { d: d_, c, a, b: bb });
                    }
                }
            }
            Opcode::Trunc | Opcode::ZExt | Opcode::SExt if fast_ty => {
                if let (Some(from), Some(to), Some(d_), Some(a)) =
                    (self.iw(t0), self.iw(ty), nr(dst), nr(a0))
                {
                    return Ok(match op {
                        Opcode::Trunc => Op::Trunc {
                            d: d_,
                            a,
                            from,
                            to,
                            f: f & (InstFlags::NUW | InstFlags::NSW),
                        },
                        Opcode::ZExt => Op::ZExt { d: d_, a, from, f: f & InstFlags::NNEG },
                        _ => Op::SExt { d: d_, a, from, to },
                    });
                }
            }
            Opcode::BitCast | Opcode::AddrSpaceCast if fast_ty => {
                if let (Some(d_), Some(a), true) = (nr(dst), nr(a0), self.lay.narrow(t0)) {
                    return Ok(Op::Mov { d: d_, a });
                }
            }
            Opcode::PtrToInt if fast_ty => {
                if let (Some(w), Some(d_), Some(a)) = (self.iw(ty), nr(dst), nr(a0)) {
                    return Ok(Op::PtrToInt { d: d_, a, w });
                }
            }
            Opcode::IntToPtr if fast_ty => {
                if let (Some(_), Some(d_), Some(a)) = (self.iw(t0), nr(dst), nr(a0)) {
                    return Ok(Op::IntToPtr { d: d_, a });
                }
            }
            Opcode::SIToFP | Opcode::UIToFP | Opcode::FPExt | Opcode::FPTrunc
                if fast_ty && f & InstFlags::NNEG == 0 =>
            {
                let k = match (op, fk, self.m.types.float_kind(t0)) {
                    (Opcode::SIToFP, Some(FloatKind::Double), _) => Some(Cvt::SiToF64),
                    (Opcode::UIToFP, Some(FloatKind::Double), _) => Some(Cvt::UiToF64),
                    (Opcode::SIToFP, Some(FloatKind::Float), _) => Some(Cvt::SiToF32),
                    (Opcode::UIToFP, Some(FloatKind::Float), _) => Some(Cvt::UiToF32),
                    (Opcode::FPExt, Some(FloatKind::Double), Some(FloatKind::Float)) => {
                        Some(Cvt::F32ToF64)
                    }
                    (Opcode::FPTrunc, Some(FloatKind::Float), Some(FloatKind::Double)) => {
                        Some(Cvt::F64ToF32)
                    }
                    _ => None,
                };
                let w = self.iw(t0).unwrap_or(0);
                if let (Some(k), Some(d_), Some(a)) = (k, nr(dst), nr(a0)) {
                    return Ok(Op::Cvt { k, d: d_, a, w });
                }
            }
            Opcode::Freeze => {
                if let (Some(d_), Some(a)) = (nr(dst), nr(a0)) {
                    return Ok(Op::Freeze { d: d_, a });
                }
            }
            Opcode::Load => {
                let info = self.lay.get(ty);
                let plain = !self.md_has(data, &["range", "nonnull", "noundef", "align"]);
                if let (Some(d_), Some(p), true, true) =
                    (nr(dst), nr(a0), plain, info.narrow && info.size <= 8 && info.size > 0)
                {
                    let w = match info.class {
                        Class::Int(w) => w as u8,
                        _ => 0,
                    };
                    if let Some(&cell) = args.first().and_then(|o| match o {
                        Operand::Value(v) => d.cells.get(v),
                        _ => None,
                    }) {
                        return Ok(Op::PLoad { d: d_, cell, n: info.size as u8, w });
                    }
                    let align =
                        data.mem_info().and_then(|mi| mi.align).unwrap_or(info.align) as u32;
                    return Ok(Op::Load { d: d_, p, n: info.size as u8, w, align });
                }
            }
            Opcode::Store => {
                let info = self.lay.get(t0);
                if let (Some(v), Some(p), true) =
                    (nr(a0), nr(a1), info.narrow && info.size <= 8 && info.size > 0)
                {
                    if let Some(&cell) = args.get(1).and_then(|o| match o {
                        Operand::Value(v) => d.cells.get(v),
                        _ => None,
                    }) {
                        let w = match info.class {
                            Class::Int(w) => (w as u64).min(info.size * 8) as u8,
                            _ => (info.size * 8) as u8,
                        };
                        return Ok(Op::PStore { v, cell, w });
                    }
                    let align =
                        data.mem_info().and_then(|mi| mi.align).unwrap_or(info.align) as u32;
                    return Ok(Op::Store { v, p, n: info.size as u8, align });
                }
            }
            Opcode::GetElementPtr => {
                if let Some(op) = self.decode_gep(d, data, dst, a0)? {
                    return Ok(op);
                }
            }
            Opcode::Alloca => {
                if let (Extra::Alloca { elem_ty, align, .. }, Some(d_)) = (&data.extra, nr(dst)) {
                    let info = self.lay.get(*elem_ty);
                    let count = match args.first() {
                        Some(Operand::Const(c)) if matches!(self.m.consts.kind(*c), crate::ir::ConstKind::Int(v) if v.to_u64() == Some(1)) => {
                            None
                        }
                        Some(&o) => nr(a0).map(|r| (r, self.iw(self.ty_of(d, o)).unwrap_or(64))),
                        None => None,
                    };
                    let name = data.result.map(|v| self.value_name(d.body, v)).unwrap_or_default();
                    let origin = self.env.origins().root(
                        TaintKind::Undef,
                        data.span,
                        d.c.gid,
                        format!("uninitialized memory of alloca {name}"),
                    );
                    d.c.allocas.push(AllocaSite {
                        size: info.alloc,
                        align: align.unwrap_or(info.align),
                        count,
                        origin,
                    });
                    let s = (d.c.allocas.len() - 1) as u32;
                    if let Some(&cell) = data.result.and_then(|v| d.cells.get(&v)) {
                        return Ok(Op::PAlloca { d: d_, cell, s });
                    }
                    return Ok(Op::Alloca { d: d_, s });
                }
            }
            Opcode::Br => {
                if let Extra::Br(targets) = &data.extra {
                    match (targets.len(), nr(a0)) {
                        (1, _) => return Ok(Op::Br { e: self.edge(d, b, targets[0])? }),
                        (2, Some(c)) => {
                            let t = self.edge(d, b, targets[0])?;
                            let fe = self.edge(d, b, targets[1])?;
                            return Ok(Op::CondBr { c, t, f: fe });
                        }
                        _ => {}
                    }
                }
            }
            Opcode::Switch => {
                if let (Extra::Switch { default, cases }, Some(v)) = (&data.extra, nr(a0)) {
                    let de = self.edge(d, b, *default)?;
                    let mut tbl = Vec::with_capacity(cases.len());
                    for (c, t) in cases.iter() {
                        let cv = self.const_val(*c)?.slot().bits;
                        tbl.push((cv, self.edge(d, b, *t)?));
                    }
                    tbl.sort_by_key(|x| x.0);
                    d.c.switches.push(SwitchTbl { cases: tbl.into(), default: de });
                    return Ok(Op::Switch { v, t: (d.c.switches.len() - 1) as u32 });
                }
            }
            Opcode::Ret => return Ok(Op::Ret { v: a0 }),
            Opcode::Unreachable => return Ok(Op::Unreachable),
            Opcode::Fence => return Ok(Op::Nop),
            Opcode::Call | Opcode::Invoke => return self.decode_call(d, b, i, data, next),
            _ => {}
        }
        self.decode_generic(d, b, i, data, dst)
    }

    pub(crate) fn decode_generic(
        &mut self,
        d: &mut Dec,
        b: Block,
        i: Inst,
        data: &InstData,
        dst: Opnd,
    ) -> Res<Op> {
        let mut args = Vec::with_capacity(data.args.len());
        let mut tys = Vec::with_capacity(data.args.len());
        for &o in data.args.iter() {
            args.push(self.dopnd(d, o)?);
            tys.push(self.ty_of(d, o));
        }
        let mut edges = Vec::new();
        if data.op.is_terminator() {
            for s in data.successors() {
                edges.push(self.edge(d, b, s)?);
            }
        }
        d.c.generic.push(GenOp {
            inst: i,
            args: args.into(),
            tys: tys.into(),
            dst,
            edges: edges.into(),
        });
        Ok(Op::Generic { g: (d.c.generic.len() - 1) as u32 })
    }

    fn decode_gep(
        &mut self,
        d: &mut Dec,
        data: &InstData,
        dst: Opnd,
        base: Opnd,
    ) -> Res<Option<Op>> {
        let Extra::Gep { source_ty } = &data.extra else { return Ok(None) };
        if dst & TAG != 0 || base & TAG != 0 || dst == NONE || self.m.types.is_vector(data.ty) {
            return Ok(None);
        }
        let mut off: i64 = 0;
        let mut poison_const = false;
        let mut idx = Vec::new();
        let mut cur = *source_ty;
        for (k, &o) in data.args.iter().enumerate().skip(1) {
            let ity = self.ty_of(d, o);
            let Some(iw) = self.iw(ity).filter(|_| self.m.types.is_int(ity)) else {
                return Ok(None);
            };
            let (scale, next, field) = if k == 1 {
                (self.lay.get(cur).alloc as i64, cur, false)
            } else {
                match self.lay.class(cur).clone() {
                    Class::Struct(fields, offs) => {
                        let Operand::Const(c) = o else { return Ok(None) };
                        let fi = self.const_val(c)?.slot().bits as usize;
                        let (Some(&ft), Some(&fo)) = (fields.get(fi), offs.get(fi)) else {
                            return Ok(None);
                        };
                        off = off.wrapping_add(fo as i64);
                        cur = ft;
                        continue;
                    }
                    Class::Array(_, e) | Class::Vector(_, e) => {
                        (self.lay.get(e).alloc as i64, e, false)
                    }
                    _ => return Ok(None),
                }
            };
            let _ = field;
            cur = next;
            match o {
                Operand::Const(c) => {
                    let v = self.const_val(c)?.slot();
                    if v.poison != 0 {
                        poison_const = true;
                    }
                    let iv = sext(v.bits, iw as u32);
                    match iv.checked_mul(scale).and_then(|x| off.checked_add(x)) {
                        Some(x) => off = x,
                        None => {
                            poison_const |=
                                data.flags.0 & (InstFlags::INBOUNDS | InstFlags::NUSW) != 0;
                            off = off.wrapping_add(iv.wrapping_mul(scale));
                        }
                    }
                }
                _ => {
                    let r = self.dopnd(d, o)?;
                    if r & TAG != 0 {
                        return Ok(None);
                    }
                    idx.push((r, scale, iw));
                }
            }
        }
        d.c.geps.push(Gep {
            off,
            idx: idx.into(),
            flags: data.flags.0 & (InstFlags::INBOUNDS | InstFlags::NUSW | InstFlags::NUW),
            poison_const,
            acc: Default::default(),
        });
        Ok(Some(Op::Gep { d: dst, base, g: (d.c.geps.len() - 1) as u32 }))
    }

    fn decode_call(
        &mut self,
        d: &mut Dec,
        b: Block,
        i: Inst,
        data: &InstData,
        next: Option<&InstData>,
    ) -> Res<Op> {
        let m = self.m;
        let Some(ci) = data.call_info() else { return self.decode_generic(d, b, i, data, NONE) };
        let Some((callee_op, args)) = data.callee_and_args() else {
            return self.decode_generic(d, b, i, data, NONE);
        };
        let dst = data.result.map_or(NONE, |v| d.vop[v]);
        let callee = match callee_op {
            Operand::Const(c) => match m.consts.kind(c) {
                crate::ir::ConstKind::Global(g) => {
                    if dst == NONE
                        && m.intrinsic(*g).is_some_and(crate::interp::exec::intrinsics::is_nop)
                    {
                        return Ok(Op::Nop);
                    }
                    match m.globals.get(*g).map(|gv| &gv.kind) {
                        Some(crate::ir::GlobalKind::Func(_)) => Callee::Direct(g.as_u32()),
                        _ => Callee::Indirect(self.dopnd(d, callee_op)?),
                    }
                }
                crate::ir::ConstKind::InlineAsm(_) => Callee::Asm,
                _ => Callee::Indirect(self.dopnd(d, callee_op)?),
            },
            _ => Callee::Indirect(self.dopnd(d, callee_op)?),
        };
        let mut aops = Vec::with_capacity(args.len());
        let mut tys = Vec::with_capacity(args.len());
        for &o in args {
            aops.push(self.dopnd(d, o)?);
            tys.push(self.ty_of(d, o));
        }
        if let (Callee::Direct(g), true, true) = (
            &callee,
            dst != NONE && dst & TAG == 0,
            aops.iter().all(|&o| o & TAG == 0 && o != NONE),
        ) {
            let fk = m.types.float_kind(data.ty);
            let w = self.iw(data.ty).filter(|_| m.types.is_int(data.ty));
            let k = m.intrinsic(GlobalId::from_u32(*g)).and_then(|id| fast_intrinsic(id, fk, w));
            if let Some(k) = k {
                // A missing operand repeats the first, so it never adds a taint of its own.
                let a = aops.first().copied().unwrap_or(0);
                let at = |i: usize| aops.get(i).copied().unwrap_or(a);
                return Ok(Op::Intr { k, d: dst, a, b: at(1), c: at(2), w: w.unwrap_or(64) });
            }
        }
        let callee_fn: Option<&Function> = match callee {
            Callee::Direct(g) => m.func(GlobalId::from_u32(g)),
            _ => None,
        };
        let mut noundef = Vec::with_capacity(args.len());
        let mut checks = false;
        let mut checked = Vec::new();
        let mut byval = Vec::new();
        for k in 0..args.len() {
            let site = ci.arg_attrs.get(k).copied().unwrap_or(AttrSetId::EMPTY);
            let decl =
                callee_fn.and_then(|f| f.params.get(k)).map_or(AttrSetId::EMPTY, |p| p.attrs);
            if let Some(bv) = self.byval(k, site).or_else(|| self.byval(k, decl)) {
                byval.push(bv);
            }
            let nu =
                self.has_attr(site, AttrKind::NoUndef) || self.has_attr(decl, AttrKind::NoUndef);
            noundef.push(nu);
            let attrs = CHECKED.iter().any(|&a| self.has_attr(site, a) || self.has_attr(decl, a));
            checks |= attrs;
            if nu && (attrs || callee_fn.is_none()) {
                checked.push(k as u32);
            }
        }
        // Only argument attributes are checked at the call (`check_args`).
        let arg_checks = checks;
        let ret_attrs = [ci.ret_attrs, callee_fn.map_or(AttrSetId::EMPTY, |f| f.ret_attrs)];
        checks |= ret_attrs.iter().any(|&s| {
            CHECKED.iter().any(|&a| self.has_attr(s, a)) || self.has_attr(s, AttrKind::NoUndef)
        });
        let invoke = match &data.extra {
            Extra::Invoke(_, n, u) => Some((self.edge(d, b, *n)?, self.edge(d, b, *u)?)),
            _ => None,
        };
        let tail = invoke.is_none()
            && matches!(ci.tail, TailKind::Tail | TailKind::MustTail)
            && next.is_some_and(|n| {
                n.op == Opcode::Ret
                    && (n.args.is_empty() && dst == NONE
                        || (n.args.first() == data.result.map(Operand::Value).as_ref()))
            });
        let fast = byval.is_empty()
            && match (&callee, callee_fn) {
                (Callee::Direct(_), Some(f)) => {
                    let sig = m.types.func_sig(f.ty);
                    !f.is_declaration()
                        && sig.is_some_and(|s| !s.2 && s.1.len() == aops.len())
                        && !arg_checks
                        && invoke.is_none()
                        && !tail
                        && aops.iter().all(|&o| o & TAG == 0 && o != NONE)
                        && (dst == NONE || dst & TAG == 0)
                }
                // Through a function pointer: the callee is found at run time (and must then be a
                // decoded, non-variadic function with as many parameters as arguments).
                (Callee::Indirect(o), _) => {
                    *o & TAG == 0
                        && *o != NONE
                        && !arg_checks
                        && invoke.is_none()
                        && !tail
                        && aops.iter().all(|&o| o & TAG == 0 && o != NONE)
                        && (dst == NONE || dst & TAG == 0)
                }
                _ => false,
            };
        d.c.calls.push(CallSite {
            callee,
            args: aops.into(),
            arg_tys: tys.into(),
            noundef: noundef.into(),
            checked_attrs: if checks {
                checked
                    .iter()
                    .map(|&k| ci.arg_attrs.get(k as usize).copied().unwrap_or(AttrSetId::EMPTY))
                    .collect()
            } else {
                Box::new([])
            },
            checked: if checks { checked.into() } else { Box::new([]) },
            dst,
            ret_ty: data.ty,
            inst: i,
            invoke,
            tail,
            fast,
            byval: byval.into(),
        });
        Ok(Op::Call { c: (d.c.calls.len() - 1) as u32 })
    }

    /// The textual name of a local value (`%x` or `%N` by position).
    pub fn value_name(&self, body: &Body, v: Value) -> String {
        match body.values.get(v).map(|vd| vd.name) {
            Some(crate::ir::LocalName::Named(s)) => format!("%{}", self.m.symbols.get(s)),
            _ => {
                let n = body
                    .values
                    .keys()
                    .take_while(|&k| k != v)
                    .filter(|&k| matches!(body.values[k].name, crate::ir::LocalName::Unnamed))
                    .count();
                format!("%{n}")
            }
        }
    }
}

/// The fast op of a call of intrinsic `id` returning a float of kind `fk` or an integer of
/// `w` bits, for the few families that have one. Every family has its general
/// implementation (`Interp::intrinsic`, whose `match` is exhaustive); this only picks the
/// ones worth a fast op, so it lists them and leaves the rest to the general call.
fn fast_intrinsic(id: Intrinsic, fk: Option<FloatKind>, w: Option<u8>) -> Option<Intr> {
    use Intrinsic as I;
    let int = w.is_some();
    Some(match id {
        I::Fma | I::Fmuladd if fk == Some(FloatKind::Double) => Intr::FmaF64,
        I::Fma | I::Fmuladd if fk == Some(FloatKind::Float) => Intr::FmaF32,
        I::Smax if int => Intr::SMax,
        I::Smin if int => Intr::SMin,
        I::Umax if int => Intr::UMax,
        I::Umin if int => Intr::UMin,
        I::Fabs if fk == Some(FloatKind::Double) => Intr::FAbs64,
        I::Sqrt if fk == Some(FloatKind::Double) => Intr::Sqrt64,
        I::Expect if int => Intr::Expect,
        I::Fshl if int => Intr::FShl,
        I::Fshr if int => Intr::FShr,
        I::Ctpop if int => Intr::CtPop,
        _ => return None,
    })
}

/// The span used for a function's own messages (its first block, or nothing).
struct Span0;
impl Span0 {
    fn span(_f: &Function, body: &Body) -> crate::diag::Span {
        body.layout.first().and_then(|b| body.blocks.get(*b)).map(|b| b.span).unwrap_or_default()
    }
}
