//! The `target datalayout` string: parsing, defaults and size/alignment queries.
//!
//! [`parse`] follows the LangRef "Data Layout" section and reproduces LLVM
//! 19's `DataLayout::parseSpecifier`: the same specs are accepted, the same
//! ones rejected (with LLVM's messages), and omitted specs take LLVM's
//! defaults. Unlike LLVM, errors carry the byte offset of the offending part
//! of the string. All alignments returned here are in bytes; sizes are in
//! bits.

use std::fmt;
use std::str::FromStr;

/// The largest address space number plus one (address spaces are 24-bit).
const ADDRSPACE_LIMIT: u32 = 1 << 24;
/// Type bit widths in `i`/`f`/`v` specs must be below this.
const BITWIDTH_LIMIT: u32 = 1 << 24;

/// Symbol mangling style (`m:<mangling>`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mangling {
    /// `m:e` — ELF: private symbols get a `.L` prefix.
    Elf,
    /// `m:l` — GOFF.
    Goff,
    /// `m:m` — MIPS: private symbols get a `$` prefix.
    Mips,
    /// `m:o` — Mach-O: private symbols get `L`, others `_`.
    MachO,
    /// `m:w` — Windows COFF.
    WinCoff,
    /// `m:x` — Windows x86 COFF (C symbols get `_`).
    WinCoffX86,
    /// `m:a` — XCOFF.
    XCoff,
}

impl Mangling {
    /// The letter used in the layout string.
    pub fn code(self) -> char {
        match self {
            Mangling::Elf => 'e',
            Mangling::Goff => 'l',
            Mangling::Mips => 'm',
            Mangling::MachO => 'o',
            Mangling::WinCoff => 'w',
            Mangling::WinCoffX86 => 'x',
            Mangling::XCoff => 'a',
        }
    }
}

/// How function pointer alignment relates to function alignment (`Fi`/`Fn`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum FunctionPtrAlignType {
    /// `Fi<abi>`: independent of the functions' own alignment (the default).
    #[default]
    Independent,
    /// `Fn<abi>`: a multiple of the function's explicit alignment.
    MultipleOfFunctionAlign,
}

/// Layout of pointers in one address space.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointerSpec {
    /// The address space.
    pub addrspace: u32,
    /// Pointer size in bits.
    pub size_bits: u32,
    /// ABI alignment in bytes.
    pub abi_align: u64,
    /// Preferred alignment in bytes.
    pub pref_align: u64,
    /// Width of GEP index computations in bits (`<= size_bits`).
    pub index_bits: u32,
}

/// Alignment of a scalar or vector type of one bit width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AlignSpec {
    /// The type's width in bits.
    pub bits: u32,
    /// ABI alignment in bytes.
    pub abi_align: u64,
    /// Preferred alignment in bytes.
    pub pref_align: u64,
}

/// A parsed data layout. Equality compares the layout, not the spelling.
#[derive(Clone, Debug)]
pub struct DataLayout {
    repr: String,
    big_endian: bool,
    /// Sorted by address space; always contains address space 0.
    pointers: Vec<PointerSpec>,
    /// Sorted by bit width.
    ints: Vec<AlignSpec>,
    floats: Vec<AlignSpec>,
    vectors: Vec<AlignSpec>,
    aggregate_abi: u64,
    aggregate_pref: u64,
    stack_align: Option<u64>,
    function_ptr_align: Option<u64>,
    function_ptr_align_type: FunctionPtrAlignType,
    mangling: Option<Mangling>,
    native_int_widths: Vec<u32>,
    non_integral: Vec<u32>,
    program_addrspace: u32,
    alloca_addrspace: u32,
    globals_addrspace: u32,
}

impl PartialEq for DataLayout {
    fn eq(&self, o: &DataLayout) -> bool {
        self.big_endian == o.big_endian
            && self.pointers == o.pointers
            && self.ints == o.ints
            && self.floats == o.floats
            && self.vectors == o.vectors
            && self.aggregate_abi == o.aggregate_abi
            && self.aggregate_pref == o.aggregate_pref
            && self.stack_align == o.stack_align
            && self.function_ptr_align == o.function_ptr_align
            && self.function_ptr_align_type == o.function_ptr_align_type
            && self.mangling == o.mangling
            && self.native_int_widths == o.native_int_widths
            && self.non_integral == o.non_integral
            && self.program_addrspace == o.program_addrspace
            && self.alloca_addrspace == o.alloca_addrspace
            && self.globals_addrspace == o.globals_addrspace
    }
}

impl Eq for DataLayout {}

/// A malformed data layout string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataLayoutError {
    /// What is wrong (LLVM 19's wording).
    pub message: String,
    /// Byte offset of the offending part within the layout string.
    pub offset: usize,
    /// Length in bytes of the offending part (may be 0 for "missing ...").
    pub len: usize,
}

impl fmt::Display for DataLayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DataLayoutError {}

fn spec(bits: u32, abi_align: u64, pref_align: u64) -> AlignSpec {
    AlignSpec { bits, abi_align, pref_align }
}

impl Default for DataLayout {
    /// The layout of the empty string: LLVM's defaults.
    fn default() -> DataLayout {
        DataLayout {
            repr: String::new(),
            big_endian: false,
            pointers: vec![DEFAULT_POINTER],
            ints: vec![
                spec(1, 1, 1),
                spec(8, 1, 1),
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 4, 8),
            ],
            floats: vec![spec(16, 2, 2), spec(32, 4, 4), spec(64, 8, 8), spec(128, 16, 16)],
            vectors: vec![spec(64, 8, 8), spec(128, 16, 16)],
            aggregate_abi: 1,
            aggregate_pref: 8,
            stack_align: None,
            function_ptr_align: None,
            function_ptr_align_type: FunctionPtrAlignType::Independent,
            mangling: None,
            native_int_widths: Vec::new(),
            non_integral: Vec::new(),
            program_addrspace: 0,
            alloca_addrspace: 0,
            globals_addrspace: 0,
        }
    }
}

impl fmt::Display for DataLayout {
    /// Prints the layout string as it was written (it parses back to an
    /// equal layout).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.repr)
    }
}

impl FromStr for DataLayout {
    type Err = DataLayoutError;
    fn from_str(s: &str) -> Result<DataLayout, DataLayoutError> {
        parse(s)
    }
}

/// A substring of the layout string together with its byte offset.
#[derive(Copy, Clone)]
struct Piece<'s> {
    text: &'s str,
    off: usize,
}

impl<'s> Piece<'s> {
    fn is_empty(self) -> bool {
        self.text.is_empty()
    }

    fn err(self, message: &str) -> DataLayoutError {
        DataLayoutError { message: message.to_string(), offset: self.off, len: self.text.len() }
    }

    /// The piece without its first `n` bytes (`n` must be a char boundary).
    fn skip(self, n: usize) -> Piece<'s> {
        let n = n.min(self.text.len());
        Piece { text: self.text.get(n..).unwrap_or(""), off: self.off + n }
    }

    /// LLVM's checked split at the first `sep`: a separator with nothing
    /// after it, or with nothing before it, is an error.
    fn split(self, sep: char) -> Result<(Piece<'s>, Piece<'s>), DataLayoutError> {
        let Some(i) = self.text.find(sep) else {
            return Ok((self, self.skip(self.text.len())));
        };
        let first = Piece { text: self.text.get(..i).unwrap_or(""), off: self.off };
        let second = self.skip(i + sep.len_utf8());
        let at_sep = DataLayoutError { message: String::new(), offset: self.off + i, len: 1 };
        if second.is_empty() {
            return Err(DataLayoutError {
                message: "Trailing separator in datalayout string".into(),
                ..at_sep
            });
        }
        if first.is_empty() {
            return Err(DataLayoutError {
                message: "Expected token before separator in datalayout string".into(),
                ..at_sep
            });
        }
        Ok((first, second))
    }

    /// A decimal unsigned integer (digits only, no sign).
    fn int<T: FromStr>(self) -> Result<T, DataLayoutError> {
        let bad = || self.err("not a number, or does not fit in an unsigned int");
        if self.text.is_empty() || !self.text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        self.text.parse::<T>().map_err(|_| bad())
    }

    /// A bit count that must be a multiple of 8, converted to bytes.
    fn bytes_u32(self) -> Result<u32, DataLayoutError> {
        let n: u32 = self.int()?;
        if !n.is_multiple_of(8) {
            return Err(self.err("number of bits must be a byte width multiple"));
        }
        Ok(n / 8)
    }

    /// Like [`Piece::bytes_u32`] for 64-bit quantities.
    fn bytes_u64(self) -> Result<u64, DataLayoutError> {
        let n: u64 = self.int()?;
        if !n.is_multiple_of(8) {
            return Err(self.err("number of bits must be a byte width multiple"));
        }
        Ok(n / 8)
    }

    /// An address space number (must fit in 24 bits).
    fn addrspace(self) -> Result<u32, DataLayoutError> {
        let n: u32 = self.int()?;
        if n >= ADDRSPACE_LIMIT {
            return Err(self.err("Invalid address space, must be a 24-bit integer"));
        }
        Ok(n)
    }
}

/// Inserts or replaces the entry for `s.bits`, keeping `list` sorted.
fn set_align(list: &mut Vec<AlignSpec>, s: AlignSpec) {
    match list.binary_search_by_key(&s.bits, |e| e.bits) {
        Ok(i) => {
            if let Some(e) = list.get_mut(i) {
                *e = s;
            }
        }
        Err(i) => list.insert(i, s),
    }
}

/// Parses a `target datalayout` string. The empty string gives
/// [`DataLayout::default`].
pub fn parse(s: &str) -> Result<DataLayout, DataLayoutError> {
    let mut dl = DataLayout { repr: s.to_string(), ..DataLayout::default() };
    let mut desc = Piece { text: s, off: 0 };
    while !desc.is_empty() {
        let (item, rest_desc) = desc.split('-')?;
        desc = rest_desc;
        let (tok, rest) = item.split(':')?;
        if tok.text == "ni" {
            let mut rest = rest;
            loop {
                let (a, r) = rest.split(':')?;
                rest = r;
                let addrspace: u32 = a.int()?;
                if addrspace == 0 {
                    return Err(a.err("Address space 0 can never be non-integral"));
                }
                dl.non_integral.push(addrspace);
                if rest.is_empty() {
                    break;
                }
            }
            continue;
        }
        let Some(letter) = tok.text.chars().next() else {
            return Err(tok.err("Unknown specifier in datalayout string"));
        };
        let arg = tok.skip(letter.len_utf8());
        match letter {
            // Deprecated, accepted and ignored like LLVM does.
            's' => {}
            'E' => dl.big_endian = true,
            'e' => dl.big_endian = false,
            'p' => parse_pointer(&mut dl, item, arg, rest)?,
            'i' | 'v' | 'f' | 'a' => parse_align(&mut dl, letter, item, arg, rest)?,
            'n' => {
                let (mut t, mut r) = (arg, rest);
                loop {
                    let width: u32 = t.int()?;
                    if width == 0 {
                        return Err(t.err("Zero width native integer type in datalayout string"));
                    }
                    dl.native_int_widths.push(width);
                    if r.is_empty() {
                        break;
                    }
                    (t, r) = r.split(':')?;
                }
            }
            'S' => {
                let align = arg.bytes_u64()?;
                if align != 0 && !align.is_power_of_two() {
                    return Err(arg.err("Alignment is neither 0 nor a power of 2"));
                }
                dl.stack_align = (align != 0).then_some(align);
            }
            'F' => {
                dl.function_ptr_align_type = match arg.text.bytes().next() {
                    Some(b'i') => FunctionPtrAlignType::Independent,
                    Some(b'n') => FunctionPtrAlignType::MultipleOfFunctionAlign,
                    _ => {
                        return Err(
                            tok.err("Unknown function pointer alignment type in datalayout string")
                        )
                    }
                };
                let num = arg.skip(1);
                let align = num.bytes_u64()?;
                if align != 0 && !align.is_power_of_two() {
                    return Err(num.err("Alignment is neither 0 nor a power of 2"));
                }
                dl.function_ptr_align = (align != 0).then_some(align);
            }
            'P' => dl.program_addrspace = arg.addrspace()?,
            'A' => dl.alloca_addrspace = arg.addrspace()?,
            'G' => dl.globals_addrspace = arg.addrspace()?,
            'm' => {
                if !arg.is_empty() {
                    return Err(arg.err(
                        "Unexpected trailing characters after mangling specifier in datalayout string",
                    ));
                }
                if rest.is_empty() {
                    return Err(item.err("Expected mangling specifier in datalayout string"));
                }
                if rest.text.len() > 1 {
                    return Err(rest.err("Unknown mangling specifier in datalayout string"));
                }
                dl.mangling = Some(match rest.text.as_bytes().first() {
                    Some(b'e') => Mangling::Elf,
                    Some(b'l') => Mangling::Goff,
                    Some(b'o') => Mangling::MachO,
                    Some(b'm') => Mangling::Mips,
                    Some(b'w') => Mangling::WinCoff,
                    Some(b'x') => Mangling::WinCoffX86,
                    Some(b'a') => Mangling::XCoff,
                    _ => return Err(rest.err("Unknown mangling in datalayout string")),
                });
            }
            _ => return Err(tok.err("Unknown specifier in datalayout string")),
        }
    }
    Ok(dl)
}

/// `p[n]:<size>:<abi>[:<pref>][:<idx>]`
fn parse_pointer(
    dl: &mut DataLayout,
    item: Piece<'_>,
    arg: Piece<'_>,
    rest: Piece<'_>,
) -> Result<(), DataLayoutError> {
    let addrspace: u32 = if arg.is_empty() { 0 } else { arg.int()? };
    if addrspace >= ADDRSPACE_LIMIT {
        return Err(arg.err("Invalid address space, must be a 24-bit integer"));
    }
    if rest.is_empty() {
        return Err(item.err("Missing size specification for pointer in datalayout string"));
    }
    let (t, rest) = rest.split(':')?;
    let size_bits: u32 = t.int()?;
    if size_bits == 0 {
        return Err(t.err("Invalid pointer size of 0 bytes"));
    }
    if rest.is_empty() {
        return Err(item.err("Missing alignment specification for pointer in datalayout string"));
    }
    let (t, rest) = rest.split(':')?;
    let abi = t.bytes_u32()?;
    if !abi.is_power_of_two() {
        return Err(t.err("Pointer ABI alignment must be a power of 2"));
    }
    let mut pref = abi;
    let mut index_bits = size_bits;
    if !rest.is_empty() {
        let (t, rest) = rest.split(':')?;
        pref = t.bytes_u32()?;
        if !pref.is_power_of_two() {
            return Err(t.err("Pointer preferred alignment must be a power of 2"));
        }
        if !rest.is_empty() {
            let (t, _ignored) = rest.split(':')?;
            index_bits = t.int()?;
            if index_bits == 0 {
                return Err(t.err("Invalid index size of 0 bytes"));
            }
        }
    }
    if pref < abi {
        return Err(item.err("Preferred alignment cannot be less than the ABI alignment"));
    }
    if index_bits > size_bits {
        return Err(item.err("Index width cannot be larger than pointer width"));
    }
    let new = PointerSpec {
        addrspace,
        size_bits,
        abi_align: u64::from(abi),
        pref_align: u64::from(pref),
        index_bits,
    };
    match dl.pointers.binary_search_by_key(&addrspace, |p| p.addrspace) {
        Ok(i) => {
            if let Some(p) = dl.pointers.get_mut(i) {
                *p = new;
            }
        }
        Err(i) => dl.pointers.insert(i, new),
    }
    Ok(())
}

/// `i<size>:<abi>[:<pref>]`, `v...`, `f...`, `a:<abi>[:<pref>]`
fn parse_align(
    dl: &mut DataLayout,
    letter: char,
    item: Piece<'_>,
    arg: Piece<'_>,
    rest: Piece<'_>,
) -> Result<(), DataLayoutError> {
    let aggregate = letter == 'a';
    let bits: u32 = if arg.is_empty() { 0 } else { arg.int()? };
    if aggregate && bits != 0 {
        return Err(arg.err("Sized aggregate specification in datalayout string"));
    }
    if rest.is_empty() {
        return Err(item.err("Missing alignment specification in datalayout string"));
    }
    let (t, rest) = rest.split(':')?;
    let abi = t.bytes_u32()?;
    if !aggregate && abi == 0 {
        return Err(t.err("ABI alignment specification must be >0 for non-aggregate types"));
    }
    if abi > u32::from(u16::MAX) {
        return Err(t.err("Invalid ABI alignment, must be a 16bit integer"));
    }
    if abi != 0 && !abi.is_power_of_two() {
        return Err(t.err("Invalid ABI alignment, must be a power of 2"));
    }
    if letter == 'i' && bits == 8 && abi != 1 {
        return Err(t.err("Invalid ABI alignment, i8 must be naturally aligned"));
    }
    let mut pref = abi;
    let mut pref_piece = t;
    if !rest.is_empty() {
        let (t, _ignored) = rest.split(':')?;
        pref = t.bytes_u32()?;
        pref_piece = t;
    }
    if pref > u32::from(u16::MAX) {
        return Err(pref_piece.err("Invalid preferred alignment, must be a 16bit integer"));
    }
    if pref != 0 && !pref.is_power_of_two() {
        return Err(pref_piece.err("Invalid preferred alignment, must be a power of 2"));
    }
    if bits >= BITWIDTH_LIMIT {
        return Err(arg.err("Invalid bit width, must be a 24-bit integer"));
    }
    // An alignment of 0 means 1 byte (LLVM's `assumeAligned`).
    let abi = u64::from(abi.max(1));
    let pref = u64::from(pref.max(1));
    if pref < abi {
        return Err(item.err("Preferred alignment cannot be less than the ABI alignment"));
    }
    let s = spec(bits, abi, pref);
    match letter {
        'i' => set_align(&mut dl.ints, s),
        'f' => set_align(&mut dl.floats, s),
        'v' => set_align(&mut dl.vectors, s),
        _ => {
            dl.aggregate_abi = abi;
            dl.aggregate_pref = pref;
        }
    }
    Ok(())
}

/// The smallest power of two `>= n`, and at least 1.
fn pow2_ceil(n: u64) -> u64 {
    n.max(1).checked_next_power_of_two().unwrap_or(1 << 63)
}

impl DataLayout {
    /// Parses a layout string; same as [`parse`].
    pub fn parse(s: &str) -> Result<DataLayout, DataLayoutError> {
        parse(s)
    }

    /// The layout string as written.
    pub fn as_str(&self) -> &str {
        &self.repr
    }

    /// True for `E` (big-endian), false for `e` (the default).
    pub fn big_endian(&self) -> bool {
        self.big_endian
    }

    /// The pointer layout for `addrspace`; address spaces without their own
    /// `p` spec use address space 0's.
    pub fn pointer_spec(&self, addrspace: u32) -> &PointerSpec {
        let found = self
            .pointers
            .binary_search_by_key(&addrspace, |p| p.addrspace)
            .ok()
            .and_then(|i| self.pointers.get(i));
        match found {
            Some(p) => p,
            // Address space 0 is always first (it is never removed).
            None => self.pointers.first().unwrap_or(&DEFAULT_POINTER),
        }
    }

    /// All explicitly known pointer layouts, sorted by address space.
    pub fn pointer_specs(&self) -> &[PointerSpec] {
        &self.pointers
    }

    /// Pointer size in bits.
    pub fn pointer_size_bits(&self, addrspace: u32) -> u32 {
        self.pointer_spec(addrspace).size_bits
    }

    /// Pointer ABI alignment in bytes.
    pub fn pointer_abi_align(&self, addrspace: u32) -> u64 {
        self.pointer_spec(addrspace).abi_align
    }

    /// Pointer preferred alignment in bytes.
    pub fn pointer_pref_align(&self, addrspace: u32) -> u64 {
        self.pointer_spec(addrspace).pref_align
    }

    /// Width in bits of GEP index arithmetic for pointers in `addrspace`.
    pub fn index_size_bits(&self, addrspace: u32) -> u32 {
        self.pointer_spec(addrspace).index_bits
    }

    /// The integer spec used for an `i<bits>`: an exact match, else the
    /// smallest wider one, else the widest.
    fn int_spec(&self, bits: u32) -> Option<&AlignSpec> {
        let i = self.ints.partition_point(|e| e.bits < bits);
        self.ints.get(i).or_else(|| self.ints.last())
    }

    /// ABI alignment in bytes of `i<bits>` (LangRef rule: exact match, else
    /// the next larger specified width, else the largest).
    pub fn int_abi_align(&self, bits: u32) -> u64 {
        self.int_spec(bits).map_or(1, |s| s.abi_align)
    }

    /// Preferred alignment in bytes of `i<bits>` (same lookup rule).
    pub fn int_pref_align(&self, bits: u32) -> u64 {
        self.int_spec(bits).map_or(1, |s| s.pref_align)
    }

    /// The integer alignment specs, sorted by width.
    pub fn int_specs(&self) -> &[AlignSpec] {
        &self.ints
    }

    fn exact(list: &[AlignSpec], bits: u64) -> Option<&AlignSpec> {
        let bits = u32::try_from(bits).ok()?;
        list.binary_search_by_key(&bits, |e| e.bits).ok().and_then(|i| list.get(i))
    }

    /// ABI alignment in bytes of a floating-point type of `bits` bits
    /// (`half` = 16, `x86_fp80` = 80, ...): the exact spec, else the size in
    /// bytes (rounded down) rounded up to a power of two, as LLVM does.
    pub fn float_abi_align(&self, bits: u32) -> u64 {
        Self::exact(&self.floats, u64::from(bits))
            .map_or(pow2_ceil(u64::from(bits / 8)), |s| s.abi_align)
    }

    /// Preferred alignment in bytes of a floating-point type of `bits` bits.
    pub fn float_pref_align(&self, bits: u32) -> u64 {
        Self::exact(&self.floats, u64::from(bits))
            .map_or(pow2_ceil(u64::from(bits / 8)), |s| s.pref_align)
    }

    /// The floating-point alignment specs, sorted by width.
    pub fn float_specs(&self) -> &[AlignSpec] {
        &self.floats
    }

    /// ABI alignment in bytes of a vector whose total size is `total_bits`:
    /// the exact spec, else the store size in bytes rounded up to a power
    /// of two.
    pub fn vector_abi_align(&self, total_bits: u64) -> u64 {
        Self::exact(&self.vectors, total_bits)
            .map_or(pow2_ceil(total_bits.div_ceil(8)), |s| s.abi_align)
    }

    /// Preferred alignment in bytes of a vector of `total_bits` bits.
    pub fn vector_pref_align(&self, total_bits: u64) -> u64 {
        Self::exact(&self.vectors, total_bits)
            .map_or(pow2_ceil(total_bits.div_ceil(8)), |s| s.pref_align)
    }

    /// The vector alignment specs, sorted by width.
    pub fn vector_specs(&self) -> &[AlignSpec] {
        &self.vectors
    }

    /// Minimum ABI alignment in bytes of non-packed structs (`a:<abi>`;
    /// default 1). A struct's alignment is the max of this and its fields'.
    pub fn aggregate_abi_align(&self) -> u64 {
        self.aggregate_abi
    }

    /// Minimum preferred alignment in bytes of structs (default 8).
    pub fn aggregate_pref_align(&self) -> u64 {
        self.aggregate_pref
    }

    /// Natural stack alignment in bytes (`S<bits>`), `None` if unspecified.
    pub fn stack_align(&self) -> Option<u64> {
        self.stack_align
    }

    /// Function pointer alignment in bytes (`F<type><abi>`), if specified.
    pub fn function_ptr_align(&self) -> Option<u64> {
        self.function_ptr_align
    }

    /// How function pointer alignment is determined.
    pub fn function_ptr_align_type(&self) -> FunctionPtrAlignType {
        self.function_ptr_align_type
    }

    /// Native integer widths in bits (`n8:16:32:64`), in the order given.
    pub fn native_int_widths(&self) -> &[u32] {
        &self.native_int_widths
    }

    /// True if `bits` is one of the native integer widths.
    pub fn is_legal_integer(&self, bits: u32) -> bool {
        self.native_int_widths.contains(&bits)
    }

    /// Symbol mangling style, if specified.
    pub fn mangling(&self) -> Option<Mangling> {
        self.mangling
    }

    /// Address space of `alloca`s (`A<n>`).
    pub fn alloca_addrspace(&self) -> u32 {
        self.alloca_addrspace
    }

    /// Address space of functions (`P<n>`).
    pub fn program_addrspace(&self) -> u32 {
        self.program_addrspace
    }

    /// Default address space of new globals (`G<n>`).
    pub fn globals_addrspace(&self) -> u32 {
        self.globals_addrspace
    }

    /// Address spaces whose pointers are non-integral (`ni:1:2`).
    pub fn non_integral_addrspaces(&self) -> &[u32] {
        &self.non_integral
    }

    /// True if pointers in `addrspace` are non-integral.
    pub fn is_non_integral(&self, addrspace: u32) -> bool {
        self.non_integral.contains(&addrspace)
    }
}

/// Pointers in address space 0 by default (`p:64:64:64`).
const DEFAULT_POINTER: PointerSpec =
    PointerSpec { addrspace: 0, size_bits: 64, abi_align: 8, pref_align: 8, index_bits: 64 };

#[cfg(test)]
#[path = "datalayout_tests.rs"]
mod tests;
