//! The x86-64 encoder: each [`Inst`] form to its bytes (legacy prefix, REX, opcode, ModRM,
//! SIB, displacement, immediate), written into a [`Buffer`].

use super::inst::{Inst, Load, Mem};
use super::regs::Gpr;
use crate::buffer::Buffer;
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

/// Emits `[prefix] [REX] opcode ModRM [SIB] [disp]`: `w` is REX.W, `byte_regs` forces a REX
/// when an 8-bit operand is `spl`/`bpl`/`sil`/`dil`.
#[inline]
fn op(b: &mut Buffer, prefix: Option<u8>, w: bool, opcode: &[u8], reg: R, rm: Rm, byte_regs: bool) {
    if let Some(p) = prefix {
        b.put1(p);
    }
    let (x, bb) = match rm {
        Rm::Reg(g) => (false, g.ext()),
        Rm::Mem(m) => (m.index.is_some_and(|(i, _)| i.ext()), m.base.ext()),
        Rm::Rip => (false, false),
    };
    let r = reg.0 & 8 != 0;
    let force =
        byte_regs && ((4..8).contains(&reg.0) || matches!(rm, Rm::Reg(g) if (4..8).contains(&g.0)));
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

/// Encodes one instruction.
pub fn encode(i: &Inst, b: &mut Buffer) {
    use Inst as I;
    match *i {
        I::AluRR { op: o, w, dst, src } => {
            op(b, None, w, &[(o as u8) << 3 | 1], src.into(), Rm::Reg(dst), false)
        }
        I::AluRI { op: o, w, dst, imm } => {
            if let Ok(i8v) = i8::try_from(imm) {
                op(b, None, w, &[0x83], R(o as u8), Rm::Reg(dst), false);
                b.put1(i8v as u8);
            } else {
                op(b, None, w, &[0x81], R(o as u8), Rm::Reg(dst), false);
                b.put4(imm as u32);
            }
        }
        I::AluRM { op: o, w, dst, mem } => {
            op(b, None, w, &[(o as u8) << 3 | 3], dst.into(), Rm::Mem(mem), false)
        }
        I::Test { w, a, b: r } => op(b, None, w, &[0x85], r.into(), Rm::Reg(a), false),
        I::MovRR { w, dst, src } => op(b, None, w, &[0x89], src.into(), Rm::Reg(dst), false),
        I::MovRI32 { dst, imm } => {
            if dst.ext() {
                b.put1(0x41);
            }
            b.put1(0xB8 + dst.low());
            b.put4(imm);
        }
        I::MovRI64s { dst, imm } => {
            op(b, None, true, &[0xC7], R(0), Rm::Reg(dst), false);
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
            op(b, None, w, opc, dst.into(), Rm::Mem(mem), false)
        }
        I::Store { bytes, mem, src } => match bytes {
            1 => op(b, None, false, &[0x88], src.into(), Rm::Mem(mem), true),
            2 => op(b, Some(0x66), false, &[0x89], src.into(), Rm::Mem(mem), false),
            4 => op(b, None, false, &[0x89], src.into(), Rm::Mem(mem), false),
            _ => op(b, None, true, &[0x89], src.into(), Rm::Mem(mem), false),
        },
        I::Lea { dst, mem } => op(b, None, true, &[0x8D], dst.into(), Rm::Mem(mem), false),
        I::LeaSym { dst, sym, addend } => {
            op(b, None, true, &[0x8D], dst.into(), Rm::Rip, false);
            b.reloc32(RelocKind::Pc32, sym, addend - 4);
        }
        I::LeaLabel { dst, label } => {
            op(b, None, true, &[0x8D], dst.into(), Rm::Rip, false);
            b.rel32(label);
        }
        I::MovGot { dst, sym } => {
            op(b, None, true, &[0x8B], dst.into(), Rm::Rip, false);
            b.reloc32(RelocKind::GotPcRel, sym, -4);
        }
        I::Imul { w, dst, src } => op(b, None, w, &[0x0F, 0xAF], dst.into(), Rm::Reg(src), false),
        I::Div { signed, w, src } => {
            op(b, None, w, &[0xF7], R(if signed { 7 } else { 6 }), Rm::Reg(src), false)
        }
        I::SignAx { w } => {
            if w {
                b.put1(0x48);
            }
            b.put1(0x99);
        }
        I::ShiftCl { op: s, w, dst } => op(b, None, w, &[0xD3], R(s as u8), Rm::Reg(dst), false),
        // By one: the short `D1 /digit` form, as LLVM encodes it.
        I::ShiftI { op: s, w, dst, imm: 1 } => {
            op(b, None, w, &[0xD1], R(s as u8), Rm::Reg(dst), false)
        }
        I::ShiftI { op: s, w, dst, imm } => {
            op(b, None, w, &[0xC1], R(s as u8), Rm::Reg(dst), false);
            b.put1(imm);
        }
        I::Neg { w, dst } => op(b, None, w, &[0xF7], R(3), Rm::Reg(dst), false),
        I::Not { w, dst } => op(b, None, w, &[0xF7], R(2), Rm::Reg(dst), false),
        I::Setcc { cc, dst } => {
            op(b, None, false, &[0x0F, 0x90 | cc as u8], R(0), Rm::Reg(dst), true)
        }
        I::Movzx8 { dst, src } => op(b, None, false, &[0x0F, 0xB6], dst.into(), Rm::Reg(src), true),
        I::Movzx16 { dst, src } => {
            op(b, None, false, &[0x0F, 0xB7], dst.into(), Rm::Reg(src), false)
        }
        I::Movsx { from, dst, src } => {
            let opc: &[u8] = match from {
                1 => &[0x0F, 0xBE],
                2 => &[0x0F, 0xBF],
                _ => &[0x63],
            };
            op(b, None, true, opc, dst.into(), Rm::Reg(src), from == 1)
        }
        I::Cmov { cc, w, dst, src } => {
            op(b, None, w, &[0x0F, 0x40 | cc as u8], dst.into(), Rm::Reg(src), false)
        }
        I::Bsr { w, dst, src } => op(b, None, w, &[0x0F, 0xBD], dst.into(), Rm::Reg(src), false),
        I::Bsf { w, dst, src } => op(b, None, w, &[0x0F, 0xBC], dst.into(), Rm::Reg(src), false),
        I::Popcnt { w, dst, src } => {
            op(b, Some(0xF3), w, &[0x0F, 0xB8], dst.into(), Rm::Reg(src), false)
        }
        I::Jmp(l) => {
            b.put1(0xE9);
            b.rel32(l);
        }
        I::Jcc(cc, l) => {
            b.put1(0x0F);
            b.put1(0x80 | cc as u8);
            b.rel32(l);
        }
        I::JmpR(r) => op(b, None, false, &[0xFF], R(4), Rm::Reg(r), false),
        I::Call(sym) => {
            b.put1(0xE8);
            b.reloc32(RelocKind::Plt32, sym, -4);
        }
        I::TailJmp(sym) => {
            b.put1(0xE9);
            b.reloc32(RelocKind::Plt32, sym, -4);
        }
        I::CallR(r) => op(b, None, false, &[0xFF], R(2), Rm::Reg(r), false),
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
            false,
        ),
        I::FStore { d, mem, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            false,
            &[0x0F, 0x11],
            R(src.0),
            Rm::Mem(mem),
            false,
        ),
        I::FMov { dst, src } => {
            op(b, None, false, &[0x0F, 0x28], R(dst.0), Rm::Reg(src.enc()), false)
        }
        I::ToXmm { w, dst, src } => {
            op(b, Some(0x66), w, &[0x0F, 0x6E], R(dst.0), Rm::Reg(src), false)
        }
        I::FromXmm { w, dst, src } => {
            op(b, Some(0x66), w, &[0x0F, 0x7E], R(src.0), Rm::Reg(dst), false)
        }
        I::Sse { op: o, d, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            false,
            &[0x0F, o as u8],
            R(dst.0),
            Rm::Reg(src.enc()),
            false,
        ),
        I::Logic { op: o, dst, src } => {
            op(b, None, false, &[0x0F, o as u8], R(dst.0), Rm::Reg(src.enc()), false)
        }
        I::Ucomi { d, a, b: r } => op(
            b,
            if d { Some(0x66) } else { None },
            false,
            &[0x0F, 0x2E],
            R(a.0),
            Rm::Reg(r.enc()),
            false,
        ),
        I::CvtF { to_d, dst, src } => op(
            b,
            Some(if to_d { 0xF3 } else { 0xF2 }),
            false,
            &[0x0F, 0x5A],
            R(dst.0),
            Rm::Reg(src.enc()),
            false,
        ),
        I::CvtI2F { d, w, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            w,
            &[0x0F, 0x2A],
            R(dst.0),
            Rm::Reg(src),
            false,
        ),
        I::CvtF2I { d, w, dst, src } => op(
            b,
            Some(if d { 0xF2 } else { 0xF3 }),
            w,
            &[0x0F, 0x2C],
            dst.into(),
            Rm::Reg(src.enc()),
            false,
        ),
        I::Round { d, mode, dst, src } => {
            op(
                b,
                Some(0x66),
                false,
                &[0x0F, 0x3A, if d { 0x0B } else { 0x0A }],
                R(dst.0),
                Rm::Reg(src.enc()),
                false,
            );
            b.put1(mode);
        }
    }
}
