//! Constant expressions LLVM 19 no longer has (`icmp`, `fcmp`, `select`, `zext`, `shl`, ...)
//! in bitcode written by LLVM 15: the module read must print as the module parsed from
//! `llvm-dis-19`'s text of the same file (which expands them into `%constexpr` instructions
//! before each use, or into a `phi.constexpr` block on the edge for a phi's operand), and a
//! global initializer using one must be refused as LLVM 19 refuses it. Made at test time with
//! `llvm-as-15` (the test fails when it or `llvm-dis-19` is missing).

use irplay_core::bitcode;
use irplay_core::text::{parse, print_module};
use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{require, Scratch};

/// `text` assembled by `llvm-as-15`, with the directory it is in (removed at the end).
fn llvm15_bitcode(tag: &str, text: &str) -> (Vec<u8>, PathBuf, Scratch) {
    require("llvm-as-15");
    require("llvm-dis-19");
    let dir = Scratch::new(&format!("bitcode-legacy-exprs-{tag}"));
    let ll = dir.path().join("in.ll");
    let bc = dir.path().join("in.bc");
    std::fs::write(&ll, text).unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new("llvm-as-15")
        .arg(&ll)
        .arg("-o")
        .arg(&bc)
        .output()
        .unwrap_or_else(|e| panic!("llvm-as-15: {e}"));
    assert!(out.status.success(), "llvm-as-15: {}", String::from_utf8_lossy(&out.stderr));
    (std::fs::read(&bc).unwrap_or_else(|e| panic!("{e}")), bc, dir)
}

const FUNCTION: &str = r#"
@g = external global i32
@h = external global [4 x i32]

declare i32 @k(i32, i32, <2 x i1>, { i32, i1 })

define i32 @f(i32 %x) {
entry:
  %c = select i1 icmp ugt (ptr @g, ptr @h), i32 %x, i32 sext (i1 icmp ult (ptr @g, ptr @h) to i32)
  %e = add i32 %c, select (i1 icmp ult (ptr @g, ptr @h), i32 1, i32 2)
  %v = add <2 x i32> <i32 1, i32 2>, <i32 zext (i1 icmp ult (ptr @g, ptr @h) to i32), i32 3>
  store i32 zext (i1 fcmp olt (float 1.0, float bitcast (i32 ptrtoint (ptr @g to i32) to float)) to i32), ptr select (i1 icmp ult (ptr @g, ptr @h), ptr @g, ptr @h)
  %r = call i32 @k(i32 add (i32 shl (i32 ptrtoint (ptr @g to i32), i32 2), i32 1), i32 lshr exact (i32 ptrtoint (ptr @h to i32), i32 3), <2 x i1> <i1 icmp ult (ptr @g, ptr @h), i1 icmp ugt (ptr @g, ptr @h)>, { i32, i1 } { i32 1, i1 icmp ult (ptr @g, ptr @h) })
  %s = add i32 %e, %r
  ret i32 %s
}
"#;

#[test]
fn expressions_become_instructions_as_llvm_19_makes_them() {
    let (bytes, bc, _dir) = llvm15_bitcode("fn", FUNCTION);
    let dis = Command::new("llvm-dis-19").arg(&bc).arg("-o").arg("-").output();
    let dis = dis.expect("llvm-dis-19 runs");
    assert!(dis.status.success(), "llvm-dis-19: {}", String::from_utf8_lossy(&dis.stderr));
    let text = String::from_utf8_lossy(&dis.stdout);
    assert!(text.contains("%constexpr = icmp"), "LLVM 19 expands them:\n{text}");
    let want = parse(&text).module.expect("llvm-dis-19's text parses");
    let got = bitcode::read(&bytes).expect("the LLVM 15 bitcode reads");
    assert_eq!(print_module(&got), print_module(&want));
}

#[test]
fn a_global_initializer_using_one_is_refused() {
    let text = "@g = external global i32\n@h = external global i32\n\
                @gi = global i32 zext (i1 icmp ult (ptr @g, ptr @h) to i32)\n";
    let (bytes, bc, _dir) = llvm15_bitcode("init", text);
    let dis = Command::new("llvm-dis-19").arg(&bc).arg("-o").arg("-").output();
    assert!(!dis.expect("llvm-dis-19 runs").status.success(), "LLVM 19 refuses it too");
    let e = bitcode::read(&bytes).expect_err("refused");
    assert!(e.message.contains("icmp constant expression"), "{e}");
}

/// Reads `text` as LLVM 15 bitcode and checks the module against the one parsed from
/// `llvm-dis-19`'s text of the same file, which must contain `expect`.
fn same_as_llvm_19(tag: &str, text: &str, expect: &[&str]) {
    let (bytes, bc, _dir) = llvm15_bitcode(tag, text);
    let dis = Command::new("llvm-dis-19").arg(&bc).arg("-o").arg("-").output();
    let dis = dis.expect("llvm-dis-19 runs");
    assert!(dis.status.success(), "llvm-dis-19: {}", String::from_utf8_lossy(&dis.stderr));
    let text = String::from_utf8_lossy(&dis.stdout);
    for e in expect {
        assert!(text.contains(e), "LLVM 19 makes {e:?}:\n{text}");
    }
    let want = parse(&text).module.expect("llvm-dis-19's text parses");
    let got = bitcode::read(&bytes).expect("the LLVM 15 bitcode reads");
    assert_eq!(print_module(&got), print_module(&want));
}

const GLOBALS: &str = "@g = external global i32\n@h = external global i32\n";

#[test]
fn a_phi_operand_using_one_gets_a_block_on_its_edge() {
    let text = format!(
        "{GLOBALS}define i32 @f() {{\nentry:\n  br label %next\nnext:\n  \
         %p = phi i32 [ zext (i1 icmp ult (ptr @g, ptr @h) to i32), %entry ], [ %p, %next ]\n  \
         br label %next\n}}\n"
    );
    same_as_llvm_19("phi", &text, &["phi.constexpr:", "br label %phi.constexpr"]);
}

#[test]
fn two_phis_of_a_block_share_the_edge_block() {
    // Once the edge block is taken, LLVM names a spare one (`phi.constexpr2`) that it drops
    // unused at the end: number 2 is skipped.
    let text = format!(
        "{GLOBALS}define i32 @f(i1 %c, i32 %x) {{\nentry:\n  br i1 %c, label %other, label %next\n\
         other:\n  %q = phi i32 [ %x, %entry ]\n  br label %next\n\
         next:\n  %p = phi i32 [ zext (i1 icmp ult (ptr @g, ptr @h) to i32), %entry ], [ %q, %other ]\n  \
         %p2 = phi i32 [ select (i1 icmp ugt (ptr @g, ptr @h), i32 3, i32 4), %entry ], [ 5, %other ]\n  \
         %s = add i32 %p, zext (i1 icmp ugt (ptr @g, ptr @h) to i32)\n  \
         %t = add i32 %s, %p2\n  ret i32 %t\n}}\n"
    );
    same_as_llvm_19(
        "two-phis",
        &text,
        &["%constexpr3 = icmp", "%p2 = phi i32 [ %constexpr4, %phi.constexpr ]"],
    );
}

#[test]
fn two_edges_into_one_block_get_a_block_each() {
    let text = format!(
        "{GLOBALS}define i32 @f(i1 %c) {{\nentry:\n  br i1 %c, label %l, label %r\n\
         l:\n  br label %next\nr:\n  br label %next\n\
         next:\n  %p = phi i32 [ zext (i1 icmp ult (ptr @g, ptr @h) to i32), %l ], \
         [ sext (i1 icmp ult (ptr @g, ptr @h) to i32), %r ]\n  ret i32 %p\n}}\n\
         define i32 @k(i1 %c) {{\nentry:\n  br i1 %c, label %a, label %b\n\
         a:\n  %x = phi i32 [ zext (i1 icmp ult (ptr @g, ptr @h) to i32), %entry ]\n  ret i32 %x\n\
         b:\n  %y = phi i32 [ zext (i1 icmp ugt (ptr @g, ptr @h) to i32), %entry ]\n  ret i32 %y\n}}\n"
    );
    same_as_llvm_19("two-edges", &text, &["phi.constexpr2:", "br i1 %c, label %phi.constexpr,"]);
}

#[test]
fn a_switch_predecessor_named_twice_in_the_phi() {
    // Both cases of the switch and both entries of the phi go through the one edge block
    // (which LLVM 19's verifier then refuses, but its reader makes it so).
    let text = format!(
        "{GLOBALS}define i32 @f(i32 %x) {{\nentry:\n  switch i32 %x, label %next [\n    \
         i32 1, label %next\n    i32 2, label %other\n  ]\n\
         other:\n  br label %next\n\
         next:\n  %p = phi i32 [ sext (i1 icmp ugt (ptr @g, ptr @h) to i32), %entry ], \
         [ sext (i1 icmp ugt (ptr @g, ptr @h) to i32), %entry ], [ 5, %other ]\n  ret i32 %p\n}}\n"
    );
    same_as_llvm_19(
        "switch",
        &text,
        &["switch i32 %x, label %phi.constexpr [", "i32 1, label %phi.constexpr\n"],
    );
}

#[test]
fn summary_entries_are_warned_about_when_writing() {
    let text = "^0 = module: (path: \"a.o\", hash: (0, 0, 0, 0, 0))\n\
                define void @f() {\n  ret void\n}\n";
    let m = parse(text).module.expect("parses");
    assert_eq!(
        bitcode::write_warnings(&m),
        ["1 summary entries (^0 = ...) are not written to bitcode"]
    );
    let plain = parse("define void @f() {\n  ret void\n}\n").module.expect("parses");
    assert!(bitcode::write_warnings(&plain).is_empty());
}

#[test]
fn metadata_using_one_gets_undef() {
    // As a value in a node (alone, inside a vector or a struct, under a `getelementptr`), in
    // an attachment, and as `llvm.dbg.value`'s operand (alone and in a `DIArgList`); an
    // expression LLVM 19 still has (`add`) stays.
    let text = format!(
        "{GLOBALS}declare void @llvm.dbg.value(metadata, metadata, metadata)\n\
         define i32 @f(i32 %x) !dbg !5 {{\nentry:\n  \
         call void @llvm.dbg.value(metadata i32 zext (i1 icmp ult (ptr @g, ptr @h) to i32), metadata !9, metadata !DIExpression()), !dbg !11\n  \
         call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 shl (i32 ptrtoint (ptr @g to i32), i32 2)), metadata !9, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !11\n  \
         %y = add i32 %x, 1, !foo !12\n  ret i32 %y, !dbg !11\n}}\n\
         !named = !{{!13, !14}}\n\
         !llvm.dbg.cu = !{{!0}}\n!llvm.module.flags = !{{!3}}\n\
         !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"x\", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n\
         !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
         !3 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n\
         !5 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition)\n\
         !6 = !DISubroutineType(types: !7)\n!7 = !{{!8}}\n\
         !8 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n\
         !9 = !DILocalVariable(name: \"v\", scope: !5, file: !1, line: 2, type: !8)\n\
         !11 = !DILocation(line: 2, column: 1, scope: !5)\n\
         !12 = !{{i32 zext (i1 icmp ult (ptr @g, ptr @h) to i32), !\"s\"}}\n\
         !13 = !{{i1 icmp ult (ptr @g, ptr @h), <2 x i32> <i32 zext (i1 icmp ult (ptr @g, ptr @h) to i32), i32 3>}}\n\
         !14 = !{{{{ i32, i1 }} {{ i32 1, i1 icmp ult (ptr @g, ptr @h) }}, i32 add (i32 ptrtoint (ptr @g to i32), i32 1), \
         ptr getelementptr (i8, ptr @g, i64 ptrtoint (ptr select (i1 icmp ult (ptr @g, ptr @h), ptr @g, ptr @h) to i64))}}\n"
    );
    same_as_llvm_19(
        "metadata",
        &text,
        &[
            "#dbg_value(i32 undef, ",
            "!DIArgList(i32 %x, i32 undef)",
            "!{i32 undef, !\"s\"}",
            "!{i1 undef, <2 x i32> undef}",
            "!{{ i32, i1 } undef, i32 add (i32 ptrtoint (ptr @g to i32), i32 1), ptr undef}",
        ],
    );
}

#[test]
fn own_names_that_clash_with_the_expansion_get_numbers() {
    // LLVM names the expansion first, then the file's names in its symbol table's order: each
    // one taken gets the function's next number appended.
    let text = format!(
        "{GLOBALS}define i32 @f(i32 %constexpr) {{\nconstexpr2:\n  \
         %constexpr1 = add i32 %constexpr, zext (i1 icmp ult (ptr @g, ptr @h) to i32)\n  \
         %a = add i32 %constexpr1, sext (i1 icmp ult (ptr @g, ptr @h) to i32)\n  \
         %constexpr4 = add i32 %a, 1\n  br label %phi.constexpr\n\
         phi.constexpr:\n  %p = phi i32 [ %constexpr4, %constexpr2 ], [ %q, %next ]\n  \
         %q = add i32 %p, 1\n  br label %next\n\
         next:\n  %constexpr.ins = add i32 %q, zext (i1 icmp ugt (ptr @g, ptr @h) to i32)\n  \
         %constexpr5 = add i32 %constexpr.ins, 1\n  br label %phi.constexpr\n}}\n\
         define i32 @k(i32 %x) {{\nphi.constexpr:\n  %constexpr = add i32 %x, 1\n  ret i32 %constexpr\n}}\n"
    );
    same_as_llvm_19("names", &text, &["%constexpr18 = add i32", "\nphi.constexpr"]);
}

#[test]
fn a_phi_takes_the_name_phi_constexpr_even_in_llvm_19_bitcode() {
    // LLVM 19's reader makes its spare `phi.constexpr` block for the first phi of any
    // function, so the file's own `phi.constexpr` becomes `phi.constexpr1` there (and only
    // there).
    require("llvm-as-19");
    let text = "define i32 @f(i32 %x) {\nentry:\n  br label %phi.constexpr\n\
                phi.constexpr:\n  %p = phi i32 [ %x, %entry ], [ %phi.constexpr1, %phi.constexpr ]\n  \
                %phi.constexpr1 = add i32 %p, 1\n  br label %phi.constexpr\n}\n\
                define i32 @g(i32 %x) {\nentry:\n  %phi.constexpr = add i32 %x, 1\n  \
                ret i32 %phi.constexpr\n}\n";
    let bc = common::run_stdin("llvm-as-19", &["-o", "-"], text.as_bytes())
        .unwrap_or_else(|e| panic!("llvm-as-19: {e}"));
    let dis = common::run_stdin("llvm-dis-19", &["-o", "-"], &bc)
        .unwrap_or_else(|e| panic!("llvm-dis-19: {e}"));
    let dis = String::from_utf8_lossy(&dis);
    assert!(dis.contains("phi.constexpr2:") && dis.contains("%phi.constexpr = add"), "{dis}");
    let want = parse(&dis).module.expect("llvm-dis-19's text parses");
    let got = bitcode::read(&bc).expect("the LLVM 19 bitcode reads");
    assert_eq!(print_module(&got), print_module(&want));
}
