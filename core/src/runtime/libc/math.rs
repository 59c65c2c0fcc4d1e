//! `<math.h>`: the double and float functions, through the pure-Rust `libm` (the same results
//! on every engine and host), with x86's NaN selection for doubles.

use crate::runtime::libfn::LibFn;
use crate::semantics::fp::fix64;

/// The bits of `f`'s result for the arguments whose bits `arg` gives; `None` when `f` is not a
/// math function.
pub(super) fn math(f: LibFn, arg: &dyn Fn(usize) -> u64) -> Option<u64> {
    let d = |i: usize| f64::from_bits(arg(i));
    let g = |i: usize| f32::from_bits(arg(i) as u32);
    let fix = |r: f64| fix64(r, d(0), d(1));
    let f64r = |x: f64| Some(x.to_bits());
    let f32r = |x: f32| Some(u64::from(x.to_bits()));
    match f {
        LibFn::Sqrt => f64r(fix(d(0).sqrt())),
        LibFn::Sqrtf => f32r(g(0).sqrt()),
        LibFn::Fabs => f64r(d(0).abs()),
        LibFn::Fabsf => f32r(g(0).abs()),
        LibFn::Sin => f64r(fix(libm::sin(d(0)))),
        LibFn::Cos => f64r(fix(libm::cos(d(0)))),
        LibFn::Tan => f64r(fix(libm::tan(d(0)))),
        LibFn::Asin => f64r(fix(libm::asin(d(0)))),
        LibFn::Acos => f64r(fix(libm::acos(d(0)))),
        LibFn::Atan => f64r(fix(libm::atan(d(0)))),
        LibFn::Atan2 => f64r(fix(libm::atan2(d(0), d(1)))),
        LibFn::Sinh => f64r(fix(libm::sinh(d(0)))),
        LibFn::Cosh => f64r(fix(libm::cosh(d(0)))),
        LibFn::Tanh => f64r(fix(libm::tanh(d(0)))),
        LibFn::Exp => f64r(fix(libm::exp(d(0)))),
        LibFn::Exp2 => f64r(fix(libm::exp2(d(0)))),
        LibFn::Exp10 => f64r(fix(libm::exp10(d(0)))),
        LibFn::Log => f64r(fix(libm::log(d(0)))),
        LibFn::Log2 => f64r(fix(libm::log2(d(0)))),
        LibFn::Log10 => f64r(fix(libm::log10(d(0)))),
        LibFn::Log1p => f64r(fix(libm::log1p(d(0)))),
        LibFn::Expm1 => f64r(fix(libm::expm1(d(0)))),
        LibFn::Cbrt => f64r(fix(libm::cbrt(d(0)))),
        LibFn::Pow => f64r(fix(libm::pow(d(0), d(1)))),
        LibFn::Hypot => f64r(fix(libm::hypot(d(0), d(1)))),
        LibFn::Fmod => f64r(fix(d(0) % d(1))),
        LibFn::Fma => f64r(libm::fma(d(0), d(1), d(2))),
        LibFn::Floor => f64r(d(0).floor()),
        LibFn::Ceil => f64r(d(0).ceil()),
        LibFn::Trunc => f64r(d(0).trunc()),
        LibFn::Round => f64r(d(0).round()),
        LibFn::Rint => f64r(libm::rint(d(0))),
        LibFn::Fmin => f64r(libm::fmin(d(0), d(1))),
        LibFn::Fmax => f64r(libm::fmax(d(0), d(1))),
        LibFn::Ldexp => f64r(libm::ldexp(d(0), arg(1) as i32)),
        LibFn::Sinf => f32r(libm::sinf(g(0))),
        LibFn::Cosf => f32r(libm::cosf(g(0))),
        LibFn::Tanf => f32r(libm::tanf(g(0))),
        LibFn::Atanf => f32r(libm::atanf(g(0))),
        LibFn::Expf => f32r(libm::expf(g(0))),
        LibFn::Exp2f => f32r(libm::exp2f(g(0))),
        LibFn::Exp10f => f32r(libm::exp10f(g(0))),
        LibFn::Logf => f32r(libm::logf(g(0))),
        LibFn::Log2f => f32r(libm::log2f(g(0))),
        LibFn::Log10f => f32r(libm::log10f(g(0))),
        LibFn::Powf => f32r(libm::powf(g(0), g(1))),
        LibFn::Atan2f => f32r(libm::atan2f(g(0), g(1))),
        LibFn::Fmodf => f32r(g(0) % g(1)),
        LibFn::Fmaf => f32r(libm::fmaf(g(0), g(1), g(2))),
        LibFn::Fminf => f32r(libm::fminf(g(0), g(1))),
        LibFn::Fmaxf => f32r(libm::fmaxf(g(0), g(1))),
        LibFn::Floorf => f32r(g(0).floor()),
        LibFn::Ceilf => f32r(g(0).ceil()),
        LibFn::Roundf => f32r(g(0).round()),
        LibFn::Truncf => f32r(g(0).trunc()),
        LibFn::Lround => Some(d(0).round() as i64 as u64),
        _ => None,
    }
}
