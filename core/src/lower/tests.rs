//! Unit tests of the lowering: it never panics on a verified module (every valid file of
//! `tests/ir` and `examples/learn` lowers or reports an unsupported construct with a span),
//! the integer legalization invariant holds on a small function, and unsupported constructs
//! name themselves, and every module lowered satisfies the low form's invariants
//! ([`super::verify`]), with the options of both backends. Golden low forms live in
//! `tests/ir/lower/` (`irplay build --emit low`).

use super::{lower_module_with, print::print_module, Abi, Inst, LowModule, Options, Term, Ty};
use std::path::{Path, PathBuf};

/// The options of the wasm backend and of the native ones.
const TARGETS: [Options; 3] = [
    Options { v128: true, abi: Abi::Cells, value_names: false, limits: true },
    Options { v128: false, abi: Abi::SysV, value_names: true, limits: false },
    Options { v128: false, abi: Abi::Aapcs64, value_names: false, limits: true },
];

/// Lowers with the default options and verifies the result.
fn lower_module(m: &crate::ir::Module) -> Result<LowModule, super::LowerError> {
    lower_verified(m, Options::default(), "")
}

/// Lowers with `opts` and, when that succeeds, verifies the result (panicking with every
/// problem, `what` naming the input).
fn lower_verified(
    m: &crate::ir::Module,
    opts: Options,
    what: &str,
) -> Result<LowModule, super::LowerError> {
    let low = lower_module_with(m, opts)?;
    if let Err(errs) = super::verify(&low, opts) {
        let list: Vec<String> = errs.iter().map(|e| format!("  {e}")).collect();
        panic!("{what} with {opts:?}: invalid low form:\n{}", list.join("\n"));
    }
    Ok(low)
}

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
        match lower_verified(&m, Options::default(), &f.display().to_string()) {
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

/// Every valid file of `tests/ir` and `examples/learn` that lowers with both backends' options gives a low form
/// the verifier accepts; the failure lists every problem of every file.
#[test]
fn every_lowered_test_file_verifies_with_both_backends_options() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    ll_files(&root.join("tests").join("ir"), &mut files);
    ll_files(&root.join("examples").join("learn"), &mut files);
    files.sort();
    let (mut checked_files, mut problems) = (0, Vec::new());
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let checked = crate::check(&text);
        let (true, Some(m)) = (checked.valid, checked.module) else { continue };
        let lowered: Vec<(Options, LowModule)> =
            TARGETS.iter().filter_map(|&o| lower_module_with(&m, o).ok().map(|l| (o, l))).collect();
        if lowered.len() < TARGETS.len() {
            continue;
        }
        checked_files += 1;
        for (opts, low) in lowered {
            if let Err(errs) = super::verify(&low, opts) {
                let rel = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
                problems.extend(errs.iter().map(|e| format!("{rel} ({opts:?}): {e}")));
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(checked_files > 50, "only {checked_files} files lowered with both option sets");
}

/// The verifier reports each kind of broken module it is meant to catch, where it is.
#[test]
fn the_verifier_catches_broken_low_forms() {
    use super::{BlockId, Callee, Const, FuncRef, Moves, Shape, VReg};
    let src = "@g = global i32 1\n@p = global ptr @g\ndefine i32 @h(i32 %x) {\n  ret i32 %x\n}\ndefine i32 @f(i32 %n) {\nentry:\n  %s = alloca i32\n  store i32 %n, ptr %s\n  br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %loop, label %out\nout:\n  %r = call i32 @h(i32 %j)\n  ret i32 %r\n}\n";
    let Ok(good) = lower_text(src) else { panic!("the example must lower") };
    let opts = Options::default();
    let f = 1; // @f
    let errors = |edit: &dyn Fn(&mut LowModule)| -> Vec<String> {
        let mut m = good.clone();
        edit(&mut m);
        super::verify(&m, opts).err().unwrap_or_default().iter().map(|e| e.to_string()).collect()
    };
    let push = |m: &mut LowModule, i: Inst| m.funcs[f].blocks[0].insts.push(i);
    let n = good.funcs[f].regs.len() as u32;
    let i32_reg = VReg(0);
    type Edit<'a> = Box<dyn Fn(&mut LowModule) + 'a>;
    let cases: Vec<(&str, Edit)> = vec![
        (
            "out of range",
            Box::new(move |m| push(m, Inst::Const { dst: VReg(n), val: Const::I32(0) })),
        ),
        (
            "const dst v0 is i32, expected f64",
            Box::new(move |m| push(m, Inst::Const { dst: i32_reg, val: Const::F64(0) })),
        ),
        (
            "Wrap from i32 to i32",
            Box::new(move |m| {
                push(m, Inst::Un { op: super::Un::Wrap, to: Ty::I32, dst: i32_reg, a: i32_reg })
            }),
        ),
        ("slot 7 out of range", Box::new(|m| push(m, Inst::Slot { dst: VReg(0), slot: 7 }))),
        (
            "writes v0 twice",
            Box::new(move |m| {
                push(
                    m,
                    Inst::ParCopy {
                        moves: Moves::from_slice(&[(i32_reg, i32_reg), (i32_reg, i32_reg)]),
                    },
                )
            }),
        ),
        (
            "vsplat without Options::v128",
            Box::new(move |m| {
                push(m, Inst::VSplat { shape: Shape::I32x4, dst: i32_reg, a: i32_reg })
            }),
        ),
        ("va_start without a native Abi", Box::new(|m| push(m, Inst::VaStart { ap: VReg(0) }))),
        (
            "target block 99 out of range",
            Box::new(|m| m.funcs[f].blocks[0].term = Term::Jump(BlockId(99))),
        ),
        (
            "ret of 0 values, 1 results",
            Box::new(|m| m.funcs[f].blocks[0].term = Term::Ret(Vec::new())),
        ),
        (
            "load of 8 bytes into i32",
            Box::new(move |m| {
                push(
                    m,
                    Inst::Load {
                        dst: i32_reg,
                        ty: Ty::I32,
                        size: 8,
                        signed: false,
                        addr: i32_reg,
                        offset: 0,
                    },
                )
            }),
        ),
        ("relocation at", Box::new(|m| m.data.relocs[0].offset = m.data.bytes.len() as u32)),
        (
            "data arrays of different lengths",
            Box::new(|m| {
                m.data.names.pop();
            }),
        ),
        ("locs entry", Box::new(|m| m.funcs[f].blocks[0].locs.push((0, Default::default())))),
        (
            "is read but written nowhere",
            Box::new(move |m| {
                m.funcs[f].regs.push(Ty::I32);
                m.funcs[f].blocks[0].term = Term::Ret(vec![VReg(n)]);
            }),
        ),
        ("past the frame", Box::new(|m| m.funcs[f].frame.slots[0].size = 64)),
        (
            "call of @h with signature",
            Box::new(|m| {
                for b in &mut m.funcs[f].blocks {
                    for i in &mut b.insts {
                        if let Inst::Call(c) = i {
                            assert_eq!(c.callee, Callee::Direct(FuncRef(0)));
                            c.sig.params.push(Ty::I64);
                        }
                    }
                }
            }),
        ),
    ];
    assert_eq!(errors(&|_| {}), Vec::<String>::new());
    for (want, edit) in cases {
        let errs = errors(&*edit);
        assert!(errs.iter().any(|e| e.contains(want)), "expected {want:?}, got {errs:?}");
    }
}

#[test]
fn limits_count_each_blocks_ir_instructions_and_the_frames() {
    let src = "define i32 @f(i32 %n) {\nentry:\n  %c = icmp sgt i32 %n, 0\n  br i1 %c, label %loop, label %done\nloop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n  %d = icmp eq i32 %j, %n\n  br i1 %d, label %done, label %loop\ndone:\n  %r = call i32 @f(i32 0)\n  ret i32 %r\n}\n";
    let checked = crate::check(src);
    let m = checked.module.unwrap_or_default();
    let opts = Options { limits: true, ..Options::default() };
    let low = lower_verified(&m, opts, "limits").unwrap_or_else(|e| panic!("{e}"));
    let f = &low.funcs[0];
    let fuel: Vec<u32> = f
        .blocks
        .iter()
        .filter_map(|b| {
            b.insts.iter().find_map(|i| match i {
                Inst::Fuel { steps } => Some(*steps),
                _ => None,
            })
        })
        .collect();
    // entry: icmp, br; loop: add, icmp, br (the phi is not counted); done: call, ret.
    assert_eq!(fuel, [2, 3, 2]);
    assert_eq!(f.blocks[0].insts.first(), Some(&Inst::Enter));
    let rets: Vec<&super::LowBlock> =
        f.blocks.iter().filter(|b| matches!(b.term, Term::Ret(_))).collect();
    assert!(!rets.is_empty());
    assert!(rets.iter().all(|b| b.insts.last() == Some(&Inst::Leave)));
    // Without the option, none of them.
    let plain = lower_verified(&m, Options::default(), "plain").unwrap_or_else(|e| panic!("{e}"));
    let text = print_module(&plain);
    assert!(!text.contains("fuel") && !text.contains("enter") && !text.contains("leave"));
    // The verifier wants the frame given back before a return.
    let mut broken = low.clone();
    if let Some(b) = broken.funcs[0].blocks.iter_mut().find(|b| matches!(b.term, Term::Ret(_))) {
        b.insts.pop();
    }
    assert!(super::verify(&broken, opts).is_err());
}
