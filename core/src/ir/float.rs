//! Floating-point constants as LLVM reads them: decimal and hex literals converted exactly
//! into each format's bit pattern (IEEE semantics through `rustc_apfloat`, LLVM's APFloat).
//!
//! Bit patterns are stored in the low bits of a `u128`: `half`/`bfloat` 16, `float` 32,
//! `double` 64, `x86_fp80` 80, `fp128`/`ppc_fp128` 128 (for `ppc_fp128` the high-order double
//! in the low 64 bits, as LLVM's APInt layout has it).

use super::types::FloatKind;
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert, Round};

fn convert_exact<T>(d: Double) -> Option<u128>
where
    Double: FloatConvert<T>,
    T: Float,
{
    let mut loses = false;
    let r = FloatConvert::<T>::convert(d, &mut loses).value;
    (!loses).then(|| r.to_bits())
}

/// Converts a double into `kind`'s bit pattern if that loses no information (LLVM's
/// `ConstantFP::isValueValidForType`).
pub fn from_double_exact(kind: FloatKind, d: f64) -> Option<u128> {
    let raw = d.to_bits();
    let signaling = d.is_nan() && raw & (1 << 51) == 0;
    let bits = from_double_exact_inner(kind, d)?;
    if !signaling || kind == FloatKind::Double {
        return Some(bits);
    }
    // Conversion quiets a signaling NaN; LLVM makes it signaling again (keeping the payload
    // that fits), so do the same: clear the quiet bit, and keep the significand non-zero.
    let quiet_bit: u32 = match kind {
        FloatKind::Half => 9,
        FloatKind::BFloat => 6,
        FloatKind::Float => 22,
        FloatKind::Fp128 => 111,
        FloatKind::X86Fp80 => 62,
        FloatKind::Double | FloatKind::PpcFp128 => return Some(bits),
    };
    let mut b = bits & !(1u128 << quiet_bit);
    if b & ((1u128 << quiet_bit) - 1) == 0 {
        b |= 1;
    }
    Some(b)
}

fn from_double_exact_inner(kind: FloatKind, d: f64) -> Option<u128> {
    let d = Double::from_bits(d.to_bits() as u128);
    match kind {
        FloatKind::Half => convert_exact::<Half>(d),
        FloatKind::BFloat => convert_exact::<BFloat>(d),
        FloatKind::Float => convert_exact::<Single>(d),
        FloatKind::Double => Some(d.to_bits()),
        FloatKind::Fp128 => convert_exact::<Quad>(d),
        FloatKind::X86Fp80 => convert_exact::<X87DoubleExtended>(d),
        // A double-double holding `d` exactly: the high double is `d`, the low one +0.0.
        FloatKind::PpcFp128 => Some(d.to_bits()),
    }
}

/// Reads a decimal literal the way LLVM does: as a double, then converted exactly to `kind`.
/// `None` when the text is not a number or the value is not representable in `kind`.
pub fn parse_decimal(kind: FloatKind, text: &str) -> Option<u128> {
    let d = Double::from_str_r(text, Round::NearestTiesToEven).ok()?.value;
    from_double_exact(kind, f64::from_bits(d.to_bits() as u64))
}

fn hex_u64(digits: &str) -> Option<u64> {
    if digits.is_empty() {
        return Some(0);
    }
    u64::from_str_radix(digits, 16).ok()
}

/// Reads a hex float literal (`0x...`, `0xK...`, `0xL...`, `0xM...`, `0xH...`, `0xR...`) for a
/// value of type `kind`. `None` when the prefix does not fit the type or the value does not fit.
pub fn parse_hex(kind: FloatKind, hk: HexFloatKind, digits: &str) -> Option<u128> {
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    match hk {
        HexFloatKind::Double => {
            // `0x` + up to 16 digits: the bits of a double, converted exactly.
            if digits.len() > 16 {
                return None;
            }
            from_double_exact(kind, f64::from_bits(hex_u64(digits)?))
        }
        HexFloatKind::Half => (kind == FloatKind::Half && digits.len() <= 4)
            .then(|| hex_u64(digits))
            .flatten()
            .map(u128::from),
        HexFloatKind::BFloat => (kind == FloatKind::BFloat && digits.len() <= 4)
            .then(|| hex_u64(digits))
            .flatten()
            .map(u128::from),
        HexFloatKind::X86Fp80 => {
            if kind != FloatKind::X86Fp80 || digits.len() > 20 {
                return None;
            }
            // The first 4 digits are the sign and exponent, the other 16 the significand.
            let split = digits.len().min(4);
            let (hi, lo) = digits.split_at(split);
            Some(((hex_u64(hi)? as u128) << 64) | hex_u64(lo)? as u128)
        }
        HexFloatKind::Quad | HexFloatKind::PpcDouble => {
            let want =
                if hk == HexFloatKind::Quad { FloatKind::Fp128 } else { FloatKind::PpcFp128 };
            if kind != want || digits.len() > 32 {
                return None;
            }
            // The first 16 digits are the low word, the rest the high word (LLVM's order).
            let split = digits.len().min(16);
            let (lo, hi) = digits.split_at(split);
            Some(((hex_u64(hi)? as u128) << 64) | hex_u64(lo)? as u128)
        }
    }
}

/// The value of a bit pattern as the nearest double (for display and folding).
pub fn to_f64(kind: FloatKind, bits: u128) -> f64 {
    fn conv<T: Float + FloatConvert<Double>>(x: T) -> f64 {
        let mut loses = false;
        f64::from_bits(FloatConvert::<Double>::convert(x, &mut loses).value.to_bits() as u64)
    }
    match kind {
        FloatKind::Half => conv(Half::from_bits(bits)),
        FloatKind::BFloat => conv(BFloat::from_bits(bits)),
        FloatKind::Float => f32::from_bits(bits as u32) as f64,
        FloatKind::Double => f64::from_bits(bits as u64),
        FloatKind::Fp128 => conv(Quad::from_bits(bits)),
        FloatKind::X86Fp80 => conv(X87DoubleExtended::from_bits(bits)),
        // The value is the sum of the two doubles; the high one (low 64 bits) dominates.
        FloatKind::PpcFp128 => f64::from_bits(bits as u64) + f64::from_bits((bits >> 64) as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_exactness_follows_llvm() {
        // `float 0.1` is rejected by llvm-as-19 ("floating point constant invalid for type").
        assert_eq!(parse_decimal(FloatKind::Float, "0.1"), None);
        assert_eq!(parse_decimal(FloatKind::Float, "1.5"), Some(0x3FC0_0000));
        assert_eq!(parse_decimal(FloatKind::Double, "0.1"), Some(0.1f64.to_bits() as u128));
        assert_eq!(parse_decimal(FloatKind::Half, "1.0"), Some(0x3C00));
        // 1.0 in fp128 is printed by LLVM as 0xL00000000000000003FFF000000000000.
        assert_eq!(parse_decimal(FloatKind::Fp128, "1.0"), Some(0x3FFF_u128 << 112));
        assert_eq!(parse_decimal(FloatKind::X86Fp80, "1.0"), Some(0x3FFF_8000_0000_0000_0000));
    }

    #[test]
    fn hex_forms() {
        assert_eq!(
            parse_hex(FloatKind::Fp128, HexFloatKind::Quad, "00000000000000003FFF000000000000"),
            Some(0x3FFF_u128 << 112)
        );
        assert_eq!(
            parse_hex(FloatKind::X86Fp80, HexFloatKind::X86Fp80, "3FFF8000000000000000"),
            Some(0x3FFF_8000_0000_0000_0000)
        );
        assert_eq!(
            parse_hex(FloatKind::Float, HexFloatKind::Double, "3FF0000000000000"),
            Some(0x3F80_0000)
        );
        assert_eq!(parse_hex(FloatKind::Float, HexFloatKind::Double, "3FB999999999999A"), None);
        assert_eq!(parse_hex(FloatKind::Double, HexFloatKind::Half, "3C00"), None);
        assert_eq!(to_f64(FloatKind::Half, 0x3C00), 1.0);
        // A signaling NaN stays signaling (llvm-as-19 | llvm-dis-19 keeps 0x7FF5673940000000).
        assert_eq!(
            parse_hex(FloatKind::Float, HexFloatKind::Double, "7FF5673940000000"),
            Some(0x7FAB_39CA)
        );
    }
}

/// Which floating-point format a `0x...` hexadecimal constant encodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HexFloatKind {
    /// `0x` + hex digits: the bits of an IEEE double (also used for `float`,
    /// `half` and `bfloat` constants, which must be exactly representable).
    Double,
    /// `0xK` + 20 hex digits: x87 80-bit extended precision.
    X86Fp80,
    /// `0xL` + 32 hex digits: IEEE quad precision.
    Quad,
    /// `0xM` + 32 hex digits: PowerPC double-double.
    PpcDouble,
    /// `0xH` + 4 hex digits: IEEE half precision.
    Half,
    /// `0xR` + 4 hex digits: bfloat16.
    BFloat,
}

impl HexFloatKind {
    /// The prefix that introduces this kind of constant, e.g. `0xK`.
    pub fn prefix(self) -> &'static str {
        match self {
            HexFloatKind::Double => "0x",
            HexFloatKind::X86Fp80 => "0xK",
            HexFloatKind::Quad => "0xL",
            HexFloatKind::PpcDouble => "0xM",
            HexFloatKind::Half => "0xH",
            HexFloatKind::BFloat => "0xR",
        }
    }
}
