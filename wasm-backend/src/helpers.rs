//! Functions the module defines for its own code: copying and filling memory. A wasm
//! `memory.copy` or `memory.fill` is a call into the engine, which costs far more than the
//! copy itself for the few bytes most copies move (a word of a string, a small struct), so
//! up to 32 bytes are moved by loads and stores, all loads before any store (which makes an
//! overlapping copy right, as `memmove` must be): the first and last 16, 8, 4 or 1 bytes
//! cover any length in between. Longer ones go to `memory.copy`/`memory.fill`. Addresses out
//! of memory trap either way.
//!
//! Both take `(dst: i32, src_or_byte: i32, len: i32)` and return nothing.

use wasm_encoder::{BlockType, Function, Instruction as I, MemArg, ValType};

fn at(offset: u64, align: u32) -> MemArg {
    MemArg { offset, align, memory_index: 0 }
}

/// Pushes `base + len - back` (the start of the last `back` bytes).
fn tail(w: &mut Function, base: u32, back: i32) {
    w.instruction(&I::LocalGet(base));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Add);
    w.instruction(&I::I32Const(back));
    w.instruction(&I::I32Sub);
}

/// Pushes `base + len / 2` (the middle byte of 2 or 3).
fn mid(w: &mut Function, base: u32) {
    w.instruction(&I::LocalGet(base));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Const(1));
    w.instruction(&I::I32ShrU);
    w.instruction(&I::I32Add);
}

/// `if len == 0 { return }`.
fn return_if_empty(w: &mut Function) {
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Eqz);
    w.instruction(&I::If(BlockType::Empty));
    w.instruction(&I::Return);
    w.instruction(&I::End);
}

/// `if len >= size { ...; return }`.
fn when_at_least(w: &mut Function, size: i32, body: impl FnOnce(&mut Function)) {
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Const(size));
    w.instruction(&I::I32GeU);
    w.instruction(&I::If(BlockType::Empty));
    body(w);
    w.instruction(&I::Return);
    w.instruction(&I::End);
}

/// The body of the copy function.
pub fn copy() -> Function {
    // Locals 3, 4: the two loaded values of one width (v128, i64, i32 or bytes).
    let mut w = Function::new([(2, ValType::V128), (2, ValType::I64), (3, ValType::I32)]);
    w.instruction(&I::Block(BlockType::Empty));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Const(32));
    w.instruction(&I::I32GtU);
    w.instruction(&I::BrIf(0));
    // (width, load, store, the locals holding the first and last piece)
    let widths: [(i32, I, I, u32, u32); 3] = [
        (16, I::V128Load(at(0, 0)), I::V128Store(at(0, 0)), 3, 4),
        (8, I::I64Load(at(0, 0)), I::I64Store(at(0, 0)), 5, 6),
        (4, I::I32Load(at(0, 0)), I::I32Store(at(0, 0)), 7, 8),
    ];
    for (size, load, store, a, b) in widths {
        when_at_least(&mut w, size, |w| {
            w.instruction(&I::LocalGet(1));
            w.instruction(&load);
            w.instruction(&I::LocalSet(a));
            tail(w, 1, size);
            w.instruction(&load);
            w.instruction(&I::LocalSet(b));
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::LocalGet(a));
            w.instruction(&store);
            tail(w, 0, size);
            w.instruction(&I::LocalGet(b));
            w.instruction(&store);
        });
    }
    // 0 to 3 bytes: the first, the last and the middle one.
    return_if_empty(&mut w);
    w.instruction(&I::LocalGet(1));
    w.instruction(&I::I32Load8U(at(0, 0)));
    w.instruction(&I::LocalSet(7));
    tail(&mut w, 1, 1);
    w.instruction(&I::I32Load8U(at(0, 0)));
    w.instruction(&I::LocalSet(8));
    mid(&mut w, 1);
    w.instruction(&I::I32Load8U(at(0, 0)));
    w.instruction(&I::LocalSet(9));
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::LocalGet(7));
    w.instruction(&I::I32Store8(at(0, 0)));
    tail(&mut w, 0, 1);
    w.instruction(&I::LocalGet(8));
    w.instruction(&I::I32Store8(at(0, 0)));
    mid(&mut w, 0);
    w.instruction(&I::LocalGet(9));
    w.instruction(&I::I32Store8(at(0, 0)));
    w.instruction(&I::Return);
    w.instruction(&I::End);
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::LocalGet(1));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::MemoryCopy { src_mem: 0, dst_mem: 0 });
    w.instruction(&I::End);
    w
}

/// The body of the fill function (the byte is the low 8 bits of the second parameter).
pub fn fill() -> Function {
    // Locals 3 (v128), 4 (i64), 5 (i32): the byte repeated.
    let mut w = Function::new([(1, ValType::V128), (1, ValType::I64), (1, ValType::I32)]);
    w.instruction(&I::Block(BlockType::Empty));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::I32Const(32));
    w.instruction(&I::I32GtU);
    w.instruction(&I::BrIf(0));
    w.instruction(&I::LocalGet(1));
    w.instruction(&I::I32Const(255));
    w.instruction(&I::I32And);
    w.instruction(&I::LocalTee(5));
    w.instruction(&I::I8x16Splat);
    w.instruction(&I::LocalSet(3));
    w.instruction(&I::LocalGet(5));
    w.instruction(&I::I64ExtendI32U);
    w.instruction(&I::I64Const(0x0101_0101_0101_0101));
    w.instruction(&I::I64Mul);
    w.instruction(&I::LocalSet(4));
    w.instruction(&I::LocalGet(5));
    w.instruction(&I::I32Const(0x0101_0101));
    w.instruction(&I::I32Mul);
    w.instruction(&I::LocalSet(5));
    let widths: [(i32, I, u32); 3] = [
        (16, I::V128Store(at(0, 0)), 3),
        (8, I::I64Store(at(0, 0)), 4),
        (4, I::I32Store(at(0, 0)), 5),
    ];
    for (size, store, v) in widths {
        when_at_least(&mut w, size, |w| {
            w.instruction(&I::LocalGet(0));
            w.instruction(&I::LocalGet(v));
            w.instruction(&store);
            tail(w, 0, size);
            w.instruction(&I::LocalGet(v));
            w.instruction(&store);
        });
    }
    // 0 to 3 bytes: the first, the last and the middle one.
    return_if_empty(&mut w);
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::LocalGet(5));
    w.instruction(&I::I32Store8(at(0, 0)));
    tail(&mut w, 0, 1);
    w.instruction(&I::LocalGet(5));
    w.instruction(&I::I32Store8(at(0, 0)));
    mid(&mut w, 0);
    w.instruction(&I::LocalGet(5));
    w.instruction(&I::I32Store8(at(0, 0)));
    w.instruction(&I::Return);
    w.instruction(&I::End);
    w.instruction(&I::LocalGet(0));
    w.instruction(&I::LocalGet(1));
    w.instruction(&I::LocalGet(2));
    w.instruction(&I::MemoryFill(0));
    w.instruction(&I::End);
    w
}
