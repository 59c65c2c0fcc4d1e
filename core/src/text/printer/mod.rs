//! The printer: a [`Module`] back to canonical LLVM 19 text, as `llvm-dis-19` prints it.
//!
//! ```text
//!  mod.rs        ModulePrinter (module-wide numbering, computed lazily), FunctionPrinter, API
//!  names.rs      calling conventions, name quoting, string escaping, local slot numbering
//!  types.rs      types, and the order/numbering of identified structs (LLVM's TypeFinder)
//!  constants.rs  constants, floats, constant expressions
//!  attrs.rs      attributes in LLVM's order, attribute groups `#N`
//!  metadata.rs   metadata numbering (LLVM's SlotTracker order) and node bodies
//!  di.rs         debug-info records: LLVM's field order, defaults left out, operand order
//!  layout.rs     default alignments from the data layout (`load ..., align N`)
//!  insts.rs      instructions and debug records
//!  module.rs     the module layout: header, types, comdats, globals, functions, metadata
//! ```
//! Numbering follows LLVM: unnamed globals, values and blocks, numbered struct types,
//! attribute groups and metadata nodes are renumbered in the order LLVM's `AsmWriter` would
//! give them, so printing is idempotent and matches `llvm-dis-19` output. Nothing here panics
//! on a module that failed verification: dangling references print as `<badref>`.

mod attrs;
mod constants;
mod di;
mod insts;
mod metadata;
mod module;
pub(crate) mod names;
mod types;
mod uselist;

pub use names::{
    calling_conv_by_name, calling_conv_name, name_needs_quotes, write_escaped, write_md_identifier,
    write_name, write_quoted, LocalSlots, CALLING_CONVENTIONS,
};

use crate::ir::function::{Body, Function};
use crate::ir::module::{GlobalKind, GlobalName};
use crate::ir::{
    AttrSetId, ConstData, ConstId, EntityVec, GlobalId, Inst, Module, Operand, SecondaryMap, TypeId,
};
use names::NO_SLOT;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Prints a whole module as LLVM 19 text.
pub fn print_module(m: &Module) -> String {
    let p = ModulePrinter::new(m);
    let mut out = String::new();
    p.write_module(&mut out);
    out
}

/// Prints one function (definition or declaration) as LLVM 19 text, numbered as when the whole
/// module is printed: what the pass views and `--print-changed` diff. Each call numbers the
/// whole module anew; to print many functions, build one [`ModulePrinter`] and use
/// [`ModulePrinter::write_function`].
pub fn print_function(m: &Module, g: GlobalId) -> String {
    let p = ModulePrinter::new(m);
    let mut out = String::new();
    module::write_function(&p, &mut out, g);
    out
}

/// What in function `g` takes part in the module-wide numbering, in the order the numbering
/// meets it: the attribute sets that get groups (`#N`: the function's own and its call sites')
/// and the metadata nodes it refers to (attachments, debug records, `metadata !N` call
/// arguments). While no function's list changes (and no global, attribute set or metadata
/// node is added or removed), the module numbers the same, and a function whose body did not
/// change prints the same (see [`ModulePrinter::with_numbering`]).
pub fn numbering_roots(m: &Module, g: GlobalId) -> Vec<u32> {
    const MD: u32 = 1 << 31;
    let mut out = Vec::new();
    let Some(func) = m.func(g) else { return out };
    out.push(func.fn_attrs.as_u32());
    metadata::function_roots(m, g, &mut |r| match r {
        metadata::Root::Md(n) => out.push(n.as_u32() | MD),
        metadata::Root::Attrs(a) => out.push(a.as_u32()),
    });
    out
}

/// The module-wide numbering of a [`ModulePrinter`] (the order of globals and the numbers of
/// unnamed ones, struct types, attribute groups, metadata slots, attributes in printing
/// order), detached from the module: [`ModulePrinter::with_numbering`] attaches it to a later
/// state of the module that numbers the same, which saves numbering the whole module again to
/// print one function.
pub struct Numbering {
    order: GlobalOrder,
    global_slots: SecondaryMap<GlobalId, u32>,
    types: OnceCell<types::TypeOrder>,
    groups: OnceCell<attrs::AttrGroups>,
    md: OnceCell<metadata::MdSlots>,
    sorted_attrs: OnceCell<EntityVec<AttrSetId, Box<[u16]>>>,
    null_cache: SecondaryMap<ConstId, u8>,
}

impl Numbering {
    /// Drops the order of struct types, to be found again from the module when next needed:
    /// it follows where the function bodies first use each type (the `%T = type` lines of the
    /// module), which a change to a body can reorder without renumbering anything else.
    pub fn forget_type_order(&mut self) {
        self.types = OnceCell::new();
    }
}

/// Prints a type (`i32`, `ptr addrspace(1)`, `%T`, `{ i32, ptr }`).
pub fn print_type(m: &Module, t: TypeId) -> String {
    ModulePrinter::new(m).type_string(t)
}

/// Prints a constant with its type (`i32 5`, `ptr @g`).
pub fn print_const(m: &Module, c: ConstId) -> String {
    let p = ModulePrinter::new(m);
    let mut out = String::new();
    p.write_typed_const(&mut out, c);
    out
}

/// Prints one instruction of function `func` with that function's numbering, without
/// indentation or newline (`%3 = add nsw i32 %1, %2, !dbg !7`). Returns `<badref>` when
/// `func` is not a defined function. For many calls, build one [`ModulePrinter`] and use
/// [`FunctionPrinter`] instead: each call of this function numbers the whole module anew.
pub fn print_inst(m: &Module, func: GlobalId, inst: Inst) -> String {
    let p = ModulePrinter::new(m);
    match FunctionPrinter::new(&p, func) {
        Some(fp) => fp.inst_string(inst),
        None => "<badref>".to_string(),
    }
}

/// Which globals are printed in which section, in LLVM's order.
#[derive(Clone, Debug, Default)]
pub(crate) struct GlobalOrder {
    pub vars: Vec<GlobalId>,
    pub aliases: Vec<GlobalId>,
    pub ifuncs: Vec<GlobalId>,
    pub funcs: Vec<GlobalId>,
}

/// Module-wide printing state: the numbering of unnamed globals, and (computed on first use)
/// struct type numbering, attribute groups and metadata slots. Build one per module and reuse
/// it to print many types, constants or instructions.
pub struct ModulePrinter<'m> {
    pub(crate) m: &'m Module,
    pub(crate) order: GlobalOrder,
    /// The `@N` of each unnamed global, [`NO_SLOT`] for named ones.
    global_slots: SecondaryMap<GlobalId, u32>,
    types: OnceCell<types::TypeOrder>,
    groups: OnceCell<attrs::AttrGroups>,
    md: OnceCell<metadata::MdSlots>,
    sorted_attrs: OnceCell<EntityVec<AttrSetId, Box<[u16]>>>,
    null_cache: RefCell<SecondaryMap<ConstId, u8>>,
    block_slots: RefCell<HashMap<GlobalId, Rc<LocalSlots>>>,
}

/// The function whose body is being printed.
#[derive(Clone, Copy)]
pub(crate) struct FnCtx<'a> {
    pub func: &'a Function,
    pub body: &'a Body,
    pub slots: &'a LocalSlots,
}

impl<'m> ModulePrinter<'m> {
    /// Prepares to print `m`: orders and numbers the globals.
    pub fn new(m: &'m Module) -> ModulePrinter<'m> {
        let mut order = GlobalOrder::default();
        let mut forward = Vec::new();
        // Definition order (`Module::order`), then anything it misses in arena order.
        let mut listed = SecondaryMap::from_elem(false, m.globals.len());
        let mut ids = Vec::with_capacity(m.globals.len());
        for &g in m.order.iter().chain(m.globals.keys().collect::<Vec<_>>().iter()) {
            if let Some(l) = listed.get_mut(g) {
                if !*l {
                    *l = true;
                    ids.push(g);
                }
            }
        }
        for id in ids {
            let Some(gv) = m.globals.get(id) else { continue };
            match gv.kind {
                GlobalKind::Var(_) => order.vars.push(id),
                GlobalKind::Alias { .. } => order.aliases.push(id),
                GlobalKind::IFunc { .. } => order.ifuncs.push(id),
                GlobalKind::Func(_) => order.funcs.push(id),
                GlobalKind::Forward => forward.push(id),
            }
        }
        let mut global_slots = SecondaryMap::from_elem(NO_SLOT, m.globals.len());
        let mut next = 0u32;
        let all = order
            .vars
            .iter()
            .chain(&order.aliases)
            .chain(&order.ifuncs)
            .chain(&order.funcs)
            .chain(&forward);
        for &g in all {
            if global_named(m, g).is_none() {
                if let Some(s) = global_slots.get_mut(g) {
                    *s = next;
                    next += 1;
                }
            }
        }
        ModulePrinter {
            m,
            order,
            global_slots,
            types: OnceCell::new(),
            groups: OnceCell::new(),
            md: OnceCell::new(),
            sorted_attrs: OnceCell::new(),
            null_cache: RefCell::new(SecondaryMap::new()),
            block_slots: RefCell::new(HashMap::new()),
        }
    }

    /// The module being printed.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// Detaches the module-wide numbering (see [`Numbering`]).
    pub fn into_numbering(self) -> Numbering {
        Numbering {
            order: self.order,
            global_slots: self.global_slots,
            types: self.types,
            groups: self.groups,
            md: self.md,
            sorted_attrs: self.sorted_attrs,
            null_cache: self.null_cache.into_inner(),
        }
    }

    /// A printer of `m` with a numbering made for an earlier state of `m`. The caller answers
    /// for that state numbering the same as `m`: the same globals, struct types, attribute
    /// sets and metadata nodes, and the same [`numbering_roots`] for every function (any
    /// function body may have changed otherwise). Numbering parts not computed yet are
    /// computed from `m` when first needed.
    pub fn with_numbering(m: &'m Module, n: Numbering) -> ModulePrinter<'m> {
        ModulePrinter {
            m,
            order: n.order,
            global_slots: n.global_slots,
            types: n.types,
            groups: n.groups,
            md: n.md,
            sorted_attrs: n.sorted_attrs,
            null_cache: RefCell::new(n.null_cache),
            block_slots: RefCell::new(HashMap::new()),
        }
    }

    /// Writes the whole module.
    pub fn write_module(&self, out: &mut String) {
        module::write_module(self, out);
    }

    /// Writes one function (definition or declaration), as [`print_function`] prints it.
    pub fn write_function(&self, out: &mut String, g: GlobalId) {
        module::write_function(self, out, g);
    }

    /// The functions in the order the module prints them.
    pub fn functions(&self) -> &[GlobalId] {
        &self.order.funcs
    }

    /// Writes what the module prints before its functions (header, types, comdats, global
    /// variables, aliases): [`ModulePrinter::write_module`] is this, then `\n` and each of
    /// [`ModulePrinter::functions`], then [`ModulePrinter::write_module_tail`], with any
    /// leading newlines of the whole removed.
    pub fn write_module_head(&self, out: &mut String) {
        module::write_head(self, out);
    }

    /// Writes what the module prints after its functions (uselistorder directives, attribute
    /// groups, metadata, summaries).
    pub fn write_module_tail(&self, out: &mut String) {
        module::write_tail(self, out);
    }

    /// A type as text.
    pub fn type_string(&self, t: TypeId) -> String {
        let mut s = String::new();
        self.write_type(&mut s, t);
        s
    }

    /// A constant with its type, as text.
    pub fn const_string(&self, c: ConstId) -> String {
        let mut s = String::new();
        self.write_typed_const(&mut s, c);
        s
    }

    pub(crate) fn types(&self) -> &types::TypeOrder {
        self.types.get_or_init(|| types::TypeOrder::compute(self))
    }

    pub(crate) fn groups(&self) -> &attrs::AttrGroups {
        self.groups.get_or_init(|| attrs::AttrGroups::compute(self))
    }

    pub(crate) fn md_slots(&self) -> &metadata::MdSlots {
        self.md.get_or_init(|| metadata::MdSlots::compute(self))
    }

    /// A constant's data, `None` for an id that is not in the pool.
    pub(crate) fn cdata(&self, c: ConstId) -> Option<&'m ConstData> {
        self.m.consts.is_valid(c).then(|| self.m.consts.get(c))
    }

    /// A constant's type (`void` for a bad id).
    pub(crate) fn cty(&self, c: ConstId) -> TypeId {
        self.cdata(c).map(|d| d.ty).unwrap_or(TypeId::VOID)
    }

    /// The type of an operand of a function.
    pub(crate) fn operand_ty(&self, f: Option<&FnCtx>, op: Operand) -> TypeId {
        match op {
            Operand::Value(v) => f
                .map(|f| f.slots.tys.get(v).copied().unwrap_or_else(|| f.body.value_ty(v)))
                .unwrap_or(TypeId::VOID),
            Operand::Const(c) => self.cty(c),
            Operand::Md(_) => TypeId::METADATA,
        }
    }

    /// Writes a global reference `@name` / `@N`.
    pub(crate) fn write_global_ref(&self, out: &mut String, g: GlobalId) {
        out.push('@');
        if let Some(name) = global_named(self.m, g) {
            names::write_name_str(out, name);
        } else {
            match self.global_slots.get(g) {
                Some(&n) if n != NO_SLOT => names::push_num(out, n.into()),
                _ => out.push_str("<badref>"),
            }
        }
    }

    /// The numbering of another function's blocks (for `blockaddress`), cached.
    pub(crate) fn slots_of(&self, g: GlobalId) -> Option<Rc<LocalSlots>> {
        let body = self.m.func(g)?.body.as_ref()?;
        if let Some(s) = self.block_slots.borrow().get(&g) {
            return Some(Rc::clone(s));
        }
        let s = Rc::new(LocalSlots::new(self.m, body));
        self.block_slots.borrow_mut().insert(g, Rc::clone(&s));
        Some(s)
    }
}

/// The name of a global, `None` when unnamed (numbered, or an empty name).
pub(crate) fn global_named(m: &Module, g: GlobalId) -> Option<&str> {
    match m.globals.get(g).map(|gv| &gv.name) {
        Some(GlobalName::Named(s)) => {
            let t = m.symbols.get(*s);
            (!t.is_empty()).then_some(t)
        }
        _ => None,
    }
}

/// Prints instructions and operands of one function with its numbering.
pub struct FunctionPrinter<'p, 'm> {
    p: &'p ModulePrinter<'m>,
    id: GlobalId,
    func: &'m Function,
    body: &'m Body,
    slots: LocalSlots,
}

impl<'p, 'm> FunctionPrinter<'p, 'm> {
    /// Numbers the values and blocks of function `id`; `None` unless it is a defined function.
    pub fn new(p: &'p ModulePrinter<'m>, id: GlobalId) -> Option<FunctionPrinter<'p, 'm>> {
        let func = p.m.func(id)?;
        let body = func.body.as_ref()?;
        let slots = LocalSlots::new(p.m, body);
        Some(FunctionPrinter { p, id, func, body, slots })
    }

    fn ctx(&self) -> FnCtx<'_> {
        FnCtx { func: self.func, body: self.body, slots: &self.slots }
    }

    /// The function being printed.
    pub fn func_id(&self) -> GlobalId {
        self.id
    }

    /// The local numbering.
    pub fn slots(&self) -> &LocalSlots {
        &self.slots
    }

    /// Writes one instruction (no indentation, no newline).
    pub fn write_inst(&self, out: &mut String, inst: Inst) {
        self.p.write_inst(out, &self.ctx(), inst);
    }

    /// One instruction as text (no indentation, no newline).
    pub fn inst_string(&self, inst: Inst) -> String {
        let mut s = String::new();
        self.write_inst(&mut s, inst);
        s
    }

    /// An operand as text, with its type when `with_type` (`i32 %x`, `ptr @g`, `metadata !4`).
    pub fn operand_string(&self, op: Operand, with_type: bool) -> String {
        let mut s = String::new();
        self.p.write_operand(&mut s, Some(&self.ctx()), op, with_type);
        s
    }

    /// A block reference as text (`%entry`, `%3`).
    pub fn block_string(&self, b: crate::ir::Block) -> String {
        let mut s = String::new();
        names::write_block_ref(&mut s, self.p.m, self.body, &self.slots, b);
        s
    }
}

#[cfg(test)]
mod tests;
