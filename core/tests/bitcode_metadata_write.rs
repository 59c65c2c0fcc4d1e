//! The bitcode writer's metadata against LLVM 19: small modules made here (named metadata,
//! module flags, tuples of values and strings, distinct cycles, TBAA, loop metadata,
//! attachments on globals, functions and instructions, metadata operands of intrinsic calls,
//! function-local metadata and `DIArgList`s, debug records) and C and C++ programs compiled
//! by `clang-19 -g -S -emit-llvm` at `-O0` and `-O2` (and one with `-g3`). For each, `llvm-dis-19` of our `.bc` must
//! print exactly what it prints for `llvm-as-19`'s `.bc` of the same text (the `; ModuleID`
//! line aside), and `opt-19 -passes=verify` must accept our file.
//!
//! Cases that do not round-trip yet are listed in [`KNOWN`] with the reason; a listed case
//! that passes fails the test. Needs the LLVM 19 tools on `PATH`.

mod common;
use common::{dis_stdin, first_diff, first_line, run_stdin};
use std::process::Command;
use std::sync::Mutex;

/// Cases that do not round-trip yet, with the reason.
const KNOWN: &[(&str, &str)] = &[];

/// The debug-info preamble most cases share: a compile unit, a file, a subprogram for `@f`
/// and the module flag without which LLVM drops debug info.
const DI: &str = r#"
!llvm.dbg.cu = !{!900}
!llvm.module.flags = !{!901}
!900 = distinct !DICompileUnit(language: DW_LANG_C11, file: !902, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!901 = !{i32 2, !"Debug Info Version", i32 3}
!902 = !DIFile(filename: "t.c", directory: "/src")
!903 = distinct !DISubprogram(name: "f", scope: !902, file: !902, line: 1, type: !904, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !900, retainedNodes: !906)
!904 = !DISubroutineType(types: !905)
!905 = !{!907, !907}
!906 = !{!908}
!907 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!908 = !DILocalVariable(name: "x", arg: 1, scope: !903, file: !902, line: 1, type: !907)
!909 = !DILocation(line: 2, column: 3, scope: !903)
!910 = !DILocalVariable(name: "y", scope: !903, file: !902, line: 3, type: !907)
"#;

const CASES: &[(&str, &str)] = &[
    (
        "named-tuples-values-strings",
        r#"
@g = global [4 x i32] zeroinitializer
!named = !{!0, !1, !2, !3}
!empty = !{}
!esc\41ped = !{!0}
!raw\FFbyte = !{!1}
!0 = !{i32 1, !"s", null, ptr @g, ptr getelementptr (i8, ptr @g, i64 4), float 1.5}
!1 = !{!"s", !"", !"with \22quotes\22 and \00 nul and \FF"}
!2 = !{!0, !1, !{i64 -1, i1 true, i128 170141183460469231731687303715884105727}}
!3 = !{<2 x i32> <i32 1, i32 2>, [2 x i8] c"ab", { i32, ptr } { i32 3, ptr null }, ptr undef, i32 poison}
"#,
    ),
    (
        "module-flags",
        r#"
!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"uwtable", i32 2}
!3 = !{i32 6, !"linker options", !{!6}}
!4 = !{i32 3, !"require", !{!"wchar_size", i32 4}}
!5 = !{!"clang version 19"}
!6 = !{!"-lm"}
"#,
    ),
    (
        "distinct-cycles",
        r#"
!c = !{!0, !3, !5}
!0 = distinct !{!1, !"a"}
!1 = distinct !{!0, !2}
!2 = !{!0, !1}
!3 = !{!3, !"uniqued self-reference"}
!4 = distinct !{}
!5 = !{!4, !4, !2}
"#,
    ),
    (
        "tbaa-and-instruction-kinds",
        r#"
define i32 @f(ptr %p, ptr %q, i1 %c) {
entry:
  %a = load i32, ptr %p, align 4, !tbaa !0, !range !5, !noundef !6
  store i32 %a, ptr %q, align 4, !tbaa !0, !nontemporal !7
  %pp = load ptr, ptr %q, !nonnull !6, !align !8, !dereferenceable !8
  %b = load i32, ptr %pp, !alias.scope !9, !noalias !12, !invariant.load !6
  br i1 %c, label %t, label %e, !prof !13
t:
  ret i32 %a
e:
  ret i32 %b
}
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!5 = !{i32 0, i32 10}
!6 = !{}
!7 = !{i32 1}
!8 = !{i64 8}
!9 = !{!10}
!10 = distinct !{!10, !11, !"scope a"}
!11 = distinct !{!11, !"domain"}
!12 = !{!14}
!13 = !{!"branch_weights", i32 90, i32 10}
!14 = distinct !{!14, !11, !"scope b"}
"#,
    ),
    (
        "loop-metadata",
        r#"
define void @f(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 0, ptr %p, !llvm.access.group !5
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
!0 = distinct !{!0, !1, !2, !3, !4}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.count", i32 4}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = !{!"llvm.loop.parallel_accesses", !5}
!5 = distinct !{}
"#,
    ),
    (
        "attachments-on-globals-and-functions",
        r#"
@g = global i32 0, !foo !0, !type !1
@h = external global i32, !foo !2
@k = internal constant i8 1, !associated !3
declare !bar !2 void @d()
define void @f() !bar !0 !baz !2 !prof !4 {
  %x = add i32 1, 2, !foo !0, !baz !2, !qux !5, !k\FF\2E !0
  call void @d(), !bar !1, !annotation !6
  ret void, !foo !2
}
!0 = !{i32 1}
!1 = !{i64 0, !"typeid"}
!2 = distinct !{!"decl"}
!3 = !{ptr @g}
!4 = !{!"function_entry_count", i64 100}
!5 = !{!"q", !0}
!6 = !{!"auto-init"}
"#,
    ),
    (
        "intrinsic-metadata-operands",
        r#"
declare i64 @llvm.read_register.i64(metadata)
declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)
define double @f(double %a, double %b) strictfp {
  %r = call i64 @llvm.read_register.i64(metadata !0)
  call void @llvm.experimental.noalias.scope.decl(metadata !1)
  %s = call double @llvm.experimental.constrained.fadd.f64(double %a, double %b, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}
!0 = !{!"rsp"}
!1 = !{!2}
!2 = distinct !{!2, !3, !"s"}
!3 = distinct !{!3, !"d"}
"#,
    ),
    (
        "debug-intrinsic-calls",
        r#"
@gv = global i32 7
define i32 @f(i32 %x, i32 %z) !dbg !903 {
entry:
  %a = alloca i32
  call void @llvm.dbg.declare(metadata ptr %a, metadata !910, metadata !DIExpression()), !dbg !909
  call void @llvm.dbg.value(metadata i32 %x, metadata !908, metadata !DIExpression()), !dbg !909
  %y = add i32 %x, %z, !dbg !909
  call void @llvm.dbg.value(metadata i32 %y, metadata !910, metadata !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value)), !dbg !909
  call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 %z, i32 7), metadata !910, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value)), !dbg !909
  call void @llvm.dbg.value(metadata i32 3, metadata !910, metadata !DIExpression()), !dbg !909
  call void @llvm.dbg.value(metadata ptr @gv, metadata !910, metadata !DIExpression(DW_OP_deref)), !dbg !909
  call void @llvm.dbg.value(metadata i32 poison, metadata !910, metadata !DIExpression()), !dbg !909
  ret i32 %y, !dbg !909
}
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
"#,
    ),
    (
        "debug-records",
        r#"
define i32 @f(i32 %x, ptr %p) !dbg !903 {
entry:
  %a = alloca i32, !DIAssignID !920
    #dbg_declare(ptr %a, !910, !DIExpression(), !909)
    #dbg_value(i32 %x, !908, !DIExpression(), !909)
  %y = mul i32 %x, %x, !dbg !909
    #dbg_value(i32 %y, !910, !DIExpression(), !909)
    #dbg_value(!DIArgList(i32 %x, i32 %y), !910, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_minus, DW_OP_stack_value), !909)
    #dbg_assign(i32 %y, !910, !DIExpression(), !920, ptr %a, !DIExpression(), !909)
  store i32 %y, ptr %a, !DIAssignID !920
  br label %next
next:
    #dbg_label(!921, !909)
    #dbg_value(i32 poison, !910, !DIExpression(), !922)
  ret i32 %y, !dbg !922
}
!920 = distinct !DIAssignID()
!921 = !DILabel(scope: !903, name: "next", file: !902, line: 5)
!922 = !DILocation(line: 6, column: 1, scope: !923, inlinedAt: !924)
!923 = distinct !DILexicalBlock(scope: !903, file: !902, line: 4, column: 2)
!924 = distinct !DILocation(line: 9, scope: !903)
"#,
    ),
    (
        "global-debug-info",
        r#"
@g = global i32 0, !dbg !930
@arr = global [5 x i64] zeroinitializer, !dbg !933
@five = global i64 5
!llvm.dbg.cu = !{!940}
!930 = !DIGlobalVariableExpression(var: !931, expr: !DIExpression())
!931 = distinct !DIGlobalVariable(name: "g", scope: !940, file: !902, line: 1, type: !907, isLocal: false, isDefinition: true)
!933 = !DIGlobalVariableExpression(var: !934, expr: !DIExpression())
!934 = distinct !DIGlobalVariable(name: "arr", scope: !940, file: !902, line: 2, type: !935, isLocal: false, isDefinition: true)
!935 = !DICompositeType(tag: DW_TAG_array_type, baseType: !936, size: 320, elements: !937)
!936 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!937 = !{!938, !939}
!938 = !DISubrange(count: 5)
!939 = !DISubrange(count: 123456, lowerBound: -3)
!940 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !902, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !941)
!941 = !{!930, !933, !942}
!942 = !DIGlobalVariableExpression(var: !943, expr: !DIExpression())
!943 = distinct !DIGlobalVariable(name: "gen", scope: !940, file: !902, line: 3, type: !944, isLocal: true, isDefinition: true)
!944 = !DICompositeType(tag: DW_TAG_array_type, baseType: !936, elements: !945)
!945 = !{!946}
!946 = !DIGenericSubrange(count: 77, lowerBound: 1, stride: 8)
"#,
    ),
];

/// `(name, file extension, source)`: compiled with `-g` at `-O0` and `-O2`, and the first
/// also with `-g3 -fdebug-macro` (macros as metadata).
const C_PROGRAMS: &[(&str, &str, &str)] = &[
    (
        "structs",
        "c",
        r#"
#define SQUARE(x) ((x) * (x))
#include <stdlib.h>
enum color { RED, GREEN = 5, BLUE };
typedef struct node { int key; double w; struct node *next; union { char c[3]; float f; } u; } node;
static int matrix[3][4];
int sum(node *n, enum color c) {
    int s = SQUARE(2);
    for (; n; n = n->next) s += n->key * (int)c;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) s += matrix[i][j];
    return s;
}
"#,
    ),
    (
        "inline",
        "c",
        r#"
static inline int sq(int x) { return x * x; }
static int acc(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }
int run(int *a, int n) { int v[8]; for (int i = 0; i < 8; i++) v[i] = a[i % n]; return acc(v, 8) + acc(a, n); }
"#,
    ),
    (
        "templates",
        "cpp",
        r#"
namespace ns {
template <typename T, int N, int *P> struct Box { T v[N]; int get() const { return *P + N; } };
int g = 4;
enum class E : short { A = -1, B = 2 };
struct Base { virtual ~Base() {} virtual int f(E e) { return (int)e; } };
struct Derived : Base { int f(E e) override { return Box<long, 3, &g>{}.get() + (int)e; } };
}
using namespace ns;
int use(Base *b) { auto l = [b](int x) { return b->f(E::B) + x; }; return l(3); }
template <int N, int *P, typename T> T h(T t) { return N + *P + t; }
double k() { Box<char, 2, &g> bx{}; return h<3, &g>(2.5) + bx.get(); }
"#,
    ),
];

/// Checks one module: `Err` says how it differs.
fn check(src: &str) -> Result<(), String> {
    let reference = run_stdin("llvm-as-19", &["-o", "-"], src.as_bytes())
        .map_err(|e| format!("llvm-as-19 rejects the case: {e}"))?;
    let parsed = irplay_core::text::parse(src);
    let module = parsed.module.ok_or_else(|| format!("parse: {:?}", parsed.diagnostics.first()))?;
    let ours = irplay_core::bitcode::write(&module).map_err(|e| format!("write: {e}"))?;
    let want = dis_stdin(&reference).map_err(|e| format!("llvm-dis of llvm-as output: {e}"))?;
    // Reference must keep the metadata: a case LLVM strips tests nothing.
    if src.contains("!DI") && !want.contains("!DI") {
        return Err("llvm-as-19 dropped the debug info (invalid case)".into());
    }
    let got = dis_stdin(&ours)
        .map_err(|e| format!("llvm-dis rejects our bitcode: {}", first_line(&e)))?;
    if got != want {
        return Err(format!("llvm-dis output differs: {}", first_diff(&want, &got)));
    }
    run_stdin("opt-19", &["-passes=verify", "-disable-output"], &ours)
        .map_err(|e| format!("opt -passes=verify rejects it: {}", first_line(&e)))?;
    Ok(())
}

#[test]
fn llvm_dis_reads_our_metadata_as_llvm_as_output() {
    for tool in ["llvm-as-19", "llvm-dis-19", "opt-19", "clang-19"] {
        common::require(tool);
    }
    let mut inputs: Vec<(String, String)> = Vec::new();
    for (name, src) in CASES {
        // Debug-info cases share the preamble; the others stay free of debug info.
        let src = if src.contains("!90") { format!("{src}{DI}") } else { src.to_string() };
        inputs.push((name.to_string(), src));
    }
    let tmp = std::env::temp_dir().join(format!("irplay-bcmd-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    for (k, (name, ext, c)) in C_PROGRAMS.iter().enumerate() {
        let cfile = tmp.join(format!("{name}.{ext}"));
        std::fs::write(&cfile, c).expect("write C file");
        let mut variants = vec!["-O0 -g", "-O2 -g"];
        if k == 0 {
            variants.push("-O0 -g3 -fdebug-macro");
        }
        for flags in variants {
            let tag = flags.replace(' ', "");
            let out = tmp.join(format!("{name}{tag}.ll"));
            let st = Command::new("clang-19")
                .args(flags.split(' '))
                .args(["-S", "-emit-llvm", "-o"])
                .arg(&out)
                .arg(&cfile)
                .status()
                .expect("clang-19 runs");
            assert!(st.success(), "clang-19 {flags} {name}.{ext} failed");
            let src = std::fs::read_to_string(&out).expect("clang output");
            inputs.push((format!("c/{name}{tag}"), src));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);

    let results = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().expect("lock");
                    *n += 1;
                    *n - 1
                };
                let Some((name, src)) = inputs.get(i) else { break };
                let r = check(src);
                results.lock().expect("lock").push((name.clone(), r));
            });
        }
    });
    let mut results = results.into_inner().expect("lock");
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let mut problems = Vec::new();
    let (mut pass, mut known) = (0, 0);
    for (name, r) in &results {
        let listed = KNOWN.iter().find(|(k, _)| k == name);
        match (r, listed) {
            (Ok(()), None) => pass += 1,
            (Ok(()), Some(_)) => problems.push(format!("{name}: listed as failing but passes")),
            (Err(_), Some(_)) => known += 1,
            (Err(why), None) => problems.push(format!("{name}: {why}")),
        }
    }
    for (k, _) in KNOWN {
        if !results.iter().any(|(n, _)| n == k) {
            problems.push(format!("{k}: listed but no such case"));
        }
    }
    eprintln!("bitcode metadata write: {pass} identical, {known} known failures");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
