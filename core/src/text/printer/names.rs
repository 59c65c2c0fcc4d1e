//! Names and strings as LLVM spells them: the calling-convention table, name quoting, string
//! escaping, and the per-function numbering of unnamed values and blocks.

use crate::ir::function::{Body, LocalName};
use crate::ir::{Block, EntityRef, EntityVec, Module, SecondaryMap, Value};
use std::fmt::Write;

/// Every calling convention with a keyword, as `(keyword, number)`.
///
/// The printer spells number `N` with the first keyword listed for it, and as `ccN` when none is
/// listed (0, `ccc`, is printed as nothing). The parser accepts every keyword here, plus
/// `cc N` / `ccN` for any number. Checked against `llvm-as-19 | llvm-dis-19` for 0..=1023.
///
/// Two LLVM quirks are kept: `avr_intrcc` and `avr_signalcc` are printed by LLVM 19 with a
/// trailing space (so a double space follows them); [`calling_conv_name`] returns the
/// keyword itself and the printer adds that space.
pub const CALLING_CONVENTIONS: &[(&str, u32)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("ghccc", 10),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("swiftcc", 16),
    ("cxx_fast_tlscc", 17),
    ("tailcc", 18),
    ("cfguard_checkcc", 19),
    ("swifttailcc", 20),
    ("preserve_nonecc", 21),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69),
    ("x86_thiscallcc", 70),
    ("ptx_kernel", 71),
    ("ptx_device", 72),
    ("spir_func", 75),
    ("spir_kernel", 76),
    ("intel_ocl_bicc", 77),
    ("x86_64_sysvcc", 78),
    ("win64cc", 79),
    ("x86_vectorcallcc", 80),
    ("hhvmcc", 81),
    ("hhvm_ccc", 82),
    ("x86_intrcc", 83),
    ("avr_intrcc", 84),
    ("avr_signalcc", 85),
    ("amdgpu_vs", 87),
    ("amdgpu_gs", 88),
    ("amdgpu_ps", 89),
    ("amdgpu_cs", 90),
    ("amdgpu_kernel", 91),
    ("x86_regcallcc", 92),
    ("amdgpu_hs", 93),
    ("amdgpu_ls", 95),
    ("amdgpu_es", 96),
    ("aarch64_vector_pcs", 97),
    ("aarch64_sve_vector_pcs", 98),
    ("amdgpu_gfx", 100),
    ("aarch64_sme_preservemost_from_x0", 102),
    ("aarch64_sme_preservemost_from_x2", 103),
    ("amdgpu_cs_chain", 104),
    ("amdgpu_cs_chain_preserve", 105),
    ("m68k_rtdcc", 106),
    ("graalcc", 107),
    ("riscv_vector_cc", 110),
    ("aarch64_sme_preservemost_from_x1", 111),
];

/// The keyword LLVM prints for calling convention `cc`, if it has one (`None` for 0 and for
/// numbers printed as `ccN`).
pub fn calling_conv_name(cc: u32) -> Option<&'static str> {
    if cc == 0 {
        return None;
    }
    CALLING_CONVENTIONS.iter().find(|(_, n)| *n == cc).map(|(s, _)| *s)
}

/// The number of a calling-convention keyword.
pub fn calling_conv_by_name(name: &str) -> Option<u32> {
    CALLING_CONVENTIONS.iter().find(|(s, _)| *s == name).map(|(_, n)| *n)
}

/// Writes a non-default calling convention as LLVM does (`fastcc`, `cc11`), without spaces
/// around it except LLVM's own trailing space after the AVR ones.
pub(crate) fn write_calling_conv(out: &mut String, cc: u32) {
    match calling_conv_name(cc) {
        Some(s) => {
            out.push_str(s);
            if cc == 84 || cc == 85 {
                out.push(' ');
            }
        }
        None => {
            let _ = write!(out, "cc{cc}");
        }
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Writes `\XX` (uppercase hex) for one byte.
#[inline]
pub(crate) fn write_hex_escape(out: &mut String, b: u8) {
    out.push('\\');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// Writes the inside of a quoted string as LLVM's `printEscapedString` does: printable ASCII
/// as is except `"` (as `\22`), `\` as `\\`, every other byte as `\XX`.
pub fn write_escaped(out: &mut String, bytes: &[u8]) {
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let plain = (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\';
        if plain {
            continue;
        }
        // Safe: everything in bytes[start..i] is printable ASCII.
        out.push_str(std::str::from_utf8(&bytes[start..i]).unwrap_or(""));
        if b == b'\\' {
            out.push_str("\\\\");
        } else {
            write_hex_escape(out, b);
        }
        start = i + 1;
    }
    out.push_str(std::str::from_utf8(&bytes[start..]).unwrap_or(""));
}

/// Writes `"..."` with the contents escaped.
pub fn write_quoted(out: &mut String, bytes: &[u8]) {
    out.push('"');
    write_escaped(out, bytes);
    out.push('"');
}

/// True when a name can be printed without quotes (LLVM's rule: no leading digit, and only
/// `[-a-zA-Z.$_0-9]`... except that LLVM's printer does not count `$` as safe).
pub fn name_needs_quotes(name: &[u8]) -> bool {
    match name.first() {
        None => true,
        Some(c) if c.is_ascii_digit() => true,
        _ => {
            !name.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'_')
        }
    }
}

/// Writes a name without its sigil, quoted and escaped when needed.
pub fn write_name(out: &mut String, name: &[u8]) {
    if !name_needs_quotes(name) {
        // Plain ASCII: no raw-byte code points to decode.
        out.push_str(std::str::from_utf8(name).unwrap_or(""));
        return;
    }
    let name = &*crate::text::lexer::name_to_bytes(name);
    write_quoted(out, name);
}

/// [`write_name`] for a name already known to be a `str`.
#[inline]
pub(crate) fn write_name_str(out: &mut String, name: &str) {
    if name_needs_quotes(name.as_bytes()) {
        write_name(out, name.as_bytes());
    } else {
        out.push_str(name);
    }
}

/// Writes an unsigned number without going through `fmt`.
#[inline]
pub(crate) fn push_num(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while n > 0 && i > 0 {
        i -= 1;
        if let Some(d) = buf.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
    }
    for &d in buf.get(i..).unwrap_or(&[]) {
        out.push(d as char);
    }
}

/// Writes a metadata name (`!llvm.module.flags`, attachment kinds) without its `!`, escaping
/// bytes outside `[-a-zA-Z$._0-9]` (and a leading digit) as `\XX`.
pub fn write_md_identifier(out: &mut String, name: &[u8]) {
    let name = &*if name.is_ascii() {
        std::borrow::Cow::Borrowed(name)
    } else {
        crate::text::lexer::name_to_bytes(name)
    };
    if name.is_empty() {
        out.push_str("<empty name> ");
        return;
    }
    for (i, &c) in name.iter().enumerate() {
        let ok = if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() }
            || matches!(c, b'-' | b'$' | b'.' | b'_');
        if ok {
            out.push(c as char);
        } else {
            write_hex_escape(out, c);
        }
    }
}

/// "No slot" in the numbering tables.
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// The numbering of one function's unnamed values and blocks, as LLVM's `SlotTracker` does it:
/// parameters, then for each block in layout order its label (when unnamed) and the unnamed
/// results of its instructions.
#[derive(Clone, Debug, Default)]
pub struct LocalSlots {
    /// The number of each value, [`NO_SLOT`] for named values or values not in the body.
    pub(crate) values: SecondaryMap<Value, u32>,
    /// The number of each block, [`NO_SLOT`] for named blocks or blocks not in the layout.
    pub(crate) blocks: SecondaryMap<Block, u32>,
    /// The rendered reference (`%x`, `%3`) of every value, then of every block, back to back;
    /// printing copies from here instead of chasing each name (much better cache behaviour on
    /// large functions).
    text: String,
    /// Where each value's reference starts in `text` (one more entry than values).
    value_off: Vec<u32>,
    /// Where each block's reference starts in `text` (one more entry than blocks).
    block_off: Vec<u32>,
    /// The type of each value.
    pub(crate) tys: EntityVec<Value, crate::ir::TypeId>,
}

/// True when a local name counts as a name (an empty name is printed as a number, as in LLVM).
pub(crate) fn local_named(m: &Module, n: LocalName) -> Option<&str> {
    match n {
        LocalName::Named(s) => {
            let t = m.symbols.get(s);
            (!t.is_empty()).then_some(t)
        }
        LocalName::Unnamed => None,
    }
}

impl LocalSlots {
    /// Numbers the unnamed values and blocks of `body`.
    pub fn new(m: &Module, body: &Body) -> LocalSlots {
        let mut s = LocalSlots {
            values: SecondaryMap::from_elem(NO_SLOT, body.values.len()),
            blocks: SecondaryMap::from_elem(NO_SLOT, body.blocks.len()),
            ..LocalSlots::default()
        };
        let mut next = 0u32;
        for &p in &body.params {
            s.number_value(m, body, p, &mut next);
        }
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            if local_named(m, bd.name).is_none() {
                if let Some(slot) = s.blocks.get_mut(b) {
                    if *slot == NO_SLOT {
                        *slot = next;
                        next += 1;
                    }
                }
            }
            for &i in &bd.insts {
                if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
                    s.number_value(m, body, v, &mut next);
                }
            }
        }
        s.render(m, body);
        s
    }

    fn render(&mut self, m: &Module, body: &Body) {
        let mut text = String::with_capacity(body.values.len() * 6 + body.blocks.len() * 6);
        let mut value_off = Vec::with_capacity(body.values.len() + 1);
        let mut tys = EntityVec::with_capacity(body.values.len());
        for (v, vd) in body.values.iter() {
            value_off.push(text.len() as u32);
            tys.push(vd.ty);
            render_ref(&mut text, local_named(m, vd.name), self.value(v));
        }
        value_off.push(text.len() as u32);
        let mut block_off = Vec::with_capacity(body.blocks.len() + 1);
        for (b, bd) in body.blocks.iter() {
            block_off.push(text.len() as u32);
            render_ref(&mut text, local_named(m, bd.name), self.block(b));
        }
        block_off.push(text.len() as u32);
        self.text = text;
        self.value_off = value_off;
        self.block_off = block_off;
        self.tys = tys;
    }

    fn cached(&self, off: &[u32], i: usize) -> Option<&str> {
        let (a, b) = (*off.get(i)? as usize, *off.get(i + 1)? as usize);
        self.text.get(a..b)
    }

    fn number_value(&mut self, m: &Module, body: &Body, v: Value, next: &mut u32) {
        let Some(vd) = body.values.get(v) else { return };
        if local_named(m, vd.name).is_some() {
            return;
        }
        if let Some(slot) = self.values.get_mut(v) {
            if *slot == NO_SLOT {
                *slot = *next;
                *next += 1;
            }
        }
    }

    /// The number of an unnamed value.
    pub fn value(&self, v: Value) -> Option<u32> {
        self.values.get(v).copied().filter(|&n| n != NO_SLOT)
    }

    /// The number of an unnamed block.
    pub fn block(&self, b: Block) -> Option<u32> {
        self.blocks.get(b).copied().filter(|&n| n != NO_SLOT)
    }
}

fn render_ref(out: &mut String, name: Option<&str>, slot: Option<u32>) {
    match (name, slot) {
        (Some(name), _) => {
            out.push('%');
            write_name_str(out, name);
        }
        (None, Some(n)) => {
            out.push('%');
            push_num(out, n.into());
        }
        (None, None) => out.push_str("<badref>"),
    }
}

/// Writes a local value reference `%name` / `%N` / `<badref>`.
pub(crate) fn write_local_value(
    out: &mut String,
    m: &Module,
    body: &Body,
    slots: &LocalSlots,
    v: Value,
) {
    if let Some(t) = slots.cached(&slots.value_off, v.index()) {
        out.push_str(t);
        return;
    }
    let Some(vd) = body.values.get(v) else {
        out.push_str("<badref>");
        return;
    };
    if let Some(name) = local_named(m, vd.name) {
        out.push('%');
        write_name(out, name.as_bytes());
    } else if let Some(n) = slots.value(v) {
        out.push('%');
        push_num(out, n.into());
    } else {
        out.push_str("<badref>");
    }
}

/// Writes a block reference `%name` / `%N` / `<badref>` (without `label`).
pub(crate) fn write_block_ref(
    out: &mut String,
    m: &Module,
    body: &Body,
    slots: &LocalSlots,
    b: Block,
) {
    if let Some(t) = slots.cached(&slots.block_off, b.index()) {
        out.push_str(t);
        return;
    }
    let Some(bd) = body.blocks.get(b) else {
        out.push_str("<badref>");
        return;
    };
    if let Some(name) = local_named(m, bd.name) {
        out.push('%');
        write_name(out, name.as_bytes());
    } else if let Some(n) = slots.block(b) {
        out.push('%');
        push_num(out, n.into());
    } else {
        out.push_str("<badref>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(b: &[u8]) -> String {
        let mut s = String::new();
        write_escaped(&mut s, b);
        s
    }

    fn name(b: &[u8]) -> String {
        let mut s = String::new();
        write_name(&mut s, b);
        s
    }

    #[test]
    fn escapes_like_llvm() {
        assert_eq!(esc(b"a\\b\"\xff\n"), "a\\\\b\\22\\FF\\0A");
        assert_eq!(esc(b"plain text"), "plain text");
    }

    #[test]
    fn quotes_names_like_llvm() {
        assert_eq!(name(b"a-b.c_d"), "a-b.c_d");
        assert_eq!(name(b"quo ted"), "\"quo ted\"");
        assert_eq!(name(b"$d"), "\"$d\"");
        assert_eq!(name(b"1a"), "\"1a\"");
        assert_eq!(name(b"\x01mangled"), "\"\\01mangled\"");
    }

    #[test]
    fn calling_conventions() {
        let mut s = String::new();
        write_calling_conv(&mut s, 11);
        assert_eq!(s, "cc11");
        assert_eq!(calling_conv_name(8), Some("fastcc"));
        assert_eq!(calling_conv_name(0), None);
        assert_eq!(calling_conv_by_name("ccc"), Some(0));
        assert_eq!(calling_conv_by_name("graalcc"), Some(107));
    }

    #[test]
    fn md_identifiers() {
        let mut s = String::new();
        write_md_identifier(&mut s, b"llvm.module.flags");
        s.push(' ');
        write_md_identifier(&mut s, b"1a b");
        assert_eq!(s, "llvm.module.flags \\31a\\20b");
    }
}
