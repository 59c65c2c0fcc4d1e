//! The C math functions of the float intrinsics (`llvm.sin`, `llvm.pow`, ...): which ones
//! there are, their C names, and what they compute (the pure-Rust `libm`, single precision
//! where it has the function), for the interpreter and for the code generator's calls.

use crate::ir::FloatKind;
use crate::semantics::fp;

/// A function of the C math library (computed by the pure-Rust `libm`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Math {
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Exp2,
    Exp10,
    Log,
    Log2,
    Log10,
    Pow,
    Atan2,
}

impl Math {
    /// The double-precision function of one operand.
    pub fn f64_fn(self) -> Option<fn(f64) -> f64> {
        Some(match self {
            Math::Sqrt => libm::sqrt,
            Math::Sin => libm::sin,
            Math::Cos => libm::cos,
            Math::Tan => libm::tan,
            Math::Asin => libm::asin,
            Math::Acos => libm::acos,
            Math::Atan => libm::atan,
            Math::Sinh => libm::sinh,
            Math::Cosh => libm::cosh,
            Math::Tanh => libm::tanh,
            Math::Exp => libm::exp,
            Math::Exp2 => libm::exp2,
            Math::Exp10 => libm::exp10,
            Math::Log => libm::log,
            Math::Log2 => libm::log2,
            Math::Log10 => libm::log10,
            Math::Pow | Math::Atan2 => return None,
        })
    }

    /// The single-precision function of one operand, where `libm` has one.
    pub fn f32_fn(self) -> Option<fn(f32) -> f32> {
        Some(match self {
            Math::Sin => libm::sinf,
            Math::Cos => libm::cosf,
            Math::Tan => libm::tanf,
            Math::Exp => libm::expf,
            Math::Exp2 => libm::exp2f,
            Math::Exp10 => libm::exp10f,
            Math::Log => libm::logf,
            Math::Log2 => libm::log2f,
            Math::Log10 => libm::log10f,
            Math::Sqrt
            | Math::Asin
            | Math::Acos
            | Math::Atan
            | Math::Sinh
            | Math::Cosh
            | Math::Tanh
            | Math::Pow
            | Math::Atan2 => return None,
        })
    }
}

impl Math {
    /// The C name of the `double` function.
    pub fn name(self) -> &'static str {
        match self {
            Math::Sqrt => "sqrt",
            Math::Sin => "sin",
            Math::Cos => "cos",
            Math::Tan => "tan",
            Math::Asin => "asin",
            Math::Acos => "acos",
            Math::Atan => "atan",
            Math::Atan2 => "atan2",
            Math::Sinh => "sinh",
            Math::Cosh => "cosh",
            Math::Tanh => "tanh",
            Math::Exp => "exp",
            Math::Exp2 => "exp2",
            Math::Exp10 => "exp10",
            Math::Log => "log",
            Math::Log2 => "log2",
            Math::Log10 => "log10",
            Math::Pow => "pow",
        }
    }
    /// True when `float` is computed by the single-precision function (`sinf`); else the
    /// value is promoted to `double` and the result rounded.
    pub fn has_f32(self) -> bool {
        matches!(self, Math::Pow | Math::Atan2) || self.f32_fn().is_some()
    }
    /// The number of operands.
    pub fn arity(self) -> usize {
        if matches!(self, Math::Pow | Math::Atan2) {
            2
        } else {
            1
        }
    }
}

/// C math function `f` of `x` (and `y`) in format `k`, as bits: single precision through
/// `libm`'s `f32` functions where it has them, the others through `f64`.
pub fn math(f: Math, k: FloatKind, xb: u128, yb: u128) -> u128 {
    if k == FloatKind::Float {
        let xf = f32::from_bits(xb as u32);
        let yf = f32::from_bits(yb as u32);
        let r = match (f, f.f32_fn(), f.f64_fn()) {
            (Math::Pow, _, _) => libm::powf(xf, yf),
            (Math::Atan2, _, _) => libm::atan2f(xf, yf),
            (_, Some(g), _) => g(xf),
            (_, None, Some(g)) => g(xf as f64) as f32,
            (_, None, None) => f32::NAN,
        };
        fp::fix32(r, xf, xf).to_bits() as u128
    } else {
        let xf = fp::to_f64(k, xb);
        let r = match (f, f.f64_fn()) {
            (Math::Pow, _) => libm::pow(xf, fp::to_f64(k, yb)),
            (Math::Atan2, _) => libm::atan2(xf, fp::to_f64(k, yb)),
            (_, Some(g)) => g(xf),
            (_, None) => f64::NAN,
        };
        fp::from_f64(k, fp::fix64(r, xf, xf))
    }
}
