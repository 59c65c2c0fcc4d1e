//! The module: global values (variables, functions, aliases, ifuncs), comdats, types,
//! constants, attributes, metadata and module-level strings.

use super::attrs::AttrSets;
use super::constants::ConstPool;
use super::datalayout::DataLayout;
use super::entities::{AttrSetId, Block, ConstId, MdId, Symbol, TypeId, Value};
pub use super::entities::{ComdatId, GlobalId};
use super::entity::EntityVec;
use super::function::Function;
use super::metadata::MetadataStore;
use super::symbol::Interner;
use super::types::TypeStore;
use crate::diag::Span;
use rustc_hash::FxHashMap as HashMap;

crate::keyword_enum!(
    /// Linkage types.
    Linkage { External = "", Private = "private", Internal = "internal",
        AvailableExternally = "available_externally", LinkOnce = "linkonce", Weak = "weak",
        Common = "common", Appending = "appending", ExternWeak = "extern_weak",
        LinkOnceOdr = "linkonce_odr", WeakOdr = "weak_odr", ExternalExplicit = "external" }
);
crate::keyword_enum!(
    /// Runtime preemption specifiers.
    Preemption { Default = "", DsoLocal = "dso_local", DsoPreemptable = "dso_preemptable" }
);
crate::keyword_enum!(
    /// Visibility styles.
    Visibility { Default = "", Hidden = "hidden", Protected = "protected" }
);
crate::keyword_enum!(
    /// DLL storage classes.
    DllStorage { Default = "", Import = "dllimport", Export = "dllexport" }
);
crate::keyword_enum!(
    /// `unnamed_addr` / `local_unnamed_addr`.
    UnnamedAddr { None = "", Global = "unnamed_addr", Local = "local_unnamed_addr" }
);
crate::keyword_enum!(
    /// Thread-local storage models.
    ThreadLocal { NotThreadLocal = "", GeneralDynamic = "thread_local",
        LocalDynamic = "thread_local(localdynamic)", InitialExec = "thread_local(initialexec)",
        LocalExec = "thread_local(localexec)" }
);
crate::keyword_enum!(
    /// Comdat selection kinds.
    ComdatKind { Any = "any", ExactMatch = "exactmatch", Largest = "largest",
        NoDeduplicate = "nodeduplicate", SameSize = "samesize" }
);

impl Linkage {
    /// True for linkages that are only valid on declarations (`extern_weak`) or mean "declared".
    pub fn is_external(self) -> bool {
        matches!(self, Linkage::External | Linkage::ExternalExplicit)
    }
    /// True for `private` and `internal`.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

/// How a global value is named.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalName {
    /// `@name`.
    Named(Symbol),
    /// `@N`.
    Numbered(u32),
}

/// A comdat: `$name = comdat any`.
#[derive(Clone, Debug)]
pub struct Comdat {
    /// The name.
    pub name: Symbol,
    /// The selection kind.
    pub kind: ComdatKind,
    /// Where it was defined; `None` while only referenced.
    pub span: Option<Span>,
}

/// Sanitizer attributes of a global variable, as bits.
pub mod sanitizer {
    /// `no_sanitize_address`.
    pub const NO_ADDRESS: u8 = 1;
    /// `no_sanitize_hwaddress`.
    pub const NO_HWADDRESS: u8 = 2;
    /// `sanitize_memtag`.
    pub const MEMTAG: u8 = 4;
    /// `sanitize_address_dyninit`.
    pub const ADDRESS_DYNINIT: u8 = 8;
    /// Keywords and bits in printing order.
    pub const NAMES: [(&str, u8); 4] = [
        ("no_sanitize_address", NO_ADDRESS),
        ("no_sanitize_hwaddress", NO_HWADDRESS),
        ("sanitize_memtag", MEMTAG),
        ("sanitize_address_dyninit", ADDRESS_DYNINIT),
    ];
}

/// A global variable's own properties.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    /// The type of the value stored.
    pub value_ty: TypeId,
    /// The initializer; `None` for a declaration.
    pub init: Option<ConstId>,
    /// `constant` (vs `global`).
    pub constant: bool,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// `align N`.
    pub align: Option<u64>,
    /// `code_model "..."`.
    pub code_model: Option<Box<[u8]>>,
    /// Attributes (`attributes #N` on globals).
    pub attrs: AttrSetId,
}

/// What a global value is.
#[derive(Clone, Debug)]
pub enum GlobalKind {
    /// A variable.
    Var(GlobalVar),
    /// A function.
    Func(Box<Function>),
    /// `@a = alias <ty>, ptr @aliasee`.
    Alias {
        /// The value type.
        value_ty: TypeId,
        /// The aliasee.
        aliasee: ConstId,
    },
    /// `@f = ifunc <ty>, ptr @resolver`.
    IFunc {
        /// The value type (a function type).
        value_ty: TypeId,
        /// The resolver.
        resolver: ConstId,
    },
    /// Referenced before (or without) a definition.
    Forward,
}

/// A global value with its linkage and the qualifiers shared by all kinds.
#[derive(Clone, Debug)]
pub struct GlobalValue {
    /// The name.
    pub name: GlobalName,
    /// What it is.
    pub kind: GlobalKind,
    /// Linkage.
    pub linkage: Linkage,
    /// `dso_local` and friends.
    pub preemption: Preemption,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage.
    pub dll_storage: DllStorage,
    /// TLS model.
    pub thread_local: ThreadLocal,
    /// `unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// Address space.
    pub addrspace: u32,
    /// `section "..."` (variables; functions keep theirs in `Function`).
    pub section: Option<Box<[u8]>>,
    /// `partition "..."`.
    pub partition: Option<Box<[u8]>>,
    /// `comdat` or `comdat($name)`.
    pub comdat: Option<ComdatId>,
    /// Sanitizer bits.
    pub sanitizer: u8,
    /// Metadata attachments.
    pub md: Vec<(Symbol, MdId)>,
    /// Where it was defined (or first referenced).
    pub span: Span,
}

impl GlobalValue {
    /// A forward reference.
    pub fn forward(name: GlobalName, span: Span) -> GlobalValue {
        GlobalValue {
            name,
            kind: GlobalKind::Forward,
            linkage: Linkage::External,
            preemption: Preemption::Default,
            visibility: Visibility::Default,
            dll_storage: DllStorage::Default,
            thread_local: ThreadLocal::NotThreadLocal,
            unnamed_addr: UnnamedAddr::None,
            addrspace: 0,
            section: None,
            partition: None,
            comdat: None,
            sanitizer: 0,
            md: Vec::new(),
            span,
        }
    }
    /// The function, if this is one.
    pub fn as_func(&self) -> Option<&Function> {
        match &self.kind {
            GlobalKind::Func(f) => Some(f),
            _ => None,
        }
    }
    /// The function, mutably, if this is one.
    pub fn as_func_mut(&mut self) -> Option<&mut Function> {
        match &mut self.kind {
            GlobalKind::Func(f) => Some(f),
            _ => None,
        }
    }
    /// The variable, if this is one.
    pub fn as_var(&self) -> Option<&GlobalVar> {
        match &self.kind {
            GlobalKind::Var(v) => Some(v),
            _ => None,
        }
    }
}

/// A `uselistorder` directive: the order of one value's uses, as a shuffle of the order a
/// text reader creates them in (see [`super::uselist`]). They only affect use-list order.
#[derive(Clone, Debug)]
pub struct UseListOrder {
    /// The whole directive's text, as written (printed as is when `target` is
    /// [`UseListTarget::Other`]).
    pub text: Box<str>,
    /// The function it appears in, if inside one.
    pub func: Option<GlobalId>,
    /// Where it was written.
    pub span: Span,
    /// The value whose uses it orders.
    pub target: UseListTarget,
    /// The shuffle: the use a text reader creates `i`-th goes to position `indexes[i]`.
    pub indexes: Box<[u32]>,
}

/// The value a `uselistorder` directive orders.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UseListTarget {
    /// An argument or instruction result of the function `func` of the directive.
    Local(Value),
    /// A block of a function (`uselistorder label %bb` inside it, `uselistorder_bb @f, %bb`).
    Block(GlobalId, Block),
    /// A global value (`uselistorder ptr @g`).
    Global(GlobalId),
    /// A constant other than a global's address (`uselistorder i32 6`; constants are shared by
    /// the whole module, so the order is of all their uses).
    Const(ConstId),
    /// Anything else: only its text is kept.
    Other,
}

/// A module.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// `source_filename = "..."`.
    pub source_filename: Option<Box<[u8]>>,
    /// `target datalayout = "..."`, parsed.
    pub datalayout: DataLayout,
    /// The datalayout string as written, if any.
    pub datalayout_str: Option<Box<[u8]>>,
    /// `target triple = "..."`.
    pub triple: Option<Box<[u8]>>,
    /// `module asm "..."` lines.
    pub module_asm: Vec<Box<[u8]>>,
    /// Types.
    pub types: TypeStore,
    /// Constants.
    pub consts: ConstPool,
    /// Attribute sets.
    pub attrs: AttrSets,
    /// Global values in definition order.
    pub globals: EntityVec<GlobalId, GlobalValue>,
    /// Comdats.
    pub comdats: EntityVec<ComdatId, Comdat>,
    /// Metadata.
    pub metadata: MetadataStore,
    /// Names.
    pub symbols: Interner,
    /// `uselistorder` directives.
    pub uselistorders: Vec<UseListOrder>,
    /// ThinLTO summary entries (`^N = ...`), kept as written.
    pub summaries: Vec<Box<str>>,
    /// Global lookup by name.
    pub global_names: HashMap<GlobalName, GlobalId>,
    /// Global values in definition (module) order. Forward references make arena order differ
    /// from it; printers and passes iterate this.
    pub order: Vec<GlobalId>,
}

/// What every engine (the interpreter, wasm, native code, an executable's build) says when
/// the module defines no function `name` to start at: one wording everywhere.
pub fn no_entry_message(name: &str) -> String {
    format!("the module defines no function @{name} to run")
}

impl Module {
    /// The global named `name`.
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        let sym = self.symbols.lookup(name)?;
        self.global_names.get(&GlobalName::Named(sym)).copied()
    }
    /// The function with this id.
    pub fn func(&self, g: GlobalId) -> Option<&Function> {
        self.globals.get(g)?.as_func()
    }
    /// The function `name` a run starts at, if this module defines it (with a body: a
    /// declaration, or a variable of that name, is none); see [`no_entry_message`].
    pub fn entry_function(&self, name: &str) -> Option<GlobalId> {
        self.global_by_name(name).filter(|&g| self.func(g).is_some_and(|f| !f.is_declaration()))
    }
    /// The name of a global, as text (numbers as digits).
    pub fn global_name(&self, g: GlobalId) -> String {
        match self.globals.get(g).map(|gv| &gv.name) {
            Some(GlobalName::Named(s)) => self.symbols.get(*s).to_string(),
            Some(GlobalName::Numbered(n)) => n.to_string(),
            None => String::new(),
        }
    }
    /// [`Module::global_name`] without a copy for a named global.
    pub fn global_name_ref(&self, g: GlobalId) -> std::borrow::Cow<'_, str> {
        match self.globals.get(g).map(|gv| &gv.name) {
            Some(GlobalName::Named(s)) => std::borrow::Cow::Borrowed(self.symbols.get(*s)),
            Some(GlobalName::Numbered(n)) => std::borrow::Cow::Owned(n.to_string()),
            None => std::borrow::Cow::Borrowed(""),
        }
    }
    /// The type of a global's address: `ptr addrspace(N)`.
    pub fn global_ptr_ty(&mut self, g: GlobalId) -> TypeId {
        let asp = self.globals.get(g).map(|gv| gv.addrspace).unwrap_or(0);
        self.types.ptr(asp)
    }
}

impl Module {
    /// The functions of `@llvm.global_ctors` or `@llvm.global_dtors` (`name`) in ascending
    /// priority, entries of one priority in array order. Entries whose priority or function
    /// is not a constant are skipped; the associated data (third field) is not looked at.
    /// Every engine runs constructors in this order and destructors in its reverse.
    pub fn structors(&self, name: &str) -> Vec<GlobalId> {
        use super::constants::ConstKind;
        let Some(init) = self
            .global_by_name(name)
            .and_then(|g| self.globals.get(g))
            .and_then(|gv| gv.as_var())
            .and_then(|v| v.init)
        else {
            return Vec::new();
        };
        let ConstKind::Aggregate(elems) = self.consts.kind(init) else { return Vec::new() };
        let mut v = Vec::new();
        for (i, e) in elems.iter().enumerate() {
            let ConstKind::Aggregate(f) = self.consts.kind(*e) else { continue };
            let prio = f.first().and_then(|c| match self.consts.kind(*c) {
                ConstKind::Int(a) => a.to_u64(),
                _ => None,
            });
            let func = f.get(1).and_then(|c| match self.consts.kind(*c) {
                ConstKind::Global(g) => Some(*g),
                _ => None,
            });
            if let (Some(p), Some(g)) = (prio, func) {
                v.push((p, i, g));
            }
        }
        v.sort();
        v.into_iter().map(|(_, _, g)| g).collect()
    }

    /// The type of an operand in a function body.
    pub fn operand_ty(&self, body: &super::function::Body, op: super::inst::Operand) -> TypeId {
        match op {
            super::inst::Operand::Value(v) => body.value_ty(v),
            super::inst::Operand::Const(c) => self.consts.ty(c),
            super::inst::Operand::Md(_) => TypeId::METADATA,
        }
    }
}
