//! Lane types and the edge-case inputs of the cross-engine matrix: integer and floating-point
//! bit patterns per type, and what the generator needs to know about them to avoid poison and
//! undefined behaviour (signed and unsigned readings, float classes and values).

/// A lane type: an integer of any width up to 128 bits or one of the four float formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ty {
    I(u32),
    Half,
    BFloat,
    Float,
    Double,
}

/// The integer lane types of the matrix.
pub const INTS: &[Ty] =
    &[Ty::I(1), Ty::I(8), Ty::I(16), Ty::I(17), Ty::I(32), Ty::I(64), Ty::I(72), Ty::I(128)];
/// The float lane types of the matrix.
pub const FLOATS: &[Ty] = &[Ty::Half, Ty::BFloat, Ty::Float, Ty::Double];

impl Ty {
    pub fn bits(self) -> u32 {
        match self {
            Ty::I(w) => w,
            Ty::Half | Ty::BFloat => 16,
            Ty::Float => 32,
            Ty::Double => 64,
        }
    }

    pub fn is_fp(self) -> bool {
        !matches!(self, Ty::I(_))
    }

    /// As written in IR (`i32`, `half`).
    pub fn ir(self) -> String {
        match self {
            Ty::I(w) => format!("i{w}"),
            Ty::Half => "half".into(),
            Ty::BFloat => "bfloat".into(),
            Ty::Float => "float".into(),
            Ty::Double => "double".into(),
        }
    }

    /// As mangled in an overloaded intrinsic's name (`i32`, `f16`, `bf16`).
    pub fn mangle(self) -> String {
        match self {
            Ty::I(w) => format!("i{w}"),
            Ty::Half => "f16".into(),
            Ty::BFloat => "bf16".into(),
            Ty::Float => "f32".into(),
            Ty::Double => "f64".into(),
        }
    }

    /// The integer type of the same width (how inputs are stored).
    pub fn storage(self) -> Ty {
        Ty::I(self.bits())
    }

    /// Exponent and mantissa (stored bits) widths of a float format.
    fn format(self) -> (u32, u32) {
        match self {
            Ty::Half => (5, 10),
            Ty::BFloat => (8, 7),
            Ty::Float => (8, 23),
            Ty::Double => (11, 52),
            Ty::I(_) => (0, 0),
        }
    }

    pub fn mask(self) -> u128 {
        let w = self.bits();
        if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    }
}

// ---------------------------------------------------------------------------
// Integers

/// The value of `v` read as a signed integer of `t`'s width.
pub fn sx(t: Ty, v: u128) -> i128 {
    let w = t.bits();
    if w >= 128 {
        v as i128
    } else {
        let sh = 128 - w;
        ((v << sh) as i128) >> sh
    }
}

pub fn smin(t: Ty) -> u128 {
    1u128 << (t.bits() - 1)
}

pub fn smax(t: Ty) -> u128 {
    smin(t) - 1
}

fn dedup(t: Ty, vals: impl IntoIterator<Item = u128>) -> Vec<u128> {
    let mut out: Vec<u128> = Vec::new();
    for v in vals {
        let v = v & t.mask();
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The full set of integer inputs: zero, one, small values, the shift amount `w - 1`, minimum
/// and maximum signed values and their neighbours, all ones, a bit pattern, ordinary values.
pub fn int_full(t: Ty) -> Vec<u128> {
    let w = t.bits() as u128;
    let all = t.mask();
    dedup(
        t,
        [
            0,
            1,
            2,
            3,
            7,
            w - 1,
            smax(t),
            smin(t),
            smin(t) + 1,
            all,
            all - 1,
            0x5555_5555_5555_5555_5555_5555_5555_5555,
            100,
            0u128.wrapping_sub(100),
            0x1234_5678_9abc_def0_0fed_cba9_8765_4321,
        ],
    )
}

/// A smaller set, for operations of three operands.
pub fn int_small(t: Ty) -> Vec<u128> {
    dedup(t, [0, 1, t.mask(), smin(t), smax(t), 0x5555_5555_5555_5555_5555_5555_5555_5555, 100])
}

/// Funnel shift amounts (taken modulo the width: any value is defined).
pub fn int_amounts(t: Ty) -> Vec<u128> {
    let w = t.bits() as u128;
    dedup(t, [0, 1, 3, w - 1, w, w + 1, t.mask()])
}

// ---------------------------------------------------------------------------
// Floats

/// The bits of the float of `t` with sign `s`, biased exponent `e` and mantissa `m`.
pub fn fp_make(t: Ty, s: bool, e: u128, m: u128) -> u128 {
    let (eb, mb) = t.format();
    ((s as u128) << (eb + mb)) | (e << mb) | m
}

/// `x` in format `t`, its mantissa truncated (for normal values within the range of `t`);
/// `None` outside the normal range.
pub fn fp_from_f64(t: Ty, x: f64) -> Option<u128> {
    if x == 0.0 {
        return Some(fp_make(t, x.is_sign_negative(), 0, 0));
    }
    let (eb, mb) = t.format();
    let b = x.to_bits();
    let s = b >> 63 == 1;
    let e = ((b >> 52) & 0x7ff) as i64 - 1023;
    if e == -1023 || e == 1024 {
        return (t == Ty::Double).then_some(b as u128);
    }
    let bias = (1i64 << (eb - 1)) - 1;
    let be = e + bias;
    if be < 1 || be > (1i64 << eb) - 2 {
        return None;
    }
    let m = (b & ((1u64 << 52) - 1)) >> (52 - mb);
    Some(fp_make(t, s, be as u128, m as u128))
}

/// The value of float bits `v` of type `t` (exact: every value of the four formats is a
/// double).
pub fn fp_value(t: Ty, v: u128) -> f64 {
    match t {
        Ty::Double => f64::from_bits(v as u64),
        Ty::Float => f32::from_bits(v as u32) as f64,
        Ty::BFloat => f32::from_bits((v as u32) << 16) as f64,
        Ty::Half => {
            let (s, e, m) = ((v >> 15) & 1, (v >> 10) & 0x1f, v & 0x3ff);
            let mag = match e {
                0 => m as f64 * 2f64.powi(-24),
                31 if m == 0 => f64::INFINITY,
                31 => f64::NAN,
                _ => (1.0 + m as f64 / 1024.0) * 2f64.powi(e as i32 - 15),
            };
            if s == 1 {
                -mag
            } else {
                mag
            }
        }
        Ty::I(_) => f64::NAN,
    }
}

/// Positive or negative zero.
pub fn is_zero(t: Ty, v: u128) -> bool {
    fp_value(t, v) == 0.0
}

/// A quiet NaN.
pub fn qnan(t: Ty) -> u128 {
    let (eb, mb) = t.format();
    fp_make(t, false, (1 << eb) - 1, 1 << (mb - 1))
}

/// A signaling NaN (for `is.fpclass` only: other operations may quiet it or not).
pub fn snan(t: Ty) -> u128 {
    let (eb, _) = t.format();
    fp_make(t, false, (1 << eb) - 1, 1)
}

/// The largest finite value.
pub fn fp_max(t: Ty) -> u128 {
    let (eb, mb) = t.format();
    fp_make(t, false, (1 << eb) - 2, (1 << mb) - 1)
}

pub fn inf(t: Ty, neg: bool) -> u128 {
    let (eb, _) = t.format();
    fp_make(t, neg, (1 << eb) - 1, 0)
}

fn fp_set(t: Ty, xs: &[f64], specials: bool) -> Vec<u128> {
    let (eb, mb) = t.format();
    let mut out: Vec<u128> = xs.iter().filter_map(|&x| fp_from_f64(t, x)).collect();
    if specials {
        let top = (1u128 << eb) - 2;
        let all_m = (1u128 << mb) - 1;
        out.extend([
            fp_make(t, false, 0, 1),       // smallest denormal
            fp_make(t, true, 0, all_m),    // largest negative denormal
            fp_make(t, false, 1, 0),       // smallest normal
            fp_make(t, false, top, all_m), // largest finite
            fp_make(t, true, top, all_m),
        ]);
    }
    out.extend([inf(t, false), inf(t, true), qnan(t)]);
    let mut d = Vec::new();
    for v in out {
        if !d.contains(&v) {
            d.push(v);
        }
    }
    d
}

/// The full set of float inputs: zeros, ±1, halves and ties, ordinary values (0.1 and -100.3
/// truncated to the format), denormals, the smallest normal, the largest finite values,
/// infinities and a quiet NaN.
pub fn fp_full(t: Ty) -> Vec<u128> {
    fp_set(t, &[0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.5, 3.5, 0.1, -100.3, 1000.0], true)
}

/// A smaller set, for comparisons and the operations of three operands.
pub fn fp_small(t: Ty) -> Vec<u128> {
    let mut v = fp_set(t, &[0.0, -0.0, 1.0, -1.5, 0.1], false);
    v.insert(5, fp_make(t, false, 0, 1));
    v
}

/// Values whose products are exact in every format (so a fused and an unfused multiply-add
/// agree), with the infinities and NaN.
pub fn fp_exact(t: Ty) -> Vec<u128> {
    fp_set(t, &[0.0, -0.0, 1.0, -1.5, 3.0, 0.5], false)
}

/// Values near the limits of the integer types, for the conversions to integers.
pub fn fp_convert(t: Ty) -> Vec<u128> {
    let mut v = fp_full(t);
    let p = |e: i32| 2f64.powi(e);
    for x in [
        -0.5,
        0.99,
        -1.5,
        127.5,
        -128.5,
        255.75,
        -129.0,
        32767.5,
        65504.0,
        -32768.0,
        p(31),
        -p(31),
        p(32) - 1.0,
        p(32),
        p(63),
        -p(63),
        p(64),
        p(71),
        p(127),
        -p(127),
        p(100),
    ] {
        if let Some(b) = fp_from_f64(t, x) {
            if !v.contains(&b) {
                v.push(b);
            }
        }
    }
    v
}

/// Whether float bits `v` of `t`, truncated toward zero, fit integer type `it` (signed or not).
pub fn fits_int(t: Ty, v: u128, it: Ty, signed: bool) -> bool {
    let x = fp_value(t, v);
    if !x.is_finite() {
        return false;
    }
    let x = x.trunc();
    let w = it.bits() as i32;
    if signed {
        x >= -2f64.powi(w - 1) && x < 2f64.powi(w - 1)
    } else {
        x >= 0.0 && x < 2f64.powi(w)
    }
}
