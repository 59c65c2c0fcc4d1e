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

#[test]
fn old_varargs_get_va_list_storage() {
    let t = upgrade_text(
        "implementation\ndeclare sbyte* %llvm.va_start()\ndeclare sbyte* %llvm.va_copy(sbyte*)\nint %f(int %n, ...) {\n  %ap = call sbyte* %llvm.va_start()\n  %x = vaarg sbyte* %ap, int\n  %ap2 = vanext sbyte* %ap, int\n  %aq = call sbyte* %llvm.va_copy(sbyte* %ap2)\n  ret int %x\n}\n",
    )
    .expect("upgrades");
    for want in [
        "%ap = alloca [32 x i8], align 16",
        "%ap2 = alloca [32 x i8], align 16",
        "%aq = alloca [32 x i8], align 16",
        "%x.va = alloca [32 x i8], align 16",
        "call void @llvm.va_start.p0(ptr %ap)",
        "call void @llvm.va_copy.p0(ptr %x.va, ptr %ap)\n  %x = va_arg ptr %x.va, i32",
        "call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)\n  %ap2.skip = va_arg ptr %ap2, i32",
        "call void @llvm.va_copy.p0(ptr %aq, ptr %ap2)",
        "declare void @llvm.va_start.p0(ptr)",
        "declare void @llvm.va_copy.p0(ptr, ptr)",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
    // The old zero-argument declarations are gone.
    assert!(!t.contains("@llvm.va_start()"), "{t}");
    assert!(crate::text::parse(&t).module.is_some(), "{t}");
}

#[test]
fn up_references_name_their_type() {
    let t =
        upgrade_text("%list = type { int, \\2* }\n%g = global { sbyte, \\2* } zeroinitializer\n")
            .expect("upgrades");
    assert!(t.contains("%list = type { i32, ptr }"), "{t}");
    assert!(t.contains("%upref.0 = type { i8, ptr }"), "{t}");
    assert!(t.contains("@g = global %upref.0 zeroinitializer"), "{t}");
    // The pointee of `\2*` is the structure: a load through it is typed by it.
    let t = upgrade_text("%list = type { int, \\2* }\nimplementation\nint %f(%list* %l) {\n  %p = getelementptr %list* %l, long 0, ubyte 1\n  %n = load %list** %p\n  %q = getelementptr %list* %n, long 0, ubyte 0\n  %v = load int* %q\n  ret int %v\n}\n").expect("upgrades");
    assert!(t.contains("%q = getelementptr %list, ptr %n, i64 0, i32 0"), "{t}");
    // A pointer to itself.
    let t = upgrade_text("%p = type \\1*\n%g = global %p null\n").expect("upgrades");
    assert!(t.contains("@g = global ptr null"), "{t}");
    // Out of range, and a type containing itself.
    let (l, _, m) = first_error("%a = type int\n%t = type { int, \\3* }\n");
    assert_eq!(l, 2, "{m}");
    assert!(m.contains("refers outside its type"), "{m}");
    let (_, _, m) = first_error("%t = type { int, \\1 }\n");
    assert!(m.contains("other than through a pointer"), "{m}");
}

#[test]
fn unnamed_types_stay_numbered() {
    let t = upgrade_text("type { int }\n%g = global %0 zeroinitializer\n").expect("upgrades");
    assert!(t.contains("%0 = type { i32 }"), "{t}");
    assert!(t.contains("@g = global %0 zeroinitializer"), "{t}");
}

#[test]
fn address_arithmetic_folds_or_is_named() {
    let t = upgrade_text(
        "%A = global long 0\n%a = global long* cast (long div (long cast (long* %A to long), long 1) to long*)\n%b = global bool setlt (long* %A, long* getelementptr (long* %A, long 1))\n%c = global long or (long cast (long* %A to long), long -1)\n",
    )
    .expect("upgrades");
    assert!(t.contains("@a = global ptr @A"), "{t}");
    assert!(t.contains("@b = global i1 true"), "{t}");
    assert!(t.contains("@c = global i64 -1"), "{t}");
    let (l, _, m) = first_error(
        "%A = global long 0\n%d = global long div (long cast (long* %A to long), long 3)\n",
    );
    assert_eq!(l, 2, "{m}");
    assert!(m.contains("div (long cast (long* %A to long), long 3)"), "{m}");
}

#[test]
fn old_intrinsics_get_modern_forms() {
    let t = upgrade_text(
        "implementation\ndeclare bool %llvm.isunordered(float, float)\ndeclare uint %llvm.ctlz.i32(uint)\ndeclare void %llvm.memcpy(sbyte*, sbyte*, uint, uint)\ndeclare void %llvm.dbg.stoppoint(uint)\nbool %f(float %a, uint %w, sbyte* %p) {\n  %z = call uint %llvm.ctlz.i32(uint %w)\n  call void %llvm.memcpy(sbyte* %p, sbyte* %p, uint %z, uint 4)\n  call void %llvm.dbg.stoppoint(uint 3)\n  %u = call bool %llvm.isunordered(float %a, float %a)\n  ret bool %u\n}\n",
    )
    .expect("upgrades");
    for want in [
        "%u = fcmp uno float %a, %a",
        "%z = call i32 @llvm.ctlz.i32(i32 %w, i1 false)",
        "call void @llvm.memcpy.p0.p0.i32(ptr %p, ptr %p, i32 %z, i1 false)",
        "declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
    assert!(!t.contains("dbg") && !t.contains("isunordered"), "{t}");
    let r = crate::text::parse(
        "implementation\ndeclare void %llvm.dbg.stoppoint(uint)\nvoid %f() {\n  call void %llvm.dbg.stoppoint(uint 3)\n  ret void\n}\n",
    );
    assert!(r.module.is_some(), "{:?}", r.diagnostics);
    assert!(r
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Note && d.message.contains("llvm.dbg.stoppoint")));
}

#[test]
fn invoke_to_one_block_along_both_edges() {
    let t = upgrade_text(
        "implementation\ndeclare void %g()\nint %f() {\nentry:\n  invoke void %g() to label %j except label %j\nj:\n  %r = phi int [ 1, %entry ]\n  ret int %r\n}\n",
    )
    .expect("upgrades");
    assert!(t.contains("%r = phi i32 [ 1, %entry ], [ 1, %entry.unwind ]"), "{t}");
    assert!(crate::text::parse(&t).module.is_some(), "{t}");
}

#[test]
fn several_syntax_errors_are_reported() {
    let src = "%g = global int 1 2\n%h = global int 3\nimplementation\nint %f(int %a) {\n  %b = add int %a,\n  %c = bogus int %a\n  ret int %a\n}\n%k = global bool 7 7\n";
    let r = crate::text::parse(src);
    assert!(r.module.is_none());
    let lines: Vec<usize> = r
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| line_col(src, d.span.start).0)
        .collect();
    // Line 1: a stray `2` after a global (reading resumes at line 2); line 6: `%c` ends the
    // incomplete `add` of line 5, so `=` is the error (reading resumes at the `ret`); line 9.
    assert_eq!(lines, vec![1, 6, 9], "{:?}", r.diagnostics);
}
