//! Memory accesses, frame addresses, dynamic `alloca` and the AAPCS64 `va_list` on AArch64.
//! Offsets a load or store cannot hold are legalized through `x17` ([`Fx::mem_at`]).

use super::inst::{AddOp, BfOp, Cond, Ext, FSize, Inst, LoadKind, LogicOp, Mem, Shift};
use super::lower::{fsize, gp, vr, wide, Fx, ADDR, SCRATCH};
use super::regs::X;
use crate::NativeError;
use irplay_core::lower::{Ty, VReg};

pub(super) fn slot_addr(fx: &mut Fx, dst: VReg, slot: u32) -> Result<(), NativeError> {
    let Some(s) = fx.f.frame.slots.get(slot as usize) else {
        return Err(fx.unsupported("a missing frame slot"));
    };
    let off = i32::try_from(s.offset).map_err(|_| fx.unsupported("a stack frame this large"))?;
    if fx.frame.over_align > 0 {
        let r = gp(fx.def_reg(dst));
        let base = fx.frame.alloca_base;
        fx.add_const(r, X::FP, base.into());
        let a = (fx.frame.over_align as u64).wrapping_neg();
        fx.emit(Inst::LogicImm { op: LogicOp::And, sf: true, rd: r, rn: r, imm: a });
        fx.add_const(r, r, off.into());
        return Ok(());
    }
    let disp = fx.frame.alloca_disp(off);
    if fx.info_single_def(dst) {
        return Ok(());
    }
    if fx.info_local(dst) {
        fx.a.unbind_vreg(dst.0);
        fx.forget_facts(dst);
        if let Some(s) = fx.slot_addr.get_mut(dst.0 as usize) {
            *s = Some(disp);
        }
    } else {
        let r = gp(fx.def_reg(dst));
        let base = fx.slot_base;
        fx.add_const(r, base, disp.into());
    }
    Ok(())
}

/// The base register and offset of `[addr + offset]` (a frame slot's, a constant's in `x17`,
/// or the register's).
fn base_of(fx: &mut Fx, addr: VReg, offset: u32) -> (X, i64) {
    if let Some(d) = fx.slot_addr.get(addr.0 as usize).copied().flatten() {
        return (fx.slot_base, i64::from(d) + i64::from(offset));
    }
    if let Some(c) = fx.konst(addr) {
        fx.mov_imm(ADDR, c.wrapping_add(offset.into()));
        return (ADDR, 0);
    }
    (fx.use_gpr(addr), offset.into())
}

/// `[base + off]` for every piece of an access of `size` bytes: the base itself when each
/// piece fits, else `x17` holding the address.
fn pieces_base(fx: &mut Fx, base: X, off: i64, size: u8) -> (X, i64) {
    if (-256..=256 - i64::from(size)).contains(&off) {
        return (base, off);
    }
    fx.add_const(ADDR, base, off);
    (ADDR, 0)
}

pub(super) fn load(
    fx: &mut Fx,
    dst: VReg,
    ty: Ty,
    size: u8,
    signed: bool,
    addr: VReg,
    offset: u32,
) -> Result<(), NativeError> {
    let (base, off) = base_of(fx, addr, offset);
    if ty.is_float() {
        let rd = vr(fx.def_reg(dst));
        let fs = fsize(ty);
        let mem = fx.mem_at(base, off, fs.bytes());
        fx.emit(Inst::FLoad { size: fs, rt: rd, mem });
        return Ok(());
    }
    let w = wide(ty);
    let kind = match (size, signed) {
        (1, false) => LoadKind::U8,
        (1, true) => LoadKind::S8,
        (2, false) => LoadKind::U16,
        (2, true) => LoadKind::S16,
        (4, true) if w => LoadKind::S32,
        (4, _) => LoadKind::U32,
        (8, _) => LoadKind::U64,
        (3 | 5 | 6 | 7, _) => return load_odd(fx, dst, w, size, signed, base, off),
        _ => return Err(fx.unsupported(format!("a {size}-byte load"))),
    };
    let rd = gp(fx.def_reg(dst));
    let mem = fx.mem_at(base, off, kind.bytes());
    fx.emit(Inst::Load { kind, rt: rd, mem });
    if !w && matches!(kind, LoadKind::S8 | LoadKind::S16) {
        // Sign-extended within 32 bits only: the upper half stays zero.
        fx.emit(Inst::LogicReg {
            op: LogicOp::Orr,
            sf: false,
            rd,
            rn: X::ZR,
            rm: rd,
            shift: Shift::Lsl,
            amount: 0,
        });
    }
    Ok(())
}

pub(super) fn store(
    fx: &mut Fx,
    ty: Ty,
    size: u8,
    addr: VReg,
    offset: u32,
    src: VReg,
) -> Result<(), NativeError> {
    if ty.is_float() {
        let rs = fx.use_v(src);
        let (base, off) = base_of(fx, addr, offset);
        let fs = if size == 8 { FSize::D } else { FSize::S };
        let mem = fx.mem_at(base, off, fs.bytes());
        fx.emit(Inst::FStore { size: fs, rt: rs, mem });
        return Ok(());
    }
    if !matches!(size, 1..=8) {
        return Err(fx.unsupported(format!("a {size}-byte store")));
    }
    let rs = fx.use_gpr(src);
    let (base, off) = base_of(fx, addr, offset);
    if matches!(size, 1 | 2 | 4 | 8) {
        let mem = fx.mem_at(base, off, size.into());
        fx.emit(Inst::Store { bytes: size, rt: rs, mem });
        return Ok(());
    }
    let (base, off) = pieces_base(fx, base, off, size);
    let mut at = 0u8;
    for p in pieces(size) {
        let mem = Mem::at(base, (off + i64::from(at)) as i32);
        if at == 0 {
            fx.emit(Inst::Store { bytes: p, rt: rs, mem });
        } else {
            let sh = 8 * at;
            fx.emit(Inst::Bitfield {
                op: BfOp::Ubfm,
                sf: true,
                rd: SCRATCH,
                rn: rs,
                immr: sh,
                imms: 63,
            });
            fx.emit(Inst::Store { bytes: p, rt: SCRATCH, mem });
        }
        at += p;
    }
    Ok(())
}

/// The power-of-two pieces of an odd-sized access, lowest address first.
fn pieces(size: u8) -> impl Iterator<Item = u8> {
    let mut left = size;
    std::iter::from_fn(move || {
        let p = [4u8, 2, 1].into_iter().find(|&p| p <= left)?;
        left -= p;
        Some(p)
    })
}

/// A load of 3, 5, 6 or 7 bytes: pieces put together, then extended.
fn load_odd(
    fx: &mut Fx,
    dst: VReg,
    w: bool,
    size: u8,
    signed: bool,
    base: X,
    off: i64,
) -> Result<(), NativeError> {
    let (base, off) = pieces_base(fx, base, off, size);
    let rd = gp(fx.def_reg(dst));
    let mut at = 0u8;
    for p in pieces(size) {
        let kind = match p {
            4 => LoadKind::U32,
            2 => LoadKind::U16,
            _ => LoadKind::U8,
        };
        let mem = Mem::at(base, (off + i64::from(at)) as i32);
        if at == 0 {
            fx.emit(Inst::Load { kind, rt: rd, mem });
        } else {
            fx.emit(Inst::Load { kind, rt: SCRATCH, mem });
            let sh = 8 * at;
            fx.emit(Inst::LogicReg {
                op: LogicOp::Orr,
                sf: true,
                rd,
                rn: rd,
                rm: SCRATCH,
                shift: Shift::Lsl,
                amount: sh,
            });
        }
        at += p;
    }
    if signed {
        let bits = if w { 64 } else { 32 };
        let n = 8 * size;
        if n < bits {
            fx.emit(Inst::Bitfield { op: BfOp::Sbfm, sf: w, rd, rn: rd, immr: 0, imms: n - 1 });
        }
    }
    Ok(())
}

pub(super) fn dyn_alloca(fx: &mut Fx, dst: VReg, size: VReg, align: u32) {
    let rs = fx.use_gpr(size);
    fx.emit(Inst::AddImm {
        op: AddOp::Add,
        sf: true,
        rd: SCRATCH,
        rn: rs,
        imm12: 15,
        lsl12: false,
    });
    fx.emit(Inst::LogicImm { op: LogicOp::And, sf: true, rd: SCRATCH, rn: SCRATCH, imm: !15 });
    fx.emit(Inst::AddExt {
        op: AddOp::Sub,
        sf: true,
        rd: X::SP,
        rn: X::SP,
        rm: SCRATCH,
        ext: Ext::Uxtx,
        amount: 0,
    });
    if align > 16 && align.is_power_of_two() {
        fx.emit(Inst::AddImm {
            op: AddOp::Add,
            sf: true,
            rd: SCRATCH,
            rn: X::SP,
            imm12: 0,
            lsl12: false,
        });
        let imm = u64::from(align).wrapping_neg();
        fx.emit(Inst::LogicImm { op: LogicOp::And, sf: true, rd: X::SP, rn: SCRATCH, imm });
    }
    let out = fx.frame.out_area;
    let rd = gp(fx.def_reg(dst));
    fx.add_const(rd, X::SP, out.into());
}

/// `va_start`: the AAPCS64 `va_list` (`__stack`, `__gr_top`, `__vr_top`, `__gr_offs`,
/// `__vr_offs`) after the named arguments.
pub(super) fn va_start(fx: &mut Fx, ap: VReg) {
    let ra = fx.use_gpr(ap);
    let (gr, vr_offs, stack) = fx.va_named;
    let save = fx.frame.va_save.unwrap_or(0);
    fx.add_const(SCRATCH, X::FP, stack.into());
    fx.emit(Inst::Store { bytes: 8, rt: SCRATCH, mem: Mem::at(ra, 0) });
    fx.add_const(SCRATCH, X::FP, (save + 64).into());
    fx.emit(Inst::Store { bytes: 8, rt: SCRATCH, mem: Mem::at(ra, 8) });
    fx.add_const(SCRATCH, X::FP, (save + 192).into());
    fx.emit(Inst::Store { bytes: 8, rt: SCRATCH, mem: Mem::at(ra, 16) });
    fx.mov_imm(SCRATCH, u64::from(gr as u32));
    fx.emit(Inst::Store { bytes: 4, rt: SCRATCH, mem: Mem::at(ra, 24) });
    fx.mov_imm(SCRATCH, u64::from(vr_offs as u32));
    fx.emit(Inst::Store { bytes: 4, rt: SCRATCH, mem: Mem::at(ra, 28) });
}

/// `va_arg`: from the register save area while its part for the class lasts (the offset,
/// negative, below its top), else from the stack, advancing the `va_list` (as clang's inline
/// expansion does).
pub(super) fn va_arg(fx: &mut Fx, dst: VReg, ty: Ty, ap: VReg) {
    let float = ty.is_float();
    let ra = fx.use_gpr(ap);
    let t = fx.temp_gpr();
    let rd = fx.def_reg(dst);
    let (offs, top, step) = if float { (28, 16, 16) } else { (24, 8, 8) };
    let (stack, load) = (fx.buf.label(), fx.buf.label());
    fx.emit(Inst::Load { kind: LoadKind::S32, rt: t, mem: Mem::at(ra, offs) });
    fx.emit(Inst::Tbz { nz: false, rt: t, bit: 31, label: stack });
    // Negative: in the save area (if the next offset is still not positive).
    fx.emit(Inst::AddImm {
        op: AddOp::Add,
        sf: false,
        rd: SCRATCH,
        rn: t,
        imm12: step,
        lsl12: false,
    });
    fx.emit(Inst::Store { bytes: 4, rt: SCRATCH, mem: Mem::at(ra, offs) });
    fx.emit(Inst::AddImm {
        op: AddOp::Subs,
        sf: false,
        rd: X::ZR,
        rn: SCRATCH,
        imm12: 0,
        lsl12: false,
    });
    fx.emit(Inst::BCond(Cond::Gt, stack));
    fx.emit(Inst::Load { kind: LoadKind::U64, rt: SCRATCH, mem: Mem::at(ra, top) });
    fx.emit(Inst::AddExt {
        op: AddOp::Add,
        sf: true,
        rd: SCRATCH,
        rn: SCRATCH,
        rm: t,
        ext: Ext::Sxtx,
        amount: 0,
    });
    fx.emit(Inst::B(load));
    fx.buf.bind(stack);
    fx.emit(Inst::Load { kind: LoadKind::U64, rt: SCRATCH, mem: Mem::at(ra, 0) });
    fx.emit(Inst::AddImm { op: AddOp::Add, sf: true, rd: t, rn: SCRATCH, imm12: 8, lsl12: false });
    fx.emit(Inst::Store { bytes: 8, rt: t, mem: Mem::at(ra, 0) });
    fx.buf.bind(load);
    fx.load_value(ty, rd, Mem::at(SCRATCH, 0));
}
