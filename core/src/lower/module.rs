//! The module-level driver: numbers functions (definitions first, then the external
//! functions the code refers to, as imports), builds the data image, lowers each function.

use super::form::{FuncRef, Import, LowModule, Sig, Structors, Sym, Ty};
use super::{data, func, LResult, LowerError};
use crate::diag::Span;
use crate::ir::layout::Layouts;
use crate::ir::{GlobalId, GlobalKind, Module};
use rustc_hash::FxHashMap as HashMap;

/// Module-wide state of a lowering.
pub struct ModCx<'m> {
    /// The module.
    pub m: &'m Module,
    /// Sizes, alignments and offsets of its types.
    pub lay: Layouts,
    /// Pointer size in bytes.
    pub ptr_bytes: u8,
    /// Data symbol of each global variable.
    pub data_sym: HashMap<GlobalId, u32>,
    /// Function reference of each defined function.
    pub defined: HashMap<GlobalId, FuncRef>,
    /// Number of defined functions.
    pub nfuncs: u32,
    /// Imports so far.
    pub imports: Vec<Import>,
    /// Import index by name.
    pub import_index: HashMap<String, u32>,
    /// The value of `blockaddress` of each defined function's first block (see
    /// [`ModCx::block_addr`]).
    pub block_base: HashMap<GlobalId, u64>,
    /// The data symbol of the exception state, when the module can throw.
    pub eh_state: Option<u32>,
    /// The defined functions that may unwind.
    pub may_unwind: rustc_hash::FxHashSet<GlobalId>,
    /// Type infos by type id - 1 (`llvm.eh.typeid.for`).
    pub type_ids: Vec<data::ConstAddr>,
    /// The target's choices.
    pub opts: super::Options,
}

impl ModCx<'_> {
    /// The function reference of an external function `name`, declared with `sig`.
    pub fn import(&mut self, name: &str, sig: Sig, span: Span) -> LResult<FuncRef> {
        if let Some(&i) = self.import_index.get(name) {
            if self.imports.get(i as usize).map(|im| &im.sig) != Some(&sig) {
                return Err(LowerError::unsupported(
                    span,
                    format!("calls to @{name} with two different signatures"),
                ));
            }
            return Ok(FuncRef(self.nfuncs + i));
        }
        let i = self.imports.len() as u32;
        self.imports.push(Import { name: name.to_string(), sig });
        self.import_index.insert(name.to_string(), i);
        Ok(FuncRef(self.nfuncs + i))
    }

    /// The function reference of a function global (defined, or imported under its name).
    pub fn func_ref(&mut self, g: GlobalId, span: Span) -> LResult<FuncRef> {
        if let Some(&f) = self.defined.get(&g) {
            return Ok(f);
        }
        let m = self.m;
        let name = m.global_name(g);
        let Some(f) = m.func(g) else {
            return Err(LowerError::unsupported(span, format!("@{name} is not a function")));
        };
        if name.starts_with("llvm.") {
            return Err(LowerError::unsupported(span, format!("the address of intrinsic @{name}")));
        }
        let sig = super::abi::sig_of(m, self.opts, f.ty, span)?;
        self.import(&name, sig, span)
    }

    /// The value of `blockaddress(@f, %b)`: blocks are numbered across the module's defined
    /// functions in layout order from 1, so every block has its own non-null value and a
    /// function's blocks are consecutive (`indirectbr` subtracts its first one's).
    pub fn block_addr(&self, f: GlobalId, b: crate::ir::Block, span: Span) -> LResult<u64> {
        let base = self.block_base.get(&f).copied();
        let pos = self
            .m
            .func(f)
            .and_then(|fd| fd.body.as_ref())
            .and_then(|body| body.layout.iter().position(|&x| x == b));
        match (base, pos) {
            (Some(base), Some(pos)) => Ok(base + pos as u64),
            _ => Err(LowerError::unsupported(
                span,
                format!("blockaddress of a block that @{} does not define", self.m.global_name(f)),
            )),
        }
    }

    /// The symbol of a global value (variable or function).
    pub fn sym_of(&mut self, g: GlobalId, span: Span) -> LResult<Sym> {
        if let Some(&d) = self.data_sym.get(&g) {
            return Ok(Sym::Data(d));
        }
        match self.m.globals.get(g).map(|gv| &gv.kind) {
            Some(GlobalKind::Func(_)) => Ok(Sym::Func(self.func_ref(g, span)?)),
            _ => Err(LowerError::unsupported(
                span,
                format!(
                    "the address of @{} (an alias, ifunc or undefined global)",
                    self.m.global_name(g)
                ),
            )),
        }
    }
}

/// Lowers a verified module to the low form with the default [`super::Options`].
pub fn lower_module(m: &Module) -> LResult<LowModule> {
    lower_module_with(m, super::Options::default())
}

/// Lowers a verified module to the low form with the target's choices.
pub fn lower_module_with(m: &Module, opts: super::Options) -> LResult<LowModule> {
    let lay = Layouts::new(m);
    if lay.big_endian {
        return Err(LowerError::unsupported(Span::default(), "big-endian data layouts"));
    }
    let ptr_bytes = match lay.ptr_size {
        4 => 4,
        8 => 8,
        n => return Err(LowerError::unsupported(Span::default(), format!("{n}-byte pointers"))),
    };
    let mut cx = ModCx {
        m,
        lay,
        ptr_bytes,
        data_sym: HashMap::default(),
        defined: HashMap::default(),
        nfuncs: 0,
        imports: Vec::new(),
        import_index: HashMap::default(),
        block_base: HashMap::default(),
        eh_state: None,
        may_unwind: Default::default(),
        type_ids: Vec::new(),
        opts,
    };
    let mut defs = Vec::new();
    let mut blocks = 1u64;
    for g in m.order.iter().copied() {
        if let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) {
            cx.defined.insert(g, FuncRef(defs.len() as u32));
            cx.block_base.insert(g, blocks);
            blocks += body.layout.len() as u64;
            defs.push(g);
        }
    }
    cx.nfuncs = defs.len() as u32;
    let mut data = data::build(&mut cx)?;
    if let Some(may) = super::eh::analyze(m) {
        cx.eh_state =
            Some(data::add_zeroed(&mut data, "__irplay_exception", super::eh::STATE_SIZE, 8));
        cx.may_unwind = may;
    }
    let mut funcs = Vec::with_capacity(defs.len());
    for g in defs {
        funcs.push(func::lower_func(&mut cx, g)?);
    }
    let ctors = structors(&mut cx, "llvm.global_ctors")?;
    // Destructors run highest priority first (the interpreter's order, reversed).
    let mut dtors = structors(&mut cx, "llvm.global_dtors")?;
    dtors.reverse();
    let atexit = if dtors.is_empty() {
        None
    } else {
        let sig =
            Sig { params: vec![Ty::Ptr], ret: vec![Ty::I32], variadic: false, packs: Vec::new() };
        Some(cx.import("atexit", sig, Span::default())?)
    };
    Ok(LowModule {
        ptr_bytes,
        funcs,
        imports: cx.imports,
        data,
        exception: cx.eh_state,
        structors: Structors { ctors, dtors, atexit },
    })
}

/// The functions of `@llvm.global_ctors` or `@llvm.global_dtors` (`name`) in the order every
/// engine runs them ([`Module::structors`]). Each must take no arguments; a result is dropped.
fn structors(cx: &mut ModCx, name: &str) -> LResult<Vec<FuncRef>> {
    let m = cx.m;
    let v = m.structors(name);
    let mut out = Vec::with_capacity(v.len());
    for g in v {
        let f = cx.func_ref(g, Span::default())?;
        let takes_args =
            cx.m.func(g)
                .and_then(|fd| super::abi::sig_of(cx.m, cx.opts, fd.ty, Span::default()).ok())
                .is_some_and(|s| !s.params.is_empty() || s.variadic);
        if takes_args {
            return Err(LowerError::unsupported(
                Span::default(),
                format!("@{} in @{name} takes arguments", m.global_name(g)),
            ));
        }
        out.push(f);
    }
    Ok(out)
}
