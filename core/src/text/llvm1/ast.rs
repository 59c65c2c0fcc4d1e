//! The syntax tree of an LLVM 1.x module, as read: types keep their signedness, names keep
//! their type planes, and nothing is resolved yet.

use crate::diag::Span;

/// A 1.x type.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Void,
    Bool,
    /// `sbyte ubyte short ushort int uint long ulong`.
    Int {
        bits: u32,
        signed: bool,
    },
    Float,
    Double,
    Label,
    Opaque,
    Ptr(Box<Ty>),
    Array(u64, Box<Ty>),
    /// `packed [N x T]` (1.x's vector).
    Vector(u64, Box<Ty>),
    Struct(Vec<Ty>),
    Func {
        ret: Box<Ty>,
        params: Vec<Ty>,
        varargs: bool,
    },
    /// `%name`, resolved against the module's `type` definitions.
    Named(String),
    /// `\N`, an up-reference (only while a type is read; see [`super::uprefs`]).
    UpRef(u32),
}

impl Ty {
    /// The 1.x spelling, used as the key of a type plane.
    pub fn key(&self) -> String {
        match self {
            Ty::Void => "void".into(),
            Ty::Bool => "bool".into(),
            Ty::Int { bits, signed } => match (bits, signed) {
                (8, true) => "sbyte".into(),
                (8, false) => "ubyte".into(),
                (16, true) => "short".into(),
                (16, false) => "ushort".into(),
                (32, true) => "int".into(),
                (32, false) => "uint".into(),
                (64, true) => "long".into(),
                (_, _) => "ulong".into(),
            },
            Ty::Float => "float".into(),
            Ty::Double => "double".into(),
            Ty::Label => "label".into(),
            Ty::Opaque => "opaque".into(),
            Ty::Ptr(t) => format!("{}*", t.key()),
            Ty::Array(n, t) => format!("[{n} x {}]", t.key()),
            Ty::Vector(n, t) => format!("packed [{n} x {}]", t.key()),
            Ty::Struct(f) => {
                format!("{{{}}}", f.iter().map(Ty::key).collect::<Vec<_>>().join(","))
            }
            Ty::Func { ret, params, varargs } => {
                let mut p: Vec<String> = params.iter().map(Ty::key).collect();
                if *varargs {
                    p.push("...".into());
                }
                format!("{} ({})", ret.key(), p.join(","))
            }
            Ty::Named(n) => format!("%{n}"),
            Ty::UpRef(n) => format!("\\{n}"),
        }
    }
}

/// A value as written: a name (local first, then global) or a constant.
#[derive(Clone, Debug)]
pub enum Val {
    /// `%x`, `%0`, `%"quoted"` (without the sigil).
    Name(String, Span),
    Const(Const),
}

/// A 1.x constant.
#[derive(Clone, Debug)]
pub enum Const {
    /// An integer (or `true`/`false`), not yet wrapped to its type's width.
    Int(i128),
    /// A floating-point literal, as written.
    Float(String),
    Null,
    Undef,
    Zero,
    /// `c"..."`, bytes.
    Str(Vec<u8>),
    /// `[ T v, ... ]`, `{ T v, ... }`, `< T v, ... >`.
    Agg(Vec<(Ty, Const)>),
    /// A global's address (`%G` in a constant).
    Global(String, Span),
    /// A constant expression: the opcode word and its typed operands.
    Expr(Box<CExpr>),
}

/// A constant expression.
#[derive(Clone, Debug)]
pub enum CExpr {
    /// `cast (T v to T2)`.
    Cast(Ty, Const, Ty),
    /// `getelementptr (T* p, idx...)`.
    Gep(Ty, Const, Vec<(Ty, Const)>),
    /// `add (T a, T b)`, `setlt (...)`, `shl (T a, ubyte b)`, ...
    Bin(String, Ty, Const, Ty, Const),
    /// `select (bool c, T a, T b)`.
    Select(Const, Const, Const),
}

/// One instruction's operation.
#[derive(Clone, Debug)]
pub enum Op {
    /// `add sub mul div rem and or xor set* shl shr` (`shl`/`shr` amount type in the second).
    Bin {
        op: String,
        ty: Ty,
        a: Val,
        bty: Ty,
        b: Val,
    },
    Not(Ty, Val),
    Cast(Ty, Val, Ty),
    /// `bitcast`, `zext`, ... written out (the 2007 transitional syntax `llvm-upgrade` read).
    NamedCast(String, Ty, Val, Ty),
    Ret(Option<(Ty, Val)>),
    Br(Val),
    CondBr(Val, Val, Val),
    Switch {
        ty: Ty,
        v: Val,
        default: Val,
        cases: Vec<(Ty, Const, Val)>,
    },
    Unreachable,
    Unwind,
    Load {
        volatile: bool,
        pty: Ty,
        p: Val,
    },
    Store {
        volatile: bool,
        ty: Ty,
        v: Val,
        pty: Ty,
        p: Val,
    },
    Alloca {
        malloc: bool,
        ty: Ty,
        count: Option<(Ty, Val)>,
        align: Option<u64>,
    },
    Free(Ty, Val),
    Gep {
        pty: Ty,
        p: Val,
        idx: Vec<(Ty, Val)>,
    },
    Phi(Ty, Vec<(Val, Val)>),
    Select {
        c: Val,
        ty: Ty,
        a: Val,
        b: Val,
    },
    Call {
        tail: bool,
        cc: Option<String>,
        ty: Ty,
        callee: Val,
        args: Vec<(Ty, Val)>,
    },
    Invoke {
        cc: Option<String>,
        ty: Ty,
        callee: Val,
        args: Vec<(Ty, Val)>,
        to: Val,
        unwind: Val,
    },
    /// `vaarg`/`vanext T %list, T2` (pre-1.5 varargs).
    VaArg {
        next: bool,
        ty: Ty,
        list: Val,
        arg: Ty,
    },
}

/// An instruction with its optional result name.
#[derive(Clone, Debug)]
pub struct Inst {
    pub name: Option<String>,
    pub op: Op,
    pub span: Span,
}

/// A basic block.
#[derive(Clone, Debug)]
pub struct Block {
    pub label: Option<String>,
    pub insts: Vec<Inst>,
    pub span: Span,
}

/// A function definition or declaration.
#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub linkage: Option<String>,
    pub cc: Option<String>,
    pub ret: Ty,
    pub params: Vec<(Ty, Option<String>)>,
    pub varargs: bool,
    /// `None` for a declaration.
    pub blocks: Option<Vec<Block>>,
    pub span: Span,
}

/// A global variable.
#[derive(Clone, Debug)]
pub struct Global {
    /// `None` for an unnamed global (numbered in its type plane).
    pub name: Option<String>,
    pub linkage: Option<String>,
    pub constant: bool,
    pub ty: Ty,
    /// `None` for `external`/`uninitialized`.
    pub init: Option<Const>,
    pub span: Span,
}

/// A top-level entity.
#[derive(Clone, Debug)]
pub enum Item {
    Type {
        name: String,
        ty: Ty,
        span: Span,
    },
    Global(Global),
    Func(Func),
    /// `target endian = little|big`.
    Endian(bool, Span),
    /// `target pointersize = 32|64`.
    PointerSize(u32, Span),
    Deplibs(Span),
    /// `target triple = "..."` (late 1.x).
    Triple(String, Span),
}
