//! Unit tests of `datalayout` (kept apart to keep the module readable).
use super::*;

fn err(s: &str) -> DataLayoutError {
    match parse(s) {
        Ok(dl) => panic!("{s:?} should not parse, got {dl:?}"),
        Err(e) => e,
    }
}

fn ok(s: &str) -> DataLayout {
    match parse(s) {
        Ok(dl) => dl,
        Err(e) => panic!("{s:?} should parse, got {e:?}"),
    }
}

#[test]
fn defaults() {
    let dl = DataLayout::default();
    assert_eq!(ok(""), dl);
    assert!(!dl.big_endian());
    let ptr = [dl.pointer_size_bits(0), dl.index_size_bits(0), dl.pointer_size_bits(7)];
    assert_eq!(ptr, [64, 64, 64]);
    assert_eq!((dl.pointer_abi_align(0), dl.pointer_pref_align(0)), (8, 8));
    let ints: Vec<_> =
        [1, 8, 16, 32, 64].map(|b| (dl.int_abi_align(b), dl.int_pref_align(b))).into();
    assert_eq!(ints, [(1, 1), (1, 1), (2, 2), (4, 4), (4, 8)]);
    let floats = [16, 32, 64, 128].map(|b| dl.float_abi_align(b));
    assert_eq!(floats, [2, 4, 8, 16]);
    assert_eq!([dl.vector_abi_align(64), dl.vector_abi_align(128)], [8, 16]);
    assert_eq!((dl.aggregate_abi_align(), dl.aggregate_pref_align()), (1, 8));
    assert_eq!((dl.stack_align(), dl.function_ptr_align(), dl.mangling()), (None, None, None));
    assert!(dl.native_int_widths().is_empty() && dl.non_integral_addrspaces().is_empty());
    let spaces = [dl.alloca_addrspace(), dl.program_addrspace(), dl.globals_addrspace()];
    assert_eq!(spaces, [0, 0, 0]);
    assert_eq!(dl.to_string(), "");
}

#[test]
fn integer_lookup_rule() {
    let dl = DataLayout::default();
    // i7 uses i8; i65 and i256 use i64 (the largest).
    assert_eq!(dl.int_abi_align(7), 1);
    assert_eq!(dl.int_abi_align(24), 4);
    assert_eq!(dl.int_abi_align(65), 4);
    assert_eq!(dl.int_pref_align(256), 8);
    let dl = ok("i128:128");
    assert_eq!(dl.int_abi_align(65), 16);
    assert_eq!(dl.int_abi_align(1000), 16);
}

#[test]
fn float_and_vector_fallbacks() {
    let dl = DataLayout::default();
    // x86_fp80 has no default entry: 10 bytes -> 16.
    assert_eq!(dl.float_abi_align(80), 16);
    assert_eq!(ok("f80:128").float_abi_align(80), 16);
    assert_eq!(ok("f80:32").float_abi_align(80), 4);
    // <3 x i32> = 96 bits -> 12 bytes -> 16; <2 x i8> -> 2; <1 x i1> -> 1.
    assert_eq!(dl.vector_abi_align(96), 16);
    assert_eq!(dl.vector_abi_align(16), 2);
    assert_eq!(dl.vector_abi_align(1), 1);
    assert_eq!(dl.vector_abi_align(512), 64);
    assert_eq!(ok("v512:128").vector_abi_align(512), 16);
    assert_eq!(dl.vector_abi_align(u64::MAX), 1 << 61);
}

#[test]
fn x86_64_linux() {
    let s = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
    let dl = ok(s);
    assert!(!dl.big_endian());
    assert_eq!(dl.mangling(), Some(Mangling::Elf));
    assert_eq!(dl.pointer_size_bits(270), 32);
    assert_eq!(dl.pointer_abi_align(270), 4);
    assert_eq!(dl.pointer_size_bits(272), 64);
    assert_eq!(dl.pointer_size_bits(0), 64);
    assert_eq!(dl.int_abi_align(64), 8);
    assert_eq!(dl.int_abi_align(128), 16);
    assert_eq!(dl.native_int_widths(), &[8, 16, 32, 64]);
    assert!(dl.is_legal_integer(32) && !dl.is_legal_integer(128));
    assert_eq!(dl.stack_align(), Some(16));
    assert_eq!(dl.to_string(), s);
    assert_eq!(ok(&dl.to_string()), dl);
    assert_eq!(s.parse::<DataLayout>(), Ok(dl));
}

#[test]
fn other_specs() {
    let dl = ok("E-p:32:32-p1:16:16:32:8-A5-P1-G3-ni:7:8-a:8:16-Fn32-m:o-s0");
    assert!(dl.big_endian());
    assert_eq!(dl.pointer_size_bits(0), 32);
    assert_eq!(dl.index_size_bits(0), 32);
    assert_eq!(dl.pointer_size_bits(1), 16);
    assert_eq!(dl.pointer_abi_align(1), 2);
    assert_eq!(dl.pointer_pref_align(1), 4);
    assert_eq!(dl.index_size_bits(1), 8);
    assert_eq!(dl.alloca_addrspace(), 5);
    assert_eq!(dl.program_addrspace(), 1);
    assert_eq!(dl.globals_addrspace(), 3);
    assert_eq!(dl.non_integral_addrspaces(), &[7, 8]);
    assert!(dl.is_non_integral(8) && !dl.is_non_integral(0));
    assert_eq!(dl.aggregate_abi_align(), 1);
    assert_eq!(dl.aggregate_pref_align(), 2);
    assert_eq!(dl.function_ptr_align(), Some(4));
    assert_eq!(dl.function_ptr_align_type(), FunctionPtrAlignType::MultipleOfFunctionAlign);
    assert_eq!(dl.mangling(), Some(Mangling::MachO));
    assert_eq!(dl.pointer_specs().len(), 2);
    for (c, m) in [
        ('e', Mangling::Elf),
        ('l', Mangling::Goff),
        ('m', Mangling::Mips),
        ('o', Mangling::MachO),
        ('w', Mangling::WinCoff),
        ('x', Mangling::WinCoffX86),
        ('a', Mangling::XCoff),
    ] {
        assert_eq!(ok(&format!("m:{c}")).mangling(), Some(m));
        assert_eq!(m.code(), c);
    }
}

#[test]
fn accepted_quirks_match_llvm19() {
    // Each of these is accepted by llvm-as-19.
    let accepted = "i0:8 i7:8 a0:0:64 Fi0 S0 i32:32:64:64 p:64:64:64:64:64 p:16777216:64 \
        p16777215:64:64 A16777215 a:65536 a:131072 i32:65536 i1:16 i8:8:16 f1:8 v1:8 e-e ex \
        Ex e1 p0:64:64 p01:64:64 i08:8 i8:08 S8 a:0 p:64:64:64:32 f32:16 A5:3 n8-n16 e::8 \
        ni:16777216 S9223372036854775808 Fi9223372036854775808";
    for s in accepted.split_whitespace() {
        ok(s);
    }
    assert!(ok("Ex").big_endian());
    assert_eq!(ok("p:64:64:64:32").index_size_bits(0), 32);
    assert_eq!(ok("n8-n16").native_int_widths(), &[8, 16]);
    assert_eq!(ok("i32:32:64:64").int_pref_align(32), 8);
    assert_eq!(ok("a:0").aggregate_abi_align(), 1);
    assert_eq!(ok("a:0").aggregate_pref_align(), 1);
    // Later specs override earlier ones.
    assert_eq!(ok("i64:32-i64:64").int_abi_align(64), 8);
}

#[test]
fn rejected_like_llvm19() {
    // `spec => message`, each checked against llvm-as-19.
    let cases = "
        p:32:24 => Pointer ABI alignment must be a power of 2
        p:64:0 => Pointer ABI alignment must be a power of 2
        p:0:32 => Invalid pointer size of 0 bytes
        p16777216:64:64 => Invalid address space, must be a 24-bit integer
        p:64:64:64:128 => Index width cannot be larger than pointer width
        p:32:32:32:48 => Index width cannot be larger than pointer width
        p:64:64:0 => Pointer preferred alignment must be a power of 2
        p:64:64:64:0 => Invalid index size of 0 bytes
        p => Missing size specification for pointer in datalayout string
        p: => Trailing separator in datalayout string
        p:64 => Missing alignment specification for pointer in datalayout string
        p:64:64:64:64: => Trailing separator in datalayout string
        pa:64:64 => not a number, or does not fit in an unsigned int
        p:4294967296:64 => not a number, or does not fit in an unsigned int
        i8:16 => Invalid ABI alignment, i8 must be naturally aligned
        i16777216:8 => Invalid bit width, must be a 24-bit integer
        i64:64:32 => Preferred alignment cannot be less than the ABI alignment
        i32:32:0 => Preferred alignment cannot be less than the ABI alignment
        i32:0 => ABI alignment specification must be >0 for non-aggregate types
        v64:0 => ABI alignment specification must be >0 for non-aggregate types
        i32 => Missing alignment specification in datalayout string
        i-8:8 => Missing alignment specification in datalayout string
        i32: => Trailing separator in datalayout string
        i32::8 => Expected token before separator in datalayout string
        i32:8:4 => number of bits must be a byte width multiple
        i32:24 => Invalid ABI alignment, must be a power of 2
        i32:32:48 => Invalid preferred alignment, must be a power of 2
        i32:32:1048576 => Invalid preferred alignment, must be a 16bit integer
        i32:524288 => Invalid ABI alignment, must be a 16bit integer
        i+8:8 => not a number, or does not fit in an unsigned int
        i99999999999999999999:8 => not a number, or does not fit in an unsigned int
        a => Missing alignment specification in datalayout string
        a8:8 => Sized aggregate specification in datalayout string
        a:16777216 => Invalid ABI alignment, must be a 16bit integer
        Fx8 => Unknown function pointer alignment type in datalayout string
        F => Unknown function pointer alignment type in datalayout string
        Fn3 => number of bits must be a byte width multiple
        Fi => not a number, or does not fit in an unsigned int
        m => Expected mangling specifier in datalayout string
        m:q => Unknown mangling in datalayout string
        m:ee => Unknown mangling specifier in datalayout string
        mx:e => Unexpected trailing characters after mangling specifier in datalayout string
        ni => not a number, or does not fit in an unsigned int
        ni: => Trailing separator in datalayout string
        ni:0 => Address space 0 can never be non-integral
        n => not a number, or does not fit in an unsigned int
        n0 => Zero width native integer type in datalayout string
        S => not a number, or does not fit in an unsigned int
        S-1 => not a number, or does not fit in an unsigned int
        S12 => number of bits must be a byte width multiple
        S24 => Alignment is neither 0 nor a power of 2
        S18446744073709551616 => not a number, or does not fit in an unsigned int
        S18446744073709551608 => Alignment is neither 0 nor a power of 2
        Ax => not a number, or does not fit in an unsigned int
        A16777216 => Invalid address space, must be a 24-bit integer
        P16777216 => Invalid address space, must be a 24-bit integer
        q => Unknown specifier in datalayout string
        é => Unknown specifier in datalayout string
        e- => Trailing separator in datalayout string
        : => Trailing separator in datalayout string
        -e => Expected token before separator in datalayout string
        e--p:32:32 => Expected token before separator in datalayout string";
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let (s, msg) = line.trim().split_once(" => ").unwrap_or(("", ""));
        assert!(!s.is_empty(), "bad test line {line:?}");
        assert_eq!(err(s).message, msg, "for {s:?}");
    }
    // Specs containing spaces cannot go in the table above.
    assert_eq!(err("i 8:8").message, "not a number, or does not fit in an unsigned int");
}

#[test]
fn error_offsets_point_at_the_problem() {
    let e = err("e-p:64:64-i32:24");
    assert_eq!((e.offset, e.len), (14, 2));
    assert_eq!(e.to_string(), "Invalid ABI alignment, must be a power of 2");
    let e = err("e-m:e-");
    assert_eq!((e.offset, e.len), (5, 1));
    let e = err("e-qq");
    assert_eq!((e.offset, e.len), (2, 2));
    let e = err("e-p1x:64:64");
    assert_eq!((e.offset, e.len), (3, 2));
    let e = err("e-S");
    assert_eq!((e.offset, e.len), (3, 0));
    let e = err("ni:1:0");
    assert_eq!((e.offset, e.len), (5, 1));
    // Offsets always lie within the string.
    for s in ["i32", "p", "m", "a", "e-", "-", "n8:", "Fx", "p:64:64:64:128"] {
        let e = err(s);
        assert!(e.offset + e.len <= s.len(), "{s:?}: {e:?}");
    }
}

#[test]
fn equality_ignores_spelling() {
    assert_eq!(ok("e-i64:64"), ok("i64:64:64"));
    assert_ne!(ok("E"), ok("e"));
    assert_eq!(ok("i64:64").as_str(), "i64:64");
}

#[test]
fn arbitrary_input_never_panics() {
    let alphabet = [
        "e",
        "E",
        "p",
        "i",
        "v",
        "f",
        "a",
        "n",
        "ni",
        "m",
        "S",
        "F",
        "A",
        "P",
        "G",
        ":",
        "-",
        "0",
        "8",
        "16",
        "64",
        "99999999999",
        "é",
        "x",
        "s",
    ];
    let mut x: u32 = 7;
    for _ in 0..5000 {
        let mut s = String::new();
        for _ in 0..(x % 12) {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            s.push_str(alphabet[(x >> 16) as usize % alphabet.len()]);
        }
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        match parse(&s) {
            Ok(dl) => assert_eq!(ok(&dl.to_string()), dl),
            Err(e) => assert!(e.offset + e.len <= s.len() && s.is_char_boundary(e.offset)),
        }
    }
}
