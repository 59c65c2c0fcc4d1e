//! The op table: every [`Op`] of the op streams once, with its fields, the kind of each field
//! (which fields are registers the validator checks, which index a table of the function) and
//! its mnemonic. The enum, the validator's operand check ([`Op::operands_ok`], used by
//! `FnCode::validate`), which ops belong to the fast stream only ([`Op::fast_only`]) and the
//! disassembler ([`Op::disasm`]) are all generated from it, in the style of Pulley's
//! `for_each_op!`.
//!
//! A row is `Variant = "mnemonic" [fast]? { field: kind, ... };` (`[fast]`: an op of the
//! fast stream only, made by `translate/fuse.rs`). A field's kind is one of:
//!
//! | kind        | type  | what it is                                   | checked            |
//! |-------------|-------|----------------------------------------------|--------------------|
//! | `R`         | `u32` | a narrow register                            | below the register count |
//! | `O`         | `u32` | an [`Opnd`] (`ret`)                          | a register, unless tagged or [`NONE`] |
//! | `(L n)`     | `u32` | the first of `n` lane registers              | all `n` in range, `n > 0` |
//! | `(CL vc n)` | `u32` | lanes when `vc`, else a register (`select`)  | as `(L n)` or `R`  |
//! | `(K n)`     | `u8`  | a lane index                                 | below `n`          |
//! | `E`         | `u32` | an edge (in the fast stream: an edge or a [`DIRECT`] pc) | in range, its moves' registers |
//! | `T`         | `u32` | a switch table                               | in range, its edges |
//! | `G` / `GA`  | `u32` | a GEP (`GA`: with its fused access)          | in range, its index registers (and the access's) |
//! | `S` / `A`   | `u32` | an alloca site (`A`: its count register too) | in range           |
//! | `C`         | `u32` | a call site                                  | a fast one's registers |
//! | `(X n)`     | `u32` | a shuffle mask of `n` lanes                  | its length and registers |
//! | other       | itself| data (widths, flags, predicates, ...)        | nothing            |

use super::{Cvt, Intr, Opnd, DIRECT, NONE, TAG, VEC, WCONST, WIDE};
use crate::ir::{FloatPredicate, IntPredicate};
use crate::semantics::fp::FOp;
use crate::semantics::int::IOp;
use std::fmt::Write;

/// Calls `$m!` with every row of the op table.
macro_rules! for_each_op {
    ($m:ident) => {
        $m! {
        /// `add` without flags.
        Add = "add" { d: R, a: R, b: R, w: u8 };
        /// `sub` without flags.
        Sub = "sub" { d: R, a: R, b: R, w: u8 };
        /// `mul` without flags.
        Mul = "mul" { d: R, a: R, b: R, w: u8 };
        /// `and`.
        And = "and" { d: R, a: R, b: R, w: u8 };
        /// `or` without `disjoint`.
        Or = "or" { d: R, a: R, b: R, w: u8 };
        /// `xor`.
        Xor = "xor" { d: R, a: R, b: R, w: u8 };
        /// Any other narrow integer binary operation.
        IBin = "ibin" { op: IOp, d: R, a: R, b: R, w: u8, f: u16 };
        /// `icmp` on narrow integers or pointers.
        ICmp = "icmp" { p: IntPredicate, d: R, a: R, b: R, w: u8, f: u16 };
        /// `select` with a scalar condition on narrow values.
        Select = "select" { d: R, c: R, a: R, b: R };
        /// `trunc`.
        Trunc = "trunc" { d: R, a: R, from: u8, to: u8, f: u16 };
        /// `zext` (`f` holds `nneg`).
        ZExt = "zext" { d: R, a: R, from: u8, f: u16 };
        /// `sext`.
        SExt = "sext" { d: R, a: R, from: u8, to: u8 };
        /// A bit-preserving copy (`bitcast`, `addrspacecast`).
        Mov = "mov" { d: R, a: R };
        /// `ptrtoint` to `iW`.
        PtrToInt = "ptrtoint" { d: R, a: R, w: u8 };
        /// `inttoptr`.
        IntToPtr = "inttoptr" { d: R, a: R };
        /// `freeze`.
        Freeze = "freeze" { d: R, a: R };
        /// Binary operation on doubles.
        F64 = "f64" { op: FOp, d: R, a: R, b: R };
        /// Binary operation on floats.
        F32 = "f32" { op: FOp, d: R, a: R, b: R };
        /// `fcmp` on doubles (`s` false) or floats (`s` true).
        FCmp = "fcmp" { p: FloatPredicate, d: R, a: R, b: R, s: bool };
        /// `fneg` by flipping bit `bit`.
        FNeg = "fneg" { d: R, a: R, bit: u8 };
        /// A fast conversion.
        Cvt = "cvt" { k: Cvt, d: R, a: R, w: u8 };
        /// Load of `n` bytes into a narrow register (`w` = integer width to mask, 0 for none).
        Load = "load" { d: R, p: R, n: u8, w: u8, align: u32 };
        /// Store of `n` bytes of a narrow register.
        Store = "store" { v: R, p: R, n: u8, align: u32 };
        /// `alloca` of a stack slot held in register `cell` (see `translate/promote.rs`; site `s`).
        PAlloca = "palloca" { d: R, cell: R, s: S };
        /// Load of `n` bytes from the slot in register `cell` (`w` as for [`Op::Load`]).
        PLoad = "pload" { d: R, cell: R, n: u8, w: u8 };
        /// Store to the slot in register `cell`, keeping the low `w` bits (store size or width).
        PStore = "pstore" { v: R, cell: R, w: u8 };
        /// Scalar `getelementptr` (see [`Gep`]).
        Gep = "gep" { d: R, base: R, g: G };
        /// `alloca` (see [`AllocaSite`]).
        Alloca = "alloca" { d: R, s: A };
        /// Unconditional branch along an edge.
        Br = "br" { e: E };
        /// Conditional branch.
        CondBr = "condbr" { c: R, t: E, f: E };
        /// `switch` on a narrow integer (see [`SwitchTbl`]).
        Switch = "switch" { v: R, t: T };
        /// `ret` with a value operand ([`NONE`] for `ret void`).
        Ret = "ret" { v: O };
        /// `unreachable`.
        Unreachable = "unreachable";
        /// A call or invoke (see [`CallSite`]).
        Call = "call" { c: C };
        /// A fast intrinsic on narrow scalars (`c` unused for two-operand ones).
        Intr = "intr" { k: Intr, d: R, a: R, b: R, c: R, w: u8 };
        /// Lane-wise integer operation on lane vectors of `n` lanes (`d`, `a`, `b` first lanes).
        VBin = "vbin" { op: IOp, d: (L n), a: (L n), b: (L n), n: u8, w: u8, f: u16 };
        /// Lane-wise operation on vectors of doubles.
        VF64 = "vf64" { op: FOp, d: (L n), a: (L n), b: (L n), n: u8 };
        /// Lane-wise operation on vectors of floats.
        VF32 = "vf32" { op: FOp, d: (L n), a: (L n), b: (L n), n: u8 };
        /// Lane-wise `icmp` without flags.
        VICmp = "vicmp" { p: IntPredicate, d: (L n), a: (L n), b: (L n), n: u8, w: u8 };
        /// Lane-wise `fcmp` on doubles (`s` false) or floats.
        VFCmp = "vfcmp" { p: FloatPredicate, d: (L n), a: (L n), b: (L n), n: u8, s: bool };
        /// `select` of lane vectors on a scalar condition (`vc` false) or lane by lane.
        VSel = "vsel" { d: (L n), c: (CL vc n), a: (L n), b: (L n), n: u8, vc: bool };
        /// Load of `n` lanes of `es` bytes each (`w` as for [`Op::Load`]).
        VLoad = "vload" { d: (L n), p: R, n: u8, es: u8, w: u8, align: u32 };
        /// Store of `n` lanes of `es` bytes each.
        VStore = "vstore" { v: (L n), p: R, n: u8, es: u8, align: u32 };
        /// `insertelement` at the constant lane `k`.
        VIns = "vins" { d: (L n), a: (L n), b: R, k: (K n), n: u8 };
        /// `shufflevector` with a constant mask: lane `i` of `d` is register `shuffles[t][i]`, or a
        /// new poison value where that is [`NONE`].
        VShuf = "vshuf" { d: (L n), t: (X n), n: u8 };
        /// Fast stream only (see `translate/fuse.rs`): an [`Op::ICmp`] and the [`Op::CondBr`] on its result
        /// that follows it.
        CmpBr = "cmpbr" [fast] { p: IntPredicate, d: R, a: R, b: R, w: u8, f: u16 };
        /// Fast stream only: an [`Op::ICmp`] whose result only the [`Op::CondBr`] after it uses,
        /// and that branch; `t` and `f` are its targets ([`DIRECT`] pcs or edges), `ss` its
        /// `samesign` flag.
        CmpJump = "cmpjump" [fast] { p: IntPredicate, a: R, b: R, w: u8, ss: bool, t: E, f: E };
        /// Fast stream only: an [`Op::FCmp`] whose result only the [`Op::CondBr`] after it uses,
        /// and that branch (`s` as for [`Op::FCmp`]; targets as for [`Op::CmpJump`]).
        FCmpJump = "fcmpjump" [fast] { p: FloatPredicate, a: R, b: R, s: bool, t: E, f: E };
        /// Fast stream only: an [`Op::FCmp`] and the [`Op::CondBr`] on its result.
        FCmpBr = "fcmpbr" [fast] { p: FloatPredicate, d: R, a: R, b: R, s: bool };
        /// Fast stream only: an [`Op::Gep`] and the [`Op::Load`] through its result.
        GepLd = "gepld" [fast] { d: R, base: R, g: GA };
        /// Fast stream only: an [`Op::Gep`] and the [`Op::Store`] through its result.
        GepSt = "gepst" [fast] { d: R, base: R, g: GA };
        /// Fast stream only: `fadd double`.
        FAdd64 = "fadd64" [fast] { d: R, a: R, b: R };
        /// Fast stream only: `fsub double`.
        FSub64 = "fsub64" [fast] { d: R, a: R, b: R };
        /// Fast stream only: `fmul double`.
        FMul64 = "fmul64" [fast] { d: R, a: R, b: R };
        /// Fast stream only: `fdiv double`.
        FDiv64 = "fdiv64" [fast] { d: R, a: R, b: R };
        /// Fast stream only: `add` with `nuw`/`nsw` flags `f`.
        AddF = "addf" [fast] { d: R, a: R, b: R, w: u8, f: u16 };
        /// Fast stream only: `sub` with `nuw`/`nsw` flags `f`.
        SubF = "subf" [fast] { d: R, a: R, b: R, w: u8, f: u16 };
        /// Fast stream only: `mul` with `nuw`/`nsw` flags `f`.
        MulF = "mulf" [fast] { d: R, a: R, b: R, w: u8, f: u16 };
        /// Fast stream only: `shl` without flags.
        Shl = "shl" [fast] { d: R, a: R, b: R, w: u8 };
        /// Fast stream only: `lshr` without flags.
        LShr = "lshr" [fast] { d: R, a: R, b: R, w: u8 };
        /// Fast stream only: `ashr` without flags.
        AShr = "ashr" [fast] { d: R, a: R, b: R, w: u8 };
        /// Fast stream only: `udiv` without flags.
        UDiv = "udiv" [fast] { d: R, a: R, b: R };
        /// Fast stream only: `urem`.
        URem = "urem" [fast] { d: R, a: R, b: R };
        /// No effect (`fence`, debug intrinsics decoded away).
        Nop = "nop";
        /// Everything else, executed from the IR instruction (see [`GenOp`]).
        Generic = "generic" { g: u32 };
        }
    };
}

/// The Rust type of a field of the given kind.
macro_rules! op_field_ty {
    ((K $n:ident)) => {
        u8
    };
    (($($k:tt)*)) => {
        u32
    };
    (R) => {
        u32
    };
    (O) => {
        Opnd
    };
    (E) => {
        u32
    };
    (T) => {
        u32
    };
    (G) => {
        u32
    };
    (GA) => {
        u32
    };
    (S) => {
        u32
    };
    (A) => {
        u32
    };
    (C) => {
        u32
    };
    ($t:ty) => {
        $t
    };
}

/// Whether field `$v` of kind `$k` is valid for the code `$cx` checks (`$fast`: in the fast
/// stream).
macro_rules! op_field_ok {
    ($cx:ident, $fast:ident, R, $v:ident) => {
        $cx.reg($v)
    };
    ($cx:ident, $fast:ident, O, $v:ident) => {
        $v == NONE || $v & TAG != 0 || $cx.reg($v)
    };
    ($cx:ident, $fast:ident, (L $n:ident), $v:ident) => {
        $cx.lanes($v, $n)
    };
    ($cx:ident, $fast:ident, (CL $vc:ident $n:ident), $v:ident) => {
        if $vc {
            $cx.lanes($v, $n)
        } else {
            $cx.reg($v)
        }
    };
    ($cx:ident, $fast:ident, (K $n:ident), $v:ident) => {
        $v < $n
    };
    ($cx:ident, $fast:ident, E, $v:ident) => {
        if $fast {
            $cx.target_ok($v)
        } else {
            $cx.edge_ok($v)
        }
    };
    ($cx:ident, $fast:ident, T, $v:ident) => {
        $cx.switch_ok($v)
    };
    ($cx:ident, $fast:ident, G, $v:ident) => {
        $cx.gep_ok($v, false)
    };
    ($cx:ident, $fast:ident, GA, $v:ident) => {
        $cx.gep_ok($v, true)
    };
    ($cx:ident, $fast:ident, S, $v:ident) => {
        $cx.site_ok($v, false)
    };
    ($cx:ident, $fast:ident, A, $v:ident) => {
        $cx.site_ok($v, true)
    };
    ($cx:ident, $fast:ident, C, $v:ident) => {
        $cx.call_ok($v)
    };
    ($cx:ident, $fast:ident, (X $n:ident), $v:ident) => {
        $cx.shuffle_ok($v, $n)
    };
    ($cx:ident, $fast:ident, $t:ty, $v:ident) => {{
        let _ = $v;
        true
    }};
}

/// Writes field `$v` of kind `$k` to the string `$s` as the disassembler shows it.
macro_rules! op_field_fmt {
    ($s:ident, R, $v:ident) => {
        write!($s, " {}=r{}", stringify!($v), $v)
    };
    ($s:ident, O, $v:ident) => {
        write!($s, " {}={}", stringify!($v), opnd($v))
    };
    ($s:ident, (L $n:ident), $v:ident) => {
        write!($s, " {}=r{}..r{}", stringify!($v), $v, $v as u64 + $n as u64)
    };
    ($s:ident, (CL $vc:ident $n:ident), $v:ident) => {
        if $vc {
            write!($s, " {}=r{}..r{}", stringify!($v), $v, $v as u64 + $n as u64)
        } else {
            write!($s, " {}=r{}", stringify!($v), $v)
        }
    };
    ($s:ident, E, $v:ident) => {
        if $v & DIRECT != 0 {
            write!($s, " {}=@{}", stringify!($v), $v & !DIRECT)
        } else {
            write!($s, " {}=e{}", stringify!($v), $v)
        }
    };
    ($s:ident, T, $v:ident) => {
        write!($s, " {}=switch{}", stringify!($v), $v)
    };
    ($s:ident, G, $v:ident) => {
        write!($s, " {}=gep{}", stringify!($v), $v)
    };
    ($s:ident, GA, $v:ident) => {
        write!($s, " {}=gep{}", stringify!($v), $v)
    };
    ($s:ident, S, $v:ident) => {
        write!($s, " {}=alloca{}", stringify!($v), $v)
    };
    ($s:ident, A, $v:ident) => {
        write!($s, " {}=alloca{}", stringify!($v), $v)
    };
    ($s:ident, C, $v:ident) => {
        write!($s, " {}=call{}", stringify!($v), $v)
    };
    ($s:ident, (X $n:ident), $v:ident) => {
        write!($s, " {}=shuffle{}", stringify!($v), $v)
    };
    ($s:ident, (K $n:ident), $v:ident) => {
        write!($s, " {}={}", stringify!($v), $v)
    };
    ($s:ident, $t:ty, $v:ident) => {
        write!($s, " {}={:?}", stringify!($v), $v)
    };
}

/// True for a row marked `[fast]`.
macro_rules! op_fast_only {
    () => {
        false
    };
    (fast) => {
        true
    };
}

/// Defines [`Op`] and its generated methods from the rows of the table.
macro_rules! define_ops {
    ($(
        $(#[$attr:meta])*
        $name:ident = $mn:literal $([$fast:ident])? $({ $($f:ident : $k:tt),* $(,)? })? ;
    )*) => {
        /// One translated instruction (see the table in `bytecode/ops.rs`).
        #[derive(Copy, Clone, Debug)]
        pub enum Op {
            $(
                $(#[$attr])*
                $name $({ $($f: op_field_ty!($k)),* })?,
            )*
        }

        impl Op {
            /// The op's mnemonic.
            pub fn mnemonic(&self) -> &'static str {
                match self {
                    $(Op::$name { .. } => $mn,)*
                }
            }

            /// True for the ops of the fast path's stream only (fused or specialized, see
            /// `translate/fuse.rs`).
            pub fn fast_only(&self) -> bool {
                match self {
                    $(Op::$name { .. } => op_fast_only!($($fast)?),)*
                }
            }

            /// Whether every register and table index of the op is valid for the code `cx`
            /// checks (`fast`: the op is in the fast stream, where a branch target may be a
            /// pc).
            pub(crate) fn operands_ok(&self, cx: &super::check::Check, fast: bool) -> bool {
                match *self {
                    $(
                        #[allow(unused_variables)]
                        Op::$name $({ $($f),* })? => {
                            true $($(&& op_field_ok!(cx, fast, $k, $f))*)?
                        }
                    )*
                }
            }

            /// The op as one line of text: its mnemonic, then each field as `name=value`
            /// (registers `rN`, lanes `rN..rM`, edges `eN`, fast-stream pcs `@N`).
            pub fn disasm(&self) -> String {
                let mut s = String::from(self.mnemonic());
                match *self {
                    $(
                        Op::$name $({ $($f),* })? => {
                            $($(let _ = op_field_fmt!(s, $k, $f);)*)?
                        }
                    )*
                }
                s
            }
        }
    };
}

for_each_op!(define_ops);

/// An [`Opnd`] as text: `rN` (narrow register), `wN` (wide register), `kN` (wide constant),
/// `rN..rM` (lanes) or `none`.
pub fn opnd(o: Opnd) -> String {
    if o == NONE {
        return "none".into();
    }
    match o & TAG {
        0 => format!("r{o}"),
        WIDE => format!("w{}", o & !TAG),
        WCONST => format!("k{}", o & !TAG),
        _ => match super::vec_of(o) {
            Some((r, n)) => format!("r{r}..r{}", r as u64 + n as u64),
            None => format!("{:#x}", o & !VEC),
        },
    }
}
