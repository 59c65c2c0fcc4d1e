//! Lowering one function: registers for IR values, blocks in layout order (block 0 is the
//! entry), then each instruction through [`super::inst`] and each terminator through
//! [`super::edges`].
//!
//! Every IR value of a supported type gets its register before any code is lowered, so uses
//! that come before their definition in layout order (loops) need no fix-ups.

use super::abi::{reg_ty, sig_of};
use super::form::{BlockId, Const, Frame, Inst, LowBlock, LowFunc, Pack, Term, Ty, VReg};
use super::module::ModCx;
use super::{LResult, LowerError};
use crate::diag::Span;
use crate::ir::entity::EntityRef;
use crate::ir::{AttrKind, Block, Body, ConstKind, GlobalId, Opcode, Operand, Type, Value};
use rustc_hash::FxHashMap as HashMap;

/// The state of one function's lowering.
pub struct FnCx<'a, 'm> {
    /// The module state.
    pub cx: &'a mut ModCx<'m>,
    /// The IR body.
    pub body: &'m Body,
    /// Register types.
    pub regs: Vec<Ty>,
    /// The register of each IR value.
    pub vals: Dense<Value, VReg>,
    /// The lane registers of each vector value.
    pub vecs: HashMap<Value, Vec<VReg>>,
    /// Finished blocks (None while being built).
    pub blocks: Vec<Option<LowBlock>>,
    /// The low block of each IR block.
    pub block_map: Dense<Block, BlockId>,
    /// The block being filled and its instructions.
    pub cur_id: BlockId,
    /// Instructions of the current block.
    pub cur: Vec<Inst>,
    /// Source positions of the current block's instructions (see [`LowBlock::locs`]).
    pub cur_locs: Vec<(u32, Span)>,
    /// The frame.
    pub frame: Frame,
    /// True once a dynamic `alloca` was lowered.
    pub dynamic_stack: bool,
    /// The IR block being lowered.
    pub ir_block: Block,
    /// Edge blocks already made, by (from, to).
    pub edge_blocks: HashMap<(Block, Block), BlockId>,
    /// The span of the instruction being lowered.
    pub span: Span,
    /// A variadic function's argument area (the register after the fixed parameters).
    pub va_area: Option<VReg>,
    /// The function being lowered.
    pub gid: GlobalId,
    /// Its result registers' types.
    pub ret: Vec<Ty>,
    /// The block that unwinds out of the function (see [`super::eh`]), once made.
    pub unwind_block: Option<BlockId>,
    /// The first entry of each predecessor in each phi with many entries, built when first
    /// needed (see [`super::edges`]).
    pub phi_entries: HashMap<crate::ir::Inst, HashMap<Block, u32>>,
}

/// A map keyed by a dense IR entity (values, blocks): a vector indexed by it.
pub struct Dense<K, V> {
    slots: Vec<Option<V>>,
    key: std::marker::PhantomData<K>,
}

impl<K: EntityRef, V: Copy> Dense<K, V> {
    /// An empty map with room for keys `0..n`.
    pub fn with_len(n: usize) -> Self {
        Dense { slots: vec![None; n], key: std::marker::PhantomData }
    }

    /// The value of `k`, if set.
    #[inline]
    pub fn get(&self, k: &K) -> Option<&V> {
        self.slots.get(k.index()).and_then(Option::as_ref)
    }

    /// Sets the value of `k`.
    #[inline]
    pub fn insert(&mut self, k: K, v: V) {
        let i = k.index();
        if i >= self.slots.len() {
            self.slots.resize(i + 1, None);
        }
        self.slots[i] = Some(v);
    }
}

/// Lowers function `g` (which has a body).
pub fn lower_func(cx: &mut ModCx, g: GlobalId) -> LResult<LowFunc> {
    let local = m_local(cx, g);
    let m = cx.m;
    let name = m.global_name(g);
    let gv = m.globals.get(g);
    let span = gv.map(|gv| gv.span).unwrap_or_default();
    let (Some(f), Some(body)) = (m.func(g), m.func(g).and_then(|f| f.body.as_ref())) else {
        return Err(LowerError::unsupported(span, "a function without a body"));
    };
    let mut sig = sig_of(m, cx.opts, f.ty, span)?;
    if cx.opts.abi.is_native() {
        // `byval` parameters: the caller's copy in the stack argument area.
        let tys: Vec<crate::ir::TypeId> =
            m.types.func_sig(f.ty).map(|(_, ps, _)| ps.to_vec()).unwrap_or_default();
        let mut flat = 0u32;
        for (p, &t) in f.params.iter().zip(tys.iter()) {
            if let Some((size, al)) = super::abi::byval_of(m, &cx.lay, p.attrs) {
                sig.packs.push((flat, super::calls::byval_pack(span, size, al)?));
            }
            flat += super::abi::value_regs(m, cx.opts, t, span)?.len() as u32;
        }
        if cx.opts.abi == super::Abi::Aapcs64
            && f.params
                .first()
                .is_some_and(|p| m.attrs.find(p.attrs, AttrKind::StructRet).is_some())
        {
            sig.packs.push((0, Pack::Sret));
        }
        sig.packs.sort_by_key(|p| p.0);
    }
    let mut fx = FnCx {
        cx,
        body,
        regs: Vec::with_capacity(body.values.len() + body.insts.len()),
        vals: Dense::with_len(body.values.len()),
        vecs: HashMap::default(),
        blocks: Vec::with_capacity(body.layout.len()),
        block_map: Dense::with_len(body.blocks.len()),
        cur_id: BlockId(0),
        cur: Vec::new(),
        cur_locs: Vec::new(),
        frame: Frame { slots: Vec::new(), size: 0, align: 1 },
        dynamic_stack: false,
        ir_block: body.entry().unwrap_or(Block::from_u32(0)),
        edge_blocks: HashMap::default(),
        span,
        va_area: None,
        gid: g,
        ret: sig.ret.clone(),
        unwind_block: None,
        phi_entries: HashMap::default(),
    };
    // Parameters: one register each, or one per leaf or lane (see abi::value_regs).
    let param_tys: Vec<crate::ir::TypeId> =
        m.types.func_sig(f.ty).map(|(_, ps, _)| ps.to_vec()).unwrap_or_default();
    for (&p, &t) in body.params.iter().zip(param_tys.iter()) {
        let tys = super::abi::value_regs(m, fx.cx.opts, t, span)?;
        if super::abi::is_multi(m, fx.cx.opts, t) {
            let regs = tys.into_iter().map(|ty| fx.new_reg(ty)).collect();
            fx.vecs.insert(p, regs);
        } else if let Some(ty) = tys.first() {
            let r = fx.new_reg(*ty);
            fx.vals.insert(p, r);
        }
    }
    let native = fx.cx.opts.abi.is_native();
    if sig.variadic && !native {
        fx.va_area = Some(fx.new_reg(Ty::Ptr));
    }
    let sret = native
        && f.params.first().is_some_and(|p| m.attrs.find(p.attrs, AttrKind::StructRet).is_some());
    // Native: integers narrower than their register come from other code with their upper
    // bits undefined; the invariant of the low form wants them zero.
    let mut entry_masks = Vec::new();
    if native {
        for (&p, &t) in body.params.iter().zip(param_tys.iter()) {
            if let (Type::Int(n), Some(&r)) = (m.types.get(t), fx.vals.get(&p)) {
                if *n < 64 && *n != 32 {
                    entry_masks.push((r, *n));
                }
            }
        }
    }
    // Registers for every value of a supported type; others fail where they are lowered.
    for &b in &body.layout {
        let id = BlockId(fx.blocks.len() as u32);
        fx.blocks.push(None);
        fx.block_map.insert(b, id);
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let Some(data) = body.insts.get(i) else { continue };
            if let Some(v) = data.result {
                if let Some(ty) = super::abi::scalar_ty(m, data.ty)
                    .or_else(|| super::abi::v128_shape(m, fx.cx.opts, data.ty).map(|_| Ty::V128))
                {
                    let r = fx.new_reg(ty);
                    fx.vals.insert(v, r);
                } else if super::wide::is_wide_ty(m, data.ty) {
                    let regs = vec![fx.new_reg(Ty::I64), fx.new_reg(Ty::I64)];
                    fx.vecs.insert(v, regs);
                } else if let Some(tys) = m
                    .types
                    .is_aggregate(data.ty)
                    .then(|| super::abi::leaf_regs(m, data.ty))
                    .flatten()
                {
                    let regs = tys.into_iter().map(|ty| fx.new_reg(ty)).collect();
                    fx.vecs.insert(v, regs);
                } else if let Some((n, _)) = super::wide_vector::wide_vector(m, data.ty) {
                    if n <= 128 {
                        let regs = (0..2 * n).map(|_| fx.new_reg(Ty::I64)).collect();
                        fx.vecs.insert(v, regs);
                    }
                } else if let Some((n, et)) = super::vector::lanes_of(&fx, data.ty) {
                    if let (Ok(ty), true) = (reg_ty(m, et, data.span), n <= 256) {
                        let lanes = (0..n).map(|_| fx.new_reg(ty)).collect();
                        fx.vecs.insert(v, lanes);
                    }
                }
            }
        }
    }
    for &b in &body.layout {
        fx.ir_block = b;
        fx.cur_id = fx.block_map.get(&b).copied().unwrap_or(BlockId(0));
        fx.cur.clear();
        fx.cur_locs.clear();
        let insts = body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]);
        if Some(b) == body.entry() {
            if fx.cx.opts.limits {
                fx.emit(Inst::Enter);
            }
            for &(r, n) in &entry_masks {
                let ty = fx.reg_ty(r);
                let c = fx.iconst(ty, (1u64 << n) - 1);
                fx.emit(Inst::Bin { op: super::form::Bin::And, ty, dst: r, a: r, b: c });
            }
        }
        if fx.cx.opts.limits {
            let steps = insts
                .iter()
                .filter(|&&i| body.insts.get(i).is_some_and(|d| d.op != Opcode::Phi))
                .count();
            // Reported at the block's first instruction that is not a phi.
            if let Some(first) =
                insts.iter().filter_map(|&i| body.insts.get(i)).find(|d| d.op != Opcode::Phi)
            {
                fx.mark(first.span);
            }
            fx.emit(Inst::Fuel { steps: u32::try_from(steps).unwrap_or(u32::MAX) });
        }
        let mut ended = false;
        for (k, &i) in insts.iter().enumerate() {
            let Some(data) = body.insts.get(i) else { continue };
            fx.span = data.span;
            fx.mark(data.span);
            if data.op == Opcode::Call && returns_result(body, data, insts.get(k + 1).copied()) {
                if let Some(term) = super::calls::lower_tail_call(&mut fx, data, &sig.ret)? {
                    fx.finish(term);
                    ended = true;
                    break;
                }
            }
            if data.op.is_terminator() {
                let term = super::edges::lower_terminator(&mut fx, data)?;
                fx.finish(term);
                ended = true;
                break;
            }
            super::inst::lower_inst(&mut fx, i, data)?;
        }
        if !ended {
            fx.finish(Term::Trap);
        }
    }
    let mut blocks: Vec<LowBlock> = fx
        .blocks
        .into_iter()
        .map(|b| b.unwrap_or(LowBlock { insts: Vec::new(), term: Term::Trap, locs: Vec::new() }))
        .collect();
    // Native: a `signext` result is sign-extended to 32 bits, as C callers expect.
    if let (true, Some((ret, _, _))) = (native, m.types.func_sig(f.ty)) {
        if let (Type::Int(n), true) =
            (m.types.get(ret), m.attrs.find(f.ret_attrs, AttrKind::SExt).is_some())
        {
            if *n < 32 {
                for b in &mut blocks {
                    if let Term::Ret(vs) = &mut b.term {
                        if let Some(v) = vs.first_mut() {
                            let t = VReg(fx.regs.len() as u32);
                            fx.regs.push(Ty::I32);
                            let op = super::form::Un::SextIn(*n as u8);
                            b.insts.push(Inst::Un { op, to: Ty::I32, dst: t, a: *v });
                            *v = t;
                        }
                    }
                }
            }
        }
    }
    if fx.cx.opts.limits {
        for b in &mut blocks {
            if matches!(b.term, Term::Ret(_) | Term::TailCall { .. }) {
                b.insts.push(Inst::Leave);
            }
        }
    }
    let nparams = sig.params.len() + usize::from(sig.variadic && !native);
    super::copies::forward(&mut blocks, fx.regs.len(), nparams);
    let names = if fx.cx.opts.value_names {
        value_names(fx.cx.m, fx.body, &fx.vals, &fx.vecs)
    } else {
        Vec::new()
    };
    let frame = super::frame::finish(fx.frame);
    Ok(LowFunc {
        names,
        name,
        sig,
        regs: fx.regs,
        frame,
        dynamic_stack: fx.dynamic_stack,
        local,
        sret,
        blocks,
        span,
    })
}

/// The IR name of each register that holds an IR value (`%sum`, `%3`; `%agg.1` for the
/// second register of a value of several), for listings.
fn value_names(
    m: &crate::ir::Module,
    body: &Body,
    vals: &Dense<Value, VReg>,
    vecs: &HashMap<Value, Vec<VReg>>,
) -> Vec<(VReg, String)> {
    let slots = crate::text::printer::names::LocalSlots::new(m, body);
    let mut out = Vec::new();
    for (v, _) in body.values.iter() {
        let mut name = String::new();
        crate::text::printer::names::write_local_value(&mut name, m, body, &slots, v);
        if let Some(&r) = vals.get(&v) {
            out.push((r, name));
        } else if let Some(rs) = vecs.get(&v) {
            for (k, &r) in rs.iter().enumerate() {
                out.push((r, format!("{name}.{k}")));
            }
        }
    }
    out.sort_by_key(|p| p.0 .0);
    out
}

/// True for a `private` or `internal` global.
pub(super) fn m_local(cx: &ModCx, g: GlobalId) -> bool {
    cx.m.globals.get(g).is_some_and(|gv| {
        matches!(gv.linkage, crate::ir::Linkage::Private | crate::ir::Linkage::Internal)
    })
}

/// True when `next` is a `ret` of the call's result (or a `ret void` after a call without
/// one): the call is in tail position.
fn returns_result(body: &Body, call: &crate::ir::InstData, next: Option<crate::ir::Inst>) -> bool {
    let Some(ret) = next.and_then(|n| body.insts.get(n)) else { return false };
    ret.op == Opcode::Ret
        && match (ret.args.first(), call.result) {
            (None, None) => true,
            (Some(Operand::Value(v)), Some(r)) => *v == r,
            _ => false,
        }
}

impl FnCx<'_, '_> {
    /// A fresh register.
    pub fn new_reg(&mut self, ty: Ty) -> VReg {
        self.regs.push(ty);
        VReg(self.regs.len() as u32 - 1)
    }

    /// The type of a register.
    pub fn reg_ty(&self, r: VReg) -> Ty {
        self.regs.get(r.0 as usize).copied().unwrap_or(Ty::I32)
    }

    /// Appends an instruction to the current block.
    pub fn emit(&mut self, i: Inst) {
        self.cur.push(i);
    }

    /// Notes that the instructions emitted from now on come from the IR instruction at `span`.
    pub fn mark(&mut self, span: Span) {
        let at = self.cur.len() as u32;
        match self.cur_locs.last_mut() {
            // The previous IR instruction emitted nothing.
            Some(last) if last.0 == at => last.1 = span,
            _ => self.cur_locs.push((at, span)),
        }
    }

    /// Ends the current block with `term`.
    pub fn finish(&mut self, term: Term) {
        // Exact-size copies: the buffers are kept for the next block.
        let insts = self.cur.drain(..).collect();
        let locs = self.cur_locs.drain(..).collect();
        if let Some(slot) = self.blocks.get_mut(self.cur_id.0 as usize) {
            *slot = Some(LowBlock { insts, term, locs });
        }
    }

    /// A new, empty block (to be filled with [`FnCx::switch_to`]).
    pub fn new_block(&mut self) -> BlockId {
        self.blocks.push(None);
        BlockId(self.blocks.len() as u32 - 1)
    }

    /// Continues in block `b`, returning the previous block's state to restore later.
    pub fn switch_to(&mut self, b: BlockId) -> (BlockId, Vec<Inst>) {
        let old = (self.cur_id, std::mem::take(&mut self.cur));
        self.cur_id = b;
        old
    }

    /// Restores a state saved by [`FnCx::switch_to`].
    pub fn restore(&mut self, saved: (BlockId, Vec<Inst>)) {
        self.cur_id = saved.0;
        self.cur = saved.1;
    }

    /// A register holding constant `val`.
    pub fn konst(&mut self, ty: Ty, val: Const) -> VReg {
        let dst = self.new_reg(ty);
        self.emit(Inst::Const { dst, val });
        dst
    }

    /// An integer constant of register type `ty`.
    pub fn iconst(&mut self, ty: Ty, v: u64) -> VReg {
        let c = match ty {
            Ty::I32 => Const::I32(v as u32),
            Ty::Ptr => Const::Ptr(v),
            _ => Const::I64(v),
        };
        self.konst(ty, c)
    }

    /// The register of an operand, materializing constants in the current block.
    pub fn operand(&mut self, op: Operand) -> LResult<VReg> {
        match op {
            Operand::Value(v) => match self.vals.get(&v) {
                Some(&r) => Ok(r),
                None => {
                    let t = self.body.value_ty(v);
                    Err(LowerError::unsupported(
                        self.span,
                        format!("values of type {}", super::abi::type_text(self.cx.m, t)),
                    ))
                }
            },
            Operand::Const(c) => self.constant(c),
            Operand::Md(_) => Err(LowerError::unsupported(self.span, "a metadata operand")),
        }
    }

    /// Materializes a constant.
    pub fn constant(&mut self, c: crate::ir::ConstId) -> LResult<VReg> {
        let m = self.cx.m;
        let cty = m.consts.ty(c);
        if let Some(shape) = super::simd::shape_of(self, cty) {
            return super::simd::constant(self, c, shape);
        }
        let ty = reg_ty(m, cty, self.span)?;
        let bits = match m.types.get(cty) {
            Type::Int(b) => *b,
            _ => 64,
        };
        let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        Ok(match m.consts.kind(c) {
            ConstKind::Int(v) => self.iconst(ty, v.low_u64() & mask),
            ConstKind::Float(b) => match ty {
                Ty::F32 => self.konst(ty, Const::F32(*b as u32)),
                Ty::I32 => self.iconst(ty, *b as u64 & 0xffff),
                _ => self.konst(ty, Const::F64(*b as u64)),
            },
            ConstKind::Null | ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => match ty {
                Ty::F32 => self.konst(ty, Const::F32(0)),
                Ty::F64 => self.konst(ty, Const::F64(0)),
                _ => self.iconst(ty, 0),
            },
            _ => {
                let span = self.span;
                match super::data::const_addr(self.cx, c, span)? {
                    super::data::ConstAddr::Int(v) => self.iconst(ty, v & mask),
                    super::data::ConstAddr::Sym(sym, addend) => {
                        let p = self.new_reg(Ty::Ptr);
                        self.emit(Inst::Addr { dst: p, sym, addend });
                        if ty == Ty::Ptr {
                            p
                        } else {
                            let pi = self.ptr_int_ty();
                            let i = self.new_reg(pi);
                            self.emit(Inst::Un {
                                op: super::form::Un::PtrToInt,
                                to: pi,
                                dst: i,
                                a: p,
                            });
                            super::legal::resize(self, i, self.cx.ptr_bytes as u32 * 8, bits, ty)
                        }
                    }
                }
            }
        })
    }

    /// The integer register type as wide as a pointer.
    pub fn ptr_int_ty(&self) -> Ty {
        if self.cx.ptr_bytes == 8 {
            Ty::I64
        } else {
            Ty::I32
        }
    }

    /// The low block of an IR block.
    pub fn block(&self, b: Block) -> LResult<BlockId> {
        self.block_map
            .get(&b)
            .copied()
            .ok_or_else(|| LowerError::unsupported(self.span, "a branch to an undefined block"))
    }
}
