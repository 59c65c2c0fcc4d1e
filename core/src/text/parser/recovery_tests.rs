//! Tests of the parser's recovery after errors and of the error cap, through [`crate::check`].

use crate::diag::{Diagnostic, Severity, MAX_ERRORS};

fn errors(src: &str) -> Vec<Diagnostic> {
    crate::check(src).diagnostics.into_iter().filter(Diagnostic::is_error).collect()
}

/// The 1-based line of each error.
fn lines(src: &str, diags: &[Diagnostic]) -> Vec<usize> {
    diags
        .iter()
        .map(|d| src.get(..d.span.start as usize).map_or(0, |s| s.matches('\n').count()) + 1)
        .collect()
}

#[test]
fn two_bad_lines_in_one_function_are_both_reported() {
    let src =
        "define i32 @f(i32 %a) {\n  %x = ad i32 %a, 1\n  %y = mul i32 %a, %a %a\n  ret i32 %a\n}\n";
    let errs = errors(src);
    assert_eq!(lines(src, &errs), [2, 3], "{errs:#?}");
    assert_eq!(errs[0].helps, ["did you mean `add`?"]);
}

#[test]
fn uses_of_a_broken_definition_add_no_errors() {
    // `%a` failed to parse: its uses (with two types, before and after) are not reported, nor
    // is the block whose last line failed reported as lacking a terminator.
    let src = "define i64 @f(i1 %c) {\nentry:\n  br i1 %c, label %l, label %r\nl:\n  %u = add i32 %a, 1\n  br label %r\nr:\n  %a = bogus i32 1\n  %b = add i64 %a, 1\n  ret i64 %b xyz\n}\n";
    let errs = errors(src);
    assert_eq!(lines(src, &errs), [8, 10], "{errs:#?}");
}

#[test]
fn a_missing_closing_brace_ends_at_the_next_function() {
    let src = "define void @f() {\n  %x = add i32 1,\ndefine void @g() {\n  %y = sub i32 1 2\n  ret void\n}\n";
    let errs = errors(src);
    assert_eq!(lines(src, &errs), [3, 4], "{errs:#?}");
}

#[test]
fn a_thousand_errors_stop_at_the_cap() {
    let mut src = String::from("define void @f() {\n");
    for i in 0..1000 {
        src.push_str(&format!("  %v{i} = nope i32 {i}\n"));
    }
    src.push_str("  ret void\n}\n");
    let checked = crate::check(&src);
    assert!(!checked.valid);
    let errs = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    assert_eq!(errs, MAX_ERRORS);
    let last = checked.diagnostics.last().expect("a note at the end");
    assert_eq!(last.severity, Severity::Note);
    assert_eq!(last.message, "900 more errors not shown, the first of them here");
    assert_eq!(lines(&src, std::slice::from_ref(last)), [MAX_ERRORS + 2]);
}

#[test]
fn a_thousand_verifier_errors_stop_at_the_cap() {
    let mut src = String::new();
    for i in 0..1000 {
        src.push_str(&format!("define i32 @f{i}() {{\n  ret i64 0\n}}\n"));
    }
    let checked = crate::check(&src);
    let errs = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    assert_eq!(errs, MAX_ERRORS);
    let last = checked.diagnostics.last().expect("a note at the end");
    assert_eq!(last.message, "900 more errors not shown, the first of them here");
}

#[test]
fn a_block_without_terminator_is_reported_and_parsing_goes_on() {
    let src = "define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 1\nnext:\n  %y = add i32 %x, %zz\n  ret i32 %y\n}\n";
    let errs = errors(src);
    assert_eq!(lines(src, &errs), [4, 5], "{errs:#?}");
    assert!(errs[0].message.contains("does not end with a terminator"), "{}", errs[0].message);
    assert!(errs[0].helps[0].contains("br label %next"), "{:?}", errs[0].helps);
}
