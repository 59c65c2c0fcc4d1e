//! The native ABI test's AArch64 signatures: the shapes clang-19 gives C functions for
//! AAPCS64 (Linux) and a few LLVM-only ones, over the same argument and result kinds as the
//! x86-64 set plus arrays: homogeneous floating-point aggregates (`[N x float]`,
//! `[N x double]`, N <= 4: all in consecutive vector registers or all on the stack), `[2 x
//! i64]` (small structs as clang coerces them), first-class structs (each member placed on
//! its own), `i128` (an even register pair), `byval` and `sret` (in x8) structs, `<2 x float>`
//! (one vector register), variadic calls (the variadic arguments in registers like fixed
//! ones) and more than eight integer or vector arguments (the rest on the stack).

use super::*;

pub const CLASSES_A64: [&str; 12] = [
    "narrow-int",
    "float",
    "i128",
    "hfa",
    "int-array",
    "struct",
    "byval",
    "sret",
    "variadic",
    "many-args",
    "v2f32",
    "mixed",
];

/// First-class structs as clang leaves them for AAPCS64 (only HFAs and `[2 x i64]` are
/// arrays; LLVM-only struct shapes test the per-member placement).
const STRUCTS_A64: [&[Leaf]; 6] = [
    &[Leaf::I(64), Leaf::I(64)],
    &[Leaf::F64, Leaf::F64],
    &[Leaf::I(64), Leaf::F64],
    &[Leaf::I(32), Leaf::F32],
    &[Leaf::F32, Leaf::F32, Leaf::F64],
    &[Leaf::I(64), Leaf::I(32), Leaf::F64],
];

/// A homogeneous floating-point aggregate: `[n x float]` or `[n x double]`, n in 1..=4.
fn hfa(r: &mut Rng) -> Vec<Leaf> {
    let l = if r.percent(50) { Leaf::F32 } else { Leaf::F64 };
    vec![l; r.range(1, 4)]
}

fn arr_arg(r: &mut Rng, ls: Vec<Leaf>) -> Arg {
    Arg::Arr(ls.into_iter().map(|l| (l, l.random(r))).collect())
}

fn hfa_arg(r: &mut Rng) -> Arg {
    let ls = hfa(r);
    arr_arg(r, ls)
}

fn pair_arg(r: &mut Rng) -> Arg {
    arr_arg(r, vec![Leaf::I(64); 2])
}

fn struct_arg(r: &mut Rng) -> Arg {
    let ls = r.pick(&STRUCTS_A64);
    Arg::Agg(ls.iter().map(|l| (*l, l.random(r))).collect())
}

/// Any argument but `byval` (which needs the signature's structs).
fn any_arg(r: &mut Rng) -> Arg {
    match r.below(12) {
        0 => int_arg(r, 128),
        1 => hfa_arg(r),
        2 => pair_arg(r),
        3 => struct_arg(r),
        4 => Arg::V2F32([rand_f32(r), rand_f32(r)]),
        _ => scalar_arg(r),
    }
}

fn draw_a64(r: &mut Rng, id: usize) -> Sig {
    let class = CLASSES_A64[id % CLASSES_A64.len()];
    let mut structs = Vec::new();
    let mut params = Vec::new();
    let mut varargs = None;
    let ret;
    match class {
        "narrow-int" => {
            for _ in 0..r.range(1, 11) {
                let b = r.pick(&[1, 8, 8, 16, 16, 32, 64]);
                params.push(int_arg(r, b));
            }
            ret = Ret::Int { bits: r.pick(&[1, 8, 16, 32, 64]), ext: r.pick(&EXTS) };
        }
        "float" => {
            for _ in 0..r.range(1, 12) {
                params.push(if r.percent(50) {
                    Arg::F32(rand_f32(r))
                } else {
                    Arg::F64(rand_f64(r))
                });
            }
            ret = if r.percent(33) { Ret::F32 } else { Ret::F64 };
        }
        "i128" => {
            // Odd counts of integers before an i128 skip a register (its pair is even).
            for _ in 0..r.range(1, 8) {
                params.push(if r.percent(40) { int_arg(r, 128) } else { scalar_arg(r) });
            }
            if !params.iter().any(|a| matches!(a, Arg::Int { bits: 128, .. })) {
                let at = r.range(0, params.len());
                params.insert(at, int_arg(r, 128));
            }
            ret = if r.percent(60) { Ret::Int { bits: 128, ext: Ext::No } } else { scalar_ret(r) };
        }
        "hfa" => {
            // Enough of them that some no longer fit the eight vector registers.
            for _ in 0..r.range(1, 6) {
                params.push(if r.percent(70) { hfa_arg(r) } else { scalar_arg(r) });
            }
            ret = if r.percent(70) { Ret::Arr(hfa(r)) } else { scalar_ret(r) };
        }
        "int-array" => {
            for _ in 0..r.range(1, 7) {
                params.push(if r.percent(60) { pair_arg(r) } else { scalar_arg(r) });
            }
            ret = if r.percent(60) { Ret::Arr(vec![Leaf::I(64); 2]) } else { scalar_ret(r) };
        }
        "struct" => {
            for _ in 0..r.range(1, 6) {
                params.push(if r.percent(60) { struct_arg(r) } else { scalar_arg(r) });
            }
            ret =
                if r.percent(70) { Ret::Agg(r.pick(&STRUCTS_A64).to_vec()) } else { scalar_ret(r) };
        }
        "byval" => {
            for _ in 0..r.range(0, 10) {
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
                params.push(if r.percent(80) { scalar_arg(r) } else { any_arg(r) });
            }
            ret = Ret::Sret(s);
        }
        "variadic" => {
            for _ in 0..r.range(1, 4) {
                params.push(match r.below(3) {
                    0 => int_arg(r, 32),
                    1 => int_arg(r, 64),
                    _ => Arg::F64(rand_f64(r)),
                });
            }
            // Up to 16: past the eight registers of each kind, onto the stack.
            let n = r.range(0, 16);
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
            for _ in 0..r.range(10, 18) {
                params.push(if r.percent(25) { any_arg(r) } else { scalar_arg(r) });
            }
            ret = if r.percent(30) { Ret::Arr(hfa(r)) } else { scalar_ret(r) };
        }
        "v2f32" => {
            for _ in 0..r.range(1, 10) {
                params.push(if r.percent(40) {
                    Arg::V2F32([rand_f32(r), rand_f32(r)])
                } else {
                    scalar_arg(r)
                });
            }
            ret = if r.percent(50) { Ret::V2F32 } else { scalar_ret(r) };
        }
        _ => {
            for _ in 0..r.range(1, 14) {
                params.push(if r.percent(15) { byval_arg(r, &mut structs) } else { any_arg(r) });
            }
            ret = match r.below(7) {
                0 => Ret::Sret(new_struct(r, &mut structs)),
                1 => Ret::Agg(r.pick(&STRUCTS_A64).to_vec()),
                2 => Ret::Int { bits: 128, ext: Ext::No },
                3 => Ret::Arr(hfa(r)),
                4 => Ret::Arr(vec![Leaf::I(64); 2]),
                5 => Ret::V2F32,
                _ => scalar_ret(r),
            };
        }
    }
    Sig { abi: Abi::Aapcs64, id, class, params, varargs, ret, structs }
}

/// `n` AAPCS64 signatures from `seed`.
pub fn signatures_a64(seed: u64, n: usize) -> Vec<Sig> {
    let mut r = Rng(seed);
    (0..n).map(|id| draw_a64(&mut r, id)).collect()
}
