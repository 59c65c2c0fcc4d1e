//! Interned LLVM types: one `TypeId` per distinct type, identified structs by name.
//!
//! Literal types (integers, pointers, vectors, arrays, literal structs, function types) are
//! hash-consed, so two spellings of `{ i32, ptr }` get the same `TypeId` and type equality is
//! `==` on ids. Identified structs (`%T = type {...}`) are nominal: each has its own entry,
//! whose body may be set after creation (forward references and opaque structs).

use super::entities::Symbol;
pub use super::entities::{NamedStructId, TypeId};
use super::entity::{EntityRef, EntityVec};
use super::hashindex::{hash_of, HashIndex};
use rustc_hash::FxHashMap as HashMap;

/// The floating-point formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// IEEE binary16.
    Half,
    /// bfloat16.
    BFloat,
    /// IEEE binary32.
    Float,
    /// IEEE binary64.
    Double,
    /// IEEE binary128.
    Fp128,
    /// x87 80-bit extended precision.
    X86Fp80,
    /// PowerPC double-double.
    PpcFp128,
}

impl FloatKind {
    /// The keyword that spells this type.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::Fp128 => "fp128",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }
    /// The size in bits of a value of this type.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }
    /// Parses a float type keyword.
    pub fn from_name(s: &str) -> Option<FloatKind> {
        Some(match s {
            "half" => FloatKind::Half,
            "bfloat" => FloatKind::BFloat,
            "float" => FloatKind::Float,
            "double" => FloatKind::Double,
            "fp128" => FloatKind::Fp128,
            "x86_fp80" => FloatKind::X86Fp80,
            "ppc_fp128" => FloatKind::PpcFp128,
            _ => return None,
        })
    }
}

/// The maximum integer width LLVM 19 accepts (2^23).
pub const MAX_INT_BITS: u32 = 1 << 23;

/// A type's structure. Identified structs appear as [`Type::Named`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void`.
    Void,
    /// `label`.
    Label,
    /// `token`.
    Token,
    /// `metadata`.
    Metadata,
    /// `x86_amx`.
    X86Amx,
    /// `iN`.
    Int(u32),
    /// A floating-point type.
    Float(FloatKind),
    /// `ptr addrspace(N)`.
    Ptr(u32),
    /// `target("name", types..., ints...)`.
    Target {
        /// The target type's name.
        name: Box<[u8]>,
        /// Type parameters.
        types: Box<[TypeId]>,
        /// Integer parameters.
        ints: Box<[u32]>,
    },
    /// `<N x T>` or `<vscale x N x T>`.
    Vector {
        /// `vscale x`.
        scalable: bool,
        /// The (minimum) element count.
        len: u32,
        /// The element type.
        elem: TypeId,
    },
    /// `[N x T]`.
    Array {
        /// The element count.
        len: u64,
        /// The element type.
        elem: TypeId,
    },
    /// A literal struct `{ ... }` or packed `<{ ... }>`.
    Struct {
        /// `<{ }>`.
        packed: bool,
        /// The field types.
        fields: Box<[TypeId]>,
    },
    /// An identified struct.
    Named(NamedStructId),
    /// A function type.
    Func {
        /// The return type.
        ret: TypeId,
        /// The parameter types.
        params: Box<[TypeId]>,
        /// `...`.
        vararg: bool,
    },
}

/// The body of an identified struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructBody {
    /// `<{ }>`.
    pub packed: bool,
    /// The field types.
    pub fields: Box<[TypeId]>,
}

/// How an identified struct was named.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeName {
    /// `%name`.
    Named(Symbol),
    /// `%N`.
    Numbered(u32),
}

/// An identified struct type.
#[derive(Clone, Debug)]
pub struct NamedStruct {
    /// Its name.
    pub name: TypeName,
    /// The body; `None` while opaque.
    pub body: Option<StructBody>,
    /// The interned `Type::Named` for this struct.
    pub id: TypeId,
    /// Whether a `%T = type ...` definition has been seen.
    pub defined: bool,
}

/// The module's type table.
#[derive(Clone, Debug)]
pub struct TypeStore {
    types: Vec<Type>,
    index: HashIndex<TypeId>,
    /// The identified structs in order of creation.
    pub named: EntityVec<NamedStructId, NamedStruct>,
    by_name: HashMap<TypeName, NamedStructId>,
}

impl Default for TypeStore {
    fn default() -> Self {
        let mut s = TypeStore {
            types: Vec::new(),
            index: HashIndex::default(),
            named: EntityVec::new(),
            by_name: HashMap::default(),
        };
        // The fixed ids below must match this order.
        for t in [
            Type::Void,
            Type::Label,
            Type::Token,
            Type::Metadata,
            Type::Int(1),
            Type::Int(8),
            Type::Int(32),
            Type::Int(64),
            Type::Ptr(0),
            Type::Float(FloatKind::Double),
        ] {
            s.intern(t);
        }
        s
    }
}

impl TypeId {
    /// `void`.
    pub const VOID: TypeId = TypeId::from_u32(0);
    /// `label`.
    pub const LABEL: TypeId = TypeId::from_u32(1);
    /// `token`.
    pub const TOKEN: TypeId = TypeId::from_u32(2);
    /// `metadata`.
    pub const METADATA: TypeId = TypeId::from_u32(3);
    /// `i1`.
    pub const I1: TypeId = TypeId::from_u32(4);
    /// `i8`.
    pub const I8: TypeId = TypeId::from_u32(5);
    /// `i32`.
    pub const I32: TypeId = TypeId::from_u32(6);
    /// `i64`.
    pub const I64: TypeId = TypeId::from_u32(7);
    /// `ptr`.
    pub const PTR: TypeId = TypeId::from_u32(8);
    /// `double`.
    pub const DOUBLE: TypeId = TypeId::from_u32(9);
}

impl TypeStore {
    /// Interns a type.
    pub fn intern(&mut self, t: Type) -> TypeId {
        let hash = hash_of(&t);
        if let Some(id) = self.index.find(hash, |id| self.types.get(id.index()) == Some(&t)) {
            return id;
        }
        let id = TypeId::new(self.types.len());
        self.types.push(t);
        self.index.insert(hash, id);
        id
    }
    /// The structure of a type.
    #[inline]
    pub fn get(&self, t: TypeId) -> &Type {
        self.types.get(t.index()).unwrap_or(&Type::Void)
    }
    /// The number of interned types.
    pub fn len(&self) -> usize {
        self.types.len()
    }
    /// True when no type is interned (never: the fixed ones always are).
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }
    /// `iN`.
    pub fn int(&mut self, bits: u32) -> TypeId {
        // The common widths have fixed ids.
        match bits {
            1 => TypeId::I1,
            8 => TypeId::I8,
            32 => TypeId::I32,
            64 => TypeId::I64,
            _ => self.intern(Type::Int(bits)),
        }
    }
    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addrspace: u32) -> TypeId {
        if addrspace == 0 {
            return TypeId::PTR;
        }
        self.intern(Type::Ptr(addrspace))
    }
    /// A float type.
    pub fn float(&mut self, k: FloatKind) -> TypeId {
        if k == FloatKind::Double {
            return TypeId::DOUBLE;
        }
        self.intern(Type::Float(k))
    }
    /// A function type.
    pub fn func(&mut self, ret: TypeId, params: Vec<TypeId>, vararg: bool) -> TypeId {
        self.intern(Type::Func { ret, params: params.into(), vararg })
    }
    /// Looks up or creates the identified struct with this name (opaque until given a body).
    pub fn named_struct(&mut self, name: TypeName) -> NamedStructId {
        if let Some(&id) = self.by_name.get(&name) {
            return id;
        }
        let nid = self.named.next_key();
        let id = self.intern(Type::Named(nid));
        self.named.push(NamedStruct { name: name.clone(), body: None, id, defined: false });
        self.by_name.insert(name, nid);
        nid
    }
    /// The identified struct with this name, if any.
    pub fn find_named(&self, name: &TypeName) -> Option<NamedStructId> {
        self.by_name.get(name).copied()
    }

    // ---- Queries -------------------------------------------------------------------------

    /// True for `iN`.
    pub fn is_int(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Int(_))
    }
    /// The width of `iN`.
    pub fn int_bits(&self, t: TypeId) -> Option<u32> {
        match self.get(t) {
            Type::Int(b) => Some(*b),
            _ => None,
        }
    }
    /// The float kind of a float type.
    pub fn float_kind(&self, t: TypeId) -> Option<FloatKind> {
        match self.get(t) {
            Type::Float(k) => Some(*k),
            _ => None,
        }
    }
    /// True for a float type.
    pub fn is_float(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Float(_))
    }
    /// True for `ptr`.
    pub fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Ptr(_))
    }
    /// The address space of a pointer type.
    pub fn ptr_addrspace(&self, t: TypeId) -> Option<u32> {
        match self.get(t) {
            Type::Ptr(a) => Some(*a),
            _ => None,
        }
    }
    /// `(scalable, len, elem)` of a vector type.
    pub fn vector(&self, t: TypeId) -> Option<(bool, u32, TypeId)> {
        match self.get(t) {
            Type::Vector { scalable, len, elem } => Some((*scalable, *len, *elem)),
            _ => None,
        }
    }
    /// True for a vector type.
    pub fn is_vector(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Vector { .. })
    }
    /// The element type of a vector, or the type itself.
    pub fn scalar(&self, t: TypeId) -> TypeId {
        match self.get(t) {
            Type::Vector { elem, .. } => *elem,
            _ => t,
        }
    }
    /// True for an integer or a vector of integers.
    pub fn is_int_or_int_vector(&self, t: TypeId) -> bool {
        self.is_int(self.scalar(t))
    }
    /// True for a float or a vector of floats.
    pub fn is_fp_or_fp_vector(&self, t: TypeId) -> bool {
        self.is_float(self.scalar(t))
    }
    /// True for a pointer or a vector of pointers.
    pub fn is_ptr_or_ptr_vector(&self, t: TypeId) -> bool {
        self.is_ptr(self.scalar(t))
    }
    /// `(ret, params, vararg)` of a function type.
    pub fn func_sig(&self, t: TypeId) -> Option<(TypeId, &[TypeId], bool)> {
        match self.get(t) {
            Type::Func { ret, params, vararg } => Some((*ret, params, *vararg)),
            _ => None,
        }
    }
    /// The fields of a struct (literal or identified with a body) and whether it is packed.
    pub fn struct_fields(&self, t: TypeId) -> Option<(bool, &[TypeId])> {
        match self.get(t) {
            Type::Struct { packed, fields } => Some((*packed, fields)),
            Type::Named(n) => {
                self.named.get(*n).and_then(|s| s.body.as_ref()).map(|b| (b.packed, &*b.fields))
            }
            _ => None,
        }
    }
    /// True for an opaque identified struct.
    pub fn is_opaque_struct(&self, t: TypeId) -> bool {
        match self.get(t) {
            Type::Named(n) => self.named.get(*n).is_none_or(|s| s.body.is_none()),
            _ => false,
        }
    }
    /// True for struct types (literal or identified).
    pub fn is_struct(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Struct { .. } | Type::Named(_))
    }
    /// `(len, elem)` of an array type.
    pub fn array(&self, t: TypeId) -> Option<(u64, TypeId)> {
        match self.get(t) {
            Type::Array { len, elem } => Some((*len, *elem)),
            _ => None,
        }
    }
    /// True for arrays and structs.
    pub fn is_aggregate(&self, t: TypeId) -> bool {
        matches!(self.get(t), Type::Array { .. } | Type::Struct { .. } | Type::Named(_))
    }
    /// True for first-class types: those an instruction can produce or take.
    pub fn is_first_class(&self, t: TypeId) -> bool {
        !matches!(self.get(t), Type::Void | Type::Func { .. })
    }
    /// The type of element `idx` of an aggregate or vector, for `extractvalue` and GEP.
    pub fn element(&self, t: TypeId, idx: u64) -> Option<TypeId> {
        match self.get(t) {
            Type::Array { len, elem } => (idx < *len).then_some(*elem),
            Type::Vector { elem, .. } => Some(*elem),
            Type::Struct { .. } | Type::Named(_) => {
                let (_, f) = self.struct_fields(t)?;
                f.get(usize::try_from(idx).ok()?).copied()
            }
            _ => None,
        }
    }
    /// True when a value of this type has a size (LLVM's `isSized`), guarding recursion through
    /// identified structs.
    pub fn is_sized(&self, t: TypeId) -> bool {
        let mut visiting = Vec::new();
        self.is_sized_inner(t, &mut visiting)
    }
    fn is_sized_inner(&self, t: TypeId, visiting: &mut Vec<TypeId>) -> bool {
        match self.get(t) {
            Type::Int(_) | Type::Float(_) | Type::Ptr(_) | Type::X86Amx => true,
            Type::Vector { .. } => true,
            Type::Target { .. } => true,
            Type::Array { elem, .. } => self.is_sized_inner(*elem, visiting),
            Type::Struct { fields, .. } => fields.iter().all(|f| self.is_sized_inner(*f, visiting)),
            Type::Named(_) => {
                if visiting.contains(&t) {
                    return false;
                }
                let Some((_, fields)) = self.struct_fields(t) else { return false };
                visiting.push(t);
                let r = fields.iter().all(|f| self.is_sized_inner(*f, visiting));
                visiting.pop();
                r
            }
            _ => false,
        }
    }
    /// Same shape with vectors of `len` (used by compares and vector GEP results): returns a
    /// vector type with the same element count as `like` (if it is a vector) holding `elem`.
    pub fn with_shape_of(&mut self, like: TypeId, elem: TypeId) -> TypeId {
        match self.vector(like) {
            Some((scalable, len, _)) => self.intern(Type::Vector { scalable, len, elem }),
            None => elem,
        }
    }
}
