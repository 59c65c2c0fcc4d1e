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
    /// `void` with a leading `ptr sret(%struct.S) align 8` parameter.
    Sret(usize),
}

#[derive(Clone, Debug)]
pub struct Sig {
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
                Arg::Agg(ls) => {
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
            Ret::Agg(ls) => {
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
                Arg::Agg(ls) => {
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
            Ret::Agg(ls) => {
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
    Sig { id, class, params, varargs, ret, structs }
}

/// `n` signatures from `seed`.
pub fn signatures(seed: u64, n: usize) -> Vec<Sig> {
    let mut r = Rng(seed);
    (0..n).map(|id| draw(&mut r, id)).collect()
}

// ---------------------------------------------------------------------------------------
// Emitting IR.

/// A function body being written: numbered temporaries.
struct Body {
    text: String,
    n: usize,
}

impl Body {
    fn new() -> Body {
        Body { text: String::new(), n: 0 }
    }
    fn tmp(&mut self) -> String {
        self.n += 1;
        format!("%t{}", self.n)
    }
    /// `%t = <rhs>`.
    fn def(&mut self, rhs: impl AsRef<str>) -> String {
        let t = self.tmp();
        let _ = writeln!(self.text, "  {t} = {}", rhs.as_ref());
        t
    }
    fn line(&mut self, s: impl AsRef<str>) {
        let _ = writeln!(self.text, "  {}", s.as_ref());
    }
    /// `h` folded with the `i64` `x`.
    fn fold(&mut self, h: &str, x: &str) -> String {
        let t = self.def(format!("xor i64 {h}, {x}"));
        self.def(format!("mul i64 {t}, {}", MUL as i64))
    }
    /// An integer or float value of type `ty` as the fold's `i64`.
    fn widen(&mut self, ty: &str, v: &str, signed: bool) -> String {
        match ty {
            "i64" => v.to_owned(),
            "float" => {
                let t = self.def(format!("bitcast float {v} to i32"));
                self.def(format!("zext i32 {t} to i64"))
            }
            "double" => self.def(format!("bitcast double {v} to i64")),
            _ => self.def(format!("{} {ty} {v} to i64", if signed { "sext" } else { "zext" })),
        }
    }
    /// The result leaf `j` (of type `l`) derived from the checksum `h`.
    fn ret_leaf(&mut self, h: &str, j: u64, l: Leaf) -> String {
        let lv = self.fold(h, &(SALT + j).to_string());
        match l {
            Leaf::I(64) => lv,
            Leaf::I(b) => self.def(format!("trunc i64 {lv} to i{b}")),
            Leaf::F32 => {
                let a = self.def(format!("and i64 {lv}, {}", 0x807F_FFFFu64));
                let o = self.def(format!("or i64 {a}, {}", 0x3F80_0000u64));
                let t = self.def(format!("trunc i64 {o} to i32"));
                self.def(format!("bitcast i32 {t} to float"))
            }
            Leaf::F64 => {
                let a = self.def(format!("and i64 {lv}, {}", 0x800F_FFFF_FFFF_FFFFu64 as i64));
                let o = self.def(format!("or i64 {a}, {}", 0x3FF0_0000_0000_0000u64 as i64));
                self.def(format!("bitcast i64 {o} to double"))
            }
        }
    }
}

fn callee(s: &Sig, data: &str) -> String {
    let mut b = Body::new();
    let mut h = ((0xCBF2_9CE4_8422_2325u64 ^ s.id as u64) as i64).to_string();
    let mut ps: Vec<String> = s.sret_param().map(|p| format!("{p} %out")).into_iter().collect();
    for (k, a) in s.params.iter().enumerate() {
        let p = format!("%p{k}");
        ps.push(format!("{} {p}", s.param_ty(a)));
        match a {
            Arg::Int { bits: 128, .. } => {
                let lo = b.def(format!("trunc i128 {p} to i64"));
                h = b.fold(&h, &lo);
                let sh = b.def(format!("lshr i128 {p}, 64"));
                let hi = b.def(format!("trunc i128 {sh} to i64"));
                h = b.fold(&h, &hi);
            }
            Arg::Int { bits, ext, .. } => {
                let x = b.widen(&format!("i{bits}"), &p, *ext == Ext::S);
                h = b.fold(&h, &x);
            }
            Arg::Ptr { .. } => {
                let x = b.def(format!("load i64, ptr {p}, align 8"));
                h = b.fold(&h, &x);
            }
            Arg::F32(_) | Arg::F64(_) => {
                let ty = if matches!(a, Arg::F32(_)) { "float" } else { "double" };
                let x = b.widen(ty, &p, false);
                h = b.fold(&h, &x);
            }
            Arg::V2F32(_) => {
                for j in 0..2 {
                    let e = b.def(format!("extractelement <2 x float> {p}, i32 {j}"));
                    let x = b.widen("float", &e, false);
                    h = b.fold(&h, &x);
                }
            }
            Arg::Agg(ls) => {
                let ty = agg_ty(ls.iter().map(|l| l.0));
                for (j, (l, _)) in ls.iter().enumerate() {
                    let e = b.def(format!("extractvalue {ty} {p}, {j}"));
                    let x = b.widen(&l.ir(), &e, false);
                    h = b.fold(&h, &x);
                }
            }
            Arg::ByVal { s: si, .. } => {
                let st = s.sname(*si);
                for (j, l) in s.structs[*si].fields.iter().enumerate() {
                    let f = b.def(format!("getelementptr inbounds {st}, ptr {p}, i32 0, i32 {j}"));
                    let v = b.def(format!("load {}, ptr {f}", l.ir()));
                    let x = b.widen(&l.ir(), &v, false);
                    h = b.fold(&h, &x);
                }
                // The callee owns its copy: a write must not reach the caller's struct.
                let l = s.structs[*si].fields[0];
                b.line(format!("store {} {}, ptr {p}", l.ir(), l.lit(0x5A5A_5A5A_5A5A_5A5A)));
            }
        }
    }
    if let Some(va) = &s.varargs {
        ps.push("...".into());
        b.line("%ap = alloca [24 x i8], align 16");
        b.line("call void @llvm.va_start.p0(ptr %ap)");
        for v in va {
            let x = match v {
                VArg::I32(_) => {
                    let v = b.def("va_arg ptr %ap, i32");
                    b.widen("i32", &v, false)
                }
                VArg::I64(_) => b.def("va_arg ptr %ap, i64"),
                VArg::F64(_) => {
                    let v = b.def("va_arg ptr %ap, double");
                    b.widen("double", &v, false)
                }
                VArg::Ptr(_) => {
                    let q = b.def("va_arg ptr %ap, ptr");
                    b.def(format!("load i64, ptr {q}, align 8"))
                }
            };
            h = b.fold(&h, &x);
        }
        b.line("call void @llvm.va_end.p0(ptr %ap)");
    }
    b.line(format!("store i64 {h}, ptr @abi_hash, align 8"));
    let rty = s.ret_ty();
    match &s.ret {
        Ret::Int { bits: 128, .. } => {
            let lo = b.ret_leaf(&h, 0, Leaf::I(64));
            let hi = b.ret_leaf(&h, 1, Leaf::I(64));
            let lo = b.def(format!("zext i64 {lo} to i128"));
            let hi = b.def(format!("zext i64 {hi} to i128"));
            let hi = b.def(format!("shl i128 {hi}, 64"));
            let v = b.def(format!("or i128 {hi}, {lo}"));
            b.line(format!("ret i128 {v}"));
        }
        Ret::Int { bits, .. } => {
            let v = b.ret_leaf(&h, 0, Leaf::I(*bits.max(&8)));
            let v = if *bits == 1 { b.def(format!("trunc i8 {v} to i1")) } else { v };
            b.line(format!("ret i{bits} {v}"));
        }
        Ret::Ptr => {
            let lv = b.fold(&h, &SALT.to_string());
            let k = b.def(format!("and i64 {lv}, 7"));
            let q = b.def(format!("getelementptr inbounds i64, ptr {data}, i64 {k}"));
            b.line(format!("ret ptr {q}"));
        }
        Ret::F32 | Ret::F64 => {
            let l = if matches!(s.ret, Ret::F32) { Leaf::F32 } else { Leaf::F64 };
            let v = b.ret_leaf(&h, 0, l);
            b.line(format!("ret {rty} {v}"));
        }
        Ret::V2F32 => {
            let mut acc = "poison".to_owned();
            for j in 0..2 {
                let v = b.ret_leaf(&h, j, Leaf::F32);
                acc = b.def(format!("insertelement <2 x float> {acc}, float {v}, i32 {j}"));
            }
            b.line(format!("ret <2 x float> {acc}"));
        }
        Ret::Agg(ls) => {
            let mut acc = "poison".to_owned();
            for (j, l) in ls.iter().enumerate() {
                let v = b.ret_leaf(&h, j as u64, *l);
                acc = b.def(format!("insertvalue {rty} {acc}, {} {v}, {j}", l.ir()));
            }
            b.line(format!("ret {rty} {acc}"));
        }
        Ret::Sret(si) => {
            let st = s.sname(*si);
            for (j, l) in s.structs[*si].fields.iter().enumerate() {
                let v = b.ret_leaf(&h, j as u64, *l);
                let f = b.def(format!("getelementptr inbounds {st}, ptr %out, i32 0, i32 {j}"));
                b.line(format!("store {} {v}, ptr {f}", l.ir()));
            }
            b.line("ret void");
        }
    }
    // The leaf of an i1 result comes from an i8 (ret_leaf takes whole bytes): same bit.
    format!("define {rty} @callee_{}({}) {{\nentry:\n{}}}\n\n", s.id, ps.join(", "), b.text)
}

fn caller(s: &Sig, data: &str) -> String {
    let mut b = Body::new();
    let mut args: Vec<String> = Vec::new();
    if let Ret::Sret(si) = s.ret {
        b.line(format!("%out = alloca {}, align 8", s.sname(si)));
        args.push(format!("ptr noalias sret({}) align 8 %out", s.sname(si)));
    }
    let mut byvals = Vec::new();
    for (k, a) in s.params.iter().enumerate() {
        let ty = s.param_ty(a);
        let v = match a {
            Arg::Int { bits, v, .. } => int_lit(*bits, *v),
            Arg::Ptr { k } => {
                b.def(format!("getelementptr inbounds [8 x i64], ptr {data}, i64 0, i64 {k}"))
            }
            Arg::F32(f) => f32_lit(*f),
            Arg::F64(f) => f64_lit(*f),
            Arg::V2F32([x, y]) => format!("<float {}, float {}>", f32_lit(*x), f32_lit(*y)),
            Arg::Agg(ls) => {
                let fs: Vec<String> =
                    ls.iter().map(|(l, v)| format!("{} {}", l.ir(), l.lit(*v))).collect();
                format!("{{ {} }}", fs.join(", "))
            }
            Arg::ByVal { s: si, vals } => {
                let st = s.sname(*si);
                let p = format!("%bv{k}");
                b.line(format!("{p} = alloca {st}, align 8"));
                for (j, (l, v)) in s.structs[*si].fields.iter().zip(vals).enumerate() {
                    let f = b.def(format!("getelementptr inbounds {st}, ptr {p}, i32 0, i32 {j}"));
                    b.line(format!("store {} {}, ptr {f}", l.ir(), l.lit(*v)));
                }
                byvals.push((p.clone(), s.structs[*si].fields[0]));
                p
            }
        };
        args.push(format!("{ty} {v}"));
    }
    for v in s.varargs.iter().flatten() {
        args.push(match v {
            VArg::I32(x) => format!("i32 {}", *x as i32),
            VArg::I64(x) => format!("i64 {}", *x as i64),
            VArg::F64(f) => format!("double {}", f64_lit(*f)),
            VArg::Ptr(k) => {
                let q =
                    b.def(format!("getelementptr inbounds [8 x i64], ptr {data}, i64 0, i64 {k}"));
                format!("ptr {q}")
            }
        });
    }
    let rty = s.ret_ty();
    let callee_ty = if s.varargs.is_some() {
        let mut ps: Vec<String> = s.sret_param().map(|_| "ptr".to_owned()).into_iter().collect();
        ps.extend(s.params.iter().map(|a| s.param_ty(a).split(' ').next().unwrap().to_owned()));
        ps.push("...".into());
        format!("{} ({})", s.ret_plain(), ps.join(", "))
    } else {
        rty.clone()
    };
    let call = format!("call {callee_ty} @callee_{}({})", s.id, args.join(", "));
    let r = if matches!(s.ret, Ret::Sret(_)) {
        b.line(&call);
        String::new()
    } else {
        let r = b.tmp();
        b.line(format!("{r} = {call}"));
        r
    };
    let mut g = ((0x8422_2325_CBF2_9CE4u64 ^ s.id as u64) as i64).to_string();
    match &s.ret {
        Ret::Int { bits: 128, .. } => {
            let lo = b.def(format!("trunc i128 {r} to i64"));
            g = b.fold(&g, &lo);
            let sh = b.def(format!("lshr i128 {r}, 64"));
            let hi = b.def(format!("trunc i128 {sh} to i64"));
            g = b.fold(&g, &hi);
        }
        Ret::Int { bits, ext } => {
            let x = b.widen(&format!("i{bits}"), &r, *ext == Ext::S);
            g = b.fold(&g, &x);
        }
        Ret::Ptr => {
            let x = b.def(format!("load i64, ptr {r}, align 8"));
            g = b.fold(&g, &x);
        }
        Ret::F32 => {
            let x = b.widen("float", &r, false);
            g = b.fold(&g, &x);
        }
        Ret::F64 => {
            let x = b.widen("double", &r, false);
            g = b.fold(&g, &x);
        }
        Ret::V2F32 => {
            for j in 0..2 {
                let e = b.def(format!("extractelement <2 x float> {r}, i32 {j}"));
                let x = b.widen("float", &e, false);
                g = b.fold(&g, &x);
            }
        }
        Ret::Agg(ls) => {
            for (j, l) in ls.iter().enumerate() {
                let e = b.def(format!("extractvalue {rty} {r}, {j}"));
                let x = b.widen(&l.ir(), &e, false);
                g = b.fold(&g, &x);
            }
        }
        Ret::Sret(si) => {
            let st = s.sname(*si);
            for (j, l) in s.structs[*si].fields.iter().enumerate() {
                let f = b.def(format!("getelementptr inbounds {st}, ptr %out, i32 0, i32 {j}"));
                let v = b.def(format!("load {}, ptr {f}", l.ir()));
                let x = b.widen(&l.ir(), &v, false);
                g = b.fold(&g, &x);
            }
        }
    }
    let x = b.def("load i64, ptr @abi_hash, align 8");
    g = b.fold(&g, &x);
    for (p, l) in byvals {
        let v = b.def(format!("load {}, ptr {p}", l.ir()));
        let x = b.widen(&l.ir(), &v, false);
        g = b.fold(&g, &x);
    }
    b.line(format!("ret i64 {g}"));
    format!("define i64 @caller_{}() {{\nentry:\n{}}}\n\n", s.id, b.text)
}

fn cstr(out: &mut String, name: &str, s: &str) {
    let mut esc = String::new();
    for c in s.bytes() {
        if c.is_ascii_graphic() && c != b'"' && c != b'\\' || c == b' ' {
            esc.push(c as char);
        } else {
            let _ = write!(esc, "\\{c:02X}");
        }
    }
    let _ = writeln!(out, "{name} = private constant [{} x i8] c\"{esc}\\00\"", s.len() + 1);
}

/// Module A (`a == true`: callers of even signatures, callees of odd ones, `main`) or B.
pub fn module(sigs: &[Sig], a: bool) -> String {
    let mut out = String::new();
    out.push_str("; Generated by tests/harness/abi/gen.rs (the native ABI test).\n");
    out.push_str("target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n");
    out.push_str("target triple = \"x86_64-pc-linux-gnu\"\n\n");
    for s in sigs {
        for (k, st) in s.structs.iter().enumerate() {
            let _ = writeln!(out, "{} = type {}", s.sname(k), st.ir());
        }
    }
    let data = if a { "@data_a" } else { "@data_b" };
    let vals: Vec<String> = (0..8).map(|k| format!("i64 {}", data_val(k))).collect();
    let _ = writeln!(out, "{data} = internal constant [8 x i64] [{}], align 8", vals.join(", "));
    // The callee's whole checksum, stored by the callee and read by the caller.
    out.push_str(if a {
        "@abi_hash = global i64 0, align 8\n"
    } else {
        "@abi_hash = external global i64, align 8\n"
    });
    out.push_str("declare void @llvm.va_start.p0(ptr)\ndeclare void @llvm.va_end.p0(ptr)\n\n");
    for s in sigs {
        let caller_here = (s.id % 2 == 0) == a;
        if caller_here {
            let _ = writeln!(
                out,
                "declare {} @callee_{}({})",
                s.ret_ty(),
                s.id,
                s.decl_params().join(", ")
            );
            out.push_str(&caller(s, data));
        } else {
            out.push_str(&callee(s, data));
            if a {
                let _ = writeln!(out, "declare i64 @caller_{}()", s.id);
            }
        }
    }
    if a {
        out.push_str(&main(sigs));
    }
    out
}

fn data_val(k: u64) -> i64 {
    data(k) as i64
}

fn main(sigs: &[Sig]) -> String {
    let mut out = String::new();
    cstr(&mut out, "@fmt_ok", "sig %d ok\n");
    cstr(&mut out, "@fmt_bad", "sig %d BAD got %llx want %llx\n");
    out.push_str(
        "declare i32 @printf(ptr, ...)\ndeclare i32 @fflush(ptr)\ndeclare i32 @atoi(ptr)\n\n",
    );
    out.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n");
    out.push_str("  %has = icmp sgt i32 %argc, 1\n  br i1 %has, label %arg, label %c0\n");
    out.push_str("arg:\n  %ap = getelementptr ptr, ptr %argv, i64 1\n  %as = load ptr, ptr %ap\n");
    out.push_str("  %an = call i32 @atoi(ptr %as)\n  br label %c0\n");
    for (i, s) in sigs.iter().enumerate() {
        let want = s.expected() as i64;
        let start = if i == 0 {
            out.push_str("c0:\n  %start = phi i32 [ 0, %entry ], [ %an, %arg ]\n");
            "%start"
        } else {
            let _ = writeln!(out, "c{i}:");
            "%start"
        };
        let _ = writeln!(out, "  %skip{i} = icmp sgt i32 {start}, {i}");
        let _ = writeln!(out, "  br i1 %skip{i}, label %c{}, label %r{i}", i + 1);
        let _ = writeln!(out, "r{i}:\n  %v{i} = call i64 @caller_{}()", s.id);
        let _ = writeln!(out, "  %ok{i} = icmp eq i64 %v{i}, {want}");
        let _ = writeln!(out, "  br i1 %ok{i}, label %g{i}, label %b{i}");
        let _ = writeln!(out, "g{i}:\n  call i32 (ptr, ...) @printf(ptr @fmt_ok, i32 {i})");
        let _ = writeln!(out, "  call i32 @fflush(ptr null)\n  br label %c{}", i + 1);
        let _ = writeln!(
            out,
            "b{i}:\n  call i32 (ptr, ...) @printf(ptr @fmt_bad, i32 {i}, i64 %v{i}, i64 {want})"
        );
        let _ = writeln!(out, "  call i32 @fflush(ptr null)\n  br label %c{}", i + 1);
    }
    let _ = writeln!(out, "c{}:\n  ret i32 0\n}}", sigs.len());
    out
}
