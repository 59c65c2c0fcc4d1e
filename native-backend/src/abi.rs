//! Argument and result placement: where each of a signature's scalar registers goes under a
//! C calling convention with `ngpr` integer and `nfpr` float argument registers (System V
//! x86-64: 6 and 8), the rest in 8-byte stack slots in order.

use irplay_core::lower::{Pack, Ty};

/// Where one argument or result goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Loc {
    /// The `k`th integer argument (or result) register.
    Int(u8),
    /// The `k`th float argument (or result) register.
    Float(u8),
    /// Lane 1 of the `k`th float argument (or result) register (a `<2 x float>`).
    FloatHi(u8),
    /// The `k`th register of the x87 stack (`st0`, `st1`): float results after the first
    /// two, as LLVM returns them on x86-64.
    X87(u8),
    /// At this offset of the outgoing (or incoming) stack area.
    Stack(u32),
    /// A `byval` argument: the pointee (`size` bytes) copied to this offset of the stack
    /// area; the parameter is the copy's address.
    Copy {
        /// Where the copy goes.
        off: u32,
        /// Bytes copied.
        size: u32,
    },
}

/// The places of arguments of types `tys` (with the [`Pack`]s of their signature), and the
/// bytes of stack they take.
pub fn place_args(
    tys: impl IntoIterator<Item = Ty>,
    packs: &[(u32, Pack)],
    ngpr: u8,
    nfpr: u8,
) -> (Vec<Loc>, u32) {
    let (mut gi, mut fi, mut stack) = (0u8, 0u8, 0u32);
    // The second half of a pair placed with the first.
    let mut second: Option<Loc> = None;
    let locs = tys
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            if let Some(l) = second.take() {
                return l;
            }
            match packs.iter().find(|p| p.0 == k as u32).map(|p| p.1) {
                Some(Pack::ByVal { size, align }) => {
                    let a = align.clamp(8, 4096);
                    let off = stack.div_ceil(a) * a;
                    stack = off + size.div_ceil(8) * 8;
                    return Loc::Copy { off, size };
                }
                Some(Pack::I128) => {
                    // Both halves in registers, or both on the stack 16-byte aligned (and
                    // then, as llc-19 does, no integer register is used after it).
                    if gi + 2 <= ngpr {
                        gi += 2;
                        second = Some(Loc::Int(gi - 1));
                        return Loc::Int(gi - 2);
                    }
                    gi = ngpr;
                    let off = stack.div_ceil(16) * 16;
                    stack = off + 16;
                    second = Some(Loc::Stack(off + 8));
                    return Loc::Stack(off);
                }
                Some(Pack::F32x2) => {
                    if fi < nfpr {
                        fi += 1;
                        second = Some(Loc::FloatHi(fi - 1));
                        return Loc::Float(fi - 1);
                    }
                    // On the stack as LLVM legalizes it: a 16-byte vector slot, 16-aligned.
                    let off = stack.div_ceil(16) * 16;
                    stack = off + 16;
                    second = Some(Loc::Stack(off + 4));
                    return Loc::Stack(off);
                }
                _ => {}
            }
            if t.is_float() {
                if fi < nfpr {
                    fi += 1;
                    return Loc::Float(fi - 1);
                }
            } else if gi < ngpr {
                gi += 1;
                return Loc::Int(gi - 1);
            }
            stack += 8;
            Loc::Stack(stack - 8)
        })
        .collect();
    (locs, stack)
}

/// The places of results of types `tys` (with the [`Pack::RetF32x2`]s of their signature) in
/// `nint` integer and `nfloat` float registers, or `None` when they do not fit.
pub fn place_results(tys: &[Ty], packs: &[(u32, Pack)], nint: u8, nfloat: u8) -> Option<Vec<Loc>> {
    let (mut gi, mut fi) = (0u8, 0u8);
    let mut second = None;
    tys.iter()
        .enumerate()
        .map(|(k, t)| {
            if let Some(l) = second.take() {
                return Some(l);
            }
            if packs.iter().any(|p| p.0 == k as u32 && p.1 == Pack::RetF32x2) {
                fi += 1;
                second = Some(Loc::FloatHi(fi - 1));
                return (fi <= nfloat).then_some(Loc::Float(fi - 1));
            }
            if t.is_float() {
                fi += 1;
                if fi <= nfloat {
                    Some(Loc::Float(fi - 1))
                } else {
                    (fi <= nfloat + 2).then_some(Loc::X87(fi - nfloat - 1))
                }
            } else {
                gi += 1;
                (gi <= nint).then_some(Loc::Int(gi - 1))
            }
        })
        .collect()
}

/// Counts the float registers among `locs` (the `al` of an x86-64 variadic call).
pub fn float_regs(locs: &[Loc]) -> u8 {
    locs.iter().filter(|l| matches!(l, Loc::Float(_))).count() as u8
}

/// True when results of types `ret` go through memory, as LLVM returns them on x86-64 when
/// more than three are integers or more than four are floats: the caller passes the address of an area as a hidden first
/// argument, the callee stores the results there (laid out as a C struct of them) and returns
/// the address.
pub fn demoted(ret: &[Ty]) -> bool {
    let floats = ret.iter().filter(|t| t.is_float()).count();
    ret.len() - floats > 3 || floats > 4
}

/// The offsets of demoted results in their area (each at its natural alignment), and the
/// area's size.
pub fn ret_layout(ret: &[Ty]) -> (Vec<u32>, u32) {
    let mut at = 0u32;
    let offs = ret
        .iter()
        .map(|t| {
            let size = if matches!(t, Ty::I32 | Ty::F32) { 4 } else { 8 };
            let off = at.div_ceil(size) * size;
            at = off + size;
            off
        })
        .collect();
    (offs, at.div_ceil(8) * 8)
}

/// The packs of a signature whose arguments are shifted by one (behind a hidden pointer).
pub fn shifted(packs: &[(u32, Pack)]) -> Vec<(u32, Pack)> {
    packs.iter().map(|&(k, p)| (k + 1, p)).collect()
}

/// The places of arguments of types `tys` (with the [`Pack`]s of their signature) under
/// AAPCS64 as LLVM applies it (checked against llc-19): integers in `x0`-`x7` and floats in
/// `v0`-`v7`, independently; the rest in 8-byte stack slots, in order. Once one integer (or
/// float) goes to the stack, no later one takes a register. An `i128` takes an even-numbered
/// register pair or 16 aligned bytes of stack; a [`Pack::Block`] consecutive registers of its
/// class or, when they do not all fit, the stack (its leaves packed at their sizes, the first
/// 8-byte aligned), and then the class has no register left; a `<2 x float>` one float register
/// or 8 bytes of stack; a `byval` copy goes to the stack without taking a register; an `sret`
/// pointer is [`Loc::Int`]`(8)`, the register `x8`.
pub fn place_args_aapcs64(tys: &[Ty], packs: &[(u32, Pack)]) -> (Vec<Loc>, u32) {
    let (mut gi, mut fi, mut stack) = (0u8, 0u8, 0u32);
    let mut locs = Vec::with_capacity(tys.len());
    let slot = |stack: &mut u32, size: u32, align: u32| {
        let off = stack.div_ceil(align) * align;
        *stack = off + size;
        off
    };
    let mut k = 0usize;
    while let Some(&t) = tys.get(k) {
        match packs.iter().find(|p| p.0 == k as u32).map(|p| p.1) {
            Some(Pack::Sret) => {
                locs.push(Loc::Int(8));
                k += 1;
                continue;
            }
            Some(Pack::ByVal { size, align }) => {
                let off = slot(&mut stack, size.div_ceil(8) * 8, align.clamp(8, 4096));
                locs.push(Loc::Copy { off, size });
                k += 1;
                continue;
            }
            Some(Pack::I128) => {
                gi += gi % 2;
                if gi + 2 <= 8 {
                    locs.extend([Loc::Int(gi), Loc::Int(gi + 1)]);
                    gi += 2;
                } else {
                    gi = 8;
                    let off = slot(&mut stack, 16, 16);
                    locs.extend([Loc::Stack(off), Loc::Stack(off + 8)]);
                }
                k += 2;
                continue;
            }
            Some(Pack::F32x2) => {
                if fi < 8 {
                    locs.extend([Loc::Float(fi), Loc::FloatHi(fi)]);
                    fi += 1;
                } else {
                    let off = slot(&mut stack, 8, 8);
                    locs.extend([Loc::Stack(off), Loc::Stack(off + 4)]);
                }
                k += 2;
                continue;
            }
            Some(Pack::Block { n }) => {
                let n = (n as usize).min(tys.len() - k);
                let float = t.is_float();
                let next = if float { &mut fi } else { &mut gi };
                if usize::from(*next) + n <= 8 {
                    for j in 0..n as u8 {
                        locs.push(if float { Loc::Float(*next + j) } else { Loc::Int(*next + j) });
                    }
                    *next += n as u8;
                } else {
                    *next = 8;
                    let size = if matches!(t, Ty::I32 | Ty::F32) { 4 } else { 8 };
                    let mut off = slot(&mut stack, 0, 8);
                    for _ in 0..n {
                        locs.push(Loc::Stack(off));
                        off += size;
                    }
                    stack = off;
                }
                k += n.max(1);
                continue;
            }
            _ => {}
        }
        if t.is_float() && fi < 8 {
            locs.push(Loc::Float(fi));
            fi += 1;
        } else if !t.is_float() && gi < 8 {
            locs.push(Loc::Int(gi));
            gi += 1;
        } else {
            if t.is_float() {
                fi = 8;
            } else {
                gi = 8;
            }
            locs.push(Loc::Stack(slot(&mut stack, 8, 8)));
        }
        k += 1;
    }
    (locs, stack.div_ceil(8) * 8)
}
