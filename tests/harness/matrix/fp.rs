//! The matrix's floating-point families: the arithmetic instructions, `fneg`, `fcmp`, `select`,
//! `freeze`, the casts from floats, and the float intrinsics (classification, min/max,
//! rounding, `fma`, conversions to integers, `ldexp`/`powi`, the math library ones and the
//! reductions), with the inputs whose result LLVM leaves unspecified left out (`minnum` of
//! zeros of both signs, fused or not multiply-adds of inexact products, out-of-range
//! conversions). `frexp` and `canonicalize` are left out: the interpreter does not implement
//! them.

use super::gen::{Arg, Form, Mg, Module, Variant, VECTOR_WIDTHS};
use super::int::{cast, product};
use super::values::*;

fn module(name: &str, t: Ty, variants: Vec<Variant>) -> Module {
    Module { name: format!("{name}.{}", t.ir()), variants, libm: false }
}

/// The lane-wise intrinsic `name` of the operands' type, called with the operands.
fn intr(name: &str, t: Ty, n: usize, cases: Vec<Vec<u128>>) -> Variant {
    let args = (0..n).map(Arg::Op).collect();
    Variant::intrinsic(name, name, &[Mg::Ret(0)], args, vec![t; n], vec![t], cases)
}

const FCMP: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

const UNARY: &[&str] =
    &["fabs", "sqrt", "floor", "ceil", "trunc", "rint", "nearbyint", "round", "roundeven"];

/// The math library intrinsics of one operand (results as the C library's).
const MATH: &[&str] = &[
    "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "exp2", "exp10",
    "log", "log2", "log10",
];

/// `is.fpclass` test masks: each class alone, and some unions.
const CLASSES: &[u32] = &[1, 2, 3, 4, 8, 16, 32, 64, 96, 128, 256, 512, 516, 144, 1023];

pub fn modules(out: &mut Vec<Module>) {
    for &t in FLOATS {
        let full = fp_full(t);
        let small = fp_small(t);
        let one = product(&[&full]);
        let pairs = product(&[&full, &full]);
        for op in ["fadd", "fsub", "fmul", "fdiv", "frem"] {
            let text = move |f: &Form| format!("{op} {}, %a1", f.arg(0));
            out.push(module(
                op,
                t,
                vec![Variant::lanewise(op, vec![t, t], vec![t], text, pairs.clone())],
            ));
        }
        let text = |f: &Form| format!("fneg {}", f.arg(0));
        out.push(module(
            "fneg",
            t,
            vec![Variant::lanewise("fneg", vec![t], vec![t], text, one.clone())],
        ));
        let cmp_cases = product(&[&small, &small]);
        let fcmp = FCMP
            .iter()
            .map(|&p| {
                let text = move |f: &Form| format!("fcmp {p} {}, %a1", f.arg(0));
                Variant::lanewise(
                    format!("fcmp {p}"),
                    vec![t, t],
                    vec![Ty::I(1)],
                    text,
                    cmp_cases.clone(),
                )
            })
            .collect();
        out.push(module("fcmp", t, fcmp));
        let sel = product(&[&[0, 1], &small, &small]);
        let text = |f: &Form| format!("select {}, {}, {}", f.arg(0), f.arg(1), f.arg(2));
        out.push(module(
            "select",
            t,
            vec![Variant::lanewise("select", vec![Ty::I(1), t, t], vec![t], text, sel)],
        ));
        let text = |f: &Form| format!("freeze {}", f.arg(0));
        out.push(module(
            "freeze",
            t,
            vec![Variant::lanewise("freeze", vec![t], vec![t], text, one.clone())],
        ));
        casts(t, out);
        for op in UNARY {
            out.push(module(op, t, vec![intr(&format!("llvm.{op}"), t, 1, one.clone())]));
        }
        out.push(module("copysign", t, vec![intr("llvm.copysign", t, 2, pairs.clone())]));
        // minnum/maxnum of +0 and -0 may return either.
        let no_mixed_zeros: Vec<Vec<u128>> = pairs
            .iter()
            .filter(|c| !(is_zero(t, c[0]) && is_zero(t, c[1]) && c[0] != c[1]))
            .cloned()
            .collect();
        for op in ["minnum", "maxnum"] {
            out.push(module(
                op,
                t,
                vec![intr(&format!("llvm.{op}"), t, 2, no_mixed_zeros.clone())],
            ));
        }
        for op in ["minimum", "maximum"] {
            out.push(module(op, t, vec![intr(&format!("llvm.{op}"), t, 2, pairs.clone())]));
        }
        // Products of these are exact, so fused or not, the result is the same.
        let exact = fp_exact(t);
        let triples = product(&[&exact, &exact, &exact]);
        out.push(module("fmuladd", t, vec![intr("llvm.fmuladd", t, 3, triples.clone())]));
        let mut fused = triples;
        fused.extend(fma_cases(t));
        out.push(module("fma", t, vec![intr("llvm.fma", t, 3, fused)]));
        let mut classes: Vec<u128> = full.clone();
        classes.push(snan(t));
        let classes = product(&[&classes]);
        let vs = CLASSES
            .iter()
            .map(|&m| {
                let args = vec![Arg::Op(0), Arg::Imm(format!("i32 {m}"))];
                let label = format!("llvm.is.fpclass(x, {m})");
                Variant::intrinsic(
                    label,
                    "llvm.is.fpclass",
                    &[Mg::Op(0)],
                    args,
                    vec![t],
                    vec![Ty::I(1)],
                    classes.clone(),
                )
            })
            .collect();
        out.push(module("is.fpclass", t, vs));
        conversions(t, out);
        exponents(t, &full, out);
        for op in MATH {
            let mut m = module(op, t, vec![intr(&format!("llvm.{op}"), t, 1, one.clone())]);
            m.libm = true;
            out.push(m);
        }
        for op in ["pow", "atan2"] {
            let mut m = module(op, t, vec![intr(&format!("llvm.{op}"), t, 2, pairs.clone())]);
            m.libm = true;
            out.push(m);
        }
        reductions(t, &full, out);
    }
}

/// Cases where a fused multiply-add differs from a multiply and an add.
fn fma_cases(t: Ty) -> Vec<Vec<u128>> {
    let f = |x: f64| fp_from_f64(t, x);
    let eps = 2f64.powi(
        -(match t {
            Ty::Half => 10,
            Ty::BFloat => 7,
            Ty::Float => 23,
            _ => 52,
        }),
    );
    let big = fp_max(t);
    let neg_big = big | (1u128 << (t.bits() - 1));
    let two = f(2.0).unwrap_or(0);
    let mut out = vec![vec![big, two, neg_big]];
    for (a, b, c) in [(1.0 + eps, 1.0 - eps, -1.0), (0.1, 10.0, -1.0), (1.0 + eps, 1.0 + eps, -1.0)]
    {
        if let (Some(a), Some(b), Some(c)) = (f(a), f(b), f(c)) {
            out.push(vec![a, b, c]);
        }
    }
    out
}

fn casts(t: Ty, out: &mut Vec<Module>) {
    let w = t.bits();
    let conv = fp_convert(t);
    let one = product(&[&conv]);
    let narrower: Vec<Variant> = FLOATS
        .iter()
        .filter(|d| d.bits() < w)
        .map(|&d| cast("fptrunc", "", t, d, one.clone()))
        .collect();
    if !narrower.is_empty() {
        out.push(module("fptrunc", t, narrower));
    }
    let wider: Vec<Variant> = FLOATS
        .iter()
        .filter(|d| d.bits() > w)
        .map(|&d| cast("fpext", "", t, d, one.clone()))
        .collect();
    if !wider.is_empty() {
        out.push(module("fpext", t, wider));
    }
    for (op, signed) in [("fptoui", false), ("fptosi", true)] {
        let vs = INTS
            .iter()
            .map(|&d| {
                let ok = one.iter().filter(|c| fits_int(t, c[0], d, signed)).cloned().collect();
                cast(op, "", t, d, ok)
            })
            .collect();
        out.push(module(op, t, vs));
    }
    let mut bc = vec![cast("bitcast", "", t, t.storage(), product(&[&fp_full(t)]))];
    for &d in FLOATS.iter().filter(|&&d| d.bits() == w && d != t) {
        bc.push(cast("bitcast", "", t, d, product(&[&fp_full(t)])));
    }
    out.push(module("bitcast", t, bc));
}

/// `fptosi.sat`, `fptoui.sat` and the `lround` family.
fn conversions(t: Ty, out: &mut Vec<Module>) {
    let one = product(&[&fp_convert(t)]);
    for op in ["fptosi.sat", "fptoui.sat"] {
        let name = format!("llvm.{op}");
        let vs = INTS
            .iter()
            .map(|&d| {
                let label = format!("{name} to {}", d.ir());
                Variant::intrinsic(
                    label,
                    &name,
                    &[Mg::Ret(0), Mg::Op(0)],
                    vec![Arg::Op(0)],
                    vec![t],
                    vec![d],
                    one.clone(),
                )
            })
            .collect();
        out.push(module(op, t, vs));
    }
    // An out-of-range result is unspecified: only the ones that fit.
    for (op, rets, even) in [
        ("lround", &[32u32, 64][..], false),
        ("llround", &[64][..], false),
        ("lrint", &[32, 64][..], true),
        ("llrint", &[64][..], true),
    ] {
        let name = format!("llvm.{op}");
        let vs = rets
            .iter()
            .map(|&r| {
                let d = Ty::I(r);
                let fits = |c: &&Vec<u128>| {
                    let x = fp_value(t, c[0]);
                    let r = if even { x.round_ties_even() } else { x.round() };
                    r.is_finite()
                        && r >= -2f64.powi(d.bits() as i32 - 1)
                        && r < 2f64.powi(d.bits() as i32 - 1)
                };
                let ok = one.iter().filter(fits).cloned().collect();
                let label = format!("{name} to {}", d.ir());
                let mut v = Variant::intrinsic(
                    label,
                    &name,
                    &[Mg::Ret(0), Mg::Op(0)],
                    vec![Arg::Op(0)],
                    vec![t],
                    vec![d],
                    ok,
                );
                // LLVM 19 has lrint on vectors, not lround.
                if !even {
                    v.forms = vec![1];
                }
                v
            })
            .collect();
        out.push(module(op, t, vs));
    }
}

/// `ldexp` and `powi`.
fn exponents(t: Ty, full: &[u128], out: &mut Vec<Module>) {
    let i32t = Ty::I(32);
    let exps: Vec<u128> =
        [0i64, 1, -1, 3, -3, 20, -30, 200, -1100, 1100, i32::MAX as i64, i32::MIN as i64]
            .iter()
            .map(|&e| (e as u128) & i32t.mask())
            .collect();
    let args = vec![Arg::Op(0), Arg::Op(1)];
    let v = Variant::intrinsic(
        "llvm.ldexp",
        "llvm.ldexp",
        &[Mg::Ret(0), Mg::Op(1)],
        args,
        vec![t, i32t],
        vec![t],
        product(&[full, &exps]),
    );
    out.push(module("ldexp", t, vec![v]));
    // The order of the multiplications is unspecified: exponents up to 3 (one order of
    // products), and negative ones only where the reciprocal is exact.
    let mut cases = product(&[full, &[0, 1, 2, 3, i32t.mask()]]);
    let pow2: Vec<u128> = full
        .iter()
        .copied()
        .filter(|&v| {
            let x = fp_value(t, v).abs();
            !x.is_finite() || x == 0.0 || x.log2().fract() == 0.0
        })
        .collect();
    cases
        .extend(product(&[&pow2, &[(-2i64 as u128) & i32t.mask(), (-3i64 as u128) & i32t.mask()]]));
    let mut v = Variant::intrinsic(
        "llvm.powi",
        "llvm.powi",
        &[Mg::Ret(0), Mg::Op(1)],
        vec![Arg::Op(0), Arg::Op(1)],
        vec![t, i32t],
        vec![t],
        cases,
    );
    v.uniform = vec![false, true];
    out.push(module("powi", t, vec![v]));
}

fn reductions(t: Ty, full: &[u128], out: &mut Vec<Module>) {
    let reduce = |op: &str, cases: Vec<Vec<u128>>, start: bool| {
        let name = format!("llvm.vector.reduce.{op}");
        let mut v = if start {
            let mut v = Variant::intrinsic(
                &name,
                &name,
                &[Mg::Op(1)],
                vec![Arg::Op(0), Arg::Op(1)],
                vec![t, t],
                vec![t],
                cases,
            );
            v.uniform = vec![true, false];
            v
        } else {
            Variant::intrinsic(
                &name,
                &name,
                &[Mg::Op(0)],
                vec![Arg::Op(0)],
                vec![t],
                vec![t],
                cases,
            )
        };
        v.forms = VECTOR_WIDTHS.to_vec();
        v.res_scalar = true;
        v
    };
    let starts = [fp_from_f64(t, -0.0).unwrap_or(0), fp_from_f64(t, 1.0).unwrap_or(0)];
    for op in ["fadd", "fmul"] {
        out.push(module(
            &format!("reduce.{op}"),
            t,
            vec![reduce(op, product(&[&starts, full]), true)],
        ));
    }
    // Like minnum and maxnum, either zero may come out when both are there.
    let pos: Vec<u128> = full
        .iter()
        .copied()
        .filter(|&v| !is_zero(t, v) || fp_value(t, v).is_sign_positive())
        .collect();
    let neg: Vec<u128> = full
        .iter()
        .copied()
        .filter(|&v| !is_zero(t, v) || fp_value(t, v).is_sign_negative())
        .collect();
    for op in ["fmax", "fmin"] {
        let vs = vec![reduce(op, product(&[&pos]), false), reduce(op, product(&[&neg]), false)];
        out.push(module(&format!("reduce.{op}"), t, vs));
    }
    for op in ["fmaximum", "fminimum"] {
        out.push(module(&format!("reduce.{op}"), t, vec![reduce(op, product(&[full]), false)]));
    }
}
