//! The x86-64 printer: each [`Inst`] in Intel syntax, as `llvm-mc -output-asm-variant=1`
//! prints it (for the listing and the encoder's tests).

use super::inst::{Alu, Cc, Inst, Load, Logic, Mem, Shift, Sse};
use super::regs::Gpr;
use std::fmt::Write as _;

pub use crate::Names;

fn cc(c: Cc) -> &'static str {
    ["o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"]
        [c as usize]
}

fn alu(o: Alu) -> &'static str {
    ["add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"][o as usize]
}

fn shift(s: Shift) -> &'static str {
    match s {
        Shift::Rol => "rol",
        Shift::Ror => "ror",
        Shift::Shl => "shl",
        Shift::Shr => "shr",
        Shift::Sar => "sar",
    }
}

fn sse(o: Sse) -> &'static str {
    match o {
        Sse::Sqrt => "sqrt",
        Sse::Add => "add",
        Sse::Mul => "mul",
        Sse::Sub => "sub",
        Sse::Min => "min",
        Sse::Div => "div",
        Sse::Max => "max",
    }
}

fn g(r: Gpr, w: bool) -> &'static str {
    r.name(if w { 8 } else { 4 })
}

/// `[base + index*scale + disp]`.
pub fn mem(m: Mem) -> String {
    let m = super::encode::fix_index(m);
    let mut s = format!("[{}", m.base.name(8));
    match m.index {
        // LLVM leaves out a scale of 1.
        Some((i, 1)) => {
            let _ = write!(s, " + {}", i.name(8));
        }
        Some((i, sc)) => {
            let _ = write!(s, " + {sc}*{}", i.name(8));
        }
        None => {}
    }
    match m.disp {
        0 => {}
        d if d < 0 => {
            let _ = write!(s, " - {}", (d as i64).unsigned_abs());
        }
        d => {
            let _ = write!(s, " + {d}");
        }
    }
    s.push(']');
    s
}

fn ptr(bytes: u8) -> &'static str {
    match bytes {
        1 => "byte ptr ",
        2 => "word ptr ",
        4 => "dword ptr ",
        _ => "qword ptr ",
    }
}

fn sd(d: bool) -> &'static str {
    if d {
        "sd"
    } else {
        "ss"
    }
}

/// The text of one instruction; jump targets are function offsets in hex.
pub fn print(i: &Inst, names: &dyn Names) -> String {
    use Inst as I;
    let target = |l| match names.label(l) {
        Some(o) => format!("0x{o:x}"),
        None => "?".to_string(),
    };
    match *i {
        I::AluRR { op, w, dst, src } => format!("{} {}, {}", alu(op), g(dst, w), g(src, w)),
        // LLVM shows a 32-bit operation's full 32-bit immediate unsigned, an imm8 signed.
        I::AluRI { op, w: false, dst, imm } if i8::try_from(imm).is_err() => {
            format!("{} {}, {}", alu(op), g(dst, false), imm as u32)
        }
        I::AluRI { op, w, dst, imm } => format!("{} {}, {imm}", alu(op), g(dst, w)),
        I::AluRM { op, w, dst, mem: m } => {
            format!("{} {}, {}{}", alu(op), g(dst, w), ptr(if w { 8 } else { 4 }), mem(m))
        }
        I::Test { w, a, b } => format!("test {}, {}", g(a, w), g(b, w)),
        I::MovRR { w, dst, src } => format!("mov {}, {}", g(dst, w), g(src, w)),
        I::MovRI32 { dst, imm } => format!("mov {}, {imm}", g(dst, false)),
        I::MovRI64s { dst, imm } => format!("mov {}, {imm}", g(dst, true)),
        I::MovAbs { dst, imm } => format!("movabs {}, {}", g(dst, true), imm as i64),
        I::Load { kind, dst, mem: m } => {
            let (mn, w, bytes) = match kind {
                Load::Zx8 => ("movzx", false, 1),
                Load::Sx8 => ("movsx", true, 1),
                Load::Zx16 => ("movzx", false, 2),
                Load::Sx16 => ("movsx", true, 2),
                Load::L32 => ("mov", false, 4),
                Load::Sx32 => ("movsxd", true, 4),
                Load::L64 => ("mov", true, 8),
            };
            format!("{mn} {}, {}{}", g(dst, w), ptr(bytes), mem(m))
        }
        I::Store { bytes, mem: m, src } => {
            format!("mov {}{}, {}", ptr(bytes), mem(m), src.name(bytes))
        }
        I::Lea { dst, mem: m } => format!("lea {}, {}", g(dst, true), mem(m)),
        I::LeaSym { dst, sym, addend } => match addend {
            0 => format!("lea {}, [rip + {}]", g(dst, true), names.sym(sym)),
            a => format!("lea {}, [rip + {}{a:+}]", g(dst, true), names.sym(sym)),
        },
        I::AluSym { op, sym, imm } => {
            format!("{} qword ptr [rip + {}], {imm}", alu(op), names.sym(sym))
        }
        I::LeaLabel { dst, label } => format!("lea {}, [rip + {}]", g(dst, true), target(label)),
        I::MovGot { dst, sym } => {
            format!("mov {}, qword ptr [rip + {}@GOTPCREL]", g(dst, true), names.sym(sym))
        }
        I::Imul { w, dst, src } => format!("imul {}, {}", g(dst, w), g(src, w)),
        I::Div { signed, w, src } => {
            format!("{} {}", if signed { "idiv" } else { "div" }, g(src, w))
        }
        I::SignAx { w } => (if w { "cqo" } else { "cdq" }).to_string(),
        I::ShiftCl { op, w, dst } => format!("{} {}, cl", shift(op), g(dst, w)),
        I::ShiftI { op, w, dst, imm: 1 } => format!("{} {}", shift(op), g(dst, w)),
        I::ShiftI { op, w, dst, imm } => format!("{} {}, {imm}", shift(op), g(dst, w)),
        I::Neg { w, dst } => format!("neg {}", g(dst, w)),
        I::Not { w, dst } => format!("not {}", g(dst, w)),
        I::Setcc { cc: c, dst } => format!("set{} {}", cc(c), dst.name(1)),
        I::Movzx8 { dst, src } => format!("movzx {}, {}", g(dst, false), src.name(1)),
        I::Movzx16 { dst, src } => format!("movzx {}, {}", g(dst, false), src.name(2)),
        I::Movsx { from, dst, src } => {
            let mn = if from == 4 { "movsxd" } else { "movsx" };
            format!("{mn} {}, {}", g(dst, true), src.name(from))
        }
        I::Cmov { cc: c, w, dst, src } => format!("cmov{} {}, {}", cc(c), g(dst, w), g(src, w)),
        I::Bsr { w, dst, src } => format!("bsr {}, {}", g(dst, w), g(src, w)),
        I::Bsf { w, dst, src } => format!("bsf {}, {}", g(dst, w), g(src, w)),
        I::Popcnt { w, dst, src } => format!("popcnt {}, {}", g(dst, w), g(src, w)),
        I::Jmp(l) => format!("jmp {}", target(l)),
        I::Jcc(c, l) => format!("j{} {}", cc(c), target(l)),
        I::JmpR(r) => format!("jmp {}", g(r, true)),
        I::Call(s) => format!("call {}", names.sym(s)),
        I::TailJmp(s) => format!("jmp {}", names.sym(s)),
        I::CallR(r) => format!("call {}", g(r, true)),
        I::Ret => "ret".to_string(),
        I::Push(r) => format!("push {}", g(r, true)),
        I::Pop(r) => format!("pop {}", g(r, true)),
        I::Ud2 => "ud2".to_string(),
        I::FLoad { d, dst, mem: m } => {
            format!("mov{} {}, {}{}", sd(d), dst.name(), ptr(if d { 8 } else { 4 }), mem(m))
        }
        I::FStore { d, mem: m, src } => {
            format!("mov{} {}{}, {}", sd(d), ptr(if d { 8 } else { 4 }), mem(m), src.name())
        }
        I::FMov { dst, src } => format!("movaps {}, {}", dst.name(), src.name()),
        I::ToXmm { w, dst, src } => {
            format!("{} {}, {}", if w { "movq" } else { "movd" }, dst.name(), g(src, w))
        }
        I::FromXmm { w, dst, src } => {
            format!("{} {}, {}", if w { "movq" } else { "movd" }, g(dst, w), src.name())
        }
        I::Sse { op, d, dst, src } => {
            format!("{}{} {}, {}", sse(op), sd(d), dst.name(), src.name())
        }
        I::Logic { op, dst, src } => {
            let mn = match op {
                Logic::Unpckl => "unpcklps",
                Logic::And => "andps",
                Logic::Andn => "andnps",
                Logic::Or => "orps",
                Logic::Xor => "xorps",
            };
            format!("{mn} {}, {}", dst.name(), src.name())
        }
        I::Ucomi { d, a, b } => format!("ucomi{} {}, {}", sd(d), a.name(), b.name()),
        I::CvtF { to_d, dst, src } => {
            format!("{} {}, {}", if to_d { "cvtss2sd" } else { "cvtsd2ss" }, dst.name(), src.name())
        }
        I::CvtI2F { d, w, dst, src } => format!("cvtsi2{} {}, {}", sd(d), dst.name(), g(src, w)),
        I::CvtF2I { d, w, dst, src } => format!("cvtt{}2si {}, {}", sd(d), g(dst, w), src.name()),
        I::Round { d, mode, dst, src } => {
            format!("round{} {}, {}, {mode}", sd(d), dst.name(), src.name())
        }
        I::X87 { pop, d, mem: m } => {
            format!("{} {}{}", if pop { "fstp" } else { "fld" }, ptr(if d { 8 } else { 4 }), mem(m))
        }
    }
}
