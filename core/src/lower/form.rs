//! The low form: a small register-based IR that both backends consume.
//!
//! ```text
//!  LowModule ─┬─ funcs: LowFunc ─┬─ sig (Sig: params, ret, variadic)
//!             │                  ├─ regs: VReg -> Ty          (virtual registers, not SSA)
//!             │                  ├─ frame (Frame: slots with offsets, size, align)
//!             │                  └─ blocks: LowBlock { insts, term }
//!             ├─ imports (external functions: name + Sig)
//!             └─ data (DataImage: bytes, symbols, relocations)
//! ```
//!
//! Types are [`Ty::I32`], [`Ty::I64`], [`Ty::F32`], [`Ty::F64`] and [`Ty::Ptr`], an integer
//! of the data layout's pointer size whose machine width the target chooses (wasm32 keeps
//! it in 32 bits, a 64-bit native target in 64), and, when the target asks for it
//! ([`crate::lower::Options::v128`]), [`Ty::V128`], a 128-bit vector whose lanes each
//! instruction reads as one [`Shape`] (lane 0 in the lowest bytes, as memory holds it).
//!
//! Invariant (integer legalization): a value of LLVM type `iN` lives in a register of type
//! `I32` (N ≤ 32) or `I64` (32 < N ≤ 64) and its bits above N are always zero. Every
//! instruction that could set them (add, sub, mul, shl, sign extension, ...) is followed by a
//! mask; signed operations sign-extend their operands first ([`Un::SextIn`]).
//!
//! There are no phis: a block's incoming values are written by a [`Inst::ParCopy`] at the
//! end of each predecessor (critical edges are split first, so the copies run only on their
//! edge). Memory is bytes at integer addresses with explicit sizes; frames and the data image
//! are laid out by the data layout, so the memory image is the one the IR assumes.

use crate::diag::Span;

/// A virtual register of a function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

/// A block of a low function (index into [`LowFunc::blocks`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A function of the module: index into [`LowModule::funcs`] for definitions, then
/// [`LowModule::imports`] after them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncRef(pub u32);

/// A register type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// 32-bit integer (also `i1`..`i31`, zero-extended).
    I32,
    /// 64-bit integer (also `i33`..`i63`, zero-extended).
    I64,
    /// `float`.
    F32,
    /// `double`.
    F64,
    /// A pointer: an integer of the data layout's pointer size.
    Ptr,
    /// A 128-bit vector (only with [`crate::lower::Options::v128`]).
    V128,
}

impl Ty {
    /// The name the printer uses.
    pub fn name(self) -> &'static str {
        match self {
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::Ptr => "ptr",
            Ty::V128 => "v128",
        }
    }
    /// True for the floating-point types.
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
}

/// A constant.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Const {
    /// A 32-bit integer (its bits).
    I32(u32),
    /// A 64-bit integer.
    I64(u64),
    /// A `float` (its bits).
    F32(u32),
    /// A `double` (its bits).
    F64(u64),
    /// A pointer-sized integer (null, `inttoptr` of a constant).
    Ptr(u64),
    /// A 128-bit vector (its bits, lane 0 lowest).
    V128(u128),
}

/// How a [`Ty::V128`] operation reads its vector: lane count and lane type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Shape {
    I8x16,
    I16x8,
    I32x4,
    I64x2,
    F32x4,
    F64x2,
}

impl Shape {
    /// The number of lanes.
    pub fn lanes(self) -> u32 {
        16 / self.lane_bytes()
    }
    /// Bytes per lane.
    pub fn lane_bytes(self) -> u32 {
        match self {
            Shape::I8x16 => 1,
            Shape::I16x8 => 2,
            Shape::I32x4 | Shape::F32x4 => 4,
            Shape::I64x2 | Shape::F64x2 => 8,
        }
    }
    /// The register type of one lane (8- and 16-bit lanes zero-extended in an `I32`).
    pub fn lane_ty(self) -> Ty {
        match self {
            Shape::I8x16 | Shape::I16x8 | Shape::I32x4 => Ty::I32,
            Shape::I64x2 => Ty::I64,
            Shape::F32x4 => Ty::F32,
            Shape::F64x2 => Ty::F64,
        }
    }
    /// True for the float shapes.
    pub fn is_float(self) -> bool {
        matches!(self, Shape::F32x4 | Shape::F64x2)
    }
    /// The name the printer uses.
    pub fn name(self) -> &'static str {
        match self {
            Shape::I8x16 => "i8x16",
            Shape::I16x8 => "i16x8",
            Shape::I32x4 => "i32x4",
            Shape::I64x2 => "i64x2",
            Shape::F32x4 => "f32x4",
            Shape::F64x2 => "f64x2",
        }
    }
    /// True when [`Inst::VBin`] does `op` on this shape: `Add`, `Sub`, `And`, `Or` and `Xor`
    /// on integer lanes, `Mul` on 16-, 32- and 64-bit integer lanes, `FAdd`, `FSub`, `FMul`
    /// and `FDiv` on float lanes (the operations common SIMD instruction sets share, with
    /// the IR's wrapping and IEEE semantics lane by lane).
    pub fn has_bin(self, op: Bin) -> bool {
        match op {
            Bin::Add | Bin::Sub | Bin::And | Bin::Or | Bin::Xor => !self.is_float(),
            Bin::Mul => matches!(self, Shape::I16x8 | Shape::I32x4 | Shape::I64x2),
            Bin::FAdd | Bin::FSub | Bin::FMul | Bin::FDiv => self.is_float(),
            _ => false,
        }
    }
}

/// A symbol whose address the program takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    /// A global variable: its offset in the data image is [`DataImage::symbols`].
    Data(u32),
    /// A function (defined or imported).
    Func(FuncRef),
}

/// Binary operations; integer ones on `I32`/`I64`/`Ptr`, float ones on `F32`/`F64`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FMin,
    FMax,
    FCopySign,
}

/// Unary operations and conversions (`to` of [`Inst::Un`] is the result type).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Un {
    /// Sign-extends from the low `n` bits within the register (the rest become copies of bit n-1).
    SextIn(u8),
    /// `I64` to `I32`, keeping the low bits.
    Wrap,
    /// `I32` to `I64`, zero-extending.
    ExtendU,
    /// `I32` to `I64`, sign-extending.
    ExtendS,
    /// Pointer to integer of the same width as the data layout's pointer.
    PtrToInt,
    /// Integer of the pointer's width to pointer.
    IntToPtr,
    /// Count leading zeros (of the register width).
    Clz,
    /// Count trailing zeros.
    Ctz,
    /// Population count.
    Popcnt,
    /// Float negation.
    FNeg,
    /// Float absolute value.
    FAbs,
    /// Square root.
    FSqrt,
    /// Round toward -inf.
    FFloor,
    /// Round toward +inf.
    FCeil,
    /// Round toward zero.
    FTrunc,
    /// Round to nearest, ties to even.
    FNearest,
    /// `f32` to `f64`.
    Promote,
    /// `f64` to `f32`.
    Demote,
    /// Signed integer to float.
    SToF,
    /// Unsigned integer to float.
    UToF,
    /// Float to signed integer, saturating (the IR says poison when out of range).
    FToS,
    /// Float to unsigned integer, saturating.
    FToU,
    /// Same bits, other type (`I32`<->`F32`, `I64`<->`F64`).
    Bitcast,
}

/// Integer comparisons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Cmp {
    Eq,
    Ne,
    LtS,
    LtU,
    LeS,
    LeU,
    GtS,
    GtU,
    GeS,
    GeU,
}

/// Float comparisons (ordered ones are false on NaN, unordered ones true).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FCmp {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

/// The callee of a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Callee {
    /// A known function.
    Direct(FuncRef),
    /// A function pointer, called with the signature of the call site.
    Indirect(VReg),
}

/// A call's signature: the registers' types of the fixed arguments and of the result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sig {
    /// Fixed parameters.
    pub params: Vec<Ty>,
    /// The results: none for `void`, one for a scalar, one per scalar field (in memory
    /// order) for a struct or array returned by value (a multi-value return).
    pub ret: Vec<Ty>,
    /// True for C variadic functions: the extra arguments are passed in a caller-built area
    /// whose address is one more, last, `Ptr` parameter (see [`crate::lower::abi`]).
    pub variadic: bool,
    /// With a native [`crate::lower::Abi`]: parameters (by index in `params`) that a native
    /// convention passes other than as one scalar each, ascending.
    pub packs: Vec<(u32, Pack)>,
}

/// How a native convention passes a parameter of a [`Sig`] (see [`Sig::packs`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pack {
    /// A `byval` pointer: the pointee (`size` bytes) is copied into the stack argument area
    /// (at `align`, at least 8), and the callee's parameter is the copy's address.
    ByVal {
        /// Bytes copied.
        size: u32,
        /// Alignment of the copy.
        align: u32,
    },
    /// An integer of 65 to 128 bits (this parameter and the next, low half first): both
    /// halves in registers or both on the stack, 16-byte aligned there.
    I128,
    /// A `<2 x float>` (this parameter and the next): one vector register, lanes 0 and 1.
    F32x2,
    /// A `<2 x float>` among the results (this result and the next, by index in `ret`): one
    /// vector register.
    RetF32x2,
    /// With [`crate::lower::Abi::Aapcs64`] only: this parameter and the next `n - 1` are the
    /// leaves of one IR array parameter of scalars (`[4 x float]`, `[2 x i64]`, as clang passes
    /// homogeneous aggregates and small structs), which AAPCS64 passes in consecutive
    /// registers of their class or, when they do not all fit, all on the stack (and then no
    /// later argument of the class takes a register).
    Block {
        /// The number of leaves (at least 2).
        n: u32,
    },
    /// With [`crate::lower::Abi::Aapcs64`] only: this parameter (the first) is an `sret`
    /// pointer, which AAPCS64 passes in its own register (`x8`).
    Sret,
}

/// The (destination, source) pairs of a [`Inst::ParCopy`]; one pair needs no allocation.
pub type Moves = smallvec::SmallVec<[(VReg, VReg); 1]>;

/// A call: `dst` receives the results; `varargs` are the extra arguments of a variadic
/// callee.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The result registers (none for `void`, one per value of a multi-value result).
    pub dst: Vec<VReg>,
    /// What is called.
    pub callee: Callee,
    /// The call's signature.
    pub sig: Sig,
    /// The fixed arguments.
    pub args: Vec<VReg>,
    /// The extra arguments of a variadic callee.
    pub varargs: Vec<VReg>,
}

/// One instruction (fields: `dst` result, `a`/`b` operands, `ty` operand type).
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum Inst {
    /// `dst = constant`.
    Const { dst: VReg, val: Const },
    /// `dst = address of symbol + addend`.
    Addr { dst: VReg, sym: Sym, addend: i64 },
    /// `dst = address of frame slot`.
    Slot { dst: VReg, slot: u32 },
    /// Copies registers as if all reads happen before all writes (phi moves on an edge).
    ParCopy { moves: Moves },
    /// `dst = op a, b`.
    Bin { op: Bin, ty: Ty, dst: VReg, a: VReg, b: VReg },
    /// `dst = op a`, the result of type `to`.
    Un { op: Un, to: Ty, dst: VReg, a: VReg },
    /// `dst = (a cc b)` as 0/1 in `I32`; `ty` is the operands' type.
    Cmp { cc: Cmp, ty: Ty, dst: VReg, a: VReg, b: VReg },
    /// Float comparison, 0/1 in `I32`.
    FCmp { cc: FCmp, ty: Ty, dst: VReg, a: VReg, b: VReg },
    /// `dst = cond != 0 ? a : b`.
    Select { dst: VReg, cond: VReg, a: VReg, b: VReg },
    /// `dst = load size bytes at addr+offset`, extended to `ty` (zero- or sign-).
    Load { dst: VReg, ty: Ty, size: u8, signed: bool, addr: VReg, offset: u32 },
    /// Stores the low `size` bytes of `src` at `addr+offset`.
    Store { ty: Ty, size: u8, addr: VReg, offset: u32, src: VReg },
    /// A call (boxed: the other instructions are small).
    Call(Box<Call>),
    /// `memcpy`/`memmove` (overlap allowed) of `len` (a `Ptr`-typed count) bytes.
    MemCopy { dst: VReg, src: VReg, len: VReg },
    /// Fills `len` bytes at `dst` with the low byte of `val` (`I32`).
    MemFill { dst: VReg, val: VReg, len: VReg },
    /// `dst = new stack area of size bytes (a Ptr-typed count), aligned to align`.
    DynAlloca { dst: VReg, size: VReg, align: u32 },
    /// `dst = a vector with every lane a` (`a` of the shape's lane type).
    VSplat { shape: Shape, dst: VReg, a: VReg },
    /// `dst = lane lane of vector a` (8- and 16-bit lanes zero-extended).
    VExtract { shape: Shape, lane: u8, dst: VReg, a: VReg },
    /// `dst = vector a with lane lane replaced by b` (the low bits of `b` for narrow lanes).
    VReplace { shape: Shape, lane: u8, dst: VReg, a: VReg, b: VReg },
    /// `dst = a op b` lane by lane, for the operations of [`Shape::has_bin`].
    VBin { op: Bin, shape: Shape, dst: VReg, a: VReg, b: VReg },
    /// `dst = op a` lane by lane: `FNeg`, `FAbs` and `FSqrt` on float lanes.
    VUn { op: Un, shape: Shape, dst: VReg, a: VReg },
    /// `dst = each lane of a shifted by amount` (`Shl`, `ShrS`, `ShrU`; `amount` an `I32`
    /// below the lane width).
    VShift { op: Bin, shape: Shape, dst: VReg, a: VReg, amount: VReg },
    /// `dst = the bytes of a then b (32 bytes) at the 16 indices`, each below 32.
    VShuffle { dst: VReg, a: VReg, b: VReg, bytes: [u8; 16] },
    /// `llvm.va_start(ap)` in the target's convention (only with a native [`crate::lower::Abi`]):
    /// the code generator fills the `va_list` at `ap` from its register save area.
    VaStart { ap: VReg },
    /// `dst = va_arg ap` of register type `ty` in the target's convention (only with
    /// a native [`crate::lower::Abi`]): the next variadic argument, advancing the `va_list`.
    VaArg { dst: VReg, ty: Ty, ap: VReg },
    /// Charges `steps` executed IR instructions to the run's step budget and stops the run
    /// when the budget is spent (only with [`crate::lower::Options::limits`]; first in each
    /// block that starts an IR block, `steps` its IR instructions, terminator included).
    Fuel { steps: u32 },
    /// Takes one frame from the run's stack-depth budget and stops the run when it is spent
    /// (only with [`crate::lower::Options::limits`]; first in each function's entry block).
    Enter,
    /// Gives the frame back (only with [`crate::lower::Options::limits`]; last before each
    /// [`Term::Ret`] and [`Term::TailCall`]).
    Leave,
}

/// Matches `$inst` on the instructions that write exactly one register, bound to `$dst`
/// (`$yes`), and on the others (`$no`): the one list of them for [`Inst::single_dst`] and
/// [`Inst::set_single_dst`].
macro_rules! with_single_dst {
    ($inst:expr, $dst:ident => $yes:expr, $no:expr) => {
        match $inst {
            Inst::Const { dst: $dst, .. }
            | Inst::Addr { dst: $dst, .. }
            | Inst::Slot { dst: $dst, .. }
            | Inst::Bin { dst: $dst, .. }
            | Inst::Un { dst: $dst, .. }
            | Inst::Cmp { dst: $dst, .. }
            | Inst::FCmp { dst: $dst, .. }
            | Inst::Select { dst: $dst, .. }
            | Inst::Load { dst: $dst, .. }
            | Inst::DynAlloca { dst: $dst, .. }
            | Inst::VSplat { dst: $dst, .. }
            | Inst::VExtract { dst: $dst, .. }
            | Inst::VReplace { dst: $dst, .. }
            | Inst::VBin { dst: $dst, .. }
            | Inst::VUn { dst: $dst, .. }
            | Inst::VShift { dst: $dst, .. }
            | Inst::VShuffle { dst: $dst, .. }
            | Inst::VaArg { dst: $dst, .. } => $yes,
            Inst::ParCopy { .. }
            | Inst::Call(_)
            | Inst::Store { .. }
            | Inst::MemCopy { .. }
            | Inst::MemFill { .. }
            | Inst::VaStart { .. }
            | Inst::Fuel { .. }
            | Inst::Enter
            | Inst::Leave => $no,
        }
    };
}

impl Inst {
    /// Calls `f` with each register the instruction writes.
    pub fn for_each_def(&self, mut f: impl FnMut(VReg)) {
        match self {
            Inst::ParCopy { moves } => moves.iter().for_each(|(d, _)| f(*d)),
            Inst::Call(c) => c.dst.iter().for_each(|d| f(*d)),
            Inst::Store { .. }
            | Inst::MemCopy { .. }
            | Inst::MemFill { .. }
            | Inst::VaStart { .. }
            | Inst::Fuel { .. }
            | Inst::Enter
            | Inst::Leave => {}
            i => {
                if let Some(d) = i.single_dst() {
                    f(d);
                }
            }
        }
    }

    /// Calls `f` with each register the instruction reads (once per operand).
    pub fn for_each_use(&self, mut f: impl FnMut(VReg)) {
        match self {
            Inst::Const { .. }
            | Inst::Addr { .. }
            | Inst::Slot { .. }
            | Inst::Fuel { .. }
            | Inst::Enter
            | Inst::Leave => {}
            Inst::ParCopy { moves } => moves.iter().for_each(|(_, s)| f(*s)),
            Inst::Bin { a, b, .. } | Inst::Cmp { a, b, .. } | Inst::FCmp { a, b, .. } => {
                f(*a);
                f(*b);
            }
            Inst::Un { a, .. }
            | Inst::VSplat { a, .. }
            | Inst::VExtract { a, .. }
            | Inst::VUn { a, .. } => f(*a),
            Inst::Select { cond, a, b, .. } => {
                f(*cond);
                f(*a);
                f(*b);
            }
            Inst::Load { addr, .. } => f(*addr),
            Inst::VaStart { ap } | Inst::VaArg { ap, .. } => f(*ap),
            Inst::Store { addr, src, .. } => {
                f(*addr);
                f(*src);
            }
            Inst::Call(c) => {
                c.args.iter().chain(&c.varargs).for_each(|a| f(*a));
                if let Callee::Indirect(p) = c.callee {
                    f(p);
                }
            }
            Inst::MemCopy { dst, src: b, len } | Inst::MemFill { dst, val: b, len } => {
                f(*dst);
                f(*b);
                f(*len);
            }
            Inst::DynAlloca { size, .. } => f(*size),
            Inst::VReplace { a, b, .. } | Inst::VBin { a, b, .. } | Inst::VShuffle { a, b, .. } => {
                f(*a);
                f(*b);
            }
            Inst::VShift { a, amount, .. } => {
                f(*a);
                f(*amount);
            }
        }
    }

    /// The register of an instruction that writes exactly one (not copies and calls).
    pub fn single_dst(&self) -> Option<VReg> {
        with_single_dst!(self, dst => Some(*dst), None)
    }

    /// Makes an instruction of [`Inst::single_dst`] write `to` instead.
    pub fn set_single_dst(&mut self, to: VReg) {
        with_single_dst!(self, dst => *dst = to, {})
    }
}

impl Term {
    /// Calls `f` with each register the terminator reads.
    pub fn for_each_use(&self, mut f: impl FnMut(VReg)) {
        match self {
            Term::Branch { cond: v, .. } | Term::Table { idx: v, .. } => f(*v),
            Term::Ret(vs) => vs.iter().for_each(|v| f(*v)),
            Term::TailCall { callee, args, .. } => {
                args.iter().for_each(|v| f(*v));
                if let Callee::Indirect(p) = callee {
                    f(*p);
                }
            }
            Term::Jump(_) | Term::Trap => {}
        }
    }
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum Term {
    /// Goes to a block.
    Jump(BlockId),
    /// Goes to `then` when `cond` (`I32`) is not 0, else to `else_`.
    Branch { cond: VReg, then: BlockId, else_: BlockId },
    /// Jump table: goes to `targets[idx]` when `idx` (`I32`, unsigned) is in range, else to
    /// `default`.
    Table { idx: VReg, targets: Vec<BlockId>, default: BlockId },
    /// Returns the function's results.
    Ret(Vec<VReg>),
    /// Returns what the call returns: the frame is released first, so a chain of tail calls
    /// runs in constant stack (`musttail`, and `tail` calls the backend may keep).
    TailCall { callee: Callee, sig: Sig, args: Vec<VReg> },
    /// Traps (`unreachable`, `llvm.trap`).
    Trap,
}

impl Term {
    /// The successors, in order (duplicates kept).
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Term::Jump(b) => vec![*b],
            Term::Branch { then, else_, .. } => vec![*then, *else_],
            Term::Table { targets, default, .. } => {
                let mut v = targets.clone();
                v.push(*default);
                v
            }
            Term::Ret(_) | Term::TailCall { .. } | Term::Trap => Vec::new(),
        }
    }
}

/// A basic block.
#[derive(Clone, Debug, PartialEq)]
pub struct LowBlock {
    /// The instructions.
    pub insts: Vec<Inst>,
    /// The terminator.
    pub term: Term,
    /// Where the instructions come from: `(k, span)` says that instructions `k..` (up to the
    /// next entry's) lower the IR instruction at `span`; the terminator belongs to the last
    /// entry. Ascending in `k`; for reports of traps at run time.
    pub locs: Vec<(u32, Span)>,
}

/// A slot of a stack frame (one fixed-size `alloca`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FrameSlot {
    /// Offset from the frame's base (which is aligned to [`Frame::align`]).
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// Alignment in bytes.
    pub align: u32,
}

/// A function's stack frame: fixed slots at offsets from its base.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The slots.
    pub slots: Vec<FrameSlot>,
    /// Total size, a multiple of `align`.
    pub size: u32,
    /// The largest slot alignment (at least 1).
    pub align: u32,
}

/// A defined function.
#[derive(Clone, Debug, PartialEq)]
pub struct LowFunc {
    /// Its LLVM name (without `@`).
    pub name: String,
    /// Its signature.
    pub sig: Sig,
    /// The type of every register; parameters are the first `sig.params.len()` registers,
    /// and a variadic function's argument area (its last parameter) is the next one.
    pub regs: Vec<Ty>,
    /// The stack frame.
    pub frame: Frame,
    /// True when the function has dynamic `alloca`s (its epilogue must restore the stack).
    pub dynamic_stack: bool,
    /// `private` or `internal`: invisible to other objects.
    pub local: bool,
    /// Its first parameter is `sret` (with a native [`crate::lower::Abi`], the code generator
    /// returns that pointer, as C callees do).
    pub sret: bool,
    /// The blocks; block 0 is the entry.
    pub blocks: Vec<LowBlock>,
    /// Where it was defined.
    pub span: Span,
    /// With [`crate::lower::Options::value_names`]: the IR name of each register that holds
    /// an IR value, by register (for listings that say where values live).
    pub names: Vec<(VReg, String)>,
}

/// An external function the host provides.
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    /// Its name.
    pub name: String,
    /// Its signature.
    pub sig: Sig,
}

/// What a relocation stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    /// Where in the data image (a pointer-sized field).
    pub offset: u32,
    /// Whose address.
    pub sym: Sym,
    /// Added to the address.
    pub addend: i64,
}

/// The initial contents of the module's global variables, laid out from address 0 of the
/// image (the target places the image at some base and adds it to every symbol).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataImage {
    /// The bytes (zero where relocations go).
    pub bytes: Vec<u8>,
    /// Offset of each global variable, by [`Sym::Data`] index.
    pub symbols: Vec<u32>,
    /// Names of the global variables, by [`Sym::Data`] index.
    pub names: Vec<String>,
    /// Pointer-sized fields to fill with addresses.
    pub relocs: Vec<Reloc>,
    /// Per global variable: `private` or `internal` (invisible to other objects).
    pub local: Vec<bool>,
    /// Per global variable: only declared (`external global`): an object file refers to the
    /// definition elsewhere; the image holds zeroed space for it (see `lower/data.rs`).
    pub external: Vec<bool>,
    /// The largest alignment any global needs.
    pub align: u32,
}

/// A lowered module.
#[derive(Clone, Debug, PartialEq)]
pub struct LowModule {
    /// Pointer size of the data layout in bytes (4 or 8).
    pub ptr_bytes: u8,
    /// Defined functions ([`FuncRef`] `0..funcs.len()`).
    pub funcs: Vec<LowFunc>,
    /// Imported functions ([`FuncRef`] `funcs.len()..`).
    pub imports: Vec<Import>,
    /// Global variables.
    pub data: DataImage,
    /// The data symbol of the exception state, in a module that can throw (see
    /// [`crate::lower::eh`]): an `i32` at its address is non-zero while an exception is in
    /// flight, so one still set when `main` returns escaped it.
    pub exception: Option<u32>,
    /// The global constructors and destructors, which the code generator runs around `main`.
    pub structors: Structors,
}

/// `@llvm.global_ctors` and `@llvm.global_dtors` in the interpreter's order: constructors
/// by ascending priority (entries of one priority in array order), destructors the reverse
/// (descending priority, entries of one priority last first), after `main` returns or `exit`
/// is called, after the `atexit` handlers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Structors {
    /// Constructors, in the order they run.
    pub ctors: Vec<FuncRef>,
    /// Destructors, in the order they run.
    pub dtors: Vec<FuncRef>,
    /// The `atexit` import, through which the destructors are registered (when there are any).
    pub atexit: Option<FuncRef>,
}

impl LowModule {
    /// The name and signature of a function reference.
    pub fn func_sig(&self, f: FuncRef) -> Option<(&str, &Sig)> {
        let i = f.0 as usize;
        match self.funcs.get(i) {
            Some(d) => Some((&d.name, &d.sig)),
            None => self.imports.get(i - self.funcs.len()).map(|im| (im.name.as_str(), &im.sig)),
        }
    }
}
