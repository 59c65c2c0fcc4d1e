//! Instruction flags and the keyword enums of instructions: `nuw`/`nsw`/`exact`/... bits,
//! fast-math flags, `icmp`/`fcmp` predicates, atomic orderings, `atomicrmw` operations and
//! call tail markers.

/// Instruction flags as bits (which apply depends on the opcode).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstFlags(pub u16);

impl InstFlags {
    /// `nuw`.
    pub const NUW: u16 = 1;
    /// `nsw`.
    pub const NSW: u16 = 2;
    /// `exact`.
    pub const EXACT: u16 = 4;
    /// `disjoint`.
    pub const DISJOINT: u16 = 8;
    /// `nneg`.
    pub const NNEG: u16 = 16;
    /// `samesign` (icmp).
    pub const SAMESIGN: u16 = 32;
    /// `inbounds` (GEP).
    pub const INBOUNDS: u16 = 64;
    /// `nusw` (GEP).
    pub const NUSW: u16 = 128;
    /// `volatile` (load, store, cmpxchg, atomicrmw).
    pub const VOLATILE: u16 = 256;
    /// `weak` (cmpxchg).
    pub const WEAK: u16 = 512;
    /// `inalloca` (alloca).
    pub const INALLOCA: u16 = 1024;
    /// `swifterror` (alloca).
    pub const SWIFTERROR: u16 = 2048;
    /// `cleanup` (landingpad).
    pub const CLEANUP: u16 = 4096;

    /// True when every bit of `f` is set.
    #[inline]
    pub fn has(self, f: u16) -> bool {
        self.0 & f == f
    }
    /// Sets bits.
    #[inline]
    pub fn set(&mut self, f: u16) {
        self.0 |= f;
    }
}

/// Fast-math flags as bits.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FastMath(pub u8);

impl FastMath {
    /// Each flag's keyword and bit, in the order LLVM prints them.
    pub const NAMES: [(&'static str, u8); 7] = [
        ("reassoc", 64),
        ("nnan", 1),
        ("ninf", 2),
        ("nsz", 4),
        ("arcp", 8),
        ("contract", 16),
        ("afn", 32),
    ];
    /// All flags (`fast`).
    pub const FAST: u8 = 127;
    /// `nnan`.
    pub const NNAN: u8 = 1;
    /// `ninf`.
    pub const NINF: u8 = 2;
    /// True when every bit of `f` is set.
    pub fn has(self, f: u8) -> bool {
        self.0 & f == f
    }
}

crate::keyword_enum!(
    /// `icmp` predicates.
    IntPredicate { Eq = "eq", Ne = "ne", Ugt = "ugt", Uge = "uge", Ult = "ult", Ule = "ule",
        Sgt = "sgt", Sge = "sge", Slt = "slt", Sle = "sle" }
);
crate::keyword_enum!(
    /// `fcmp` predicates.
    FloatPredicate { False = "false", Oeq = "oeq", Ogt = "ogt", Oge = "oge", Olt = "olt",
        Ole = "ole", One = "one", Ord = "ord", Ueq = "ueq", Ugt = "ugt", Uge = "uge", Ult = "ult",
        Ule = "ule", Une = "une", Uno = "uno", True = "true" }
);
crate::keyword_enum!(
    /// Atomic memory orderings.
    Ordering { NotAtomic = "", Unordered = "unordered", Monotonic = "monotonic",
        Acquire = "acquire", Release = "release", AcqRel = "acq_rel", SeqCst = "seq_cst" }
);
crate::keyword_enum!(
    /// `atomicrmw` operations.
    RmwOp { Xchg = "xchg", Add = "add", Sub = "sub", And = "and", Nand = "nand", Or = "or",
        Xor = "xor", Max = "max", Min = "min", UMax = "umax", UMin = "umin", FAdd = "fadd",
        FSub = "fsub", FMax = "fmax", FMin = "fmin", UIncWrap = "uinc_wrap",
        UDecWrap = "udec_wrap" }
);
crate::keyword_enum!(
    /// `tail`, `musttail`, `notail` markers of calls.
    TailKind { None = "", Tail = "tail", MustTail = "musttail", NoTail = "notail" }
);

impl Ordering {
    /// True for orderings that include acquire semantics.
    pub fn is_acquire(self) -> bool {
        matches!(self, Ordering::Acquire | Ordering::AcqRel | Ordering::SeqCst)
    }
    /// True for orderings that include release semantics.
    pub fn is_release(self) -> bool {
        matches!(self, Ordering::Release | Ordering::AcqRel | Ordering::SeqCst)
    }
    /// True for anything but `NotAtomic`.
    pub fn is_atomic(self) -> bool {
        self != Ordering::NotAtomic
    }
}
