//! Unit tests of the LLVM 1.x front end: detection, upgrade rules, errors at their place.

use super::*;
use crate::diag::Severity;

fn line_col(src: &str, off: u32) -> (usize, usize) {
    let before = src.get(..off as usize).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map(|i| i + 1).unwrap_or(0) + 1;
    (line, col)
}

fn first_error(src: &str) -> (usize, usize, String) {
    let r = crate::text::parse(src);
    assert!(r.module.is_none(), "expected an error for:\n{src}");
    let d = r.diagnostics.iter().find(|d| d.severity == Severity::Error).expect("an error");
    let (l, c) = line_col(src, d.span.start);
    (l, c, d.message.clone())
}

#[test]
fn detects_1x_words_but_not_modern_text() {
    assert!(detect("%x = global int 1").is_some());
    assert!(detect("implementation\n").is_some());
    assert!(detect("target endian = little").is_some());
    assert!(detect("target   pointersize = 32").is_some());
    // Modern text, names, strings, comments and labels that spell 1.x words.
    assert!(detect("@int = global i32 0 ; int uint\n@s = constant [4 x i8] c\"int\\00\"").is_none());
    assert!(detect("define void @f() {\nint:\n  ret void\n}").is_none());
    assert!(detect("define i32 @f(i32 %long) {\n  ret i32 %long\n}").is_none());
    assert!(detect("target datalayout = \"e\"\ntarget triple = \"x86_64\"").is_none());
    assert!(detect("!0 = !DIBasicType(name: \"int\", size: 32)").is_none());
    // A modern mark anywhere makes the text modern, even with a stray 1.x word.
    assert!(detect("define i32 @z(i64 %x) {\n  %t = add int %x, 1\n  ret i32 %t\n}").is_none());
    assert!(detect("%x = global int 1\n@y = global i32 2").is_none());
}

#[test]
fn notes_the_upgrade_at_the_first_1x_word() {
    let src = "; a comment\n%g = global int 1\n";
    let r = crate::text::parse(src);
    assert!(r.module.is_some(), "{:?}", r.diagnostics);
    let note = r.diagnostics.first().expect("a note");
    assert_eq!(note.severity, Severity::Note);
    assert_eq!(note.message, "LLVM 1.x syntax, upgraded");
    assert_eq!(line_col(src, note.span.start), (2, 6));
}

#[test]
fn signedness_picks_opcodes() {
    let t = upgrade_text(
        "implementation\nbool %f(int %a, uint %b, float %x) {\n  %q = div int %a, %a\n  %r = rem uint %b, %b\n  %s = shr int %a, ubyte 1\n  %t = shr uint %b, ubyte 1\n  %c = setlt int %a, %a\n  %d = setlt uint %b, %b\n  %e = setne float %x, %x\n  ret bool %c\n}\n",
    )
    .expect("upgrades");
    for want in [
        "%q = sdiv i32 %a, %a",
        "%r = urem i32 %b, %b",
        "%s = ashr i32 %a, 1",
        "%t = lshr i32 %b, 1",
        "%c = icmp slt i32 %a, %a",
        "%d = icmp ult i32 %b, %b",
        "%e = fcmp une float %x, %x",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
}

#[test]
fn cast_to_bool_compares_with_zero() {
    let t = upgrade_text(
        "implementation\nbool %f(int %a) {\n  %b = cast int %a to bool\n  ret bool %b\n}\n",
    )
    .expect("upgrades");
    assert!(t.contains("%b = icmp ne i32 %a, 0"), "{t}");
}

#[test]
fn type_planes_are_renamed() {
    let t = upgrade_text(
        "implementation\nint %f(int %x, uint %x) {\n  %y = cast uint %x to int\n  %z = add int %x, %y\n  ret int %z\n}\n",
    )
    .expect("upgrades");
    assert!(t.contains("define i32 @f(i32 %x, i32 %x.1)"), "{t}");
    assert!(t.contains("%y = bitcast i32 %x.1 to i32"), "{t}");
    assert!(t.contains("%z = add i32 %x, %y"), "{t}");
}

#[test]
fn renamed_external_global_warns() {
    let r = crate::text::parse("%g = global int 1\n%g = global uint 2\n");
    assert!(r.module.is_some(), "{:?}", r.diagnostics);
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains("renamed to '@g.1'")),
        "{:?}",
        r.diagnostics
    );
}

#[test]
fn errors_are_placed_in_the_1x_text() {
    // A syntax error of the 1.x parser.
    let (l, c, m) = first_error("implementation\nint %f() {\n  %x = add int 1,\n  ret int 0\n}\n");
    assert_eq!((l, c), (4, 3), "{m}");
    // An undefined value, found while upgrading.
    let (l, _, m) = first_error("implementation\nint %f() {\n  ret int %nope\n}\n");
    assert_eq!(l, 3);
    assert!(m.contains("%nope"), "{m}");
    // An error of the modern parser or checks (a type mismatch the 1.x text hides), mapped
    // back to the 1.x instruction.
    let (l, _, m) = first_error("implementation\nint %f() {\n  br label %missing\n}\n");
    assert_eq!(l, 3, "{m}");
    // A draft-only form is named as such.
    let (_, _, m) = first_error("implementation\nint %f() {\n  icall int %g()\n  ret int 0\n}\n");
    assert!(m.contains("2001"), "{m}");
    // Modern syntax in a 1.x file: the modern mark wins, and the 1.x line is the error.
    let (l, _, m) = first_error("@h = global i32 2\n@g = global int 1\n");
    assert_eq!(l, 2, "{m}");
    // `iN` types in a 1.x file.
    let (l, _, m) = first_error("%g = global int 1\n%h = global i32 2\n");
    assert_eq!(l, 2, "{m}");
    assert!(m.contains("LLVM 2.0"), "{m}");
}

#[test]
fn module_spans_point_into_the_1x_text() {
    let src = "implementation\nint %f(int %a) {\n  %b = add int %a, 1\n  ret int %b\n}\n";
    let r = crate::text::parse(src);
    let m = r.module.expect("parses");
    let f = m.globals.values().find_map(|g| g.as_func()).expect("a function");
    let body = f.body.as_ref().expect("a body");
    let lines: Vec<usize> = body.insts.values().map(|i| line_col(src, i.span.start).0).collect();
    assert_eq!(lines, vec![3, 4]);
}

#[test]
fn damaged_input_never_panics() {
    let src = "%pair = type { int, sbyte* }\n%g = global %pair { int 1, sbyte* null }\nimplementation\nint %f(int %a, ...) begin\n  %b = getelementptr %pair* %g, long 0, ubyte 1\n  %c = cast int %a to double\n  %d = malloc int, uint 4\n  switch int %a, label %x [ int 1, label %x ]\nx:\n  ret int 0\nend\n";
    assert!(crate::text::parse(src).module.is_some());
    let bytes = src.as_bytes();
    for cut in 0..bytes.len() {
        if let Ok(s) = std::str::from_utf8(&bytes[..cut]) {
            let _ = crate::text::parse(s);
        }
        let mut v = bytes.to_vec();
        v[cut] = b"{}()[]*%,x0\""[cut % 12];
        if let Ok(s) = std::str::from_utf8(&v) {
            let _ = crate::text::parse(s);
        }
    }
    // Deep nesting ends in a diagnostic.
    let deep = format!("%g = global {}int{} zeroinitializer\n", "{".repeat(5000), "}".repeat(5000));
    assert!(crate::text::parse(&deep).module.is_none());
}
