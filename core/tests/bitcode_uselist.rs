//! Use-list order through bitcode, against LLVM 19 (`llvm-as-19`, and `llvm-dis-19
//! --preserve-ll-uselistorder`, which prints the `uselistorder` directives of what it read).
//! For the `tests/ir/parse/ok/uselistorder*.ll` modules (directives on arguments, instruction
//! results with forward references, blocks, variables and functions) and modules here
//! (constants, module-wide and inside functions; blocks and functions named by
//! `blockaddress`):
//!
//! * our printer puts the directives of the parsed text where, and as, LLVM prints them
//!   (not checked for constants' directives inside functions, which LLVM prints at module
//!   level);
//! * `llvm-dis-19 --preserve-ll-uselistorder` of our bitcode prints what it prints for
//!   `llvm-as-19`'s bitcode of the same text;
//! * reading `llvm-as-19`'s bitcode gives the directives LLVM prints for it.
//!
//! Needs the LLVM 19 tools on `PATH` (`scripts/setup-test-deps.sh`).

use irplay_core::{bitcode, text};

mod common;
use common::run_stdin as run;

fn dis(bc: &[u8]) -> String {
    let out = run("llvm-dis-19", &["--preserve-ll-uselistorder", "-o", "-"], bc)
        .unwrap_or_else(|e| panic!("llvm-dis-19: {e}"));
    String::from_utf8_lossy(&out)
        .lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The directive lines of a text, with the function each is in (`""` at module level).
fn directives(text: &str) -> Vec<(String, String)> {
    let mut func = String::new();
    let mut out = Vec::new();
    for l in text.lines() {
        if l.starts_with("define ") {
            func = l.split('(').next().unwrap_or("").to_string();
        } else if l.starts_with('}') {
            func.clear();
        } else if l.trim_start().starts_with("uselistorder") {
            out.push((func.clone(), l.trim().to_string()));
        }
    }
    out
}

/// The `; preds =` comments of a text.
fn preds(text: &str) -> Vec<String> {
    text.lines().filter_map(|l| l.split_once("; preds = ")).map(|(_, p)| p.to_string()).collect()
}

fn check(src: &str) {
    check_with(src, true);
}

/// As [`check`]; `printed`: whether our printer is expected to print LLVM's directives for
/// the text (not when directives on constants are inside functions, which LLVM prints at
/// module level).
fn check_with(src: &str, printed: bool) {
    common::require("llvm-as-19");
    common::require("llvm-dis-19");
    let parsed = text::parse(src);
    let Some(module) = parsed.module else { panic!("parse: {:?}", parsed.diagnostics) };
    let theirs_bc = run("llvm-as-19", &["-o", "-"], src.as_bytes())
        .unwrap_or_else(|e| panic!("llvm-as-19 rejects the test input: {e}"));
    let theirs = dis(&theirs_bc);
    let want = directives(&theirs);
    assert!(!want.is_empty(), "the input has no directive LLVM keeps:\n{theirs}");

    // The parsed module prints LLVM's directives.
    if printed {
        let ours = text::print_module(&module);
        assert_eq!(directives(&ours), want, "printed directives");
        // LLVM lists a block's predecessors in its use-list order.
        assert_eq!(preds(&ours), preds(&theirs), "printed predecessors");
    }

    // Our bitcode carries the same order for LLVM.
    let ours_bc = bitcode::write(&module).unwrap_or_else(|e| panic!("bitcode::write: {e}"));
    let ours = dis(&ours_bc);
    assert_eq!(ours, theirs, "llvm-dis-19 --preserve-ll-uselistorder of our bitcode");

    // Reading LLVM's bitcode gives its directives.
    let read = bitcode::read_keeping_uselistorder(&theirs_bc)
        .unwrap_or_else(|e| panic!("bitcode::read: {e}"));
    let read = text::print_module(&read);
    assert_eq!(directives(&read), want, "directives read from bitcode");
    assert_eq!(preds(&read), preds(&theirs), "predecessors read from bitcode");
}

#[test]
fn arguments_results_and_forward_references() {
    check(include_str!("../../tests/ir/parse/ok/uselistorder-values.ll"));
}

#[test]
fn blocks_in_several_functions() {
    check(include_str!("../../tests/ir/parse/ok/uselistorder-blocks.ll"));
}

#[test]
fn globals_and_functions() {
    check(include_str!("../../tests/ir/parse/ok/uselistorder-globals.ll"));
}

#[test]
fn every_kind_at_once() {
    // Arguments, blocks (one named by a global's `blockaddress`, one by `uselistorder_bb` at
    // module level), globals and functions.
    check(include_str!("../../tests/ir/parse/ok/uselistorder.ll"));
}

#[test]
fn constants_in_instructions_and_initializers() {
    // `i32 6` used by an initializer and three instructions (not by `@t`, which LLVM keeps as
    // data), a constant expression used by an initializer and an instruction, constants used
    // in two functions, `i32 1` used by an `add` and by `alloca`s without a count.
    check(CONSTANTS);
}

#[test]
fn constant_directives_inside_functions() {
    // Inside a function a directive orders the uses made so far; `@h`'s later uses of `i32 9`
    // go before them, and the last directive on `i32 5` decides. LLVM prints the result as
    // module-level directives.
    check_with(
        r#"define i32 @f(i32 %x) {
  %a = add i32 %x, 9
  %b = mul i32 %a, 9
  %c = sub i32 %b, 9
  %d = add i32 %c, 5
  %e = add i32 %d, 5
  ret i32 %e
  uselistorder i32 9, { 2, 0, 1 }
  uselistorder i32 5, { 1, 0 }
}

define i32 @h(i32 %x) {
  %a = add i32 %x, 9
  %b = mul i32 %a, 9
  %c = mul i32 %b, 5
  ret i32 %c
  uselistorder i32 5, { 0, 2, 1 }
}
"#,
        false,
    );
}

#[test]
fn null_values_however_written() {
    // `i32 zeroinitializer` is LLVM's `i32 0`, `ptr zeroinitializer` its `ptr null`, and
    // `{ i32 0, ptr null }` its `zeroinitializer` (which uses neither).
    check(
        r#"@z = global i32 zeroinitializer
@s = global { i32, ptr } { i32 0, ptr null }
@n = global ptr zeroinitializer

define <2 x i32> @f(<2 x i32> %v, ptr %p) {
  %a = add i32 0, 1
  %c = icmp eq ptr %p, null
  %d = select i1 %c, ptr null, ptr %p
  %e = insertelement <2 x i32> %v, i32 0, i32 1
  ret <2 x i32> %e
}

uselistorder i32 0, { 1, 0, 2 }
uselistorder ptr null, { 2, 0, 1 }
"#,
    );
}

#[test]
fn blockaddress_in_instructions() {
    // Blocks whose `blockaddress` instructions of their function use (that use comes just
    // before the instruction's), and a function named by `blockaddress`es and called.
    check(BLOCKADDRESS);
}

const BLOCKADDRESS: &str = r#"define void @f(i1 %c, ptr %p) {
entry:
  store ptr blockaddress(@f, %bb), ptr %p, align 8
  br i1 %c, label %bb, label %other

other:
  br label %bb

bb:
  store ptr blockaddress(@f, %other), ptr %p, align 8
  store ptr blockaddress(@f, %other), ptr %p, align 8
  br i1 %c, label %bb, label %other

  uselistorder label %other, { 2, 0, 1 }
  uselistorder label %bb, { 1, 0, 3, 2 }
}

define void @g(ptr %p) {
  call void @f(i1 true, ptr %p)
  call void @f(i1 false, ptr %p)
  ret void
}

; uselistorder directives
uselistorder ptr @f, { 3, 2, 1, 0 }
"#;

const CONSTANTS: &str = r#"@g = global [4 x i32] zeroinitializer
@s = global { i32, ptr } { i32 6, ptr getelementptr (i8, ptr @g, i64 4) }
@t = global [2 x i32] [i32 6, i32 6]

define i32 @f(i32 %x) {
  %a = add i32 %x, 6
  %b = mul i32 %a, 6
  %p = load i32, ptr getelementptr (i8, ptr @g, i64 4), align 4
  %q = load i32, ptr getelementptr (i8, ptr @g, i64 8), align 4
  %c = sub i32 %b, 6
  %d = select i1 true, i32 %c, i32 %p
  ret i32 %d
}

define i32 @h(i32 %x) {
  %a = add i32 %x, 7
  %b = mul i32 %a, 7
  %c = alloca i32, align 4
  %d = alloca i32, align 4
  %e = add i32 %b, 1
  %f = icmp eq ptr %c, null
  %g = icmp eq ptr %d, null
  %h = select i1 %f, i32 %e, i32 %b
  %i = select i1 %g, i1 true, i1 false
  ret i32 %h
}

uselistorder i32 6, { 1, 0, 2, 3 }
uselistorder ptr getelementptr (i8, ptr @g, i64 4), { 1, 0 }
uselistorder i1 true, { 1, 0 }
uselistorder i32 7, { 1, 0 }
uselistorder i32 1, { 2, 0, 1 }
uselistorder ptr null, { 1, 0 }
"#;

#[test]
fn text_shuffles_are_written_only_where_bitcode_needs_them() {
    // No directive: LLVM writes no USELIST_BLOCK for these, and neither do we.
    common::require("llvm-bcanalyzer-19");
    let src =
        "define i32 @f(i32 %a) {\n  %x = add i32 %a, %a\n  %y = add i32 %x, %a\n  ret i32 %y\n}\n";
    let Some(module) = text::parse(src).module else { panic!("parse") };
    let bc = bitcode::write(&module).unwrap_or_else(|e| panic!("bitcode::write: {e}"));
    let dump = run("llvm-bcanalyzer-19", &["-dump"], &bc).unwrap_or_else(|e| panic!("{e}"));
    assert!(!String::from_utf8_lossy(&dump).contains("USELIST_BLOCK"));
    assert!(bitcode::read_keeping_uselistorder(&bc)
        .map(|m| m.uselistorders.is_empty())
        .unwrap_or(false));
}
