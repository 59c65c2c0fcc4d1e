//! Argument and result placement: where each of a signature's scalar registers goes under a
//! C calling convention with `ngpr` integer and `nfpr` float argument registers (System V
//! x86-64: 6 and 8), the rest in 8-byte stack slots in order.

use irplay_core::lower::{Pack, Ty};

/// Where one argument or result goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Loc {
    /// The `k`th integer argument (or result) register.
    Int(u8),
    /// The `k`th float argument (or result) register.
    Float(u8),
    /// At this offset of the outgoing (or incoming) stack area.
    Stack(u32),
    /// A `byval` argument: the pointee (`size` bytes) copied to this offset of the stack
    /// area; the parameter is the copy's address.
    Copy {
        /// Where the copy goes.
        off: u32,
        /// Bytes copied.
        size: u32,
    },
}

/// The places of arguments of types `tys` (with the [`Pack`]s of their signature), and the
/// bytes of stack they take.
pub fn place_args(
    tys: impl IntoIterator<Item = Ty>,
    packs: &[(u32, Pack)],
    ngpr: u8,
    nfpr: u8,
) -> (Vec<Loc>, u32) {
    let (mut gi, mut fi, mut stack) = (0u8, 0u8, 0u32);
    let locs = tys
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            if let Some((_, Pack::ByVal { size, align })) = packs.iter().find(|p| p.0 == k as u32) {
                let a = (*align).clamp(8, 4096);
                let off = stack.div_ceil(a) * a;
                stack = off + size.div_ceil(8) * 8;
                return Loc::Copy { off, size: *size };
            }
            if t.is_float() {
                if fi < nfpr {
                    fi += 1;
                    return Loc::Float(fi - 1);
                }
            } else if gi < ngpr {
                gi += 1;
                return Loc::Int(gi - 1);
            }
            stack += 8;
            Loc::Stack(stack - 8)
        })
        .collect();
    (locs, stack)
}

/// The places of results of types `tys` in `nint` integer and `nfloat` float registers, or
/// `None` when they do not fit.
pub fn place_results(tys: &[Ty], nint: u8, nfloat: u8) -> Option<Vec<Loc>> {
    let (mut gi, mut fi) = (0u8, 0u8);
    tys.iter()
        .map(|t| {
            if t.is_float() {
                fi += 1;
                (fi <= nfloat).then_some(Loc::Float(fi - 1))
            } else {
                gi += 1;
                (gi <= nint).then_some(Loc::Int(gi - 1))
            }
        })
        .collect()
}

/// Counts the float registers among `locs` (the `al` of an x86-64 variadic call).
pub fn float_regs(locs: &[Loc]) -> u8 {
    locs.iter().filter(|l| matches!(l, Loc::Float(_))).count() as u8
}
