//! A verifier of the low form: checks a [`LowModule`] against the invariants of
//! [`super::form`] that can be checked statically, so that a mistake of the shared lowering
//! is caught where it is made rather than in one of the code generators. The tests run it
//! after every lowering, and both backends' `lower` run it in debug builds.
//!
//! [`verify`] collects every problem (function, block, instruction index, message). What it
//! checks:
//!
//! - Registers: every [`VReg`] an instruction or terminator names is below `regs.len()`;
//!   every register read is written somewhere (a parameter, the argument area, or some
//!   instruction's result: not an order, which needs dominance);
//!   [`Ty::V128`] registers (and constants) exist only with [`Options::v128`].
//! - Function: the first `sig.params.len()` registers have the parameters' types; a variadic
//!   function with [`Abi::Cells`] has its argument area (a `Ptr`) in the next one; `packs`
//!   only with a native [`Abi`], ascending, each on registers of its kind; at least one block.
//! - Per instruction, the types of operands and results: `Const` of its constant's type;
//!   `Addr` and `Slot` a `Ptr`, their symbol or slot in range; `Bin` integer operations on
//!   `I32`/`I64`/`Ptr`, float ones on `F32`/`F64`, with `a`, `b` and `dst` of `ty`; `Un` per
//!   operation (`SextIn(n)` keeps an integer type with 1 ≤ n ≤ its bits, `Wrap` I64→I32,
//!   `ExtendU`/`ExtendS` I32→I64, `PtrToInt` Ptr→the integer of the pointer's width,
//!   `IntToPtr` back, `Clz`/`Ctz`/`Popcnt` keep an integer type, the float operations keep a
//!   float type, `Promote` F32→F64, `Demote` F64→F32, `SToF`/`UToF` I32/I64→F32/F64,
//!   `FToS`/`FToU` back, `Bitcast` I32↔F32 and I64↔F64), `dst` of `to`; `Cmp`/`FCmp`
//!   operands of `ty` (integer resp. float), `dst` an `I32`; `Select` a condition `I32` and
//!   `a`, `b`, `dst` of one type; `Load`/`Store` an address `Ptr`, the value of `ty`, sizes
//!   1 up to the type's width for integers (3, 5, 6, 7 included: the backends piece them
//!   together), exactly 4/8 for `F32`/`F64` and 16 for `V128`, `signed` only on integers;
//!   `MemCopy` three `Ptr`s, `MemFill` `Ptr`, `I32`, `Ptr`; `DynAlloca` a `Ptr` size and
//!   result, a power-of-two alignment, and only in a function marked `dynamic_stack`.
//! - Calls ([`Inst::Call`], [`Term::TailCall`]): arguments match `sig.params` in count and
//!   type, results `sig.ret`; extra arguments only for a variadic `sig`; an indirect callee
//!   is a `Ptr`; a direct one is in range and its declared signature equals the call's in
//!   `params`, `ret` and `variadic`, and in `packs` (reported separately). A tail call
//!   returns its caller's results and is not variadic.
//! - Vectors ([`Inst::VSplat`] ... [`Inst::VShuffle`]): only with [`Options::v128`]; vectors
//!   are `V128`, scalars of the shape's lane type, lanes below the shape's count, `VBin`
//!   only for [`Shape::has_bin`], `VUn` only `FNeg`/`FAbs`/`FSqrt` on float shapes, `VShift`
//!   only shifts on integer shapes with an `I32` amount, shuffle indices below 32.
//! - `VaStart`/`VaArg`: only with a native [`Abi`], in a variadic function, `ap` a `Ptr`,
//!   `dst` of `ty`.
//! - `ParCopy`: at least one move, destinations distinct, each destination of its source's
//!   type. The lowering uses `ParCopy` as its plain copy too (`inst::copy`, the two halves of
//!   an `i128` in `wide.rs`), anywhere in a block, so no position is required; the phi
//!   copies of an edge (`edges.rs`) are one `ParCopy` at the end of a predecessor whose only
//!   way out is the edge, or alone in a new block ending in a `Jump`, which is not told apart
//!   from the other copies in the low form.
//! - Terminators: block targets in range, `Branch` condition and `Table` index `I32`, `Ret`
//!   values of the types of `sig.ret`.
//! - Frame: alignments powers of two, slots aligned and within `size`, no slot aligned more
//!   than the frame, `size` a multiple of `align`.
//! - `locs`: non-decreasing in `k` (copy forwarding may give two entries one start), each
//!   `k ≤ insts.len()`.
//! - Module: the data image's `symbols`, `names`, `local` and `external` of one length,
//!   symbols within the bytes, relocations pointer-sized fields within the bytes naming
//!   symbols in range, the exception state and structors in range.
//!
//! Not checked: the integer legalization invariant (bits above N zero, a run-time property),
//! that a register is written before it is read on every path, and that the phi copies sit
//! on their edges.

use super::form::{
    Bin, Call, Callee, Const, FuncRef, Inst, LowFunc, LowModule, Pack, Shape, Sig, Sym, Term, Ty,
    Un, VReg,
};
use super::{Abi, LowerError, Options};
use crate::diag::Span;

/// One problem of a low module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowVerifyError {
    /// The function's name (empty for problems of the module, such as its data image).
    pub func: String,
    /// The function's span (the default span for problems of the module).
    pub span: Span,
    /// The block, when the problem is in one.
    pub block: Option<u32>,
    /// The instruction's index in its block (`None` for the terminator or the whole block).
    pub inst: Option<u32>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for LowVerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.func.is_empty() {
            f.write_str("module")?;
        } else {
            write!(f, "@{}", self.func)?;
        }
        match (self.block, self.inst) {
            (Some(b), Some(i)) => write!(f, ", block {b}, instruction {i}")?,
            (Some(b), None) => write!(f, ", block {b}")?,
            _ => {}
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for LowVerifyError {}

/// How the message of a [`LowerError`] made by [`check`] begins.
pub const MESSAGE_PREFIX: &str = "invalid low form (a lowering bug): ";

impl LowVerifyError {
    /// As a lowering error at the function's span (for the backends' debug builds).
    pub fn to_lower_error(&self) -> LowerError {
        LowerError { span: self.span, message: format!("{MESSAGE_PREFIX}{self}") }
    }
}

/// True for the errors of [`check`] (a bug of the lowering, not an unsupported construct).
pub fn is_verify_error(e: &LowerError) -> bool {
    e.message.starts_with(MESSAGE_PREFIX)
}

/// Checks `m`, lowered with `opts`, against the invariants of the low form (see the module
/// documentation); every problem found is returned.
pub fn verify(m: &LowModule, opts: Options) -> Result<(), Vec<LowVerifyError>> {
    let mut errs = Vec::new();
    module_checks(m, &mut errs);
    for f in &m.funcs {
        let mut fx = Fx { m, opts, f, errs: &mut errs, block: None, inst: None };
        fx.func();
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// [`verify`], the first problem as a [`LowerError`] at its function's span.
pub fn check(m: &LowModule, opts: Options) -> Result<(), LowerError> {
    match verify(m, opts) {
        Ok(()) => Ok(()),
        Err(errs) => Err(errs.first().map(LowVerifyError::to_lower_error).unwrap_or_else(|| {
            LowerError { span: Span::default(), message: MESSAGE_PREFIX.into() }
        })),
    }
}

fn module_checks(m: &LowModule, errs: &mut Vec<LowVerifyError>) {
    let mut err = |message: String| {
        errs.push(LowVerifyError {
            func: String::new(),
            span: Span::default(),
            block: None,
            inst: None,
            message,
        })
    };
    if !matches!(m.ptr_bytes, 4 | 8) {
        err(format!("pointer size {} (expected 4 or 8)", m.ptr_bytes));
    }
    let d = &m.data;
    let n = d.symbols.len();
    if d.names.len() != n || d.local.len() != n || d.external.len() != n {
        err(format!(
            "data arrays of different lengths: {} symbols, {} names, {} local, {} external",
            n,
            d.names.len(),
            d.local.len(),
            d.external.len()
        ));
    }
    for (k, &off) in d.symbols.iter().enumerate() {
        if off as usize > d.bytes.len() {
            err(format!("data symbol {k} at {off}, past the image's {} bytes", d.bytes.len()));
        }
    }
    if !d.align.is_power_of_two() {
        err(format!("data alignment {} is not a power of two", d.align));
    }
    for r in &d.relocs {
        let end = r.offset as u64 + m.ptr_bytes as u64;
        if end > d.bytes.len() as u64 {
            err(format!(
                "relocation at {} ({} bytes) past the image's {} bytes",
                r.offset,
                m.ptr_bytes,
                d.bytes.len()
            ));
        }
        if let Some(msg) = sym_problem(m, r.sym) {
            err(format!("relocation at {}: {msg}", r.offset));
        }
    }
    if let Some(e) = m.exception {
        if e as usize >= n {
            err(format!("exception state symbol {e} out of range ({n} symbols)"));
        }
    }
    let s = &m.structors;
    for (what, f) in s
        .ctors
        .iter()
        .map(|f| ("constructor", *f))
        .chain(s.dtors.iter().map(|f| ("destructor", *f)))
        .chain(s.atexit.iter().map(|f| ("atexit", *f)))
    {
        if m.func_sig(f).is_none() {
            err(format!("{what} f{} out of range", f.0));
        }
    }
}

fn sym_problem(m: &LowModule, s: Sym) -> Option<String> {
    match s {
        Sym::Data(d) if d as usize >= m.data.symbols.len() => {
            Some(format!("data symbol {d} out of range ({} symbols)", m.data.symbols.len()))
        }
        Sym::Func(f) if m.func_sig(f).is_none() => Some(format!(
            "function f{} out of range ({} functions)",
            f.0,
            m.funcs.len() + m.imports.len()
        )),
        _ => None,
    }
}

fn is_int(t: Ty) -> bool {
    matches!(t, Ty::I32 | Ty::I64 | Ty::Ptr)
}

/// The checks of one function.
struct Fx<'a> {
    m: &'a LowModule,
    opts: Options,
    f: &'a LowFunc,
    errs: &'a mut Vec<LowVerifyError>,
    block: Option<u32>,
    inst: Option<u32>,
}

impl Fx<'_> {
    fn err(&mut self, message: String) {
        self.errs.push(LowVerifyError {
            func: self.f.name.clone(),
            span: self.f.span,
            block: self.block,
            inst: self.inst,
            message,
        });
    }

    /// Bytes of a register type.
    fn width(&self, t: Ty) -> u32 {
        match t {
            Ty::I32 | Ty::F32 => 4,
            Ty::I64 | Ty::F64 => 8,
            Ty::Ptr => self.m.ptr_bytes as u32,
            Ty::V128 => 16,
        }
    }

    /// The integer type of the pointer's width.
    fn ptr_int(&self) -> Ty {
        if self.m.ptr_bytes == 8 {
            Ty::I64
        } else {
            Ty::I32
        }
    }

    /// The type of `r`, reporting it when out of range.
    fn ty(&mut self, r: VReg, what: &str) -> Option<Ty> {
        let t = self.f.regs.get(r.0 as usize).copied();
        if t.is_none() {
            self.err(format!("{what} v{} out of range ({} registers)", r.0, self.f.regs.len()));
        }
        t
    }

    /// Reports `r` unless it has type `want`.
    fn want(&mut self, r: VReg, want: Ty, what: &str) {
        if let Some(t) = self.ty(r, what) {
            if t != want {
                self.err(format!("{what} v{} is {}, expected {}", r.0, t.name(), want.name()));
            }
        }
    }

    /// Reports `ty` unless `ok`.
    fn want_ty(&mut self, ty: Ty, ok: bool, what: &str) {
        if !ok {
            self.err(format!("{what} of type {}", ty.name()));
        }
    }

    fn func(&mut self) {
        let f = self.f;
        let np = f.sig.params.len();
        if f.regs.len() < np {
            self.err(format!("{} registers for {np} parameters", f.regs.len()));
        }
        for (k, (&p, &r)) in f.sig.params.iter().zip(&f.regs).enumerate() {
            if p != r {
                self.err(format!("parameter {k} is {}, register v{k} {}", p.name(), r.name()));
            }
        }
        if f.sig.variadic && self.opts.abi == Abi::Cells && f.regs.get(np) != Some(&Ty::Ptr) {
            self.err(format!("the variadic argument area v{np} is not a ptr register"));
        }
        if !self.opts.v128 && f.regs.contains(&Ty::V128) {
            self.err("v128 registers without Options::v128".into());
        }
        self.sig(&f.sig.clone(), "the function's signature");
        if f.blocks.is_empty() {
            self.err("no blocks".into());
        }
        self.frame();
        self.written();
        if self.opts.limits {
            self.limits();
        }
        for (b, blk) in f.blocks.iter().enumerate() {
            self.block = Some(b as u32);
            self.inst = None;
            let mut prev = 0;
            for &(k, _) in &blk.locs {
                if k < prev || k as usize > blk.insts.len() {
                    self.err(format!(
                        "locs entry at {k} (after {prev}, {} instructions)",
                        blk.insts.len()
                    ));
                }
                prev = k;
            }
            for (k, i) in blk.insts.iter().enumerate() {
                self.inst = Some(k as u32);
                self.inst_checks(i);
            }
            self.inst = None;
            self.term(&blk.term);
        }
    }

    /// With [`Options::limits`]: the entry block takes a frame first, every return and tail
    /// call gives it back last, and nothing else does either.
    fn limits(&mut self) {
        let f = self.f;
        if f.blocks.first().and_then(|b| b.insts.first()) != Some(&Inst::Enter) {
            self.err("the entry block does not start with enter".into());
        }
        for (b, blk) in f.blocks.iter().enumerate() {
            self.block = Some(b as u32);
            let leaves = matches!(blk.term, Term::Ret(_) | Term::TailCall { .. });
            let n = blk.insts.len();
            for (k, i) in blk.insts.iter().enumerate() {
                let expected = match i {
                    Inst::Enter => b == 0 && k == 0,
                    Inst::Leave => leaves && k + 1 == n,
                    _ => true,
                };
                if !expected {
                    self.inst = Some(k as u32);
                    self.err(format!("{i:?} out of place"));
                }
            }
            self.inst = None;
            if leaves && blk.insts.last() != Some(&Inst::Leave) {
                self.err("a return without leave".into());
            }
        }
        self.block = None;
    }

    /// Reports the registers read but written nowhere (not parameters, not the argument
    /// area, no instruction's result), once each, where first read.
    fn written(&mut self) {
        let f = self.f;
        let mut written = vec![false; f.regs.len()];
        let mut nparams = f.sig.params.len();
        if f.sig.variadic && self.opts.abi == Abi::Cells {
            nparams += 1;
        }
        written.iter_mut().take(nparams).for_each(|w| *w = true);
        for blk in &f.blocks {
            for i in &blk.insts {
                i.for_each_def(|v| {
                    if let Some(w) = written.get_mut(v.0 as usize) {
                        *w = true;
                    }
                });
            }
        }
        let mut reported = written.clone();
        for (b, blk) in f.blocks.iter().enumerate() {
            self.block = Some(b as u32);
            let mut unwritten = Vec::new();
            let mut note = |k: Option<u32>, v: VReg| {
                if reported.get(v.0 as usize) == Some(&false) {
                    reported[v.0 as usize] = true;
                    unwritten.push((k, v));
                }
            };
            for (k, i) in blk.insts.iter().enumerate() {
                i.for_each_use(|v| note(Some(k as u32), v));
            }
            blk.term.for_each_use(|v| note(None, v));
            for (k, v) in unwritten {
                self.inst = k;
                self.err(format!("v{} is read but written nowhere", v.0));
            }
        }
        self.block = None;
        self.inst = None;
    }

    /// Checks of a signature of its own (packs): ascending among the parameters' and among
    /// the results', each on registers of its kind (`ByVal` a `Ptr`, `I128` two `I64`,
    /// `F32x2` and `RetF32x2` two `F32`).
    fn sig(&mut self, s: &Sig, what: &str) {
        if !s.packs.is_empty() && !self.opts.abi.is_native() {
            self.err(format!("{what} has packs without a native Abi"));
        }
        let (mut prev_p, mut prev_r): (Option<u32>, Option<u32>) = (None, None);
        for &(k, pack) in &s.packs {
            let ret = pack == Pack::RetF32x2;
            let prev = if ret { &mut prev_r } else { &mut prev_p };
            if prev.is_some_and(|p| p >= k) {
                self.err(format!("{what}: packs not ascending at {k}"));
            }
            *prev = Some(k);
            let regs = if ret { &s.ret } else { &s.params };
            let at = |i: u32| regs.get(i as usize).copied();
            let ok = match pack {
                Pack::ByVal { .. } => at(k) == Some(Ty::Ptr),
                Pack::I128 => at(k) == Some(Ty::I64) && at(k + 1) == Some(Ty::I64),
                Pack::F32x2 | Pack::RetF32x2 => {
                    at(k) == Some(Ty::F32) && at(k + 1) == Some(Ty::F32)
                }
                Pack::Block { n } => {
                    self.opts.abi == super::Abi::Aapcs64
                        && n >= 2
                        && at(k).is_some_and(|t| (k..k + n).all(|i| at(i) == Some(t)))
                }
                Pack::Sret => {
                    self.opts.abi == super::Abi::Aapcs64 && k == 0 && at(0) == Some(Ty::Ptr)
                }
            };
            if !ok {
                self.err(format!("{what}: {pack:?} at {k} on registers of other types"));
            }
        }
    }

    fn frame(&mut self) {
        let fr = &self.f.frame;
        if !fr.align.is_power_of_two() {
            self.err(format!("frame alignment {} is not a power of two", fr.align));
        } else if !fr.size.is_multiple_of(fr.align) {
            self.err(format!(
                "frame size {} not a multiple of its alignment {}",
                fr.size, fr.align
            ));
        }
        for (k, s) in fr.slots.iter().enumerate() {
            if !s.align.is_power_of_two() {
                self.err(format!("slot {k}: alignment {} is not a power of two", s.align));
            } else if !s.offset.is_multiple_of(s.align) {
                self.err(format!("slot {k}: offset {} not aligned to {}", s.offset, s.align));
            }
            if s.align > fr.align {
                self.err(format!("slot {k}: aligned to {}, the frame to {}", s.align, fr.align));
            }
            if s.offset as u64 + s.size as u64 > fr.size as u64 {
                self.err(format!(
                    "slot {k}: {}..{} past the frame's {} bytes",
                    s.offset,
                    s.offset as u64 + s.size as u64,
                    fr.size
                ));
            }
        }
    }

    fn inst_checks(&mut self, i: &Inst) {
        match i {
            Inst::Const { dst, val } => {
                let t = match val {
                    Const::I32(_) => Ty::I32,
                    Const::I64(_) => Ty::I64,
                    Const::F32(_) => Ty::F32,
                    Const::F64(_) => Ty::F64,
                    Const::Ptr(_) => Ty::Ptr,
                    Const::V128(_) => Ty::V128,
                };
                if t == Ty::V128 {
                    self.need_v128("a v128 constant");
                }
                self.want(*dst, t, "const dst");
            }
            Inst::Addr { dst, sym, .. } => {
                self.want(*dst, Ty::Ptr, "addr dst");
                if let Some(msg) = sym_problem(self.m, *sym) {
                    self.err(msg);
                }
            }
            Inst::Slot { dst, slot } => {
                self.want(*dst, Ty::Ptr, "slot dst");
                if *slot as usize >= self.f.frame.slots.len() {
                    self.err(format!(
                        "slot {slot} out of range ({} slots)",
                        self.f.frame.slots.len()
                    ));
                }
            }
            Inst::ParCopy { moves } => {
                if moves.is_empty() {
                    self.err("a parallel copy without moves".into());
                }
                for (k, &(d, s)) in moves.iter().enumerate() {
                    if moves[..k].iter().any(|&(d2, _)| d2 == d) {
                        self.err(format!("parallel copy writes v{} twice", d.0));
                    }
                    let (td, ts) = (self.ty(d, "copy dst"), self.ty(s, "copy src"));
                    if let (Some(td), Some(ts)) = (td, ts) {
                        if td != ts {
                            self.err(format!(
                                "copy of v{} ({}) into v{} ({})",
                                s.0,
                                ts.name(),
                                d.0,
                                td.name()
                            ));
                        }
                    }
                }
            }
            Inst::Bin { op, ty, dst, a, b } => {
                let float = matches!(
                    op,
                    Bin::FAdd | Bin::FSub | Bin::FMul | Bin::FDiv | Bin::FMin | Bin::FMax
                ) || *op == Bin::FCopySign;
                let ok = if float { ty.is_float() } else { is_int(*ty) };
                self.want_ty(*ty, ok, &format!("{op:?}"));
                self.want(*a, *ty, &format!("{op:?} a"));
                self.want(*b, *ty, &format!("{op:?} b"));
                self.want(*dst, *ty, &format!("{op:?} dst"));
            }
            Inst::Un { op, to, dst, a } => {
                self.want(*dst, *to, &format!("{op:?} dst"));
                if let Some(from) = self.ty(*a, &format!("{op:?} a")) {
                    if let Err(msg) = self.un_rule(*op, from, *to) {
                        self.err(format!("{op:?} from {} to {}: {msg}", from.name(), to.name()));
                    }
                }
            }
            Inst::Cmp { cc, ty, dst, a, b } => {
                self.want_ty(*ty, is_int(*ty), &format!("integer compare {cc:?}"));
                self.want(*a, *ty, "cmp a");
                self.want(*b, *ty, "cmp b");
                self.want(*dst, Ty::I32, "cmp dst");
            }
            Inst::FCmp { cc, ty, dst, a, b } => {
                self.want_ty(*ty, ty.is_float(), &format!("float compare {cc:?}"));
                self.want(*a, *ty, "fcmp a");
                self.want(*b, *ty, "fcmp b");
                self.want(*dst, Ty::I32, "fcmp dst");
            }
            Inst::Select { dst, cond, a, b } => {
                self.want(*cond, Ty::I32, "select cond");
                if let Some(t) = self.ty(*dst, "select dst") {
                    self.want(*a, t, "select a");
                    self.want(*b, t, "select b");
                }
            }
            Inst::Load { dst, ty, size, signed, addr, .. } => {
                self.want(*addr, Ty::Ptr, "load addr");
                self.want(*dst, *ty, "load dst");
                self.access(*ty, *size, "load");
                if *signed && !is_int(*ty) {
                    self.err(format!("signed load of {}", ty.name()));
                }
            }
            Inst::Store { ty, size, addr, src, .. } => {
                self.want(*addr, Ty::Ptr, "store addr");
                self.want(*src, *ty, "store src");
                self.access(*ty, *size, "store");
            }
            Inst::Call(c) => self.call(c),
            Inst::MemCopy { dst, src, len } => {
                self.want(*dst, Ty::Ptr, "memcopy dst");
                self.want(*src, Ty::Ptr, "memcopy src");
                self.want(*len, Ty::Ptr, "memcopy len");
            }
            Inst::MemFill { dst, val, len } => {
                self.want(*dst, Ty::Ptr, "memfill dst");
                self.want(*val, Ty::I32, "memfill val");
                self.want(*len, Ty::Ptr, "memfill len");
            }
            Inst::DynAlloca { dst, size, align } => {
                self.want(*dst, Ty::Ptr, "dynalloca dst");
                self.want(*size, Ty::Ptr, "dynalloca size");
                if !align.is_power_of_two() {
                    self.err(format!("dynalloca alignment {align} is not a power of two"));
                }
                if !self.f.dynamic_stack {
                    self.err("dynalloca in a function not marked dynamic_stack".into());
                }
            }
            Inst::VSplat { shape, dst, a } => {
                self.need_v128("vsplat");
                self.want(*a, shape.lane_ty(), "vsplat a");
                self.want(*dst, Ty::V128, "vsplat dst");
            }
            Inst::VExtract { shape, lane, dst, a } => {
                self.need_v128("vextract");
                self.lane(*shape, *lane);
                self.want(*a, Ty::V128, "vextract a");
                self.want(*dst, shape.lane_ty(), "vextract dst");
            }
            Inst::VReplace { shape, lane, dst, a, b } => {
                self.need_v128("vreplace");
                self.lane(*shape, *lane);
                self.want(*a, Ty::V128, "vreplace a");
                self.want(*b, shape.lane_ty(), "vreplace b");
                self.want(*dst, Ty::V128, "vreplace dst");
            }
            Inst::VBin { op, shape, dst, a, b } => {
                self.need_v128("vbin");
                if !shape.has_bin(*op) {
                    self.err(format!("vbin {op:?} on {}", shape.name()));
                }
                self.want(*a, Ty::V128, "vbin a");
                self.want(*b, Ty::V128, "vbin b");
                self.want(*dst, Ty::V128, "vbin dst");
            }
            Inst::VUn { op, shape, dst, a } => {
                self.need_v128("vun");
                if !(matches!(op, Un::FNeg | Un::FAbs | Un::FSqrt) && shape.is_float()) {
                    self.err(format!("vun {op:?} on {}", shape.name()));
                }
                self.want(*a, Ty::V128, "vun a");
                self.want(*dst, Ty::V128, "vun dst");
            }
            Inst::VShift { op, shape, dst, a, amount } => {
                self.need_v128("vshift");
                if !matches!(op, Bin::Shl | Bin::ShrS | Bin::ShrU) || shape.is_float() {
                    self.err(format!("vshift {op:?} on {}", shape.name()));
                }
                self.want(*a, Ty::V128, "vshift a");
                self.want(*amount, Ty::I32, "vshift amount");
                self.want(*dst, Ty::V128, "vshift dst");
            }
            Inst::VShuffle { dst, a, b, bytes } => {
                self.need_v128("vshuffle");
                if let Some(x) = bytes.iter().find(|&&x| x >= 32) {
                    self.err(format!("vshuffle index {x} (at most 31)"));
                }
                self.want(*a, Ty::V128, "vshuffle a");
                self.want(*b, Ty::V128, "vshuffle b");
                self.want(*dst, Ty::V128, "vshuffle dst");
            }
            Inst::VaStart { ap } => {
                self.need_native("va_start");
                self.want(*ap, Ty::Ptr, "va_start ap");
            }
            Inst::VaArg { dst, ty, ap } => {
                self.need_native("va_arg");
                self.want(*ap, Ty::Ptr, "va_arg ap");
                self.want(*dst, *ty, "va_arg dst");
            }
            Inst::Fuel { .. } | Inst::Enter | Inst::Leave => {
                if !self.opts.limits {
                    self.err("a step or depth count without Options::limits".to_string());
                }
            }
        }
    }

    fn need_v128(&mut self, what: &str) {
        if !self.opts.v128 {
            self.err(format!("{what} without Options::v128"));
        }
    }

    fn need_native(&mut self, what: &str) {
        if !self.opts.abi.is_native() {
            self.err(format!("{what} without a native Abi"));
        }
        if !self.f.sig.variadic {
            self.err(format!("{what} in a function that is not variadic"));
        }
    }

    fn lane(&mut self, shape: Shape, lane: u8) {
        if lane as u32 >= shape.lanes() {
            self.err(format!("lane {lane} of {} ({} lanes)", shape.name(), shape.lanes()));
        }
    }

    /// The sizes a load or store of `ty` may access.
    fn access(&mut self, ty: Ty, size: u8, what: &str) {
        let w = self.width(ty);
        let ok = match ty {
            Ty::I32 | Ty::I64 | Ty::Ptr => (1..=w).contains(&(size as u32)),
            Ty::F32 | Ty::F64 | Ty::V128 => size as u32 == w,
        };
        if !ok {
            self.err(format!("{what} of {size} bytes into {}", ty.name()));
        }
    }

    /// Whether `Un` `op` converts `from` to `to`.
    fn un_rule(&self, op: Un, from: Ty, to: Ty) -> Result<(), &'static str> {
        use Ty::*;
        let ok = match op {
            Un::SextIn(n) => {
                if !(n >= 1 && (n as u32) <= self.width(from) * 8) {
                    return Err("bit count out of the register");
                }
                is_int(from) && to == from
            }
            Un::Wrap => from == I64 && to == I32,
            Un::ExtendU | Un::ExtendS => from == I32 && to == I64,
            Un::PtrToInt => from == Ptr && to == self.ptr_int(),
            Un::IntToPtr => from == self.ptr_int() && to == Ptr,
            Un::Clz | Un::Ctz | Un::Popcnt => is_int(from) && to == from,
            Un::FNeg
            | Un::FAbs
            | Un::FSqrt
            | Un::FFloor
            | Un::FCeil
            | Un::FTrunc
            | Un::FNearest => from.is_float() && to == from,
            Un::Promote => from == F32 && to == F64,
            Un::Demote => from == F64 && to == F32,
            Un::SToF | Un::UToF => matches!(from, I32 | I64) && to.is_float(),
            Un::FToS | Un::FToU => from.is_float() && matches!(to, I32 | I64),
            Un::Bitcast => matches!((from, to), (I32, F32) | (F32, I32) | (I64, F64) | (F64, I64)),
        };
        if ok {
            Ok(())
        } else {
            Err("types the operation does not convert")
        }
    }

    /// The checks of a callee and its arguments, common to calls and tail calls.
    fn callee(&mut self, callee: &Callee, sig: &Sig, args: &[VReg]) {
        self.sig(sig, "the call's signature");
        match callee {
            Callee::Indirect(p) => self.want(*p, Ty::Ptr, "callee"),
            Callee::Direct(f) => self.direct(*f, sig),
        }
        if args.len() != sig.params.len() {
            self.err(format!("{} arguments for {} parameters", args.len(), sig.params.len()));
        }
        for (k, (&a, &p)) in args.iter().zip(&sig.params).enumerate() {
            self.want(a, p, &format!("argument {k}"));
        }
    }

    fn direct(&mut self, f: FuncRef, sig: &Sig) {
        let Some((name, decl)) = self.m.func_sig(f) else {
            let n = self.m.funcs.len() + self.m.imports.len();
            self.err(format!("callee f{} out of range ({n} functions)", f.0));
            return;
        };
        if decl.params != sig.params || decl.ret != sig.ret || decl.variadic != sig.variadic {
            self.err(format!(
                "call of @{name} with signature {} (declared {})",
                sig_text(sig),
                sig_text(decl)
            ));
        } else if !same_packs(&decl.packs, &sig.packs) {
            self.err(format!(
                "call of @{name} with packs {:?} (declared {:?})",
                sig.packs, decl.packs
            ));
        }
    }

    fn call(&mut self, c: &Call) {
        self.callee(&c.callee, &c.sig, &c.args);
        if !c.varargs.is_empty() && !c.sig.variadic {
            self.err(format!("{} extra arguments to a function not variadic", c.varargs.len()));
        }
        for &v in &c.varargs {
            self.ty(v, "extra argument");
        }
        if c.dst.len() != c.sig.ret.len() {
            self.err(format!("{} result registers for {} results", c.dst.len(), c.sig.ret.len()));
        }
        for (k, (&d, &t)) in c.dst.iter().zip(&c.sig.ret).enumerate() {
            self.want(d, t, &format!("result {k}"));
        }
    }

    fn target(&mut self, b: super::form::BlockId) {
        if b.0 as usize >= self.f.blocks.len() {
            self.err(format!("target block {} out of range ({} blocks)", b.0, self.f.blocks.len()));
        }
    }

    fn term(&mut self, t: &Term) {
        match t {
            Term::Jump(b) => self.target(*b),
            Term::Branch { cond, then, else_ } => {
                self.want(*cond, Ty::I32, "branch cond");
                self.target(*then);
                self.target(*else_);
            }
            Term::Table { idx, targets, default } => {
                self.want(*idx, Ty::I32, "table index");
                for &b in targets {
                    self.target(b);
                }
                self.target(*default);
            }
            Term::Ret(vs) => {
                let ret = &self.f.sig.ret;
                if vs.len() != ret.len() {
                    self.err(format!("ret of {} values, {} results", vs.len(), ret.len()));
                }
                for (k, (&v, &t)) in vs.iter().zip(ret).enumerate() {
                    self.want(v, t, &format!("ret value {k}"));
                }
            }
            Term::TailCall { callee, sig, args } => {
                self.callee(callee, sig, args);
                if sig.ret != self.f.sig.ret {
                    self.err(format!(
                        "tail call returning {} in a function returning {}",
                        tys_text(&sig.ret),
                        tys_text(&self.f.sig.ret)
                    ));
                }
                if sig.variadic {
                    self.err("tail call of a variadic signature".into());
                }
            }
            Term::Trap => {}
        }
    }
}

fn tys_text(ts: &[Ty]) -> String {
    let v: Vec<&str> = ts.iter().map(|t| t.name()).collect();
    format!("({})", v.join(", "))
}

fn sig_text(s: &Sig) -> String {
    format!(
        "{}{} -> {}",
        tys_text(&s.params),
        if s.variadic { " ..." } else { "" },
        tys_text(&s.ret)
    )
}

/// True when a call's packs agree with its callee's, in any order, leaving out `byval` copies
/// and `sret` pointers: a call site's attribute decides those even where the declaration does
/// not say it.
fn same_packs(decl: &[(u32, Pack)], call: &[(u32, Pack)]) -> bool {
    let norm = |ps: &[(u32, Pack)]| {
        let mut v: Vec<(u32, Pack)> = ps
            .iter()
            .filter(|p| !matches!(p.1, Pack::ByVal { .. } | Pack::Sret))
            .copied()
            .collect();
        v.sort_by_key(|p| (p.0, matches!(p.1, Pack::RetF32x2)));
        v
    };
    norm(decl) == norm(call)
}
