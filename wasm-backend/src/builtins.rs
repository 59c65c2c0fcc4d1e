//! C library functions the module defines itself instead of importing them: the memory and
//! string functions (`memcpy`, `strlen`, `strcmp`, ...) whose work is a short loop over
//! bytes. A call into the host costs far more than such a loop in wasm, and they need nothing
//! from the host but memory.
//!
//! An external function becomes a builtin when its name is one of [`NAMES`] and its lowered
//! signature has the C shape (pointers, an `int`, a `size_t` of either width); any other
//! declaration of the name stays an import. The results are the host library's
//! (`irplay_wasm::libc`) byte for byte: comparisons return the difference of the first
//! differing bytes, `strchr(s, 0)` finds the terminator. A length that does not fit in 32
//! bits, and any access out of memory, trap (undefined behaviour in C, a trap in wasm).
//! `strlen` and `strchr` look at 16 bytes at a time (wasm SIMD), `memcpy`, `memmove` and
//! `memset` call the module's copy and fill functions (helpers.rs); the rest go byte
//! by byte.

use irplay_core::lower::{Sig, Ty};
use wasm_encoder::{BlockType, Function, Instruction as I, MemArg, ValType};

/// A builtin function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `memcpy` and `memmove` (`memory.copy` allows overlap).
    MemCopy,
    /// `memset`.
    MemSet,
    /// `memcmp` and `bcmp`.
    MemCmp,
    /// `strlen`.
    StrLen,
    /// `strcmp`.
    StrCmp,
    /// `strncmp`.
    StrNCmp,
    /// `strchr`.
    StrChr,
    /// `strrchr`.
    StrRChr,
    /// `strcpy`.
    StrCpy,
}

/// The names that can be builtins.
pub const NAMES: &[&str] = &[
    "memcpy", "memmove", "memset", "memcmp", "bcmp", "strlen", "strcmp", "strncmp", "strchr",
    "strrchr", "strcpy",
];

/// True for a `size_t` register of either width.
fn size(t: Ty) -> bool {
    matches!(t, Ty::I32 | Ty::I64 | Ty::Ptr)
}

/// The builtin for an external function, if its name and signature are those of one.
pub fn builtin(name: &str, sig: &Sig) -> Option<Builtin> {
    use Ty::{Ptr, I32};
    if sig.variadic {
        return None;
    }
    let p = sig.params.as_slice();
    let r = sig.ret.as_slice();
    let b = match (name, p, r) {
        ("memcpy" | "memmove", [Ptr, Ptr, n], [Ptr]) if size(*n) => Builtin::MemCopy,
        ("memset", [Ptr, I32, n], [Ptr]) if size(*n) => Builtin::MemSet,
        ("memcmp" | "bcmp", [Ptr, Ptr, n], [I32]) if size(*n) => Builtin::MemCmp,
        ("strlen", [Ptr], [n]) if size(*n) => Builtin::StrLen,
        ("strcmp", [Ptr, Ptr], [I32]) => Builtin::StrCmp,
        ("strncmp", [Ptr, Ptr, n], [I32]) if size(*n) => Builtin::StrNCmp,
        ("strchr", [Ptr, I32], [Ptr]) => Builtin::StrChr,
        ("strrchr", [Ptr, I32], [Ptr]) => Builtin::StrRChr,
        ("strcpy", [Ptr, Ptr], [Ptr]) => Builtin::StrCpy,
        _ => return None,
    };
    Some(b)
}

fn byte(offset: u64) -> MemArg {
    MemArg { offset, align: 0, memory_index: 0 }
}

/// Pushes parameter `k`, a `size_t`, as an `i32`, trapping when it does not fit.
fn length(w: &mut Function, sig: &Sig, k: u32) {
    if sig.params.get(k as usize) == Some(&Ty::I64) {
        w.instruction(&I::LocalGet(k));
        w.instruction(&I::I64Const(32));
        w.instruction(&I::I64ShrU);
        w.instruction(&I::I64Eqz);
        w.instruction(&I::If(BlockType::Empty));
        w.instruction(&I::Else);
        w.instruction(&I::Unreachable);
        w.instruction(&I::End);
        w.instruction(&I::LocalGet(k));
        w.instruction(&I::I32WrapI64);
    } else {
        w.instruction(&I::LocalGet(k));
    }
}

/// Turns the `i32` on the stack into the result type `t`.
fn result(w: &mut Function, t: Option<&Ty>) {
    if t == Some(&Ty::I64) {
        w.instruction(&I::I64ExtendI32U);
    }
}

/// The wasm function indices of the module's copy and fill functions (helpers.rs),
/// when it has them.
#[derive(Copy, Clone, Debug, Default)]
pub struct Helpers {
    /// `(dst, src, len)`, overlap allowed.
    pub copy: Option<u32>,
    /// `(dst, byte, len)`.
    pub fill: Option<u32>,
}

/// Finds the first terminator, or the first byte equal to a lane of the `v128` local `sought`,
/// in the string at parameter 0, 16 bytes at a time; leaves its address in local `np + 2`
/// (locals `np`, `np + 1` and `np + 3` are scratch). The loads are 16-byte aligned, so they
/// stay within the memory's 64 KiB pages that hold the string: a string that ends in
/// memory reads nothing beyond it that could trap, one that does not traps.
fn scan(w: &mut Function, np: u32, sought: Option<u32>) {
    let (x, y, z, v) = (np, np + 1, np + 2, np + 3);
    let mask = |w: &mut Function| {
        w.instruction(&I::LocalGet(x));
        w.instruction(&I::V128Load(MemArg { offset: 0, align: 4, memory_index: 0 }));
        if let Some(c) = sought {
            w.instruction(&I::LocalTee(v));
            w.instruction(&I::V128Const(0));
            w.instruction(&I::I8x16Eq);
            w.instruction(&I::LocalGet(v));
            w.instruction(&I::LocalGet(c));
            w.instruction(&I::I8x16Eq);
            w.instruction(&I::V128Or);
        } else {
            w.instruction(&I::V128Const(0));
            w.instruction(&I::I8x16Eq);
        }
        w.instruction(&I::I8x16Bitmask);
    };
    // The aligned chunk holding the string's start, without the bytes before it.
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::I32Const(-16));
    w.instruction(&I::I32And);
    w.instruction(&I::LocalSet(x));
    mask(w);
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::I32Const(15));
    w.instruction(&I::I32And);
    w.instruction(&I::I32ShrU);
    w.instruction(&I::LocalTee(y));
    w.instruction(&I::If(BlockType::Result(ValType::I32)));
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::LocalGet(y));
    w.instruction(&I::I32Ctz);
    w.instruction(&I::I32Add);
    w.instruction(&I::Else);
    w.instruction(&I::Loop(BlockType::Empty));
    w.instruction(&I::LocalGet(x));
    w.instruction(&I::I32Const(16));
    w.instruction(&I::I32Add);
    w.instruction(&I::LocalSet(x));
    mask(w);
    w.instruction(&I::LocalTee(y));
    w.instruction(&I::I32Eqz);
    w.instruction(&I::BrIf(0));
    w.instruction(&I::End);
    w.instruction(&I::LocalGet(x));
    w.instruction(&I::LocalGet(y));
    w.instruction(&I::I32Ctz);
    w.instruction(&I::I32Add);
    w.instruction(&I::End);
    w.instruction(&I::LocalSet(z));
}

/// The function's body (its type is the signature's, see `crate::module::wasm_sig`).
pub fn emit(b: Builtin, sig: &Sig, helpers: &Helpers) -> Function {
    let np = sig.params.len() as u32;
    let (x, y, z) = (np, np + 1, np + 2);
    // Locals after the parameters: scratch i32s, then two v128s.
    let mut w = Function::new([(3, ValType::I32), (2, ValType::V128)]);
    match b {
        Builtin::MemCopy | Builtin::MemSet => {
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::LocalGet(1));
            length(&mut w, sig, 2);
            w.instruction(&match (b, helpers.copy, helpers.fill) {
                (Builtin::MemCopy, Some(f), _) | (Builtin::MemSet, _, Some(f)) => I::Call(f),
                (Builtin::MemCopy, None, _) => I::MemoryCopy { src_mem: 0, dst_mem: 0 },
                _ => I::MemoryFill(0),
            });
            w.instruction(&I::LocalGet(0));
        }
        Builtin::StrLen => {
            scan(&mut w, np, None);
            w.instruction(&I::LocalGet(z));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::I32Sub);
            result(&mut w, sig.ret.first());
        }
        Builtin::MemCmp | Builtin::StrCmp | Builtin::StrNCmp => {
            // z = the count left (memcmp, strncmp); per byte: x = *a, y = *b; return x - y
            // when they differ, 0 at the end (of the count, or of equal strings).
            let counted = b != Builtin::StrCmp;
            if counted {
                length(&mut w, sig, 2);
                w.instruction(&I::LocalSet(z));
            }
            w.instruction(&I::Block(BlockType::Empty));
            w.instruction(&I::Loop(BlockType::Empty));
            if counted {
                w.instruction(&I::LocalGet(z));
                w.instruction(&I::I32Eqz);
                w.instruction(&I::BrIf(1));
            }
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::I32Load8U(byte(0)));
            w.instruction(&I::LocalTee(x));
            w.instruction(&I::LocalGet(1));
            w.instruction(&I::I32Load8U(byte(0)));
            w.instruction(&I::LocalTee(y));
            w.instruction(&I::I32Ne);
            w.instruction(&I::If(BlockType::Empty));
            w.instruction(&I::LocalGet(x));
            w.instruction(&I::LocalGet(y));
            w.instruction(&I::I32Sub);
            w.instruction(&I::Return);
            w.instruction(&I::End);
            if b != Builtin::MemCmp {
                w.instruction(&I::LocalGet(x));
                w.instruction(&I::I32Eqz);
                w.instruction(&I::BrIf(1));
            }
            for k in [0, 1] {
                w.instruction(&I::LocalGet(k));
                w.instruction(&I::I32Const(1));
                w.instruction(&I::I32Add);
                w.instruction(&I::LocalSet(k));
            }
            if counted {
                w.instruction(&I::LocalGet(z));
                w.instruction(&I::I32Const(1));
                w.instruction(&I::I32Sub);
                w.instruction(&I::LocalSet(z));
            }
            w.instruction(&I::Br(0));
            w.instruction(&I::End);
            w.instruction(&I::End);
            w.instruction(&I::I32Const(0));
        }
        Builtin::StrChr => {
            // The first byte that is the one sought or the terminator; null if it is the
            // terminator and the byte sought is not 0.
            w.instruction(&I::LocalGet(1));
            w.instruction(&I::I8x16Splat);
            w.instruction(&I::LocalSet(np + 4));
            scan(&mut w, np, Some(np + 4));
            w.instruction(&I::LocalGet(z));
            w.instruction(&I::I32Const(0));
            w.instruction(&I::LocalGet(z));
            w.instruction(&I::I32Load8U(byte(0)));
            w.instruction(&I::LocalGet(1));
            w.instruction(&I::I32Const(255));
            w.instruction(&I::I32And);
            w.instruction(&I::I32Eq);
            w.instruction(&I::Select);
        }
        Builtin::StrRChr => {
            // y = the byte sought, z = the last match so far; per byte x: a match is kept,
            // the terminator (a match itself when y is 0) ends the search.
            w.instruction(&I::LocalGet(1));
            w.instruction(&I::I32Const(255));
            w.instruction(&I::I32And);
            w.instruction(&I::LocalSet(y));
            w.instruction(&I::Block(BlockType::Empty));
            w.instruction(&I::Loop(BlockType::Empty));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::I32Load8U(byte(0)));
            w.instruction(&I::LocalTee(x));
            w.instruction(&I::LocalGet(y));
            w.instruction(&I::I32Eq);
            w.instruction(&I::If(BlockType::Empty));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::LocalSet(z));
            w.instruction(&I::End);
            w.instruction(&I::LocalGet(x));
            w.instruction(&I::I32Eqz);
            w.instruction(&I::BrIf(1));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::I32Const(1));
            w.instruction(&I::I32Add);
            w.instruction(&I::LocalSet(0));
            w.instruction(&I::Br(0));
            w.instruction(&I::End);
            w.instruction(&I::End);
            w.instruction(&I::LocalGet(z));
        }
        Builtin::StrCpy => {
            // x = the offset; copy bytes up to and including the terminator.
            w.instruction(&I::Loop(BlockType::Empty));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::LocalGet(x));
            w.instruction(&I::I32Add);
            w.instruction(&I::LocalGet(1));
            w.instruction(&I::LocalGet(x));
            w.instruction(&I::I32Add);
            w.instruction(&I::I32Load8U(byte(0)));
            w.instruction(&I::LocalTee(y));
            w.instruction(&I::I32Store8(byte(0)));
            w.instruction(&I::LocalGet(x));
            w.instruction(&I::I32Const(1));
            w.instruction(&I::I32Add);
            w.instruction(&I::LocalSet(x));
            w.instruction(&I::LocalGet(y));
            w.instruction(&I::BrIf(0));
            w.instruction(&I::End);
            w.instruction(&I::LocalGet(0));
        }
    }
    w.instruction(&I::End);
    w
}
