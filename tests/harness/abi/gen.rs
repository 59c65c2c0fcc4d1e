//! The native ABI test's generator: a seeded set of signatures (narrow integers with and
//! without `signext`/`zeroext`, `i1`, `ptr`, `float`, `double`, `i128`, `<2 x float>`,
//! first-class structs, `byval` and `sret` structs, many arguments, variadic callees), each
//! with a callee that folds every argument into a checksum and returns values derived from
//! it, and a caller that calls it with constants and folds what comes back. The expected
//! value of every caller is computed here, independently of any engine.
//!
//! The callee also stores its whole checksum in `@abi_hash` (defined in A), which the caller
//! folds in after the results, so that narrow results (`i1`, `ptr`) do not hide a wrong
//! argument.
//!
//! Two modules: A holds the callers of the even signatures and the callees of the odd ones,
//! plus `main`; B the reverse. `main [START]` runs every caller from signature START on and
//! prints `sig N ok` or `sig N BAD got X want Y`, flushing after each line (so that a crash
//! can be attributed to the signature that follows the last line).

use std::fmt::Write;

/// The fold's multiplier (FNV-1a's 64-bit prime).
const MUL: u64 = 0x100000001B3;
/// Added to the leaf index when a callee derives a result leaf from its checksum.
const SALT: u64 = 0x5bd1e995;

pub fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(MUL)
}

/// The `k`th `i64` of each module's data array (what `ptr` arguments and results point to).
pub fn data(k: u64) -> u64 {
    mix(0xABCD_EF01_2345_6789, k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below((hi - lo + 1) as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
    fn percent(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ext {
    No,
    S,
    Z,
}

impl Ext {
    fn attr(self) -> &'static str {
        match self {
            Ext::No => "",
            Ext::S => " signext",
            Ext::Z => " zeroext",
        }
    }
}

/// A scalar leaf of a struct: an integer of 8..64 bits or a float.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leaf {
    I(u32),
    F32,
    F64,
}

impl Leaf {
    fn ir(self) -> String {
        match self {
            Leaf::I(b) => format!("i{b}"),
            Leaf::F32 => "float".into(),
            Leaf::F64 => "double".into(),
        }
    }
    fn size(self) -> u64 {
        match self {
            Leaf::I(b) => u64::from(b / 8),
            Leaf::F32 => 4,
            Leaf::F64 => 8,
        }
    }
    /// The leaf's bits as the fold sees them (integers zero-extended, floats bitcast).
    fn bits_of(self, raw: u64) -> u64 {
        match self {
            Leaf::I(b) => raw & mask(b),
            Leaf::F32 => raw & 0xFFFF_FFFF,
            Leaf::F64 => raw,
        }
    }
    /// A random value of the leaf.
    fn random(self, r: &mut Rng) -> u64 {
        match self {
            Leaf::I(b) => r.next() & mask(b),
            Leaf::F32 => u64::from(rand_f32(r).to_bits()),
            Leaf::F64 => rand_f64(r).to_bits(),
        }
    }
    /// The IR literal of a value of the leaf.
    fn lit(self, raw: u64) -> String {
        match self {
            Leaf::I(b) => int_lit(b, u128::from(raw)),
            Leaf::F32 => f32_lit(f32::from_bits(raw as u32)),
            Leaf::F64 => f64_lit(f64::from_bits(raw)),
        }
    }
}

fn mask(b: u32) -> u64 {
    if b >= 64 {
        u64::MAX
    } else {
        (1u64 << b) - 1
    }
}

fn sext(v: u64, b: u32) -> u64 {
    if b >= 64 {
        v
    } else {
        (((v << (64 - b)) as i64) >> (64 - b)) as u64
    }
}

fn int_lit(b: u32, v: u128) -> String {
    match b {
        1 => (if v & 1 == 1 { "true" } else { "false" }).into(),
        128 => format!("{}", v as i128),
        _ => format!("{}", sext(v as u64, b) as i64),
    }
}

fn f32_lit(f: f32) -> String {
    format!("0x{:016X}", f64::from(f).to_bits())
}

fn f64_lit(f: f64) -> String {
    format!("0x{:016X}", f.to_bits())
}

fn rand_f32(r: &mut Rng) -> f32 {
    (r.below(20001) as i32 - 10000) as f32 / 64.0
}

fn rand_f64(r: &mut Rng) -> f64 {
    (r.below(2_000_001) as i64 - 1_000_000) as f64 / 1024.0
}

/// A struct passed `byval` or returned through `sret`.
#[derive(Clone, Debug)]
pub struct StructDef {
    pub fields: Vec<Leaf>,
}

impl StructDef {
    pub fn size(&self) -> u64 {
        let mut off = 0u64;
        for f in &self.fields {
            let s = f.size();
            off = off.div_ceil(s) * s + s;
        }
        off.div_ceil(8) * 8
    }
    fn ir(&self) -> String {
        let fs: Vec<String> = self.fields.iter().map(|f| f.ir()).collect();
        format!("{{ {} }}", fs.join(", "))
    }
}

/// One argument, with the caller's constant.
#[derive(Clone, Debug)]
pub enum Arg {
    /// `bits` is 1, 8, 16, 32, 64 or 128.
    Int {
        bits: u32,
        ext: Ext,
        v: u128,
    },
    /// A pointer to the `k`th element of the caller's data array.
    Ptr {
        k: u64,
    },
    F32(f32),
    F64(f64),
    V2F32([f32; 2]),
    /// A first-class struct, with the raw bits of each leaf.
    Agg(Vec<(Leaf, u64)>),
    /// An array of one leaf type (`[4 x float]`, `[2 x i64]`: how clang passes homogeneous
    /// floating-point aggregates and small structs for AAPCS64), with the raw bits of each.
    Arr(Vec<(Leaf, u64)>),
    /// `ptr byval(%struct.S) align 8` of the signature's struct `s`, with its field values.
    ByVal {
        s: usize,
        vals: Vec<u64>,
    },
}

/// A variadic argument (after the default promotions: no narrow integers, no `float`).
#[derive(Clone, Debug)]
pub enum VArg {
    I32(u32),
    I64(u64),
    F64(f64),
    Ptr(u64),
}

#[derive(Clone, Debug)]
pub enum Ret {
    Int {
        bits: u32,
        ext: Ext,
    },
    Ptr,
    F32,
    F64,
    V2F32,
    Agg(Vec<Leaf>),
    /// An array of one leaf type.
    Arr(Vec<Leaf>),
    /// `void` with a leading `ptr sret(%struct.S) align 8` parameter.
    Sret(usize),
}

/// The calling convention the modules are written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abi {
    /// x86-64 System V (`x86_64-pc-linux-gnu`).
    SysV,
    /// AAPCS64 (`aarch64-unknown-linux-gnu`).
    Aapcs64,
}

#[derive(Clone, Debug)]
pub struct Sig {
    pub abi: Abi,
    pub id: usize,
    pub class: &'static str,
    pub params: Vec<Arg>,
    pub varargs: Option<Vec<VArg>>,
    pub ret: Ret,
    /// The signature's structs (`%struct.S<id>_<k>`).
    pub structs: Vec<StructDef>,
}

impl Sig {
    fn sname(&self, k: usize) -> String {
        format!("%struct.S{}_{}", self.id, k)
    }

    fn param_ty(&self, a: &Arg) -> String {
        match a {
            Arg::Int { bits, ext, .. } => format!("i{bits}{}", ext.attr()),
            Arg::Ptr { .. } => "ptr".into(),
            Arg::F32(_) => "float".into(),
            Arg::F64(_) => "double".into(),
            Arg::V2F32(_) => "<2 x float>".into(),
            Arg::Agg(ls) => agg_ty(ls.iter().map(|l| l.0)),
            Arg::Arr(ls) => arr_ty(ls.iter().map(|l| l.0)),
            Arg::ByVal { s, .. } => format!("ptr byval({}) align 8", self.sname(*s)),
        }
    }

    fn ret_ty(&self) -> String {
        match &self.ret {
            Ret::Int { bits, ext } => match ext {
                Ext::No => format!("i{bits}"),
                _ => format!("{} i{bits}", ext.attr().trim_start()),
            },
            Ret::Ptr => "ptr".into(),
            Ret::F32 => "float".into(),
            Ret::F64 => "double".into(),
            Ret::V2F32 => "<2 x float>".into(),
            Ret::Agg(ls) => agg_ty(ls.iter().copied()),
            Ret::Arr(ls) => arr_ty(ls.iter().copied()),
            Ret::Sret(_) => "void".into(),
        }
    }

    /// The result type without attributes (for a variadic call's function type).
    fn ret_plain(&self) -> String {
        match &self.ret {
            Ret::Int { bits, .. } => format!("i{bits}"),
            _ => self.ret_ty(),
        }
    }

    fn sret_param(&self) -> Option<String> {
        match self.ret {
            Ret::Sret(s) => Some(format!("ptr noalias sret({}) align 8", self.sname(s))),
            _ => None,
        }
    }

    /// The parameter types of a declaration (with attributes).
    fn decl_params(&self) -> Vec<String> {
        let mut ps: Vec<String> = self.sret_param().into_iter().collect();
        ps.extend(self.params.iter().map(|a| self.param_ty(a)));
        if self.varargs.is_some() {
            ps.push("...".into());
        }
        ps
    }

    /// A one-line description, for reports.
    pub fn describe(&self) -> String {
        let mut ps = self.decl_params();
        for p in &mut ps {
            *p = p.replace(" align 8", "").replace("noalias ", "");
        }
        let mut s = format!("{} ({})", self.ret_ty(), ps.join(", "));
        if let Some(va) = &self.varargs {
            let vs: Vec<&str> = va
                .iter()
                .map(|v| match v {
                    VArg::I32(_) => "i32",
                    VArg::I64(_) => "i64",
                    VArg::F64(_) => "double",
                    VArg::Ptr(_) => "ptr",
                })
                .collect();
            let _ = write!(s, " called with ... = [{}]", vs.join(", "));
        }
        for (k, st) in self.structs.iter().enumerate() {
            let _ = write!(s, "; {} = {} ({} bytes)", self.sname(k), st.ir(), st.size());
        }
        s
    }

    /// The checksum the callee computes over its arguments.
    fn callee_hash(&self) -> u64 {
        let mut h = 0xCBF2_9CE4_8422_2325 ^ (self.id as u64);
        for a in &self.params {
            match a {
                Arg::Int { bits: 128, v, .. } => {
                    h = mix(h, *v as u64);
                    h = mix(h, (*v >> 64) as u64);
                }
                Arg::Int { bits, ext, v } => {
                    let x = *v as u64 & mask(*bits);
                    h = mix(h, if *ext == Ext::S { sext(x, *bits) } else { x });
                }
                Arg::Ptr { k } => h = mix(h, data(*k)),
                Arg::F32(f) => h = mix(h, u64::from(f.to_bits())),
                Arg::F64(f) => h = mix(h, f.to_bits()),
                Arg::V2F32(fs) => {
                    for f in fs {
                        h = mix(h, u64::from(f.to_bits()));
                    }
                }
                Arg::Agg(ls) | Arg::Arr(ls) => {
                    for (l, v) in ls {
                        h = mix(h, l.bits_of(*v));
                    }
                }
                Arg::ByVal { s, vals } => {
                    for (l, v) in self.structs[*s].fields.iter().zip(vals) {
                        h = mix(h, l.bits_of(*v));
                    }
                }
            }
        }
        for v in self.varargs.iter().flatten() {
            h = mix(
                h,
                match v {
                    VArg::I32(x) => u64::from(*x),
                    VArg::I64(x) => *x,
                    VArg::F64(f) => f.to_bits(),
                    VArg::Ptr(k) => data(*k),
                },
            );
        }
        h
    }

    /// What the caller returns (and `main` expects).
    pub fn expected(&self) -> u64 {
        let h = self.callee_hash();
        let lv = |j: u64| mix(h, SALT + j);
        let mut g = 0x8422_2325_CBF2_9CE4 ^ (self.id as u64);
        match &self.ret {
            Ret::Int { bits: 128, .. } => {
                g = mix(g, lv(0));
                g = mix(g, lv(1));
            }
            Ret::Int { bits, ext } => {
                let x = lv(0) & mask(*bits);
                g = mix(g, if *ext == Ext::S { sext(x, *bits) } else { x });
            }
            Ret::Ptr => g = mix(g, data(lv(0) & 7)),
            Ret::F32 => g = mix(g, ret_leaf(Leaf::F32, lv(0))),
            Ret::F64 => g = mix(g, ret_leaf(Leaf::F64, lv(0))),
            Ret::V2F32 => {
                g = mix(g, ret_leaf(Leaf::F32, lv(0)));
                g = mix(g, ret_leaf(Leaf::F32, lv(1)));
            }
            Ret::Agg(ls) | Ret::Arr(ls) => {
                for (j, l) in ls.iter().enumerate() {
                    g = mix(g, ret_leaf(*l, lv(j as u64)));
                }
            }
            Ret::Sret(s) => {
                for (j, l) in self.structs[*s].fields.iter().enumerate() {
                    g = mix(g, ret_leaf(*l, lv(j as u64)));
                }
            }
        }
        // The whole checksum, through `@abi_hash` (results like `i1` or `ptr` carry a few bits).
        g = mix(g, h);
        for a in &self.params {
            if let Arg::ByVal { s, vals } = a {
                g = mix(g, self.structs[*s].fields[0].bits_of(vals[0]));
            }
        }
        g
    }
}

/// A way the native back end's placement differs from LLVM's for a signature.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Gap {
    /// A `byval` argument (passed as a pointer to the caller's copy; LLVM copies the struct
    /// into the stack argument area).
    ByVal,
    /// An `i128` argument arriving with one integer register left (its halves placed
    /// independently: low in r9, high on the stack; LLVM puts both on the stack).
    I128Split,
    /// An `i128` argument that goes on the stack at an offset that is not a multiple of 16
    /// (LLVM aligns its stack slot to 16 bytes).
    I128StackAlign,
    /// A `<2 x float>` argument or result (two floats; LLVM packs it in one xmm).
    V2F32,
    /// More than two float leaves in the result (LLVM: xmm0, xmm1, then x87 st0, st1).
    RetFloat3,
    /// More than three integer leaves in the result (LLVM: rax, rdx, rcx, else the result
    /// is demoted to a hidden `sret` pointer).
    RetInt4,
}

impl Sig {
    /// The placement differences the signature runs into (see [`Gap`]).
    pub fn gaps(&self) -> Vec<Gap> {
        let mut gaps = Vec::new();
        let add = |g: Gap, gaps: &mut Vec<Gap>| {
            if !gaps.contains(&g) {
                gaps.push(g);
            }
        };
        let (mut gi, mut fi, mut ours, mut llvm) = (0u32, 0u32, 0u64, 0u64);
        if matches!(self.ret, Ret::Sret(_)) {
            gi += 1;
        }
        let int = |gi: &mut u32, ours: &mut u64, llvm: &mut u64| {
            if *gi < 6 {
                *gi += 1;
            } else {
                *ours += 8;
                *llvm += 8;
            }
        };
        let float = |fi: &mut u32, ours: &mut u64, llvm: &mut u64| {
            if *fi < 8 {
                *fi += 1;
            } else {
                *ours += 8;
                *llvm += 8;
            }
        };
        for a in &self.params {
            match a {
                Arg::Int { bits: 128, .. } => {
                    if gi + 2 <= 6 {
                        gi += 2;
                    } else if gi == 5 {
                        add(Gap::I128Split, &mut gaps);
                        gi = 6;
                        ours += 8;
                        llvm = llvm.div_ceil(16) * 16 + 16;
                    } else {
                        if ours % 16 != 0 || ours != llvm {
                            add(Gap::I128StackAlign, &mut gaps);
                        }
                        ours += 16;
                        llvm = llvm.div_ceil(16) * 16 + 16;
                    }
                }
                Arg::Int { .. } | Arg::Ptr { .. } => int(&mut gi, &mut ours, &mut llvm),
                Arg::F32(_) | Arg::F64(_) => float(&mut fi, &mut ours, &mut llvm),
                Arg::V2F32(_) => {
                    add(Gap::V2F32, &mut gaps);
                    float(&mut fi, &mut ours, &mut llvm);
                    float(&mut fi, &mut ours, &mut llvm);
                }
                Arg::Agg(ls) | Arg::Arr(ls) => {
                    for (l, _) in ls {
                        match l {
                            Leaf::I(_) => int(&mut gi, &mut ours, &mut llvm),
                            _ => float(&mut fi, &mut ours, &mut llvm),
                        }
                    }
                }
                Arg::ByVal { .. } => add(Gap::ByVal, &mut gaps),
            }
        }
        let (ni, nf) = match &self.ret {
            Ret::Int { bits: 128, .. } => (2, 0),
            Ret::Int { .. } | Ret::Ptr => (1, 0),
            Ret::F32 | Ret::F64 => (0, 1),
            Ret::V2F32 => {
                add(Gap::V2F32, &mut gaps);
                (0, 2)
            }
            Ret::Agg(ls) | Ret::Arr(ls) => {
                let ni = ls.iter().filter(|l| matches!(l, Leaf::I(_))).count();
                (ni, ls.len() - ni)
            }
            Ret::Sret(_) => (0, 0),
        };
        if nf > 2 {
            add(Gap::RetFloat3, &mut gaps);
        }
        if ni > 3 {
            add(Gap::RetInt4, &mut gaps);
        }
        gaps
    }
}

fn agg_ty(ls: impl Iterator<Item = Leaf>) -> String {
    let fs: Vec<String> = ls.map(|l| l.ir()).collect();
    format!("{{ {} }}", fs.join(", "))
}

/// `[N x T]` of leaves of one type `T`.
fn arr_ty(mut ls: impl Iterator<Item = Leaf>) -> String {
    let first = ls.next().map_or("i8".into(), |l| l.ir());
    format!("[{} x {first}]", 1 + ls.count())
}

/// The bits (as folded) of a result leaf the callee derives from `lv`.
fn ret_leaf(l: Leaf, lv: u64) -> u64 {
    match l {
        Leaf::I(b) => lv & mask(b),
        Leaf::F32 => (lv & 0x807F_FFFF) | 0x3F80_0000,
        Leaf::F64 => (lv & 0x800F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000,
    }
}

// ---------------------------------------------------------------------------------------
// Drawing signatures.

const NARROW: [u32; 5] = [1, 8, 16, 32, 64];
const EXTS: [Ext; 3] = [Ext::No, Ext::S, Ext::Z];
const STRUCT_LEAVES: [Leaf; 6] =
    [Leaf::I(8), Leaf::I(16), Leaf::I(32), Leaf::I(64), Leaf::F32, Leaf::F64];
/// First-class structs as clang leaves them after coercion (two eightbytes at most), and a
/// few LLVM-only shapes.
const AGGS: [&[Leaf]; 9] = [
    &[Leaf::I(64), Leaf::I(64)],
    &[Leaf::I(64), Leaf::I(64), Leaf::I(32), Leaf::I(64)],
    &[Leaf::F64, Leaf::F64, Leaf::F64, Leaf::F64],
    &[Leaf::F64, Leaf::F64],
    &[Leaf::I(64), Leaf::F64],
    &[Leaf::F64, Leaf::I(64)],
    &[Leaf::I(32), Leaf::F32],
    &[Leaf::F32, Leaf::F32, Leaf::F64],
    &[Leaf::I(64), Leaf::I(32), Leaf::F64],
];

fn int_arg(r: &mut Rng, bits: u32) -> Arg {
    let ext = if bits == 64 || bits == 128 { Ext::No } else { r.pick(&EXTS) };
    let v = (u128::from(r.next()) << 64 | u128::from(r.next()))
        & if bits == 128 { u128::MAX } else { u128::from(mask(bits)) };
    let v = if bits == 1 { v & 1 } else { v };
    Arg::Int { bits, ext, v }
}

fn scalar_arg(r: &mut Rng) -> Arg {
    match r.below(8) {
        0 | 1 => {
            let b = r.pick(&NARROW);
            int_arg(r, b)
        }
        2 => int_arg(r, 64),
        3 => Arg::Ptr { k: r.below(8) },
        4 => Arg::F32(rand_f32(r)),
        _ => Arg::F64(rand_f64(r)),
    }
}

fn agg_arg(r: &mut Rng) -> Arg {
    let ls = r.pick(&AGGS);
    Arg::Agg(ls.iter().map(|l| (*l, l.random(r))).collect())
}

fn new_struct(r: &mut Rng, structs: &mut Vec<StructDef>) -> usize {
    loop {
        let n = r.range(2, 8);
        let fields: Vec<Leaf> = (0..n).map(|_| r.pick(&STRUCT_LEAVES)).collect();
        let s = StructDef { fields };
        if (16..=40).contains(&s.size()) {
            structs.push(s);
            return structs.len() - 1;
        }
    }
}

fn byval_arg(r: &mut Rng, structs: &mut Vec<StructDef>) -> Arg {
    let s = new_struct(r, structs);
    let vals = structs[s].fields.iter().map(|l| l.random(r)).collect();
    Arg::ByVal { s, vals }
}

fn scalar_ret(r: &mut Rng) -> Ret {
    match r.below(10) {
        0 => {
            let bits = r.pick(&[1, 8, 16, 32]);
            Ret::Int { bits, ext: r.pick(&EXTS) }
        }
        1 => Ret::Ptr,
        2 => Ret::F32,
        3 => Ret::F64,
        _ => Ret::Int { bits: 64, ext: Ext::No },
    }
}

pub const CLASSES: [&str; 10] = [
    "narrow-int",
    "float",
    "i128",
    "struct",
    "byval",
    "sret",
    "variadic",
    "many-args",
    "v2f32",
    "mixed",
];

fn draw(r: &mut Rng, id: usize) -> Sig {
    let class = CLASSES[id % CLASSES.len()];
    let mut structs = Vec::new();
    let mut params = Vec::new();
    let mut varargs = None;
    let ret;
    match class {
        "narrow-int" => {
            for _ in 0..r.range(1, 10) {
                let b = r.pick(&[1, 8, 8, 16, 16, 32, 64]);
                params.push(int_arg(r, b));
            }
            ret = if r.percent(70) {
                Ret::Int { bits: r.pick(&[1, 8, 16, 32]), ext: r.pick(&EXTS) }
            } else {
                Ret::Int { bits: 64, ext: Ext::No }
            };
        }
        "float" => {
            for _ in 0..r.range(1, 13) {
                params.push(if r.percent(50) {
                    Arg::F32(rand_f32(r))
                } else {
                    Arg::F64(rand_f64(r))
                });
                if r.percent(15) {
                    params.push(int_arg(r, 64));
                }
            }
            ret = if r.percent(33) { Ret::F32 } else { Ret::F64 };
        }
        "i128" => {
            for _ in 0..r.range(1, 9) {
                params.push(if r.percent(40) { int_arg(r, 128) } else { scalar_arg(r) });
            }
            if !params.iter().any(|a| matches!(a, Arg::Int { bits: 128, .. })) {
                let at = r.range(0, params.len());
                params.insert(at, int_arg(r, 128));
            }
            ret = if r.percent(60) { Ret::Int { bits: 128, ext: Ext::No } } else { scalar_ret(r) };
        }
        "struct" => {
            for _ in 0..r.range(1, 6) {
                params.push(if r.percent(60) { agg_arg(r) } else { scalar_arg(r) });
            }
            // Every shape of AGGS in turn, then a random one.
            ret = if id / CLASSES.len() < AGGS.len() {
                Ret::Agg(AGGS[id / CLASSES.len()].to_vec())
            } else if r.percent(75) {
                Ret::Agg(r.pick(&AGGS).to_vec())
            } else {
                scalar_ret(r)
            };
        }
        "byval" => {
            for _ in 0..r.range(0, 8) {
                params.push(scalar_arg(r));
            }
            for _ in 0..r.range(1, 2) {
                let at = r.range(0, params.len());
                let a = byval_arg(r, &mut structs);
                params.insert(at, a);
            }
            ret = scalar_ret(r);
        }
        "sret" => {
            let s = new_struct(r, &mut structs);
            for _ in 0..r.range(0, 10) {
                params.push(scalar_arg(r));
            }
            ret = Ret::Sret(s);
        }
        "variadic" => {
            for _ in 0..r.range(1, 3) {
                params.push(match r.below(3) {
                    0 => int_arg(r, 32),
                    1 => int_arg(r, 64),
                    _ => Arg::F64(rand_f64(r)),
                });
            }
            let n = r.range(0, 14);
            varargs = Some(
                (0..n)
                    .map(|_| match r.below(4) {
                        0 => VArg::I32(r.next() as u32),
                        1 => VArg::I64(r.next()),
                        2 => VArg::F64(rand_f64(r)),
                        _ => VArg::Ptr(r.below(8)),
                    })
                    .collect(),
            );
            ret = match r.below(3) {
                0 => Ret::Int { bits: 32, ext: Ext::No },
                1 => Ret::Int { bits: 64, ext: Ext::No },
                _ => Ret::F64,
            };
        }
        "many-args" => {
            for _ in 0..r.range(12, 16) {
                params.push(if r.percent(15) { agg_arg(r) } else { scalar_arg(r) });
            }
            ret = if r.percent(30) { Ret::Agg(r.pick(&AGGS).to_vec()) } else { scalar_ret(r) };
        }
        "v2f32" => {
            for _ in 0..r.range(1, 6) {
                params.push(if r.percent(40) {
                    Arg::V2F32([rand_f32(r), rand_f32(r)])
                } else {
                    scalar_arg(r)
                });
            }
            if !params.iter().any(|a| matches!(a, Arg::V2F32(_))) && r.percent(50) {
                let at = r.range(0, params.len());
                params.insert(at, Arg::V2F32([rand_f32(r), rand_f32(r)]));
            }
            ret = if params.iter().any(|a| matches!(a, Arg::V2F32(_))) && r.percent(50) {
                scalar_ret(r)
            } else {
                Ret::V2F32
            };
        }
        _ => {
            for _ in 0..r.range(1, 14) {
                params.push(match r.below(10) {
                    0 => int_arg(r, 128),
                    1 => agg_arg(r),
                    2 => byval_arg(r, &mut structs),
                    3 => Arg::V2F32([rand_f32(r), rand_f32(r)]),
                    _ => scalar_arg(r),
                });
            }
            ret = match r.below(6) {
                0 => Ret::Sret(new_struct(r, &mut structs)),
                1 => Ret::Agg(r.pick(&AGGS).to_vec()),
                2 => Ret::Int { bits: 128, ext: Ext::No },
                _ => scalar_ret(r),
            };
        }
    }
    Sig { abi: Abi::SysV, id, class, params, varargs, ret, structs }
}

/// `n` signatures from `seed` (x86-64 System V).
pub fn signatures(seed: u64, n: usize) -> Vec<Sig> {
    let mut r = Rng(seed);
    (0..n).map(|id| draw(&mut r, id)).collect()
}

#[path = "a64.rs"]
mod a64;
#[path = "emit.rs"]
mod emit;
pub use a64::signatures_a64;
pub use emit::module;
