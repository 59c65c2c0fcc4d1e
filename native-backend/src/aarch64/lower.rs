//! One low function to AArch64 code in one walk, as on x86-64 (`x64/lower.rs`): for each
//! instruction, its operands are put in registers by the single-pass assignment
//! (`crate::assign`), then its machine instructions are selected (`ops.rs`, `fops.rs`,
//! `mem.rs`, `calls.rs`) and encoded at once. The prologue is made last, when the frame and
//! the callee-saved registers used are known, and put in front of the body.
//!
//! The frame, addressed from `x29` (the frame pointer), downwards:
//!
//! ```text
//!  [x29 + 16 + k]    incoming stack arguments
//!  [x29 + 8]         x30 (the return address)      [x29]  the caller's x29
//!  [x29 - 80, x29)   x19 ... x28 (fixed places)
//!  [x29 - 144, -80)  d8 ... d15 (fixed places; their low 64 bits are callee-saved)
//!  va save area      a variadic function's x0-x7 (64 bytes), then q0-q7 (128 bytes)
//!  allocas, spill slots, outgoing area (at sp), as `crate::frame` lays them out
//! ```
//!
//! `x16` is the scratch register of values, `x17` the one of addresses out of a load's or
//! store's reach ([`Fx::mem_at`]), `v31` the float scratch register; `x18` is never touched.

use super::encode::encode;
use super::inst::{AddOp, Cond, Ext, FSize, Inst, LoadKind, Mem};
use super::regs::{V, X};
use crate::analysis::{analyze, VInfo, NO_USE};
use crate::assign::{Assign, PReg};
use crate::buffer::{Buffer, Label};
use crate::frame::Frame;
use crate::module::{FuncCode, ModCx};
use crate::NativeError;
use irplay_core::diag::Span;
use irplay_core::lower::cfg::LowCfg;
use irplay_core::lower::{BlockId, Const, Inst as L, LowFunc, Term, Ty, VReg};

/// The integer registers the assignment uses, for values no call crosses: the caller-saved
/// ones (those that carry no argument first), then the callee-saved ones.
pub(super) const GPR_ORDER: [PReg; 26] =
    [9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28];
/// The integer registers for values a call crosses: the callee-saved ones first.
pub(super) const GPR_ORDER_CSR: [PReg; 26] =
    [19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The float registers (`v31` is the scratch register), caller-saved first.
pub(super) const V_ORDER: [PReg; 31] = [
    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    41, 42, 43, 44, 45, 46, 47,
];
/// The float registers for values a call crosses: `v8`-`v15` first.
pub(super) const V_ORDER_CSR: [PReg; 31] = [
    40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 32,
    33, 34, 35, 36, 37, 38, 39,
];
/// The integer scratch register of values.
pub(super) const SCRATCH: X = X::X16;
/// The scratch register of addresses (see [`Fx::mem_at`]).
pub(super) const ADDR: X = X::X17;
/// The float scratch register.
pub(super) const VSCRATCH: V = V(31);
/// Bytes below `x29` for the callee-saved registers (x19-x28, d8-d15).
pub(super) const SAVE_AREA: i32 = 144;
/// Bytes below `x29` for the callee-saved registers of a function that does not use
/// `d8`-`d15` (x19-x28, 16-byte aligned).
pub(super) const SAVE_AREA_X: i32 = 80;
/// Bytes of a variadic function's register save area (x0-x7, q0-q7).
pub(super) const VA_AREA: i32 = 192;
/// A physical register as the assignment numbers it.
pub(super) fn gp(r: PReg) -> X {
    X(r & 31)
}
pub(super) fn vr(r: PReg) -> V {
    V(r & 31)
}
/// True for a float register's number.
pub(super) fn is_v(r: PReg) -> bool {
    r >= 32
}
/// The float register size of a type.
pub(super) fn fsize(t: Ty) -> FSize {
    if t == Ty::F32 {
        FSize::S
    } else {
        FSize::D
    }
}
/// True for 64-bit operation of a type (`x` registers).
pub(super) fn wide(t: Ty) -> bool {
    !matches!(t, Ty::I32 | Ty::F32)
}

/// The state of one function's walk.
pub(super) struct Fx<'a, 'm> {
    pub cx: &'a mut ModCx<'m>,
    pub f: &'a LowFunc,
    pub info: Vec<VInfo>,
    pub a: Assign,
    pub buf: Buffer,
    pub frame: Frame,
    /// Home slot (`x29`-relative) of each register, 0 for none yet.
    pub home: Vec<i32>,
    /// Block-local registers holding a known integer constant (rematerialized, never spilled).
    pub konst: Vec<Option<u64>>,
    /// Block-local registers holding the address of a frame slot (`x29`-relative).
    pub slot_addr: Vec<Option<i32>>,
    /// The register the frame slots' offsets count from: `sp`, or `x29` in functions with
    /// dynamic allocas or frames aligned at run time.
    pub slot_base: X,
    pub labels: Vec<Label>,
    pub ret_label: Label,
    pub block: usize,
    pub pos: u32,
    /// The span of the IR instruction being lowered.
    pub span: Span,
    /// A compare whose flags the terminator branches on.
    pub fused: Option<(Cond, VReg)>,
    pub listing: Option<Vec<(u32, Inst)>>,
    /// With the listing: where values live (see [`crate::Compiled::notes`]).
    pub notes: Option<Vec<(u32, String)>>,
    /// Conditional branches in the long form (`b.!cond +8; b label`), for functions whose
    /// code is beyond their ±1 MiB (`tbz`: ±32 KiB) reach.
    pub long_branches: bool,
    pub locs: Vec<(u32, Span)>,
    /// The function saves every callee-saved register (it has tail calls).
    pub save_all: bool,
    /// Scratch virtual registers for cycles of parallel copies: integer, float.
    pub scratch_vregs: [VReg; 2],
    /// A variadic function's `va_list` start: `__gr_offs`, `__vr_offs` and the offset of the
    /// stack arguments from `x29`.
    pub va_named: (i32, i32, u32),
    pinned: u64,
    pub(super) pin_of: Vec<Option<PReg>>,
    gpr_order: Vec<PReg>,
    gpr_order_csr: Vec<PReg>,
    pin_fix: Option<(PReg, PReg)>,
    /// With results through memory: where the area's address is kept.
    pub sret_area: Option<i32>,
    /// The function may use `d8`-`d15` (the frame has their save area).
    pub vsave: bool,
    /// The allocatable float registers, in both preference orders.
    v_order: Vec<PReg>,
    v_order_csr: Vec<PReg>,
    /// The limit traps still to place after the code: label, kind, location.
    pub traps: Vec<(Label, crate::LimitKind, Span)>,
    /// The limit traps placed (body offsets).
    pub sites: Vec<(u32, crate::LimitKind)>,
}

/// Callee-saved registers that values living across blocks may own for the whole function.
const PIN_REGS: [PReg; 10] = [19, 20, 21, 22, 23, 24, 25, 26, 27, 28];

/// The values that get a callee-saved register of their own for the whole function (as on
/// x86-64: integer values read or written in more than one block, by loop-weighted count).
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
            let t = f.regs.get(v).copied().unwrap_or(Ty::V128);
            !i.local && !i.single_def && !t.is_float() && t != Ty::V128 && score[v] >= 4
        })
        .collect();
    cands.sort_by_key(|&v| std::cmp::Reverse(score[v]));
    cands.iter().zip(PIN_REGS).map(|(&v, r)| (VReg(v as u32), r)).collect()
}

impl<'a, 'm> Fx<'a, 'm> {
    pub fn new(cx: &'a mut ModCx<'m>, f: &'a LowFunc, listing: bool) -> Result<Self, NativeError> {
        let mut info = analyze(f);
        let n = f.regs.len();
        info.push(VInfo::default());
        info.push(VInfo::default());
        let out_area = super::calls::out_area(f);
        let va = if f.sig.variadic { VA_AREA } else { 0 };
        // `d8`-`d15` (and their save area) only for functions with floats a call crosses.
        let vsave = f.regs.iter().zip(&info).any(|(t, i)| t.is_float() && i.crosses_call);
        let save_area = if vsave { SAVE_AREA } else { SAVE_AREA_X };
        let mut frame = Frame::with_areas(&f.frame, out_area, save_area, va)
            .ok_or_else(|| NativeError::unsupported(f.span, "a stack frame this large"))?;
        // Allocas from `sp` (positive offsets reach 4 KiB to 32 KiB in one instruction) when
        // it stays put after the prologue; spill slots from `x29`, right below the saves.
        let slot_base = if !f.dynamic_stack && frame.sp_allocas() { X::SP } else { X::FP };
        let mut buf = Buffer::default();
        let labels = f.blocks.iter().map(|_| buf.label()).collect();
        let ret_label = buf.label();
        let save_all = f.blocks.iter().any(|b| matches!(b.term, Term::TailCall { .. }));
        let mut konst = vec![None; n + 2];
        let mut slot_addr = vec![None; n + 2];
        for b in &f.blocks {
            for i in &b.insts {
                let single = |d: VReg| info.get(d.0 as usize).is_some_and(|x| x.single_def);
                match *i {
                    L::Const { dst, val: Const::I32(c) } if single(dst) => {
                        if let Some(k) = konst.get_mut(dst.0 as usize) {
                            *k = Some(c as u64);
                        }
                    }
                    L::Const { dst, val: Const::I64(c) | Const::Ptr(c) } if single(dst) => {
                        if let Some(k) = konst.get_mut(dst.0 as usize) {
                            *k = Some(c);
                        }
                    }
                    L::Slot { dst, slot } if frame.over_align == 0 && single(dst) => {
                        let off = f.frame.slots.get(slot as usize).map(|s| s.offset);
                        if let Some(off) = off.and_then(|o| i32::try_from(o).ok()) {
                            if let Some(s) = slot_addr.get_mut(dst.0 as usize) {
                                *s = Some(frame.alloca_disp(off));
                            }
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
            if let Some(p) = pin_of.get_mut(v.0 as usize) {
                *p = Some(r);
            }
            pinned |= 1 << r;
        }
        let gpr_order = GPR_ORDER.iter().copied().filter(|r| pinned & (1 << r) == 0).collect();
        let gpr_order_csr =
            GPR_ORDER_CSR.iter().copied().filter(|r| pinned & (1 << r) == 0).collect();
        let keep = |r: &PReg| vsave || !(40..48).contains(r);
        let v_order = V_ORDER.iter().copied().filter(keep).collect();
        let v_order_csr = V_ORDER_CSR.iter().copied().filter(keep).collect();
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
            slot_base,
            labels,
            ret_label,
            block: 0,
            pos: 0,
            span: f.span,
            fused: None,
            listing: listing.then(Vec::new),
            notes: (listing && !f.names.is_empty()).then(Vec::new),
            long_branches: false,
            locs: Vec::new(),
            save_all,
            scratch_vregs: [VReg(n as u32), VReg(n as u32 + 1)],
            va_named: (0, 0, 16),
            pinned,
            pin_of,
            gpr_order,
            gpr_order_csr,
            pin_fix: None,
            sret_area: None,
            vsave,
            v_order,
            v_order_csr,
            traps: Vec::new(),
            sites: Vec::new(),
        })
    }

    /// Encodes one instruction (and keeps it for the listing).
    #[inline]
    pub fn emit(&mut self, i: Inst) {
        if self.long_branches {
            let inverted = match i {
                Inst::BCond(c, l) if c != Cond::Al => Some((Inst::BCond(c.invert(), l), l)),
                Inst::Cbz { nz, sf, rt, label } => {
                    Some((Inst::Cbz { nz: !nz, sf, rt, label }, label))
                }
                Inst::Tbz { nz, rt, bit, label } => {
                    Some((Inst::Tbz { nz: !nz, rt, bit, label }, label))
                }
                _ => None,
            };
            if let Some((inv, target)) = inverted {
                let skip = self.buf.label();
                self.emit_one(retarget(inv, skip));
                self.emit_one(Inst::B(target));
                self.buf.bind(skip);
                return;
            }
        }
        self.emit_one(i);
    }

    /// With the listing: notes that `v` (if it holds an IR value) is now in `r` (`what`
    /// empty), or what happened to it (`reload`), at the next instruction.
    pub fn note(&mut self, what: &str, v: VReg, r: PReg) {
        let Some(notes) = &mut self.notes else { return };
        let Some(name) = crate::value_name(self.f, v.0) else { return };
        let reg = if is_v(r) { vr(r).name(8) } else { gp(r).name(true, false) };
        let sep = if what.is_empty() { "" } else { " " };
        notes.push((self.buf.pos(), format!("{what}{sep}{name}: {reg}")));
    }

    /// Encodes one instruction as it is (and keeps it for the listing).
    fn emit_one(&mut self, i: Inst) {
        if let Some(l) = &mut self.listing {
            l.push((self.buf.pos(), i.clone()));
        }
        encode(&i, &mut self.buf);
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

    pub fn info_local(&self, v: VReg) -> bool {
        self.info(v).local
    }

    pub fn info_single_def(&self, v: VReg) -> bool {
        self.info(v).single_def
    }

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

    /// `rd = rn + c` (64-bit; `rn` and `rd` may be `sp`). Constants beyond 24 bits go through
    /// `rd` (or, when `rd` is `rn`, the other scratch register).
    pub fn add_const(&mut self, rd: X, rn: X, c: i64) {
        let (op, m) = if c < 0 { (AddOp::Sub, c.unsigned_abs()) } else { (AddOp::Add, c as u64) };
        if m == 0 {
            if rd != rn {
                self.emit(Inst::AddImm {
                    op: AddOp::Add,
                    sf: true,
                    rd,
                    rn,
                    imm12: 0,
                    lsl12: false,
                });
            }
            return;
        }
        if m < 1 << 24 {
            let (hi, lo) = ((m >> 12) as u16, (m & 0xfff) as u16);
            let mut src = rn;
            if hi != 0 {
                self.emit(Inst::AddImm { op, sf: true, rd, rn: src, imm12: hi, lsl12: true });
                src = rd;
            }
            if lo != 0 {
                self.emit(Inst::AddImm { op, sf: true, rd, rn: src, imm12: lo, lsl12: false });
            }
            return;
        }
        let t = if rd != rn && rd != X::SP {
            rd
        } else if rd == ADDR {
            SCRATCH
        } else {
            ADDR
        };
        self.mov_imm(t, m);
        self.emit(Inst::AddExt { op, sf: true, rd, rn, rm: t, ext: Ext::Uxtx, amount: 0 });
    }

    /// The operand `[base + off]` for an access of `size` bytes: direct when one load or
    /// store reaches it, else with the address computed in `x17`.
    pub fn mem_at(&mut self, base: X, off: i64, size: u32) -> Mem {
        if let Ok(o) = i32::try_from(off) {
            if Mem::fits(o, size) {
                return Mem::at(base, o);
            }
        }
        self.add_const(ADDR, base, off);
        Mem::at(ADDR, 0)
    }

    /// Stores `r`'s value to its home if it is dirty and still needed.
    pub fn spill(&mut self, r: PReg) {
        let Some(v) = self.a.holder(r) else { return };
        let v = VReg(v);
        if self.a.is_dirty(r) && self.needed(v) {
            let h = self.home(v);
            let ty = self.ty(v);
            let mem = self.mem_at(X::FP, h.into(), 8);
            if let (Some(notes), Some(name)) = (&mut self.notes, crate::value_name(self.f, v.0)) {
                notes.push((self.buf.pos(), format!("spill {name}: [x29, #{h}]")));
            }
            self.store_value(ty, r, mem);
        }
        self.a.clean(r);
    }

    /// Writes back and forgets `r`'s value.
    pub fn evict(&mut self, r: PReg) {
        self.spill(r);
        self.a.free(r);
    }

    fn alloc_for(&mut self, float: bool, csr: bool) -> PReg {
        let order: &[PReg] = match (float, csr) {
            (true, false) => &self.v_order,
            (true, true) => &self.v_order_csr,
            (false, true) => &self.gpr_order_csr,
            (false, false) => &self.gpr_order,
        };
        let (r, victim) = self.a.pick(order).unwrap_or((order.first().copied().unwrap_or(9), true));
        if victim {
            self.evict(r);
        }
        self.a.lock(r);
        r
    }

    /// A scratch integer register for the current instruction (locked, holding nothing).
    pub fn temp_gpr(&mut self) -> X {
        gp(self.alloc_for(false, false))
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

    pub fn use_gpr(&mut self, v: VReg) -> X {
        gp(self.use_reg(v))
    }

    pub fn use_v(&mut self, v: VReg) -> V {
        vr(self.use_reg(v))
    }

    /// `rd = rn` (64-bit; `mov`).
    pub fn mov(&mut self, rd: X, rn: X) {
        if rd != rn {
            self.emit(Inst::LogicReg {
                op: super::inst::LogicOp::Orr,
                sf: true,
                rd,
                rn: X::ZR,
                rm: rn,
                shift: super::inst::Shift::Lsl,
                amount: 0,
            });
        }
    }

    /// `rd = rn` for float registers (the whole 64 bits).
    pub fn fmov(&mut self, rd: V, rn: V) {
        if rd != rn {
            self.emit(Inst::FUn { op: super::inst::FUn::Fmov, size: FSize::D, rd, rn });
        }
    }

    /// Writes `v`'s current value into `r`: from the register holding it, its constant, its
    /// frame address or its home.
    pub fn materialize(&mut self, v: VReg, r: PReg) {
        let float = is_v(r);
        if let Some(cur) = self.a.reg(v.0) {
            if cur != r {
                if float {
                    self.fmov(vr(r), vr(cur));
                } else {
                    self.mov(gp(r), gp(cur));
                }
            }
        } else if let Some(c) = self.konst.get(v.0 as usize).copied().flatten() {
            self.mov_imm(gp(r), c);
        } else if let Some(d) = self.slot_addr.get(v.0 as usize).copied().flatten() {
            self.add_const(gp(r), self.slot_base, d.into());
        } else {
            let h = self.home(v);
            let ty = self.ty(v);
            let mem = self.mem_at(X::FP, h.into(), 8);
            self.note("reload", v, r);
            self.load_value(ty, r, mem);
        }
    }

    /// Loads a value of register type `ty` (4 bytes for `I32`/`F32`, else 8) into `r`.
    pub fn load_value(&mut self, ty: Ty, r: PReg, mem: Mem) {
        self.emit(match ty {
            Ty::F32 | Ty::F64 => Inst::FLoad { size: fsize(ty), rt: vr(r), mem },
            Ty::I32 => Inst::Load { kind: LoadKind::U32, rt: gp(r), mem },
            _ => Inst::Load { kind: LoadKind::U64, rt: gp(r), mem },
        });
    }

    /// Stores a value of register type `ty` (its natural size) from `r` to `mem`.
    pub fn store_value(&mut self, ty: Ty, r: PReg, mem: Mem) {
        self.emit(match ty {
            Ty::F32 | Ty::F64 => Inst::FStore { size: fsize(ty), rt: vr(r), mem },
            Ty::I32 => Inst::Store { bytes: 4, rt: gp(r), mem },
            _ => Inst::Store { bytes: 8, rt: gp(r), mem },
        });
    }

    /// `rd = imm` in the shortest form.
    pub fn mov_imm(&mut self, rd: X, imm: u64) {
        let sf = imm > u32::MAX as u64;
        let mut out = Vec::new();
        super::imm::materialize(rd, imm, sf, &mut |i| out.push(i));
        for i in out {
            self.emit(i);
        }
    }

    /// The register pinned to `v`, if any.
    pub fn pin(&self, v: VReg) -> Option<PReg> {
        self.pin_of.get(v.0 as usize).copied().flatten()
    }

    /// A register for a new value of `v` (locked, bound, dirty). It may be one of the
    /// current instruction's operands' only when [`Fx::def_reuse`] says so.
    pub fn def_reg(&mut self, v: VReg) -> PReg {
        if let Some(r) = self.pin(v) {
            if self.a.is_locked(r) {
                // The pinned register is also an operand of this instruction: write a
                // temporary, copied into the pinned register after the instruction.
                let t = self.alloc_for(is_v(r), false);
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

    /// Binds `v` to `r`, which the instruction just wrote (a fixed result register).
    pub fn def_fixed(&mut self, v: VReg, r: PReg) {
        if let Some(p) = self.pin(v) {
            if is_v(r) {
                self.fmov(vr(p), vr(r));
            } else {
                self.mov(gp(p), gp(r));
            }
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

    /// The constant of `v`, if it has a known one.
    pub fn konst(&self, v: VReg) -> Option<u64> {
        self.konst.get(v.0 as usize).copied().flatten()
    }

    /// Copies a pinned register's new value from the temporary it was written to.
    pub fn finish_pin(&mut self) {
        if let Some((p, t)) = self.pin_fix.take() {
            if is_v(p) {
                self.fmov(vr(p), vr(t));
            } else {
                self.mov(gp(p), gp(t));
            }
        }
    }

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
        for r in 0..64u8 {
            if held & (1 << r) != 0 {
                if let Some(v) = self.a.holder(r) {
                    if !self.info(VReg(v)).local {
                        self.spill(r);
                    }
                }
            }
        }
    }

    fn reset(&mut self) {
        let held = self.a.held() & !self.pinned;
        for r in 0..64u8 {
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
            if let Some(&(k, span)) = b.locs.last() {
                if k as usize >= b.insts.len() {
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
        use crate::abi::Loc;
        let f = self.f;
        let (locs, stack) = super::calls::arg_places(&f.sig.params, &f.sig);
        if super::calls::demoted(&f.sig.ret) {
            // Results through memory: the area's address comes in `x8`.
            let h = self.frame.spill_slot();
            self.sret_area = Some(h);
            let mem = self.mem_at(X::FP, h.into(), 8);
            self.emit(Inst::Store { bytes: 8, rt: X::X8, mem });
        }
        if let Some(save) = self.frame.va_save {
            // The register save areas of `va_start`: x0-x7, then q0-q7.
            for k in 0..4i32 {
                let mem = Mem::at(X::FP, save + 16 * k);
                let (rt, rt2) = (X(2 * k as u8), X(2 * k as u8 + 1));
                let mem = if Mem::fits_pair(save + 16 * k, 8) {
                    mem
                } else {
                    self.add_const(ADDR, X::FP, (save + 16 * k).into());
                    Mem::at(ADDR, 0)
                };
                self.emit(Inst::Pair { load: false, sf: true, rt, rt2, mem });
            }
            for k in 0..8i32 {
                let mem = self.mem_at(X::FP, (save + 64 + 16 * k).into(), 16);
                self.emit(Inst::FStore { size: FSize::Q, rt: V(k as u8), mem });
            }
            let gp = locs.iter().filter(|l| matches!(l, Loc::Int(_))).count() as i32;
            let fp = locs.iter().filter(|l| matches!(l, Loc::Float(_))).count() as i32;
            self.va_named = (-8 * (8 - gp.min(8)), -16 * (8 - fp.min(8)), 16 + stack);
        }
        for (k, loc) in locs.iter().enumerate() {
            let v = VReg(k as u32);
            match *loc {
                Loc::Int(i) => {
                    let r = super::calls::int_arg_reg(i);
                    match self.pin(v) {
                        Some(p) => self.mov(gp(p), gp(r)),
                        None => self.a.bind(v.0, r, true),
                    }
                }
                Loc::Float(i) => self.a.bind(v.0, 32 + i, true),
                Loc::FloatHi(_) | Loc::X87(_) | Loc::Copy { .. } => {}
                Loc::Stack(off) => {
                    if let Some(h) = self.home.get_mut(k) {
                        *h = 16 + off as i32;
                    }
                    if let Some(p) = self.pin(v) {
                        let ty = self.ty(v);
                        let mem = self.mem_at(X::FP, 16 + i64::from(off), 8);
                        self.load_value(ty, p, mem);
                    }
                }
            }
        }
        // Lane 1 of `<2 x float>` parameters.
        for (k, loc) in locs.iter().enumerate() {
            if let Loc::FloatHi(i) = *loc {
                super::calls::high_lane(self, VReg(k as u32), 32 + i);
                self.a.unlock_all();
            }
        }
        // `byval` parameters: the address of the caller's copy.
        for (k, loc) in locs.iter().enumerate() {
            if let Loc::Copy { off, .. } = *loc {
                let r = gp(self.def_reg(VReg(k as u32)));
                self.add_const(r, X::FP, 16 + i64::from(off));
                self.a.unlock_all();
            }
        }
        Ok(())
    }

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
            let size = if matches!(val, Const::F64(_)) { FSize::D } else { FSize::S };
            if bits == 0 {
                self.emit(Inst::FMovFromGpr { size, rd: vr(r), rn: X::ZR });
            } else {
                self.mov_imm(SCRATCH, bits);
                self.emit(Inst::FMovFromGpr { size, rd: vr(r), rn: SCRATCH });
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
                self.emit(Inst::B(l));
            }
        }
    }

    /// A jump to the shared epilogue (nothing when this is the last block).
    pub fn jump_epilogue(&mut self, bi: usize) {
        if bi + 1 != self.f.blocks.len() {
            let l = self.ret_label;
            self.emit(Inst::B(l));
        }
    }

    fn term(&mut self, t: &Term, bi: usize) -> Result<(), NativeError> {
        match t {
            Term::Jump(to) => {
                self.flush();
                self.jump(to.0, bi);
            }
            Term::Branch { cond, then, else_ } => {
                let fused = match self.fused {
                    Some((cc, v)) if v == *cond => Some(cc),
                    _ => None,
                };
                let r = if fused.is_none() { Some(self.use_gpr(*cond)) } else { None };
                self.flush();
                let (Some(&lt), Some(&le)) =
                    (self.labels.get(then.0 as usize), self.labels.get(else_.0 as usize))
                else {
                    return Err(self.unsupported("a branch to a missing block"));
                };
                let next_is_then = then.0 as usize == bi + 1;
                match (fused, r) {
                    (Some(cc), _) => {
                        if next_is_then {
                            self.emit(Inst::BCond(cc.invert(), le));
                        } else {
                            self.emit(Inst::BCond(cc, lt));
                            self.jump(else_.0, bi);
                        }
                    }
                    (None, Some(r)) => {
                        if next_is_then {
                            self.emit(Inst::Cbz { nz: false, sf: false, rt: r, label: le });
                        } else {
                            self.emit(Inst::Cbz { nz: true, sf: false, rt: r, label: lt });
                            self.jump(else_.0, bi);
                        }
                    }
                    (None, None) => {}
                }
            }
            Term::Table { idx, targets, default } => {
                let r = self.use_gpr(*idx);
                self.flush();
                let n =
                    u32::try_from(targets.len()).map_err(|_| self.unsupported("a huge switch"))?;
                let (Some(&ld), true) = (
                    self.labels.get(default.0 as usize),
                    targets.iter().all(|t| (t.0 as usize) < self.labels.len()),
                ) else {
                    return Err(self.unsupported("a branch to a missing block"));
                };
                super::ops::cmp_imm(self, false, r, u64::from(n));
                self.emit(Inst::BCond(Cond::Hs, ld));
                let table = self.buf.label();
                self.emit(Inst::Adr { rd: ADDR, label: table });
                let mem = Mem::Reg { base: ADDR, index: r, scaled: true };
                self.emit(Inst::Load { kind: LoadKind::S32, rt: SCRATCH, mem });
                self.emit(Inst::AddReg {
                    op: AddOp::Add,
                    sf: true,
                    rd: ADDR,
                    rn: ADDR,
                    rm: SCRATCH,
                    shift: super::inst::Shift::Lsl,
                    amount: 0,
                });
                self.emit(Inst::Br(ADDR));
                let base = self.buf.pos();
                self.buf.bind(table);
                for t in targets {
                    self.buf.table_entry(self.labels[t.0 as usize], base);
                }
            }
            Term::Ret(vs) if self.sret_area.is_some() => {
                // Results through memory: stored in the caller's area (its address is not
                // returned on AArch64).
                let (offs, _) = crate::abi::ret_layout(&self.f.sig.ret);
                let p = self.temp_gpr();
                let h = self.sret_area.unwrap_or(0);
                let mem = self.mem_at(X::FP, h.into(), 8);
                self.emit(Inst::Load { kind: LoadKind::U64, rt: p, mem });
                for (v, off) in vs.iter().zip(offs) {
                    let r = self.use_reg(*v);
                    let ty = self.ty(*v);
                    let mem = self.mem_at(p, off.into(), 8);
                    self.store_value(ty, r, mem);
                    self.a.unlock_all();
                    self.a.lock(p.0);
                }
                self.jump_epilogue(bi);
            }
            Term::Ret(vs) => {
                super::calls::ret(self, vs)?;
                self.jump_epilogue(bi);
            }
            Term::TailCall { callee, sig, args } => {
                super::calls::tail_call(self, callee, sig, args)?
            }
            Term::Trap => self.emit(Inst::Udf(0)),
        }
        Ok(())
    }
}

/// `i` (a conditional branch) with its label replaced by `l`.
fn retarget(i: Inst, l: crate::buffer::Label) -> Inst {
    match i {
        Inst::BCond(c, _) => Inst::BCond(c, l),
        Inst::Cbz { nz, sf, rt, .. } => Inst::Cbz { nz, sf, rt, label: l },
        Inst::Tbz { nz, rt, bit, .. } => Inst::Tbz { nz, rt, bit, label: l },
        other => other,
    }
}
