//! The x86-64 encoder: each [`Inst`] form to its bytes (legacy prefix, REX, opcode, ModRM,
//! SIB, displacement, immediate), written into a [`Buffer`].

use super::inst::{Inst, Load, Mem};
use super::regs::Gpr;
use crate::buffer::{Buffer, Label};
use crate::RelocKind;

/// The `reg` field of ModRM: a register or an opcode extension (`/digit`).
#[derive(Copy, Clone)]
struct R(u8);

impl From<Gpr> for R {
    fn from(g: Gpr) -> R {
        R(g.0)
    }
}

/// The `r/m` operand of an instruction.
#[derive(Copy, Clone)]
enum Rm {
    Reg(Gpr),
    Mem(Mem),
    /// `[rip + disp32]`, the field relocated or fixed up by the caller.
    Rip,
}

/// Which operand, if any, is an 8-bit register (`spl`/`bpl`/`sil`/`dil` need a REX prefix,
/// without one their codes mean `ah`/`ch`/`dh`/`bh`).
#[derive(Copy, Clone, PartialEq)]
enum Byte {
    No,
    /// The `reg` field (a byte store's source).
    Reg,
    /// The `r/m` register (`setcc`, `movzx`/`movsx` from a byte register).
    Rm,
}

/// `rsp` cannot be an index (its SIB code means "no index"): `[b + rsp]` is `[rsp + b]`
/// (the printer shows the operand so too).
pub(super) fn fix_index(m: Mem) -> Mem {
    match m.index {
        Some((i, 1)) if i == Gpr::RSP && m.base != Gpr::RSP => {
            Mem { base: i, index: Some((m.base, 1)), disp: m.disp }
        }
        Some((i, _)) => {
            debug_assert!(i != Gpr::RSP, "rsp as a scaled index cannot be encoded: {m:?}");
            m
        }
        None => m,
    }
}

/// Emits `[prefix] [REX] opcode ModRM [SIB] [disp]`: `w` is REX.W, `byte` forces a REX when
/// that 8-bit operand is `spl`/`bpl`/`sil`/`dil`.
#[inline]
fn op(b: &mut Buffer, prefix: Option<u8>, w: bool, opcode: &[u8], reg: R, rm: Rm, byte: Byte) {
    if let Some(p) = prefix {
        b.put1(p);
    }
    let rm = match rm {
        Rm::Mem(m) => Rm::Mem(fix_index(m)),
        rm => rm,
    };
    let (x, bb) = match rm {
        Rm::Reg(g) => (false, g.ext()),
        Rm::Mem(m) => (m.index.is_some_and(|(i, _)| i.ext()), m.base.ext()),
        Rm::Rip => (false, false),
    };
    let r = reg.0 & 8 != 0;
    let force = match byte {
        Byte::No => false,
        Byte::Reg => (4..8).contains(&reg.0),
        Byte::Rm => matches!(rm, Rm::Reg(g) if (4..8).contains(&g.0)),
    };
    if w || r || x || bb || force {
        b.put1(0x40 | (w as u8) << 3 | (r as u8) << 2 | (x as u8) << 1 | bb as u8);
    }
    for &o in opcode {
        b.put1(o);
    }
    let reg = (reg.0 & 7) << 3;
    match rm {
        Rm::Reg(g) => b.put1(0xC0 | reg | g.low()),
        Rm::Rip => b.put1(reg | 5),
        Rm::Mem(m) => {
            let base = m.base.low();
            // [rbp]/[r13] have no disp-less form.
            let md = if m.disp == 0 && base != 5 {
                0
            } else if i8::try_from(m.disp).is_ok() {
                1
            } else {
                2
            };
            match m.index {
                Some((i, scale)) => {
                    b.put1(md << 6 | reg | 4);
                    let s = match scale {
                        2 => 1,
                        4 => 2,
                        8 => 3,
                        _ => 0,
                    };
                    b.put1(s << 6 | i.low() << 3 | base);
                }
                None if base == 4 => {
                    b.put1(md << 6 | reg | 4);
                    b.put1(0x24);
                }
                None => b.put1(md << 6 | reg | base),
            }
            match md {
                1 => b.put1(m.disp as u8),
                2 => b.put4(m.disp as u32),
                _ => {}
            }
        }
    }
}

/// The 8-bit displacement of a two-byte jump to `l`, when `l` is already bound (a backward
/// jump) and near enough.
fn short(b: &Buffer, l: Label) -> Option<u8> {
    let t = b.bound(l)? as i64;
    i8::try_from(t - (b.pos() as i64 + 2)).ok().map(|d| d as u8)
}

/// Encodes one instruction.
pub fn encode(i: &Inst, b: &mut Buffer) {
    use Inst as I;
    match *i {
        I::AluRR { op: o, w, dst, src } => {
            op(b, None, w, &[(o as u8) << 3 | 1], src.into(), Rm::Reg(dst), Byte::No)
        }
        I::AluRI { op: o, w, dst, imm } => {
            if let Ok(i8v) = i8::try_from(imm) {
                op(b, None, w, &[0x83], R(o as u8), Rm::Reg(dst), Byte::No);
                b.put1(i8v as u8);
            } else if dst == Gpr::RAX {
                // The short accumulator form `op eax, imm32`, as LLVM encodes it.
                if w {
                    b.put1(0x48);
                }
                b.put1((o as u8) << 3 | 5);
                b.put4(imm as u32);
            } else {
                op(b, None, w, &[0x81], R(o as u8), Rm::Reg(dst), Byte::No);
                b.put4(imm as u32);
            }
        }
        I::AluRM { op: o, w, dst, mem } => {
            op(b, None, w, &[(o as u8) << 3 | 3], dst.into(), Rm::Mem(mem), Byte::No)
        }
        I::Test { w, a, b: r } => op(b, None, w, &[0x85], r.into(), Rm::Reg(a), Byte::No),
        I::MovRR { w, dst, src } => op(b, None, w, &[0x89], src.into(), Rm::Reg(dst), Byte::No),
        I::MovRI32 { dst, imm } => {
            if dst.ext() {
                b.put1(0x41);
            }
            b.put1(0xB8 + dst.low());
            b.put4(imm);
        }
        I::MovRI64s { dst, imm } => {
            op(b, None, true, &[0xC7], R(0), Rm::Reg(dst), Byte::No);
            b.put4(imm as u32);
        }
        I::MovAbs { dst, imm } => {
            b.put1(0x48 | dst.ext() as u8);
            b.put1(0xB8 + dst.low());
            b.put8(imm);
        }
        I::Load { kind, dst, mem } => {
            let (w, opc): (bool, &[u8]) = match kind {
                Load::Zx8 => (false, &[0x0F, 0xB6]),
                Load::Sx8 => (true, &[0x0F, 0xBE]),
                Load::Zx16 => (false, &[0x0F, 0xB7]),
                Load::Sx16 => (true, &[0x0F, 0xBF]),
                Load::L32 => (false, &[0x8B]),
                Load::Sx32 => (true, &[0x63]),
                Load::L64 => (true, &[0x8B]),
            };
            op(b, None, w, opc, dst.into(), Rm::Mem(mem), Byte::No)
        }
        I::Store { bytes, mem, src } => match bytes {
            1 => op(b, None, false, &[0x88], src.into(), Rm::Mem(mem), Byte::Reg),
            2 => op(b, Some(0x66), false, &[0x89], src.into(), Rm::Mem(mem), Byte::No),
            4 => op(b, None, false, &[0x89], src.into(), Rm::Mem(mem), Byte::No),
            _ => op(b, None, true, &[0x89], src.into(), Rm::Mem(mem), Byte::No),
        },
        I::Lea { dst, mem } => op(b, None, true, &[0x8D], dst.into(), Rm::Mem(mem), Byte::No),
        I::LeaSym { dst, sym, addend } => {
            op(b, None, true, &[0x8D], dst.into(), Rm::Rip, Byte::No);
            b.reloc32(RelocKind::Pc32, sym, addend - 4);
        }
        I::AluSym { op: o, sym, imm } => {
            // The displacement is relative to the end of the instruction, after the immediate.
            if let Ok(i8v) = i8::try_from(imm) {
                op(b, None, true, &[0x83], R(o as u8), Rm::Rip, Byte::No);
                b.reloc32(RelocKind::Pc32, sym, -5);
                b.put1(i8v as u8);
            } else {
                op(b, None, true, &[0x81], R(o as u8), Rm::Rip, Byte::No);
                b.reloc32(RelocKind::Pc32, sym, -8);
                b.put4(imm as u32);
            }
        }
        I::LeaLabel { dst, label } => {
            op(b, None, true, &[0x8D], dst.into(), Rm::Rip, Byte::No);
            b.rel32(label);
        }
        I::MovGot { dst, sym } => {
            op(b, None, true, &[0x8B], dst.into(), Rm::Rip, Byte::No);
            b.reloc32(RelocKind::GotPcRel, sym, -4);
        }
        I::Imul { w, dst, src } => {
            op(b, None, w, &[0x0F, 0xAF], dst.into(), Rm::Reg(src), Byte::No)
        }
        I::Div { signed, w, src } => {
            op(b, None, w, &[0xF7], R(if signed { 7 } else { 6 }), Rm::Reg(src), Byte::No)
        }
        I::SignAx { w } => {
            if w {
                b.put1(0x48);
            }
            b.put1(0x99);
        }
        I::ShiftCl { op: s, w, dst } => op(b, None, w, &[0xD3], R(s as u8), Rm::Reg(dst), Byte::No),
        // By one: the short `D1 /digit` form, as LLVM encodes it.
        I::ShiftI { op: s, w, dst, imm: 1 } => {
            op(b, None, w, &[0xD1], R(s as u8), Rm::Reg(dst), Byte::No)
        }
        I::ShiftI { op: s, w, dst, imm } => {
            op(b, None, w, &[0xC1], R(s as u8), Rm::Reg(dst), Byte::No);
            b.put1(imm);
        }
        I::Neg { w, dst } => op(b, None, w, &[0xF7], R(3), Rm::Reg(dst), Byte::No),
        I::Not { w, dst } => op(b, None, w, &[0xF7], R(2), Rm::Reg(dst), Byte::No),
        I::Setcc { cc, dst } => {
            op(b, None, false, &[0x0F, 0x90 | cc as u8], R(0), Rm::Reg(dst), Byte::Rm)
        }
        I::Movzx8 { dst, src } => {
            op(b, None, false, &[0x0F, 0xB6], dst.into(), Rm::Reg(src), Byte::Rm)
        }
        I::Movzx16 { dst, src } => {
            op(b, None, false, &[0x0F, 0xB7], dst.into(), Rm::Reg(src), Byte::No)
        }
        I::Movsx { from, dst, src } => {
            let opc: &[u8] = match from {
                1 => &[0x0F, 0xBE],
                2 => &[0x0F, 0xBF],
                _ => &[0x63],
            };
            let byte = if from == 1 { Byte::Rm } else { Byte::No };
            op(b, None, true, opc, dst.into(), Rm::Reg(src), byte)
        }
        I::Cmov { cc, w, dst, src } => {
            op(b, None, w, &[0x0F, 0x40 | cc as u8], dst.into(), Rm::Reg(src), Byte::No)
        }
        I::Bsr { w, dst, src } => op(b, None, w, &[0x0F, 0xBD], dst.into(), Rm::Reg(src), Byte::No),
        I::Bsf { w, dst, src } => op(b, None, w, &[0x0F, 0xBC], dst.into(), Rm::Reg(src), Byte::No),
        I::Popcnt { w, dst, src } => {
            op(b, Some(0xF3), w, &[0x0F, 0xB8], dst.into(), Rm::Reg(src), Byte::No)
        }
        I::Jmp(l) => match short(b, l) {
            Some(d) => {
                b.put1(0xEB);
                b.put1(d);
            }
            None => {
                b.put1(0xE9);
                b.rel32(l);
            }
        },
        I::Jcc(cc, l) => match short(b, l) {
            Some(d) => {
                b.put1(0x70 | cc as u8);
                b.put1(d);
            }
            None => {
                b.put1(0x0F);
                b.put1(0x80 | cc as u8);
                b.rel32(l);
            }
        },
        I::JmpR(r) => op(b, None, false, &[0xFF], R(4), Rm::Reg(r), Byte::No),
        I::Call(sym) => {
            b.put1(0xE8);
            b.reloc32(RelocKind::Plt32, sym, -4);
        }
        I::TailJmp(sym) => {
            b.put1(0xE9);
            b.reloc32(RelocKind::Plt32, sym, -4);
        }
        I::CallR(r) => op(b, None, false, &[0xFF], R(2), Rm::Reg(r), Byte::No),
        I::Ret => b.put1(0xC3),
        I::Push(r) => {
            if r.ext() {
                b.put1(0x41);
            }
            b.put1(0x50 + r.low());
        }
        I::Pop(r) => {
            if r.ext() {
                b.put1(0x41);
            }
            b.put1(0x58 + r.low());
        }
        I::Ud2 => {
            b.put1(0x0F);
            b.put1(0x0B);
        }
        I::FLoad { d, dst, mem } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            false,
            &[0x0F, 0x10],
            R(dst.0),
            Rm::Mem(mem),
            Byte::No,
        ),
        I::FStore { d, mem, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            false,
            &[0x0F, 0x11],
            R(src.0),
            Rm::Mem(mem),
            Byte::No,
        ),
        I::FMov { dst, src } => {
            op(b, None, false, &[0x0F, 0x28], R(dst.0), Rm::Reg(src.enc()), Byte::No)
        }
        I::ToXmm { w, dst, src } => {
            op(b, Some(0x66), w, &[0x0F, 0x6E], R(dst.0), Rm::Reg(src), Byte::No)
        }
        I::FromXmm { w, dst, src } => {
            op(b, Some(0x66), w, &[0x0F, 0x7E], R(src.0), Rm::Reg(dst), Byte::No)
        }
        I::Sse { op: o, d, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            false,
            &[0x0F, o as u8],
            R(dst.0),
            Rm::Reg(src.enc()),
            Byte::No,
        ),
        I::Logic { op: o, dst, src } => {
            op(b, None, false, &[0x0F, o as u8], R(dst.0), Rm::Reg(src.enc()), Byte::No)
        }
        I::Ucomi { d, a, b: r } => op(
            b,
            if d { Some(0x66) } else { None },
            false,
            &[0x0F, 0x2E],
            R(a.0),
            Rm::Reg(r.enc()),
            Byte::No,
        ),
        I::CvtF { to_d, dst, src } => op(
            b,
            Some(if to_d { 0xF3 } else { 0xF2 }),
            false,
            &[0x0F, 0x5A],
            R(dst.0),
            Rm::Reg(src.enc()),
            Byte::No,
        ),
        I::CvtI2F { d, w, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            w,
            &[0x0F, 0x2A],
            R(dst.0),
            Rm::Reg(src),
            Byte::No,
        ),
        I::CvtF2I { d, w, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            w,
            &[0x0F, 0x2C],
            dst.into(),
            Rm::Reg(src.enc()),
            Byte::No,
        ),
        I::Round { d, mode, dst, src } => {
            op(
                b,
                Some(0x66),
                false,
                &[0x0F, 0x3A, if d { 0x0B } else { 0x0A }],
                R(dst.0),
                Rm::Reg(src.enc()),
                Byte::No,
            );
            b.put1(mode);
        }
        I::X87 { pop, d, mem } => op(
            b,
            None,
            false,
            &[if d { 0xDD } else { 0xD9 }],
            R(if pop { 3 } else { 0 }),
            Rm::Mem(mem),
            Byte::No,
        ),
    }
}
