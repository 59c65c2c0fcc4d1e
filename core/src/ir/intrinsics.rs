//! The intrinsic table: every `llvm.*` intrinsic family the project knows is one row of
//! [`intrinsics!`] below, giving its [`Intrinsic`] variant, its name stem (the name without
//! the mangled overloaded types: `llvm.memcpy` for `llvm.memcpy.p0.p0.i64`), its signature
//! (the pattern language of [`super::intrinsic_sig`]; `None` where LLVM 19 does not know the
//! family or its signature is not checked), its `immarg` parameter positions, the memory it
//! may touch ([`Mem`]) and two flags: [`PURE`] (removable when unused and speculatable: LLVM's
//! `memory(none) nounwind willreturn` with no other effect, as `dce`, `early-cse`, `licm` and
//! alias analysis rely on it) and [`POISON`] (may produce poison from operands that are not
//! poison).
//!
//! A declaration is resolved once, by name ([`Intrinsic::resolve`]: the longest stem that is
//! the name or a dot-separated prefix of it), into [`Function::intrinsic`]: the parser
//! resolves every function at the end of a module ([`Module::resolve_intrinsics`], after its
//! legacy renames), and code that declares a function sets the field. A field rather than a
//! side table: every consumer (verifier, passes, analyses, interpreter, lowering) already
//! holds the callee's [`Function`], so reading the family is a field access, with no cache to
//! build or keep in step with the module; names of functions never change after parsing.
//! Unknown `llvm.*` names resolve to `None` and behave as external functions, as in LLVM 19.
//!
//! Consumers `match` on [`Intrinsic`] without a catch-all where they implement intrinsics
//! (the interpreter, the lowering), so a new row is a compile error until each says what it
//! does with it.

use super::intrinsic_sig::{Class as C, Mismatch, Pat, Pat::*, Sig};
use super::{Function, GlobalKind, GlobalName, Module, TypeId};
use rustc_hash::FxHashMap as HashMap;

/// What memory a call of an intrinsic may touch, as far as the project models it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mem {
    /// None (LLVM's `memory(none)`).
    None,
    /// A marker for optimizers (lifetimes, invariants, noalias scopes, `assume`, debug
    /// records): LLVM gives it effects only to keep it in place; it reads and writes no memory
    /// the program can observe.
    Marker,
    /// Reads memory through its pointer arguments.
    ArgRead,
    /// Writes memory through its pointer arguments.
    ArgWrite,
    /// Reads and writes memory through its pointer arguments.
    ArgReadWrite,
    /// Memory the program cannot name (the stack pointer, counters, the annotation state).
    Inaccessible,
    /// Any memory.
    Any,
}

/// Flag: removable when its result is unused, and speculatable.
pub const PURE: u8 = 1;
/// Flag: may produce poison from operands that are not poison.
pub const POISON: u8 = 2;

/// One row of the table.
#[derive(Debug)]
pub struct Row {
    /// The name stem (`llvm.memcpy`).
    pub name: &'static str,
    /// The signature, when checked.
    pub sig: Option<Sig>,
    /// Parameter positions that must be immediate constants.
    pub immarg: &'static [usize],
    /// The memory it may touch.
    pub mem: Mem,
    /// [`PURE`] and [`POISON`].
    pub flags: u8,
}

macro_rules! intrinsics {
    ($($v:ident = $name:literal, $sig:expr, $imm:expr, $mem:ident, $flags:expr;)*) => {
        /// An intrinsic family (one row of the table).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Intrinsic {
            $(#[doc = concat!("`@", $name, "`")] $v,)*
        }

        impl Intrinsic {
            /// Every family, in table order.
            pub const ALL: &'static [Intrinsic] = &[$(Intrinsic::$v),*];
        }

        /// The rows, in the order of [`Intrinsic`].
        static ROWS: &[Row] = &[
            $(Row { name: $name, sig: $sig, immarg: $imm, mem: Mem::$mem, flags: $flags },)*
        ];
    };
}

const fn s(ret: Pat, params: &'static [Pat]) -> Option<Sig> {
    Some(Sig { ret, params })
}

/// Not checked: LLVM 19 does not know the family, or the project does not check it yet.
const NOSIG: Option<Sig> = None;
const NONE: &[usize] = &[];
const OVF: Pat = Struct(&[Any(C::Int), Bool(0)]);
const INT1: &[Pat] = &[Same(0)];
const INT2: &[Pat] = &[Same(0), Same(0)];
const INT3: &[Pat] = &[Same(0), Same(0), Same(0)];
const FP1: &[Pat] = &[Same(0)];
const FP2: &[Pat] = &[Same(0), Same(0)];
const FP3: &[Pat] = &[Same(0), Same(0), Same(0)];
const MD3: &[Pat] = &[Md, Md, Md];
const COPY: &[Pat] = &[Any(C::Ptr), Any(C::Ptr), Any(C::Int), I(1)];
const FILL: &[Pat] = &[Any(C::Ptr), I(8), Any(C::Int), I(1)];
const IRED: &[Pat] = &[Any(C::IntVec)];
const FRED: &[Pat] = &[Any(C::FpVec)];
const FRED2: &[Pat] = &[Elem(0), Any(C::FpVec)];
const PO: u8 = PURE | POISON;

intrinsics! {
    // Memory.
    Memcpy = "llvm.memcpy", s(Void, COPY), &[3], ArgReadWrite, 0;
    MemcpyInline = "llvm.memcpy.inline", s(Void, COPY), &[2, 3], ArgReadWrite, 0;
    Memmove = "llvm.memmove", s(Void, COPY), &[3], ArgReadWrite, 0;
    Memset = "llvm.memset", s(Void, FILL), &[3], ArgWrite, 0;
    MemsetInline = "llvm.memset.inline", s(Void, FILL), &[2, 3], ArgWrite, 0;
    MaskedLoad = "llvm.masked.load", s(Any(C::Vec), &[Any(C::Ptr), I(32), Bool(0), Same(0)]), &[1], ArgRead, 0;
    MaskedStore = "llvm.masked.store", s(Void, &[Any(C::Vec), Any(C::Ptr), I(32), Bool(0)]), &[2], ArgWrite, 0;
    // Optimizer markers.
    LifetimeStart = "llvm.lifetime.start", s(Void, &[I(64), Any(C::Ptr)]), &[0], Marker, 0;
    LifetimeEnd = "llvm.lifetime.end", s(Void, &[I(64), Any(C::Ptr)]), &[0], Marker, 0;
    InvariantStart = "llvm.invariant.start", s(Ptr, &[I(64), Any(C::Ptr)]), &[0], Marker, 0;
    InvariantEnd = "llvm.invariant.end", s(Void, &[Ptr, I(64), Any(C::Ptr)]), &[1], Marker, 0;
    LaunderInvariantGroup = "llvm.launder.invariant.group", s(Any(C::Ptr), &[Same(0)]), NONE, Inaccessible, 0;
    StripInvariantGroup = "llvm.strip.invariant.group", s(Any(C::Ptr), &[Same(0)]), NONE, None, 0;
    NoaliasScopeDecl = "llvm.experimental.noalias.scope.decl", s(Void, &[Md]), NONE, Marker, 0;
    Assume = "llvm.assume", s(Void, &[I(1)]), NONE, Marker, 0;
    Expect = "llvm.expect", s(Any(C::Int), INT2), NONE, None, PURE;
    ExpectWithProbability = "llvm.expect.with.probability", s(Any(C::Int), &[Same(0), Same(0), Double]), &[2], None, PURE;
    IsConstant = "llvm.is.constant", s(I(1), &[Any(C::Any)]), NONE, None, 0;
    SsaCopy = "llvm.ssa.copy", NOSIG, NONE, None, PURE;
    Donothing = "llvm.donothing", s(Void, &[]), NONE, None, 0;
    Sideeffect = "llvm.sideeffect", s(Void, &[]), NONE, Inaccessible, 0;
    DbgValue = "llvm.dbg.value", s(Void, MD3), NONE, Marker, 0;
    DbgDeclare = "llvm.dbg.declare", s(Void, MD3), NONE, Marker, 0;
    DbgAssign = "llvm.dbg.assign", s(Void, &[Md, Md, Md, Md, Md, Md]), NONE, Marker, 0;
    DbgLabel = "llvm.dbg.label", s(Void, &[Md]), NONE, Marker, 0;
    VarAnnotation = "llvm.var.annotation", NOSIG, NONE, Inaccessible, 0;
    PtrAnnotation = "llvm.ptr.annotation", NOSIG, NONE, Inaccessible, 0;
    Annotation = "llvm.annotation", NOSIG, NONE, Inaccessible, 0;
    Pseudoprobe = "llvm.pseudoprobe", NOSIG, NONE, Inaccessible, 0;
    InstrprofIncrement = "llvm.instrprof.increment", NOSIG, NONE, Any, 0;
    InstrprofIncrementStep = "llvm.instrprof.increment.step", NOSIG, NONE, Any, 0;
    InstrprofCover = "llvm.instrprof.cover", NOSIG, NONE, Any, 0;
    InstrprofTimestamp = "llvm.instrprof.timestamp", NOSIG, NONE, Any, 0;
    InstrprofValueProfile = "llvm.instrprof.value.profile", NOSIG, NONE, Any, 0;
    InstrprofCallsite = "llvm.instrprof.callsite", NOSIG, NONE, Any, 0;
    InstrprofMcdcParameters = "llvm.instrprof.mcdc.parameters", NOSIG, NONE, Any, 0;
    InstrprofMcdcTvbitmapUpdate = "llvm.instrprof.mcdc.tvbitmap.update", NOSIG, NONE, Any, 0;
    // The stack, the frame, variadic arguments, exceptions, traps.
    Stacksave = "llvm.stacksave", s(Any(C::Ptr), &[]), NONE, Any, 0;
    Stackrestore = "llvm.stackrestore", s(Void, &[Any(C::Ptr)]), NONE, Any, 0;
    VaStart = "llvm.va_start", s(Void, &[Any(C::Ptr)]), NONE, ArgReadWrite, 0;
    VaEnd = "llvm.va_end", s(Void, &[Any(C::Ptr)]), NONE, ArgReadWrite, 0;
    VaCopy = "llvm.va_copy", s(Void, &[Any(C::Ptr), Same(0)]), NONE, ArgReadWrite, 0;
    EhTypeidFor = "llvm.eh.typeid.for", s(I(32), &[Any(C::Ptr)]), NONE, None, 0;
    Localescape = "llvm.localescape", NOSIG, NONE, Any, 0;
    IcallBranchFunnel = "llvm.icall.branch.funnel", NOSIG, NONE, Any, 0;
    Trap = "llvm.trap", s(Void, &[]), NONE, Inaccessible, 0;
    Debugtrap = "llvm.debugtrap", s(Void, &[]), NONE, Inaccessible, 0;
    Ubsantrap = "llvm.ubsantrap", s(Void, &[I(8)]), &[0], Inaccessible, 0;
    Objectsize = "llvm.objectsize", s(Any(C::Int), &[Any(C::Ptr), I(1), I(1), I(1)]), &[1, 2, 3], None, 0;
    ThreadlocalAddress = "llvm.threadlocal.address", s(Any(C::Ptr), &[Same(0)]), NONE, None, 0;
    Prefetch = "llvm.prefetch", s(Void, &[Any(C::Ptr), I(32), I(32), I(32)]), &[1, 2, 3], ArgReadWrite, 0;
    Returnaddress = "llvm.returnaddress", s(Ptr, &[I(32)]), &[0], None, 0;
    Frameaddress = "llvm.frameaddress", s(Any(C::Ptr), &[I(32)]), &[0], None, 0;
    Ptrmask = "llvm.ptrmask", s(Any(C::Ptr), &[Same(0), Any(C::Int)]), NONE, None, 0;
    Readcyclecounter = "llvm.readcyclecounter", s(I(64), &[]), NONE, Inaccessible, 0;
    Vscale = "llvm.vscale", s(Any(C::Int), &[]), NONE, None, 0;
    // Integer arithmetic.
    SaddWithOverflow = "llvm.sadd.with.overflow", s(OVF, INT2), NONE, None, PURE;
    UaddWithOverflow = "llvm.uadd.with.overflow", s(OVF, INT2), NONE, None, PURE;
    SsubWithOverflow = "llvm.ssub.with.overflow", s(OVF, INT2), NONE, None, PURE;
    UsubWithOverflow = "llvm.usub.with.overflow", s(OVF, INT2), NONE, None, PURE;
    SmulWithOverflow = "llvm.smul.with.overflow", s(OVF, INT2), NONE, None, PURE;
    UmulWithOverflow = "llvm.umul.with.overflow", s(OVF, INT2), NONE, None, PURE;
    SaddSat = "llvm.sadd.sat", s(Any(C::Int), INT2), NONE, None, PURE;
    UaddSat = "llvm.uadd.sat", s(Any(C::Int), INT2), NONE, None, PURE;
    SsubSat = "llvm.ssub.sat", s(Any(C::Int), INT2), NONE, None, PURE;
    UsubSat = "llvm.usub.sat", s(Any(C::Int), INT2), NONE, None, PURE;
    SshlSat = "llvm.sshl.sat", s(Any(C::Int), INT2), NONE, None, POISON;
    UshlSat = "llvm.ushl.sat", s(Any(C::Int), INT2), NONE, None, POISON;
    Smax = "llvm.smax", s(Any(C::Int), INT2), NONE, None, PURE;
    Smin = "llvm.smin", s(Any(C::Int), INT2), NONE, None, PURE;
    Umax = "llvm.umax", s(Any(C::Int), INT2), NONE, None, PURE;
    Umin = "llvm.umin", s(Any(C::Int), INT2), NONE, None, PURE;
    Scmp = "llvm.scmp", s(Any(C::Int), &[Any(C::Int), Same(1)]), NONE, None, 0;
    Ucmp = "llvm.ucmp", s(Any(C::Int), &[Any(C::Int), Same(1)]), NONE, None, 0;
    Abs = "llvm.abs", s(Any(C::Int), &[Same(0), I(1)]), &[1], None, PO;
    // Bit manipulation.
    Ctpop = "llvm.ctpop", s(Any(C::Int), INT1), NONE, None, PURE;
    Ctlz = "llvm.ctlz", s(Any(C::Int), &[Same(0), I(1)]), &[1], None, PO;
    Cttz = "llvm.cttz", s(Any(C::Int), &[Same(0), I(1)]), &[1], None, PO;
    Bswap = "llvm.bswap", s(Any(C::Int), INT1), NONE, None, PURE;
    Bitreverse = "llvm.bitreverse", s(Any(C::Int), INT1), NONE, None, PURE;
    Fshl = "llvm.fshl", s(Any(C::Int), INT3), NONE, None, PURE;
    Fshr = "llvm.fshr", s(Any(C::Int), INT3), NONE, None, PURE;
    // Floating point.
    Fabs = "llvm.fabs", s(Any(C::Float), FP1), NONE, None, PURE;
    Copysign = "llvm.copysign", s(Any(C::Float), FP2), NONE, None, PURE;
    Sqrt = "llvm.sqrt", s(Any(C::Float), FP1), NONE, None, PURE;
    Floor = "llvm.floor", s(Any(C::Float), FP1), NONE, None, PURE;
    Ceil = "llvm.ceil", s(Any(C::Float), FP1), NONE, None, PURE;
    Trunc = "llvm.trunc", s(Any(C::Float), FP1), NONE, None, PURE;
    Rint = "llvm.rint", s(Any(C::Float), FP1), NONE, None, PURE;
    Nearbyint = "llvm.nearbyint", s(Any(C::Float), FP1), NONE, None, PURE;
    Round = "llvm.round", s(Any(C::Float), FP1), NONE, None, PURE;
    Roundeven = "llvm.roundeven", s(Any(C::Float), FP1), NONE, None, PURE;
    Minnum = "llvm.minnum", s(Any(C::Float), FP2), NONE, None, PURE;
    Maxnum = "llvm.maxnum", s(Any(C::Float), FP2), NONE, None, PURE;
    Minimum = "llvm.minimum", s(Any(C::Float), FP2), NONE, None, PURE;
    Maximum = "llvm.maximum", s(Any(C::Float), FP2), NONE, None, PURE;
    Fma = "llvm.fma", s(Any(C::Float), FP3), NONE, None, PURE;
    Fmuladd = "llvm.fmuladd", s(Any(C::Float), FP3), NONE, None, PURE;
    IsFpclass = "llvm.is.fpclass", s(Bool(0), &[Any(C::Float), I(32)]), &[1], None, PURE;
    Canonicalize = "llvm.canonicalize", s(Any(C::Float), FP1), NONE, None, 0;
    Sin = "llvm.sin", s(Any(C::Float), FP1), NONE, None, 0;
    Cos = "llvm.cos", s(Any(C::Float), FP1), NONE, None, 0;
    Tan = "llvm.tan", s(Any(C::Float), FP1), NONE, None, 0;
    Asin = "llvm.asin", NOSIG, NONE, None, 0;
    Acos = "llvm.acos", NOSIG, NONE, None, 0;
    Atan = "llvm.atan", NOSIG, NONE, None, 0;
    Atan2 = "llvm.atan2", NOSIG, NONE, None, 0;
    Sinh = "llvm.sinh", NOSIG, NONE, None, 0;
    Cosh = "llvm.cosh", NOSIG, NONE, None, 0;
    Tanh = "llvm.tanh", NOSIG, NONE, None, 0;
    Exp = "llvm.exp", s(Any(C::Float), FP1), NONE, None, 0;
    Exp2 = "llvm.exp2", s(Any(C::Float), FP1), NONE, None, 0;
    Exp10 = "llvm.exp10", s(Any(C::Float), FP1), NONE, None, 0;
    Log = "llvm.log", s(Any(C::Float), FP1), NONE, None, 0;
    Log2 = "llvm.log2", s(Any(C::Float), FP1), NONE, None, 0;
    Log10 = "llvm.log10", s(Any(C::Float), FP1), NONE, None, 0;
    Pow = "llvm.pow", s(Any(C::Float), FP2), NONE, None, 0;
    Powi = "llvm.powi", s(Any(C::Float), &[Same(0), Any(C::Int)]), NONE, None, 0;
    Ldexp = "llvm.ldexp", s(Any(C::Float), &[Same(0), Any(C::Int)]), NONE, None, 0;
    Frexp = "llvm.frexp", s(Struct(&[Any(C::Float), Any(C::Int)]), &[Same(0)]), NONE, None, 0;
    Lround = "llvm.lround", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    Llround = "llvm.llround", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    Lrint = "llvm.lrint", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    Llrint = "llvm.llrint", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    FptosiSat = "llvm.fptosi.sat", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    FptouiSat = "llvm.fptoui.sat", s(Any(C::Int), &[Any(C::Float)]), NONE, None, 0;
    // Vectors.
    ReduceAdd = "llvm.vector.reduce.add", s(Elem(0), IRED), NONE, None, 0;
    ReduceMul = "llvm.vector.reduce.mul", s(Elem(0), IRED), NONE, None, 0;
    ReduceAnd = "llvm.vector.reduce.and", s(Elem(0), IRED), NONE, None, 0;
    ReduceOr = "llvm.vector.reduce.or", s(Elem(0), IRED), NONE, None, 0;
    ReduceXor = "llvm.vector.reduce.xor", s(Elem(0), IRED), NONE, None, 0;
    ReduceSmax = "llvm.vector.reduce.smax", s(Elem(0), IRED), NONE, None, 0;
    ReduceSmin = "llvm.vector.reduce.smin", s(Elem(0), IRED), NONE, None, 0;
    ReduceUmax = "llvm.vector.reduce.umax", s(Elem(0), IRED), NONE, None, 0;
    ReduceUmin = "llvm.vector.reduce.umin", s(Elem(0), IRED), NONE, None, 0;
    ReduceFmax = "llvm.vector.reduce.fmax", s(Elem(0), FRED), NONE, None, 0;
    ReduceFmin = "llvm.vector.reduce.fmin", s(Elem(0), FRED), NONE, None, 0;
    ReduceFmaximum = "llvm.vector.reduce.fmaximum", s(Elem(0), FRED), NONE, None, 0;
    ReduceFminimum = "llvm.vector.reduce.fminimum", s(Elem(0), FRED), NONE, None, 0;
    ReduceFadd = "llvm.vector.reduce.fadd", s(Elem(0), FRED2), NONE, None, 0;
    ReduceFmul = "llvm.vector.reduce.fmul", s(Elem(0), FRED2), NONE, None, 0;
    VectorReverse = "llvm.vector.reverse", s(Any(C::Vec), &[Same(0)]), NONE, None, 0;
    Stepvector = "llvm.experimental.stepvector", s(Any(C::IntVec), &[]), NONE, None, 0;
}

/// The table's stems, indexed once for all lookups.
fn index() -> &'static HashMap<&'static str, Intrinsic> {
    static INDEX: std::sync::OnceLock<HashMap<&'static str, Intrinsic>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| Intrinsic::ALL.iter().map(|&i| (i.name(), i)).collect())
}

impl Intrinsic {
    /// The family of a function named `name`: the longest stem that is `name` or a
    /// dot-separated prefix of it (`llvm.memset.inline.p0.i64` is `llvm.memset.inline`).
    /// `None` for names outside `llvm.*` and unknown intrinsics.
    pub fn resolve(name: &str) -> Option<Intrinsic> {
        if !name.starts_with("llvm.") {
            return None;
        }
        let index = index();
        let mut end = name.len();
        loop {
            if let Some(&i) = name.get(..end).and_then(|n| index.get(n)) {
                return Some(i);
            }
            end = name.get(..end)?.rfind('.')?;
            if end <= 4 {
                return None;
            }
        }
    }

    fn row(self) -> &'static Row {
        &ROWS[self as usize]
    }

    /// The name stem (`llvm.memcpy`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The signature, when the table checks it.
    pub fn sig(self) -> Option<&'static Sig> {
        self.row().sig.as_ref()
    }

    /// The parameter positions that must be immediate constants.
    pub fn immarg(self) -> &'static [usize] {
        self.row().immarg
    }

    /// The memory a call may touch.
    pub fn mem(self) -> Mem {
        self.row().mem
    }

    /// Removable when its result is unused, and speculatable.
    pub fn is_pure(self) -> bool {
        self.row().flags & PURE != 0
    }

    /// True when it may produce poison from operands that are not poison.
    pub fn may_poison(self) -> bool {
        self.row().flags & POISON != 0
    }

    /// True when a call reads and writes no memory the program can observe (pure, or a
    /// marker), as alias analysis takes it.
    pub fn touches_no_memory(self) -> bool {
        self.is_pure() || self.mem() == Mem::Marker
    }

    /// Matches function type `fn_ty` against the signature (`Ok` with no overloaded types
    /// when the signature is not checked).
    pub fn match_sig(self, m: &Module, fn_ty: TypeId) -> Result<Vec<Option<TypeId>>, Mismatch> {
        match self.sig() {
            Some(sig) => sig.matches(m, fn_ty),
            None => Ok(Vec::new()),
        }
    }

    /// The name with the overloaded types of `fn_ty` mangled in (`llvm.memcpy.p0.p0.i64` for
    /// `void (ptr, ptr, i64, i1)`), for checking names and renaming legacy declarations as
    /// LLVM's auto-upgrade does. `None` when the signature is not checked, the type does not
    /// fit it, or a type has no mangling.
    pub fn mangled_name(self, m: &Module, fn_ty: TypeId) -> Option<String> {
        let slots = self.sig()?.matches(m, fn_ty).ok()?;
        super::intrinsic_sig::mangled(m, self.name(), &slots)
    }
}

impl Module {
    /// Resolves every function's [`Function::intrinsic`] from its name (the parser calls it
    /// once a module is read; see the module documentation).
    pub fn resolve_intrinsics(&mut self) {
        let symbols = &self.symbols;
        for gv in self.globals.values_mut() {
            let name = match &gv.name {
                GlobalName::Named(s) => symbols.get(*s),
                GlobalName::Numbered(_) => "",
            };
            if let GlobalKind::Func(f) = &mut gv.kind {
                f.intrinsic = Intrinsic::resolve(name);
            }
        }
    }

    /// The intrinsic family of function `g` (`None` for other globals and functions).
    pub fn intrinsic(&self, g: super::GlobalId) -> Option<Intrinsic> {
        self.func(g).and_then(|f: &Function| f.intrinsic)
    }
}

#[cfg(test)]
#[path = "intrinsics_tests.rs"]
mod tests;
