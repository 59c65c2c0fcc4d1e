//! The IR verifier: LangRef well-formedness rules, with LLVM 19's `Verifier` (plus the checks
//! its `LLParser` makes) as the oracle, collecting every error with the span of its entity.
//!
//! When `verify(m)` returns no diagnostics, every invariant below holds; passes, the
//! interpreter and the backends may rely on them without re-checking.
//!
//! # Invariants of a verified module
//!
//! Handles (`handles.rs`, checked first; a function with a broken handle is not checked
//! further, a module whose constant pool has one is not checked further at all):
//! * every `TypeId`, `ConstId`, `GlobalId`, `ComdatId`, `MdId`, `AttrSetId` stored anywhere is
//!   in range, and every `Value`, `Inst`, `Block`, `MdOpId` of a body is in range of its arena;
//! * no global is a `GlobalKind::Forward` reference, no referenced comdat is undefined, no
//!   identified struct is undefined (`NamedStruct::defined`), no reachable metadata node is
//!   `MdNodeKind::Undefined`;
//! * a function's `params` match its function type's parameter count, and a body's `params`
//!   are values defined as `ValueDef::Param(i)` in order;
//! * every block in `layout` is defined, appears once, and every instruction appears in exactly
//!   one block of the layout; every block named by an instruction (successors, phi incoming
//!   blocks, `blockaddress`) is in the layout;
//! * an instruction has a result value iff its type is not `void`, the value's type is the
//!   instruction's type and its `def` points back at the instruction; every value operand is a
//!   parameter or the result of a placed instruction; `Operand::Md` only appears in calls;
//! * each opcode has the `Extra` payload and operand count its syntax implies (e.g. `br` has
//!   one or two destinations and zero or one operand accordingly, a phi has one block per
//!   value, a call has a callee operand and `CallInfo::fn_ty` is a function type).
//!
//! Module (`module.rs`, `constants.rs`):
//! * declarations have `external` or `extern_weak` linkage; `appending` only on array
//!   variables; `common` variables have a zero initializer, are not constant and not in a
//!   comdat; local linkage implies default visibility; declarations are not in comdats;
//!   `dllimport`/`dllexport` visibility rules; initializers have the value type; no scalable
//!   globals; alignments are powers of two and at most 2^32; `llvm.used`,
//!   `llvm.compiler.used`, `llvm.global_ctors/dtors` have appending linkage and their types;
//! * aliases have alias-compatible linkage, an aliasee of the alias's pointer type that is a
//!   global or constant expression, point (through alias chains) at definitions, never through
//!   an interposable alias, and form no cycle; ifuncs have a resolver that is a defined
//!   function returning a pointer, of the ifunc's pointer type;
//! * every constant used anywhere is well typed: integer widths, float formats, aggregate
//!   element types and counts, `null` only for pointers/target types, global addresses typed
//!   `ptr addrspace(N)` of their global, constant expressions with valid operand types (casts,
//!   GEP, binary ops), `blockaddress` not of an entry block.
//!
//! Functions and attributes (`module.rs`, `calls.rs`):
//! * parameter types equal the function type's, are first-class, and are not `metadata`,
//!   `token` or `x86_amx` unless the function is an intrinsic (`llvm.*`); likewise the return
//!   type; intrinsics are never defined; declarations have no personality; no `common`
//!   functions;
//! * attributes appear only where they apply (function/parameter/return, per
//!   `AttrKind::places`), on types they apply to (`zeroext` on integers, `byval`/`sret`/
//!   `nonnull`/`align`/... on pointers, `noundef` not on `void`, `range` of the right width),
//!   sized `byval`/`byref`/`sret`/`inalloca`/`preallocated` types, no incompatible pairs
//!   (`readnone`+`readonly`, `byval`+`sret`, `zeroext`+`signext`, `noinline`+`alwaysinline`,
//!   `optnone` without `noinline`, ...), `sret` only on the first or second parameter of a
//!   `void` function, at most one `sret`/`nest`/`returned`/`swiftself`/`swifterror`,
//!   `inalloca` last, `immarg` only on intrinsics, `builtin` only on call sites,
//!   `allocsize` indices in range and integer, valid `vscale_range`.
//!
//! Control flow (`cfg.rs`):
//! * every block is non-empty and ends with its only terminator;
//! * the entry block has no predecessors (so no phis);
//! * phis are grouped at the top of their block, have the phi's type on every incoming value,
//!   and exactly one entry per predecessor edge (several edges from one block need as many
//!   entries, all with the same value); phis are not of token type;
//! * `br` conditions are `i1`, `switch` conditions integers with distinct constant integer
//!   cases of the same type, `indirectbr` addresses pointers, `ret` matches the return type.
//!
//! SSA (`ssa.rs`): every use of an instruction result in a block reachable from the entry is
//! dominated by its definition (phi uses at the end of the incoming block; `invoke`/`callbr`
//! results only along the normal/default edge); no non-phi instruction uses its own result in
//! reachable code. Uses in unreachable blocks are unconstrained, as in LLVM.
//!
//! Types and flags (`types.rs`): every instruction's operand and result types follow its
//! opcode's rules (binary ops, shifts, compares with `i1`-shaped results, casts' legal pairs
//! including bitcast size equality and addrspacecast between different address spaces,
//! select, vector and aggregate element access with in-range indices, freeze, va_arg); results
//! are first-class or void; `nuw`/`nsw`/`exact`/`disjoint`/`nneg`/`inbounds`/`volatile`/...
//! only on the opcodes that take them, fast-math flags only on floating-point operations.
//!
//! Memory (`memory.rs`): `alloca` of sized types with an integer count and a result in its
//! address space; loads and stores of sized first-class types through pointers; atomic
//! loads/stores of integer, pointer or floating-point types of power-of-two size of at least a
//! byte, with an explicit alignment and a legal ordering; no syncscope on non-atomic accesses;
//! `cmpxchg` of integers or pointers with legal success/failure orderings and a `{T, i1}`
//! result; `atomicrmw` operand types per operation, never `unordered`; fences acquire, release,
//! acq_rel or seq_cst; GEPs over sized source types with integer indices, constant in-range
//! `i32` struct indices and the right pointer (vector) result type.
//!
//! Calls (`calls.rs`, `intrinsics.rs`): the callee is a pointer, arguments match the call's
//! function type in count (varargs: at least) and type; known intrinsics (the families of
//! the table in `ir/intrinsics.rs`) are declared with their signature and correctly mangled
//! names, called with their declared type, with constants at `immarg` positions, and never
//! have their address taken or get invoked; `musttail` calls are followed by `ret` of their
//! result with a congruent prototype; `callbr` calls inline asm; inline asm is only a callee;
//! operand bundles are not repeated.
//!
//! Named metadata (`module.rs`): `!llvm.module.flags` entries are `{behavior, !"id", value}`
//! with a known behavior, a value fitting it, and unique ids (but `require`);
//! `!llvm.ident`/`!llvm.commandline` entries hold one string.
//!
//! Exception handling (`eh.rs`): landingpads (with a clause or `cleanup`) are the first
//! non-phi of blocks reached only by invoke unwind edges, in functions with a personality and
//! one landingpad type, which `resume` uses too; invoke unwind destinations start with an EH
//! pad; catchswitch/catchpad/cleanuppad are first non-phi, have valid parents and handlers;
//! catchret/cleanupret take the right pads and unwind to non-landingpad EH blocks.
//!
//! Not checked: debug-info rules (LLVM only warns and strips the debug info), metadata
//! attachment contents (`!range`, `!tbaa`, `!prof`, ...), funclet unwind-destination
//! consistency, inline asm constraint strings, target-specific intrinsics.

mod attrs;
mod calls;
mod cfg;
mod constants;
mod eh;
mod handles;
mod intrinsics;
mod memory;
mod module;
mod ssa;
mod types;

use crate::analysis::{Cfg, DomTree};
use crate::diag::{Diagnostic, Span};
use crate::ir::entity::SecondaryMap;
use crate::ir::{
    Block, Body, ConstId, ConstKind, Function, GlobalId, GlobalKind, GlobalName, Inst, InstData,
    LocalName, MdId, Module, Operand, TypeId, Value, ValueDef,
};
use std::cell::OnceCell;

/// Verifies a module, returning every error found (empty when the module is valid): at most
/// [`MAX_ERRORS`](crate::diag::MAX_ERRORS), sorted by position, then a note that counts the
/// others.
pub fn verify(m: &Module) -> Vec<Diagnostic> {
    let mut v = Verifier::new(m);
    v.run(None);
    v.finish()
}

/// Verifies the module-level parts of a module and the body of function `g` only: what a
/// function pass over `g` can have changed, when the module was valid before it.
pub fn verify_function(m: &Module, g: GlobalId) -> Vec<Diagnostic> {
    let mut v = Verifier::new(m);
    v.run(Some(g));
    v.finish()
}

/// Sentinel for "no position" in per-instruction tables.
const NONE: u32 = u32::MAX;
/// The block of an instruction that is not placed.
const NO_BLOCK: Block = Block::from_u32(u32::MAX);

/// Shared state: the module, the errors so far and memo tables.
struct Verifier<'m> {
    pub m: &'m Module,
    pub errs: Vec<Diagnostic>,
    /// Errors past [`crate::diag::MAX_ERRORS`], counted only.
    suppressed: crate::diag::Suppressed,
    /// Per constant: 0 not yet checked, 1 checked (errors were reported with the first user).
    pub const_seen: SecondaryMap<ConstId, u8>,
    /// Metadata nodes already walked for undefined references.
    pub md_seen: SecondaryMap<MdId, bool>,
    /// The printer used to spell types in messages, built on the first error that needs it.
    printer: std::cell::OnceCell<crate::text::printer::ModulePrinter<'m>>,
}

impl<'m> Verifier<'m> {
    fn new(m: &'m Module) -> Verifier<'m> {
        Verifier {
            m,
            errs: Vec::new(),
            suppressed: crate::diag::Suppressed::default(),
            const_seen: SecondaryMap::from_elem(0, m.consts.len()),
            md_seen: SecondaryMap::new(),
            printer: std::cell::OnceCell::new(),
        }
    }

    fn run(&mut self, only: Option<GlobalId>) {
        let Some(fn_ok) = handles::check_module(self, only) else { return };
        debug_assert!(
            self.m.globals.iter().all(|(g, gv)| gv.as_func().is_none_or(|f| {
                f.intrinsic == crate::ir::Intrinsic::resolve(&self.m.global_name(g))
            })),
            "a function's intrinsic family is out of step with its name"
        );
        module::check(self);
        for (gid, gv) in self.m.globals.iter() {
            let GlobalKind::Func(f) = &gv.kind else { continue };
            let Some(body) = &f.body else { continue };
            if !fn_ok[gid] || only.is_some_and(|o| o != gid) {
                continue;
            }
            let cx = FnCx::new(f, body);
            cfg::check(self, &cx);
            for &b in &body.layout {
                for &i in &body.blocks[b].insts {
                    self.check_inst(&cx, b, i);
                }
            }
            ssa::check(self, &cx);
            eh::check_function(self, &cx);
        }
    }

    fn check_inst(&mut self, cx: &FnCx, b: Block, i: Inst) {
        let d = &cx.body.insts[i];
        types::check(self, cx, b, i, d);
        memory::check(self, cx, i, d);
        calls::check(self, cx, b, i, d);
        eh::check_inst(self, cx, b, i, d);
        // Constants used by the instruction.
        let mut consts: Vec<crate::ir::ConstId> = Vec::new();
        crate::ir::uses::for_each_operand(d, &mut |op| {
            if let Operand::Const(c) = op {
                consts.push(c);
            }
        });
        if let crate::ir::Extra::Switch { cases, .. } = &d.extra {
            consts.extend(cases.iter().map(|c| c.0));
        }
        for c in consts {
            constants::check_use(self, c, d.span);
        }
    }

    /// Records an error.
    pub fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.push(Diagnostic::error(span, msg));
    }

    /// Records a prepared diagnostic (past [`crate::diag::MAX_ERRORS`], only counts it).
    pub fn push(&mut self, d: Diagnostic) {
        if self.errs.len() >= crate::diag::MAX_ERRORS {
            self.suppressed.add(d.span);
        } else {
            self.errs.push(d);
        }
    }

    /// Errors reported so far, kept or not.
    pub fn error_total(&self) -> usize {
        self.errs.len() + self.suppressed.count
    }

    /// The errors, with a note counting those left out.
    fn finish(self) -> Vec<Diagnostic> {
        let mut errs = self.errs;
        if self.suppressed.count > 0 {
            crate::diag::sort_and_cap(&mut errs, self.suppressed);
        }
        errs
    }

    /// The spelling of a type, for messages.
    pub fn ty(&self, t: TypeId) -> String {
        self.printer.get_or_init(|| crate::text::printer::ModulePrinter::new(self.m)).type_string(t)
    }

    /// `@name` of a global.
    pub fn gname(&self, g: GlobalId) -> String {
        match self.m.globals.get(g).map(|gv| &gv.name) {
            Some(GlobalName::Named(s)) => format!("@{}", quote_name(self.m.symbols.get(*s))),
            Some(GlobalName::Numbered(n)) => format!("@{n}"),
            None => "@<invalid>".to_string(),
        }
    }

    /// The type of an operand in a body.
    pub fn op_ty(&self, body: &Body, op: Operand) -> TypeId {
        self.m.operand_ty(body, op)
    }

    /// The global a constant directly names (`@g`), if any.
    pub fn const_global(&self, op: Operand) -> Option<GlobalId> {
        match op {
            Operand::Const(c) => match self.m.consts.kind(c) {
                ConstKind::Global(g) => Some(*g),
                _ => None,
            },
            _ => None,
        }
    }

    /// The name of a global, as text without `@`.
    pub fn gtext(&self, g: GlobalId) -> &'m str {
        match self.m.globals.get(g).map(|gv| &gv.name) {
            Some(GlobalName::Named(s)) => self.m.symbols.get(*s),
            _ => "",
        }
    }
}

/// Per-function context: positions of instructions, the CFG and the dominator tree.
struct FnCx<'a> {
    pub func: &'a Function,
    pub body: &'a Body,
    pub cfg: Cfg,
    pub dt: DomTree,
    /// Block of each instruction (`NO_BLOCK` when not placed).
    pub inst_block: SecondaryMap<Inst, Block>,
    /// Index of each instruction in its block.
    pub inst_pos: SecondaryMap<Inst, u32>,
    names: OnceCell<Names>,
}

struct Names {
    values: SecondaryMap<Value, u32>,
    blocks: SecondaryMap<Block, u32>,
}

impl<'a> FnCx<'a> {
    fn new(func: &'a Function, body: &'a Body) -> FnCx<'a> {
        let mut inst_block = SecondaryMap::from_elem(NO_BLOCK, body.insts.len());
        let mut inst_pos = SecondaryMap::from_elem(NONE, body.insts.len());
        for &b in &body.layout {
            for (pos, &i) in body.blocks[b].insts.iter().enumerate() {
                inst_block[i] = b;
                inst_pos[i] = pos as u32;
            }
        }
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        FnCx { func, body, cfg, dt, inst_block, inst_pos, names: OnceCell::new() }
    }

    /// The block holding an instruction.
    pub fn block_of(&self, i: Inst) -> Option<Block> {
        let b = self.inst_block[i];
        (b != NO_BLOCK).then_some(b)
    }

    /// The instruction defining a value, if it is not a parameter.
    pub fn def_inst(&self, v: Value) -> Option<Inst> {
        match self.body.values.get(v)?.def {
            ValueDef::Inst(i) => Some(i),
            ValueDef::Param(_) => None,
        }
    }

    /// The instruction data defining an operand, if it is an instruction result.
    pub fn op_inst(&self, op: Operand) -> Option<(Inst, &'a InstData)> {
        let Operand::Value(v) = op else { return None };
        let i = self.def_inst(v)?;
        Some((i, &self.body.insts[i]))
    }

    /// The first instruction of a block that is not a phi.
    pub fn first_non_phi(&self, b: Block) -> Option<Inst> {
        let insts = &self.body.blocks.get(b)?.insts;
        insts.iter().copied().find(|&i| self.body.insts[i].op != crate::ir::Opcode::Phi)
    }

    fn names(&self) -> &Names {
        self.names.get_or_init(|| {
            let body = self.body;
            let mut values = SecondaryMap::from_elem(NONE, body.values.len());
            let mut blocks = SecondaryMap::from_elem(NONE, body.blocks.len());
            let mut next = 0u32;
            let mut number = |slot: &mut u32, name: &LocalName| {
                if *name == LocalName::Unnamed {
                    *slot = next;
                    next += 1;
                }
            };
            for &v in &body.params {
                if let Some(d) = body.values.get(v) {
                    number(&mut values[v], &d.name);
                }
            }
            for &b in &body.layout {
                number(&mut blocks[b], &body.blocks[b].name);
                for &i in &body.blocks[b].insts {
                    if let Some(v) = body.insts[i].result {
                        if let Some(d) = body.values.get(v) {
                            number(&mut values[v], &d.name);
                        }
                    }
                }
            }
            Names { values, blocks }
        })
    }

    /// `%name` of a value, for messages.
    pub fn vname(&self, m: &Module, v: Value) -> String {
        match self.body.values.get(v).map(|d| d.name) {
            Some(LocalName::Named(s)) => format!("%{}", quote_name(m.symbols.get(s))),
            Some(LocalName::Unnamed) => match self.names().values.get(v) {
                Some(&n) if n != NONE => format!("%{n}"),
                _ => "%<unnamed>".to_string(),
            },
            None => "%<invalid>".to_string(),
        }
    }

    /// `%label` of a block, for messages.
    pub fn bname(&self, m: &Module, b: Block) -> String {
        match self.body.blocks.get(b).map(|d| d.name) {
            Some(LocalName::Named(s)) => format!("%{}", quote_name(m.symbols.get(s))),
            Some(LocalName::Unnamed) => match self.names().blocks.get(b) {
                Some(&n) if n != NONE => format!("%{n}"),
                _ => "%<unnamed>".to_string(),
            },
            None => "%<invalid>".to_string(),
        }
    }

    /// The span of a block (its label), falling back to its first instruction.
    pub fn block_span(&self, b: Block) -> Span {
        let Some(bd) = self.body.blocks.get(b) else { return Span::default() };
        if bd.span != Span::default() {
            return bd.span;
        }
        bd.insts.first().map(|&i| self.body.insts[i].span).unwrap_or_default()
    }
}

/// Quotes a name when it is not a plain identifier.
fn quote_name(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_'))
        && !s.as_bytes()[0].is_ascii_digit();
    if plain || (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())) {
        s.to_string()
    } else {
        let mut out = String::from("\"");
        for c in s.bytes() {
            if c == b'"' || c == b'\\' || !(0x20..0x7f).contains(&c) {
                out.push_str(&format!("\\{c:02X}"));
            } else {
                out.push(c as char);
            }
        }
        out.push('"');
        out
    }
}

/// True when `x` is a power of two.
fn is_pow2(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// LLVM's maximum alignment (`Value::MaximumAlignment`): 2^32.
pub(crate) const MAX_ALIGN: u64 = 1 << 32;

/// Checks an explicit alignment: a power of two no larger than 2^32.
fn check_align(v: &mut Verifier, span: Span, align: Option<u64>) {
    let Some(a) = align else { return };
    if !is_pow2(a) {
        v.err(span, format!("alignment is not a power of two ({a})"));
    } else if a > MAX_ALIGN {
        v.err(span, "huge alignment values are unsupported");
    }
}

#[cfg(test)]
mod tests;
