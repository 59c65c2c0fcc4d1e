//! The matrix's integer families: the binary instructions, `icmp`, `select`, `freeze`, the
//! casts from integers, and the integer intrinsics (overflow, saturating, min/max, compare,
//! `abs`, bit counts, funnel shifts, byte and bit reversal, reductions), with the input
//! combinations that would be poison or undefined behaviour left out. `scmp` and `ucmp` are
//! left out: the interpreter does not implement them.

use super::gen::{Arg, Mg, Module, Variant, VECTOR_WIDTHS};
use super::values::*;

/// All combinations of one value from each list.
pub fn product(lists: &[&[u128]]) -> Vec<Vec<u128>> {
    let mut out = vec![vec![]];
    for l in lists {
        out = out
            .iter()
            .flat_map(|c| l.iter().map(move |&v| [c.clone(), vec![v]].concat()))
            .collect();
    }
    out
}

fn module(name: &str, t: Ty, variants: Vec<Variant>) -> Module {
    Module { name: format!("{name}.{}", t.ir()), variants, libm: false }
}

/// Whether `op a, b` is defined (not poison, not undefined behaviour).
fn binop_ok(op: &str, t: Ty, a: u128, b: u128) -> bool {
    match op {
        "udiv" | "urem" => b != 0,
        "sdiv" | "srem" => b != 0 && !(a == smin(t) && b == t.mask()),
        "shl" | "lshr" | "ashr" => b < t.bits() as u128,
        _ => true,
    }
}

const BINOPS: &[&str] = &[
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
];
const ICMP: &[&str] = &["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"];

/// The generic lane-wise intrinsic `name` of the operands' type, with the operands as its
/// arguments.
fn intr(name: &str, t: Ty, n: usize, cases: Vec<Vec<u128>>) -> Variant {
    let args = (0..n).map(Arg::Op).collect();
    Variant::intrinsic(name, name, &[Mg::Ret(0)], args, vec![t; n], vec![t], cases)
}

pub fn modules(out: &mut Vec<Module>) {
    for &t in INTS {
        let full = int_full(t);
        let small = int_small(t);
        let w = t.bits();
        let pairs = product(&[&full, &full]);
        for &op in BINOPS {
            let cases = pairs.iter().filter(|c| binop_ok(op, t, c[0], c[1])).cloned().collect();
            let text = move |f: &super::gen::Form| format!("{op} {}, %a1", f.arg(0));
            out.push(module(op, t, vec![Variant::lanewise(op, vec![t, t], vec![t], text, cases)]));
        }
        let icmp = ICMP
            .iter()
            .map(|&p| {
                let text = move |f: &super::gen::Form| format!("icmp {p} {}, %a1", f.arg(0));
                Variant::lanewise(
                    format!("icmp {p}"),
                    vec![t, t],
                    vec![Ty::I(1)],
                    text,
                    pairs.clone(),
                )
            })
            .collect();
        out.push(module("icmp", t, icmp));
        let sel = product(&[&[0, 1], &small, &small]);
        let text =
            |f: &super::gen::Form| format!("select {}, {}, {}", f.arg(0), f.arg(1), f.arg(2));
        let sel = Variant::lanewise("select", vec![Ty::I(1), t, t], vec![t], text, sel);
        out.push(module("select", t, vec![sel]));
        let one = product(&[&full]);
        let text = |f: &super::gen::Form| format!("freeze {}", f.arg(0));
        out.push(module(
            "freeze",
            t,
            vec![Variant::lanewise("freeze", vec![t], vec![t], text, one.clone())],
        ));
        casts(t, &one, out);
        intrinsics(t, &full, &small, &pairs, out);
        let _ = w;
    }
}

/// A cast `op` from the operand's type to `to` (`extra`: text after the opcode).
pub fn cast(op: &str, extra: &str, from: Ty, to: Ty, cases: Vec<Vec<u128>>) -> Variant {
    let (op, extra) = (op.to_string(), extra.to_string());
    let label = format!("{op}{extra} to {}", to.ir());
    Variant::lanewise(
        label,
        vec![from],
        vec![to],
        move |f| format!("{op}{extra} {} to {}", f.arg(0), f.res[0]),
        cases,
    )
}

/// A bitcast between a scalar and a vector of `k` lanes (`to_vector`: from the scalar).
pub fn bitcast_lanes(
    scalar: Ty,
    lane: Ty,
    k: u32,
    to_vector: bool,
    cases: Vec<Vec<u128>>,
) -> Variant {
    let label = if to_vector {
        format!("bitcast {} to <{k} x {}>", scalar.ir(), lane.ir())
    } else {
        format!("bitcast <{k} x {}> to {}", lane.ir(), scalar.ir())
    };
    let (from, to) = if to_vector { (scalar, lane) } else { (lane, scalar) };
    let mut v = Variant::lanewise(
        label,
        vec![from],
        vec![to],
        |f| format!("bitcast {} to {}", f.arg(0), f.res[0]),
        cases,
    );
    v.forms = vec![k];
    v.uniform = vec![to_vector];
    v.res_scalar = !to_vector;
    v
}

fn casts(t: Ty, one: &[Vec<u128>], out: &mut Vec<Module>) {
    let w = t.bits();
    let all = || one.to_vec();
    let narrower: Vec<Variant> =
        INTS.iter().filter(|d| d.bits() < w).map(|&d| cast("trunc", "", t, d, all())).collect();
    if !narrower.is_empty() {
        out.push(module("trunc", t, narrower));
    }
    for op in ["zext", "sext"] {
        let wider: Vec<Variant> =
            INTS.iter().filter(|d| d.bits() > w).map(|&d| cast(op, "", t, d, all())).collect();
        if !wider.is_empty() {
            out.push(module(op, t, wider));
        }
    }
    let nonneg: Vec<Vec<u128>> = one.iter().filter(|c| sx(t, c[0]) >= 0).cloned().collect();
    let mut u = Vec::new();
    for &d in FLOATS {
        u.push(cast("uitofp", "", t, d, all()));
        u.push(cast("uitofp", " nneg", t, d, nonneg.clone()));
    }
    out.push(module("uitofp", t, u));
    out.push(module(
        "sitofp",
        t,
        FLOATS.iter().map(|&d| cast("sitofp", "", t, d, all())).collect(),
    ));
    let mut bc = Vec::new();
    for &d in FLOATS.iter().filter(|d| d.bits() == w) {
        bc.push(cast("bitcast", "", t, d, all()));
    }
    for &(lane, k) in
        &[(Ty::I(8), 2), (Ty::I(1), 16), (Ty::I(8), 4), (Ty::I(32), 2), (Ty::I(32), 4)]
    {
        if lane.bits() * k == w {
            bc.push(bitcast_lanes(t, lane, k, true, all()));
        }
        if lane == t {
            bc.push(bitcast_lanes(Ty::I(w * k), t, k, false, all()));
        }
    }
    if !bc.is_empty() {
        out.push(module("bitcast", t, bc));
    }
}

fn intrinsics(t: Ty, full: &[u128], small: &[u128], pairs: &[Vec<u128>], out: &mut Vec<Module>) {
    let w = t.bits();
    let i1 = Ty::I(1);
    for op in ["sadd", "uadd", "ssub", "usub", "smul", "umul"] {
        let name = format!("llvm.{op}.with.overflow");
        let args = vec![Arg::Op(0), Arg::Op(1)];
        let v = Variant::intrinsic(
            &name,
            &name,
            &[Mg::Ret(0)],
            args,
            vec![t, t],
            vec![t, i1],
            pairs.to_vec(),
        );
        out.push(module(&format!("{op}.with.overflow"), t, vec![v]));
    }
    for op in ["sadd", "uadd", "ssub", "usub", "sshl", "ushl"] {
        let shift = op.ends_with("shl");
        let cases = pairs.iter().filter(|c| !shift || c[1] < w as u128).cloned().collect();
        out.push(module(
            &format!("{op}.sat"),
            t,
            vec![intr(&format!("llvm.{op}.sat"), t, 2, cases)],
        ));
    }
    for op in ["smin", "smax", "umin", "umax"] {
        out.push(module(op, t, vec![intr(&format!("llvm.{op}"), t, 2, pairs.to_vec())]));
    }
    let one = product(&[full]);
    let nonzero: Vec<Vec<u128>> = one.iter().filter(|c| c[0] != 0).cloned().collect();
    let not_min: Vec<Vec<u128>> = one.iter().filter(|c| c[0] != smin(t)).cloned().collect();
    let flagged = |name: &str, flag: bool, cases: Vec<Vec<u128>>| {
        let args = vec![Arg::Op(0), Arg::Imm(format!("i1 {flag}"))];
        let label = format!("llvm.{name}(x, {flag})");
        Variant::intrinsic(
            label,
            &format!("llvm.{name}"),
            &[Mg::Ret(0)],
            args,
            vec![t],
            vec![t],
            cases,
        )
    };
    out.push(module(
        "abs",
        t,
        vec![flagged("abs", false, one.clone()), flagged("abs", true, not_min)],
    ));
    for op in ["ctlz", "cttz"] {
        out.push(module(
            op,
            t,
            vec![flagged(op, false, one.clone()), flagged(op, true, nonzero.clone())],
        ));
    }
    out.push(module("ctpop", t, vec![intr("llvm.ctpop", t, 1, one.clone())]));
    out.push(module("bitreverse", t, vec![intr("llvm.bitreverse", t, 1, one.clone())]));
    if w.is_multiple_of(16) {
        out.push(module("bswap", t, vec![intr("llvm.bswap", t, 1, one.clone())]));
    }
    let funnel = product(&[small, small, &int_amounts(t)]);
    for op in ["fshl", "fshr"] {
        out.push(module(op, t, vec![intr(&format!("llvm.{op}"), t, 3, funnel.clone())]));
    }
    for op in ["add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin"] {
        let name = format!("llvm.vector.reduce.{op}");
        let mut v = Variant::intrinsic(
            &name,
            &name,
            &[Mg::Op(0)],
            vec![Arg::Op(0)],
            vec![t],
            vec![t],
            one.clone(),
        );
        v.forms = VECTOR_WIDTHS.to_vec();
        v.res_scalar = true;
        out.push(module(&format!("reduce.{op}"), t, vec![v]));
    }
}
