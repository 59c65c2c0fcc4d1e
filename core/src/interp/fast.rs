//! The fast path of the run loop: runs ops for as long as each one is the plain case (defined
//! operands, a valid access to defined bytes, no flag violated, a call of a decoded function
//! with plain arguments, a return to an IR caller), over the frame's registers as one slice,
//! with the step budget in a local counter.
//!
//! It stops before the first op that needs anything else (a poison or undef operand, a flag
//! that makes poison, undefined behaviour, a library call, a generic op), leaving the frame's
//! pc on it; the general path (`exec.rs`) then runs that op with the full semantics and comes
//! back. An op either completes here with exactly the general path's result or leaves no
//! effect, so the split is invisible: same results, same steps, same reports.

use super::code::{Callee, Cvt, Edge, FnCode, Gep, Intr, Op, MAX_LANES, NONE, TAG};
use super::fp;
use super::memory::{AllocKind, Memory, RESERVED, TAINT};
use super::scalar::{self, IOp};
use super::state::Frame;
use super::value::{mask, sext, Slot, Val};
use crate::ir::InstFlags;
use std::rc::Rc;

/// The result of a fast conversion of defined bits.
#[inline]
pub fn cvt(k: Cvt, bits: u64, w: u8) -> u64 {
    match k {
        Cvt::SiToF64 => (sext(bits, w as u32) as f64).to_bits(),
        Cvt::UiToF64 => (bits as f64).to_bits(),
        Cvt::SiToF32 => (sext(bits, w as u32) as f32).to_bits() as u64,
        Cvt::UiToF32 => (bits as f32).to_bits() as u64,
        Cvt::F32ToF64 => {
            let v = f32::from_bits(bits as u32);
            if v.is_nan() {
                (f64::from_bits(((bits & 0x8000_0000) << 32) | 0x7FF8_0000_0000_0000 | ((bits & 0x3F_FFFF) << 29))).to_bits()
            } else {
                (v as f64).to_bits()
            }
        }
        Cvt::F64ToF32 => {
            let v = f64::from_bits(bits);
            if v.is_nan() {
                ((((bits >> 32) & 0x8000_0000) as u32) | 0x7FC0_0000 | ((bits >> 29) as u32 & 0x3F_FFFF)) as u64
            } else {
                (v as f32).to_bits() as u64
            }
        }
    }
}

/// The result of a fast intrinsic on defined operands.
#[inline]
pub fn intr(k: Intr, x: Slot, y: Slot, z: Slot, w: u8) -> Slot {
    match k {
        Intr::FmaF64 => Slot::int(fp::fma(crate::ir::FloatKind::Double, x.bits as u128, y.bits as u128, z.bits as u128) as u64),
        Intr::FmaF32 => Slot::int(fp::fma(crate::ir::FloatKind::Float, x.bits as u128, y.bits as u128, z.bits as u128) as u64),
        Intr::SMax => if sext(x.bits, w as u32) >= sext(y.bits, w as u32) { x } else { y },
        Intr::SMin => if sext(x.bits, w as u32) <= sext(y.bits, w as u32) { x } else { y },
        Intr::UMax => if x.bits >= y.bits { x } else { y },
        Intr::UMin => if x.bits <= y.bits { x } else { y },
        Intr::FAbs64 => Slot::int(x.bits & !(1u64 << 63)),
        Intr::Sqrt64 => Slot::int(fp::fix64(f64::from_bits(x.bits).sqrt(), f64::from_bits(x.bits), 0.0).to_bits()),
        Intr::Expect => x,
    }
}

/// The variable part of a scalar GEP over the frame's registers: the offset, the first
/// operand taint seen (0 if none), and whether the offset overflowed as signed and unsigned.
#[inline]
pub fn gep_offset(regs: &[Slot], gep: &Gep) -> Option<(i64, u32, bool, bool)> {
    let mut off = gep.off;
    let mut taint = 0u32;
    let (mut so, mut uo) = (false, false);
    for &(ir, scale, iw) in gep.idx.iter() {
        let x = *regs.get(ir as usize)?;
        taint |= x.poison;
        let iv = sext(x.bits, iw as u32);
        let (pm, o1) = iv.overflowing_mul(scale);
        let (s, o2) = off.overflowing_add(pm);
        so |= o1 | o2;
        uo |= iv < 0 || (x.bits as u128 * scale as u128) > u64::MAX as u128;
        off = s;
    }
    Some((off, taint, so, uo))
}

/// True when `Interp::gep_finish` would make the result poison (the same conditions).
#[inline]
pub fn gep_poison(mem: &Memory, base: Slot, off: i64, flags: u16, ovf: (bool, bool)) -> bool {
    let addr = base.bits.wrapping_add(off as u64);
    if flags == 0 {
        return false;
    }
    if flags & (InstFlags::INBOUNDS | InstFlags::NUSW) != 0 && (ovf.0 || (off >= 0) != (addr >= base.bits) && off != 0) {
        return true;
    }
    if flags & InstFlags::NUW != 0 && (ovf.1 || off < 0 || addr < base.bits) {
        return true;
    }
    if flags & InstFlags::INBOUNDS != 0 && off != 0 {
        let ok = mem.alloc_of(base).and_then(|i| mem.allocs.get(i as usize)).is_some_and(|a| {
            let lo = base.bits.wrapping_sub(a.base);
            let hi = addr.wrapping_sub(a.base);
            a.live && lo <= a.size && hi <= a.size
        });
        return !ok;
    }
    false
}

/// Performs the phi moves of an edge when they are all between narrow registers (or lane
/// vectors) and every source is defined; returns the target pc, or `None` (nothing moved).
#[inline(always)]
fn edge(code: &FnCode, regs: &mut [Slot], e: u32) -> Option<usize> {
    let ed: &Edge = code.edges.get(e as usize)?;
    if ed.n == 0 {
        return Some(ed.pc as usize);
    }
    edge_moves(code, regs, ed)
}

#[inline(never)]
fn edge_moves(code: &FnCode, regs: &mut [Slot], ed: &Edge) -> Option<usize> {
    if !ed.narrow {
        return None;
    }
    let moves: &[[u32; 2]] = code.lane_moves.get(ed.lm as usize..(ed.lm + ed.ln) as usize)?;
    debug_assert!(code.fast && regs.len() == code.template.len());
    macro_rules! r {
        ($i:expr) => {
            // SAFETY: `code.fast` says `FnCode::validate` checked that every lane move of a
            // narrow edge names registers below `code.template.len()`, which is `regs.len()`.
            unsafe { *regs.get_unchecked($i as usize) }
        };
    }
    if moves.iter().any(|m| r!(m[1]).poison != 0) {
        return None;
    }
    if ed.par {
        // Read every source before writing any destination.
        let mut buf = [Slot::default(); 32];
        if moves.len() > buf.len() {
            return None;
        }
        for (b, m) in buf.iter_mut().zip(moves) {
            *b = r!(m[1]);
        }
        for (b, m) in buf.iter().zip(moves) {
            // SAFETY: as for `r!`.
            unsafe { *regs.get_unchecked_mut(m[0] as usize) = *b };
        }
    } else {
        // No move reads a register an earlier one wrote (`par` is false), so in order.
        for m in moves {
            let v = r!(m[1]);
            // SAFETY: as for `r!`.
            unsafe { *regs.get_unchecked_mut(m[0] as usize) = v };
        }
    }
    Some(ed.pc as usize)
}

/// `x op y` on `iW` for defined operands when the result is a plain value: the common cases
/// inline, the rest through [`scalar::ibin`]; `None` when it is poison or undefined behaviour.
#[inline(always)]
fn ibin(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    let w32 = w as u32;
    let m = mask(w32);
    if f & (InstFlags::EXACT | InstFlags::DISJOINT) == 0 {
        let (r, u, s) = match op {
            IOp::Add => (x.wrapping_add(y), x as u128 + y as u128, sext(x, w32) as i128 + sext(y, w32) as i128),
            IOp::Sub => (x.wrapping_sub(y), if x < y { u128::MAX } else { 0 }, sext(x, w32) as i128 - sext(y, w32) as i128),
            IOp::Mul => (x.wrapping_mul(y), x as u128 * y as u128, sext(x, w32) as i128 * sext(y, w32) as i128),
            _ => return ibin_other(op, f, w, x, y),
        };
        let (smin, smax) = (sext(1u64 << (w32 - 1), w32) as i128, (m >> 1) as i128);
        if (f & InstFlags::NUW != 0 && u > m as u128) || (f & InstFlags::NSW != 0 && (s < smin || s > smax)) {
            return None;
        }
        return Some(r & m);
    }
    scalar::ibin(op, f, w32, x, y).ok()
}

#[inline(always)]
fn ibin_other(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    let w32 = w as u32;
    let m = mask(w32);
    match op {
        IOp::Shl if f == 0 => (y < w as u64).then(|| (x << y) & m),
        IOp::LShr => (y < w as u64).then(|| x >> y),
        IOp::AShr => (y < w as u64).then(|| (sext(x, w32) >> y) as u64 & m),
        IOp::UDiv => (y != 0).then(|| x / y),
        IOp::URem => (y != 0).then(|| x % y),
        IOp::And => Some(x & y),
        IOp::Or => Some(x | y),
        IOp::Xor => Some(x ^ y),
        _ => scalar::ibin(op, f, w32, x, y).ok(),
    }
}

/// Why [`ops`] stopped.
enum Stop {
    /// The op at pc needs the general path (or the budget ran out).
    Slow,
    /// The op at pc is call site `c`.
    Call(u32),
    /// The op at pc returns operand `v`.
    Ret(u32),
}

/// The parts of the interpreter the fast path works on.
pub struct Fast<'a> {
    /// The call stack.
    pub frames: &'a mut Vec<Frame>,
    /// Narrow registers of all frames.
    pub regs: &'a mut Vec<Slot>,
    /// Wide registers of all frames.
    pub wregs: &'a mut Vec<Val>,
    /// Memory.
    pub mem: &'a mut Memory,
    /// Live allocas of all frames.
    pub allocas: &'a mut Vec<u32>,
    /// Decoded functions by global index.
    pub funcs: &'a [Option<Rc<FnCode>>],
    /// The stack depth limit.
    pub max_depth: u32,
}

impl Fast<'_> {
    /// Runs at most `budget` ops from the top frame's pc, across calls and returns, and
    /// returns how many ran. The top frame's pc is left on the op to run next.
    pub fn run(&mut self, budget: u64) -> u64 {
        let mut left = budget;
        loop {
            let Some(fr) = self.frames.last() else { break };
            if fr.native.is_some() || !fr.code.fast {
                break;
            }
            let code = fr.code.clone();
            let base = fr.base as usize;
            let mut pc = fr.pc as usize;
            let Some(regs) = self.regs.get_mut(base..base + code.template.len()) else { break };
            let stop = ops(&code, regs, self.mem, self.allocas, &mut pc, &mut left);
            if let Some(fr) = self.frames.last_mut() {
                fr.pc = pc as u32;
            }
            let done = match stop {
                Stop::Slow => false,
                Stop::Call(c) => self.call(&code, base, pc, c),
                Stop::Ret(v) => self.ret(&code, base, v),
            };
            if !done {
                break;
            }
            left -= 1;
        }
        budget - left
    }

    /// Calls site `c` of the top frame (at `pc`) when the fast path may: pushes the callee's
    /// frame as `Interp::do_call` does. False (nothing changed) otherwise.
    fn call(&mut self, code: &FnCode, base: usize, pc: usize, c: u32) -> bool {
        let Some(cs) = code.calls.get(c as usize) else { return false };
        let (true, Callee::Direct(g)) = (cs.fast, &cs.callee) else { return false };
        let Some(Some(callee)) = self.funcs.get(*g as usize) else { return false };
        if !callee.fast || !callee.narrow_params || callee.params.len() != cs.args.len() || self.frames.len() as u64 >= self.max_depth as u64 {
            return false;
        }
        for (&a, &nu) in cs.args.iter().zip(cs.noundef.iter()) {
            if nu && self.regs.get(base + a as usize).is_none_or(|s| s.poison != 0) {
                return false;
            }
        }
        let nb = self.regs.len();
        let nwb = self.wregs.len();
        self.regs.extend_from_slice(&callee.template);
        for (&a, &p) in cs.args.iter().zip(callee.params.iter()) {
            let v = self.regs.get(base + a as usize).copied().unwrap_or_default();
            if let Some(r) = self.regs.get_mut(nb + p as usize) {
                *r = v;
            }
        }
        self.wregs.extend(callee.wtemplate.iter().cloned());
        if let Some(fr) = self.frames.last_mut() {
            fr.pc = pc as u32 + 1;
            fr.call = c;
        }
        let amark = self.allocas.len() as u32;
        self.frames.push(Frame { code: callee.clone(), pc: 0, base: nb as u32, wbase: nwb as u32, amark, call: NONE, va: None, native: None });
        true
    }

    /// Returns operand `v` of the top frame to its IR caller when the fast path may: pops the
    /// frame and writes the call's result as `Interp::do_return` does. False (nothing changed)
    /// otherwise.
    fn ret(&mut self, code: &FnCode, base: usize, v: u32) -> bool {
        let val = if v == NONE {
            None
        } else if v & TAG == 0 {
            match self.regs.get(base + v as usize) {
                Some(s) => Some(*s),
                None => return false,
            }
        } else {
            return false;
        };
        if code.ret_noundef && val.is_some_and(|s| s.poison != 0) {
            return false;
        }
        let n = self.frames.len();
        let Some(caller) = n.checked_sub(2).and_then(|i| self.frames.get(i)) else { return false };
        if caller.native.is_some() {
            return false;
        }
        let Some(cs) = caller.code.calls.get(caller.call as usize) else { return false };
        if cs.invoke.is_some() || (cs.dst != NONE && cs.dst & TAG != 0) {
            return false;
        }
        let (dst, cbase) = (cs.dst, caller.base as usize);
        let Some(fr) = self.frames.pop() else { return false };
        self.mem.free_allocas(self.allocas, fr.amark as usize);
        self.regs.truncate(fr.base as usize);
        self.wregs.truncate(fr.wbase as usize);
        if let Some(caller) = self.frames.last_mut() {
            caller.call = NONE;
        }
        if dst != NONE {
            if let Some(r) = self.regs.get_mut(cbase + dst as usize) {
                *r = val.unwrap_or_default();
            }
        }
        true
    }
}

/// Runs ops of `code` from `*pc` over the frame's registers `regs` while they take the fast
/// path and `*left` allows, counting them down from `*left`. Stops with `*pc` on the op to
/// run next.
fn ops(code: &FnCode, regs: &mut [Slot], mem: &mut Memory, allocas: &mut Vec<u32>, pc: &mut usize, left: &mut u64) -> Stop {
    let ops = &code.ops[..];
    let mut p = *pc;
    let mut n = *left;
    debug_assert!(code.fast && regs.len() == code.template.len());
    let stop = 'run: loop {
        macro_rules! r {
            ($i:expr) => {
                // SAFETY: `code.fast` says `FnCode::validate` checked that every register an op
                // names is below `code.template.len()`, which is `regs.len()` (see `Fast::run`).
                unsafe { *regs.get_unchecked($i as usize) }
            };
        }
        macro_rules! w {
            ($i:expr, $v:expr) => {{
                let v = $v;
                // SAFETY: as for `r!`.
                unsafe {
                    *regs.get_unchecked_mut($i as usize) = v;
                }
            }};
        }
        macro_rules! clean2 {
            ($a:expr, $b:expr) => {{
                let (x, y) = (r!($a), r!($b));
                if (x.poison | y.poison) != 0 {
                    break 'run Stop::Slow;
                }
                (x, y)
            }};
        }
        macro_rules! clean1 {
            ($a:expr) => {{
                let x = r!($a);
                if x.poison != 0 {
                    break 'run Stop::Slow;
                }
                x
            }};
        }
        macro_rules! jump {
            ($e:expr) => {{
                match edge(code, regs, $e) {
                    Some(t) => {
                        p = t;
                        n -= 1;
                        continue;
                    }
                    None => break 'run Stop::Slow,
                }
            }};
        }
        if n == 0 {
            break 'run Stop::Slow;
        }
        let Some(op) = ops.get(p) else { break 'run Stop::Slow };
        match *op {
            Op::Add { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_add(y.bits) & mask(w as u32)));
            }
            Op::Sub { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_sub(y.bits) & mask(w as u32)));
            }
            Op::Mul { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_mul(y.bits) & mask(w as u32)));
            }
            Op::And { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits & y.bits));
            }
            Op::Or { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits | y.bits));
            }
            Op::Xor { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits ^ y.bits));
            }
            Op::IBin { op, d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let Some(v) = ibin(op, f, w, x.bits, y.bits) else { break 'run Stop::Slow };
                w!(d, Slot::int(v));
            }
            Op::ICmp { p, d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                if f != 0 && scalar::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run Stop::Slow;
                }
                w!(d, Slot::int(scalar::icmp(p, w as u32, x.bits, y.bits) as u64));
            }
            Op::Select { d, c, a, b } => {
                let cv = clean1!(c);
                w!(d, if cv.bits & 1 == 1 { r!(a) } else { r!(b) });
            }
            Op::Trunc { d, a, from, to, f } => {
                let x = clean1!(a);
                let v = if f == 0 {
                    x.bits & mask(to as u32)
                } else {
                    match scalar::trunc(f, from as u32, to as u32, x.bits) {
                        Ok(v) => v,
                        Err(_) => break 'run Stop::Slow,
                    }
                };
                w!(d, Slot::int(v));
            }
            Op::ZExt { d, a, from, f } => {
                let x = clean1!(a);
                if f != 0 && sext(x.bits, from as u32) < 0 {
                    break 'run Stop::Slow;
                }
                w!(d, Slot::int(x.bits));
            }
            Op::SExt { d, a, from, to } => {
                let x = clean1!(a);
                w!(d, Slot::int(sext(x.bits, from as u32) as u64 & mask(to as u32)));
            }
            Op::Mov { d, a } => w!(d, r!(a)),
            Op::PtrToInt { d, a, w } => {
                let x = clean1!(a);
                w!(d, Slot { bits: x.bits & mask(w as u32), prov: if w >= 64 { x.prov } else { 0 }, poison: 0 });
            }
            Op::IntToPtr { d, a } => {
                let x = clean1!(a);
                let prov = match x.prov {
                    0 => mem.lookup(x.bits).map_or(0, |i| i + 1),
                    p => p,
                };
                w!(d, Slot { bits: x.bits, prov, poison: 0 });
            }
            Op::Freeze { d, a } => {
                let x = clean1!(a);
                w!(d, x);
            }
            Op::F64 { op, d, a, b } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::F32 { op, d, a, b } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(fp::op32(op, f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32)).to_bits() as u64));
            }
            Op::FCmp { p, d, a, b, s } => {
                let (x, y) = clean2!(a, b);
                let ord = if s { f32::from_bits(x.bits as u32).partial_cmp(&f32::from_bits(y.bits as u32)) } else { f64::from_bits(x.bits).partial_cmp(&f64::from_bits(y.bits)) };
                w!(d, Slot::int(fp::pred(p, ord) as u64));
            }
            Op::FNeg { d, a, bit } => {
                let x = clean1!(a);
                w!(d, Slot::int(x.bits ^ (1u64 << bit)));
            }
            Op::Cvt { k, d, a, w } => {
                let x = clean1!(a);
                w!(d, Slot::int(cvt(k, x.bits, w)));
            }
            Op::Load { d, p, n, w, align } => {
                let ptr = r!(p);
                if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                    break 'run Stop::Slow;
                }
                let Some(mut v) = mem.load_fast(ptr, n) else { break 'run Stop::Slow };
                if w != 0 && w < 64 {
                    v.bits &= mask(w as u32);
                }
                w!(d, v);
            }
            Op::Store { v, p, n, align } => {
                let ptr = r!(p);
                if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                    break 'run Stop::Slow;
                }
                let val = r!(v);
                if !mem.store_fast(ptr, n, val) {
                    break 'run Stop::Slow;
                }
            }
            Op::PAlloca { d, cell, s } => {
                let Some(site) = code.allocas.get(s as usize) else { break 'run Stop::Slow };
                let Ok(addr) = mem.reserve(site.size, site.align) else { break 'run Stop::Slow };
                allocas.push(RESERVED | site.size as u32);
                w!(d, Slot::ptr(addr, 0));
                w!(cell, Slot::tainted(site.origin));
            }
            Op::PLoad { d, cell, .. } => {
                let x = clean1!(cell);
                w!(d, x);
            }
            Op::PStore { v, cell, w } => {
                let x = r!(v);
                w!(cell, Slot { bits: x.bits & mask(w as u32), ..x });
            }
            Op::Gep { d, base, g } => {
                let bp = clean1!(base);
                let Some(gep) = code.geps.get(g as usize) else { break 'run Stop::Slow };
                let Some((off, taint, so, uo)) = gep_offset(regs, gep) else { break 'run Stop::Slow };
                if taint != 0 || gep.poison_const {
                    break 'run Stop::Slow;
                }
                if gep.flags != 0 && gep_poison(mem, bp, off, gep.flags, (so, uo && gep.flags & InstFlags::NUW != 0)) {
                    break 'run Stop::Slow;
                }
                w!(d, Slot { bits: bp.bits.wrapping_add(off as u64), prov: bp.prov, poison: 0 });
            }
            Op::Br { e } => jump!(e),
            Op::CondBr { c, t, f } => {
                let cv = clean1!(c);
                jump!(if cv.bits & 1 == 1 { t } else { f })
            }
            Op::Switch { v, t } => {
                let x = clean1!(v);
                let Some(tbl) = code.switches.get(t as usize) else { break 'run Stop::Slow };
                let e = match tbl.cases.binary_search_by_key(&x.bits, |c| c.0) {
                    Ok(i) => tbl.cases.get(i).map_or(tbl.default, |c| c.1),
                    Err(_) => tbl.default,
                };
                jump!(e)
            }
            Op::Intr { k, d, a, b, c, w } => {
                let (x, y) = if k == Intr::Expect { (r!(a), r!(b)) } else { clean2!(a, b) };
                let z = if matches!(k, Intr::FmaF64 | Intr::FmaF32) { clean1!(c) } else { Slot::default() };
                w!(d, intr(k, x, y, z, w));
            }
            Op::Alloca { d, s } => {
                let Some(site) = code.allocas.get(s as usize) else { break 'run Stop::Slow };
                let count = match site.count {
                    None => 1,
                    Some((cr, cw)) => clean1!(cr).bits & mask(cw as u32),
                };
                let Ok(idx) = mem.alloc(site.size.saturating_mul(count), site.align, AllocKind::Stack, TAINT | site.origin) else { break 'run Stop::Slow };
                allocas.push(idx);
                w!(d, Slot::ptr(mem.allocs.get(idx as usize).map_or(0, |a| a.base), idx + 1));
            }
            Op::VBin { op, d, a, b, n, w, f } => {
                for k in 0..n as u32 {
                    let (x, y) = clean2!(a + k, b + k);
                    let Some(v) = ibin(op, f, w, x.bits, y.bits) else { break 'run Stop::Slow };
                    w!(d + k, Slot::int(v));
                }
            }
            Op::VF64 { op, d, a, b, n } => {
                for k in 0..n as u32 {
                    let (x, y) = clean2!(a + k, b + k);
                    w!(d + k, Slot::int(fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
                }
            }
            Op::VF32 { op, d, a, b, n } => {
                for k in 0..n as u32 {
                    let (x, y) = clean2!(a + k, b + k);
                    w!(d + k, Slot::int(fp::op32(op, f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32)).to_bits() as u64));
                }
            }
            Op::VICmp { p: pr, d, a, b, n, w } => {
                for k in 0..n as u32 {
                    let (x, y) = clean2!(a + k, b + k);
                    w!(d + k, Slot::int(scalar::icmp(pr, w as u32, x.bits, y.bits) as u64));
                }
            }
            Op::VFCmp { p: pr, d, a, b, n, s } => {
                for k in 0..n as u32 {
                    let (x, y) = clean2!(a + k, b + k);
                    let ord = if s { f32::from_bits(x.bits as u32).partial_cmp(&f32::from_bits(y.bits as u32)) } else { f64::from_bits(x.bits).partial_cmp(&f64::from_bits(y.bits)) };
                    w!(d + k, Slot::int(fp::pred(pr, ord) as u64));
                }
            }
            Op::VSel { d, c, a, b, n, vc } => {
                let cv = if vc { Slot::default() } else { clean1!(c) };
                for k in 0..n as u32 {
                    let pick = if vc { clean1!(c + k) } else { cv };
                    w!(d + k, if pick.bits & 1 == 1 { r!(a + k) } else { r!(b + k) });
                }
            }
            Op::VLoad { d, p: pr, n, es, w, align } => {
                let ptr = r!(pr);
                if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                    break 'run Stop::Slow;
                }
                let mut buf = [Slot::default(); MAX_LANES as usize];
                let Some(lanes) = buf.get_mut(..n as usize) else { break 'run Stop::Slow };
                if !mem.load_lanes(ptr, es, w, lanes) {
                    break 'run Stop::Slow;
                }
                for (k, l) in lanes.iter().enumerate() {
                    w!(d + k as u32, *l);
                }
            }
            Op::VStore { v, p: pr, n, es, align } => {
                let ptr = r!(pr);
                if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                    break 'run Stop::Slow;
                }
                let mut buf = [Slot::default(); MAX_LANES as usize];
                let Some(lanes) = buf.get_mut(..n as usize) else { break 'run Stop::Slow };
                for (k, l) in lanes.iter_mut().enumerate() {
                    *l = r!(v + k as u32);
                }
                if !mem.store_lanes(ptr, es, lanes) {
                    break 'run Stop::Slow;
                }
            }
            Op::VIns { d, a, b, k, n } => {
                for j in 0..n as u32 {
                    w!(d + j, r!(a + j));
                }
                w!(d + k as u32, r!(b));
            }
            Op::VShuf { d, t, n } => {
                let Some(src) = code.shuffles.get(t as usize) else { break 'run Stop::Slow };
                let mut buf = [Slot::default(); MAX_LANES as usize];
                for (l, &r) in buf.iter_mut().zip(src.iter()).take(n as usize) {
                    *l = r!(r);
                }
                for (j, l) in buf.iter().take(n as usize).enumerate() {
                    w!(d + j as u32, *l);
                }
            }
            Op::Nop => {}
            Op::Call { c } => break 'run Stop::Call(c),
            Op::Ret { v } => break 'run Stop::Ret(v),
            Op::Unreachable | Op::Generic { .. } => break 'run Stop::Slow,
        }
        p += 1;
        n -= 1;
    };
    *pc = p;
    *left = n;
    stop
}
