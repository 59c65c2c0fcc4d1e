//! The AArch64 encoder: each [`Inst`] as one 32-bit little-endian word (two for the
//! address forms), labels and symbols through the buffer's fixups and relocations.
//!
//! Register numbers use their low 5 bits, immediates the bits of their field (a value that
//! does not fit is cut, never a panic; the lowering keeps to what fits, see `Mem::fits` and
//! `imm.rs`). A form that cannot be encoded at all (a logical immediate that is no bitmask
//! immediate, a pair with a register offset) becomes `udf #0xdead`, a trap.

use super::imm;
use super::inst::{AddOp, CselOp, FBin, FMa, FSize, FUn, Inst, LoadKind, LogicOp, Mem, Unary};
use super::regs::{V, X};
use crate::buffer::Buffer;
use crate::RelocKind;

/// The word of forms that cannot be encoded: `udf #0xdead`.
pub const INVALID: u32 = 0xdead;

fn r(x: X) -> u32 {
    u32::from(x.0 & 31)
}

fn v(x: V) -> u32 {
    u32::from(x.0 & 31)
}

fn sf_bit(sf: bool) -> u32 {
    u32::from(sf) << 31
}

/// `op` and `S` bits (30, 29) of add/sub.
fn add_bits(op: AddOp) -> u32 {
    match op {
        AddOp::Add => 0,
        AddOp::Adds => 1 << 29,
        AddOp::Sub => 2 << 29,
        AddOp::Subs => 3 << 29,
    }
}

/// `opc` (bits 30:29) and `N` (bit 21) of the logical operations.
fn logic_bits(op: LogicOp) -> (u32, bool) {
    match op {
        LogicOp::And => (0, false),
        LogicOp::Orr => (1, false),
        LogicOp::Eor => (2, false),
        LogicOp::Ands => (3, false),
        LogicOp::Bic => (0, true),
        LogicOp::Orn => (1, true),
        LogicOp::Eon => (2, true),
        LogicOp::Bics => (3, true),
    }
}

/// A shift amount's field: 6 bits, 5 for 32-bit operations.
fn amount(sf: bool, a: u8) -> u32 {
    u32::from(a) & if sf { 63 } else { 31 }
}

/// The `ftype` field of a scalar float operation (`s` 0, `d` 1, `h` 3; `q` has none: 2, an
/// unallocated encoding).
fn ftype(s: FSize) -> u32 {
    match s {
        FSize::S => 0,
        FSize::D => 1,
        FSize::Q => 2,
        FSize::H => 3,
    }
}

/// A load or store of one register: `size` (bits 31:30), `V` (26), `opc` (23:22), and the
/// access size in bytes (the scale of the unsigned offset).
fn ldst(size: u32, simd: bool, opc: u32, bytes: u32, rt: u32, mem: Mem) -> u32 {
    let head = (size & 3) << 30 | u32::from(simd) << 26 | (opc & 3) << 22 | rt;
    let bytes = bytes.max(1) as i32;
    match mem {
        Mem::Off { base, off } => {
            if off >= 0 && off % bytes == 0 && off / bytes < 4096 {
                0x3900_0000 | head | ((off / bytes) as u32) << 10 | r(base) << 5
            } else {
                0x3800_0000 | head | (off as u32 & 0x1ff) << 12 | r(base) << 5
            }
        }
        Mem::Pre { base, off } => 0x3800_0c00 | head | (off as u32 & 0x1ff) << 12 | r(base) << 5,
        Mem::Post { base, off } => 0x3800_0400 | head | (off as u32 & 0x1ff) << 12 | r(base) << 5,
        Mem::Reg { base, index, scaled } => {
            0x3820_6800 | head | r(index) << 16 | u32::from(scaled) << 12 | r(base) << 5
        }
    }
}

/// A pair load or store: `opc` (bits 31:30), `V`, `L`, the size of one register.
fn pair(opc: u32, simd: bool, load: bool, bytes: u32, rt: u32, rt2: u32, mem: Mem) -> u32 {
    let head = (opc & 3) << 30 | u32::from(simd) << 26 | u32::from(load) << 22;
    let regs = (rt2 & 31) << 10 | rt;
    let imm7 = |off: i32| ((off / bytes.max(1) as i32) as u32 & 0x7f) << 15;
    match mem {
        Mem::Off { base, off } => 0x2900_0000 | head | imm7(off) | r(base) << 5 | regs,
        Mem::Pre { base, off } => 0x2980_0000 | head | imm7(off) | r(base) << 5 | regs,
        Mem::Post { base, off } => 0x2880_0000 | head | imm7(off) | r(base) << 5 | regs,
        Mem::Reg { .. } => INVALID,
    }
}

/// `size` and `opc` of a float load or store (`h`, `s`, `d`, `q`).
fn fldst_bits(size: FSize, load: bool) -> (u32, u32) {
    let l = u32::from(load);
    match size {
        FSize::H => (1, l),
        FSize::S => (2, l),
        FSize::D => (3, l),
        FSize::Q => (0, 2 | l),
    }
}

/// The word of the forms without label or symbol operands (`None` for those with one).
pub fn word(i: &Inst) -> Option<u32> {
    use Inst as I;
    let w = match *i {
        I::AddImm { op, sf, rd, rn, imm12, lsl12 } => {
            0x1100_0000
                | sf_bit(sf)
                | add_bits(op)
                | u32::from(lsl12) << 22
                | (u32::from(imm12) & 0xfff) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::AddReg { op, sf, rd, rn, rm, shift, amount: a } => {
            0x0b00_0000
                | sf_bit(sf)
                | add_bits(op)
                | (shift as u32) << 22
                | r(rm) << 16
                | amount(sf, a) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::AddExt { op, sf, rd, rn, rm, ext, amount: a } => {
            0x0b20_0000
                | sf_bit(sf)
                | add_bits(op)
                | r(rm) << 16
                | (ext as u32) << 13
                | (u32::from(a) & 7) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::LogicImm { op, sf, rd, rn, imm } => {
            let (opc, inv) = logic_bits(op);
            // `bic`/`orn`/`eon`/`bics` with an immediate are `and`/`orr`/`eor`/`ands` with its
            // complement.
            let imm = if inv { !imm } else { imm };
            match imm::logical(imm, sf) {
                Some((n, immr, imms)) => {
                    0x1200_0000
                        | sf_bit(sf)
                        | opc << 29
                        | u32::from(n) << 22
                        | u32::from(immr & 63) << 16
                        | u32::from(imms & 63) << 10
                        | r(rn) << 5
                        | r(rd)
                }
                None => INVALID,
            }
        }
        I::LogicReg { op, sf, rd, rn, rm, shift, amount: a } => {
            let (opc, n) = logic_bits(op);
            0x0a00_0000
                | sf_bit(sf)
                | opc << 29
                | (shift as u32) << 22
                | u32::from(n) << 21
                | r(rm) << 16
                | amount(sf, a) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::MovWide { op, sf, rd, imm16, hw } => {
            let hw = u32::from(hw) & if sf { 3 } else { 1 };
            0x1280_0000 | sf_bit(sf) | (op as u32) << 29 | hw << 21 | u32::from(imm16) << 5 | r(rd)
        }
        I::MulAdd { sub, sf, rd, rn, rm, ra } => {
            0x1b00_0000
                | sf_bit(sf)
                | r(rm) << 16
                | u32::from(sub) << 15
                | r(ra) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::MulHigh { signed, rd, rn, rm } => {
            let base = if signed { 0x9b40_0000 } else { 0x9bc0_0000 };
            base | r(rm) << 16 | 31 << 10 | r(rn) << 5 | r(rd)
        }
        I::MulLong { signed, rd, rn, rm } => {
            let base = if signed { 0x9b20_0000 } else { 0x9ba0_0000 };
            base | r(rm) << 16 | 31 << 10 | r(rn) << 5 | r(rd)
        }
        I::Div { signed, sf, rd, rn, rm } => {
            0x1ac0_0800 | sf_bit(sf) | r(rm) << 16 | u32::from(signed) << 10 | r(rn) << 5 | r(rd)
        }
        I::ShiftReg { op, sf, rd, rn, rm } => {
            0x1ac0_2000 | sf_bit(sf) | r(rm) << 16 | (op as u32) << 10 | r(rn) << 5 | r(rd)
        }
        I::Bitfield { op, sf, rd, rn, immr, imms } => {
            let m = if sf { 63 } else { 31 };
            0x1300_0000
                | sf_bit(sf)
                | (op as u32 & 3) << 29
                | u32::from(sf) << 22
                | (u32::from(immr) & m) << 16
                | (u32::from(imms) & m) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::Extr { sf, rd, rn, rm, lsb } => {
            0x1380_0000
                | sf_bit(sf)
                | u32::from(sf) << 22
                | r(rm) << 16
                | amount(sf, lsb) << 10
                | r(rn) << 5
                | r(rd)
        }
        I::Unary { op, sf, rd, rn } => {
            let (opcode, sf) = match op {
                Unary::Rbit => (0, sf),
                Unary::Rev16 => (1, sf),
                Unary::Rev32 => (2, sf),
                Unary::Rev64 => (3, true),
                Unary::Clz => (4, sf),
                Unary::Cls => (5, sf),
            };
            0x5ac0_0000 | sf_bit(sf) | opcode << 10 | r(rn) << 5 | r(rd)
        }
        I::Csel { op, sf, rd, rn, rm, cond } => {
            let (o, o2) = match op {
                CselOp::Csel => (0, 0),
                CselOp::Csinc => (0, 1),
                CselOp::Csinv => (1, 0),
                CselOp::Csneg => (1, 1),
            };
            0x1a80_0000
                | sf_bit(sf)
                | o << 30
                | r(rm) << 16
                | (cond as u32) << 12
                | o2 << 10
                | r(rn) << 5
                | r(rd)
        }
        I::CcmpImm { sf, rn, imm5, nzcv, cond } => {
            0x7a40_0800
                | sf_bit(sf)
                | (u32::from(imm5) & 31) << 16
                | (cond as u32) << 12
                | r(rn) << 5
                | u32::from(nzcv) & 15
        }
        I::Load { kind, rt, mem } => {
            let (size, opc) = match kind {
                LoadKind::U8 => (0, 1),
                LoadKind::U16 => (1, 1),
                LoadKind::U32 => (2, 1),
                LoadKind::U64 => (3, 1),
                LoadKind::S8 => (0, 2),
                LoadKind::S16 => (1, 2),
                LoadKind::S32 => (2, 2),
            };
            ldst(size, false, opc, kind.bytes(), r(rt), mem)
        }
        I::Store { bytes, rt, mem } => {
            let size = match bytes {
                1 => 0,
                2 => 1,
                4 => 2,
                _ => 3,
            };
            ldst(size, false, 0, 1 << size, r(rt), mem)
        }
        I::Pair { load, sf, rt, rt2, mem } => {
            let (opc, bytes) = if sf { (2, 8) } else { (0, 4) };
            pair(opc, false, load, bytes, r(rt), r(rt2), mem)
        }
        I::FLoad { size, rt, mem } => {
            let (sz, opc) = fldst_bits(size, true);
            ldst(sz, true, opc, size.bytes(), v(rt), mem)
        }
        I::FStore { size, rt, mem } => {
            let (sz, opc) = fldst_bits(size, false);
            ldst(sz, true, opc, size.bytes(), v(rt), mem)
        }
        I::FPair { load, size, rt, rt2, mem } => {
            let opc = match size {
                FSize::D => 1,
                FSize::Q => 2,
                _ => 0,
            };
            pair(opc, true, load, size.bytes().max(4), v(rt), v(rt2), mem)
        }
        I::Br(rn) => 0xd61f_0000 | r(rn) << 5,
        I::Blr(rn) => 0xd63f_0000 | r(rn) << 5,
        I::Ret => 0xd65f_03c0,
        I::Brk(imm) => 0xd420_0000 | u32::from(imm) << 5,
        I::Udf(imm) => u32::from(imm),
        I::Nop => 0xd503_201f,
        I::Dmb { loads_only } => {
            if loads_only {
                0xd503_39bf
            } else {
                0xd503_3bbf
            }
        }
        I::Ldxr { acquire, bytes, rt, rn } => {
            0x085f_7c00 | size_bits(bytes) | u32::from(acquire) << 15 | r(rn) << 5 | r(rt)
        }
        I::Stxr { release, bytes, rs, rt, rn } => {
            0x0800_7c00
                | size_bits(bytes)
                | r(rs) << 16
                | u32::from(release) << 15
                | r(rn) << 5
                | r(rt)
        }
        I::Clrex => 0xd503_3f5f,
        I::FBin { op, size, rd, rn, rm } => {
            let opcode = match op {
                FBin::Fmul => 0,
                FBin::Fdiv => 1,
                FBin::Fadd => 2,
                FBin::Fsub => 3,
                FBin::Fmax => 4,
                FBin::Fmin => 5,
                FBin::Fmaxnm => 6,
                FBin::Fminnm => 7,
            };
            0x1e20_0800 | ftype(size) << 22 | v(rm) << 16 | opcode << 12 | v(rn) << 5 | v(rd)
        }
        I::FUn { op, size, rd, rn } => {
            let opcode = match op {
                FUn::Fmov => 0,
                FUn::Fabs => 1,
                FUn::Fneg => 2,
                FUn::Fsqrt => 3,
                FUn::Frintn => 8,
                FUn::Frintp => 9,
                FUn::Frintm => 10,
                FUn::Frintz => 11,
                FUn::Frinta => 12,
                FUn::Frintx => 14,
                FUn::Frinti => 15,
            };
            0x1e20_4000 | ftype(size) << 22 | opcode << 15 | v(rn) << 5 | v(rd)
        }
        I::FMa { op, size, rd, rn, rm, ra } => {
            let (o1, o0) = match op {
                FMa::Fmadd => (0, 0),
                FMa::Fmsub => (0, 1),
                FMa::Fnmadd => (1, 0),
                FMa::Fnmsub => (1, 1),
            };
            0x1f00_0000
                | ftype(size) << 22
                | o1 << 21
                | v(rm) << 16
                | o0 << 15
                | v(ra) << 10
                | v(rn) << 5
                | v(rd)
        }
        I::FCmp { size, rn, rm } => {
            let (m, zero) = match rm {
                Some(m) => (v(m), 0),
                None => (0, 8),
            };
            0x1e20_2000 | ftype(size) << 22 | m << 16 | v(rn) << 5 | zero
        }
        I::FCsel { size, rd, rn, rm, cond } => {
            0x1e20_0c00 | ftype(size) << 22 | v(rm) << 16 | (cond as u32) << 12 | v(rn) << 5 | v(rd)
        }
        I::FCvt { to, from, rd, rn } => {
            0x1e22_4000 | ftype(from) << 22 | (ftype(to) & 3) << 15 | v(rn) << 5 | v(rd)
        }
        I::IntToF { signed, sf, size, rd, rn } => {
            let base = if signed { 0x1e22_0000 } else { 0x1e23_0000 };
            base | sf_bit(sf) | ftype(size) << 22 | r(rn) << 5 | v(rd)
        }
        I::FToInt { signed, sf, size, rd, rn } => {
            let base = if signed { 0x1e38_0000 } else { 0x1e39_0000 };
            base | sf_bit(sf) | ftype(size) << 22 | v(rn) << 5 | r(rd)
        }
        I::FMovFromGpr { size, rd, rn } => {
            0x1e27_0000 | sf_bit(size == FSize::D) | ftype(size) << 22 | r(rn) << 5 | v(rd)
        }
        I::FMovToGpr { size, rd, rn } => {
            0x1e26_0000 | sf_bit(size == FSize::D) | ftype(size) << 22 | v(rn) << 5 | r(rd)
        }
        I::Ins { size, rd, dl, rn, sl } => {
            // imm5: the lane size's marker bit with the destination lane above it; imm4: the
            // source lane shifted alike.
            let k = match size {
                FSize::H => 1,
                FSize::S => 2,
                FSize::D | FSize::Q => 3,
            };
            let lanes = (16 >> k) - 1;
            let imm5 = (1 << k | (u32::from(dl) & lanes) << (k + 1)) & 31;
            let imm4 = ((u32::from(sl) & lanes) << k) & 15;
            0x6e00_0400 | imm5 << 16 | imm4 << 11 | v(rn) << 5 | v(rd)
        }
        I::Cnt { rd, rn } => 0x0e20_5800 | v(rn) << 5 | v(rd),
        I::Addv { rd, rn } => 0x0e31_b800 | v(rn) << 5 | v(rd),
        I::Adr { .. }
        | I::AddrSym { .. }
        | I::AddrGot { .. }
        | I::B(_)
        | I::BCond(..)
        | I::Cbz { .. }
        | I::Tbz { .. }
        | I::Bl(_)
        | I::BSym(_) => return None,
    };
    Some(w)
}

/// The `size` field (bits 31:30) of an exclusive access of `bytes` bytes.
fn size_bits(bytes: u8) -> u32 {
    match bytes {
        1 => 0,
        2 => 1 << 30,
        4 => 2 << 30,
        _ => 3 << 30,
    }
}

/// Appends the encoding of `i` to `b`.
pub fn encode(i: &Inst, b: &mut Buffer) {
    use Inst as I;
    if let Some(w) = word(i) {
        b.put4(w);
        return;
    }
    match *i {
        I::Adr { rd, label } => b.adr21(0x1000_0000 | r(rd), label),
        I::AddrSym { rd, sym, addend } => {
            b.reloc_word(0x9000_0000 | r(rd), RelocKind::AdrPage21, sym, addend);
            b.reloc_word(0x9100_0000 | r(rd) << 5 | r(rd), RelocKind::AddLo12, sym, addend);
        }
        I::AddrGot { rd, sym } => {
            b.reloc_word(0x9000_0000 | r(rd), RelocKind::GotPage21, sym, 0);
            b.reloc_word(0xf940_0000 | r(rd) << 5 | r(rd), RelocKind::GotLo12, sym, 0);
        }
        I::B(l) => b.branch26(0x1400_0000, l),
        I::BCond(c, l) => b.branch19(0x5400_0000 | c as u32, l),
        I::Cbz { nz, sf, rt, label } => {
            b.branch19(0x3400_0000 | sf_bit(sf) | u32::from(nz) << 24 | r(rt), label)
        }
        I::Tbz { nz, rt, bit, label } => {
            let bit = u32::from(bit) & 63;
            let w = 0x3600_0000 | (bit >> 5) << 31 | u32::from(nz) << 24 | (bit & 31) << 19;
            b.branch14(w | r(rt), label)
        }
        I::Bl(sym) => b.reloc_word(0x9400_0000, RelocKind::Call26, sym, 0),
        I::BSym(sym) => b.reloc_word(0x1400_0000, RelocKind::Jump26, sym, 0),
        // The others have a word.
        _ => b.put4(INVALID),
    }
}
