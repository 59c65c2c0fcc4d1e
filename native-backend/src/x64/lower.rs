//! One low function to x86-64 code in one walk: for each instruction, its operands are put in
//! registers by the single-pass assignment (`crate::assign`: values stay in registers within
//! a block, block-local values never touch memory unless evicted, the others are written to
//! their homes at block ends and before calls), then its machine instructions are selected
//! (`ops.rs`, `calls.rs`) and encoded at once. The prologue is made last, when the frame and
//! the callee-saved registers used are known, and put in front of the body.

use super::encode::encode;
use super::inst::{Alu, Cc, Inst, Load, Mem};
use super::regs::{Gpr, Xmm, CALLEE_SAVED};
use crate::analysis::{analyze, VInfo, NO_USE};
use crate::assign::{Assign, PReg};
use crate::buffer::{Buffer, Label};
use crate::frame::Frame;
use crate::module::{FuncCode, ModCx};
use crate::NativeError;
use irplay_core::diag::Span;
use irplay_core::lower::cfg::LowCfg;
use irplay_core::lower::{BlockId, Const, Inst as L, LowFunc, Term, Ty, VReg};

/// The integer registers the assignment uses, for values no call crosses (`r11` is the
/// scratch register, `rsp`/`rbp` the stack and frame pointers).
pub(super) const GPR_ORDER: [PReg; 13] = [0, 1, 2, 6, 7, 8, 9, 10, 3, 12, 13, 14, 15];
/// The integer registers for values a call crosses: the callee-saved ones first.
pub(super) const GPR_ORDER_CSR: [PReg; 13] = [3, 12, 13, 14, 15, 0, 1, 2, 6, 7, 8, 9, 10];
/// The float registers (`xmm15` is the scratch register).
pub(super) const XMM_ORDER: [PReg; 15] =
    [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30];
/// The integer scratch register.
pub(super) const SCRATCH: Gpr = Gpr::R11;
/// The float scratch register.
pub(super) const XSCRATCH: Xmm = Xmm(15);

/// A physical register as the assignment numbers it.
pub(super) fn gp(r: PReg) -> Gpr {
    Gpr(r & 15)
}
pub(super) fn xm(r: PReg) -> Xmm {
    Xmm(r & 15)
}

/// The state of one function's walk.
pub(super) struct Fx<'a, 'm> {
    pub cx: &'a mut ModCx<'m>,
    pub f: &'a LowFunc,
    pub info: Vec<VInfo>,
    pub a: Assign,
    pub buf: Buffer,
    pub frame: Frame,
    /// Home slot (`rbp`-relative) of each register, 0 for none yet.
    home: Vec<i32>,
    /// Block-local registers holding a known integer constant (rematerialized, never spilled).
    pub konst: Vec<Option<u64>>,
    /// Block-local registers holding the address of a frame slot (`rbp`-relative).
    pub slot_addr: Vec<Option<i32>>,
    pub labels: Vec<Label>,
    ret_label: Label,
    /// The current block and position in it.
    pub block: usize,
    pub pos: u32,
    /// The span of the IR instruction being lowered.
    pub span: Span,
    /// A compare whose flags the terminator branches on (the compare's register is unused
    /// otherwise).
    pub fused: Option<(Cc, VReg)>,
    pub listing: Option<Vec<(u32, Inst)>>,
    /// With the listing: where values live (see [`crate::Compiled::notes`]).
    pub notes: Option<Vec<(u32, String)>>,
    pub locs: Vec<(u32, Span)>,
    /// The function saves every callee-saved register (it has tail calls).
    save_all: bool,
    /// Scratch virtual registers for cycles of parallel copies: integer, float.
    pub scratch_vregs: [VReg; 2],
    /// A variadic function's `va_list` start: `gp_offset`, `fp_offset` and the offset of the
    /// stack arguments from `rbp`.
    pub va_named: (u32, u32, u32),
    /// Registers pinned to one value for the whole function (as a set), and each value's.
    pinned: u64,
    pin_of: Vec<Option<PReg>>,
    /// The allocatable integer registers without the pinned ones, in both preference orders.
    gpr_order: Vec<PReg>,
    gpr_order_csr: Vec<PReg>,
    /// A pinned register written through a temporary by the current instruction.
    pin_fix: Option<(PReg, PReg)>,
    /// With results through memory: where the area's address is kept.
    sret_area: Option<i32>,
    /// The limit traps still to place after the code: label, kind, location.
    pub traps: Vec<(Label, crate::LimitKind, Span)>,
    /// The limit traps placed (body offsets).
    pub sites: Vec<(u32, crate::LimitKind)>,
}

/// Callee-saved registers that values living across blocks may own for the whole function.
const PIN_REGS: [PReg; 5] = [3, 12, 13, 14, 15];

/// The values that get a callee-saved register of their own for the whole function (TPDE's
/// rule for values that outlive their block): integer values read or written in more than one
/// block, by how often, each access weighted by 8 to the power of its block's loop depth (at
/// most 8^4); neither constants nor frame addresses, which are rematerialized.
fn pins(f: &LowFunc, info: &[VInfo]) -> Vec<(VReg, PReg)> {
    let n = f.regs.len();
    let cfg = LowCfg::new(f);
    let mut score = vec![0u32; n];
    for (bi, b) in f.blocks.iter().enumerate() {
        let w = 8u32.pow(cfg.loop_depth(BlockId(bi as u32)).min(4));
        let mut add = |v: VReg| {
            if let Some(s) = score.get_mut(v.0 as usize) {
                *s = s.saturating_add(w);
            }
        };
        for i in &b.insts {
            i.for_each_use(&mut add);
            i.for_each_def(&mut add);
        }
        b.term.for_each_use(&mut add);
    }
    let mut cands: Vec<usize> = (0..n)
        .filter(|&v| {
            let i = info.get(v).copied().unwrap_or_default();
            !i.local
                && !i.single_def
                && !f.regs[v].is_float()
                && f.regs[v] != Ty::V128
                && score[v] >= 4
        })
        .collect();
    cands.sort_by_key(|&v| std::cmp::Reverse(score[v]));
    cands.iter().zip(PIN_REGS).map(|(&v, r)| (VReg(v as u32), r)).collect()
}

impl<'a, 'm> Fx<'a, 'm> {
    pub fn new(cx: &'a mut ModCx<'m>, f: &'a LowFunc, listing: bool) -> Result<Self, NativeError> {
        let mut info = analyze(f);
        let n = f.regs.len();
        // Two extra virtual registers for parallel copies' cycles.
        info.push(VInfo::default());
        info.push(VInfo::default());
        let out_area = super::calls::out_area(cx, f);
        let frame = Frame::new(&f.frame, out_area, f.sig.variadic)
            .ok_or_else(|| NativeError::unsupported(f.span, "a stack frame this large"))?;
        let mut buf = Buffer::default();
        let labels = f.blocks.iter().map(|_| buf.label()).collect();
        let ret_label = buf.label();
        let save_all = f.blocks.iter().any(|b| matches!(b.term, Term::TailCall { .. }));
        // Constants and frame addresses defined once: rematerialized where they are read.
        let mut konst = vec![None; n + 2];
        let mut slot_addr = vec![None; n + 2];
        for b in &f.blocks {
            for i in &b.insts {
                match *i {
                    L::Const { dst, val: Const::I32(c) }
                        if info.get(dst.0 as usize).is_some_and(|x| x.single_def) =>
                    {
                        konst[dst.0 as usize] = Some(c as u64);
                    }
                    L::Const { dst, val: Const::I64(c) | Const::Ptr(c) }
                        if info.get(dst.0 as usize).is_some_and(|x| x.single_def) =>
                    {
                        konst[dst.0 as usize] = Some(c);
                    }
                    L::Slot { dst, slot }
                        if frame.over_align == 0
                            && info.get(dst.0 as usize).is_some_and(|x| x.single_def) =>
                    {
                        let off = f.frame.slots.get(slot as usize).map(|s| s.offset);
                        if let Some(off) = off.and_then(|o| i32::try_from(o).ok()) {
                            slot_addr[dst.0 as usize] = Some(frame.alloca_base + off);
                        }
                    }
                    _ => {}
                }
            }
        }
        let pinned_list = pins(f, &info);
        let mut pin_of = vec![None; n + 2];
        let mut pinned = 0u64;
        for &(v, r) in &pinned_list {
            pin_of[v.0 as usize] = Some(r);
            pinned |= 1 << r;
        }
        let gpr_order = GPR_ORDER.iter().copied().filter(|r| pinned & (1 << r) == 0).collect();
        let gpr_order_csr =
            GPR_ORDER_CSR.iter().copied().filter(|r| pinned & (1 << r) == 0).collect();
        let mut a = Assign::new(n + 2);
        for &(v, r) in &pinned_list {
            a.bind(v.0, r, false);
        }
        Ok(Fx {
            cx,
            f,
            info,
            a,
            buf,
            frame,
            home: vec![0; n + 2],
            konst,
            slot_addr,
            labels,
            ret_label,
            block: 0,
            pos: 0,
            span: f.span,
            fused: None,
            listing: listing.then(Vec::new),
            notes: (listing && !f.names.is_empty()).then(Vec::new),
            locs: Vec::new(),
            save_all,
            scratch_vregs: [VReg(n as u32), VReg(n as u32 + 1)],
            va_named: (48, 176, 16),
            pinned,
            pin_of,
            gpr_order,
            gpr_order_csr,
            pin_fix: None,
            sret_area: None,
            traps: Vec::new(),
            sites: Vec::new(),
        })
    }

    /// Encodes one instruction (and keeps it for the listing).
    #[inline]
    pub fn emit(&mut self, i: Inst) {
        if let Some(l) = &mut self.listing {
            l.push((self.buf.pos(), i.clone()));
        }
        encode(&i, &mut self.buf);
    }

    /// With the listing: notes that `v` (if it holds an IR value) is now in `r` (`what` is
    /// empty), or what happened to it (`spill`, `reload`), at the next instruction.
    pub fn note(&mut self, what: &str, v: VReg, r: PReg) {
        let Some(notes) = &mut self.notes else { return };
        let Some(name) = crate::value_name(self.f, v.0) else { return };
        let reg = if r >= 16 { xm(r).name().to_string() } else { gp(r).name(8).to_string() };
        let text = if what.is_empty() {
            format!("{name}: {reg}")
        } else {
            format!("{what} {name}: {reg}")
        };
        notes.push((self.buf.pos(), text));
    }

    /// An error at the current instruction.
    pub fn unsupported(&self, what: impl std::fmt::Display) -> NativeError {
        NativeError::unsupported(self.span, what)
    }

    /// The register type of `v`.
    pub fn ty(&self, v: VReg) -> Ty {
        match self.f.regs.get(v.0 as usize) {
            Some(t) => *t,
            None if v == self.scratch_vregs[1] => Ty::F64,
            None => Ty::I64,
        }
    }

    /// True when `v` lives in one block only.
    pub fn info_local(&self, v: VReg) -> bool {
        self.info(v).local
    }

    /// True when `v` is written by one instruction only.
    pub fn info_single_def(&self, v: VReg) -> bool {
        self.info(v).single_def
    }

    /// The last use of a block-local `v`.
    pub fn info_last_use(&self, v: VReg) -> Option<u32> {
        Some(self.info(v).last_use).filter(|&u| u != NO_USE)
    }

    fn info(&self, v: VReg) -> VInfo {
        self.info.get(v.0 as usize).copied().unwrap_or_default()
    }

    /// True when `v` is read after the current instruction (or in another block).
    pub fn live_after(&self, v: VReg) -> bool {
        let i = self.info(v);
        !i.local || (i.last_use != NO_USE && i.last_use > self.pos)
    }

    /// True when `v` is read by the current instruction or later (or in another block).
    pub fn needed(&self, v: VReg) -> bool {
        let i = self.info(v);
        !i.local || (i.last_use != NO_USE && i.last_use >= self.pos)
    }

    /// The home slot of `v`, assigned on first need.
    pub fn home(&mut self, v: VReg) -> i32 {
        let k = v.0 as usize;
        match self.home.get(k) {
            Some(&h) if h != 0 => h,
            Some(_) => {
                let h = self.frame.spill_slot();
                self.home[k] = h;
                h
            }
            None => 0,
        }
    }

    /// Stores `r`'s value to its home if it is dirty and still needed.
    pub fn spill(&mut self, r: PReg) {
        let Some(v) = self.a.holder(r) else { return };
        let v = VReg(v);
        if self.a.is_dirty(r) && self.needed(v) {
            let h = self.home(v);
            let mem = Mem::at(Gpr::RBP, h);
            if let (Some(notes), Some(name)) = (&mut self.notes, crate::value_name(self.f, v.0)) {
                notes.push((self.buf.pos(), format!("spill {name}: {}", super::print::mem(mem))));
            }
            if r >= 16 {
                self.emit(Inst::FStore { d: true, mem, src: xm(r) });
            } else {
                self.emit(Inst::Store { bytes: 8, mem, src: gp(r) });
            }
        }
        self.a.clean(r);
    }

    /// Writes back and forgets `r`'s value.
    pub fn evict(&mut self, r: PReg) {
        self.spill(r);
        self.a.free(r);
    }

    /// A register of `v`'s class for a new value (locked; evicting a victim if needed).
    fn alloc_for(&mut self, float: bool, csr: bool) -> PReg {
        let order: &[PReg] = if float {
            &XMM_ORDER
        } else if csr {
            &self.gpr_order_csr
        } else {
            &self.gpr_order
        };
        // More operands than registers cannot happen: an instruction reads at most three.
        let (r, victim) = self.a.pick(order).unwrap_or((order.first().copied().unwrap_or(0), true));
        if victim {
            self.evict(r);
        }
        self.a.lock(r);
        r
    }

    /// A scratch integer register for the current instruction (locked, holding nothing).
    pub fn temp_gpr(&mut self) -> Gpr {
        gp(self.alloc_for(false, false))
    }

    /// A scratch float register for the current instruction.
    pub fn temp_xmm(&mut self) -> Xmm {
        xm(self.alloc_for(true, false))
    }

    /// Puts `v`'s value in a register (locked for the current instruction).
    pub fn use_reg(&mut self, v: VReg) -> PReg {
        if let Some(r) = self.a.reg(v.0) {
            self.a.lock(r);
            return r;
        }
        let float = self.ty(v).is_float();
        let csr = self.info(v).crosses_call;
        let r = self.alloc_for(float, csr);
        self.materialize(v, r);
        self.a.bind(v.0, r, false);
        self.a.lock(r);
        r
    }

    /// An integer operand's register.
    pub fn use_gpr(&mut self, v: VReg) -> Gpr {
        gp(self.use_reg(v))
    }

    /// A float operand's register.
    pub fn use_xmm(&mut self, v: VReg) -> Xmm {
        xm(self.use_reg(v))
    }

    /// Writes `v`'s current value into `r` (which holds nothing the walk still needs): from
    /// the register holding it, its constant, its frame address or its home.
    pub fn materialize(&mut self, v: VReg, r: PReg) {
        let float = r >= 16;
        if let Some(cur) = self.a.reg(v.0) {
            if cur != r {
                self.emit(if float {
                    Inst::FMov { dst: xm(r), src: xm(cur) }
                } else {
                    Inst::MovRR { w: true, dst: gp(r), src: gp(cur) }
                });
            }
        } else if let Some(c) = self.konst.get(v.0 as usize).copied().flatten() {
            self.mov_imm(gp(r), c);
        } else if let Some(d) = self.slot_addr.get(v.0 as usize).copied().flatten() {
            self.emit(Inst::Lea { dst: gp(r), mem: Mem::at(Gpr::RBP, d) });
        } else {
            let mem = Mem::at(Gpr::RBP, self.home(v));
            self.note("reload", v, r);
            self.emit(if float {
                Inst::FLoad { d: true, dst: xm(r), mem }
            } else {
                Inst::Load { kind: Load::L64, dst: gp(r), mem }
            });
        }
    }

    /// Loads a value of register type `ty` (its natural size: 4 bytes for `I32`/`F32`, else
    /// 8) from `mem` into `r`.
    pub fn load_value(&mut self, ty: Ty, r: PReg, mem: Mem) {
        self.emit(match ty {
            Ty::F32 | Ty::F64 => Inst::FLoad { d: ty == Ty::F64, dst: xm(r), mem },
            Ty::I32 => Inst::Load { kind: Load::L32, dst: gp(r), mem },
            _ => Inst::Load { kind: Load::L64, dst: gp(r), mem },
        });
    }

    /// Stores a value of register type `ty` (its natural size) from `r` to `mem`.
    pub fn store_value(&mut self, ty: Ty, r: PReg, mem: Mem) {
        self.emit(match ty {
            Ty::F32 | Ty::F64 => Inst::FStore { d: ty == Ty::F64, mem, src: xm(r) },
            Ty::I32 => Inst::Store { bytes: 4, mem, src: gp(r) },
            _ => Inst::Store { bytes: 8, mem, src: gp(r) },
        });
    }

    /// `dst = imm` in the shortest form.
    pub fn mov_imm(&mut self, dst: Gpr, imm: u64) {
        if imm == 0 {
            self.emit(Inst::AluRR { op: Alu::Xor, w: false, dst, src: dst });
        } else if imm <= u32::MAX as u64 {
            self.emit(Inst::MovRI32 { dst, imm: imm as u32 });
        } else if let Ok(i) = i32::try_from(imm as i64) {
            self.emit(Inst::MovRI64s { dst, imm: i });
        } else {
            self.emit(Inst::MovAbs { dst, imm });
        }
    }

    /// The register pinned to `v`, if any.
    pub fn pin(&self, v: VReg) -> Option<PReg> {
        self.pin_of.get(v.0 as usize).copied().flatten()
    }

    /// A register for a new value of `v` (locked, bound, dirty).
    pub fn def_reg(&mut self, v: VReg) -> PReg {
        if let Some(r) = self.pin(v) {
            if self.a.is_locked(r) {
                // The pinned register is also an operand of this instruction: write a
                // temporary, copied into the pinned register after the instruction.
                let t = self.alloc_for(r >= 16, false);
                self.pin_fix = Some((r, t));
                return t;
            }
            self.a.lock(r);
            return r;
        }
        self.forget_facts(v);
        self.a.unbind_vreg(v.0);
        let float = self.ty(v).is_float();
        let csr = self.info(v).crosses_call;
        let r = self.alloc_for(float, csr);
        self.a.bind(v.0, r, true);
        self.note("", v, r);
        r
    }

    /// [`Self::def_reg`] reusing the register of `a` when this is `a`'s last use.
    pub fn def_reuse(&mut self, v: VReg, a: VReg, ra: PReg) -> (PReg, bool) {
        if let Some(r) = self.pin(v) {
            if r == ra {
                return (r, true);
            }
            return (self.def_reg(v), false);
        }
        if a != v && !self.live_after(a) && self.a.reg(a.0) == Some(ra) {
            self.forget_facts(v);
            self.a.unbind_vreg(v.0);
            self.a.bind(v.0, ra, true);
            self.a.lock(ra);
            self.note("", v, ra);
            return (ra, true);
        }
        if a == v {
            // Redefining the operand in place.
            self.forget_facts(v);
            self.a.bind(v.0, ra, true);
            self.a.lock(ra);
            return (ra, true);
        }
        (self.def_reg(v), false)
    }

    /// Binds `v` to `r`, which the instruction just wrote (a fixed result register).
    pub fn def_fixed(&mut self, v: VReg, r: PReg) {
        if let Some(p) = self.pin(v) {
            self.emit(if r >= 16 {
                Inst::FMov { dst: xm(p), src: xm(r) }
            } else {
                Inst::MovRR { w: true, dst: gp(p), src: gp(r) }
            });
            self.a.lock(p);
            return;
        }
        self.forget_facts(v);
        self.a.bind(v.0, r, true);
        self.a.lock(r);
        self.note("", v, r);
    }

    /// Forgets the constant and frame address facts of `v` (it is being redefined), unless
    /// they hold for the whole function.
    pub fn forget_facts(&mut self, v: VReg) {
        if self.info(v).single_def {
            return;
        }
        if let Some(k) = self.konst.get_mut(v.0 as usize) {
            *k = None;
        }
        if let Some(s) = self.slot_addr.get_mut(v.0 as usize) {
            *s = None;
        }
    }

    /// The constant of `v`, if it is a block-local constant.
    pub fn konst(&self, v: VReg) -> Option<u64> {
        self.konst.get(v.0 as usize).copied().flatten()
    }

    /// Makes `r` free for a fixed use: its value written back if needed and forgotten; locked.
    pub fn claim(&mut self, r: PReg) {
        self.evict(r);
        self.a.lock(r);
    }

    /// Copies a pinned register's new value from the temporary it was written to.
    pub fn finish_pin(&mut self) {
        if let Some((p, t)) = self.pin_fix.take() {
            self.emit(Inst::MovRR { w: true, dst: gp(p), src: gp(t) });
        }
    }

    /// After an instruction: unlocks, and frees the registers of values that died.
    fn end_inst(&mut self, i: &L) {
        self.finish_pin();
        self.a.unlock_all();
        let pos = self.pos;
        let dead = |v: VReg, fx: &mut Self| {
            let inf = fx.info(v);
            if inf.local && (inf.last_use == NO_USE || inf.last_use <= pos) {
                fx.a.unbind_vreg(v.0);
            }
        };
        i.for_each_use(|v| dead(v, self));
        i.for_each_def(|v| dead(v, self));
    }

    /// At a block's end: the values other blocks read are written to their homes.
    pub fn flush(&mut self) {
        let held = self.a.held() & !self.pinned;
        for r in 0..32u8 {
            if held & (1 << r) != 0 {
                if let Some(v) = self.a.holder(r) {
                    if !self.info(VReg(v)).local {
                        self.spill(r);
                    }
                }
            }
        }
    }

    /// Forgets every register's value (at block starts).
    fn reset(&mut self) {
        let held = self.a.held() & !self.pinned;
        for r in 0..32u8 {
            if held & (1 << r) != 0 {
                self.a.free(r);
            }
        }
    }

    /// The whole function.
    pub fn run(mut self) -> Result<FuncCode, NativeError> {
        self.params()?;
        let nblocks = self.f.blocks.len();
        for bi in 0..nblocks {
            let f = self.f;
            let b = &f.blocks[bi];
            self.block = bi;
            self.buf.bind(self.labels[bi]);
            let mut loc = 0usize;
            for (i, inst) in b.insts.iter().enumerate() {
                self.pos = i as u32;
                while let Some(&(k, span)) = b.locs.get(loc) {
                    if k as usize > i {
                        break;
                    }
                    if k as usize == i {
                        self.span = span;
                        self.locs.push((self.buf.pos(), span));
                    }
                    loc += 1;
                }
                self.inst(inst, b.insts.get(i + 1).is_none().then_some(&b.term))?;
                self.end_inst(inst);
            }
            self.pos = b.insts.len() as u32;
            if let Some(&(_, span)) = b.locs.last() {
                if b.locs.last().is_some_and(|&(k, _)| k as usize >= b.insts.len()) {
                    self.span = span;
                    self.locs.push((self.buf.pos(), span));
                }
            }
            self.term(&b.term, bi)?;
            self.a.unlock_all();
            self.reset();
            self.fused = None;
        }
        self.finish()
    }

    /// The parameters: bound to their argument registers, or homed in the incoming area.
    fn params(&mut self) -> Result<(), NativeError> {
        let f = self.f;
        let (locs, stack) = super::calls::arg_places(&f.sig.params, &f.sig);
        if crate::abi::demoted(&f.sig.ret) {
            // Results through memory: the area's address comes first, in `rdi`.
            let h = self.frame.spill_slot();
            self.sret_area = Some(h);
            self.emit(Inst::Store { bytes: 8, mem: Mem::at(Gpr::RBP, h), src: Gpr::RDI });
        }
        if let Some(save) = self.frame.va_save {
            // The register save area of `va_start`: all six integer argument registers, then
            // the eight float ones in 16-byte slots (System V, figure 3.33).
            for (k, r) in super::regs::ARG_GPRS.iter().enumerate() {
                let mem = Mem::at(Gpr::RBP, save + 8 * k as i32);
                self.emit(Inst::Store { bytes: 8, mem, src: *r });
            }
            for k in 0..8u8 {
                let mem = Mem::at(Gpr::RBP, save + 48 + 16 * k as i32);
                self.emit(Inst::FStore { d: true, mem, src: Xmm(k) });
            }
            let gp = locs.iter().filter(|l| matches!(l, crate::abi::Loc::Int(_))).count() as u32;
            let fp = crate::abi::float_regs(&locs) as u32;
            self.va_named = (8 * gp, 48 + 16 * fp, 16 + stack);
        }
        for (k, loc) in locs.iter().enumerate() {
            let v = VReg(k as u32);
            match *loc {
                crate::abi::Loc::Int(i) => {
                    let r = super::regs::ARG_GPRS[i as usize].0;
                    match self.pin(v) {
                        Some(p) => self.emit(Inst::MovRR { w: true, dst: gp(p), src: gp(r) }),
                        None => self.a.bind(v.0, r, true),
                    }
                }
                crate::abi::Loc::Float(i) => self.a.bind(v.0, 16 + i, true),
                crate::abi::Loc::FloatHi(_) | crate::abi::Loc::X87(_) => {}
                crate::abi::Loc::Stack(off) => {
                    if let Some(h) = self.home.get_mut(k) {
                        *h = 16 + off as i32;
                    }
                    if let Some(p) = self.pin(v) {
                        let mem = Mem::at(Gpr::RBP, 16 + off as i32);
                        self.emit(Inst::Load { kind: Load::L64, dst: gp(p), mem });
                    }
                }
                crate::abi::Loc::Copy { .. } => {}
            }
        }
        // Lane 1 of `<2 x float>` parameters.
        for (k, loc) in locs.iter().enumerate() {
            if let crate::abi::Loc::FloatHi(i) = *loc {
                super::calls::high_lane(self, VReg(k as u32), 16 + i);
                self.a.unlock_all();
            }
        }
        // `byval` parameters: the address of the caller's copy.
        for (k, loc) in locs.iter().enumerate() {
            if let crate::abi::Loc::Copy { off, .. } = *loc {
                let r = gp(self.def_reg(VReg(k as u32)));
                self.emit(Inst::Lea { dst: r, mem: Mem::at(Gpr::RBP, 16 + off as i32) });
                self.a.unlock_all();
            }
        }
        Ok(())
    }

    /// One instruction (`term` is the block's terminator when `i` is the last instruction).
    fn inst(&mut self, i: &L, term: Option<&Term>) -> Result<(), NativeError> {
        match i {
            L::Const { dst, val } => self.konst_def(*dst, *val),
            L::Call(c) => super::calls::call(self, c),
            _ => super::ops::inst(self, i, term),
        }
    }

    fn konst_def(&mut self, dst: VReg, val: Const) -> Result<(), NativeError> {
        let bits = match val {
            Const::I32(v) | Const::F32(v) => v as u64,
            Const::I64(v) | Const::F64(v) | Const::Ptr(v) => v,
            Const::V128(_) => return Err(self.unsupported("128-bit vector registers")),
        };
        let float = matches!(val, Const::F32(_) | Const::F64(_));
        if !float && self.info(dst).single_def {
            // Rematerialized at each use (see `new`).
            return Ok(());
        }
        if !float && self.info(dst).local {
            self.a.unbind_vreg(dst.0);
            self.forget_facts(dst);
            if let Some(k) = self.konst.get_mut(dst.0 as usize) {
                *k = Some(bits);
            }
            return Ok(());
        }
        let r = self.def_reg(dst);
        if float {
            if bits == 0 {
                self.emit(Inst::Logic { op: super::inst::Logic::Xor, dst: xm(r), src: xm(r) });
            } else {
                self.mov_imm(SCRATCH, bits);
                let w = matches!(val, Const::F64(_));
                self.emit(Inst::ToXmm { w, dst: xm(r), src: SCRATCH });
            }
        } else {
            self.mov_imm(gp(r), bits);
        }
        Ok(())
    }

    /// A jump to block `to` (nothing when it is the next block).
    pub fn jump(&mut self, to: u32, from: usize) {
        if to as usize != from + 1 {
            if let Some(&l) = self.labels.get(to as usize) {
                self.emit(Inst::Jmp(l));
            }
        }
    }

    fn term(&mut self, t: &Term, bi: usize) -> Result<(), NativeError> {
        match t {
            Term::Jump(to) => {
                self.flush();
                self.jump(to.0, bi);
            }
            Term::Branch { cond, then, else_ } => {
                let cc = match self.fused {
                    Some((cc, v)) if v == *cond => cc,
                    _ => {
                        let r = self.use_gpr(*cond);
                        self.emit(Inst::Test { w: false, a: r, b: r });
                        Cc::Ne
                    }
                };
                self.flush();
                let (Some(&lt), Some(&le)) =
                    (self.labels.get(then.0 as usize), self.labels.get(else_.0 as usize))
                else {
                    return Err(self.unsupported("a branch to a missing block"));
                };
                if then.0 as usize == bi + 1 {
                    self.emit(Inst::Jcc(cc.invert(), le));
                } else {
                    self.emit(Inst::Jcc(cc, lt));
                    self.jump(else_.0, bi);
                }
            }
            Term::Table { idx, targets, default } => {
                let r = self.use_gpr(*idx);
                self.flush();
                let n =
                    i32::try_from(targets.len()).map_err(|_| self.unsupported("a huge switch"))?;
                let (Some(&ld), true) = (
                    self.labels.get(default.0 as usize),
                    targets.iter().all(|t| (t.0 as usize) < self.labels.len()),
                ) else {
                    return Err(self.unsupported("a branch to a missing block"));
                };
                self.emit(Inst::AluRI { op: Alu::Cmp, w: false, dst: r, imm: n });
                self.emit(Inst::Jcc(Cc::Ae, ld));
                let table = self.buf.label();
                // The target is computed in a free register: the index's may hold a value
                // the targets still use.
                let t = self.temp_gpr();
                self.emit(Inst::LeaLabel { dst: SCRATCH, label: table });
                let mem = Mem { base: SCRATCH, index: Some((r, 4)), disp: 0 };
                self.emit(Inst::Load { kind: Load::Sx32, dst: t, mem });
                self.emit(Inst::AluRR { op: Alu::Add, w: true, dst: t, src: SCRATCH });
                self.emit(Inst::JmpR(t));
                while !self.buf.pos().is_multiple_of(4) {
                    self.buf.put1(0xCC);
                }
                let base = self.buf.pos();
                self.buf.bind(table);
                for t in targets {
                    self.buf.table_entry(self.labels[t.0 as usize], base);
                }
            }
            Term::Ret(vs) if self.sret_area.is_some() => {
                // Results through memory: stored in the caller's area, its address returned.
                let (offs, _) = crate::abi::ret_layout(&self.f.sig.ret);
                let p = self.temp_gpr();
                let h = self.sret_area.unwrap_or(0);
                self.emit(Inst::Load { kind: Load::L64, dst: p, mem: Mem::at(Gpr::RBP, h) });
                for (v, off) in vs.iter().zip(offs) {
                    let r = self.use_reg(*v);
                    self.store_value(self.ty(*v), r, Mem::at(p, off as i32));
                    self.a.unlock_all();
                    self.a.lock(p.0);
                }
                self.emit(Inst::MovRR { w: true, dst: Gpr::RAX, src: p });
                if bi + 1 != self.f.blocks.len() {
                    let l = self.ret_label;
                    self.emit(Inst::Jmp(l));
                }
            }
            Term::Ret(vs) => {
                let tys: Vec<Ty> = vs.iter().map(|v| self.ty(*v)).collect();
                let locs = super::calls::result_places(&tys, &self.f.sig).ok_or_else(|| {
                    self.unsupported("returning more than four values of a class")
                })?;
                let mut moves: Vec<(VReg, PReg)> = vs
                    .iter()
                    .zip(&locs)
                    .filter(|(_, l)| {
                        !matches!(l, crate::abi::Loc::FloatHi(_) | crate::abi::Loc::X87(_))
                    })
                    .map(|(v, l)| (*v, super::calls::ret_reg(*l)))
                    .collect();
                let his = super::calls::with_high_lanes(vs, &locs, &mut moves);
                super::calls::push_x87(self, vs, &locs);
                if self.f.sret && vs.is_empty() {
                    // An `sret` function returns its pointer, as C callees do.
                    moves.push((VReg(0), Gpr::RAX.0));
                }
                super::calls::place(self, &moves);
                super::calls::pack_high_lanes(self, &his);
                if bi + 1 != self.f.blocks.len() {
                    let l = self.ret_label;
                    self.emit(Inst::Jmp(l));
                }
            }
            Term::TailCall { callee, sig, args } => {
                super::calls::tail_call(self, callee, sig, args)?
            }
            Term::Trap => self.emit(Inst::Ud2),
        }
        Ok(())
    }

    /// Restores the callee-saved registers and the caller's frame (before `ret` or a tail
    /// call's jump).
    pub fn epilogue(&mut self) {
        for (k, &r) in CALLEE_SAVED.iter().enumerate() {
            if self.save_all || self.a.used & (1 << r.0) != 0 {
                let mem = Mem::at(Gpr::RBP, -8 * (k as i32 + 1));
                self.emit(Inst::Load { kind: Load::L64, dst: r, mem });
            }
        }
        self.emit(Inst::MovRR { w: true, dst: Gpr::RSP, src: Gpr::RBP });
        self.emit(Inst::Pop(Gpr::RBP));
    }

    /// Adds the shared epilogue, resolves labels and puts the prologue in front.
    fn finish(mut self) -> Result<FuncCode, NativeError> {
        let l = self.ret_label;
        self.buf.bind(l);
        self.epilogue();
        self.emit(Inst::Ret);
        self.place_traps();
        if !self.buf.resolve() {
            return Err(self.unsupported("a jump to an unbound label (code generator bug)"));
        }
        let size = self.frame.size().ok_or_else(|| self.unsupported("a stack frame this large"))?;
        // The prologue, in its own buffer.
        let mut pro = Buffer::default();
        let mut pro_insts = Vec::new();
        let mut put = |i: Inst, pro: &mut Buffer| {
            if self.listing.is_some() {
                pro_insts.push((pro.pos(), i.clone()));
            }
            encode(&i, pro);
        };
        put(Inst::Push(Gpr::RBP), &mut pro);
        put(Inst::MovRR { w: true, dst: Gpr::RBP, src: Gpr::RSP }, &mut pro);
        if size > 0 {
            put(Inst::AluRI { op: Alu::Sub, w: true, dst: Gpr::RSP, imm: size as i32 }, &mut pro);
        }
        for (k, &r) in CALLEE_SAVED.iter().enumerate() {
            if self.save_all || self.a.used & (1 << r.0) != 0 {
                let mem = Mem::at(Gpr::RBP, -8 * (k as i32 + 1));
                put(Inst::Store { bytes: 8, mem, src: r }, &mut pro);
            }
        }
        // The epilogue restored what the prologue saves only if the set did not grow after
        // the epilogue was emitted: the shared epilogue comes last, so it did not.
        let shift = pro.pos();
        let mut bytes = Vec::with_capacity(pro.bytes.len() + self.buf.bytes.len());
        bytes.extend_from_slice(&pro.bytes);
        bytes.extend_from_slice(&self.buf.bytes);
        let relocs = self.buf.relocs.iter().map(|&(o, k, s, a)| (o + shift, k, s, a)).collect();
        let locs = self.locs.iter().map(|&(o, s)| (o + shift, s)).collect();
        let mut notes = Vec::new();
        if let Some(body_notes) = self.notes.take() {
            // Values pinned to a register for the whole function, at its start.
            for (v, r) in self.pin_of.iter().enumerate() {
                let (Some(r), Some(name)) = (*r, crate::value_name(self.f, v as u32)) else {
                    continue;
                };
                notes.push((0, format!("{name}: {} (whole function)", gp(r).name(8))));
            }
            notes.extend(body_notes.into_iter().map(|(o, t)| (o + shift, t)));
        }
        let mut insts = Vec::new();
        if let Some(body) = self.listing.take() {
            let names = crate::module::Namer { cx: self.cx, buf: &self.buf, shift };
            let all = pro_insts
                .into_iter()
                .map(|(o, i)| (o, i, 0))
                .chain(body.into_iter().map(|(o, i)| (o, i, shift)));
            let all: Vec<(u32, Inst, u32)> = all.collect();
            for (k, (o, i, sh)) in all.iter().enumerate() {
                let start = o + sh;
                let end = match all.get(k + 1) {
                    Some((o2, _, sh2)) => o2 + sh2,
                    None => bytes.len() as u32,
                };
                let text = super::print::print(i, &names);
                insts.push((start, (end - start).min(255) as u8, text));
            }
        }
        let sites = self.sites.iter().map(|&(o, k)| (o + shift, k)).collect();
        Ok(FuncCode { bytes, relocs, locs, insts, notes, sites })
    }
}
