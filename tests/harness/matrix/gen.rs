//! The matrix's module generator: a [`Module`] is a list of [`Variant`]s (one operation with
//! fixed immediates, e.g. `icmp slt` or `ctlz(x, true)`), each computed in its scalar and
//! vector forms over edge-case inputs read from global arrays, every result printed with
//! `printf` (integers as hex bits, floats as hex bits or `nan`).

use super::values::Ty;
use std::collections::BTreeSet;
use std::fmt::Write;

/// The vector widths of the lane-wise forms (1 is the scalar form).
pub const WIDTHS: &[u32] = &[1, 2, 4, 16];
/// The widths of the forms that exist only for vectors (reductions).
pub const VECTOR_WIDTHS: &[u32] = &[2, 4, 16];

/// The types of one form of a variant, as written in IR.
pub struct Form {
    /// Operand types (`i32`, `<4 x i32>`).
    pub ops: Vec<String>,
    /// Operand types as mangled in intrinsic names (`i32`, `v4i32`).
    pub ops_m: Vec<String>,
    /// Result component types.
    pub res: Vec<String>,
    /// Result component types, mangled.
    pub res_m: Vec<String>,
}

impl Form {
    /// The result type: the component, or a literal struct of the components.
    pub fn ret(&self) -> String {
        if self.res.len() == 1 {
            self.res[0].clone()
        } else {
            format!("{{ {} }}", self.res.join(", "))
        }
    }

    /// The operand `i` with its type (`<4 x i32> %a0`).
    pub fn arg(&self, i: usize) -> String {
        format!("{} %a{i}", self.ops[i])
    }
}

/// An argument of an intrinsic call.
pub enum Arg {
    /// Operand `i`.
    Op(usize),
    /// An immediate, with its type (`i1 true`).
    Imm(String),
}

/// What an intrinsic name is mangled with.
#[derive(Copy, Clone)]
pub enum Mg {
    Ret(usize),
    Op(usize),
}

/// Writes a form's text (the instruction or the declaration).
pub type TextFn = Box<dyn Fn(&Form) -> String>;

/// One operation with its inputs.
pub struct Variant {
    /// Shown in the output's header lines.
    pub label: String,
    /// Operand lane types.
    pub ops: Vec<Ty>,
    /// Operands that stay scalar in the vector forms (one value per call).
    pub uniform: Vec<bool>,
    /// Result component lane types (a struct when more than one).
    pub res: Vec<Ty>,
    /// The result is a scalar in the vector forms (reductions, bitcasts to a scalar).
    pub res_scalar: bool,
    /// The forms' widths.
    pub forms: Vec<u32>,
    /// The instruction computing `%r` from `%a0`, `%a1`, ...
    pub text: TextFn,
    /// The intrinsic's declaration, if it calls one.
    pub decl: Option<TextFn>,
    /// The inputs: one value per operand for each case (lanes of the vector forms).
    pub cases: Vec<Vec<u128>>,
}

impl Variant {
    /// A lane-wise operation in every form (`text` writes the instruction).
    pub fn lanewise(
        label: impl Into<String>,
        ops: Vec<Ty>,
        res: Vec<Ty>,
        text: impl Fn(&Form) -> String + 'static,
        cases: Vec<Vec<u128>>,
    ) -> Variant {
        let n = ops.len();
        Variant {
            label: label.into(),
            ops,
            uniform: vec![false; n],
            res,
            res_scalar: false,
            forms: WIDTHS.to_vec(),
            text: Box::new(text),
            decl: None,
            cases,
        }
    }

    /// A lane-wise intrinsic: `name` mangled with `mangle`, called with `args`.
    pub fn intrinsic(
        label: impl Into<String>,
        name: &str,
        mangle: &[Mg],
        args: Vec<Arg>,
        ops: Vec<Ty>,
        res: Vec<Ty>,
        cases: Vec<Vec<u128>>,
    ) -> Variant {
        let mut v = Variant::lanewise(label, ops, res, |_| String::new(), cases);
        v.set_call(name, mangle, args);
        v
    }

    /// Makes the variant a call of intrinsic `name`.
    pub fn set_call(&mut self, name: &str, mangle: &[Mg], args: Vec<Arg>) {
        let mangle = mangle.to_vec();
        let name = name.to_string();
        let full = move |f: &Form| {
            let mut s = name.clone();
            for m in &mangle {
                s.push('.');
                s.push_str(match *m {
                    Mg::Ret(i) => &f.res_m[i],
                    Mg::Op(i) => &f.ops_m[i],
                });
            }
            s
        };
        let full2 = full.clone();
        let args = std::rc::Rc::new(args);
        let args2 = args.clone();
        self.text = Box::new(move |f| {
            let a: Vec<String> = args
                .iter()
                .map(|a| match a {
                    Arg::Op(i) => f.arg(*i),
                    Arg::Imm(s) => s.clone(),
                })
                .collect();
            format!("call {} @{}({})", f.ret(), full(f), a.join(", "))
        });
        self.decl = Some(Box::new(move |f| {
            let a: Vec<String> = args2
                .iter()
                .map(|a| match a {
                    Arg::Op(i) => f.ops[*i].clone(),
                    Arg::Imm(s) => s.split(' ').next().unwrap_or("").to_string(),
                })
                .collect();
            format!("declare {} @{}({})", f.ret(), full2(f), a.join(", "))
        }));
    }

    fn form(&self, k: u32) -> Form {
        let vec_of = |t: Ty, scalar: bool| {
            if k == 1 || scalar {
                (t.ir(), t.mangle())
            } else {
                (format!("<{k} x {}>", t.ir()), format!("v{k}{}", t.mangle()))
            }
        };
        let (ops, ops_m) = self.ops.iter().zip(&self.uniform).map(|(&t, &u)| vec_of(t, u)).unzip();
        let (res, res_m) = self.res.iter().map(|&t| vec_of(t, self.res_scalar)).unzip();
        Form { ops, ops_m, res, res_m }
    }

    /// The calls of form `k`: for each, the lanes of each operand. Cases are grouped by their
    /// uniform operands and cut into runs of `k`, the last one filled up from the group's start.
    fn calls(&self, k: u32) -> Vec<Vec<Vec<u128>>> {
        if k == 1 {
            return self.cases.iter().map(|c| c.iter().map(|&v| vec![v]).collect()).collect();
        }
        let key = |c: &Vec<u128>| -> Vec<u128> {
            c.iter().zip(&self.uniform).filter(|(_, &u)| u).map(|(&v, _)| v).collect()
        };
        let mut groups: Vec<(Vec<u128>, Vec<&Vec<u128>>)> = Vec::new();
        for c in &self.cases {
            let kk = key(c);
            match groups.iter_mut().find(|(g, _)| *g == kk) {
                Some((_, v)) => v.push(c),
                None => groups.push((kk, vec![c])),
            }
        }
        let mut out = Vec::new();
        for (_, g) in groups {
            let n = g.len().div_ceil(k as usize);
            for chunk in 0..n {
                let lanes: Vec<&Vec<u128>> =
                    (0..k as usize).map(|j| g[(chunk * k as usize + j) % g.len()]).collect();
                let call = (0..self.ops.len())
                    .map(|o| {
                        if self.uniform[o] {
                            vec![lanes[0][o]]
                        } else {
                            lanes.iter().map(|c| c[o]).collect()
                        }
                    })
                    .collect();
                out.push(call);
            }
        }
        out
    }
}

/// One generated module: a family of operations over one lane type.
pub struct Module {
    /// The file name without `.ll` (`add.i32`, `fptosi.half`).
    pub name: String,
    pub variants: Vec<Variant>,
    /// Computed by the C math library natively (`sin`, `pow`, ...), which need not round
    /// correctly: the native comparison allows one unit in the last place.
    pub libm: bool,
}

/// A module-level string constant (`printf` formats and headers).
fn cstr(out: &mut String, name: &str, s: &str) {
    let mut esc = String::new();
    for b in s.bytes() {
        if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
            esc.push(b as char);
        } else {
            let _ = write!(esc, "\\{b:02X}");
        }
    }
    let _ = writeln!(
        out,
        "@{name} = private unnamed_addr constant [{} x i8] c\"{esc}\\00\"",
        s.len() + 1
    );
}

/// An integer literal of `t` for bits `v`.
fn lit(t: Ty, v: u128) -> String {
    if t == Ty::I(1) {
        return if v & 1 == 1 { "true" } else { "false" }.into();
    }
    super::values::sx(t, v).to_string()
}

/// The printer of one lane of type `t`: `@pr.T(i32 index, T value)`.
fn printer(out: &mut String, t: Ty) {
    let ty = t.ir();
    let _ = writeln!(out, "\ndefine void @pr.{ty}(i32 %n, {ty} %x) noinline {{");
    let int = |out: &mut String, v: &str, it: Ty| {
        let w = it.bits();
        if w > 64 {
            let _ = writeln!(out, "  %lo = trunc {} {v} to i64", it.ir());
            let _ = writeln!(out, "  %hs = lshr {} {v}, 64", it.ir());
            let _ = writeln!(out, "  %hi = trunc {} %hs to i64", it.ir());
            let _ = writeln!(
                out,
                "  call i32 (ptr, ...) @printf(ptr @fmt.wide, i32 %n, i64 %hi, i64 %lo)"
            );
        } else {
            let z = if w == 64 {
                v.to_string()
            } else {
                let _ = writeln!(out, "  %z = zext {} {v} to i64", it.ir());
                "%z".to_string()
            };
            let _ = writeln!(out, "  call i32 (ptr, ...) @printf(ptr @fmt.int, i32 %n, i64 {z})");
        }
        let _ = writeln!(out, "  ret void");
    };
    if t.is_fp() {
        let _ = writeln!(out, "entry:\n  %u = fcmp uno {ty} %x, %x");
        let _ = writeln!(out, "  br i1 %u, label %nan, label %num\nnan:");
        let _ = writeln!(out, "  call i32 (ptr, ...) @printf(ptr @fmt.nan, i32 %n)\n  ret void");
        let _ = writeln!(out, "num:\n  %b = bitcast {ty} %x to {}", t.storage().ir());
        int(out, "%b", t.storage());
    } else {
        int(out, "%x", t);
    }
    let _ = writeln!(out, "}}");
}

/// The module's text.
pub fn emit(m: &Module) -> String {
    let mut out = format!(
        "; The cross-engine matrix's module {} (generated by tests/harness/matrix; run by \
         `cargo test --test matrix`).\n\n",
        m.name
    );
    let mut body = String::new();
    let mut decls = BTreeSet::new();
    let mut printers = BTreeSet::new();
    let mut mains = Vec::new();
    let mut globals = std::collections::HashMap::new();
    cstr(&mut out, "fmt.int", "%u %llx\n");
    cstr(&mut out, "fmt.wide", "%u %llx:%016llx\n");
    cstr(&mut out, "fmt.nan", "%u nan\n");
    for (vi, v) in m.variants.iter().enumerate() {
        if v.cases.is_empty() {
            continue;
        }
        for &k in &v.forms {
            let f = v.form(k);
            let calls = v.calls(k);
            let fname = format!("t{vi}.{k}");
            mains.push(fname.clone());
            let shape = if k == 1 { "scalar".to_string() } else { format!("<{k} x>") };
            cstr(&mut out, &format!("h{vi}.{k}"), &format!("== {} {shape}\n", v.label));
            // One array per operand, stored as integers of the lane width (shared by the
            // forms and variants that read the same values).
            let mut lanes_of = Vec::new();
            let mut arrays = Vec::new();
            for (o, &t) in v.ops.iter().enumerate() {
                let st = t.storage();
                let vals: Vec<String> = calls
                    .iter()
                    .flat_map(|c| c[o].iter().map(|&x| format!("{} {}", st.ir(), lit(st, x))))
                    .collect();
                let lanes = calls.first().map_or(1, |c| c[o].len());
                lanes_of.push(lanes);
                let init = format!("[{} x {}] [{}]", vals.len(), st.ir(), vals.join(", "));
                let n = globals.len();
                let name = globals.entry(init.clone()).or_insert_with(|| format!("@d{n}")).clone();
                if globals.len() > n {
                    let _ = writeln!(out, "{name} = global {init}");
                }
                arrays.push(name);
            }
            if let Some(d) = &v.decl {
                decls.insert(d(&f));
            }
            for &t in &v.res {
                printers.insert(t);
            }
            let b = &mut body;
            let _ = writeln!(b, "\ndefine void @{fname}() {{\nentry:");
            let _ = writeln!(b, "  call i32 (ptr, ...) @printf(ptr @h{vi}.{k})\n  br label %loop");
            let _ = writeln!(b, "loop:\n  %i = phi i64 [ 0, %entry ], [ %next, %loop ]");
            for (o, &t) in v.ops.iter().enumerate() {
                let lanes = lanes_of[o];
                let (st, ty) = (t.storage().ir(), t.ir());
                let n = calls.len() * lanes;
                let _ = writeln!(b, "  %b{o} = mul i64 %i, {lanes}");
                for j in 0..lanes {
                    let _ = writeln!(b, "  %x{o}.{j} = add i64 %b{o}, {j}");
                    let _ = writeln!(
                        b,
                        "  %p{o}.{j} = getelementptr [{n} x {st}], ptr {}, i64 0, i64 %x{o}.{j}",
                        arrays[o]
                    );
                    let dst = if lanes == 1 { format!("%a{o}") } else { format!("%l{o}.{j}") };
                    let _ = writeln!(b, "  {dst} = load {ty}, ptr %p{o}.{j}");
                    if lanes > 1 {
                        let prev = if j == 0 { "poison".to_string() } else { format!("%v{o}.{j}") };
                        let to = if j + 1 == lanes {
                            format!("%a{o}")
                        } else {
                            format!("%v{o}.{}", j + 1)
                        };
                        let _ = writeln!(
                            b,
                            "  {to} = insertelement <{lanes} x {ty}> {prev}, {ty} {dst}, i64 {j}"
                        );
                    }
                }
            }
            let _ = writeln!(b, "  %r = {}", (v.text)(&f));
            let rlanes = if v.res_scalar { 1 } else { k };
            for (c, &t) in v.res.iter().enumerate() {
                let comp = if v.res.len() == 1 {
                    "%r".to_string()
                } else {
                    let _ = writeln!(b, "  %r{c} = extractvalue {} %r, {c}", f.ret());
                    format!("%r{c}")
                };
                let _ = writeln!(b, "  %rb{c} = mul i64 %i, {rlanes}");
                for j in 0..rlanes {
                    let _ = writeln!(b, "  %ri{c}.{j}w = add i64 %rb{c}, {j}");
                    let _ = writeln!(b, "  %ri{c}.{j} = trunc i64 %ri{c}.{j}w to i32");
                    let lane = if rlanes == 1 {
                        comp.clone()
                    } else {
                        let _ = writeln!(
                            b,
                            "  %e{c}.{j} = extractelement {} {comp}, i64 {j}",
                            f.res[c]
                        );
                        format!("%e{c}.{j}")
                    };
                    let ty = t.ir();
                    let _ = writeln!(b, "  call void @pr.{ty}(i32 %ri{c}.{j}, {ty} {lane})");
                }
            }
            let _ = writeln!(
                b,
                "  %next = add i64 %i, 1\n  %done = icmp eq i64 %next, {}",
                calls.len()
            );
            let _ = writeln!(b, "  br i1 %done, label %exit, label %loop\nexit:\n  ret void\n}}");
        }
    }
    out.push_str(&body);
    for t in printers {
        printer(&mut out, t);
    }
    out.push_str("\ndefine i32 @main() {\n");
    for f in &mains {
        let _ = writeln!(out, "  call void @{f}()");
    }
    out.push_str("  ret i32 0\n}\n\ndeclare i32 @printf(ptr, ...)\n");
    for d in decls {
        out.push_str(&d);
        out.push('\n');
    }
    out
}
