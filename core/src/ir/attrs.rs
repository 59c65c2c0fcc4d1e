//! Function, return and parameter attributes: the keyword table and interned attribute sets.
//!
//! `for_each_attr!` lists every attribute keyword LLVM 19 accepts with the shape of its
//! argument; the parser, printer and verifier expand from it. Attribute sets are interned
//! per module (`AttrSetId`), and the printer regroups function attributes into `#N` groups as
//! LLVM does.

use super::apint::ApInt;
pub use super::entities::AttrSetId;
use super::entities::TypeId;
use super::entity::{EntityRef, EntityVec};
use super::hashindex::{hash_of, HashIndex};

/// How an attribute keyword takes its argument.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttrShape {
    /// No argument: `nounwind`.
    Flag,
    /// An integer in parentheses: `dereferenceable(8)`.
    IntParen,
    /// `align 8` (also `align(8)`).
    Align,
    /// A type in parentheses: `byval(%T)`.
    Type,
    /// An argument with its own syntax (`memory(...)`, `range(...)`, ...).
    Special,
}

/// Where an attribute may appear, as bits.
pub mod place {
    /// On a function.
    pub const FN: u8 = 1;
    /// On a parameter.
    pub const PARAM: u8 = 2;
    /// On a return value.
    pub const RET: u8 = 4;
}

/// Calls `$m!` with the table: `Variant "keyword" Shape places;`.
#[macro_export]
macro_rules! for_each_attr {
    ($m:ident) => {
        $m! {
            AllocAlign "allocalign" Flag PARAM;
            AllocKind "allockind" Special FN;
            AllocPtr "allocptr" Flag PARAM;
            AllocSize "allocsize" Special FN;
            Align "align" Align PARAM | RET;
            AlignStack "alignstack" IntParen FN | PARAM;
            AlwaysInline "alwaysinline" Flag FN;
            Builtin "builtin" Flag FN;
            ByRef "byref" Type PARAM;
            ByVal "byval" Type PARAM;
            Cold "cold" Flag FN;
            Convergent "convergent" Flag FN;
            CoroDestroyOnlyWhenComplete "coro_only_destroy_when_complete" Flag FN;
            DeadOnUnwind "dead_on_unwind" Flag PARAM;
            Dereferenceable "dereferenceable" IntParen PARAM | RET;
            DereferenceableOrNull "dereferenceable_or_null" IntParen PARAM | RET;
            DisableSanitizerInstrumentation "disable_sanitizer_instrumentation" Flag FN;
            ElementType "elementtype" Type PARAM;
            FnRetThunkExtern "fn_ret_thunk_extern" Flag FN;
            Hot "hot" Flag FN;
            HybridPatchable "hybrid_patchable" Flag FN;
            ImmArg "immarg" Flag PARAM;
            InAlloca "inalloca" Type PARAM;
            InReg "inreg" Flag PARAM | RET;
            Initializes "initializes" Special PARAM;
            InlineHint "inlinehint" Flag FN;
            JumpTable "jumptable" Flag FN;
            Memory "memory" Special FN;
            MinSize "minsize" Flag FN;
            MustProgress "mustprogress" Flag FN;
            Naked "naked" Flag FN;
            Nest "nest" Flag PARAM;
            NoAlias "noalias" Flag PARAM | RET;
            NoBuiltin "nobuiltin" Flag FN;
            NoCallback "nocallback" Flag FN;
            NoCapture "nocapture" Flag PARAM;
            NoCfCheck "nocf_check" Flag FN;
            NoDuplicate "noduplicate" Flag FN;
            NoFpClass "nofpclass" Special PARAM | RET;
            NoFree "nofree" Flag FN | PARAM;
            NoImplicitFloat "noimplicitfloat" Flag FN;
            NoInline "noinline" Flag FN;
            NoMerge "nomerge" Flag FN;
            NoProfile "noprofile" Flag FN;
            NoRecurse "norecurse" Flag FN;
            NoRedZone "noredzone" Flag FN;
            NoReturn "noreturn" Flag FN;
            NoSanitizeBounds "nosanitize_bounds" Flag FN;
            NoSanitizeCoverage "nosanitize_coverage" Flag FN;
            NoSync "nosync" Flag FN;
            NoUndef "noundef" Flag PARAM | RET;
            NoUnwind "nounwind" Flag FN;
            NonLazyBind "nonlazybind" Flag FN;
            NonNull "nonnull" Flag PARAM | RET;
            NullPointerIsValid "null_pointer_is_valid" Flag FN;
            OptDebug "optdebug" Flag FN;
            OptForFuzzing "optforfuzzing" Flag FN;
            OptNone "optnone" Flag FN;
            OptSize "optsize" Flag FN;
            Preallocated "preallocated" Type FN | PARAM;
            PresplitCoroutine "presplitcoroutine" Flag FN;
            Range "range" Special PARAM | RET;
            ReadNone "readnone" Flag PARAM;
            ReadOnly "readonly" Flag PARAM;
            Returned "returned" Flag PARAM;
            ReturnsTwice "returns_twice" Flag FN;
            SExt "signext" Flag PARAM | RET;
            SafeStack "safestack" Flag FN;
            SanitizeAddress "sanitize_address" Flag FN;
            SanitizeHwAddress "sanitize_hwaddress" Flag FN;
            SanitizeMemTag "sanitize_memtag" Flag FN;
            SanitizeMemory "sanitize_memory" Flag FN;
            SanitizeNumericalStability "sanitize_numerical_stability" Flag FN;
            SanitizeThread "sanitize_thread" Flag FN;
            ShadowCallStack "shadowcallstack" Flag FN;
            SkipProfile "skipprofile" Flag FN;
            Speculatable "speculatable" Flag FN;
            SpeculativeLoadHardening "speculative_load_hardening" Flag FN;
            Ssp "ssp" Flag FN;
            SspReq "sspreq" Flag FN;
            SspStrong "sspstrong" Flag FN;
            StrictFp "strictfp" Flag FN;
            StructRet "sret" Type PARAM;
            SwiftAsync "swiftasync" Flag PARAM;
            SwiftError "swifterror" Flag PARAM;
            SwiftSelf "swiftself" Flag PARAM;
            UwTable "uwtable" Special FN;
            VScaleRange "vscale_range" Special FN;
            WillReturn "willreturn" Flag FN;
            Writable "writable" Flag PARAM;
            WriteOnly "writeonly" Flag PARAM;
            ZExt "zeroext" Flag PARAM | RET;
        }
    };
}

macro_rules! define_attrs {
    ($($variant:ident $name:literal $shape:ident $($place:ident)|*;)*) => {
        /// An attribute keyword.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum AttrKind {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }
        impl AttrKind {
            /// Every attribute keyword.
            pub const NAMES: &'static [&'static str] = &[$($name),*];
            /// The keyword.
            pub fn name(self) -> &'static str {
                match self { $(AttrKind::$variant => $name,)* }
            }
            /// The attribute for a keyword.
            pub fn from_name(s: &str) -> Option<AttrKind> {
                match s { $($name => Some(AttrKind::$variant),)* _ => None }
            }
            /// How it takes its argument.
            pub fn shape(self) -> AttrShape {
                match self { $(AttrKind::$variant => AttrShape::$shape,)* }
            }
            /// Where it may appear (bits of [`place`]).
            pub fn places(self) -> u8 {
                use place::*;
                match self { $(AttrKind::$variant => 0 $(| $place)*,)* }
            }
        }
    };
}

for_each_attr!(define_attrs);

/// One attribute with its argument.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attr {
    /// A keyword without argument.
    Flag(AttrKind),
    /// A keyword with an integer (`align`, `alignstack`, `dereferenceable`, ...).
    Int(AttrKind, u64),
    /// A keyword with a type (`byval`, `sret`, `elementtype`, ...).
    Type(AttrKind, TypeId),
    /// `allocsize(a[, b])`.
    AllocSize(u32, Option<u32>),
    /// `vscale_range(min[, max])`: the maximum, `None` when unbounded (written `0`).
    VScaleRange(u32, Option<u32>),
    /// `uwtable` (`None`) or `uwtable(sync|async)`.
    UwTable(Option<UwTableKind>),
    /// `allockind("...")`, kept as its string.
    AllocKind(Box<[u8]>),
    /// `memory(...)`.
    Memory(MemoryEffects),
    /// `nofpclass(...)`: a mask of [`fpclass`] bits.
    NoFpClass(u16),
    /// `range(ty lo, hi)`.
    Range(TypeId, ApInt, ApInt),
    /// `initializes((lo, hi), ...)`.
    Initializes(Box<[(i64, i64)]>),
    /// `"key"` or `"key"="value"`.
    Str(Box<[u8]>, Option<Box<[u8]>>),
}

impl Attr {
    /// The keyword kind (`None` for string attributes).
    pub fn kind(&self) -> Option<AttrKind> {
        Some(match self {
            Attr::Flag(k) | Attr::Int(k, _) | Attr::Type(k, _) => *k,
            Attr::AllocSize(..) => AttrKind::AllocSize,
            Attr::VScaleRange(..) => AttrKind::VScaleRange,
            Attr::UwTable(_) => AttrKind::UwTable,
            Attr::AllocKind(_) => AttrKind::AllocKind,
            Attr::Memory(_) => AttrKind::Memory,
            Attr::NoFpClass(_) => AttrKind::NoFpClass,
            Attr::Range(..) => AttrKind::Range,
            Attr::Initializes(_) => AttrKind::Initializes,
            Attr::Str(..) => return None,
        })
    }
}

/// `uwtable(sync)` or `uwtable(async)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UwTableKind {
    /// `sync`.
    Sync,
    /// `async`.
    Async,
}

/// The bits of a `nofpclass` mask, in LLVM's order.
pub mod fpclass {
    /// The keywords, each with its mask, in the order LLVM prints them.
    pub const NAMES: &[(&str, u16)] = &[
        ("all", 0x3ff),
        ("nan", 0x003),
        ("snan", 0x001),
        ("qnan", 0x002),
        ("inf", 0x204),
        ("ninf", 0x004),
        ("pinf", 0x200),
        ("zero", 0x060),
        ("nzero", 0x020),
        ("pzero", 0x040),
        ("sub", 0x090),
        ("nsub", 0x010),
        ("psub", 0x080),
        ("norm", 0x108),
        ("nnorm", 0x008),
        ("pnorm", 0x100),
    ];
}

/// Access kinds for `memory(...)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModRef {
    /// `none`.
    None = 0,
    /// `read`.
    Ref = 1,
    /// `write`.
    Mod = 2,
    /// `readwrite`.
    ModRef = 3,
}

impl ModRef {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            ModRef::None => "none",
            ModRef::Ref => "read",
            ModRef::Mod => "write",
            ModRef::ModRef => "readwrite",
        }
    }
    /// From a keyword.
    pub fn from_name(s: &str) -> Option<ModRef> {
        Some(match s {
            "none" => ModRef::None,
            "read" => ModRef::Ref,
            "write" => ModRef::Mod,
            "readwrite" => ModRef::ModRef,
            _ => return None,
        })
    }
    /// From two bits.
    pub fn from_bits(b: u8) -> ModRef {
        match b & 3 {
            0 => ModRef::None,
            1 => ModRef::Ref,
            2 => ModRef::Mod,
            _ => ModRef::ModRef,
        }
    }
}

/// The locations `memory(...)` distinguishes, in LLVM's order.
pub const MEMORY_LOCATIONS: [&str; 3] = ["argmem", "inaccessiblemem", "other"];

/// The effects of `memory(...)`: two bits per location of [`MEMORY_LOCATIONS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemoryEffects(pub u8);

impl MemoryEffects {
    /// The access for location `i`.
    pub fn get(self, i: usize) -> ModRef {
        ModRef::from_bits(self.0 >> (2 * i))
    }
    /// Sets the access for location `i`.
    pub fn set(&mut self, i: usize, m: ModRef) {
        self.0 = (self.0 & !(3 << (2 * i))) | ((m as u8) << (2 * i));
    }
    /// The same access everywhere.
    pub fn all(m: ModRef) -> MemoryEffects {
        let mut e = MemoryEffects(0);
        for i in 0..MEMORY_LOCATIONS.len() {
            e.set(i, m);
        }
        e
    }
    /// The effects a pre-LLVM-16 function attribute stands for (`readnone`, `readonly`,
    /// `writeonly`, `argmemonly`, `inaccessiblememonly`, `inaccessiblemem_or_argmemonly`).
    pub fn from_legacy_keyword(w: &str) -> Option<MemoryEffects> {
        let only = |locs: &[usize]| {
            let mut e = MemoryEffects::all(ModRef::None);
            for &i in locs {
                e.set(i, ModRef::ModRef);
            }
            e
        };
        Some(match w {
            "readnone" => MemoryEffects::all(ModRef::None),
            "readonly" => MemoryEffects::all(ModRef::Ref),
            "writeonly" => MemoryEffects::all(ModRef::Mod),
            "argmemonly" => only(&[0]),
            "inaccessiblememonly" => only(&[1]),
            "inaccessiblemem_or_argmemonly" => only(&[0, 1]),
            _ => return None,
        })
    }
    /// The effects allowed by both (several legacy attributes on one function combine so).
    pub fn intersect(self, other: MemoryEffects) -> MemoryEffects {
        let mut r = MemoryEffects(0);
        for i in 0..MEMORY_LOCATIONS.len() {
            r.set(i, ModRef::from_bits(self.get(i) as u8 & other.get(i) as u8));
        }
        r
    }
}

impl AttrSetId {
    /// The empty set.
    pub const EMPTY: AttrSetId = AttrSetId::from_u32(0);
}

/// The module's attribute sets, interned.
#[derive(Clone, Debug)]
pub struct AttrSets {
    sets: EntityVec<AttrSetId, Box<[Attr]>>,
    index: HashIndex<AttrSetId>,
}

impl Default for AttrSets {
    fn default() -> Self {
        let mut s = AttrSets { sets: EntityVec::new(), index: HashIndex::default() };
        s.intern(Vec::new());
        s
    }
}

impl AttrSets {
    /// Interns a set (sorted; of several attributes with one keyword, one is kept).
    pub fn intern(&mut self, mut attrs: Vec<Attr>) -> AttrSetId {
        if attrs.is_empty() && !self.sets.is_empty() {
            return AttrSetId::EMPTY;
        }
        attrs.sort();
        attrs.dedup_by(|later, earlier| {
            later.kind().is_some() && later.kind() == earlier.kind()
                || matches!((&*later, &*earlier), (Attr::Str(a, _), Attr::Str(b, _)) if a == b)
        });
        let hash = hash_of(&attrs[..]);
        if let Some(id) =
            self.index.find(hash, |id| self.sets.get(id).is_some_and(|s| **s == attrs[..]))
        {
            return id;
        }
        let id = self.sets.push(attrs.into());
        self.index.insert(hash, id);
        id
    }
    /// The attributes of a set.
    pub fn get(&self, id: AttrSetId) -> &[Attr] {
        self.sets.get(id).map(|b| &**b).unwrap_or(&[])
    }
    /// True when the set has a flag attribute of this kind.
    pub fn has(&self, id: AttrSetId, kind: AttrKind) -> bool {
        self.get(id).iter().any(|a| a.kind() == Some(kind))
    }
    /// The attribute of this kind in the set.
    pub fn find(&self, id: AttrSetId, kind: AttrKind) -> Option<&Attr> {
        self.get(id).iter().find(|a| a.kind() == Some(kind))
    }
    /// The union of two sets.
    pub fn union(&mut self, a: AttrSetId, b: AttrSetId) -> AttrSetId {
        if b == AttrSetId::EMPTY {
            return a;
        }
        if a == AttrSetId::EMPTY {
            return b;
        }
        let mut v = self.get(a).to_vec();
        v.extend_from_slice(self.get(b));
        self.intern(v)
    }
    /// The number of distinct sets.
    pub fn len(&self) -> usize {
        self.sets.len()
    }
    /// True when only the empty set exists.
    pub fn is_empty(&self) -> bool {
        self.sets.len() <= 1
    }
    /// Every set id.
    pub fn ids(&self) -> impl Iterator<Item = AttrSetId> {
        (0..self.sets.len()).map(AttrSetId::new)
    }
}
