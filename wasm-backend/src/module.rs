//! Module assembly: one wasm function type per distinct signature, the imports, the memory
//! layout (data image, shadow stack, heap base), the function table and the exports.

use crate::builtins::{builtin, Builtin};
use crate::func::{emit_func, FnEnv};
use crate::{FuncMap, SourceMap, WasmError, DATA_BASE};
use irplay_core::lower::{FuncRef, Inst, LowModule, Sig, Sym, Ty};
use std::collections::HashMap;
use wasm_encoder::{
    CodeSection, ConstExpr, DataSection, ElementSection, Elements, EntityType, ExportKind,
    ExportSection, Function, FunctionSection, GlobalSection, GlobalType, ImportSection,
    Instruction, MemorySection, MemoryType, Module, RefType, TableSection, TableType, TypeSection,
    ValType,
};

/// Backend options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Bytes of shadow stack.
    pub stack_size: u32,
    /// Check every shadow-stack allocation (frames, `alloca`s of a run-time size,
    /// variadic argument areas) against the stack's lower end and call the import
    /// [`crate::STACK_OVERFLOW`] when it would go below.
    pub stack_check: bool,
    /// Emit structured control flow where the CFG allows it (else every function is a
    /// dispatch loop, the fallback for irreducible CFGs; for comparisons and tests).
    pub structured: bool,
    /// Keep a run's limits: count steps and call depth in the exported globals
    /// [`crate::FUEL`] and [`crate::DEPTH`] and call the import [`crate::LIMIT`] when one is
    /// spent (see the module's ABI). The low module must then be lowered with
    /// [`crate::LOWER_OPTIONS_LIMITS`] ([`crate::lower_for`]). Off by default.
    pub limits: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { stack_size: 1 << 20, stack_check: true, structured: true, limits: false }
    }
}

impl Options {
    /// The default options with the run's limits kept ([`Options::limits`]), for hosts that run
    /// the module.
    pub fn with_limits() -> Options {
        Options { limits: true, ..Options::default() }
    }
}

/// The wasm type of a register type.
pub fn val_ty(t: Ty) -> ValType {
    match t {
        Ty::I32 | Ty::Ptr => ValType::I32,
        Ty::I64 => ValType::I64,
        Ty::F32 => ValType::F32,
        Ty::F64 => ValType::F64,
        Ty::V128 => ValType::V128,
    }
}

/// The wasm parameter and result types of a signature.
pub fn wasm_sig(s: &Sig) -> (Vec<ValType>, Vec<ValType>) {
    let mut p: Vec<ValType> = s.params.iter().map(|t| val_ty(*t)).collect();
    if s.variadic {
        p.push(ValType::I32);
    }
    (p, s.ret.iter().map(|t| val_ty(*t)).collect())
}

/// Function types, deduplicated.
#[derive(Default)]
pub struct Types {
    index: HashMap<(Vec<ValType>, Vec<ValType>), u32>,
    list: Vec<(Vec<ValType>, Vec<ValType>)>,
}

impl Types {
    /// The type index of a signature.
    pub fn of(&mut self, s: &Sig) -> u32 {
        let key = wasm_sig(s);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(key.clone());
        self.index.insert(key, i);
        i
    }
}

/// The stretches of the data image that are not zero, as (offset, bytes): memory starts out
/// zeroed, so zero-initialized globals need no bytes in the module. A run of fewer than 32
/// zeros stays inside its stretch (a segment costs a few bytes of its own).
pub(crate) fn nonzero_runs(image: &[u8]) -> Vec<(usize, &[u8])> {
    const GAP: usize = 32;
    let mut runs = Vec::new();
    let mut k = 0;
    while let Some(start) = image.get(k..).and_then(first_nonzero).map(|p| k + p) {
        // The stretch ends before the first run of GAP zeros (or at the image's end).
        let mut end = start;
        let mut zeros = 0;
        for (i, &b) in image.iter().enumerate().skip(start) {
            if b == 0 {
                zeros += 1;
                if zeros == GAP {
                    break;
                }
            } else {
                zeros = 0;
                end = i + 1;
            }
        }
        runs.push((start, image.get(start..end).unwrap_or(&[])));
        k = end;
    }
    runs
}

/// The index of the first non-zero byte (16 at a time over long zero runs).
fn first_nonzero(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(16);
    let mut at = 0;
    for c in chunks.by_ref() {
        if <[u8; 16]>::try_from(c).map_or(true, |w| u128::from_le_bytes(w) != 0) {
            return c.iter().position(|&b| b != 0).map(|p| at + p);
        }
        at += 16;
    }
    chunks.remainder().iter().position(|&b| b != 0).map(|p| at + p)
}

/// The exported `main` of a module with global constructors or destructors: it registers
/// the destructors with `atexit` (last first, before anything else, so that they run after
/// every handler the program registers, in their order, whether `main` returns or `exit` is
/// called), calls the constructors in order and then the module's `main` with its arguments.
/// Hosts run `atexit` handlers at the end, so both get the interpreter's sequence.
fn entry(m: &LowModule, main: FuncRef, sig: &Sig, wasm_index: &dyn Fn(FuncRef) -> u32) -> Function {
    let mut w = Function::new([]);
    if let Some(atexit) = m.structors.atexit {
        for d in m.structors.dtors.iter().rev() {
            w.instruction(&Instruction::I32Const(d.0 as i32 + 1));
            w.instruction(&Instruction::Call(wasm_index(atexit)));
            w.instruction(&Instruction::Drop);
        }
    }
    for &c in &m.structors.ctors {
        w.instruction(&Instruction::Call(wasm_index(c)));
        for _ in 0..m.func_sig(c).map_or(0, |(_, s)| s.ret.len()) {
            w.instruction(&Instruction::Drop);
        }
    }
    for i in 0..wasm_sig(sig).0.len() {
        w.instruction(&Instruction::LocalGet(i as u32));
    }
    w.instruction(&Instruction::Call(wasm_index(main)));
    w.instruction(&Instruction::End);
    w
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a.max(1)) * a.max(1)
}

/// Compiles a low module to wasm bytes.
pub fn compile(m: &LowModule, opts: &Options) -> Result<Vec<u8>, WasmError> {
    compile_mapped(m, opts).map(|(bytes, _)| bytes)
}

/// [`compile`], with the source positions of the code of the module's own functions.
pub fn compile_mapped(m: &LowModule, opts: &Options) -> Result<(Vec<u8>, SourceMap), WasmError> {
    let nfuncs = m.funcs.len() as u32;
    // External functions the module defines itself (after its own functions), the others
    // imported in order; the stack check's import comes after them.
    let builtins: Vec<Option<Builtin>> =
        m.imports.iter().map(|im| builtin(&im.name, &im.sig)).collect();
    let check = opts.stack_check && m.funcs.iter().any(crate::func::uses_stack);
    let nimported = builtins.iter().filter(|b| b.is_none()).count() as u32;
    let nimports = nimported + check as u32 + opts.limits as u32;
    let mut index: Vec<u32> = (0..nfuncs).map(|k| nimports + k).collect();
    let (mut next_import, mut next_builtin) = (0, nimports + nfuncs);
    for b in &builtins {
        let counter = if b.is_some() { &mut next_builtin } else { &mut next_import };
        index.push(*counter);
        *counter += 1;
    }
    let wasm_index = |f: FuncRef| index.get(f.0 as usize).copied().unwrap_or(0);
    // The copy and fill helpers, after the builtins, when something uses them.
    let uses = |want: fn(&Inst) -> bool, b: Builtin| {
        builtins.contains(&Some(b))
            || m.funcs.iter().any(|f| f.blocks.iter().any(|bl| bl.insts.iter().any(want)))
    };
    let need_copy = uses(|i| matches!(i, Inst::MemCopy { .. }), Builtin::MemCopy);
    let need_fill = uses(|i| matches!(i, Inst::MemFill { .. }), Builtin::MemSet);
    let copy_fn = need_copy.then_some(next_builtin);
    let fill_fn = need_fill.then_some(next_builtin + u32::from(need_copy));
    let helpers = crate::builtins::Helpers { copy: copy_fn, fill: fill_fn };
    // Memory layout.
    let data_base = align_up(DATA_BASE as u64, m.data.align.max(1) as u64);
    let data_end = data_base + m.data.bytes.len() as u64;
    let stack_base = align_up(data_end, 16);
    let stack_top = align_up(data_end, 16) + align_up(opts.stack_size as u64, 16);
    if stack_top >= 1 << 31 {
        return Err(WasmError("the data image and stack exceed 2 GiB".into()));
    }
    let pages = stack_top.div_ceil(65536) + 1;
    // Data image with relocations applied (copied only when there are some).
    let mut image = std::borrow::Cow::Borrowed(m.data.bytes.as_slice());
    for r in &m.data.relocs {
        let addr: u64 = match r.sym {
            Sym::Data(i) => {
                let off = m.data.symbols.get(i as usize).copied().unwrap_or(0) as u64;
                (data_base + off).wrapping_add(r.addend as u64) & 0xffff_ffff
            }
            Sym::Func(f) => (f.0 as u64 + 1).wrapping_add(r.addend as u64) & 0xffff_ffff,
        };
        let o = r.offset as usize;
        let n = m.ptr_bytes as usize;
        if let Some(dst) = image.to_mut().get_mut(o..o + n) {
            dst.copy_from_slice(addr.to_le_bytes().get(..n).unwrap_or(&[]));
        }
    }
    let mut types = Types::default();
    let mut imports = ImportSection::new();
    for (im, _) in m.imports.iter().zip(&builtins).filter(|(_, b)| b.is_none()) {
        let t = types.of(&im.sig);
        imports.import("env", &im.name, EntityType::Function(t));
    }
    if check {
        let t = types.of(&Sig {
            params: Vec::new(),
            ret: Vec::new(),
            variadic: false,
            packs: Vec::new(),
        });
        imports.import("env", crate::STACK_OVERFLOW, EntityType::Function(t));
    }
    if opts.limits {
        let t = types.of(&Sig {
            params: vec![Ty::I32],
            ret: Vec::new(),
            variadic: false,
            packs: Vec::new(),
        });
        imports.import("env", crate::LIMIT, EntityType::Function(t));
    }
    // The globals: the stack pointer, the heap base, the exception state's address (when the
    // module can throw), then the step and depth counters.
    let counter_base = 2 + u32::from(m.exception.is_some());
    let limits = opts.limits.then(|| crate::func::Counters {
        import: nimports - 1,
        fuel: counter_base,
        depth: counter_base + 1,
    });
    let mut functions = FunctionSection::new();
    let mut code = CodeSection::new();
    let overflow = check.then_some(nimported);
    let env = FnEnv {
        m,
        data_base: data_base as u32,
        wasm_index: &wasm_index,
        stack_base: stack_base as u32,
        overflow,
        structured: opts.structured,
        helpers,
        limits,
    };
    let mut map = SourceMap::default();
    for (k, f) in m.funcs.iter().enumerate() {
        let t = types.of(&f.sig);
        functions.function(t);
        let (body, locs) = emit_func(&env, f, &mut types)?;
        code.function(&body);
        map.funcs.push(FuncMap { index: nimports + k as u32, name: f.name.clone(), locs });
    }
    for (im, b) in m.imports.iter().zip(&builtins) {
        if let Some(b) = b {
            functions.function(types.of(&im.sig));
            code.function(&crate::builtins::emit(*b, &im.sig, &helpers));
        }
    }
    let helper_sig = |second: Ty| Sig {
        params: vec![Ty::Ptr, second, Ty::Ptr],
        ret: Vec::new(),
        variadic: false,
        packs: Vec::new(),
    };
    if need_copy {
        functions.function(types.of(&helper_sig(Ty::Ptr)));
        code.function(&crate::helpers::copy());
    }
    if need_fill {
        functions.function(types.of(&helper_sig(Ty::I32)));
        code.function(&crate::helpers::fill());
    }
    let main = m.funcs.iter().position(|f| f.name == "main").map(|i| FuncRef(i as u32));
    let mut main_export = main.map(wasm_index);
    let s = &m.structors;
    if let Some(main) = main.filter(|_| !s.ctors.is_empty() || !s.dtors.is_empty()) {
        let sig = m.funcs.get(main.0 as usize).map(|f| f.sig.clone()).unwrap_or(Sig {
            params: Vec::new(),
            ret: Vec::new(),
            variadic: false,
            packs: Vec::new(),
        });
        functions.function(types.of(&sig));
        code.function(&entry(m, main, &sig, &wasm_index));
        main_export = Some(next_builtin + u32::from(need_copy) + u32::from(need_fill));
    }
    let mut type_sec = TypeSection::new();
    for (p, r) in &types.list {
        type_sec.ty().function(p.iter().copied(), r.iter().copied());
    }
    let total = nfuncs + m.imports.len() as u32;
    let mut tables = TableSection::new();
    tables.table(TableType {
        element_type: RefType::FUNCREF,
        table64: false,
        minimum: total as u64 + 1,
        maximum: Some(total as u64 + 1),
        shared: false,
    });
    let mut memory = MemorySection::new();
    memory.memory(MemoryType {
        minimum: pages,
        maximum: Some(65536),
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    let mut globals = GlobalSection::new();
    globals.global(
        GlobalType { val_type: ValType::I32, mutable: true, shared: false },
        &ConstExpr::i32_const(stack_top as i32),
    );
    globals.global(
        GlobalType { val_type: ValType::I32, mutable: false, shared: false },
        &ConstExpr::i32_const(stack_top as i32),
    );
    let mut exports = ExportSection::new();
    exports.export("memory", ExportKind::Memory, 0);
    exports.export("__indirect_function_table", ExportKind::Table, 0);
    exports.export("__stack_pointer", ExportKind::Global, 0);
    exports.export("__heap_base", ExportKind::Global, 1);
    if let Some(s) = m.exception {
        let at = data_base + m.data.symbols.get(s as usize).copied().unwrap_or(0) as u64;
        globals.global(
            GlobalType { val_type: ValType::I32, mutable: false, shared: false },
            &ConstExpr::i32_const(at as i32),
        );
        exports.export(crate::EXCEPTION, ExportKind::Global, 2);
    }
    if let Some(c) = limits {
        for (name, index) in [(crate::FUEL, c.fuel), (crate::DEPTH, c.depth)] {
            globals.global(
                GlobalType { val_type: ValType::I64, mutable: true, shared: false },
                &ConstExpr::i64_const(i64::MAX),
            );
            exports.export(name, ExportKind::Global, index);
        }
    }
    if let Some(i) = main_export {
        exports.export("main", ExportKind::Func, i);
    }
    let mut elements = ElementSection::new();
    let all: Vec<u32> = (0..total).map(|k| wasm_index(FuncRef(k))).collect();
    if !all.is_empty() {
        elements.active(None, &ConstExpr::i32_const(1), Elements::Functions(all.into()));
    }
    let mut data = DataSection::new();
    for (at, bytes) in nonzero_runs(&image) {
        data.active(
            0,
            &ConstExpr::i32_const((data_base + at as u64) as i32),
            bytes.iter().copied(),
        );
    }
    let mut module = Module::new();
    module.section(&type_sec);
    module.section(&imports);
    module.section(&functions);
    module.section(&tables);
    module.section(&memory);
    module.section(&globals);
    module.section(&exports);
    module.section(&elements);
    module.section(&code);
    module.section(&data);
    Ok((module.finish(), map))
}
