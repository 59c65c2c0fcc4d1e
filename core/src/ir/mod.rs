//! The IR model: interned types, constants, attributes, metadata, global values, functions,
//! blocks and instructions in arenas with typed indices.
//!
//! ```text
//!  Module ─┬─ TypeStore (TypeId)         interned types, identified structs
//!          ├─ ConstPool (ConstId)        hash-consed constants and constant expressions
//!          ├─ AttrSets  (AttrSetId)      interned attribute sets
//!          ├─ MetadataStore (MdId)       nodes, named metadata
//!          └─ globals (GlobalId) ─ Function ─ Body ─┬─ values (Value)
//!                                                   ├─ insts  (Inst)   data: InstData
//!                                                   ├─ blocks (Block)  order: layout + insts
//!                                                   └─ md_ops (MdOpId), dbg_records
//! ```
//!
//! `intrinsics.rs` is the table of the `llvm.*` intrinsic families (signature, `immarg`,
//! memory, purity, poison); each function's family is resolved once, into
//! `Function::intrinsic`. `intrinsic_attrs.rs` holds LLVM 19's own attributes of intrinsic
//! declarations (generated from LLVM's tables), which LLVM puts on them when it reads a module.

/// Declares a keyword enum: variants with their spelling; the first variant is the default.
#[macro_export]
macro_rules! keyword_enum {
    ($(#[$doc:meta])* $name:ident { $first:ident = $fkw:literal $(, $variant:ident = $kw:literal)* $(,)? }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            #[doc = concat!("`", $fkw, "`")]
            $first,
            $(
                #[doc = concat!("`", $kw, "`")]
                $variant,
            )*
        }
        impl Default for $name {
            fn default() -> Self {
                $name::$first
            }
        }
        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$name::$first, $($name::$variant),*];
            /// The keyword (may be empty for a default spelled by omission).
            pub fn name(self) -> &'static str {
                match self { $name::$first => $fkw, $($name::$variant => $kw,)* }
            }
            /// From a keyword (never matches the empty spelling).
            pub fn from_name(s: &str) -> Option<$name> {
                if s.is_empty() {
                    return None;
                }
                if s == $fkw {
                    return Some($name::$first);
                }
                match s { $($kw => Some($name::$variant),)* _ => None }
            }
        }
    };
}

pub mod apint;
pub mod attrs;
pub mod constants;
pub mod datalayout;
pub mod direcords;
pub mod entities;
pub mod entity;
pub mod flags;
pub mod float;
pub mod function;
pub mod hashindex;
pub mod inst;
pub mod intrinsic_attrs;
pub mod intrinsic_sig;
pub mod intrinsics;
pub mod layout;
pub mod metadata;
pub mod module;
pub mod opcode;
pub mod symbol;
pub mod types;
pub mod typing;
pub mod uselist;
pub mod uses;

pub use apint::ApInt;
pub use attrs::{Attr, AttrKind, AttrSetId};
pub use constants::{ConstData, ConstExpr, ConstId, ConstKind, InlineAsm};
pub use datalayout::DataLayout;
pub use entity::{EntityRef, EntitySet, EntityVec, SecondaryMap};
pub use function::{
    Block, BlockData, Body, DbgRecord, Function, LocalName, MdOpId, MdOperand, Param, Value,
    ValueData, ValueDef,
};
pub use inst::{
    CallInfo, Extra, FastMath, FloatPredicate, Inst, InstData, InstFlags, IntPredicate, MemInfo,
    Operand, Ordering, RmwOp, SyncScope, TailKind,
};
pub use intrinsics::Intrinsic;
pub use metadata::{MdField, MdId, MdNode, MdNodeKind, Metadata};
pub use module::{
    no_entry_message, GlobalId, GlobalKind, GlobalName, GlobalValue, GlobalVar, Linkage, Module,
};
pub use opcode::Opcode;
pub use symbol::Symbol;
pub use types::{FloatKind, Type, TypeId, TypeStore};
pub use typing::{cast_is_valid, gep_result_type, vector_op_result_type};
