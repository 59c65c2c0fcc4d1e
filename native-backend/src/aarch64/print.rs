//! The AArch64 printer: each [`Inst`] as `llvm-mc -triple=aarch64` prints it, with LLVM's
//! preferred aliases (for the listing and the encoder's tests).
//!
//! Branch targets are the label's offset in hex (`b.ne 0x1c`, as `llvm-objdump` shows them),
//! symbols their names (`bl puts`, `adrp x0, msg`). The two-word address forms print as two
//! lines joined by `\n` (the listing shows them as two rows).

use super::encode;
use super::imm;
use super::inst::{
    AddOp, BfOp, Cond, CselOp, Ext, FBin, FMa, FSize, FUn, Inst, LoadKind, LogicOp, Mem, MovOp,
    Shift, Unary,
};
use super::regs::{V, X};
use crate::buffer::Label;
pub use crate::Names;

/// A condition's name.
pub fn cond(c: Cond) -> &'static str {
    ["eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"]
        [c as usize]
}

fn shift(s: Shift) -> &'static str {
    ["lsl", "lsr", "asr", "ror"][s as usize]
}

fn ext(e: Ext) -> &'static str {
    ["uxtb", "uxth", "uxtw", "uxtx", "sxtb", "sxth", "sxtw", "sxtx"][e as usize]
}

/// `x`/`w` register `r`, register 31 the zero register.
fn g(r: X, sf: bool) -> String {
    X(r.0 & 31).name(sf, false)
}

/// `x`/`w` register `r`, register 31 the stack pointer.
fn gsp(r: X, sf: bool) -> String {
    X(r.0 & 31).name(sf, true)
}

/// Float register `r` in the view of `s`.
fn f(r: V, s: FSize) -> String {
    V(r.0 & 31).name(s.bytes() as u8)
}

/// `, shift #amount` unless it is `lsl #0`.
fn shifted(s: Shift, amount: u8, sf: bool) -> String {
    let a = amount & if sf { 63 } else { 31 };
    if s == Shift::Lsl && a == 0 {
        String::new()
    } else {
        format!(", {} #{a}", shift(s))
    }
}

/// The value of `imm16 << 16*hw` in a `sf`-sized register.
fn movz_value(imm16: u16, hw: u8, sf: bool) -> u64 {
    let hw = hw & if sf { 3 } else { 1 };
    u64::from(imm16) << (16 * u32::from(hw))
}

/// True when a single `movz` of the register size makes `v`.
fn any_movz(v: u64, sf: bool) -> bool {
    let v = if sf { v } else { v & 0xffff_ffff };
    (0..if sf { 4 } else { 2 }).any(|hw| v & !(0xffff << (16 * hw)) == 0)
}

/// `v` as a signed immediate of the register size (LLVM's `mov` aliases).
fn signed(v: u64, sf: bool) -> i64 {
    if sf {
        v as i64
    } else {
        i64::from(v as u32 as i32)
    }
}

/// A memory operand's text (`[base, #off]`, `[base, #off]!`, `[base], #off`, `[base, index,
/// lsl #n]`) for an access of `size_log2`; offsets are printed as given (the encoder's
/// choice between the scaled and unscaled forms is the mnemonic's, see [`unscaled`]).
fn mem(m: Mem, size_log2: u32) -> String {
    match m {
        Mem::Off { base, off: 0 } => format!("[{}]", gsp(base, true)),
        Mem::Off { base, off } => format!("[{}, #{off}]", gsp(base, true)),
        Mem::Pre { base, off } => format!("[{}, #{}]!", gsp(base, true), sext9(off)),
        Mem::Post { base, off } => format!("[{}], #{}", gsp(base, true), sext9(off)),
        Mem::Reg { base, index, scaled } => {
            let s = if scaled { format!(", lsl #{size_log2}") } else { String::new() };
            format!("[{}, {}{s}]", gsp(base, true), g(index, true))
        }
    }
}

/// A 9-bit offset as the encoder stores it.
fn sext9(off: i32) -> i32 {
    (off << 23) >> 23
}

/// True when `[base, #off]` of `bytes` is encoded unscaled (`ldur`/`stur`).
fn unscaled(m: Mem, bytes: u32) -> bool {
    let b = bytes.max(1) as i32;
    matches!(m, Mem::Off { off, .. } if !(off >= 0 && off % b == 0 && off / b < 4096))
}

/// The memory operand of a load or store of `bytes`, its unscaled offset cut to 9 bits.
fn ldst_mem(m: Mem, bytes: u32) -> String {
    let m = match m {
        Mem::Off { base, off } if unscaled(m, bytes) => Mem::Off { base, off: sext9(off) },
        m => m,
    };
    mem(m, bytes.max(1).trailing_zeros())
}

/// A pair's memory operand (7-bit offsets scaled by `bytes`).
fn pair_mem(m: Mem, bytes: u32) -> String {
    let b = bytes.max(1) as i32;
    let cut = |off: i32| (((off / b) << 25) >> 25) * b;
    match m {
        Mem::Off { base, off } => mem(Mem::Off { base, off: cut(off) }, 0),
        Mem::Pre { base, off } => format!("[{}, #{}]!", gsp(base, true), cut(off)),
        Mem::Post { base, off } => format!("[{}], #{}", gsp(base, true), cut(off)),
        Mem::Reg { .. } => "?".to_string(),
    }
}

/// A symbol with its addend: `msg`, `msg+8`, `msg-8`.
fn sym_plus(names: &dyn Names, sym: crate::SymId, addend: i64) -> String {
    let n = names.sym(sym);
    match addend {
        0 => n,
        a if a < 0 => format!("{n}-{}", a.unsigned_abs()),
        a => format!("{n}+{a}"),
    }
}

fn fbin(o: FBin) -> &'static str {
    match o {
        FBin::Fmul => "fmul",
        FBin::Fdiv => "fdiv",
        FBin::Fadd => "fadd",
        FBin::Fsub => "fsub",
        FBin::Fmax => "fmax",
        FBin::Fmin => "fmin",
        FBin::Fmaxnm => "fmaxnm",
        FBin::Fminnm => "fminnm",
    }
}

fn fun(o: FUn) -> &'static str {
    match o {
        FUn::Fmov => "fmov",
        FUn::Fabs => "fabs",
        FUn::Fneg => "fneg",
        FUn::Fsqrt => "fsqrt",
        FUn::Frintn => "frintn",
        FUn::Frintp => "frintp",
        FUn::Frintm => "frintm",
        FUn::Frintz => "frintz",
        FUn::Frinta => "frinta",
        FUn::Frintx => "frintx",
        FUn::Frinti => "frinti",
    }
}

fn fma(o: FMa) -> &'static str {
    match o {
        FMa::Fmadd => "fmadd",
        FMa::Fmsub => "fmsub",
        FMa::Fnmadd => "fnmadd",
        FMa::Fnmsub => "fnmsub",
    }
}

/// The text of `i`.
pub fn print(i: &Inst, names: &dyn Names) -> String {
    use Inst as I;
    let target = |l: Label| match names.label(l) {
        Some(o) => format!("0x{o:x}"),
        None => "?".to_string(),
    };
    match *i {
        I::AddImm { op, sf, rd, rn, imm12, lsl12 } => {
            let imm = imm12 & 0xfff;
            let sh = if lsl12 { ", lsl #12" } else { "" };
            let flags = matches!(op, AddOp::Adds | AddOp::Subs);
            if op == AddOp::Add && imm == 0 && !lsl12 && (rd.0 & 31 == 31 || rn.0 & 31 == 31) {
                return format!("mov {}, {}", gsp(rd, sf), gsp(rn, sf));
            }
            if flags && rd.0 & 31 == 31 {
                let mn = if op == AddOp::Adds { "cmn" } else { "cmp" };
                return format!("{mn} {}, #{imm}{sh}", gsp(rn, sf));
            }
            let rd = if flags { g(rd, sf) } else { gsp(rd, sf) };
            format!("{} {rd}, {}, #{imm}{sh}", add_name(op), gsp(rn, sf))
        }
        I::AddReg { op, sf, rd, rn, rm, shift: s, amount } => {
            let sh = shifted(s, amount, sf);
            let (rd, rn, rm) = (g(rd, sf), g(rn, sf), g(rm, sf));
            let zr = if sf { "xzr" } else { "wzr" };
            match op {
                AddOp::Subs | AddOp::Adds if rd == zr => {
                    let mn = if op == AddOp::Adds { "cmn" } else { "cmp" };
                    format!("{mn} {rn}, {rm}{sh}")
                }
                AddOp::Sub if rn == zr => format!("neg {rd}, {rm}{sh}"),
                AddOp::Subs if rn == zr => format!("negs {rd}, {rm}{sh}"),
                _ => format!("{} {rd}, {rn}, {rm}{sh}", add_name(op)),
            }
        }
        I::AddExt { op, sf, rd, rn, rm, ext: e, amount } => {
            let flags = matches!(op, AddOp::Adds | AddOp::Subs);
            let rd31 = rd.0 & 31 == 31;
            let a = amount & 7;
            // The 64-bit form reads an `x` register for `uxtx`/`sxtx`, a `w` one otherwise.
            let rm_x = sf && matches!(e, Ext::Uxtx | Ext::Sxtx);
            // With `sp` as `rd` or `rn`, the register-size unsigned extension is `lsl`.
            let uses_sp = rn.0 & 31 == 31 || (!flags && rd31);
            let lsl_ext = if sf { Ext::Uxtx } else { Ext::Uxtw };
            let tail = if uses_sp && e == lsl_ext {
                if a == 0 {
                    String::new()
                } else {
                    format!(", lsl #{a}")
                }
            } else if a == 0 {
                format!(", {}", ext(e))
            } else {
                format!(", {} #{a}", ext(e))
            };
            let (rn, rm) = (gsp(rn, sf), g(rm, rm_x));
            if flags && rd31 {
                let mn = if op == AddOp::Adds { "cmn" } else { "cmp" };
                return format!("{mn} {rn}, {rm}{tail}");
            }
            let rd = if flags { g(rd, sf) } else { gsp(rd, sf) };
            format!("{} {rd}, {rn}, {rm}{tail}", add_name(op))
        }
        I::LogicImm { op, sf, rd, rn, imm } => {
            let (op, imm) = match op {
                LogicOp::Bic => (LogicOp::And, !imm),
                LogicOp::Orn => (LogicOp::Orr, !imm),
                LogicOp::Eon => (LogicOp::Eor, !imm),
                LogicOp::Bics => (LogicOp::Ands, !imm),
                o => (o, imm),
            };
            let v = if sf { imm } else { imm & 0xffff_ffff };
            if imm::logical(v, sf).is_none() {
                return format!("udf #{}", encode::INVALID);
            }
            if op == LogicOp::Orr && rn.0 & 31 == 31 && !any_movz(v, sf) && !any_movz(!v, sf) {
                return format!("mov {}, #{}", gsp(rd, sf), signed(v, sf));
            }
            if op == LogicOp::Ands && rd.0 & 31 == 31 {
                return format!("tst {}, #{v:#x}", g(rn, sf));
            }
            let rd = if op == LogicOp::Ands { g(rd, sf) } else { gsp(rd, sf) };
            format!("{} {rd}, {}, #{v:#x}", logic_name(op), g(rn, sf))
        }
        I::LogicReg { op, sf, rd, rn, rm, shift: s, amount } => {
            let sh = shifted(s, amount, sf);
            let (rd, rn, rm) = (g(rd, sf), g(rn, sf), g(rm, sf));
            let zr = if sf { "xzr" } else { "wzr" };
            match op {
                LogicOp::Orr if rn == zr && sh.is_empty() => format!("mov {rd}, {rm}"),
                LogicOp::Orn if rn == zr => format!("mvn {rd}, {rm}{sh}"),
                LogicOp::Ands if rd == zr => format!("tst {rn}, {rm}{sh}"),
                _ => format!("{} {rd}, {rn}, {rm}{sh}", logic_name(op)),
            }
        }
        I::MovWide { op, sf, rd, imm16, hw } => {
            let hw = hw & if sf { 3 } else { 1 };
            let v = movz_value(imm16, hw, sf);
            let rd = g(rd, sf);
            let plain = |mn: &str| {
                if hw == 0 {
                    format!("{mn} {rd}, #{imm16}")
                } else {
                    format!("{mn} {rd}, #{imm16}, lsl #{}", 16 * hw)
                }
            };
            let not_v = if sf { !v } else { !v & 0xffff_ffff };
            match op {
                MovOp::Movz if imm16 != 0 || hw == 0 => format!("mov {rd}, #{}", signed(v, sf)),
                MovOp::Movn if (imm16 != 0 || hw == 0) && !any_movz(not_v, sf) => {
                    format!("mov {rd}, #{}", signed(not_v, sf))
                }
                MovOp::Movz => plain("movz"),
                MovOp::Movn => plain("movn"),
                MovOp::Movk => plain("movk"),
            }
        }
        I::MulAdd { sub, sf, rd, rn, rm, ra } => {
            let (rd, rn, rm) = (g(rd, sf), g(rn, sf), g(rm, sf));
            match (sub, ra.0 & 31 == 31) {
                (false, true) => format!("mul {rd}, {rn}, {rm}"),
                (true, true) => format!("mneg {rd}, {rn}, {rm}"),
                (false, false) => format!("madd {rd}, {rn}, {rm}, {}", g(ra, sf)),
                (true, false) => format!("msub {rd}, {rn}, {rm}, {}", g(ra, sf)),
            }
        }
        I::MulHigh { signed, rd, rn, rm } => {
            let mn = if signed { "smulh" } else { "umulh" };
            format!("{mn} {}, {}, {}", g(rd, true), g(rn, true), g(rm, true))
        }
        I::MulLong { signed, rd, rn, rm } => {
            let mn = if signed { "smull" } else { "umull" };
            format!("{mn} {}, {}, {}", g(rd, true), g(rn, false), g(rm, false))
        }
        I::Div { signed, sf, rd, rn, rm } => {
            let mn = if signed { "sdiv" } else { "udiv" };
            format!("{mn} {}, {}, {}", g(rd, sf), g(rn, sf), g(rm, sf))
        }
        I::ShiftReg { op, sf, rd, rn, rm } => {
            format!("{} {}, {}, {}", shift(op), g(rd, sf), g(rn, sf), g(rm, sf))
        }
        I::Bitfield { op, sf, rd, rn, immr, imms } => bitfield(op, sf, rd, rn, immr, imms),
        I::Extr { sf, rd, rn, rm, lsb } => {
            let lsb = lsb & if sf { 63 } else { 31 };
            if rn.0 & 31 == rm.0 & 31 {
                format!("ror {}, {}, #{lsb}", g(rd, sf), g(rn, sf))
            } else {
                format!("extr {}, {}, {}, #{lsb}", g(rd, sf), g(rn, sf), g(rm, sf))
            }
        }
        I::Unary { op, sf, rd, rn } => {
            let (mn, sf) = match op {
                Unary::Rbit => ("rbit", sf),
                Unary::Rev16 => ("rev16", sf),
                Unary::Rev32 if sf => ("rev32", sf),
                Unary::Rev32 => ("rev", sf),
                Unary::Rev64 => ("rev", true),
                Unary::Clz => ("clz", sf),
                Unary::Cls => ("cls", sf),
            };
            format!("{mn} {}, {}", g(rd, sf), g(rn, sf))
        }
        I::Csel { op, sf, rd, rn, rm, cond: c } => {
            let (rd, rn, rm) = (g(rd, sf), g(rn, sf), g(rm, sf));
            let zr = if sf { "xzr" } else { "wzr" };
            let inv = cond(c.invert());
            match op {
                _ if c == Cond::Al || rn != rm || op == CselOp::Csel => {
                    format!("{} {rd}, {rn}, {rm}, {}", csel_name(op), cond(c))
                }
                CselOp::Csinc if rn == zr => format!("cset {rd}, {inv}"),
                CselOp::Csinc => format!("cinc {rd}, {rn}, {inv}"),
                CselOp::Csinv if rn == zr => format!("csetm {rd}, {inv}"),
                CselOp::Csinv => format!("cinv {rd}, {rn}, {inv}"),
                _ => format!("cneg {rd}, {rn}, {inv}"),
            }
        }
        I::CcmpImm { sf, rn, imm5, nzcv, cond: c } => {
            format!("ccmp {}, #{}, #{}, {}", g(rn, sf), imm5 & 31, nzcv & 15, cond(c))
        }
        I::Adr { rd, label } => format!("adr {}, {}", g(rd, true), target(label)),
        I::AddrSym { rd, sym, addend } => {
            let (r, s) = (g(rd, true), sym_plus(names, sym, addend));
            format!("adrp {r}, {s}\nadd {r}, {r}, :lo12:{s}")
        }
        I::AddrGot { rd, sym } => {
            let (r, s) = (g(rd, true), names.sym(sym));
            format!("adrp {r}, :got:{s}\nldr {r}, [{r}, :got_lo12:{s}]")
        }
        I::Load { kind, rt, mem: m } => {
            let (mn, sf) = match kind {
                LoadKind::U8 => ("b", false),
                LoadKind::U16 => ("h", false),
                LoadKind::U32 => ("", false),
                LoadKind::U64 => ("", true),
                LoadKind::S8 => ("sb", true),
                LoadKind::S16 => ("sh", true),
                LoadKind::S32 => ("sw", true),
            };
            let bytes = kind.bytes();
            let base = if unscaled(m, bytes) { "ldur" } else { "ldr" };
            format!("{base}{mn} {}, {}", g(rt, sf), ldst_mem(m, bytes))
        }
        I::Store { bytes, rt, mem: m } => {
            let (mn, bytes) = match bytes {
                1 => ("b", 1),
                2 => ("h", 2),
                4 => ("", 4),
                _ => ("", 8),
            };
            let base = if unscaled(m, bytes) { "stur" } else { "str" };
            format!("{base}{mn} {}, {}", g(rt, bytes == 8), ldst_mem(m, bytes))
        }
        I::Pair { load, sf, rt, rt2, mem: m } => {
            let mn = if load { "ldp" } else { "stp" };
            let bytes = if sf { 8 } else { 4 };
            format!("{mn} {}, {}, {}", g(rt, sf), g(rt2, sf), pair_mem(m, bytes))
        }
        I::FLoad { size, rt, mem: m } | I::FStore { size, rt, mem: m } => {
            let load = matches!(i, I::FLoad { .. });
            let mn = match (load, unscaled(m, size.bytes())) {
                (true, false) => "ldr",
                (true, true) => "ldur",
                (false, false) => "str",
                (false, true) => "stur",
            };
            format!("{mn} {}, {}", f(rt, size), ldst_mem(m, size.bytes()))
        }
        I::FPair { load, size, rt, rt2, mem: m } => {
            let mn = if load { "ldp" } else { "stp" };
            let size = match size {
                FSize::H => FSize::S,
                s => s,
            };
            format!("{mn} {}, {}, {}", f(rt, size), f(rt2, size), pair_mem(m, size.bytes()))
        }
        I::B(l) => format!("b {}", target(l)),
        I::BCond(c, l) => format!("b.{} {}", cond(c), target(l)),
        I::Cbz { nz, sf, rt, label } => {
            format!("{} {}, {}", if nz { "cbnz" } else { "cbz" }, g(rt, sf), target(label))
        }
        I::Tbz { nz, rt, bit, label } => {
            let bit = bit & 63;
            let mn = if nz { "tbnz" } else { "tbz" };
            format!("{mn} {}, #{bit}, {}", g(rt, bit >= 32), target(label))
        }
        I::Bl(s) => format!("bl {}", names.sym(s)),
        I::BSym(s) => format!("b {}", names.sym(s)),
        I::Br(r) => format!("br {}", g(r, true)),
        I::Blr(r) => format!("blr {}", g(r, true)),
        I::Ret => "ret".to_string(),
        // LLVM shows `brk`'s immediate in hex, but 0 as `#0`.
        I::Brk(0) => "brk #0".to_string(),
        I::Brk(imm) => format!("brk #{imm:#x}"),
        I::Udf(imm) => format!("udf #{imm}"),
        I::Nop => "nop".to_string(),
        I::Dmb { loads_only } => if loads_only { "dmb ishld" } else { "dmb ish" }.to_string(),
        I::Ldxr { acquire, bytes, rt, rn } => {
            let mn = if acquire { "ldaxr" } else { "ldxr" };
            format!("{mn}{} {}, [{}]", excl_suffix(bytes), g(rt, bytes == 8), gsp(rn, true))
        }
        I::Stxr { release, bytes, rs, rt, rn } => {
            let mn = if release { "stlxr" } else { "stxr" };
            let sfx = excl_suffix(bytes);
            let (rs, rt) = (g(rs, false), g(rt, bytes == 8));
            format!("{mn}{sfx} {rs}, {rt}, [{}]", gsp(rn, true))
        }
        I::Clrex => "clrex".to_string(),
        I::FBin { op, size, rd, rn, rm } => {
            format!("{} {}, {}, {}", fbin(op), f(rd, size), f(rn, size), f(rm, size))
        }
        I::FUn { op, size, rd, rn } => format!("{} {}, {}", fun(op), f(rd, size), f(rn, size)),
        I::FMa { op, size, rd, rn, rm, ra } => {
            let (rd, rn, rm, ra) = (f(rd, size), f(rn, size), f(rm, size), f(ra, size));
            format!("{} {rd}, {rn}, {rm}, {ra}", fma(op))
        }
        I::FCmp { size, rn, rm } => match rm {
            Some(m) => format!("fcmp {}, {}", f(rn, size), f(m, size)),
            None => format!("fcmp {}, #0.0", f(rn, size)),
        },
        I::FCsel { size, rd, rn, rm, cond: c } => {
            let (rd, rn, rm) = (f(rd, size), f(rn, size), f(rm, size));
            format!("fcsel {rd}, {rn}, {rm}, {}", cond(c))
        }
        I::FCvt { to, from, rd, rn } => format!("fcvt {}, {}", f(rd, to), f(rn, from)),
        I::IntToF { signed, sf, size, rd, rn } => {
            let mn = if signed { "scvtf" } else { "ucvtf" };
            format!("{mn} {}, {}", f(rd, size), g(rn, sf))
        }
        I::FToInt { signed, sf, size, rd, rn } => {
            let mn = if signed { "fcvtzs" } else { "fcvtzu" };
            format!("{mn} {}, {}", g(rd, sf), f(rn, size))
        }
        I::FMovFromGpr { size, rd, rn } => {
            format!("fmov {}, {}", f(rd, size), g(rn, size == FSize::D))
        }
        I::FMovToGpr { size, rd, rn } => {
            format!("fmov {}, {}", g(rd, size == FSize::D), f(rn, size))
        }
        I::Ins { size, rd, dl, rn, sl } => {
            let (t, lanes) = match size {
                FSize::H => ("h", 7),
                FSize::S => ("s", 3),
                FSize::D | FSize::Q => ("d", 1),
            };
            let (rd, rn) = (rd.0 & 31, rn.0 & 31);
            format!("mov v{rd}.{t}[{}], v{rn}.{t}[{}]", dl & lanes, sl & lanes)
        }
        I::Cnt { rd, rn } => format!("cnt v{}.8b, v{}.8b", rd.0 & 31, rn.0 & 31),
        I::Addv { rd, rn } => format!("addv b{}, v{}.8b", rd.0 & 31, rn.0 & 31),
    }
}

fn add_name(op: AddOp) -> &'static str {
    match op {
        AddOp::Add => "add",
        AddOp::Adds => "adds",
        AddOp::Sub => "sub",
        AddOp::Subs => "subs",
    }
}

fn logic_name(op: LogicOp) -> &'static str {
    match op {
        LogicOp::And => "and",
        LogicOp::Orr => "orr",
        LogicOp::Eor => "eor",
        LogicOp::Ands => "ands",
        LogicOp::Bic => "bic",
        LogicOp::Orn => "orn",
        LogicOp::Eon => "eon",
        LogicOp::Bics => "bics",
    }
}

fn csel_name(op: CselOp) -> &'static str {
    match op {
        CselOp::Csel => "csel",
        CselOp::Csinc => "csinc",
        CselOp::Csinv => "csinv",
        CselOp::Csneg => "csneg",
    }
}

/// The size suffix of an exclusive load or store.
fn excl_suffix(bytes: u8) -> &'static str {
    match bytes {
        1 => "b",
        2 => "h",
        _ => "",
    }
}

/// The bitfield moves with LLVM's aliases (`sxtb`, `uxth`, `lsl`, `lsr`, `asr`, `sbfiz`,
/// `ubfx`, `bfi`, `bfxil`, ...).
fn bitfield(op: BfOp, sf: bool, rd: X, rn: X, immr: u8, imms: u8) -> String {
    let m = if sf { 63 } else { 31 };
    let (r, s) = (immr & m, imms & m);
    let (rd, rn_w, rn) = (g(rd, sf), g(rn, false), g(rn, sf));
    let bits = if sf { 64 } else { 32 };
    if op == BfOp::Bfm {
        return if s < r {
            format!("bfi {rd}, {rn}, #{}, #{}", (bits - u32::from(r)) % bits, s + 1)
        } else {
            format!("bfxil {rd}, {rn}, #{r}, #{}", s - r + 1)
        };
    }
    let signed = op == BfOp::Sbfm;
    if r == 0 {
        let ext = match (s, signed, sf) {
            (7, true, _) => Some("sxtb"),
            (7, false, false) => Some("uxtb"),
            (15, true, _) => Some("sxth"),
            (15, false, false) => Some("uxth"),
            (31, true, true) => Some("sxtw"),
            _ => None,
        };
        if let Some(mn) = ext {
            return format!("{mn} {rd}, {rn_w}");
        }
    }
    if !signed && s != m && s + 1 == r {
        return format!("lsl {rd}, {rn}, #{}", m - s);
    }
    if s == m {
        return format!("{} {rd}, {rn}, #{r}", if signed { "asr" } else { "lsr" });
    }
    if r > s {
        let mn = if signed { "sbfiz" } else { "ubfiz" };
        return format!("{mn} {rd}, {rn}, #{}, #{}", bits - u32::from(r), s + 1);
    }
    let mn = if signed { "sbfx" } else { "ubfx" };
    format!("{mn} {rd}, {rn}, #{r}, #{}", s - r + 1)
}
