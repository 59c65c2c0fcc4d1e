//! Use-list order through bitcode, against LLVM 19 (`llvm-as-19`, and `llvm-dis-19
//! --preserve-ll-uselistorder`, which prints the `uselistorder` directives of what it read).
//! For small modules with directives on arguments, instruction results (phis and forward
//! references among them) and blocks, in several functions:
//!
//! * our printer puts the directives of the parsed text where, and as, LLVM prints them;
//! * `llvm-dis-19 --preserve-ll-uselistorder` of our bitcode prints what it prints for
//!   `llvm-as-19`'s bitcode of the same text;
//! * reading `llvm-as-19`'s bitcode gives the directives LLVM prints for it.
//!
//! Needs the LLVM 19 tools on `PATH`.

use irplay_core::{bitcode, text};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tool args` with `input` on stdin; its stdout, or its stderr as the error.
fn run(tool: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {tool}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let data = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().map_err(|e| format!("{tool}: {e}"))?;
    let _ = feeder.join();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

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

fn check(src: &str) {
    let parsed = text::parse(src);
    let Some(module) = parsed.module else { panic!("parse: {:?}", parsed.diagnostics) };
    let theirs_bc = run("llvm-as-19", &["-o", "-"], src.as_bytes())
        .unwrap_or_else(|e| panic!("llvm-as-19 rejects the test input: {e}"));
    let theirs = dis(&theirs_bc);
    let want = directives(&theirs);
    assert!(!want.is_empty(), "the input has no directive LLVM keeps:\n{theirs}");

    // The parsed module prints LLVM's directives.
    assert_eq!(directives(&text::print_module(&module)), want, "printed directives");

    // Our bitcode carries the same order for LLVM.
    let ours_bc = bitcode::write(&module).unwrap_or_else(|e| panic!("bitcode::write: {e}"));
    let ours = dis(&ours_bc);
    assert_eq!(ours, theirs, "llvm-dis-19 --preserve-ll-uselistorder of our bitcode");

    // Reading LLVM's bitcode gives its directives.
    let read = bitcode::read(&theirs_bc).unwrap_or_else(|e| panic!("bitcode::read: {e}"));
    assert_eq!(directives(&text::print_module(&read)), want, "directives read from bitcode");
}

#[test]
fn arguments_results_and_forward_references() {
    check(
        r#"
define i32 @f(i32 %a, i32 %b, i1 %c) {
entry:
  %x = add i32 %a, %b
  %y = mul i32 %a, %x
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %a, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %x
  %i.next = add i32 %i, 1
  %t = icmp slt i32 %i.next, %acc.next
  %u = add i32 %i.next, %i.next
  br i1 %t, label %loop, label %exit

exit:
  %r = phi i32 [ %y, %entry ], [ %acc.next, %loop ]
  %s = add i32 %r, %x
  ret i32 %s

; uselistorder directives
  uselistorder i32 %a, { 2, 0, 1 }
  uselistorder i32 %x, { 1, 2, 0 }
  uselistorder i32 %i.next, { 2, 3, 0, 1 }
  uselistorder i32 %acc.next, { 2, 0, 1 }
}

define i32 @g(i32 %n) {
  %1 = add i32 %n, %n
  %2 = mul i32 %1, %n
  %3 = sub i32 %2, %1
  ret i32 %3

; uselistorder directives
  uselistorder i32 %n, { 2, 1, 0 }
}
"#,
    );
}

#[test]
fn blocks_in_several_functions() {
    check(
        r#"
@addr = global ptr blockaddress(@f, %join)

define void @f(i1 %c, i32 %k) {
entry:
  br i1 %c, label %join, label %side

side:
  switch i32 %k, label %join [
    i32 1, label %other
    i32 2, label %join
  ]

other:
  br label %join

join:
  ret void

; uselistorder directives
  uselistorder label %join, { 3, 0, 2, 4, 1 }
}

define void @h(i1 %c) {
entry:
  br i1 %c, label %b, label %b

b:
  br label %b

; uselistorder directives
  uselistorder label %b, { 1, 2, 0 }
}
"#,
    );
}

#[test]
fn text_shuffles_are_written_only_where_bitcode_needs_them() {
    // No directive: LLVM writes no USELIST_BLOCK for these, and neither do we.
    let src =
        "define i32 @f(i32 %a) {\n  %x = add i32 %a, %a\n  %y = add i32 %x, %a\n  ret i32 %y\n}\n";
    let Some(module) = text::parse(src).module else { panic!("parse") };
    let bc = bitcode::write(&module).unwrap_or_else(|e| panic!("bitcode::write: {e}"));
    let dump = run("llvm-bcanalyzer-19", &["-dump"], &bc).unwrap_or_else(|e| panic!("{e}"));
    assert!(!String::from_utf8_lossy(&dump).contains("USELIST_BLOCK"));
    assert!(bitcode::read(&bc).map(|m| m.uselistorders.is_empty()).unwrap_or(false));
}

#[test]
fn globals_and_functions() {
    check(
        r#"
@g = global i32 0
@refs = global [3 x ptr] [ptr @g, ptr @g, ptr @h]
@p = global ptr @g
@q = global ptr getelementptr (i8, ptr @g, i64 4)

define i32 @h(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define void @user() {
  %a = call i32 @h(i32 1)
  %b = call i32 @h(i32 2)
  store i32 %b, ptr @g
  %c = load i32, ptr @g
  store i32 %c, ptr getelementptr (i8, ptr @g, i64 4)
  ret void
}

define void @late() {
  %v = call i32 @h(i32 3)
  ret void
}

uselistorder ptr @g, { 3, 0, 5, 1, 2, 4 }
uselistorder ptr @h, { 2, 0, 3, 1 }
"#,
    );
}

#[test]
fn the_parse_test_file() {
    let src = include_str!("../../tests/ir/parse/ok/uselistorder.ll");
    check(src);
}
