//! Runtime continuations that call back into IR without Rust recursion: the top-level driver
//! (global constructors, the entry function, `atexit` handlers, global destructors), and the
//! library's `qsort` and `bsearch` machines ([`Sort`]). Each is a state machine resumed with
//! the value the last IR call returned.

use crate::interp::bytecode::Callee;
use crate::interp::libc::Lib;
use crate::interp::memory::AllocKind;
use crate::interp::report::{Fault, Res};
use crate::interp::state::Interp;
use crate::interp::value::{Slot, Val};
use crate::ir::TypeId;
use crate::runtime::libc::sort::{Sort, SortStep};

/// What a continuation wants next.
pub enum Step {
    /// Call an IR (or library) function with these arguments, then resume.
    Call(Callee, Vec<(Val, TypeId)>),
    /// Finished; return this value to whoever called the library function.
    Return(Option<Val>),
    /// The driver finished the program.
    Done,
}

/// The driver's phases.
/// Where the driver is.
#[derive(Clone, Debug)]
pub enum Phase {
    /// Running constructor `i`.
    Ctors(usize),
    /// Running the entry function.
    Main,
    /// Running `atexit` handlers.
    AtExit,
    /// Running destructor `i`.
    Dtors(usize),
    /// Done.
    Finished,
}

/// A continuation.
#[derive(Clone)]
pub enum Native {
    /// The top-level driver.
    Driver {
        /// Constructors by priority.
        ctors: Vec<u32>,
        /// The entry function.
        entry: u32,
        /// Its arguments.
        args: Vec<(Val, TypeId)>,
        /// Destructors.
        dtors: Vec<u32>,
        /// Where it is.
        phase: Phase,
    },
    /// `qsort` or `bsearch`, calling `cmp` (a function) for each comparison.
    Sort {
        /// The comparison function.
        cmp: u32,
        /// The machine.
        sort: Box<Sort<Slot>>,
    },
}

impl Native {
    /// The driver for a run.
    pub fn driver(
        ctors: Vec<u32>,
        entry: u32,
        args: Vec<(Val, TypeId)>,
        dtors: Vec<u32>,
    ) -> Native {
        Native::Driver { ctors, entry, args, dtors, phase: Phase::Ctors(0) }
    }

    /// Resumes with the value the last call returned.
    pub fn resume(&mut self, it: &mut Interp, v: Option<Val>) -> Res<Step> {
        match self {
            Native::Driver { ctors, entry, args, dtors, phase } => loop {
                match phase.clone() {
                    Phase::Ctors(i) => match ctors.get(i) {
                        Some(&g) => {
                            *phase = Phase::Ctors(i + 1);
                            return Ok(Step::Call(Callee::Direct(g), Vec::new()));
                        }
                        None => {
                            *phase = Phase::Main;
                            return Ok(Step::Call(Callee::Direct(*entry), std::mem::take(args)));
                        }
                    },
                    Phase::Main => {
                        it.entry_returned(*entry, v.clone())?;
                        *phase = Phase::AtExit;
                    }
                    Phase::AtExit => match it.libc.lib.atexit.pop() {
                        Some(f) => {
                            return Ok(Step::Call(Callee::Direct(it.func_of_ptr(f)?), Vec::new()))
                        }
                        None => *phase = Phase::Dtors(0),
                    },
                    Phase::Dtors(i) => match dtors.get(i) {
                        Some(&g) => {
                            *phase = Phase::Dtors(i + 1);
                            return Ok(Step::Call(Callee::Direct(g), Vec::new()));
                        }
                        None => *phase = Phase::Finished,
                    },
                    Phase::Finished => return Ok(Step::Done),
                }
            },
            Native::Sort { cmp, sort } => {
                match sort.resume(&mut Lib { it, vals: &[] }, v.map(|v| v.slot()))? {
                    SortStep::Compare(a, b) => Ok(Step::Call(
                        Callee::Direct(*cmp),
                        vec![(Val::S(a), TypeId::PTR), (Val::S(b), TypeId::PTR)],
                    )),
                    SortStep::Done(r) => Ok(Step::Return(r.map(Val::S))),
                }
            }
        }
    }

    /// Switches the driver to its exit handlers (after `exit`).
    pub fn start_exit_handlers(&mut self) -> bool {
        match self {
            Native::Driver { phase, .. } => {
                let in_handlers =
                    matches!(phase, Phase::AtExit | Phase::Dtors(_) | Phase::Finished);
                *phase = Phase::AtExit;
                !in_handlers
            }
            _ => false,
        }
    }
}

impl Interp<'_> {
    /// Records the entry function's result.
    pub fn entry_returned(&mut self, entry: u32, v: Option<Val>) -> Res<()> {
        let ret_ty = self
            .m
            .func(crate::ir::GlobalId::from_u32(entry))
            .and_then(|f| self.m.types.func_sig(f.ty))
            .map_or(TypeId::VOID, |s| s.0);
        if let Some(v) = v {
            if v.taint() != 0 && self.fname(entry) == "@main" {
                return Err(Fault::ub_from(
                    crate::interp::report::UbKind::PoisonUse,
                    "main returned a poison or undef value",
                    v.taint(),
                ));
            }
            self.ret_code = v.slot().bits as i32;
            self.result = Some(self.fmt_val(&v, ret_ty));
        }
        Ok(())
    }

    /// `exit(status)`: unwinds every frame but the driver and runs the exit handlers.
    pub fn do_exit(&mut self, status: i32) -> Res<()> {
        while self.frames.len() > 1 {
            if let Some(fr) = self.frames.pop() {
                self.free_allocas(fr.amark as usize);
                self.regs.truncate(fr.base as usize);
                self.wregs.truncate(fr.wbase as usize);
            }
        }
        self.libc.exit_status = Some(status);
        let first = self
            .frames
            .first_mut()
            .and_then(|f| f.native.as_mut())
            .is_some_and(|n| n.start_exit_handlers());
        if !first {
            return Err(Fault::Exit(status));
        }
        self.resume_native(None)
    }

    /// The driver finished: stop with `exit`'s status if it was called.
    pub fn finish_driver(&mut self) -> Result<(), crate::interp::state::Stop> {
        self.frames.clear();
        match self.libc.exit_status {
            Some(s) => Err(crate::interp::state::Stop::Exit(s)),
            None => Ok(()),
        }
    }

    /// A null-terminated array of pointers to copies of `strings` (each NUL-terminated), in
    /// runtime memory: `argv`, or `envp`.
    fn strings(&mut self, strings: &[Vec<u8>]) -> Res<Slot> {
        let array = self.mem.alloc((strings.len() as u64 + 1) * 8, 16, AllocKind::Runtime, 0)?;
        for (i, a) in strings.iter().enumerate() {
            let idx = self.mem.alloc(a.len() as u64 + 1, 1, AllocKind::Runtime, 0)?;
            self.mem.range_mut((idx as usize, 0), a.len()).0.copy_from_slice(a);
            let p = self.ptr_to(idx);
            self.mem.write_slot(array as usize, i * 8, 8, p, &self.origins);
        }
        Ok(self.ptr_to(array))
    }

    /// Arguments for the entry function: `argc`, `argv` and `envp` for `main`, as far as it
    /// takes them; else `int_args`. Makes the environment `getenv` searches.
    pub fn entry_args(&mut self, g: u32, opts: &crate::interp::Options) -> Res<Vec<(Val, TypeId)>> {
        let m = self.m;
        let Some(f) = m.func(crate::ir::GlobalId::from_u32(g)) else { return Ok(Vec::new()) };
        let params: Vec<TypeId> = m.types.func_sig(f.ty).map(|s| s.1.to_vec()).unwrap_or_default();
        // `main(argc)`, `main(argc, argv)` or `main(argc, argv, envp)`.
        let argc_bits = params.first().and_then(|&t| m.types.int_bits(t));
        // The environment is made when there is one or `main` takes `envp` (the same array).
        let takes_envp = opts.entry == "main"
            && params.get(2).is_some_and(|&t| matches!(m.types.get(t), crate::ir::Type::Ptr(_)));
        let envp = if takes_envp || !opts.env.is_empty() {
            let envp = self.strings(&opts.env)?;
            self.libc.lib.environ = Some(envp);
            Some(envp)
        } else {
            None
        };
        if opts.entry == "main" && (params.len() >= 2 || argc_bits.is_some()) {
            let mut all = vec![opts.program_name.clone()];
            all.extend(opts.args.iter().cloned());
            let mask = crate::interp::value::mask(argc_bits.unwrap_or(32));
            let mut v = Vec::with_capacity(params.len());
            for (k, &t) in params.iter().enumerate() {
                let val = match k {
                    0 => Val::S(Slot::int(all.len() as u64 & mask)),
                    1 => Val::S(self.strings(&all)?),
                    2 => envp.map_or_else(|| self.zero_val(t), Val::S),
                    _ => self.zero_val(t),
                };
                v.push((val, t));
            }
            return Ok(v);
        }
        let mut v = Vec::new();
        for (i, t) in params.iter().enumerate() {
            let x = opts.int_args.get(i).copied().unwrap_or(0);
            let val = match m.types.int_bits(*t) {
                Some(w) => {
                    crate::interp::exec::eval::int_val(vec![x as u64, (x >> 64) as u64], w, 0)
                }
                None => self.zero_val(*t),
            };
            v.push((val, *t));
        }
        Ok(v)
    }
}
