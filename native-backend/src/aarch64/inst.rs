//! The AArch64 instructions the code generator emits: one variant per form, each encoded by
//! `encode.rs` (one 32-bit word; immediates that a form cannot hold are the lowering's to
//! avoid, see [`Mem::fits`] and `imm.rs`) and printed by `print.rs` as `llvm-mc -triple=aarch64`
//! prints it (with LLVM's preferred aliases: `mov`, `cmp`, `lsl`, `cset`, ...).
//!
//! `sf` is the operation size: 64-bit (`x` registers) when true, else 32-bit (`w`). Where a
//! register field may be `sp`, the variant's doc says so; elsewhere register 31 is `xzr`.

use super::regs::{V, X};
use crate::buffer::Label;
use crate::SymId;

/// A condition code (the encoding's number).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Cond {
    Eq = 0,
    Ne = 1,
    Hs = 2,
    Lo = 3,
    Mi = 4,
    Pl = 5,
    Vs = 6,
    Vc = 7,
    Hi = 8,
    Ls = 9,
    Ge = 10,
    Lt = 11,
    Gt = 12,
    Le = 13,
    Al = 14,
}

impl Cond {
    /// Every condition but `al`, by number.
    pub const ALL: [Cond; 14] = [
        Cond::Eq,
        Cond::Ne,
        Cond::Hs,
        Cond::Lo,
        Cond::Mi,
        Cond::Pl,
        Cond::Vs,
        Cond::Vc,
        Cond::Hi,
        Cond::Ls,
        Cond::Ge,
        Cond::Lt,
        Cond::Gt,
        Cond::Le,
    ];
    /// The opposite condition.
    pub fn invert(self) -> Cond {
        match self {
            Cond::Al => Cond::Al,
            c => Cond::ALL[(c as usize) ^ 1],
        }
    }
}

/// A memory operand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mem {
    /// `[base, #off]` (`base` may be `sp`): a scaled unsigned 12-bit offset when `off` is a
    /// non-negative multiple of the access size below `4096 * size`, else the unscaled form
    /// (`ldur`/`stur`, -256..=255). See [`Mem::fits`].
    Off {
        /// The base register (`sp` allowed).
        base: X,
        /// The byte offset.
        off: i32,
    },
    /// `[base, index{, lsl #log2(size)}]` (`base` may be `sp`; `index` a 64-bit register).
    Reg {
        /// The base register.
        base: X,
        /// The index register.
        index: X,
        /// Scale the index by the access size.
        scaled: bool,
    },
    /// `[base, #off]!`: pre-index, 9-bit signed offset (pairs: 7-bit scaled).
    Pre {
        /// The base register (updated).
        base: X,
        /// The byte offset.
        off: i32,
    },
    /// `[base], #off`: post-index, 9-bit signed offset (pairs: 7-bit scaled).
    Post {
        /// The base register (updated).
        base: X,
        /// The byte offset.
        off: i32,
    },
}

impl Mem {
    /// `[base, #off]`.
    pub fn at(base: X, off: i32) -> Mem {
        Mem::Off { base, off }
    }
    /// True when `[base, #off]` can be encoded for an access of `size` bytes (1, 2, 4, 8, 16)
    /// by one load or store.
    pub fn fits(off: i32, size: u32) -> bool {
        let size = size.max(1) as i32;
        (-256..=255).contains(&off) || (off >= 0 && off % size == 0 && off / size < 4096)
    }
    /// True when `[base, #off]` (also pre- and post-index) can be encoded for a pair access of
    /// two `size`-byte registers (4, 8 or 16).
    pub fn fits_pair(off: i32, size: u32) -> bool {
        let size = size.max(1) as i32;
        off % size == 0 && (-64..=63).contains(&(off / size))
    }
}

/// Add and subtract (also setting the flags: `adds`, `subs`, whose aliases `cmp`/`cmn` have
/// `rd` = `xzr`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AddOp {
    Add,
    Adds,
    Sub,
    Subs,
}

/// Logical operations (`ands` with `rd` = `xzr` is `tst`; `orr` with `rn` = `xzr` is `mov`,
/// `orn` with `rn` = `xzr` is `mvn`). The immediate forms exist for `and`, `orr`, `eor`,
/// `ands` only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum LogicOp {
    And,
    Orr,
    Eor,
    Ands,
    Bic,
    Orn,
    Eon,
    Bics,
}

/// The shift applied to a register operand, and the shift-by-register operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Shift {
    Lsl = 0,
    Lsr = 1,
    Asr = 2,
    Ror = 3,
}

/// The extension of an extended-register operand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Ext {
    Uxtb = 0,
    Uxth = 1,
    Uxtw = 2,
    Uxtx = 3,
    Sxtb = 4,
    Sxth = 5,
    Sxtw = 6,
    Sxtx = 7,
}

/// Move-wide operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum MovOp {
    Movn = 0,
    Movz = 2,
    Movk = 3,
}

/// Bitfield moves (`sbfm`, `bfm`, `ubfm`; printed as their aliases `asr`, `lsl`, `lsr`,
/// `sxtb`, `uxth`, `ubfx`, `bfi`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BfOp {
    Sbfm = 0,
    Bfm = 1,
    Ubfm = 2,
}

/// One-source integer operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Unary {
    Rbit,
    Rev16,
    /// `rev32` (with `sf`) or `rev` of a 32-bit register (without).
    Rev32,
    /// `rev` of a 64-bit register (only with `sf`).
    Rev64,
    Clz,
    Cls,
}

/// Conditional selects (`csinc`/`csinv`/`csneg` print as `cset`, `csetm`, `cinc`, `cneg` where
/// LLVM prefers those).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CselOp {
    Csel,
    Csinc,
    Csinv,
    Csneg,
}

/// Integer loads: the width read and how it is extended (to 64 bits: `ldrsb x`, `ldrsh x`,
/// `ldrsw x`; the unsigned ones write `w` registers, which zeroes the upper half).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum LoadKind {
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
}

impl LoadKind {
    /// Bytes read.
    pub fn bytes(self) -> u32 {
        match self {
            LoadKind::U8 | LoadKind::S8 => 1,
            LoadKind::U16 | LoadKind::S16 => 2,
            LoadKind::U32 | LoadKind::S32 => 4,
            LoadKind::U64 => 8,
        }
    }
}

/// The size of a float or vector register view: `h`, `s`, `d`, `q` (2, 4, 8, 16 bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FSize {
    H,
    S,
    D,
    Q,
}

impl FSize {
    /// Bytes.
    pub fn bytes(self) -> u32 {
        match self {
            FSize::H => 2,
            FSize::S => 4,
            FSize::D => 8,
            FSize::Q => 16,
        }
    }
}

/// Two-source float operations (`s` or `d`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FBin {
    Fmul,
    Fdiv,
    Fadd,
    Fsub,
    Fmax,
    Fmin,
    Fmaxnm,
    Fminnm,
}

/// One-source float operations (`s` or `d`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FUn {
    Fmov,
    Fabs,
    Fneg,
    Fsqrt,
    /// Round to nearest, ties to even.
    Frintn,
    /// Round towards plus infinity.
    Frintp,
    /// Round towards minus infinity.
    Frintm,
    /// Round towards zero.
    Frintz,
    /// Round to nearest, ties away from zero.
    Frinta,
    /// Round in the current mode, signalling inexact.
    Frintx,
    /// Round in the current mode.
    Frinti,
}

/// Fused multiply-add forms: `fmadd` `n*m + a`, `fmsub` `a - n*m`, `fnmadd` `-(n*m) - a`,
/// `fnmsub` `n*m - a`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FMa {
    Fmadd,
    Fmsub,
    Fnmadd,
    Fnmsub,
}

/// An instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    /// `add/adds/sub/subs rd, rn, #imm12{, lsl #12}`; `rd` may be `sp` for `add`/`sub`
    /// (`xzr` for the flag-setting ones), `rn` may be `sp` (`add rd, sp, #0` prints `mov`).
    AddImm { op: AddOp, sf: bool, rd: X, rn: X, imm12: u16, lsl12: bool },
    /// `add/adds/sub/subs rd, rn, rm{, shift #amount}` (`lsl`, `lsr`, `asr`; no `sp`).
    AddReg { op: AddOp, sf: bool, rd: X, rn: X, rm: X, shift: Shift, amount: u8 },
    /// `add/adds/sub/subs rd, rn, rm, ext{ #amount}` (`rd`, `rn` may be `sp`; `amount` 0-4).
    AddExt { op: AddOp, sf: bool, rd: X, rn: X, rm: X, ext: Ext, amount: u8 },
    /// `and/orr/eor/ands rd, rn, #imm`: `imm` must be a bitmask immediate of the size
    /// (`imm::logical`); `rd` may be `sp` except for `ands`.
    LogicImm { op: LogicOp, sf: bool, rd: X, rn: X, imm: u64 },
    /// `and/orr/eor/ands/bic/orn/eon/bics rd, rn, rm{, shift #amount}`.
    LogicReg { op: LogicOp, sf: bool, rd: X, rn: X, rm: X, shift: Shift, amount: u8 },
    /// `movz/movn/movk rd, #imm16, lsl #(16*hw)` (`hw` < 2 without `sf`).
    MovWide { op: MovOp, sf: bool, rd: X, imm16: u16, hw: u8 },
    /// `madd rd, rn, rm, ra` (`ra` = `xzr`: `mul`) or `msub` (`mneg` with `xzr`).
    MulAdd { sub: bool, sf: bool, rd: X, rn: X, rm: X, ra: X },
    /// `smulh/umulh rd, rn, rm` (64-bit only).
    MulHigh { signed: bool, rd: X, rn: X, rm: X },
    /// `smull/umull rd, wn, wm` (`smaddl`/`umaddl` with `xzr`): a 64-bit product of 32-bit ones.
    MulLong { signed: bool, rd: X, rn: X, rm: X },
    /// `sdiv/udiv rd, rn, rm`.
    Div { signed: bool, sf: bool, rd: X, rn: X, rm: X },
    /// `lslv/lsrv/asrv/rorv rd, rn, rm` (printed `lsl rd, rn, rm` ...).
    ShiftReg { op: Shift, sf: bool, rd: X, rn: X, rm: X },
    /// `sbfm/bfm/ubfm rd, rn, #immr, #imms`.
    Bitfield { op: BfOp, sf: bool, rd: X, rn: X, immr: u8, imms: u8 },
    /// `extr rd, rn, rm, #lsb` (`ror rd, rn, #lsb` when `rn` = `rm`).
    Extr { sf: bool, rd: X, rn: X, rm: X, lsb: u8 },
    /// `rbit/rev16/rev32/rev/clz/cls rd, rn`.
    Unary { op: Unary, sf: bool, rd: X, rn: X },
    /// `csel/csinc/csinv/csneg rd, rn, rm, cond`.
    Csel { op: CselOp, sf: bool, rd: X, rn: X, rm: X, cond: Cond },
    /// `ccmp rn, #imm5, #nzcv, cond`: when `cond` holds, compare `rn` with `imm5`; else set the
    /// flags to `nzcv`.
    CcmpImm { sf: bool, rn: X, imm5: u8, nzcv: u8, cond: Cond },
    /// `adr rd, label` (within ±1 MiB).
    Adr { rd: X, label: Label },
    /// `adrp rd, sym` + `add rd, rd, :lo12:sym` (two words: the address of `sym + addend`).
    AddrSym { rd: X, sym: SymId, addend: i64 },
    /// `adrp rd, :got:sym` + `ldr rd, [rd, :got_lo12:sym]` (two words: `sym`'s address read
    /// from the GOT).
    AddrGot { rd: X, sym: SymId },
    /// `ldr/ldrb/ldrh/ldrsb/ldrsh/ldrsw rt, mem` (also `ldur...`).
    Load { kind: LoadKind, rt: X, mem: Mem },
    /// `str/strb/strh rt, mem` of the low `bytes` bytes (1, 2, 4, 8).
    Store { bytes: u8, rt: X, mem: Mem },
    /// `ldp/stp xt, xt2, mem` (`Off`, `Pre` or `Post` with a 7-bit scaled offset).
    Pair { load: bool, sf: bool, rt: X, rt2: X, mem: Mem },
    /// `ldr/str ht/st/dt/qt, mem`.
    FLoad { size: FSize, rt: V, mem: Mem },
    /// See [`Inst::FLoad`].
    FStore { size: FSize, rt: V, mem: Mem },
    /// `ldp/stp dt, dt2, mem` (`s`, `d` or `q`).
    FPair { load: bool, size: FSize, rt: V, rt2: V, mem: Mem },
    /// `b label`.
    B(Label),
    /// `b.cond label` (within ±1 MiB).
    BCond(Cond, Label),
    /// `cbz/cbnz rt, label` (within ±1 MiB).
    Cbz { nz: bool, sf: bool, rt: X, label: Label },
    /// `tbz/tbnz rt, #bit, label` (within ±32 KiB).
    Tbz { nz: bool, rt: X, bit: u8, label: Label },
    /// `bl sym` (`R_AARCH64_CALL26`).
    Bl(SymId),
    /// `b sym`: a tail call (`R_AARCH64_JUMP26`).
    BSym(SymId),
    /// `br rn`.
    Br(X),
    /// `blr rn`.
    Blr(X),
    /// `ret` (to `x30`).
    Ret,
    /// `brk #imm`.
    Brk(u16),
    /// `udf #imm` (a permanently undefined instruction: `SIGILL`).
    Udf(u16),
    /// `nop`.
    Nop,
    /// `dmb ish` (a full barrier; `ishld` with `loads_only`).
    Dmb { loads_only: bool },
    /// `ldxr/ldaxr rt, [rn]` of `bytes` bytes (1, 2, 4, 8; zero-extended).
    Ldxr { acquire: bool, bytes: u8, rt: X, rn: X },
    /// `stxr/stlxr ws, rt, [rn]` of `bytes` bytes: `ws` is 0 when the store succeeded.
    Stxr { release: bool, bytes: u8, rs: X, rt: X, rn: X },
    /// `clrex`.
    Clrex,
    /// `fmul/fdiv/fadd/fsub/fmax/fmin/fmaxnm/fminnm rd, rn, rm` (`s` or `d`).
    FBin { op: FBin, size: FSize, rd: V, rn: V, rm: V },
    /// `fmov/fabs/fneg/fsqrt/frint* rd, rn` (`s` or `d`).
    FUn { op: FUn, size: FSize, rd: V, rn: V },
    /// `fmadd/fmsub/fnmadd/fnmsub rd, rn, rm, ra` (`s` or `d`).
    FMa { op: FMa, size: FSize, rd: V, rn: V, rm: V, ra: V },
    /// `fcmp rn, rm` or `fcmp rn, #0.0` (`rm` `None`).
    FCmp { size: FSize, rn: V, rm: Option<V> },
    /// `fcsel rd, rn, rm, cond`.
    FCsel { size: FSize, rd: V, rn: V, rm: V, cond: Cond },
    /// `fcvt rd, rn` between `h`, `s` and `d`.
    FCvt { to: FSize, from: FSize, rd: V, rn: V },
    /// `scvtf/ucvtf rd, rn`: integer (`x` with `sf`, else `w`) to float (`s` or `d`).
    IntToF { signed: bool, sf: bool, size: FSize, rd: V, rn: X },
    /// `fcvtzs/fcvtzu rd, rn`: float (`s` or `d`) to integer, rounding towards zero, saturating.
    FToInt { signed: bool, sf: bool, size: FSize, rd: X, rn: V },
    /// `fmov sd, wn` / `fmov dd, xn` (`s` needs `sf` false, `d` true).
    FMovFromGpr { size: FSize, rd: V, rn: X },
    /// `fmov wd, sn` / `fmov xd, dn`.
    FMovToGpr { size: FSize, rd: X, rn: V },
    /// `mov vd.s[dl], vn.s[sl]` (`ins`, `s` or `d` lanes).
    Ins { size: FSize, rd: V, dl: u8, rn: V, sl: u8 },
    /// `cnt vd.8b, vn.8b` (bits set per byte).
    Cnt { rd: V, rn: V },
    /// `addv bd, vn.8b` (the sum of the eight bytes).
    Addv { rd: V, rn: V },
}
