//! Calls and returns on the explicit frame stack: argument passing and attribute checks,
//! variadic arguments, tail calls that replace the caller's frame, external calls to
//! intrinsics and the C library, runtime continuations (`qsort` calling back into IR), and
//! exception unwinding to the nearest `invoke`.

use crate::interp::bytecode::{ByVal, CallSite, Callee, FnCode, Opnd, NONE, TAG};
use crate::interp::libc::continuation::Step;
use crate::interp::libc::{self, LibFn};
use crate::interp::memory::AllocKind;
use crate::interp::report::{ErrorKind, Fault, Res, UbKind};
use crate::interp::state::{Frame, Interp, VaInfo};
use crate::interp::value::{Slot, Val};
use crate::ir::layout::Class;
use crate::ir::{Attr, AttrKind, AttrSetId, GlobalId, TypeId};
use std::rc::Rc;

/// What the run loop does after a call.
pub enum Flow {
    /// Continue with the next op of the same frame.
    Next,
    /// Continue in the same frame at this pc.
    Jump(usize),
    /// The frame stack changed: reload the top frame.
    Switch,
}

impl<'m> Interp<'m> {
    /// The function a pointer designates, or a fault.
    pub fn func_of_ptr(&self, p: Slot) -> Res<u32> {
        if p.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::InvalidCall,
                "call through a poison or undef function pointer",
                p.poison,
            ));
        }
        let idx = self.mem.alloc_of(p);
        match idx.and_then(|i| self.mem.allocs.get(i as usize)) {
            Some(a) if a.base == p.bits => match a.kind {
                AllocKind::Func(g) => Ok(g),
                _ => Err(Fault::ub(
                    UbKind::InvalidCall,
                    format!(
                        "call through {:#x}, which points to a {} and not to a function",
                        p.bits,
                        self.mem.describe(idx.unwrap_or(0) as usize)
                    ),
                )),
            },
            _ if p.bits < crate::interp::memory::NULL_PAGE => {
                Err(Fault::ub(UbKind::InvalidCall, "call through a null function pointer"))
            }
            _ => Err(Fault::ub(
                UbKind::InvalidCall,
                format!("call through {:#x}, which is not the address of a function", p.bits),
            )),
        }
    }

    /// Reads an operand of a frame.
    fn arg(&self, code: &FnCode, base: usize, wbase: usize, o: Opnd) -> Val {
        self.opnd(code, base, wbase, o)
    }

    /// Executes call site `c` of the current frame.
    pub fn do_call(&mut self, code: &Rc<FnCode>, base: usize, wbase: usize, c: u32) -> Res<Flow> {
        let Some(cs) = code.calls.get(c as usize) else {
            return Err(Fault::Error(ErrorKind::Internal, "bad call site".into()));
        };
        let g = match cs.callee {
            Callee::Direct(g) => g,
            Callee::Indirect(o) => self.func_of_ptr(self.arg(code, base, wbase, o).slot())?,
            Callee::Asm => return Err(Fault::unsupported("inline assembly cannot be executed")),
        };
        for (k, &nu) in cs.noundef.iter().enumerate() {
            if nu {
                let t = match cs.args.get(k) {
                    Some(&o) if o & TAG == 0 => {
                        self.regs.get(base + o as usize).map_or(0, |s| s.poison)
                    }
                    Some(&o) => self.arg(code, base, wbase, o).taint(),
                    None => 0,
                };
                if t != 0 {
                    return Err(Fault::ub_from(
                        UbKind::NoUndefViolation,
                        format!(
                            "{} argument {} of a call to {} is noundef",
                            self.taint_word(t),
                            k,
                            self.fname(g)
                        ),
                        t,
                    ));
                }
            }
        }
        let m = self.m;
        let Some(f) = m.func(GlobalId::from_u32(g)) else {
            return Err(Fault::unsupported(format!(
                "{} is an ifunc, which the interpreter does not resolve",
                self.fname(g)
            )));
        };
        if !cs.checked.is_empty() {
            self.check_args(code, base, wbase, cs, f)?;
        }
        if f.is_declaration() {
            let lf = self.lib_fn(g);
            if lf.on_slots()
                && cs.args.len() <= libc::MAX_SLOTS
                && cs.args.iter().all(|&o| o & TAG == 0)
            {
                // Scalar arguments straight from the registers, no general values.
                let mut s = [Slot::default(); libc::MAX_SLOTS];
                for (d, &o) in s.iter_mut().zip(cs.args.iter()) {
                    *d = self.regs.get(base + o as usize).copied().unwrap_or_default();
                }
                let r =
                    libc::call_slots(self, lf, s.get(..cs.args.len()).unwrap_or(&s), cs.ret_ty)?;
                // A scalar result for a narrow register is written as it is: going through a
                // general value moves it around the stack in pieces that stall on store
                // forwarding.
                if let (Some(r), true, None) = (r, cs.dst & TAG == 0, cs.invoke) {
                    if let Some(d) = self.regs.get_mut(base + cs.dst as usize) {
                        *d = r;
                    }
                    return Ok(Flow::Next);
                }
                return self.finish_call(code, base, wbase, cs, r.map(Val::S));
            }
            let mut args = std::mem::take(&mut self.ext_args);
            args.clear();
            args.extend(cs.args.iter().map(|&o| self.arg(code, base, wbase, o)));
            let depth = self.frames.len();
            if let Some(fr) = self.frames.last_mut() {
                fr.call = c;
            }
            let r = self.call_external(g, &args, &cs.arg_tys, cs.ret_ty, cs.invoke.map(|x| x.1));
            args.clear();
            self.ext_args = args;
            if self.frames.len() == depth {
                if let Some(fr) = self.frames.last_mut() {
                    if !matches!(r, Ok(Ext::Switch)) {
                        fr.call = NONE;
                    }
                }
            }
            return match r? {
                Ext::Value(v) => self.finish_call(code, base, wbase, cs, v),
                Ext::Switch => Ok(Flow::Switch),
                Ext::Jump(pc) => Ok(Flow::Jump(pc)),
            };
        }
        let callee = self.code_of(g)?;
        if self.frames.len() as u64 >= self.max_depth as u64 {
            return Err(Fault::Error(
                ErrorKind::StackOverflow,
                format!(
                    "call stack deeper than {} frames (calling {})",
                    self.max_depth,
                    self.fname(g)
                ),
            ));
        }
        // The arguments, read before the callee's registers cover the caller's constants.
        let np = callee.params.len().min(cs.args.len());
        let mut args = std::mem::take(&mut self.ext_args);
        args.clear();
        args.extend(cs.args.iter().take(np).map(|&o| self.arg(code, base, wbase, o)));
        let va = if callee.vararg {
            let mut extra: Vec<(Val, TypeId)> = (np..cs.args.len())
                .map(|k| {
                    (
                        self.arg(code, base, wbase, cs.args[k]),
                        cs.arg_tys.get(k).copied().unwrap_or(TypeId::VOID),
                    )
                })
                .collect();
            self.byval_extra(code, cs, np, &mut extra)?;
            Some(Box::new(self.va_info(g, extra)))
        } else if cs.args.len() != callee.params.len() {
            self.ext_args = args;
            return Err(Fault::ub(
                UbKind::SignatureMismatch,
                format!(
                    "{} takes {} arguments but was called with {}",
                    self.fname(g),
                    callee.params.len(),
                    cs.args.len()
                ),
            ));
        } else {
            None
        };
        // The hidden copies of `byval` arguments, made while the caller's memory is live.
        let owned = if cs.byval.is_empty() && callee.byval.is_empty() {
            Vec::new()
        } else {
            let list = byval_list(cs, &callee);
            match self.byval_copies(code, base, wbase, &list, &mut args, cs.tail) {
                Ok(o) => o,
                Err(e) => {
                    self.ext_args = args;
                    return Err(e);
                }
            }
        };
        let nb = base + code.nvals as usize;
        let nwb = self.wregs.len();
        self.regs.truncate(nb);
        self.regs.extend_from_slice(&callee.template);
        self.wregs.extend(callee.wtemplate.iter().cloned());
        for (k, a) in args.drain(..).enumerate() {
            if let Some(&dst) = callee.params.get(k) {
                self.set(nb, nwb, dst, a);
            }
        }
        self.ext_args = args;
        if cs.tail {
            // Replace the caller's frame: its allocas die (the `tail` marker promises the callee
            // does not use them) and the callee's registers move down to the caller's base.
            let Some(fr) = self.frames.last() else {
                return Err(Fault::Error(ErrorKind::Internal, "no frame".into()));
            };
            let (fb, fwb, amark) = (fr.base as usize, fr.wbase as usize, fr.amark as usize);
            self.free_allocas(amark);
            self.allocas.extend_from_slice(&owned);
            self.regs.drain(fb..nb);
            self.wregs.drain(fwb..nwb);
            if let Some(fr) = self.frames.last_mut() {
                fr.code = callee;
                fr.pc = 0;
                fr.va = va;
                fr.call = NONE;
            }
            return Ok(Flow::Switch);
        }
        if let Some(fr) = self.frames.last_mut() {
            fr.call = c;
        }
        let amark = self.allocas.len() as u32;
        self.frames.push(Frame {
            code: callee,
            pc: 0,
            base: nb as u32,
            wbase: nwb as u32,
            amark,
            call: NONE,
            va,
            native: None,
        });
        self.allocas.extend_from_slice(&owned);
        Ok(Flow::Switch)
    }

    /// Makes the hidden copies of the `byval` arguments in `list` (LangRef `byval(<ty>)`: "a
    /// hidden copy of the pointee is made between the caller and the callee, so the callee is
    /// unable to modify the value in the caller"): a fresh stack allocation each, with the
    /// pointee's bytes and their poison/undef shadow, which replaces the argument. Returns the
    /// allocations, which the callee's frame owns (freed when it returns or unwinds).
    ///
    /// For a call that replaces the caller's frame (`forward`: `tail`/`musttail` followed by
    /// `ret`), an argument that is the caller's own copy (its `byval` parameter, still owned
    /// by its frame) is handed over to the callee instead of copied, as LLVM forwards a
    /// `musttail` caller's incoming `byval` argument: the caller's frame dies with the call,
    /// so nothing can tell the two apart, and a chain of such calls runs in constant memory.
    fn byval_copies(
        &mut self,
        code: &FnCode,
        base: usize,
        wbase: usize,
        list: &[ByVal],
        args: &mut [Val],
        forward: bool,
    ) -> Res<Vec<u32>> {
        let mut owned = Vec::with_capacity(list.len());
        for bv in list {
            let Some(a) = args.get(bv.arg as usize) else { continue };
            let p = a.slot();
            if forward {
                if let Some(idx) = self.own_copy(code, base, wbase, p, bv.size) {
                    owned.push(idx);
                    continue;
                }
            }
            let copy = self.mem.check(p, bv.size, false).and_then(|src| {
                let idx = self.mem.alloc(
                    bv.size,
                    bv.align,
                    crate::interp::memory::AllocKind::Stack,
                    0,
                )?;
                self.mem.copy((idx as usize, 0), src, bv.size as usize);
                Ok(idx)
            });
            match copy {
                Ok(idx) => {
                    owned.push(idx);
                    if let Some(a) = args.get_mut(bv.arg as usize) {
                        *a = Val::S(self.ptr_to(idx));
                    }
                }
                Err(e) => {
                    for idx in owned {
                        if !self.allocas.contains(&idx) {
                            self.mem.release(idx);
                        }
                    }
                    return Err(e);
                }
            }
        }
        Ok(owned)
    }

    /// When `p` points to the start of the current frame's own `byval` copy (a `byval`
    /// parameter's allocation owned by the frame) of at least `size` bytes: takes it out of
    /// the frame's allocations and returns it.
    fn own_copy(
        &mut self,
        code: &FnCode,
        base: usize,
        wbase: usize,
        p: Slot,
        size: u64,
    ) -> Option<u32> {
        if p.poison != 0 || p.prov == 0 {
            return None;
        }
        let idx = p.prov - 1;
        let a = self.mem.allocs.get(idx as usize)?;
        if !a.live || a.base != p.bits || a.size < size {
            return None;
        }
        let mine = code.byval.iter().any(|bv| {
            code.params.get(bv.arg as usize).is_some_and(|&o| {
                let q = self.opnd(code, base, wbase, o).slot();
                q.poison == 0 && q.bits == p.bits && q.prov == p.prov
            })
        });
        let amark = self.frames.last()?.amark as usize;
        let pos = amark + self.allocas.get(amark..)?.iter().position(|&x| x == idx)?;
        if !mine {
            return None;
        }
        self.allocas.remove(pos);
        Some(idx)
    }

    /// Variadic arguments passed `byval` travel by value (their bytes go to the overflow area).
    fn byval_extra(
        &mut self,
        code: &FnCode,
        cs: &CallSite,
        np: usize,
        extra: &mut [(Val, TypeId)],
    ) -> Res<()> {
        let m = self.m;
        let Some(ci) = m
            .func(GlobalId::from_u32(code.gid))
            .and_then(|f| f.body.as_ref())
            .and_then(|b| b.insts.get(cs.inst))
            .and_then(|d| d.call_info())
        else {
            return Ok(());
        };
        for (k, e) in extra.iter_mut().enumerate() {
            let set = ci.arg_attrs.get(np + k).copied().unwrap_or(AttrSetId::EMPTY);
            if let Some(Attr::Type(AttrKind::ByVal, t)) = m.attrs.find(set, AttrKind::ByVal) {
                let loc = self.mem.check(e.0.slot(), self.lay.get(*t).size, false)?;
                *e = (self.load_val(loc, *t), *t);
            }
        }
        Ok(())
    }

    fn taint_word(&self, t: u32) -> &'static str {
        match self.origins.kind(t) {
            Some(crate::interp::poison::origin::TaintKind::Undef) => "undef",
            _ => "poison",
        }
    }

    /// Writes a call's result and, for `invoke`, takes the normal edge.
    fn finish_call(
        &mut self,
        code: &FnCode,
        base: usize,
        wbase: usize,
        cs: &CallSite,
        v: Option<Val>,
    ) -> Res<Flow> {
        if cs.dst != NONE {
            let v = v.unwrap_or_else(|| self.zero_val(cs.ret_ty));
            self.set(base, wbase, cs.dst, v);
        }
        match cs.invoke {
            Some((normal, _)) => Ok(Flow::Jump(self.take_edge(code, base, wbase, normal))),
            None => Ok(Flow::Next),
        }
    }

    /// Checks `nonnull`, `range`, `align` and `nofpclass` argument attributes: a violation makes
    /// the argument poison, which is UB when it is also `noundef`.
    fn check_args(
        &mut self,
        code: &FnCode,
        base: usize,
        wbase: usize,
        cs: &CallSite,
        f: &crate::ir::Function,
    ) -> Res<()> {
        // Only `noundef` arguments that may violate an attribute (`CallSite::checked`): a
        // violation of another one is poison that the callee may ignore.
        for (&k, &site) in cs.checked.iter().zip(cs.checked_attrs.iter()) {
            let k = k as usize;
            let Some(&o) = cs.args.get(k) else { continue };
            let sets = [site, f.params.get(k).map_or(AttrSetId::EMPTY, |p| p.attrs)];
            let v = self.arg(code, base, wbase, o);
            for s in sets {
                if let Some(why) = self.attr_violation(s, &v) {
                    return Err(Fault::ub(
                        UbKind::NoUndefViolation,
                        format!("argument {k} violates its {why} attribute and is noundef"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Which attribute of a set a value violates (making it poison), if any.
    pub fn attr_violation(&self, set: AttrSetId, v: &Val) -> Option<&'static str> {
        let s = v.slot();
        if v.taint() != 0 {
            return None;
        }
        for a in self.m.attrs.get(set) {
            match a {
                Attr::Flag(AttrKind::NonNull) if s.bits == 0 => return Some("nonnull"),
                Attr::Int(AttrKind::Align, al) if *al > 1 && !s.bits.is_multiple_of(*al) => {
                    return Some("align")
                }
                Attr::Range(_, lo, hi)
                    if !in_range(s.bits, lo.low_u64(), hi.low_u64(), lo.width()) =>
                {
                    return Some("range")
                }
                _ => {}
            }
        }
        None
    }

    /// Pops the current frame and delivers `v` to its caller.
    pub fn do_return(&mut self, v: Option<Val>) -> Res<()> {
        let Some(fr) = self.frames.pop() else { return Ok(()) };
        self.free_allocas(fr.amark as usize);
        self.pop_regs(fr.base as usize);
        self.wregs.truncate(fr.wbase as usize);
        self.deliver(v)
    }

    /// Gives back the registers of a popped frame (from `base` on) and puts back the constants
    /// of the frame now on top, which the popped frame's registers covered (a frame's callee
    /// starts right after its value registers; see `FnCode::nvals`).
    pub fn pop_regs(&mut self, base: usize) {
        self.regs.truncate(base);
        if let Some(top) = self.frames.last().filter(|f| f.native.is_none()) {
            let (cb, code) = (top.base as usize + top.code.nvals as usize, &top.code);
            if cb <= self.regs.len() {
                self.regs.truncate(cb);
                self.regs.extend_from_slice(
                    code.template.get(code.nvals as usize..).unwrap_or_default(),
                );
            }
        }
    }

    /// Releases the allocas above `mark`.
    pub fn free_allocas(&mut self, mark: usize) {
        self.mem.free_allocas(&mut self.allocas, mark);
    }

    /// Gives a returned value to the frame on top (a pending call site or a native).
    pub fn deliver(&mut self, v: Option<Val>) -> Res<()> {
        let Some(fr) = self.frames.last_mut() else { return Ok(()) };
        if fr.native.is_some() {
            return self.resume_native(v);
        }
        let c = std::mem::replace(&mut fr.call, NONE);
        let code = fr.code.clone();
        let (base, wbase) = (fr.base as usize, fr.wbase as usize);
        let Some(cs) = code.calls.get(c as usize) else { return Ok(()) };
        if let Flow::Jump(pc) = self.finish_call(&code, base, wbase, cs, v)? {
            if let Some(fr) = self.frames.last_mut() {
                fr.pc = pc as u32;
            }
        }
        Ok(())
    }

    /// Resumes the native continuation on top of the stack with a returned value.
    pub fn resume_native(&mut self, mut v: Option<Val>) -> Res<()> {
        loop {
            let Some(mut nat) = self.frames.last_mut().and_then(|f| f.native.take()) else {
                return Ok(());
            };
            let step = nat.resume(self, v.take());
            if let Some(f) = self.frames.last_mut() {
                f.native = Some(nat);
            }
            match step? {
                Step::Call(fp, args) => {
                    let g = match fp {
                        Callee::Direct(g) => g,
                        Callee::Indirect(_) | Callee::Asm => {
                            return Err(Fault::Error(ErrorKind::Internal, "bad native call".into()))
                        }
                    };
                    let f = self.m.func(GlobalId::from_u32(g));
                    if f.is_some_and(|f| f.is_declaration()) {
                        let tys: Vec<TypeId> = args.iter().map(|a| a.1).collect();
                        let vals: Vec<Val> = args.into_iter().map(|a| a.0).collect();
                        let ret = self
                            .m
                            .func(GlobalId::from_u32(g))
                            .and_then(|f| self.m.types.func_sig(f.ty))
                            .map_or(TypeId::VOID, |s| s.0);
                        match self.call_external(g, &vals, &tys, ret, None)? {
                            Ext::Value(r) => {
                                v = r;
                                continue;
                            }
                            _ => return Ok(()),
                        }
                    }
                    return self.enter(g, args);
                }
                Step::Return(r) => {
                    self.frames.pop();
                    return self.deliver(r);
                }
                Step::Done => {
                    self.frames.pop();
                    return Ok(());
                }
            }
        }
    }

    /// Pushes a frame for IR function `g` with argument values (from a native caller).
    pub fn enter(&mut self, g: u32, args: Vec<(Val, TypeId)>) -> Res<()> {
        let callee = self.code_of(g)?;
        if self.frames.len() as u64 >= self.max_depth as u64 {
            return Err(Fault::Error(
                ErrorKind::StackOverflow,
                format!("call stack deeper than {} frames", self.max_depth),
            ));
        }
        let mut args = args;
        let owned = if callee.byval.is_empty() {
            Vec::new()
        } else {
            let mut vals: Vec<Val> = args.iter().map(|a| a.0.clone()).collect();
            let empty = self.empty.clone();
            let owned = self.byval_copies(&empty, 0, 0, &callee.byval, &mut vals, false)?;
            for (a, v) in args.iter_mut().zip(vals) {
                a.0 = v;
            }
            owned
        };
        let nb = self.regs.len();
        let nwb = self.wregs.len();
        self.regs.extend_from_slice(&callee.template);
        self.wregs.extend(callee.wtemplate.iter().cloned());
        let np = callee.params.len();
        let mut extra = Vec::new();
        for (k, a) in args.into_iter().enumerate() {
            match callee.params.get(k) {
                Some(&p) => self.set(nb, nwb, p, a.0),
                None => extra.push(a),
            }
        }
        let va = callee.vararg.then(|| Box::new(self.va_info(g, extra)));
        let _ = np;
        let amark = self.allocas.len() as u32;
        self.frames.push(Frame {
            code: callee,
            pc: 0,
            base: nb as u32,
            wbase: nwb as u32,
            amark,
            call: NONE,
            va,
            native: None,
        });
        self.allocas.extend_from_slice(&owned);
        Ok(())
    }

    /// Calls a declared function: an intrinsic or the C library.
    fn call_external(
        &mut self,
        g: u32,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
        unwind: Option<u32>,
    ) -> Res<Ext> {
        let lf = self.lib_fn(g);
        match lf {
            LibFn::Intrinsic | LibFn::IntrMemcpy | LibFn::IntrMemmove | LibFn::IntrMemset => {
                let name = self.ext_name(g).unwrap_or("");
                let id = self.m.intrinsic(GlobalId::from_u32(g));
                return self.intrinsic(id, name, args, tys, ret).map(Ext::Value);
            }
            LibFn::CxaThrow => {
                self.exception = Some((
                    args.first().map(Val::slot).unwrap_or_default(),
                    args.get(1).map(Val::slot).unwrap_or_default(),
                ));
                return self.unwind(unwind);
            }
            LibFn::UnwindResume => {
                if let Some(e) = self.exception.as_mut() {
                    e.0 = args.first().map(Val::slot).unwrap_or_default();
                }
                return self.unwind(unwind);
            }
            LibFn::CxaRethrow => return self.unwind(unwind),
            _ => {}
        }
        match libc::call(self, lf, args, ret)? {
            libc::Ret::Value(v) => Ok(Ext::Value(v)),
            libc::Ret::Native(n) => {
                // The native frame runs on top of the caller; its result comes back through
                // `deliver` to this call site.
                self.frames.push(Frame {
                    code: self.empty.clone(),
                    pc: 0,
                    base: self.regs.len() as u32,
                    wbase: self.wregs.len() as u32,
                    amark: self.allocas.len() as u32,
                    call: NONE,
                    va: None,
                    native: Some(Box::new(n)),
                });
                self.resume_native(None)?;
                Ok(Ext::Switch)
            }
            libc::Ret::Unknown => {
                let name = match self.ext_name(g) {
                    Some(n) => n.to_string(),
                    None => self.m.global_name(GlobalId::from_u32(g)),
                };
                Err(Fault::unsupported(format!("call to unimplemented external function @{name}")))
            }
        }
    }

    /// The library function declared function `g` is, resolved from its name once.
    fn lib_fn(&mut self, g: u32) -> LibFn {
        if let Some(&Some(f)) = self.libc.fns.get(g as usize) {
            return f;
        }
        let f = match self.ext_name(g) {
            Some(name) => LibFn::resolve(name, self.m.intrinsic(GlobalId::from_u32(g))),
            None => LibFn::Unknown,
        };
        if self.libc.fns.len() <= g as usize {
            self.libc.fns.resize(g as usize + 1, None);
        }
        if let Some(e) = self.libc.fns.get_mut(g as usize) {
            *e = Some(f);
        }
        f
    }

    /// The name of a named declared function, looked up once per function.
    fn ext_name(&mut self, g: u32) -> Option<&'m str> {
        if let Some(Some(e)) = self.ext_names.get(g as usize) {
            return Some(*e);
        }
        let m: &'m crate::ir::Module = self.m;
        let crate::ir::GlobalName::Named(s) = m.globals.get(GlobalId::from_u32(g))?.name else {
            return None;
        };
        let name: &'m str = m.symbols.get(s);
        if self.ext_names.len() <= g as usize {
            self.ext_names.resize(g as usize + 1, None);
        }
        if let Some(e) = self.ext_names.get_mut(g as usize) {
            *e = Some(name);
        }
        Some(name)
    }

    /// Starts unwinding: to `here` (an unwind edge of the current frame's invoke) or through the
    /// callers to the nearest pending invoke.
    pub fn unwind(&mut self, here: Option<u32>) -> Res<Ext> {
        if let Some(e) = here {
            let Some(fr) = self.frames.last() else {
                return Err(Fault::Error(ErrorKind::Internal, "no frame".into()));
            };
            let (code, base, wbase) = (fr.code.clone(), fr.base as usize, fr.wbase as usize);
            return Ok(Ext::Jump(self.take_edge(&code, base, wbase, e)));
        }
        self.unwind_pop()?;
        Ok(Ext::Switch)
    }

    /// Pops frames until one is waiting in an `invoke`, and sends it to the unwind edge.
    pub fn unwind_pop(&mut self) -> Res<()> {
        while let Some(fr) = self.frames.pop() {
            self.free_allocas(fr.amark as usize);
            self.pop_regs(fr.base as usize);
            self.wregs.truncate(fr.wbase as usize);
            let Some(top) = self.frames.last_mut() else { break };
            if top.native.is_some() {
                if self.frames.len() == 1 {
                    break;
                }
                continue;
            }
            let c = std::mem::replace(&mut top.call, NONE);
            let code = top.code.clone();
            let (base, wbase) = (top.base as usize, top.wbase as usize);
            if let Some((_, uw)) = code.calls.get(c as usize).and_then(|cs| cs.invoke) {
                let pc = self.take_edge(&code, base, wbase, uw);
                if let Some(top) = self.frames.last_mut() {
                    top.pc = pc as u32;
                }
                return Ok(());
            }
        }
        Err(Fault::Error(
            ErrorKind::UncaughtException,
            "an exception was thrown and not caught".into(),
        ))
    }

    /// Variadic argument bookkeeping for a call of `g` with these extra arguments.
    fn va_info(&self, g: u32, extra: Vec<(Val, TypeId)>) -> VaInfo {
        let (mut gp, mut fp) = (0u32, 0u32);
        if let Some(f) = self.m.func(GlobalId::from_u32(g)) {
            for p in &f.params {
                if self.m.attrs.has(p.attrs, AttrKind::ByVal) {
                    continue;
                }
                match self.lay.class(p.ty) {
                    Class::Int(w) if *w > 64 => gp += 2,
                    Class::Int(_) | Class::Ptr => gp += 1,
                    Class::Float(k) if k.bits() <= 64 => fp += 1,
                    _ => {}
                }
            }
        }
        VaInfo { extra, gp, fp, area: None }
    }

    /// Takes an edge: performs its phi moves and returns the target pc.
    pub fn take_edge(&mut self, code: &FnCode, base: usize, wbase: usize, e: u32) -> usize {
        let Some(edge) = code.edges.get(e as usize) else { return usize::MAX };
        let moves = code.moves.get(edge.mv as usize..(edge.mv + edge.n) as usize).unwrap_or(&[]);
        if !edge.par {
            for mv in moves {
                if mv.d & TAG == 0 && mv.s & TAG == 0 {
                    let v = self.regs.get(base + mv.s as usize).copied().unwrap_or_default();
                    let v = if v.poison != 0 {
                        Slot { poison: self.phi_chain(code, mv.inst, v.poison), ..v }
                    } else {
                        v
                    };
                    if let Some(r) = self.regs.get_mut(base + mv.d as usize) {
                        *r = v;
                    }
                } else {
                    let v = self.opnd(code, base, wbase, mv.s);
                    self.set(base, wbase, mv.d, v);
                }
            }
        } else {
            let vals: Vec<Val> =
                moves.iter().map(|mv| self.opnd(code, base, wbase, mv.s)).collect();
            for (mv, v) in moves.iter().zip(vals) {
                let v = match v {
                    Val::S(s) if s.poison != 0 => {
                        Val::S(Slot { poison: self.phi_chain(code, mv.inst, s.poison), ..s })
                    }
                    v => v,
                };
                self.set(base, wbase, mv.d, v);
            }
        }
        if self.trace.is_some() {
            for mv in moves {
                self.trace_phi(code, mv.inst, mv.d, base, wbase);
            }
        }
        edge.pc as usize
    }

    fn phi_chain(&mut self, code: &FnCode, inst: crate::ir::Inst, o: u32) -> u32 {
        let span = self.inst_span(code.gid, inst);
        self.origins.forward(o, span, code.gid)
    }
}

/// The result of an external call.
pub enum Ext {
    /// A value (or none) for the call site.
    Value(Option<Val>),
    /// The frame stack changed.
    Switch,
    /// Continue at a pc of the current frame.
    Jump(usize),
}

/// The `byval` arguments of a call: the call site's, and those of the callee's parameters the
/// site does not name (a call through a pointer whose site lacks the attribute).
fn byval_list(cs: &CallSite, callee: &FnCode) -> Vec<ByVal> {
    let mut list = cs.byval.to_vec();
    for bv in callee.byval.iter() {
        if !list.iter().any(|x| x.arg == bv.arg) {
            list.push(*bv);
        }
    }
    list
}

fn in_range(x: u64, lo: u64, hi: u64, w: u32) -> bool {
    let m = crate::interp::value::mask(w);
    let (x, lo, hi) = (x & m, lo & m, hi & m);
    if lo == hi {
        return true;
    }
    x.wrapping_sub(lo) & m < hi.wrapping_sub(lo) & m
}
