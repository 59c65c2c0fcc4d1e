//! Encoder and printer tests: representative instances of every [`Inst`] form as (bytes,
//! assembly) pairs, recorded in `triples.txt` and checked against LLVM 19 (`llvm-mc-19`
//! decodes our bytes to our text and assembles our text to our bytes), plus one object of all
//! of them that `llvm-objdump-19` disassembles to our texts, labels and relocations included.
//! The LLVM checks need LLVM 19 (scripts/setup-test-deps.sh installs it); without it they fail.
//!
//! `triples.txt` holds one line per instance: the bytes in hex, a tab, our printer's text (the
//! two-word forms' lines joined by `; `), and, for forms whose operand is a label or a symbol,
//! a second tab and the text `llvm-mc` prints for the same bytes (a PC-relative displacement
//! where we print the target's offset or the symbol's name). Re-record it after a deliberate
//! change with `BLESS=1 cargo test`.

use super::encode::encode;
use super::inst::{
    AddOp, BfOp, Cond, CselOp, Ext, FBin, FMa, FSize, FUn, Inst, LoadKind, LogicOp, Mem, MovOp,
    Shift, Unary,
};
use super::print::{print, Names};
use super::regs::{V, X};
use crate::buffer::{Buffer, Label};
use crate::{RelocKind, SymId};
use std::io::Write as _;
use std::process::{Command, Stdio};

const ADDS: [AddOp; 4] = [AddOp::Add, AddOp::Adds, AddOp::Sub, AddOp::Subs];
const LOGICS: [LogicOp; 8] = [
    LogicOp::And,
    LogicOp::Orr,
    LogicOp::Eor,
    LogicOp::Ands,
    LogicOp::Bic,
    LogicOp::Orn,
    LogicOp::Eon,
    LogicOp::Bics,
];
const SHIFTS: [Shift; 4] = [Shift::Lsl, Shift::Lsr, Shift::Asr, Shift::Ror];
const EXTS: [Ext; 8] =
    [Ext::Uxtb, Ext::Uxth, Ext::Uxtw, Ext::Uxtx, Ext::Sxtb, Ext::Sxth, Ext::Sxtw, Ext::Sxtx];
const LOADS: [LoadKind; 7] = [
    LoadKind::U8,
    LoadKind::U16,
    LoadKind::U32,
    LoadKind::U64,
    LoadKind::S8,
    LoadKind::S16,
    LoadKind::S32,
];
const UNARIES: [Unary; 6] =
    [Unary::Rbit, Unary::Rev16, Unary::Rev32, Unary::Rev64, Unary::Clz, Unary::Cls];
const CSELS: [CselOp; 4] = [CselOp::Csel, CselOp::Csinc, CselOp::Csinv, CselOp::Csneg];
const FBINS: [FBin; 8] = [
    FBin::Fmul,
    FBin::Fdiv,
    FBin::Fadd,
    FBin::Fsub,
    FBin::Fmax,
    FBin::Fmin,
    FBin::Fmaxnm,
    FBin::Fminnm,
];
const FUNS: [FUn; 11] = [
    FUn::Fmov,
    FUn::Fabs,
    FUn::Fneg,
    FUn::Fsqrt,
    FUn::Frintn,
    FUn::Frintp,
    FUn::Frintm,
    FUn::Frintz,
    FUn::Frinta,
    FUn::Frintx,
    FUn::Frinti,
];
const FMAS: [FMa; 4] = [FMa::Fmadd, FMa::Fmsub, FMa::Fnmadd, FMa::Fnmsub];
const BFS: [BfOp; 3] = [BfOp::Sbfm, BfOp::Bfm, BfOp::Ubfm];
const MOVS: [MovOp; 3] = [MovOp::Movn, MovOp::Movz, MovOp::Movk];
/// Every condition, `al` included.
const CONDS: [Cond; 15] = [
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
    Cond::Al,
];
/// Bitmask immediates (all valid at both sizes but the last four): element sizes 2 to 64,
/// runs at both ends, values `movz`/`movn` can also make.
const BITMASKS: [u64; 14] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0xffff_0000_ffff_0000,
    0x8000_0000_8000_0000,
    0x0000_0001_0000_0001,
    0x7fff_fffe_7fff_fffe,
    0x0000_ffff_0000_ffff,
    0xff,
    0x0000_0000_ffff_ffff,
    0x8000_0000_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x0ff0_0000_0000_0000,
];

/// One instance: the instruction, and for label forms where it and its label sit (offsets).
struct Case {
    inst: Inst,
    at: u32,
    target: u32,
}

/// Names for the tests: symbol `n` is `fn<n>`, every label is at `target`.
struct TestNames {
    target: Option<u32>,
}

impl Names for TestNames {
    fn sym(&self, id: SymId) -> String {
        format!("fn{id}")
    }
    fn label(&self, _: Label) -> Option<u32> {
        self.target
    }
}

/// Register triples that put registers 0, 1, 15, 16, 29, 30, 31 in each position.
fn regs3() -> Vec<(X, X, X)> {
    let rs = [0u8, 1, 15, 16, 29, 30, 31];
    let mut v = Vec::new();
    for (k, &a) in rs.iter().enumerate() {
        v.push((X(a), X(rs[(k + 1) % 7]), X(rs[(k + 3) % 7])));
        v.push((X(rs[(k + 2) % 7]), X(a), X(rs[(k + 5) % 7])));
        v.push((X(rs[(k + 4) % 7]), X(rs[(k + 6) % 7]), X(a)));
    }
    v
}

fn vregs3() -> Vec<(V, V, V)> {
    regs3().into_iter().map(|(a, b, c)| (V(a.0), V(b.0), V(c.0))).collect()
}

/// Memory operands of a single access of `size` bytes: scaled offsets at both ends, unscaled
/// ones at both ends and where the scaled form does not fit, pre- and post-index at both
/// ends, register offsets, `sp` and `x30` as bases.
fn mems(size: i32) -> Vec<Mem> {
    let offs = [0, size, 4095 * size, 8 * size, -1, -256, 255, 1, size + 1, -size];
    let mut v = Vec::new();
    for (k, &off) in offs.iter().enumerate() {
        v.push(Mem::Off { base: X([31, 0, 29, 30, 5][k % 5]), off });
    }
    for (k, off) in [-256, 255, 0, 8, -16].into_iter().enumerate() {
        v.push(Mem::Pre { base: X([31, 1, 30][k % 3]), off });
        v.push(Mem::Post { base: X([2, 31, 29][k % 3]), off });
    }
    for (base, index, scaled) in [(0, 1, true), (31, 30, false), (29, 31, true), (3, 4, false)] {
        v.push(Mem::Reg { base: X(base), index: X(index), scaled });
    }
    v
}

/// Memory operands of a pair of `size`-byte registers: the 7-bit scaled offset at both ends.
fn pair_mems(size: i32) -> Vec<Mem> {
    let mut v = Vec::new();
    for (k, off) in [0, -64 * size, 63 * size, 2 * size].into_iter().enumerate() {
        v.push(Mem::Off { base: X([31, 0, 29, 30][k]), off });
        v.push(Mem::Pre { base: X([31, 1, 30, 2][k]), off });
        v.push(Mem::Post { base: X([2, 31, 29, 3][k]), off });
    }
    v
}

/// Representative instances of every form.
fn cases() -> Vec<Case> {
    use Inst as I;
    let mut v: Vec<Case> = Vec::new();
    let mut push = |inst: Inst| v.push(Case { inst, at: 0, target: 0 });
    let sfs = [false, true];
    let r3 = regs3();
    for op in ADDS {
        for sf in sfs {
            for (k, &(rd, rn, rm)) in r3.iter().enumerate() {
                let imm12 = [0, 1, 4095, 0x800, 16][k % 5];
                push(I::AddImm { op, sf, rd, rn, imm12, lsl12: k % 3 == 1 });
                let shift = SHIFTS[k % 3];
                let amount = [0, 1, 31, 63, 12][k % 5] & if sf { 63 } else { 31 };
                push(I::AddReg { op, sf, rd, rn, rm, shift, amount });
            }
            // `mov` to and from `sp`, and `add x, x, #0`.
            push(I::AddImm { op, sf, rd: X(31), rn: X(3), imm12: 0, lsl12: false });
            push(I::AddImm { op, sf, rd: X(3), rn: X(31), imm12: 0, lsl12: false });
            push(I::AddImm { op, sf, rd: X(3), rn: X(4), imm12: 0, lsl12: false });
            for (k, ext) in EXTS.into_iter().enumerate() {
                for amount in 0..5 {
                    let (rd, rn, rm) = r3[(k * 5 + amount as usize) % r3.len()];
                    push(I::AddExt { op, sf, rd, rn, rm, ext, amount });
                }
                push(I::AddExt { op, sf, rd: X(31), rn: X(2), rm: X(3), ext, amount: 0 });
                push(I::AddExt { op, sf, rd: X(1), rn: X(31), rm: X(3), ext, amount: 2 });
            }
        }
    }
    for op in LOGICS {
        for sf in sfs {
            for (k, &imm) in BITMASKS.iter().enumerate() {
                if !sf && k >= 10 {
                    continue;
                }
                let (rd, rn, _) = r3[k % r3.len()];
                push(I::LogicImm { op, sf, rd, rn, imm });
                push(I::LogicImm { op, sf, rd: X(2), rn: X(31), imm });
                push(I::LogicImm { op, sf, rd: X(31), rn: X(2), imm });
            }
            for (k, &(rd, rn, rm)) in r3.iter().enumerate() {
                let shift = SHIFTS[k % 4];
                let amount = [0, 1, 31, 63, 7][k % 5] & if sf { 63 } else { 31 };
                push(I::LogicReg { op, sf, rd, rn, rm, shift, amount });
            }
            push(I::LogicReg {
                op,
                sf,
                rd: X(1),
                rn: X(31),
                rm: X(2),
                shift: Shift::Lsl,
                amount: 0,
            });
            push(I::LogicReg {
                op,
                sf,
                rd: X(1),
                rn: X(31),
                rm: X(2),
                shift: Shift::Ror,
                amount: 3,
            });
            push(I::LogicReg {
                op,
                sf,
                rd: X(31),
                rn: X(1),
                rm: X(2),
                shift: Shift::Lsl,
                amount: 0,
            });
        }
    }
    for op in MOVS {
        for sf in sfs {
            for (k, imm16) in [0, 1, 0xffff, 0x1234, 0x8000, 0xfffe].into_iter().enumerate() {
                for hw in 0..if sf { 4 } else { 2 } {
                    push(I::MovWide {
                        op,
                        sf,
                        rd: X([0, 7, 30, 31][(k + hw as usize) % 4]),
                        imm16,
                        hw,
                    });
                }
            }
        }
    }
    for sf in sfs {
        for &(rd, rn, rm) in &r3 {
            let ra = X((rd.0 + rm.0) % 32);
            push(I::MulAdd { sub: false, sf, rd, rn, rm, ra });
            push(I::MulAdd { sub: true, sf, rd, rn, rm, ra });
            push(I::MulAdd { sub: sf, sf, rd, rn, rm, ra: X(31) });
            push(I::Div { signed: sf, sf, rd, rn, rm });
            push(I::Div { signed: !sf, sf, rd, rn, rm });
            for op in SHIFTS {
                push(I::ShiftReg { op, sf, rd, rn, rm });
            }
            if sf {
                push(I::MulHigh { signed: true, rd, rn, rm });
                push(I::MulHigh { signed: false, rd, rn, rm });
                push(I::MulLong { signed: true, rd, rn, rm });
                push(I::MulLong { signed: false, rd, rn, rm });
            }
        }
        let m: u8 = if sf { 63 } else { 31 };
        let fields = [0, 1, 7, 8, 15, 16, 30, 31, 32, 62, 63];
        for op in BFS {
            for (k, &immr) in fields.iter().filter(|&&f| f <= m).enumerate() {
                for (j, &imms) in fields.iter().filter(|&&f| f <= m).enumerate() {
                    let (rd, rn, _) = r3[(k + j) % r3.len()];
                    push(I::Bitfield { op, sf, rd, rn, immr, imms });
                }
            }
        }
        for (k, &(rd, rn, rm)) in r3.iter().enumerate() {
            let lsb = [0, 1, 13, 31, 63][k % 5] & m;
            push(I::Extr { sf, rd, rn, rm, lsb });
            push(I::Extr { sf, rd, rn, rm: rn, lsb });
            for op in UNARIES {
                if op != Unary::Rev64 || sf {
                    push(I::Unary { op, sf, rd, rn });
                }
            }
        }
        for (k, cond) in CONDS.into_iter().enumerate() {
            for op in CSELS {
                let (rd, rn, rm) = r3[(k * 4 + op as usize) % r3.len()];
                push(I::Csel { op, sf, rd, rn, rm, cond });
                push(I::Csel { op, sf, rd, rn, rm: rn, cond });
                push(I::Csel { op, sf, rd, rn: X(31), rm: X(31), cond });
            }
            let rn = X([0, 5, 30, 31][k % 4]);
            push(I::CcmpImm { sf, rn, imm5: [0, 1, 31, 16][k % 4], nzcv: k as u8, cond });
        }
    }
    let addends = [0, 8, -8, 0x1000, 0x7fff_ffff];
    for (k, rd) in [0u8, 1, 16, 29, 30].into_iter().enumerate() {
        push(I::AddrSym { rd: X(rd), sym: k as SymId, addend: addends[k] });
        push(I::AddrGot { rd: X(rd), sym: k as SymId + 3 });
    }
    for kind in LOADS {
        for (k, mem) in mems(kind.bytes() as i32).into_iter().enumerate() {
            push(I::Load { kind, rt: X([0, 9, 30, 31][k % 4]), mem });
        }
    }
    for bytes in [1u8, 2, 4, 8] {
        for (k, mem) in mems(i32::from(bytes)).into_iter().enumerate() {
            push(I::Store { bytes, rt: X([31, 0, 9, 30][k % 4]), mem });
        }
    }
    for load in [false, true] {
        for sf in sfs {
            for (k, mem) in pair_mems(if sf { 8 } else { 4 }).into_iter().enumerate() {
                let (rt, rt2, _) = r3[k % r3.len()];
                push(I::Pair { load, sf, rt, rt2, mem });
            }
        }
        for size in [FSize::S, FSize::D, FSize::Q] {
            for (k, mem) in pair_mems(size.bytes() as i32).into_iter().enumerate() {
                let (rt, rt2, _) = vregs3()[k % r3.len()];
                push(I::FPair { load, size, rt, rt2, mem });
            }
        }
    }
    for size in [FSize::H, FSize::S, FSize::D, FSize::Q] {
        for (k, mem) in mems(size.bytes() as i32).into_iter().enumerate() {
            push(I::FLoad { size, rt: V([0, 8, 31][k % 3]), mem });
            push(I::FStore { size, rt: V([31, 1, 15][k % 3]), mem });
        }
    }
    for (k, &(a, b, _)) in r3.iter().enumerate() {
        push(I::Br(a));
        push(I::Blr(b));
        for bytes in [1, 2, 4, 8] {
            push(I::Ldxr { acquire: k % 2 == 0, bytes, rt: a, rn: b });
            push(I::Ldxr { acquire: k % 2 == 1, bytes, rt: b, rn: a });
            let rs = X([0, 3, 31][k % 3]);
            push(I::Stxr { release: k % 2 == 0, bytes, rs, rt: a, rn: b });
            push(I::Stxr { release: k % 2 == 1, bytes, rs, rt: b, rn: a });
        }
    }
    push(I::Ret);
    for imm in [0, 1, 0x3e8, 0xffff] {
        push(I::Brk(imm));
        push(I::Udf(imm));
    }
    push(I::Nop);
    push(I::Dmb { loads_only: false });
    push(I::Dmb { loads_only: true });
    push(I::Clrex);
    let v3 = vregs3();
    for size in [FSize::S, FSize::D] {
        for (k, &(rd, rn, rm)) in v3.iter().enumerate() {
            push(I::FBin { op: FBINS[k % 8], size, rd, rn, rm });
            push(I::FUn { op: FUNS[k % 11], size, rd, rn });
            push(I::FMa { op: FMAS[k % 4], size, rd, rn, rm, ra: V((rd.0 + 3) % 32) });
            push(I::FCmp { size, rn, rm: Some(rm) });
            push(I::FCsel { size, rd, rn, rm, cond: CONDS[k % 15] });
            let (xd, xn) = (X(rd.0), X(rn.0));
            for sf in sfs {
                push(I::IntToF { signed: k % 2 == 0, sf, size, rd, rn: xn });
                push(I::FToInt { signed: k % 2 == 1, sf, size, rd: xd, rn });
            }
            push(I::FMovFromGpr { size, rd, rn: xn });
            push(I::FMovToGpr { size, rd: xd, rn });
        }
        for op in FBINS {
            push(I::FBin { op, size, rd: V(1), rn: V(2), rm: V(3) });
        }
        for op in FUNS {
            push(I::FUn { op, size, rd: V(1), rn: V(2) });
        }
        for op in FMAS {
            push(I::FMa { op, size, rd: V(1), rn: V(2), rm: V(3), ra: V(4) });
        }
        push(I::FCmp { size, rn: V(7), rm: None });
        push(I::FCmp { size, rn: V(31), rm: None });
    }
    for to in [FSize::H, FSize::S, FSize::D] {
        for from in [FSize::H, FSize::S, FSize::D] {
            if to != from {
                push(I::FCvt { to, from, rd: V(1), rn: V(30) });
            }
        }
    }
    for (size, lanes) in [(FSize::H, 8), (FSize::S, 4), (FSize::D, 2)] {
        for dl in 0..lanes {
            for sl in 0..lanes {
                push(I::Ins { size, rd: V(dl * 3), dl, rn: V(31 - sl), sl });
            }
        }
    }
    for (a, b, _) in vregs3() {
        push(I::Cnt { rd: a, rn: b });
        push(I::Addv { rd: a, rn: b });
    }
    for s in [0, 7] {
        push(I::Bl(s));
        push(I::BSym(s));
    }
    // Label forms: the instruction at `at`, its label at `target` (forward, backward, itself,
    // near the end of `tbz`'s range both ways).
    let spots = [(0, 0x40), (0x100, 0), (0, 0), (0x10, 0x8008), (0x8000, 0x4)];
    let l = Label(0);
    for (k, &(at, target)) in spots.iter().enumerate() {
        let mut spot = |inst| v.push(Case { inst, at, target });
        spot(I::B(l));
        for cond in CONDS {
            spot(I::BCond(cond, l));
        }
        for sf in [false, true] {
            spot(I::Cbz { nz: false, sf, rt: X([0, 9, 30, 31, 5][k]), label: l });
            spot(I::Cbz { nz: true, sf, rt: X([31, 1, 16, 3, 29][k]), label: l });
        }
        for bit in [0, 5, 31, 32, 63] {
            spot(I::Tbz { nz: bit % 2 == 0, rt: X([3, 31, 30, 0, 17][k]), bit, label: l });
        }
        spot(I::Adr { rd: X([0, 31, 17, 30, 2][k]), label: l });
    }
    v.retain(|c| !unpredictable(&c.inst));
    v
}

/// Register combinations whose behaviour the architecture leaves open (LLVM warns about
/// them): a written-back base that is also loaded or stored, a pair load of one register
/// twice, a store-exclusive status register that is also its data or address.
fn unpredictable(i: &Inst) -> bool {
    let wb = |m: &Mem, r: X| match *m {
        Mem::Pre { base, .. } | Mem::Post { base, .. } => base.0 != 31 && base == r,
        _ => false,
    };
    match i {
        Inst::Load { rt, mem, .. } | Inst::Store { rt, mem, .. } => wb(mem, *rt),
        Inst::Pair { load, rt, rt2, mem, .. } => {
            wb(mem, *rt) || wb(mem, *rt2) || (*load && rt == rt2)
        }
        Inst::FPair { load, rt, rt2, .. } => *load && rt == rt2,
        Inst::Stxr { rs, rt, rn, .. } => rs == rt || (rs == rn && rn.0 != 31),
        _ => false,
    }
}

/// A relocation of an instruction's field: (offset, kind, symbol, addend).
type FieldReloc = (u32, RelocKind, SymId, i64);

/// Encodes `inst` at offset `at` with label 0 bound at `target`; the instruction's bytes and
/// the relocations of its own words (offsets from its start).
fn encode_at(inst: &Inst, at: u32, target: u32) -> (Vec<u8>, Vec<FieldReloc>) {
    let mut b = Buffer::default();
    let l = b.label();
    let pad_to = |b: &mut Buffer, to: u32| {
        while b.pos() < to {
            b.put4(0xd503_201f);
        }
    };
    if target <= at {
        pad_to(&mut b, target);
        b.bind(l);
    }
    pad_to(&mut b, at);
    encode(inst, &mut b);
    let end = b.pos();
    if target > at {
        pad_to(&mut b, target);
        b.bind(l);
    }
    assert_eq!(b.resolve_checked(), Ok(()), "{inst:?}");
    let relocs = b.relocs.iter().map(|&(o, k, s, a)| (o - at, k, s, a)).collect();
    (b.bytes[at as usize..end as usize].to_vec(), relocs)
}

/// What `llvm-mc` prints for the bytes of `inst` (printed by us as `ours`) at `at` when its
/// label is at `target`; `None` when it prints exactly `ours`.
fn llvm_text(inst: &Inst, ours: &str, at: u32, target: u32) -> Option<String> {
    let d = i64::from(target) - i64::from(at);
    let head = |s: &str| s.rsplit_once(' ').map_or(String::new(), |(h, _)| h.to_string());
    match *inst {
        Inst::B(_) | Inst::BCond(..) | Inst::Cbz { .. } | Inst::Tbz { .. } | Inst::Adr { .. } => {
            Some(format!("{} #{d}", head(ours)))
        }
        Inst::Bl(_) => Some("bl #0".to_string()),
        Inst::BSym(_) => Some("b #0".to_string()),
        Inst::AddrSym { rd, .. } => {
            let r = rd.name(true, false);
            Some(format!("adrp {r}, #0; add {r}, {r}, #0"))
        }
        Inst::AddrGot { rd, .. } => {
            let r = rd.name(true, false);
            Some(format!("adrp {r}, #0; ldr {r}, [{r}]"))
        }
        _ => None,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// The text of `triples.txt` as the encoder and printer make it now.
fn render() -> String {
    let mut s = String::from(
        "# (bytes, assembly) of representative instances of every AArch64 instruction form of\n\
         # native-backend, checked against llvm-mc-19 by aarch64/tests.rs (re-record: BLESS=1).\n\
         # A third column, for label and symbol operands, is what llvm-mc prints instead.\n",
    );
    for c in cases() {
        let (bytes, _) = encode_at(&c.inst, c.at, c.target);
        let ours = print(&c.inst, &TestNames { target: Some(c.target) }).replace('\n', "; ");
        s.push_str(&hex(&bytes));
        s.push('\t');
        s.push_str(&ours);
        if let Some(t) = llvm_text(&c.inst, &ours, c.at, c.target) {
            s.push('\t');
            s.push_str(&t);
        }
        s.push('\n');
    }
    s
}

fn triples_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/aarch64/triples.txt")
}

/// Tabs and runs of spaces to one space, comments (`// =0x10`) left out.
fn squash(s: &str) -> String {
    let s = s.split("//").next().unwrap_or(s);
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// True when `tool` runs; a test that needs it fails without it (the oracle is part of the
/// test, never skipped).
fn have(tool: &str) -> bool {
    let ok = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(ok, "{tool} is not installed: run scripts/setup-test-deps.sh (it installs LLVM 19)");
    ok
}

/// Runs `tool` with `args` on `input`; its standard output and error.
fn run(tool: &str, args: &[&str], input: &str) -> (String, String) {
    let spawned = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = spawned else {
        panic!("{tool} is not installed: run scripts/setup-test-deps.sh (it installs LLVM 19)");
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("the tool runs");
    writer.join().expect("writer").expect("write to the tool");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Instruction lines of `llvm-mc` output (directives left out), squashed.
fn asm_lines(out: &str) -> Vec<String> {
    out.lines().map(squash).filter(|l| !l.is_empty() && !l.starts_with('.')).collect()
}

/// Parses `triples.txt`: (bytes, our text, llvm-mc's text).
fn parse(text: &str) -> Vec<(Vec<u8>, String, String)> {
    let mut v = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let mut cols = line.split('\t');
        let bytes = cols.next().unwrap_or_default();
        let bytes: Vec<u8> = bytes
            .split(' ')
            .map(|h| u8::from_str_radix(h, 16).unwrap_or_else(|_| panic!("bad hex in {line:?}")))
            .collect();
        let ours = cols.next().unwrap_or_else(|| panic!("no text in {line:?}")).to_string();
        let llvm = cols.next().map_or_else(|| ours.clone(), str::to_string);
        v.push((bytes, ours, llvm));
    }
    v
}

fn recorded() -> Vec<(Vec<u8>, String, String)> {
    let triples = parse(&std::fs::read_to_string(triples_path()).expect("read triples.txt"));
    assert!(triples.len() > 2000, "too few triples");
    triples
}

/// (a) The recorded triples are what the encoder and printer produce now.
#[test]
fn triples_are_current() {
    let now = render();
    let path = triples_path();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &now).expect("write triples.txt");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    if recorded != now {
        let diff = recorded.lines().zip(now.lines()).position(|(a, b)| a != b);
        let at = diff.unwrap_or(recorded.lines().count().min(now.lines().count()));
        panic!(
            "aarch64/triples.txt is stale at line {} (recorded {:?}, now {:?}); check the \
             change and re-record with BLESS=1",
            at + 1,
            recorded.lines().nth(at),
            now.lines().nth(at)
        );
    }
}

/// (b) LLVM decodes every recorded instance's bytes to its recorded text.
#[test]
fn triples_match_llvm_disassembler() {
    if !have("llvm-mc-19") {
        return;
    }
    let triples = recorded();
    let mut input = String::new();
    for t in &triples {
        for b in &t.0 {
            input.push_str(&format!("0x{b:02x} "));
        }
        input.push('\n');
    }
    let (out, err) = run("llvm-mc-19", &["--disassemble", "-triple=aarch64"], &input);
    assert!(err.trim().is_empty(), "llvm-mc-19 --disassemble complained:\n{err}");
    let mut decoded = asm_lines(&out).into_iter();
    let mut bad = Vec::new();
    for (bytes, _, llvm) in &triples {
        let got: Vec<String> = decoded.by_ref().take(bytes.len() / 4).collect();
        let got = got.join("; ");
        if got != squash(llvm) {
            bad.push(format!("{}: {llvm:?} decodes as {got:?}", hex(bytes)));
        }
    }
    assert!(decoded.next().is_none(), "more instructions decoded than recorded");
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

/// The bytes of one `encoding: [...]` list of `llvm-mc -show-encoding` (fixup bits as 0).
fn encoding_bytes(list: &str) -> Vec<u8> {
    list.split(',')
        .map(|b| {
            let b = b.trim();
            let b = b.split('\'').next().unwrap_or(b);
            if let Some(bits) = b.strip_prefix("0b") {
                u8::from_str_radix(&bits.replace('A', "0"), 2).unwrap_or(0xee)
            } else if let Some(h) = b.strip_prefix("0x") {
                u8::from_str_radix(h, 16).unwrap_or(0xee)
            } else {
                0 // `A`: a byte of a fixup
            }
        })
        .collect()
}

/// (b') LLVM's assembler reads our text (for label forms, its own text with the
/// displacement) and encodes it to our bytes.
#[test]
fn llvm_assembles_our_text() {
    if !have("llvm-mc-19") {
        return;
    }
    let triples = recorded();
    let mut input = String::new();
    for (_, ours, llvm) in &triples {
        // Only label targets follow a space with `0x` (immediates have `#`).
        input.push_str(if ours.contains(" 0x") { llvm } else { ours });
        input.push('\n');
    }
    let (out, err) = run("llvm-mc-19", &["-triple=aarch64", "-show-encoding"], &input);
    assert!(err.trim().is_empty(), "llvm-mc-19 could not assemble our text:\n{err}");
    let all: Vec<u8> = out
        .lines()
        .filter_map(|l| l.split_once("encoding: [").map(|(_, e)| e.trim_end_matches(']')))
        .flat_map(encoding_bytes)
        .collect();
    let ours: Vec<u8> = triples.iter().flat_map(|t| t.0.iter().copied()).collect();
    assert_eq!(all.len(), ours.len(), "byte count");
    let mut at = 0;
    let mut bad = Vec::new();
    for (bytes, text, _) in &triples {
        let got = &all[at..at + bytes.len()];
        if got != bytes.as_slice() {
            bad.push(format!("{text:?}: ours {}, llvm-mc {}", hex(bytes), hex(got)));
        }
        at += bytes.len();
    }
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

/// Symbol operands: relocations of the right kinds and addends over zeroed fields.
#[test]
fn symbol_relocations() {
    let cases = [
        (Inst::Bl(3), vec![(0, RelocKind::Call26, 3, 0)]),
        (Inst::BSym(3), vec![(0, RelocKind::Jump26, 3, 0)]),
        (
            Inst::AddrSym { rd: X(5), sym: 3, addend: 12 },
            vec![(0, RelocKind::AdrPage21, 3, 12), (4, RelocKind::AddLo12, 3, 12)],
        ),
        (
            Inst::AddrGot { rd: X(5), sym: 3 },
            vec![(0, RelocKind::GotPage21, 3, 0), (4, RelocKind::GotLo12, 3, 0)],
        ),
    ];
    for (inst, want) in cases {
        let (_, relocs) = encode_at(&inst, 0, 0);
        assert_eq!(relocs, want, "{inst:?}");
    }
    let t = |k| crate::object::elf_reloc_type_on(crate::Target::Aarch64, k);
    assert_eq!(
        [RelocKind::Abs64, RelocKind::AdrPage21, RelocKind::AddLo12, RelocKind::Jump26].map(t),
        [257, 275, 277, 282]
    );
    assert_eq!(
        [RelocKind::Call26, RelocKind::GotPage21, RelocKind::GotLo12].map(t),
        [283, 311, 312]
    );
}

/// Forms that cannot be encoded trap (`udf`) rather than panic; out-of-range fields are cut.
#[test]
fn bad_operands_do_not_panic() {
    let mut b = Buffer::default();
    let bad = [
        Inst::LogicImm { op: LogicOp::And, sf: true, rd: X(0), rn: X(1), imm: 0 },
        Inst::LogicImm { op: LogicOp::Orr, sf: false, rd: X(0), rn: X(1), imm: 0x1234 },
        Inst::Pair {
            load: true,
            sf: true,
            rt: X(0),
            rt2: X(1),
            mem: Mem::Reg { base: X(2), index: X(3), scaled: true },
        },
    ];
    for i in &bad {
        encode(i, &mut b);
        let _ = print(i, &TestNames { target: None });
    }
    assert_eq!(b.bytes, [0xad, 0xde, 0, 0].repeat(3));
    let wild = [
        Inst::AddImm {
            op: AddOp::Add,
            sf: true,
            rd: X(200),
            rn: X(99),
            imm12: 0xffff,
            lsl12: true,
        },
        Inst::MovWide { op: MovOp::Movz, sf: false, rd: X(255), imm16: 1, hw: 9 },
        Inst::Bitfield { op: BfOp::Ubfm, sf: false, rd: X(1), rn: X(2), immr: 200, imms: 99 },
        Inst::Load { kind: LoadKind::U64, rt: X(1), mem: Mem::Off { base: X(2), off: i32::MIN } },
        Inst::Pair {
            load: false,
            sf: true,
            rt: X(1),
            rt2: X(2),
            mem: Mem::Pre { base: X(3), off: 9999 },
        },
        Inst::Tbz { nz: true, rt: X(1), bit: 200, label: Label(7) },
        Inst::Ins { size: FSize::Q, rd: V(40), dl: 9, rn: V(1), sl: 200 },
        Inst::FCvt { to: FSize::Q, from: FSize::Q, rd: V(1), rn: V(2) },
    ];
    for i in &wild {
        encode(i, &mut b);
        let _ = print(i, &TestNames { target: None });
    }
    assert_eq!(b.resolve_checked(), Err(crate::buffer::FixupError::Unbound));
}

/// Names for one buffer: labels where it bound them.
struct BufNames<'a>(&'a Buffer);

impl Names for BufNames<'_> {
    fn sym(&self, id: SymId) -> String {
        format!("fn{id}")
    }
    fn label(&self, l: Label) -> Option<u32> {
        self.0.bound(l)
    }
}

/// A relocatable AArch64 ELF object of `code` as function `f` (the symbols `fn<n>`
/// undefined).
fn elf_object(code: &[u8], relocs: &[FieldReloc]) -> Vec<u8> {
    use object::write::{Object, Relocation, StandardSection, Symbol, SymbolSection};
    use object::{Architecture, BinaryFormat, Endianness, RelocationFlags};
    use object::{SymbolFlags, SymbolKind, SymbolScope};
    let mut obj = Object::new(BinaryFormat::Elf, Architecture::Aarch64, Endianness::Little);
    let text = obj.section_id(StandardSection::Text);
    obj.set_section_data(text, code.to_vec(), 16);
    let sym = |name: String, section, size| Symbol {
        name: name.into_bytes(),
        value: 0,
        size,
        kind: SymbolKind::Text,
        scope: SymbolScope::Linkage,
        weak: false,
        section,
        flags: SymbolFlags::None,
    };
    obj.add_symbol(sym("f".into(), SymbolSection::Section(text), code.len() as u64));
    let ids: Vec<_> = (0..8)
        .map(|n| obj.add_symbol(sym(format!("fn{n}"), SymbolSection::Undefined, 0)))
        .collect();
    for &(offset, kind, s, addend) in relocs {
        let r_type = crate::object::elf_reloc_type_on(crate::Target::Aarch64, kind);
        let r = Relocation {
            offset: u64::from(offset),
            symbol: ids[s as usize],
            addend,
            flags: RelocationFlags::Elf { r_type },
        };
        obj.add_relocation(text, r).expect("a relocation");
    }
    obj.write().expect("an object")
}

/// (c) All forms in one object, labels bound near their branches: `llvm-objdump-19 -d -r`
/// shows our texts (label targets as offsets into the function, as we print them; symbol
/// operands as their zeroed fields) and our relocations.
#[test]
fn llvm_objdump_reads_an_object() {
    if !have("llvm-objdump-19") {
        return;
    }
    let cases = cases();
    let mut b = Buffer::default();
    // Each label form gets its own label, bound up to 20 instructions before or after it.
    let n = cases.len();
    let mut binds: Vec<Vec<Label>> = vec![Vec::new(); n + 1];
    let insts: Vec<Inst> = cases
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let mut i = c.inst.clone();
            let l = b.label();
            let at = (k + (k * 7919) % 41).saturating_sub(20).min(n);
            match &mut i {
                Inst::B(x) | Inst::BCond(_, x) => *x = l,
                Inst::Cbz { label, .. } | Inst::Tbz { label, .. } | Inst::Adr { label, .. } => {
                    *label = l
                }
                _ => return i,
            }
            binds[at].push(l);
            i
        })
        .collect();
    let mut starts = Vec::new();
    for (k, i) in insts.iter().enumerate() {
        for &l in &binds[k] {
            b.bind(l);
        }
        starts.push(b.pos());
        encode(i, &mut b);
    }
    for &l in &binds[n] {
        b.bind(l);
    }
    assert_eq!(b.resolve_checked(), Ok(()));
    let names = BufNames(&b);
    let mut want = Vec::new();
    for (i, &at) in insts.iter().zip(&starts) {
        let r = |x: X| x.name(true, false);
        let page = at & !0xfff;
        let lines = match *i {
            Inst::Bl(_) => vec![format!("bl 0x{at:x}")],
            Inst::BSym(_) => vec![format!("b 0x{at:x}")],
            Inst::AddrSym { rd, .. } => {
                vec![format!("adrp {}, 0x{page:x}", r(rd)), format!("add {0}, {0}, #0", r(rd))]
            }
            Inst::AddrGot { rd, .. } => {
                vec![format!("adrp {}, 0x{page:x}", r(rd)), format!("ldr {0}, [{0}]", r(rd))]
            }
            _ => print(i, &names).lines().map(str::to_string).collect(),
        };
        want.extend(lines.into_iter().enumerate().map(|(k, t)| (at + 4 * k as u32, t)));
    }
    let want_relocs: Vec<String> = b
        .relocs
        .iter()
        .map(|&(off, kind, s, a)| {
            let name = crate::object::elf_reloc_name_on(crate::Target::Aarch64, kind);
            let a = match a {
                0 => String::new(),
                a if a < 0 => format!("-{:#x}", a.unsigned_abs()),
                a => format!("+{a:#x}"),
            };
            format!("{off:x}: {name} fn{s}{a}")
        })
        .collect();
    let path = std::env::temp_dir().join(format!("irplay-a64-{}.o", std::process::id()));
    std::fs::write(&path, elf_object(&b.bytes, &b.relocs)).expect("write the object");
    let out = Command::new("llvm-objdump-19")
        .args(["-d", "-r", "--no-show-raw-insn", "--no-print-imm-hex"])
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    let out = out.expect("llvm-objdump-19 runs (scripts/setup-test-deps.sh installs it)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let (mut got, mut got_relocs) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let Some((off, rest)) = line.trim().split_once(':') else { continue };
        let Ok(off) = u32::from_str_radix(off.trim(), 16) else { continue };
        // Label operands show `<f+0x1c>` after the address.
        let rest = squash(rest.split(" <").next().unwrap_or(rest));
        if rest.starts_with("R_AARCH64") {
            got_relocs.push(format!("{off:x}: {rest}"));
        } else if !rest.is_empty() {
            got.push((off, rest));
        }
    }
    let bad: Vec<String> = want
        .iter()
        .zip(&got)
        .filter(|(a, b)| a != b)
        .take(20)
        .map(|(a, b)| format!("{:x}: ours {:?}, objdump {:?}", a.0, a.1, b.1))
        .collect();
    assert!(bad.is_empty(), "mismatches:\n{}", bad.join("\n"));
    assert_eq!(got.len(), want.len(), "instruction count");
    assert_eq!(got_relocs, want_relocs);
}
