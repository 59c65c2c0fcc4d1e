//! Reading the metadata of bitcode: small modules made at test time (`.ll` through
//! `llvm-as-19`, C through `clang-19 -g -c -emit-llvm`) read with `bitcode::read` must print
//! exactly as `llvm-dis-19`'s text of the same file parses and prints.
//!
//! Inputs that do not read identically yet are listed in [`KNOWN`] with the reason; the test
//! fails when a listed input starts to pass, so the list stays true.

use irplay_core::{bitcode, text};
use std::path::Path;

mod common;
use common::{require, run_ok, Scratch};

/// Named metadata, module flags, tuples of constants, strings (any bytes), nested and empty
/// tuples, and a distinct cycle.
const NAMED: &str = r#"
@g = global i32 0
@h = external global [2 x i8]

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!my.named = !{!4, !5, !4}
!empty = !{}

!0 = !{i32 7, !"PIC Level", i32 2}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 5, !"flag", !{!"nested", i64 -1}}
!3 = !{!"clang version 19"}
!4 = !{i32 1, !"s", ptr @g, null, !5, float 1.5, ptr @h, i1 true, <2 x i8> <i8 1, i8 2>}
!5 = distinct !{!5, !6, !"\00\FFbytes"}
!6 = !{!5, !{}, !{!6}}
"#;

/// Attachments on globals, declarations, definitions and instructions (custom kinds
/// included), tbaa, ranges, loop metadata and branch weights.
const ATTACH: &str = r#"
@g = global i32 0, !type !0, !custom.kind !1
@v = external global i64, !absolute_symbol !2
@as = addrspace(1) global i32 0, !custom.kind !1
@as2 = external addrspace(3) global i8, !type !0

declare !other.kind !1 void @ext()

define i32 @f(ptr %p, i1 %c) !prof !3 !custom.kind !1 {
entry:
  %x = load i32, ptr %p, align 4, !tbaa !4, !range !8, !noundef !9
  %q = load ptr, ptr %p, align 8, !nonnull !9, !custom.kind !1, !other.kind !9
  store i32 %x, ptr %q, align 4, !tbaa !10
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %d = icmp slt i32 %n, %x
  br i1 %d, label %loop, label %exit, !llvm.loop !11, !prof !14

exit:
  call void @ext(), !srcloc !15
  ret i32 %n
}

define void @g2() !custom.kind !1 {
  ret void, !custom.kind !1
}

!0 = !{i64 0, !"typeid"}
!1 = !{!"custom"}
!2 = !{i64 0, i64 256}
!3 = !{!"function_entry_count", i64 100}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = !{i32 0, i32 10}
!9 = !{}
!10 = !{!5, !5, i64 0, i1 true}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.count", i32 4}
!14 = !{!"branch_weights", i32 10, i32 1}
!15 = !{i64 1234}
"#;

/// Function-local metadata: values and a `DIArgList` in debug records, constants, metadata
/// arguments of intrinsics, scopes, locations with and without columns and implicit code.
const LOCAL: &str = r#"
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare i64 @llvm.read_register.i64(metadata)

define i32 @f(i32 %a, i32 %b) !dbg !5 {
entry:
  %s = add i32 %a, %b, !dbg !12
  call void @llvm.dbg.value(metadata i32 %s, metadata !10, metadata !DIExpression()), !dbg !12
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !11, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !12
  call void @llvm.dbg.value(metadata i32 7, metadata !11, metadata !DIExpression()), !dbg !13
  call void @llvm.dbg.value(metadata ptr poison, metadata !11, metadata !DIExpression()), !dbg !13
  call void @llvm.experimental.noalias.scope.decl(metadata !14)
  %r = call i64 @llvm.read_register.i64(metadata !17)
  ret i32 %s, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "x.c", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !9)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !{!10, !11}
!10 = !DILocalVariable(name: "s", scope: !5, file: !1, line: 2, type: !8)
!11 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 3, type: !8)
!12 = !DILocation(line: 2, column: 3, scope: !5)
!13 = !DILocation(line: 4, scope: !5, isImplicitCode: true)
!14 = !{!15}
!15 = distinct !{!15, !16, !"scope"}
!16 = distinct !{!16, !"domain"}
!17 = !{!"rsp"}
"#;

/// A C program with structs, unions, enums, arrays, globals, loops and inlining.
const PROG_C: &str = r#"
#include <stddef.h>
enum color { RED, GREEN = 5, BLUE };
typedef struct point { int x, y; double w[3]; } point_t;
union u { int i; float f; };
static int table[4] = {1, 2, 3, 4};
const char *names[] = {"a", "bc"};
static inline int sq(int v) { return v * v; }
static int sum(const point_t *p, size_t n) {
  int t = 0;
  for (size_t i = 0; i < n; i++) {
    int s = sq(p[i].x) + p[i].y;
    t += s * table[i & 3];
  }
  return t;
}
int run(int k, enum color c) {
  point_t pts[3] = {{1, 2, {0}}, {3, 4, {1}}, {k, c, {2}}};
  union u x; x.i = k;
  struct { char tag; long v; } anon = {'q', 9};
  return sum(pts, 3) + (int)x.f + anon.v + (names[k & 1][0] == 'a');
}
int main(void) { return run(2, BLUE) & 0xff; }
"#;

/// A C program without debug info: tbaa and loop metadata only.
const LOOPS_C: &str = r#"
void scale(float *restrict a, const float *restrict b, int n) {
  #pragma clang loop unroll_count(2)
  for (int i = 0; i < n; i++) a[i] = b[i] * 2.0f;
}
long mix(long *p, int *q, int n) {
  long t = 0;
  for (int i = 0; i < n; i++) { t += p[i]; q[i] = (int)t; }
  return t;
}
"#;

/// C++ with namespaces, templates, virtual methods, inheritance, an enum class and a lambda:
/// many types that refer to each other in cycles.
const CLASSES_CPP: &str = r#"
namespace ns {
template <typename T> struct Box { T v; Box *next; virtual ~Box() {} virtual T get() const { return v; } };
struct Derived : Box<int> { int extra; int get() const override { return v + extra; } };
enum class E : short { A = 1, B = -2 };
}
static int counter;
int use(int n) {
  ns::Derived d; d.v = 3; d.extra = n; d.next = &d;
  ns::Box<int> *b = &d;
  int t = b->get() + (int)ns::E::B;
  auto lam = [&](int k) { return k * t + counter; };
  return lam(2);
}
"#;

/// How each input is made.
enum Source {
    /// Text IR through `llvm-as-19` with these flags.
    Ll(&'static str, &'static [&'static str]),
    /// C (or C++ with `-xc++` among the flags) through `clang-19 -c -emit-llvm` with these
    /// flags.
    C(&'static str, &'static [&'static str]),
    /// The same through `clang-15` (LLVM 15's bitcode), when it is installed.
    C15(&'static str, &'static [&'static str]),
}

const CASES: &[(&str, Source)] = &[
    ("named", Source::Ll(NAMED, &[])),
    ("attach", Source::Ll(ATTACH, &[])),
    ("local", Source::Ll(LOCAL, &[])),
    // Debug info as `llvm.dbg.*` calls with metadata arguments, as LLVM 18 and older write it.
    (
        "local-calls",
        Source::Ll(LOCAL, &["--write-experimental-debuginfo-iterators-to-bitcode=false"]),
    ),
    ("prog-O0-g", Source::C(PROG_C, &["-O0", "-g"])),
    ("prog-O2-g", Source::C(PROG_C, &["-O2", "-g"])),
    ("prog-O1-gline", Source::C(PROG_C, &["-O1", "-gline-tables-only"])),
    ("loops-O2", Source::C(LOOPS_C, &["-O2"])),
    ("classes-O0-g", Source::C(CLASSES_CPP, &["-xc++", "-O0", "-g"])),
    ("classes-O2-g", Source::C(CLASSES_CPP, &["-xc++", "-O2", "-g"])),
    ("prog-clang15-O2-g", Source::C15(PROG_C, &["-O2", "-g"])),
    ("loops-clang15-O2", Source::C15(LOOPS_C, &["-O2"])),
    ("classes-clang15-O0-g", Source::C15(CLASSES_CPP, &["-xc++", "-O0", "-g"])),
    ("classes-clang15-O2-g", Source::C15(CLASSES_CPP, &["-xc++", "-O2", "-g"])),
];

/// Inputs that do not read identically yet, with the reason.
const KNOWN: &[(&str, &str)] = &[];

/// The bitcode of a case, `None` when its compiler is not installed.
fn make(dir: &Path, name: &str, src: &Source) -> Option<Vec<u8>> {
    let bc = dir.join(format!("{name}.bc"));
    let bc_s = bc.to_string_lossy().to_string();
    match src {
        Source::Ll(text, flags) => {
            let ll = dir.join(format!("{name}.ll"));
            std::fs::write(&ll, text).unwrap_or_else(|e| panic!("{e}"));
            let ll_s = ll.to_string_lossy().to_string();
            let mut args: Vec<&str> = flags.to_vec();
            args.extend([ll_s.as_str(), "-o", &bc_s]);
            run_ok("llvm-as-19", &args);
        }
        Source::C(text, flags) | Source::C15(text, flags) => {
            let clang = if matches!(src, Source::C15(..)) { "clang-15" } else { "clang-19" };
            require(clang);
            let c = dir.join(format!("{name}.c"));
            std::fs::write(&c, text).unwrap_or_else(|e| panic!("{e}"));
            let c_s = c.to_string_lossy().to_string();
            let mut args: Vec<&str> = flags.to_vec();
            args.extend(["-c", "-emit-llvm", &c_s, "-o", &bc_s]);
            run_ok(clang, &args);
        }
    }
    Some(std::fs::read(&bc).unwrap_or_else(|e| panic!("{e}")))
}

/// `llvm-dis-19`'s text of a file, parsed and printed by us.
fn reference(dir: &Path, name: &str) -> String {
    let bc = dir.join(format!("{name}.bc"));
    let dis = run_ok("llvm-dis-19", &[&bc.to_string_lossy(), "-o", "-"]);
    let dis = String::from_utf8(dis).unwrap_or_else(|e| panic!("{e}"));
    let parsed = text::parse(&dis);
    let Some(m) = parsed.module else { panic!("{name}: llvm-dis output does not parse") };
    text::print_module(&m)
}

/// Why `bc` does not read as the reference prints, if it does not.
fn compare(name: &str, bc: &[u8], want: &str) -> Result<(), String> {
    let m = bitcode::read(bc).map_err(|e| format!("{name}: {e}"))?;
    let got = text::print_module(&m);
    if got == want {
        return Ok(());
    }
    let line = got.lines().zip(want.lines()).position(|(g, w)| g != w);
    let line = line.unwrap_or(got.lines().count().min(want.lines().count()));
    Err(format!(
        "{name}: line {} differs:\n  read: {}\n  text: {}",
        line + 1,
        got.lines().nth(line).unwrap_or("<end>"),
        want.lines().nth(line).unwrap_or("<end>")
    ))
}

#[test]
fn metadata_reads_as_llvm_dis_prints_it() {
    let dir = Scratch::new("bcmd-same");
    let mut problems = Vec::new();
    for (name, src) in CASES {
        let Some(bc) = make(&dir.0, name, src) else { continue };
        let want = reference(&dir.0, name);
        let known = KNOWN.iter().find(|(n, _)| n == name);
        match (compare(name, &bc, &want), known) {
            (Ok(()), Some((_, why))) => {
                problems.push(format!("{name} reads identically but is listed as known ({why})"))
            }
            (Err(e), None) => problems.push(e),
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn damaged_metadata_fails_cleanly() {
    let dir = Scratch::new("bcmd-damaged");
    for (name, src) in CASES.iter().take(3) {
        let Some(bc) = make(&dir.0, name, src) else { continue };
        // Every truncation, and one bit flip per byte, end in a result (never a panic).
        for n in (0..bc.len()).step_by(3) {
            let _ = bitcode::read(bc.get(..n).unwrap_or(&[]));
        }
        for byte in 0..bc.len() {
            let mut b = bc.clone();
            if let Some(x) = b.get_mut(byte) {
                *x ^= 1 << (byte % 8);
            }
            let _ = bitcode::read(&b);
        }
    }
}
