//! The keyword vocabularies of specialised records besides the DWARF tables: `DIFlag*`,
//! `DISPFlag*`, emission and name-table kinds, checksum kinds; splitting flag words the way
//! LLVM 19's printer does, and reading integers and keywords back from the text.

use crate::ir::apint::ApInt;

/// `DIFlag*` values, in the order of LLVM 19's `DebugInfoFlags.def` (the order LLVM's
/// printer lists them in, after the multi-bit fields).
#[rustfmt::skip]
const DI_FLAGS: &[(u32, &str)] = &[
    (1, "DIFlagPrivate"), (2, "DIFlagProtected"), (3, "DIFlagPublic"), (1 << 2, "DIFlagFwdDecl"),
    (1 << 3, "DIFlagAppleBlock"), (1 << 4, "DIFlagReservedBit4"), (1 << 5, "DIFlagVirtual"),
    (1 << 6, "DIFlagArtificial"), (1 << 7, "DIFlagExplicit"), (1 << 8, "DIFlagPrototyped"),
    (1 << 9, "DIFlagObjcClassComplete"), (1 << 10, "DIFlagObjectPointer"), (1 << 11, "DIFlagVector"),
    (1 << 12, "DIFlagStaticMember"), (1 << 13, "DIFlagLValueReference"),
    (1 << 14, "DIFlagRValueReference"), (1 << 15, "DIFlagExportSymbols"),
    (1 << 16, "DIFlagSingleInheritance"), (2 << 16, "DIFlagMultipleInheritance"),
    (3 << 16, "DIFlagVirtualInheritance"), (1 << 18, "DIFlagIntroducedVirtual"),
    (1 << 19, "DIFlagBitField"), (1 << 20, "DIFlagNoReturn"), (1 << 22, "DIFlagTypePassByValue"),
    (1 << 23, "DIFlagTypePassByReference"), (1 << 24, "DIFlagEnumClass"), (1 << 25, "DIFlagThunk"),
    (1 << 26, "DIFlagNonTrivial"), (1 << 27, "DIFlagBigEndian"), (1 << 28, "DIFlagLittleEndian"),
    (1 << 29, "DIFlagAllCallsDescribed"), ((1 << 2) | (1 << 5), "DIFlagIndirectVirtualBase"),
];

/// `DISPFlag*` values in LLVM 19's order.
#[rustfmt::skip]
const SP_FLAGS: &[(u32, &str)] = &[
    (1, "DISPFlagVirtual"), (2, "DISPFlagPureVirtual"), (1 << 2, "DISPFlagLocalToUnit"),
    (1 << 3, "DISPFlagDefinition"), (1 << 4, "DISPFlagOptimized"), (1 << 5, "DISPFlagPure"),
    (1 << 6, "DISPFlagElemental"), (1 << 7, "DISPFlagRecursive"), (1 << 8, "DISPFlagMainSubprogram"),
    (1 << 9, "DISPFlagDeleted"), (1 << 11, "DISPFlagObjCDirect"),
];

/// `DICompileUnit` emission kinds by value.
pub(super) const EMISSION_KINDS: &[(u32, &str)] =
    &[(0, "NoDebug"), (1, "FullDebug"), (2, "LineTablesOnly"), (3, "DebugDirectivesOnly")];
/// `DICompileUnit` name-table kinds by value.
pub(super) const NAME_TABLE_KINDS: &[(u32, &str)] =
    &[(0, "Default"), (1, "GNU"), (2, "None"), (3, "Apple")];
/// `DIFile` checksum kinds by value.
pub(super) const CHECKSUM_KINDS: &[(u32, &str)] =
    &[(1, "CSK_MD5"), (2, "CSK_SHA1"), (3, "CSK_SHA256")];

/// The name of `v` in `table`.
pub(super) fn name_of(table: &[(u32, &'static str)], v: u64) -> Option<&'static str> {
    table.iter().find(|(c, _)| u64::from(*c) == v).map(|(_, n)| *n)
}

/// The value of `name` in `table`.
pub(super) fn value_of(table: &[(u32, &str)], name: &str) -> Option<u64> {
    table.iter().find(|(_, n)| *n == name).map(|(c, _)| u64::from(*c))
}

/// `DIFlags` as LLVM 19 prints them: the names, then the bits no name covers as a number
/// (`DIFlagPrototyped | 2097152`); `flags` is non-zero.
pub(super) fn split_di_flags(flags: u32) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = flags;
    let push = |v: u32, out: &mut Vec<String>| {
        if let Some(n) = name_of(DI_FLAGS, u64::from(v)) {
            out.push(n.to_string());
        }
    };
    // The two-bit fields (accessibility, pointer-to-member representation) come first, then
    // `IndirectVirtualBase` (`FwdDecl | Virtual`), then single bits in the table's order.
    for mask in [3u32, 3 << 16] {
        let v = rest & mask;
        if v != 0 {
            push(v, &mut out);
            rest &= !v;
        }
    }
    let ivb = (1 << 2) | (1 << 5);
    if rest & ivb == ivb {
        push(ivb, &mut out);
        rest &= !ivb;
    }
    for &(v, n) in DI_FLAGS {
        if v.count_ones() == 1 && rest & v != 0 {
            out.push(n.to_string());
            rest &= !v;
        }
    }
    if rest != 0 {
        out.push(rest.to_string());
    }
    out
}

/// `DISPFlags` as LLVM 19 prints them (the names in order, then the unnamed bits).
pub(super) fn split_sp_flags(flags: u32) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = flags;
    for &(v, n) in SP_FLAGS {
        if rest & v != 0 {
            out.push(n.to_string());
            rest &= !v;
        }
    }
    if rest != 0 || out.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// Reads `A | B | 7` (flag names of the class, or unsigned 32-bit integers).
pub(super) fn parse_flags(text: &str, sp: bool) -> Result<u64, String> {
    let table = if sp { SP_FLAGS } else { DI_FLAGS };
    let mut v = 0u64;
    for part in text.split('|').map(str::trim) {
        v |= match value_of(table, part) {
            Some(x) => x,
            None => match parse_uint(part) {
                Some(x) if x <= u64::from(u32::MAX) => x,
                _ => return Err(format!("invalid flag '{part}'")),
            },
        };
    }
    Ok(v)
}

/// An unsigned integer as the text writes it (decimal, or `u0x`/`s0x` hex).
pub(super) fn parse_uint(text: &str) -> Option<u64> {
    if let Some(hex) = text.strip_prefix("u0x").or_else(|| text.strip_prefix("s0x")) {
        return u64::from_str_radix(hex, 16).ok();
    }
    text.parse().ok()
}

/// A signed 64-bit integer as the text writes it (decimal with optional `-`, or hex).
pub(super) fn parse_int(text: &str) -> Option<i64> {
    if let Some(hex) = text.strip_prefix("u0x").or_else(|| text.strip_prefix("s0x")) {
        return u64::from_str_radix(hex, 16).ok().map(|v| v as i64);
    }
    text.parse().ok()
}

/// The integer LLVM 19's lexer makes of an integer token, as `(value, unsigned)`: decimal
/// literals get the fewest bits that hold them (signed when negative), `u0x`/`s0x` literals
/// four bits a digit trimmed to the active bits.
pub(super) fn lex_apsint(text: &str) -> Option<(ApInt, bool)> {
    for (prefix, unsigned) in [("u0x", true), ("s0x", false)] {
        if let Some(hex) = text.strip_prefix(prefix) {
            let bits = u32::try_from(hex.len()).ok()?.checked_mul(4)?;
            let v = ApInt::parse_hex(bits, hex)?;
            let active = v.active_bits();
            let v = if active > 0 && active < bits { v.truncate(active) } else { v };
            return Some((v, unsigned));
        }
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    let bits = u32::try_from(text.len()).ok()?.checked_mul(64)? / 19 + 2;
    let magnitude = ApInt::parse_decimal(bits, digits)?;
    if text.starts_with('-') {
        // The fewest bits that hold the negative value: one more than those of |v| - 1.
        let mut words = magnitude.words().to_vec();
        let significant = if magnitude.is_zero() {
            1
        } else {
            for w in words.iter_mut() {
                let (x, borrow) = w.overflowing_sub(1);
                *w = x;
                if !borrow {
                    break;
                }
            }
            ApInt::from_words(bits, &words).active_bits() + 1
        };
        Some((ApInt::from_words(significant, magnitude.words()).neg(), false))
    } else {
        let active = magnitude.active_bits().max(1);
        Some((magnitude.truncate(active), true))
    }
}
