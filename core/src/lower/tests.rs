//! Unit tests of the lowering: it never panics on a verified module (every valid file of
//! `tests/ir` and `examples/learn` lowers or reports an unsupported construct with a span),
//! the integer legalization invariant holds on a small function, and unsupported constructs
//! name themselves. Golden low forms live in `tests/ir/lower/` (`irplay build --emit low`).

use super::{lower_module, print::print_module, Inst, Term, Ty};
use std::path::{Path, PathBuf};

fn lower_text(src: &str) -> Result<super::LowModule, super::LowerError> {
    let checked = crate::check(src);
    assert!(checked.valid, "test input must be valid");
    let m = checked.module.unwrap_or_default();
    lower_module(&m)
}

fn ll_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ll") {
            out.push(p);
        }
    }
}

#[test]
fn every_valid_test_file_lowers_or_names_what_it_lacks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    ll_files(&root.join("tests").join("ir"), &mut files);
    ll_files(&root.join("examples").join("learn"), &mut files);
    let (mut lowered, mut refused) = (0, 0);
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let checked = crate::check(&text);
        let (true, Some(m)) = (checked.valid, checked.module) else { continue };
        match lower_module(&m) {
            Ok(low) => {
                lowered += 1;
                assert!(!print_module(&low).is_empty());
            }
            Err(e) => {
                refused += 1;
                assert!(
                    e.message.starts_with("unsupported by the code generator: "),
                    "{}: {}",
                    f.display(),
                    e.message
                );
                assert!(
                    (e.span.end as usize) <= text.len(),
                    "{}: span out of the file",
                    f.display()
                );
            }
        }
    }
    assert!(lowered > 50, "only {lowered} files lowered ({refused} refused)");
}

#[test]
fn narrow_results_are_masked_and_signed_compares_extended() {
    let low = lower_text("define i1 @f(i8 %a, i8 %b) {\n  %s = add i8 %a, %b\n  %c = icmp slt i8 %s, %b\n  ret i1 %c\n}\n");
    let Ok(low) = low else { panic!("lowering failed") };
    let f = low.funcs.first().map(|f| f.blocks.clone()).unwrap_or_default();
    let insts: Vec<&Inst> = f.iter().flat_map(|b| b.insts.iter()).collect();
    let masked = insts.iter().any(|i| matches!(i, Inst::Const { val: super::Const::I32(255), .. }));
    let sext =
        insts.iter().filter(|i| matches!(i, Inst::Un { op: super::Un::SextIn(8), .. })).count();
    assert!(masked, "the i8 add must be masked to 8 bits");
    assert_eq!(sext, 2, "both operands of the signed compare are sign-extended");
    assert!(matches!(f.last().map(|b| &b.term), Some(Term::Ret(v)) if v.len() == 1));
}

#[test]
fn unsupported_constructs_name_themselves_at_their_span() {
    let src = "define i32 @f(i256 %x) {\n  %t = trunc i256 %x to i32\n  ret i32 %t\n}\n";
    let Err(e) = lower_text(src) else { panic!("i256 must be refused") };
    assert!(e.message.contains("i256"), "{}", e.message);
    let src = "define i32 @f(<vscale x 4 x i32> %x) {\n  %v = extractelement <vscale x 4 x i32> %x, i32 0\n  ret i32 %v\n}\n";
    let Err(e) = lower_text(src) else { panic!("scalable vectors must be refused") };
    assert!(e.message.contains("vscale"), "{}", e.message);
    let src = "define i32 @f() {\n  %v = call i32 asm \"\", \"=r\"()\n  ret i32 %v\n}\n";
    let Err(e) = lower_text(src) else { panic!("inline assembly must be refused") };
    assert!(e.message.contains("inline assembly"), "{}", e.message);
    assert_eq!(src.get(e.span.start as usize..e.span.start as usize + 2), Some("%v"));
}

#[test]
fn i128_is_two_i64_registers() {
    let src = "define i128 @f(i128 %a, i128 %b) {\n  %s = add i128 %a, %b\n  ret i128 %s\n}\n";
    let Ok(m) = lower_text(src) else { panic!("i128 add must lower") };
    let f = &m.funcs[0];
    assert_eq!(f.sig.params, vec![Ty::I64; 4]);
    assert_eq!(f.sig.ret, vec![Ty::I64; 2]);
    assert!(matches!(f.blocks.last().map(|b| &b.term), Some(Term::Ret(v)) if v.len() == 2));
}

/// Loads of the exception state's flag in each function of `m` (the tests after calls).
fn unwind_tests(m: &super::LowModule) -> Vec<usize> {
    let Some(eh) = m.exception else { return vec![0; m.funcs.len()] };
    m.funcs
        .iter()
        .map(|f| {
            let insts: Vec<&Inst> = f.blocks.iter().flat_map(|b| b.insts.iter()).collect();
            let state: Vec<super::VReg> = insts.iter().filter_map(|i| if let Inst::Addr { dst, sym: super::Sym::Data(d), .. } = i { (*d == eh).then_some(*dst) } else { None }).collect();
            insts.iter().filter(|i| matches!(i, Inst::Load { ty: Ty::I32, addr, offset: 0, .. } if state.contains(addr))).count()
        })
        .collect()
}

#[test]
fn only_calls_that_may_unwind_are_tested_and_only_when_something_throws() {
    let pad = "declare i32 @__gxx_personality_v0(...)\ndeclare void @__cxa_throw(ptr, ptr, ptr)\ndefine i32 @g(i32 %x) {\n  ret i32 %x\n}\n";
    let body = "define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {\nentry:\n  %r = invoke i32 @g(i32 %x) to label %ok unwind label %lp\nok:\n  %s = call i32 @g(i32 %r)\n  ret i32 %s\nlp:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}\n";
    // Nothing throws: no exception state, no tests, `invoke` is a call and a jump.
    let Ok(m) = lower_text(&format!("{pad}{body}")) else { panic!("invoke must lower") };
    assert_eq!(m.exception, None);
    assert_eq!(unwind_tests(&m), vec![0, 0]);
    // @t throws and @h calls it: calls of @h and @t are tested, calls of @g (which cannot
    // unwind) are not.
    let throwers = "define void @t() {\n  call void @__cxa_throw(ptr null, ptr null, ptr null)\n  unreachable\n}\ndefine i32 @h(i32 %x) {\n  call void @t()\n  %y = call i32 @g(i32 %x)\n  ret i32 %y\n}\n";
    let Ok(m) = lower_text(&format!("{pad}{body}{throwers}")) else { panic!("a throw must lower") };
    assert!(m.exception.is_some());
    let names: Vec<&str> = m.funcs.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["g", "f", "t", "h"]);
    assert_eq!(unwind_tests(&m), vec![0, 0, 0, 1]);
}

#[test]
fn musttail_ends_the_block_and_blockaddress_numbers_blocks_across_the_module() {
    let src = "define i32 @a(i32 %x) {\n  %r = musttail call i32 @b(i32 %x)\n  ret i32 %r\n}\ndefine i32 @b(i32 %x) {\nentry:\n  br label %next\nnext:\n  ret i32 %x\n}\n@p = global ptr blockaddress(@b, %next)\n";
    let Ok(m) = lower_text(src) else { panic!("musttail must lower") };
    assert!(
        matches!(m.funcs[0].blocks.last().map(|b| &b.term), Some(Term::TailCall { args, .. }) if args.len() == 1)
    );
    // @a has one block (1), @b's entry is 2 and %next 3: the global holds 3.
    assert_eq!(m.data.bytes.first(), Some(&3));
}
