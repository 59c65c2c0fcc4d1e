//! The run loop's general path: one iteration per IR instruction over the exact ops of the
//! frame on top of the explicit stack, with the full semantics (poison and undef origins,
//! undefined behaviour, traces). Between instructions it lets the fast path (`fast/run.rs`)
//! run as far as it can, and collects the origin table when it has grown. Narrow ops work
//! directly on registers; anything tainted or unusual falls back to the generic semantics.
//! A debugging session's run (`D`, see `interp/debug/`) skips the fast path and checks its
//! [`crate::interp::state::Watch`] before each op; the step limit stops before the op past
//! it with the frame's pc on that op, so a run can go on from there.

mod calls;
pub(crate) mod eval;
mod generic;
pub(crate) mod intrinsics;
pub(crate) mod trace;

use crate::interp::bytecode::{FnCode, Intr, Op, NONE};
use crate::interp::exec::calls::Flow;
use crate::interp::fast::{self, Fast};
use crate::interp::memory::{shadow_to_slot, slot_shadow, RESERVED, TAINT};
use crate::interp::poison::origin::TaintKind;
use crate::interp::report::{ErrorKind, Fault, Res, UbKind};
use crate::interp::state::{Interp, Stop};
use crate::interp::value::{mask, sext, Slot, Val};
use crate::ir::InstFlags;
use crate::semantics::fp;
use crate::semantics::int::{self, Bad, IOp};
use std::rc::Rc;

impl Interp<'_> {
    /// Runs until the driver finishes or something stops the program.
    pub fn run_loop(&mut self) -> Stop {
        let r = if self.trace.is_some() {
            self.run_inner::<true, false>()
        } else if self.watch.is_some() {
            self.run_inner::<false, true>()
        } else {
            self.run_inner::<false, false>()
        };
        match r {
            Ok(()) => Stop::Done,
            Err(s) => s,
        }
    }

    /// Handles a fault raised at `cur`: `exit` runs the exit handlers and continues, anything
    /// else stops.
    fn fault(&mut self, code: &FnCode, cur: usize, f: Fault) -> Result<(), Stop> {
        self.ctx = (code.spans.get(cur).copied().unwrap_or_default(), code.gid);
        match f {
            Fault::Exit(status) => match self.do_exit(status) {
                Ok(()) => Ok(()),
                Err(f) => Err(self.stop_from(f, None)),
            },
            f => Err(self.stop_from(f, None)),
        }
    }

    /// Sets the instruction context for origins created by a slow path.
    #[inline]
    fn at(&mut self, code: &FnCode, cur: usize) {
        self.ctx = (code.spans.get(cur).copied().unwrap_or_default(), code.gid);
    }

    /// The loop; `T`: record a trace; `D`: a debugging session's run (every op on the
    /// general path, [`Interp::watch`] checked before each; see `interp/debug/`).
    fn run_inner<const T: bool, const D: bool>(&mut self) -> Result<(), Stop> {
        'frames: loop {
            // Between instructions: every origin id is in the interpreter's state.
            self.maybe_collect();
            if !T && !D {
                let budget = self.max_steps.saturating_sub(self.steps);
                let mut fast = Fast {
                    frames: &mut self.frames,
                    light: &mut self.light,
                    regs_init: &mut self.regs_init,
                    regs: &mut self.regs,
                    wregs: &mut self.wregs,
                    mem: &mut self.mem,
                    allocas: &mut self.allocas,
                    origins: &mut self.origins,
                    funcs: &self.funcs,
                    max_depth: self.max_depth,
                };
                self.steps += fast.run(budget);
            }
            let Some(fr) = self.frames.last() else { return self.finish_driver() };
            if fr.native.is_some() {
                // A native frame on top means its continuation finished without producing a call.
                if self.frames.len() == 1 && self.frames.last().is_some_and(|f| f.native.is_some())
                {
                    return self.finish_driver();
                }
                return Err(self.stop_from(
                    Fault::Error(ErrorKind::Internal, "native frame on top of the stack".into()),
                    None,
                ));
            }
            let code: Rc<FnCode> = fr.code.clone();
            let base = fr.base as usize;
            let wbase = fr.wbase as usize;
            let mut pc = fr.pc as usize;
            let max_steps = self.max_steps;
            macro_rules! r {
                ($i:expr) => {
                    self.regs[base + $i as usize]
                };
            }
            macro_rules! tri {
                ($cur:expr, $e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(f) => {
                            if let Some(fr) = self.frames.last_mut() {
                                fr.pc = pc as u32;
                            }
                            self.fault(&code, $cur, f)?;
                            continue 'frames;
                        }
                    }
                };
            }
            let mut first = true;
            loop {
                if (!T && !D && !first) || self.origins.wants_collect() {
                    // Back to the fast path after one op on this one (or to collect origins).
                    if let Some(fr) = self.frames.last_mut() {
                        fr.pc = pc as u32;
                    }
                    continue 'frames;
                }
                first = false;
                let cur = pc;
                let Some(&op) = code.ops.get(cur) else {
                    return Err(self.stop_from(
                        Fault::Error(ErrorKind::Internal, "fell off the end of a function".into()),
                        None,
                    ));
                };
                if D && self.steps < max_steps && self.watch_hit(&code, cur) {
                    if let Some(fr) = self.frames.last_mut() {
                        fr.pc = cur as u32;
                    }
                    return Err(Stop::Paused);
                }
                pc += 1;
                self.steps += 1;
                if self.steps > max_steps {
                    // Stopped before `cur`: the state is that of the limit, and can go on.
                    self.at(&code, cur);
                    self.steps -= 1;
                    if let Some(fr) = self.frames.last_mut() {
                        fr.pc = cur as u32;
                    }
                    return Err(Stop::OutOfSteps);
                }
                match op {
                    Op::Add { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::add(w, x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::Add, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::Sub { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::sub(w, x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::Sub, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::Mul { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::mul(w, x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::Mul, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::And { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::and(x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::And, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::Or { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::or(x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::Or, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::Xor { d, a, b, w } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(int::xor(x.bits, y.bits))
                        } else {
                            self.nbin_slow(&code, cur, IOp::Xor, 0, w, x, y).unwrap_or_default()
                        };
                    }
                    Op::IBin { op, d, a, b, w, f } => {
                        let (x, y) = (r!(a), r!(b));
                        let v = if (x.poison | y.poison) == 0 {
                            match int::ibin_plain(op, f, w, x.bits, y.bits) {
                                Some(v) => Slot::int(v),
                                // Poison or UB: the exact semantics say which and why.
                                None => match int::ibin(op, f, w as u32, x.bits, y.bits) {
                                    Ok(v) => Slot::int(v),
                                    Err(e) => tri!(cur, self.bad(&code, cur, e)),
                                },
                            }
                        } else {
                            tri!(cur, self.nbin_slow(&code, cur, op, f, w, x, y))
                        };
                        r!(d) = v;
                    }
                    Op::ICmp { p, d, a, b, w, f } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            if f != 0 && int::samesign_bad(w as u32, x.bits, y.bits) {
                                self.at(&code, cur);
                                Slot::tainted(
                                    self.poison("icmp samesign operands have different signs"),
                                )
                            } else {
                                Slot::int(int::icmp(p, w as u32, x.bits, y.bits) as u64)
                            }
                        } else {
                            self.taint2(&code, cur, x, y)
                        };
                    }
                    Op::Select { d, c, a, b } => {
                        let cv = r!(c);
                        r!(d) = if cv.poison != 0 {
                            self.at(&code, cur);
                            Slot::tainted(self.chain(cv.poison))
                        } else if cv.bits & 1 == 1 {
                            r!(a)
                        } else {
                            r!(b)
                        };
                    }
                    Op::Trunc { d, a, from, to, f } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint_cast(&code, cur, x, from as u32, to as u32, false)
                        } else if let Some(v) = int::trunc_plain(f, from, to, x.bits) {
                            Slot::int(v)
                        } else {
                            match int::trunc(f, from as u32, to as u32, x.bits) {
                                Ok(v) => Slot::int(v),
                                Err(e) => tri!(cur, self.bad(&code, cur, e)),
                            }
                        };
                    }
                    Op::ZExt { d, a, from, f } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint_cast(&code, cur, x, from as u32, 64, false)
                        } else if let Some(v) = int::zext_plain(f, from, x.bits) {
                            Slot::int(v)
                        } else {
                            tri!(
                                cur,
                                self.bad(
                                    &code,
                                    cur,
                                    Bad::Poison(
                                        format!(
                                            "zext nneg of a negative value {}",
                                            sext(x.bits, from as u32)
                                        )
                                        .into()
                                    )
                                )
                            )
                        };
                    }
                    Op::SExt { d, a, from, to } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint_cast(&code, cur, x, from as u32, to as u32, true)
                        } else {
                            Slot::int(int::sext_to(from, to, x.bits))
                        };
                    }
                    Op::Mov { d, a } => r!(d) = r!(a),
                    Op::PtrToInt { d, a, w } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint1(&code, cur, x)
                        } else {
                            x.ptr_to_int(w)
                        };
                    }
                    Op::IntToPtr { d, a } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint1(&code, cur, x)
                        } else {
                            self.int_to_ptr(x)
                        };
                    }
                    Op::Freeze { d, a } => {
                        let x = r!(a);
                        r!(d) = if x.poison == 0 { x } else { self.freeze(&Val::S(x)).slot() };
                    }
                    Op::F64 { op, d, a, b } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(
                                fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits))
                                    .to_bits(),
                            )
                        } else {
                            self.taint2(&code, cur, x, y)
                        };
                    }
                    Op::F32 { op, d, a, b } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            Slot::int(
                                fp::op32(
                                    op,
                                    f32::from_bits(x.bits as u32),
                                    f32::from_bits(y.bits as u32),
                                )
                                .to_bits() as u64,
                            )
                        } else {
                            self.taint2(&code, cur, x, y)
                        };
                    }
                    Op::FCmp { p, d, a, b, s } => {
                        let (x, y) = (r!(a), r!(b));
                        r!(d) = if (x.poison | y.poison) == 0 {
                            let (fa, fb) = fp::fpair(s, x.bits, y.bits);
                            Slot::int(fp::fcmp(p, fa, fb) as u64)
                        } else {
                            self.taint2(&code, cur, x, y)
                        };
                    }
                    Op::FNeg { d, a, bit } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint1(&code, cur, x)
                        } else {
                            Slot::int(fp::neg_bits(bit, x.bits))
                        };
                    }
                    Op::Cvt { k, d, a, w } => {
                        let x = r!(a);
                        r!(d) = if x.poison != 0 {
                            self.taint1(&code, cur, x)
                        } else {
                            Slot::int(fast::cvt(k, x.bits, w))
                        };
                    }
                    Op::Load { d, p, n, w, align } => {
                        let ptr = r!(p);
                        if align > 1 && ptr.bits & (align as u64 - 1) != 0 && ptr.poison == 0 {
                            tri!(
                                cur,
                                Err(Fault::ub(
                                    UbKind::Misaligned,
                                    format!(
                                        "load of {n} bytes at {:#x} promises align {align}",
                                        ptr.bits
                                    )
                                ))
                            );
                        }
                        let (idx, off) = tri!(cur, self.mem.check(ptr, n as u64, false));
                        let mut v = self.mem.read_slot(idx, off, n as usize, &mut self.origins);
                        if w != 0 && w < 64 {
                            v.bits &= mask(w as u32);
                        }
                        r!(d) = v;
                    }
                    Op::Store { v, p, n, align } => {
                        let ptr = r!(p);
                        if align > 1 && ptr.bits & (align as u64 - 1) != 0 && ptr.poison == 0 {
                            tri!(
                                cur,
                                Err(Fault::ub(
                                    UbKind::Misaligned,
                                    format!(
                                        "store of {n} bytes at {:#x} promises align {align}",
                                        ptr.bits
                                    )
                                ))
                            );
                        }
                        let (idx, off) = tri!(cur, self.mem.check(ptr, n as u64, true));
                        let val = r!(v);
                        self.mem.write_slot(idx, off, n as usize, val, &self.origins);
                    }
                    Op::PAlloca { d, cell, s } => {
                        let Some(site) = code.allocas.get(s as usize) else { continue };
                        let addr = tri!(cur, self.mem.reserve(site.size, site.align));
                        self.allocas.push(RESERVED | site.size as u32);
                        r!(d) = Slot::ptr(addr, 0);
                        r!(cell) = Slot::tainted(site.origin);
                    }
                    Op::PLoad { d, cell, n, w } => {
                        let x = r!(cell);
                        r!(d) = if x.poison == 0 { x } else { self.reencode(x, n, w) };
                    }
                    Op::PStore { v, cell, w } => {
                        let x = r!(v);
                        r!(cell) = x.stored(w);
                    }
                    Op::Gep { d, base: b, g } => {
                        let bp = r!(b);
                        let Some(gep) = code.geps.get(g as usize) else { continue };
                        let Some((off, itaint, so, uo)) =
                            self.regs.get(base..).and_then(|regs| fast::gep_offset(regs, gep))
                        else {
                            continue;
                        };
                        let taint = bp.poison | itaint;
                        r!(d) = if taint != 0 {
                            let t = if bp.poison != 0 {
                                bp.poison
                            } else {
                                gep.idx
                                    .iter()
                                    .map(|&(ir, _, _)| r!(ir).poison)
                                    .find(|&t| t != 0)
                                    .unwrap_or(taint)
                            };
                            self.at(&code, cur);
                            Slot::tainted(self.chain(t))
                        } else if gep.flags == 0 && !gep.poison_const {
                            Slot {
                                bits: bp.bits.wrapping_add(off as u64),
                                prov: bp.prov,
                                poison: 0,
                            }
                        } else {
                            self.at(&code, cur);
                            if gep.poison_const {
                                Slot::tainted(self.poison(
                                    "getelementptr with a poison or overflowing constant index",
                                ))
                            } else {
                                self.gep_finish(
                                    bp,
                                    off,
                                    gep.flags,
                                    (so, uo && gep.flags & InstFlags::NUW != 0),
                                )
                            }
                        };
                    }
                    Op::Alloca { d, s } => {
                        let Some(site) = code.allocas.get(s as usize) else { continue };
                        let count = match site.count {
                            None => 1,
                            Some((cr, cw)) => {
                                let c = r!(cr);
                                if c.poison != 0 {
                                    tri!(
                                        cur,
                                        Err(Fault::ub_from(
                                            UbKind::PoisonUse,
                                            "alloca with a poison element count",
                                            c.poison
                                        ))
                                    );
                                }
                                c.bits & mask(cw as u32)
                            }
                        };
                        let size = site.size.saturating_mul(count);
                        let idx = tri!(
                            cur,
                            self.mem.alloc(
                                size,
                                site.align,
                                crate::interp::memory::AllocKind::Stack,
                                TAINT | site.origin
                            )
                        );
                        if let Some(a) = self.mem.allocs.get_mut(idx as usize) {
                            a.site = site.site;
                        }
                        self.allocas.push(idx);
                        r!(d) = self.ptr_to(idx);
                    }
                    Op::Br { e } => {
                        if T {
                            self.trace_op(&code, cur, base, wbase);
                        }
                        pc = match code.edges.get(e as usize) {
                            Some(ed) if ed.n == 0 && !T => ed.pc as usize,
                            _ => self.take_edge(&code, base, wbase, e),
                        };
                        continue;
                    }
                    Op::CondBr { c, t, f } => {
                        let cv = r!(c);
                        if cv.poison != 0 {
                            tri!(cur, Err(self.branch_ub(cv.poison, "br")));
                        }
                        if T {
                            self.trace_op(&code, cur, base, wbase);
                        }
                        let e = if cv.bits & 1 == 1 { t } else { f };
                        pc = match code.edges.get(e as usize) {
                            Some(ed) if ed.n == 0 && !T => ed.pc as usize,
                            _ => self.take_edge(&code, base, wbase, e),
                        };
                        continue;
                    }
                    Op::Switch { v, t } => {
                        let x = r!(v);
                        if x.poison != 0 {
                            tri!(cur, Err(self.branch_ub(x.poison, "switch")));
                        }
                        let Some(tbl) = code.switches.get(t as usize) else { continue };
                        let e = match tbl.cases.binary_search_by_key(&x.bits, |c| c.0) {
                            Ok(i) => tbl.cases.get(i).map_or(tbl.default, |c| c.1),
                            Err(_) => tbl.default,
                        };
                        if T {
                            self.trace_op(&code, cur, base, wbase);
                        }
                        pc = self.take_edge(&code, base, wbase, e);
                        continue;
                    }
                    Op::Ret { v } => {
                        if T {
                            self.trace_op(&code, cur, base, wbase);
                        }
                        let val =
                            if v == NONE { None } else { Some(self.opnd(&code, base, wbase, v)) };
                        if code.ret_noundef {
                            if let Some(t) = val.as_ref().map(Val::taint).filter(|&t| t != 0) {
                                tri!(cur, Err(Fault::ub_from(UbKind::NoUndefViolation, format!("{} returns a poison or undef value but its result is noundef", self.fname(code.gid)), t)));
                            }
                        }
                        tri!(cur, self.do_return(val));
                        continue 'frames;
                    }
                    Op::Unreachable => {
                        tri!(
                            cur,
                            Err(Fault::ub(UbKind::Unreachable, "`unreachable` was executed"))
                        );
                    }
                    Op::Call { c } => {
                        if let Some(fr) = self.frames.last_mut() {
                            fr.pc = pc as u32;
                        }
                        self.at(&code, cur);
                        if T {
                            self.trace_op(&code, cur, base, wbase);
                        }
                        match tri!(cur, self.do_call(&code, base, wbase, c)) {
                            Flow::Next => {
                                if T {
                                    self.trace_result(&code, cur, base, wbase);
                                }
                            }
                            Flow::Jump(p) => pc = p,
                            Flow::Switch => continue 'frames,
                        }
                        continue;
                    }
                    Op::Intr { k, d, a, b, c, w } => {
                        let (x, y) = (r!(a), r!(b));
                        let z = if k.three() { r!(c) } else { Slot::default() };
                        r!(d) = if (x.poison | y.poison | z.poison) != 0 && k != Intr::Expect {
                            self.at(&code, cur);
                            let o = self
                                .origins
                                .merge(x.poison, self.origins.merge(y.poison, z.poison));
                            Slot::tainted(self.chain(o))
                        } else {
                            fast::intr(k, x, y, z, w)
                        };
                    }
                    Op::Nop => {}
                    Op::Generic { .. }
                    | Op::VBin { .. }
                    | Op::VF64 { .. }
                    | Op::VF32 { .. }
                    | Op::VICmp { .. }
                    | Op::VFCmp { .. }
                    | Op::VSel { .. }
                    | Op::VLoad { .. }
                    | Op::VStore { .. }
                    | Op::VIns { .. }
                    | Op::VShuf { .. } => {
                        // Lane vector ops run their generic instruction off the fast path.
                        let g = match op {
                            Op::Generic { g } => g,
                            _ => code.fallback.get(cur).copied().unwrap_or(NONE),
                        };
                        if let Some(fr) = self.frames.last_mut() {
                            fr.pc = pc as u32;
                        }
                        self.at(&code, cur);
                        match tri!(cur, self.exec_generic(&code, base, wbase, g)) {
                            Flow::Next => {}
                            Flow::Jump(p) => {
                                if T {
                                    self.trace_op(&code, cur, base, wbase);
                                }
                                pc = p;
                                continue;
                            }
                            Flow::Switch => continue 'frames,
                        }
                    }
                    _ => {
                        // Fused and specialized ops exist only in the fast path's stream.
                        tri!(
                            cur,
                            Err(Fault::Error(
                                ErrorKind::Internal,
                                "fast-path op in the exact stream".into()
                            ))
                        );
                    }
                }
                if T {
                    self.trace_op(&code, cur, base, wbase);
                }
            }
        }
    }

    /// A tainted value of `n` bytes stored to memory and loaded back (`w`: integer width to
    /// mask, 0 for none): the bytes' shadow decides what the load sees.
    fn reencode(&mut self, x: Slot, n: u8, w: u8) -> Slot {
        let n = (n as usize).min(8);
        let mut sh = [0u32; 8];
        let Some(s) = sh.get_mut(..n) else { return x };
        slot_shadow(x, s, &self.origins);
        let bits = x.bits & mask(8 * n as u32);
        let mut v = if s.iter().all(|&b| b == 0) {
            Slot::int(bits)
        } else {
            shadow_to_slot(bits, s, &mut self.origins)
        };
        if w != 0 && w < 64 {
            v.bits &= mask(w as u32);
        }
        v
    }

    /// UB for a branch on a tainted condition.
    fn branch_ub(&self, o: u32, what: &str) -> Fault {
        match self.origins.kind(o) {
            Some(TaintKind::Undef) => {
                Fault::ub_from(UbKind::BranchOnUndef, format!("{what} on an undef condition"), o)
            }
            _ => Fault::ub_from(UbKind::BranchOnPoison, format!("{what} on a poison condition"), o),
        }
    }

    /// A result tainted by one operand.
    fn taint1(&mut self, code: &FnCode, cur: usize, x: Slot) -> Slot {
        self.at(code, cur);
        Slot::tainted(self.chain(x.poison))
    }

    /// A cast of a partly undef value keeps track of which bits are undef.
    fn taint_cast(
        &mut self,
        code: &FnCode,
        cur: usize,
        x: Slot,
        from: u32,
        to: u32,
        signed: bool,
    ) -> Slot {
        self.at(code, cur);
        let Some(ux) = self.umask(x, from) else { return Slot::tainted(self.chain(x.poison)) };
        let bits = x.bits & !ux;
        let (bits, um) = if signed {
            (sext(bits, from) as u64 & mask(to), sext(ux, from) as u64 & mask(to))
        } else {
            (bits & mask(to), ux & mask(to))
        };
        self.with_umask(bits, um, to, x.poison)
    }

    /// The undef bits of a narrow value of width `w` (`None` for poison).
    pub fn umask(&self, s: Slot, w: u32) -> Option<u64> {
        if s.poison == 0 {
            return Some(0);
        }
        if self.origins.kind(s.poison) != Some(TaintKind::Undef) {
            return None;
        }
        Some(match self.origins.mask(s.poison) {
            0 => mask(w),
            m => m & mask(w),
        })
    }

    /// A value with undef bits `um` derived from origin `parent`.
    pub fn with_umask(&mut self, bits: u64, um: u64, w: u32, parent: u32) -> Slot {
        if um == 0 {
            return Slot::int(bits & !um);
        }
        let o = self.chain(parent);
        let o = if um == mask(w) { o } else { self.origins.partial(o, um) };
        Slot { bits: bits & !um, prov: 0, poison: o }
    }

    /// Bitwise operations on partly undef values, bit by bit (`and` with a defined 0 is a
    /// defined 0, and so on), so bit-field code next to uninitialized padding stays defined.
    fn undef_bitop(&mut self, op: IOp, w: u32, x: Slot, y: Slot, parent: u32) -> Option<Slot> {
        let (ux, uy) = (self.umask(x, w)?, self.umask(y, w)?);
        let (xb, yb) = (x.bits & !ux, y.bits & !uy);
        let (bits, um) = match op {
            IOp::And => {
                let um = (ux & (yb | uy)) | (uy & (xb | ux));
                (xb & yb, um)
            }
            IOp::Or => {
                let one = xb | yb;
                ((xb | yb), (ux | uy) & !one)
            }
            IOp::Xor => (xb ^ yb, ux | uy),
            IOp::Shl | IOp::LShr | IOp::AShr if uy == 0 && y.bits < w as u64 => {
                let c = y.bits as u32;
                match op {
                    IOp::Shl => ((xb << c) & mask(w), (ux << c) & mask(w)),
                    IOp::LShr => (xb >> c, ux >> c),
                    _ => ((sext(xb, w) >> c) as u64 & mask(w), (sext(ux, w) >> c) as u64 & mask(w)),
                }
            }
            _ => return None,
        };
        Some(self.with_umask(bits, um, w, parent))
    }

    /// A result tainted by either operand (poison wins).
    fn taint2(&mut self, code: &FnCode, cur: usize, x: Slot, y: Slot) -> Slot {
        self.at(code, cur);
        let o = self.origins.merge(x.poison, y.poison);
        Slot::tainted(self.chain(o))
    }

    /// A failed narrow operation: a new poison root or UB.
    fn bad(&mut self, code: &FnCode, cur: usize, e: Bad) -> Res<Slot> {
        self.at(code, cur);
        match e {
            Bad::Poison(why) => Ok(Slot::tainted(self.poison(why))),
            Bad::Ub(k, why) => Err(Fault::ub(k, why)),
        }
    }

    /// A narrow binary operation with a tainted operand.
    #[allow(clippy::too_many_arguments)]
    fn nbin_slow(
        &mut self,
        code: &FnCode,
        cur: usize,
        op: IOp,
        f: u16,
        w: u8,
        x: Slot,
        y: Slot,
    ) -> Res<Slot> {
        self.at(code, cur);
        if x.poison | y.poison == 0 {
            return match int::ibin(op, f, w as u32, x.bits, y.bits) {
                Ok(v) => Ok(Slot::int(v)),
                Err(e) => self.bad(code, cur, e),
            };
        }
        if op.is_div() && y.poison != 0 {
            let what = if self.origins.kind(y.poison) == Some(TaintKind::Undef) {
                "an undef"
            } else {
                "a poison"
            };
            return Err(Fault::ub_from(
                UbKind::DivisionByPoison,
                format!("{} by {what} value", op.name()),
                y.poison,
            ));
        }
        let o = self.origins.merge(x.poison, y.poison);
        if self.origins.kind(o) == Some(TaintKind::Undef) {
            if let Some(s) = self.undef_bitop(op, w as u32, x, y, o) {
                return Ok(s);
            }
            let o = self.chain(o);
            let bits = int::ibin(op, f, w as u32, x.bits, y.bits).unwrap_or(0);
            return Ok(Slot { bits, prov: 0, poison: o });
        }
        Ok(Slot::tainted(self.chain(o)))
    }
}
