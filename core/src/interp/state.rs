//! The interpreter state: memory, registers, the explicit frame stack, decoded functions, the
//! origin table and the program's output; setup of globals and the top-level run.

use super::{Exit, Options, Outcome};
use crate::diag::Span;
use crate::interp::bytecode::{vec_of, FnCode, Opnd, NONE, TAG, VEC, WCONST, WIDE};
use crate::interp::exec::trace::TraceEvent;
use crate::interp::libc::continuation::Native;
use crate::interp::libc::LibcState;
use crate::interp::memory::{AllocKind, Memory};
use crate::interp::memory::{SiteFrame, CALL_SITE, SITE_FRAMES};
use crate::interp::poison::origin::{OriginReport, Origins, TaintKind};
use crate::interp::report::{
    BlockRef, BlockReport, ErrorKind, Fault, MallocFailure, Res, RunError, UbKind, UbReport,
};
use crate::interp::value::{Slot, Val};
use crate::ir::layout::Layouts;
use crate::ir::{GlobalKind, Inst, Module, TypeId};
use crate::runtime::output::{Output, OutputStop};
use std::collections::HashMap;
use std::rc::Rc;

/// Extra arguments of a variadic call, kept until `va_start` lays them out.
#[derive(Clone, Debug, Default)]
pub struct VaInfo {
    /// The extra arguments with their types.
    pub extra: Vec<(Val, TypeId)>,
    /// Integer/pointer registers used by named parameters.
    pub gp: u32,
    /// SSE registers used by named parameters.
    pub fp: u32,
    /// The laid-out register save area and overflow area, once `va_start` ran.
    pub area: Option<(Slot, Slot)>,
}

/// A frame of the explicit call stack.
#[derive(Clone)]
pub struct Frame {
    /// The function's code (an empty one for native frames).
    pub code: Rc<FnCode>,
    /// The next op to execute.
    pub pc: u32,
    /// First narrow register.
    pub base: u32,
    /// First wide register.
    pub wbase: u32,
    /// Length of the alloca list when the frame was entered.
    pub amark: u32,
    /// The call site being executed (while a callee runs), or [`NONE`].
    pub call: u32,
    /// Variadic arguments.
    pub va: Option<Box<VaInfo>>,
    /// A runtime-library continuation (qsort, the top-level driver), instead of IR code.
    pub native: Option<Box<Native>>,
}

/// Why the run loop stopped.
#[derive(Debug)]
pub enum Stop {
    /// Finished normally (the driver completed).
    Done,
    /// `exit` was called (already ran handlers if possible).
    Exit(i32),
    /// `abort`, assertion failure, trap.
    Abort(String),
    /// Undefined behaviour.
    Ub(Box<UbReport>),
    /// A runtime error.
    Error(Box<RunError>),
    /// The step limit: the frame's pc is on the op that would have run next and `steps` is
    /// the limit, so the run can go on from there with a higher limit.
    OutOfSteps,
    /// A debugging session's stop condition held before an op (see [`Watch`]); the frame's
    /// pc is on that op.
    Paused,
}

impl Stop {
    /// How a run that stopped this way ended, given the entry's return value (`Paused` only
    /// stops a debugging session's run loop: anywhere else it is an internal error, `paused`).
    pub fn into_exit(self, ret_code: i32, paused: &str) -> Exit {
        match self {
            Stop::Done => Exit::Returned { value: ret_code },
            Stop::Exit(s) => Exit::Exited { status: s },
            Stop::Abort(message) => Exit::Aborted { message },
            Stop::Ub(r) => Exit::Ub(*r),
            Stop::Error(e) => Exit::Error(*e),
            Stop::OutOfSteps => Exit::OutOfSteps,
            Stop::Paused => Exit::Error(RunError {
                kind: ErrorKind::Internal,
                message: paused.into(),
                span: None,
                function: None,
                backtrace: Vec::new(),
            }),
        }
    }
}

/// The interpreter.
pub struct Interp<'m> {
    /// The module.
    pub m: &'m Module,
    /// Type layouts.
    pub lay: Rc<Layouts>,

    /// Memory.
    pub mem: Memory,
    /// Poison/undef origins.
    pub origins: Origins,
    /// Narrow registers of all frames.
    pub regs: Vec<Slot>,
    /// Wide registers of all frames.
    pub wregs: Vec<Val>,
    /// The call stack.
    pub frames: Vec<Frame>,
    /// Frames the fast path pushed on top of `frames` while it runs (empty otherwise).
    pub light: Vec<crate::interp::fast::Light>,
    /// What the fast path knows of `regs`'s spare capacity (see `fast::RegsInit`).
    pub regs_init: crate::interp::fast::RegsInit,
    /// Decoded functions by global index.
    pub funcs: Vec<Option<Rc<FnCode>>>,
    /// The address of each global value.
    pub gaddr: Vec<Slot>,
    /// Live allocas of all frames, innermost last.
    pub allocas: Vec<u32>,
    /// Program output and error output, on their way to the host.
    pub out: Output<'m>,
    /// Why output stopped the program, set by a write inside a library call (which cannot
    /// fail) and raised when the call returns.
    pub out_fault: Option<Fault>,
    /// Instructions executed.
    pub steps: u64,
    /// Step limit.
    pub max_steps: u64,
    /// Depth limit.
    pub max_depth: u32,
    /// Trace events, when tracing.
    pub trace: Option<Vec<TraceEvent>>,
    /// Trace limit.
    pub max_trace: usize,
    /// The span and function of the instruction being executed (for new origins).
    pub ctx: (Span, u32),
    /// C library state.
    pub libc: LibcState,
    /// Block address allocations.
    pub block_addrs: HashMap<(u32, u32), Slot>,
    /// The exception being thrown: (object pointer, type info pointer).
    pub exception: Option<(Slot, Slot)>,
    /// An empty code object for native frames.
    pub empty: Rc<FnCode>,
    /// Type info pointers registered by `llvm.eh.typeid.for`.
    pub typeids: Vec<u64>,
    /// Shared origins: uninitialized heap memory, struct padding.
    pub heap_origin: u32,
    /// Undef origin of struct padding.
    pub pad_origin: u32,
    /// The entry's result as text.
    pub result: Option<String>,
    /// Value returned by `main` (or the entry).
    pub ret_code: i32,
    /// Block labels of functions, for traces.
    pub labels: HashMap<u32, Vec<String>>,
    /// Names of declared functions by global index, once called.
    pub ext_names: Vec<Option<&'m str>>,
    /// The arguments of the external call being made, kept between calls for its storage
    /// (empty outside a call, so it holds no origin).
    pub ext_args: Vec<Val>,
    /// When set, the run loop runs every op on the general path and checks this before each
    /// one (a debugging session's breakpoints and frame depth; see `interp/debug/`).
    pub watch: Option<Box<Watch>>,
    /// Keep every stack slot in memory (no promotion to registers: `translate/promote.rs`),
    /// so that a debugger shows it there.
    pub no_promote: bool,
    /// The first `malloc` (or relative) that returned null because of the memory limit.
    pub malloc_failed: Option<MallocFailure>,
}

/// What a debugging session stops the run loop at: before an op whose instruction starts at
/// one of `starts`, or when the call stack is at most `depth` frames deep. The first op after
/// the run resumes (at step `from`) is never a stop, so the run always moves on.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// Byte offsets where instructions to stop at start (breakpoint lines).
    pub starts: rustc_hash::FxHashSet<u32>,
    /// Stop when the stack holds at most this many frames.
    pub depth: usize,
    /// The step the run resumed at.
    pub from: u64,
    /// Record the results of the instructions of the frames on the stack (value histories).
    pub record: Option<Box<crate::interp::debug::record::Recorder>>,
}

impl<'m> Interp<'m> {
    /// A fresh interpreter for `m`.
    pub fn new(m: &'m Module, opts: &Options) -> Interp<'m> {
        let mut origins = Origins::default();
        let heap_origin =
            origins.root(TaintKind::Undef, Span::default(), u32::MAX, "uninitialized heap memory");
        let pad_origin = origins.root(
            TaintKind::Undef,
            Span::default(),
            u32::MAX,
            "padding bytes of a stored aggregate",
        );
        Interp {
            m,
            lay: Rc::new(Layouts::new(m)),
            mem: Memory::new(opts.max_memory),
            origins,
            regs: Vec::new(),
            wregs: Vec::new(),
            frames: Vec::new(),
            funcs: vec![None; m.globals.len()],
            gaddr: vec![Slot::default(); m.globals.len()],
            allocas: Vec::new(),
            light: Vec::new(),
            regs_init: Default::default(),
            out: Output::new(None, opts.max_output, opts.line_buffered),
            out_fault: None,
            steps: 0,
            max_steps: opts.max_steps,
            max_depth: opts.max_stack_depth,
            trace: opts.trace.then(Vec::new),
            max_trace: opts.max_trace,
            ctx: (Span::default(), u32::MAX),
            libc: LibcState::new(opts.stdin.clone()),
            block_addrs: HashMap::new(),
            exception: None,
            empty: Rc::new(FnCode::default()),
            typeids: Vec::new(),
            heap_origin,
            pad_origin,
            result: None,
            ret_code: 0,
            labels: HashMap::new(),
            ext_names: Vec::new(),
            ext_args: Vec::new(),
            watch: None,
            no_promote: false,
            malloc_failed: None,
        }
    }

    /// A copy of the whole state between two ops (a debugging session's snapshot): memory,
    /// registers, frames, origins, the C library's state and the output so far. The copy
    /// keeps no sink and no trace; decoded functions are shared.
    pub fn snapshot(&self) -> Interp<'m> {
        debug_assert!(self.light.is_empty(), "snapshot while the fast path runs");
        Interp {
            m: self.m,
            lay: self.lay.clone(),
            mem: self.mem.clone(),
            origins: self.origins.clone(),
            regs: self.regs.clone(),
            wregs: self.wregs.clone(),
            frames: self.frames.clone(),
            light: Vec::new(),
            regs_init: Default::default(),
            funcs: self.funcs.clone(),
            gaddr: self.gaddr.clone(),
            allocas: self.allocas.clone(),
            out: self.out.detached(),
            out_fault: self.out_fault.clone(),
            steps: self.steps,
            max_steps: self.max_steps,
            max_depth: self.max_depth,
            trace: None,
            max_trace: self.max_trace,
            ctx: self.ctx,
            libc: self.libc.clone(),
            block_addrs: self.block_addrs.clone(),
            exception: self.exception,
            empty: self.empty.clone(),
            typeids: self.typeids.clone(),
            heap_origin: self.heap_origin,
            pad_origin: self.pad_origin,
            result: self.result.clone(),
            ret_code: self.ret_code,
            labels: HashMap::new(),
            ext_names: self.ext_names.clone(),
            ext_args: self.ext_args.clone(),
            watch: None,
            no_promote: self.no_promote,
            malloc_failed: self.malloc_failed.clone(),
        }
    }

    /// Runs the module and packages the outcome (what the program wrote not yet written out
    /// is written out first).
    pub fn run(mut self, opts: &Options) -> Outcome {
        let mut stop = self.execute(opts);
        if let Err(s) = self.out.flush() {
            if matches!(stop, Stop::Done | Stop::Exit(_)) {
                self.ctx = (Span::default(), u32::MAX);
                let f = self.output_fault(s);
                stop = self.stop_from(f, None);
            }
        }
        let kept = self.out.take_kept();
        let exit = stop.into_exit(self.ret_code, "the run paused outside a debugging session");
        let stopped_at = matches!(exit, Exit::OutOfSteps).then(|| crate::interp::Place {
            span: (self.ctx.0.start, self.ctx.0.end),
            function: self.fname(self.ctx.1),
            backtrace: self.backtrace(),
        });
        // The op the step limit stopped counts, as it always has.
        let steps = self.steps + u64::from(stopped_at.is_some());
        Outcome {
            stopped_at,
            exit,
            stdout: kept.stdout,
            stderr: kept.stderr,
            steps,
            result: self.result,
            trace: self.trace.unwrap_or_default(),
            malloc_failed: self.malloc_failed,
        }
    }

    /// Sets up memory and runs the program to its end.
    pub fn execute(&mut self, opts: &Options) -> Stop {
        match self.setup().and_then(|_| self.start(opts)) {
            Ok(()) => self.run_loop(),
            Err(f) => self.stop_from(f, None),
        }
    }

    /// Allocates every global value and writes the initializers.
    pub(crate) fn setup(&mut self) -> Res<()> {
        let m = self.m;
        let mut inits = Vec::new();
        for &g in &m.order {
            let Some(gv) = m.globals.get(g) else { continue };
            let gi = g.as_u32();
            match &gv.kind {
                GlobalKind::Var(v) => {
                    let info = self.lay.get(v.value_ty);
                    let align = v.align.unwrap_or(info.align).max(info.align.min(16));
                    let idx = self.mem.alloc(
                        info.alloc.max(info.size),
                        align,
                        AllocKind::Global(gi),
                        0,
                    )?;
                    self.gaddr[gi as usize] = self.ptr_to(idx);
                    if let Some(init) = v.init {
                        inits.push((idx, init, v.constant));
                    } else {
                        let name = m.global_name(g);
                        self.libc_global(&name, idx)?;
                    }
                }
                GlobalKind::Func(_) | GlobalKind::IFunc { .. } => {
                    let idx = self.mem.alloc(0, 16, AllocKind::Func(gi), 0)?;
                    self.gaddr[gi as usize] = self.ptr_to(idx);
                }
                _ => {}
            }
        }
        // Aliases (possibly of aliases): resolve until stable.
        for _ in 0..8 {
            for &g in &m.order {
                if let Some(GlobalKind::Alias { aliasee, .. }) = m.globals.get(g).map(|gv| &gv.kind)
                {
                    self.ctx = (Span::default(), u32::MAX);
                    let v = self.const_val(*aliasee)?;
                    self.gaddr[g.as_u32() as usize] = v.slot();
                }
            }
        }
        for (idx, init, constant) in inits {
            let ty = self.m.consts.ty(init);
            self.write_const(init, ty, (idx as usize, 0))?;
            if constant {
                if let Some(a) = self.mem.allocs.get_mut(idx as usize) {
                    a.readonly = true;
                }
            }
        }
        Ok(())
    }

    /// A pointer to the start of allocation `idx`.
    pub fn ptr_to(&self, idx: u32) -> Slot {
        Slot::ptr(self.mem.allocs.get(idx as usize).map_or(0, |a| a.base), idx + 1)
    }

    /// Pushes the top-level driver and starts it.
    pub(crate) fn start(&mut self, opts: &Options) -> Res<()> {
        let ctors: Vec<u32> =
            self.m.structors("llvm.global_ctors").iter().map(|g| g.as_u32()).collect();
        let mut dtors: Vec<u32> =
            self.m.structors("llvm.global_dtors").iter().map(|g| g.as_u32()).collect();
        dtors.reverse();
        let Some(entry) = self.m.entry_function(&opts.entry) else {
            return Err(Fault::Error(
                ErrorKind::BadEntry,
                crate::ir::no_entry_message(&opts.entry),
            ));
        };
        let args = self.entry_args(entry.as_u32(), opts)?;
        let driver = Native::driver(ctors, entry.as_u32(), args, dtors);
        self.frames.push(Frame {
            code: self.empty.clone(),
            pc: 0,
            base: 0,
            wbase: 0,
            amark: 0,
            call: NONE,
            va: None,
            native: Some(Box::new(driver)),
        });
        self.resume_native(None)
    }

    /// Reads an operand of the current frame as a general value.
    #[inline]
    pub fn opnd(&self, code: &FnCode, base: usize, wbase: usize, o: Opnd) -> Val {
        match o & TAG {
            0 => Val::S(self.regs.get(base + o as usize).copied().unwrap_or_default()),
            WIDE => self.wregs.get(wbase + (o & !TAG) as usize).cloned().unwrap_or_default(),
            WCONST => code.wconsts.get((o & !TAG) as usize).cloned().unwrap_or_default(),
            _ => match vec_of(o) {
                Some((r, n)) => {
                    let at = base + r as usize;
                    Val::A(self.regs.get(at..at + n as usize).map_or_else(
                        || vec![Val::default(); n as usize].into(),
                        |l| l.iter().map(|&s| Val::S(s)).collect(),
                    ))
                }
                None => Val::default(),
            },
        }
    }

    /// Writes a register of the current frame.
    #[inline]
    pub fn set(&mut self, base: usize, wbase: usize, o: Opnd, v: Val) {
        match (o & TAG, v) {
            (0, Val::S(s)) => {
                if let Some(r) = self.regs.get_mut(base + o as usize) {
                    *r = s;
                }
            }
            (0, v) => {
                if let Some(r) = self.regs.get_mut(base + o as usize) {
                    *r = v.slot();
                }
            }
            (WIDE, v) => {
                if let Some(r) = self.wregs.get_mut(wbase + (o & !TAG) as usize) {
                    *r = v;
                }
            }
            (VEC, v) => {
                let Some((r, n)) = vec_of(o) else { return };
                let at = base + r as usize;
                let Some(lanes) = self.regs.get_mut(at..at + n as usize) else { return };
                match &v {
                    Val::A(es) => lanes.iter_mut().zip(es.iter()).for_each(|(l, e)| *l = e.slot()),
                    v => lanes.fill(v.slot()),
                }
            }
            _ => {}
        }
    }

    /// A new poison root at the current instruction.
    pub fn poison(&mut self, reason: impl Into<crate::interp::poison::origin::Why>) -> u32 {
        self.origins.root(TaintKind::Poison, self.ctx.0, self.ctx.1, reason)
    }

    /// The tainted value `o` passed through the current instruction.
    #[inline]
    pub fn chain(&mut self, o: u32) -> u32 {
        self.origins.chain(o, self.ctx.0, self.ctx.1)
    }

    /// The name of a function by global index.
    pub fn fname(&self, g: u32) -> String {
        if g == u32::MAX {
            return String::new();
        }
        format!("@{}", self.m.global_name(crate::ir::GlobalId::from_u32(g)))
    }

    /// The span of an instruction of a function.
    pub fn inst_span(&self, g: u32, inst: Inst) -> Span {
        self.m
            .func(crate::ir::GlobalId::from_u32(g))
            .and_then(|f| f.body.as_ref())
            .and_then(|b| b.insts.get(inst))
            .map(|d| d.span)
            .unwrap_or_default()
    }

    /// The function names of the call stack, innermost first.
    pub fn backtrace(&self) -> Vec<String> {
        self.frames
            .iter()
            .rev()
            .filter(|f| f.native.is_none())
            .map(|f| self.fname(f.code.gid))
            .collect()
    }

    /// The fault that ends a run whose output stopped.
    pub fn output_fault(&self, s: OutputStop) -> Fault {
        match s {
            OutputStop::Limit(max) => Fault::Error(
                ErrorKind::OutputLimit,
                format!("the program's output reached the output limit of {max} bytes"),
            ),
            OutputStop::Closed => Fault::Error(
                ErrorKind::OutputClosed,
                "the reader of the program's output is gone (a closed pipe)".into(),
            ),
        }
    }

    /// Turns a fault at the current instruction into a stop.
    pub fn stop_from(&mut self, f: Fault, span: Option<Span>) -> Stop {
        let span = span.unwrap_or(self.ctx.0);
        let function = self.fname(self.ctx.1);
        match f {
            Fault::Ub(kind, message, o) => {
                let origin = if o != 0 { self.origin_report(o) } else { None };
                // Say which of the two the value is.
                let (kind, message) = match origin.as_ref().map(|o| o.kind) {
                    Some(TaintKind::Undef) => (
                        match kind {
                            UbKind::PoisonPointer => UbKind::UndefPointer,
                            UbKind::DivisionByPoison => UbKind::DivisionByUndef,
                            UbKind::PoisonUse => UbKind::UndefUse,
                            k => k,
                        },
                        message
                            .replace("a poison or undef", "an undef")
                            .replace("poison or undef", "undef"),
                    ),
                    Some(TaintKind::Poison) => (kind, message.replace("poison or undef", "poison")),
                    None => (kind, message),
                };
                Stop::Ub(Box::new(self.ub_report(kind, message, span, function, origin, None)))
            }
            Fault::UbBlock(kind, message, b) => {
                let block = Some(self.block_report(&b));
                Stop::Ub(Box::new(self.ub_report(kind, message, span, function, None, block)))
            }
            Fault::Exit(s) => Stop::Exit(s),
            Fault::Abort(m) => Stop::Abort(m),
            Fault::Error(kind, message) => {
                let loc = self.ctx.1 != u32::MAX;
                Stop::Error(Box::new(RunError {
                    kind,
                    message,
                    span: loc.then_some((span.start, span.end)),
                    function: loc.then_some(function),
                    backtrace: if loc { self.backtrace() } else { Vec::new() },
                }))
            }
        }
    }

    /// A report of undefined behaviour at `span` (of the current instruction's function).
    fn ub_report(
        &self,
        kind: crate::interp::report::UbKind,
        message: String,
        span: Span,
        function: String,
        origin: Option<OriginReport>,
        block: Option<BlockReport>,
    ) -> UbReport {
        let help = crate::interp::ub_help::ub_help(kind);
        let mut stack = self.frames_here(usize::MAX);
        if let Some(top) = stack.first_mut() {
            top.0 = span;
        }
        UbReport {
            kind,
            message,
            span: (span.start, span.end),
            function,
            origin,
            backtrace: self.backtrace(),
            stack: self.site_frames(&stack),
            block,
            help: help.why.to_string(),
            see: help.url(),
        }
    }

    /// The call stack with positions, innermost first, at most `max` frames: the current
    /// instruction, then the call site of each IR frame below.
    pub fn frames_here(&self, max: usize) -> Vec<SiteFrame> {
        let mut v = Vec::new();
        if self.ctx.1 == u32::MAX {
            return v;
        }
        v.push(self.ctx);
        for fr in self.frames.iter().rev().skip(1) {
            if v.len() >= max {
                break;
            }
            if fr.native.is_some() {
                continue;
            }
            if let Some(cs) = fr.code.calls.get(fr.call as usize) {
                v.push((self.inst_span(fr.code.gid, cs.inst), fr.code.gid));
            }
        }
        v
    }

    /// The site id of the current call stack (at most [`SITE_FRAMES`] frames): where a block
    /// is allocated or freed.
    pub fn site_here(&mut self) -> u32 {
        if self.ctx.1 == u32::MAX {
            return 0;
        }
        let mut buf: smallvec::SmallVec<[SiteFrame; SITE_FRAMES]> = smallvec::SmallVec::new();
        buf.push(self.ctx);
        for fr in self.frames.iter().rev().skip(1) {
            if buf.len() >= SITE_FRAMES {
                break;
            }
            if fr.native.is_none() && fr.call != NONE {
                buf.push((Span { start: fr.call, end: CALL_SITE }, fr.code.gid));
            }
        }
        self.mem.sites.intern(&buf)
    }

    /// Frames as reports show them (call site numbers resolved to their instructions).
    fn site_frames(&self, s: &[SiteFrame]) -> Vec<crate::interp::report::SiteFrame> {
        s.iter()
            .map(|&(sp, g)| {
                let sp = if sp.end == CALL_SITE {
                    self.funcs
                        .get(g as usize)
                        .and_then(|c| c.as_ref())
                        .and_then(|c| c.calls.get(sp.start as usize))
                        .map_or(Span::default(), |cs| self.inst_span(g, cs.inst))
                } else {
                    sp
                };
                crate::interp::report::SiteFrame {
                    span: (sp.start, sp.end),
                    function: self.fname(g),
                }
            })
            .collect()
    }

    /// What a report says about a block.
    pub fn block_report(&self, b: &BlockRef) -> BlockReport {
        let allocated = self.site_frames(self.mem.sites.get(b.site));
        let name = match b.what {
            "heap block" => format!("heap#{}", b.serial),
            "global" | "function" => self.fname(b.global),
            "stack slot" => self
                .mem
                .sites
                .get(b.site)
                .first()
                .and_then(|&(sp, g)| self.result_name(g, sp))
                .unwrap_or_else(|| format!("stack#{}", b.serial)),
            w => w.to_string(),
        };
        BlockReport {
            what: b.what.to_string(),
            name,
            size: b.size,
            allocated,
            freed: self.site_frames(self.mem.sites.get(b.freed)),
            live: b.live,
        }
    }
}
