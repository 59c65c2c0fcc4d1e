//! Differential tests of the fast path: a run with a trace goes through the general path
//! only (one op at a time), a run without takes the fast path, its fused ops, stack slots in
//! registers and lane vectors; both must end the same way, with the same output, step count
//! and undefined behaviour report (origin and chain included), at every step limit.

use crate::interp::{run, Options, Outcome};

fn go(src: &str, opts: &Options) -> Outcome {
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!("parse failed: {:?}", p.diagnostics) };
    run(&m, opts)
}

/// Runs `src` both ways with `max_steps` and compares what a user can observe.
fn same(src: &str, max_steps: u64) -> Outcome {
    let fast = go(src, &Options { max_steps, ..Options::default() });
    let exact = go(src, &Options { max_steps, trace: true, max_trace: 1, ..Options::default() });
    assert_eq!(fast.exit, exact.exit, "exit with max_steps {max_steps}");
    assert_eq!(fast.stdout, exact.stdout, "stdout with max_steps {max_steps}");
    assert_eq!(fast.steps, exact.steps, "steps with max_steps {max_steps}");
    fast
}

/// Runs `src` both ways: it returns `value`, and every `every`-th step limit stops both
/// ways alike.
fn returns_at_every_limit(src: &str, value: i32, every: usize) {
    let o = same(src, u64::MAX);
    assert_eq!(o.exit, crate::interp::Exit::Returned { value });
    for n in (0..o.steps).step_by(every) {
        same(src, n);
    }
}

/// Runs `src` both ways: it ends in undefined behaviour, and every step limit stops both
/// ways alike.
fn ub_at_every_limit(src: &str) {
    let o = same(src, u64::MAX);
    assert!(matches!(o.exit, crate::interp::Exit::Ub(_)), "{:?}", o.exit);
    for n in 0..o.steps {
        same(src, n);
    }
}

const PUTCHAR: &str = "declare i32 @putchar(i32)\n";

/// A `-O0`-style loop: stack slots, loads absorbed by their users, a GEP and a load, a
/// compare and branch, an unconditional branch absorbed by the store before it.
const SLOTS: &str =
    "@arr = global [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6]
define i32 @main() {
  %i = alloca i32, align 4
  %s = alloca i32, align 4
  store i32 0, ptr %i, align 4
  store i32 0, ptr %s, align 4
  br label %cond
cond:
  %v0 = load i32, ptr %i, align 4
  %v1 = icmp slt i32 %v0, 8
  br i1 %v1, label %body, label %done
body:
  %v2 = load i32, ptr %i, align 4
  %v3 = sext i32 %v2 to i64
  %v4 = getelementptr inbounds [8 x i32], ptr @arr, i64 0, i64 %v3
  %v5 = load i32, ptr %v4, align 4
  %v6 = load i32, ptr %s, align 4
  %v7 = add nsw i32 %v6, %v5
  store i32 %v7, ptr %s, align 4
  %v8 = add i32 %v7, 48
  %v9 = call i32 @putchar(i32 %v8)
  %v10 = load i32, ptr %i, align 4
  %v11 = add nsw i32 %v10, 1
  store i32 %v11, ptr %i, align 4
  br label %cond
done:
  %v12 = load i32, ptr %s, align 4
  ret i32 %v12
}
";

#[test]
fn slots_fused_ops_and_step_limits() {
    let src = format!("{PUTCHAR}{SLOTS}");
    let o = same(&src, u64::MAX);
    assert_eq!(o.stdout, b"3489>GIO");
    // Every step limit stops at the same instruction, fused or not.
    for n in 0..o.steps {
        same(&src, n);
    }
}

#[test]
fn calls_phis_and_step_limits() {
    let src = "define i32 @fib(i32 %n) {
  %c = icmp slt i32 %n, 2
  br i1 %c, label %base, label %rec
base:
  ret i32 %n
rec:
  %a = sub nsw i32 %n, 1
  %x = call i32 @fib(i32 %a)
  %b = sub nsw i32 %n, 2
  %y = call i32 @fib(i32 %b)
  %r = add nsw i32 %x, %y
  ret i32 %r
}
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %t = phi i32 [ 0, %entry ], [ %u, %l ]
  %f = call i32 @fib(i32 %i)
  %u = add i32 %t, %f
  %j = add i32 %i, 1
  %m = icmp ult i32 %j, 9
  br i1 %m, label %l, label %e
e:
  ret i32 %u
}
";
    returns_at_every_limit(src, 54, 7);
}

#[test]
fn poison_made_on_the_fast_path_reports_the_same_origin() {
    // Poison from flags, shift amounts and a shufflevector mask, carried through compares,
    // floating point and lane-wise operations, discarded by select, and finally branched on.
    let src = "define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 1, %entry ], [ %n, %l ]
  %acc = phi i32 [ 0, %entry ], [ %s2, %l ]
  %p = lshr exact i32 %i, 1
  %q = shl i32 %i, %i
  %v0 = insertelement <2 x double> poison, double 1.0, i64 0
  %v1 = shufflevector <2 x double> %v0, <2 x double> poison, <2 x i32> <i32 0, i32 poison>
  %v2 = fadd <2 x double> %v1, <double 1.0, double 2.0>
  %e = extractelement <2 x double> %v2, i64 0
  %ei = fptosi double %e to i32
  %odd = and i32 %i, 1
  %isodd = icmp eq i32 %odd, 1
  %s = select i1 %isodd, i32 %ei, i32 %p
  %s2 = xor i32 %acc, %s
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 50
  br i1 %c, label %l, label %d
d:
  %e1 = extractelement <2 x double> %v2, i64 1
  %b = fcmp ogt double %e1, 0.0
  br i1 %b, label %x, label %y
x:
  ret i32 %s2
y:
  ret i32 %q
}
";
    let o = same(src, u64::MAX);
    let crate::interp::Exit::Ub(r) = o.exit else { panic!("expected UB, got {:?}", o.exit) };
    let origin = r.origin.expect("origin");
    assert_eq!(origin.reason, "shufflevector mask element is poison or undef");
    assert_eq!(origin.chain.len(), 2);
}

#[test]
fn undef_slots_and_partial_bytes_take_the_general_path() {
    // A stack slot read before it is written is undef (branching on it is UB); a slot that
    // holds a partly undef value keeps its undef bits through the register.
    let uninit = "define i32 @main() {
  %a = alloca i32, align 4
  %v = load i32, ptr %a, align 4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %x, label %x
x:
  ret i32 0
}
";
    let o = same(uninit, u64::MAX);
    assert!(
        matches!(o.exit, crate::interp::Exit::Ub(ref r) if r.kind == crate::interp::UbKind::BranchOnUndef)
    );
    let partial = "define i32 @main() {
  %a = alloca i16, align 2
  %b = alloca i8, align 1
  %u = load i8, ptr %b, align 1
  %z = zext i8 %u to i16
  %m = and i16 %z, 255
  %w = or i16 %m, 256
  store i16 %w, ptr %a, align 2
  %r = load i16, ptr %a, align 2
  %h = lshr i16 %r, 8
  %t = trunc i16 %h to i32
  %c = icmp eq i32 %t, 1
  br i1 %c, label %y, label %n
y:
  %lo = and i16 %r, 255
  %c2 = icmp eq i16 %lo, 0
  br i1 %c2, label %n, label %n
n:
  ret i32 %t
}
";
    let o = same(partial, u64::MAX);
    assert!(
        matches!(o.exit, crate::interp::Exit::Ub(ref r) if r.kind == crate::interp::UbKind::BranchOnUndef)
    );
}

#[test]
fn indirect_calls_and_bad_function_pointers() {
    let src = "define i32 @inc(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
define i32 @dbl(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
@table = global [2 x ptr] [ptr @inc, ptr @dbl]
@data = global i32 0
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %v = phi i32 [ 1, %entry ], [ %w, %l ]
  %k = and i32 %i, 1
  %e = zext i32 %k to i64
  %p = getelementptr inbounds [2 x ptr], ptr @table, i64 0, i64 %e
  %f = load ptr, ptr %p, align 8
  %w = call i32 %f(i32 %v)
  %j = add i32 %i, 1
  %m = icmp ult i32 %j, 20
  br i1 %m, label %l, label %e2
e2:
  %bad = call i32 @data(i32 %w)
  ret i32 %w
}
";
    let o = same(src, u64::MAX);
    assert!(
        matches!(o.exit, crate::interp::Exit::Ub(ref r) if r.kind == crate::interp::UbKind::InvalidCall)
    );
    for n in (0..o.steps).step_by(5) {
        same(src, n);
    }
}

/// The integer widths the scalar-agreement tests cover.
const WIDTHS: [u8; 13] = [1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 47, 63, 64];

/// Values of an `iW` register (zero-extended from the width) for the scalar-agreement tests:
/// the edges of its range and pseudo-random ones (a fixed linear congruential sequence).
fn values_of(w: u8) -> Vec<u64> {
    let m = crate::interp::value::mask(w as u32);
    let half = m >> 1;
    let mut vals = vec![
        0,
        1,
        2,
        3,
        half - half.min(1),
        half,
        half.wrapping_add(1),
        half.wrapping_add(2),
        m - m.min(1),
        m,
        0x1234_5678_9abc_def0,
        0xFFFF_FFFF,
        0x8000_0000,
    ];
    let mut r = 0x9E37_79B9_7F4A_7C15u64 ^ w as u64;
    vals.extend((0..24).map(|_| {
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        r >> (r % 64)
    }));
    vals.into_iter().map(|v| v & m).collect()
}

/// The shared table `icmp` agrees with the comparison of both orders (`ipred`) on the edges of
/// every width's range.
#[test]
fn icmp_matches_scalar() {
    use crate::ir::IntPredicate as P;
    use crate::semantics::int;
    for w in WIDTHS {
        let vals = values_of(w);
        for p in [P::Eq, P::Ne, P::Ugt, P::Uge, P::Ult, P::Ule, P::Sgt, P::Sge, P::Slt, P::Sle] {
            for &x in &vals {
                for &y in &vals {
                    let (sx, sy) = (int::sext(x, w as u32), int::sext(y, w as u32));
                    assert_eq!(
                        int::icmp(p, w as u32, x, y),
                        int::ipred(p, x.cmp(&y), sx.cmp(&sy)),
                        "{p:?} i{w} {x:#x} {y:#x}"
                    );
                }
            }
        }
    }
}

/// The plain `add`/`sub`/`mul` with `nuw`/`nsw` (and the other plain operations) agree with
/// the exact semantics on the edges of every width's range.
#[test]
fn arith_flags_match_scalar() {
    use crate::ir::InstFlags;
    use crate::semantics::int::{self, arith, IOp};
    for w in WIDTHS {
        let m = crate::interp::value::mask(w as u32);
        let vals = values_of(w);
        for op in [IOp::Add, IOp::Sub, IOp::Mul] {
            for f in [0, InstFlags::NUW, InstFlags::NSW, InstFlags::NUW | InstFlags::NSW] {
                for &x in &vals {
                    for &y in &vals {
                        assert_eq!(
                            arith(op, f, w, x, y),
                            int::ibin(op, f, w as u32, x, y).ok(),
                            "{op:?} f={f} i{w} {x:#x} {y:#x}"
                        );
                    }
                }
            }
        }
        for op in
            [IOp::Or, IOp::And, IOp::Xor, IOp::LShr, IOp::AShr, IOp::Shl, IOp::UDiv, IOp::URem]
        {
            for f in [0, InstFlags::EXACT, InstFlags::DISJOINT] {
                for &x in &vals {
                    for &y in vals.iter().chain(&[w as u64 - 1, w as u64, w as u64 / 2]) {
                        let y = y & m;
                        let want = int::ibin(op, f, w as u32, x, y).ok();
                        assert_eq!(
                            int::ibin_plain(op, f, w, x, y),
                            want,
                            "{op:?} f={f} i{w} {x:#x} {y:#x}"
                        );
                    }
                }
            }
        }
    }
}

/// The shared table `fcmp` agrees with `fp::pred` of `partial_cmp`, for doubles and floats.
#[test]
fn fcmp_matches_pred() {
    use crate::ir::FloatPredicate as P;
    use crate::semantics::fp;
    let ds = [0.0, -0.0, 1.0, -1.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, f64::MIN_POSITIVE];
    let preds = [
        P::False,
        P::Oeq,
        P::Ogt,
        P::Oge,
        P::Olt,
        P::Ole,
        P::One,
        P::Ord,
        P::Ueq,
        P::Ugt,
        P::Uge,
        P::Ult,
        P::Ule,
        P::Une,
        P::Uno,
        P::True,
    ];
    for p in preds {
        for &a in &ds {
            for &b in &ds {
                let (x, y) = (a.to_bits(), b.to_bits());
                let (fa, fb) = fp::fpair(false, x, y);
                assert_eq!(fp::fcmp(p, fa, fb), fp::pred(p, a.partial_cmp(&b)), "{p:?} {a} {b}");
                let (xs, ys) = ((a as f32).to_bits() as u64, (b as f32).to_bits() as u64);
                let (fa, fb) = fp::fpair(true, xs, ys);
                let want = fp::pred(p, (a as f32).partial_cmp(&(b as f32)));
                assert_eq!(fp::fcmp(p, fa, fb), want, "{p:?} {a}f {b}f");
            }
        }
    }
}

#[test]
fn gep_flags_and_phi_rotations() {
    // GEPs with one and two variable indices whose flags make poison at some iterations
    // (out of bounds, negative with `nuw`), frozen into the result; phis that rotate two,
    // three and four values (parallel moves) along the same back edge.
    let src = "@a = global [8 x i32] zeroinitializer
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i64 [ -3, %entry ], [ %n, %l ]
  %acc = phi i64 [ 0, %entry ], [ %acc4, %l ]
  %x = phi i64 [ 1, %entry ], [ %y, %l ]
  %y = phi i64 [ 2, %entry ], [ %x, %l ]
  %u = phi i64 [ 3, %entry ], [ %v, %l ]
  %v = phi i64 [ 5, %entry ], [ %t, %l ]
  %t = phi i64 [ 7, %entry ], [ %u, %l ]
  %p1 = getelementptr inbounds i32, ptr @a, i64 %i
  %p2 = getelementptr nuw i32, ptr @a, i64 %i
  %p3 = getelementptr inbounds [2 x i32], ptr @a, i64 %i, i64 %x
  %p4 = getelementptr inbounds nuw i8, ptr @a, i64 %i
  %q1 = ptrtoint ptr %p1 to i64
  %q2 = ptrtoint ptr %p2 to i64
  %q3 = ptrtoint ptr %p3 to i64
  %q4 = ptrtoint ptr %p4 to i64
  %f1 = freeze i64 %q1
  %f2 = freeze i64 %q2
  %f3 = freeze i64 %q3
  %f4 = freeze i64 %q4
  %s1 = add i64 %f1, %f2
  %s2 = add i64 %f3, %f4
  %s3 = xor i64 %s1, %s2
  %m = mul i64 %x, %u
  %m2 = mul i64 %m, %v
  %m3 = add i64 %m2, %t
  %acc2 = add i64 %acc, %s3
  %acc3 = mul i64 %acc2, 31
  %acc4 = add i64 %acc3, %m3
  %n = add nsw i64 %i, 1
  %c = icmp slt i64 %n, 12
  br i1 %c, label %l, label %d
d:
  %h = lshr i64 %acc4, 32
  %r0 = xor i64 %h, %acc4
  %r = trunc i64 %r0 to i32
  ret i32 %r
}
";
    let o = same(src, u64::MAX);
    assert!(matches!(o.exit, crate::interp::Exit::Returned { .. }));
    for n in 0..o.steps {
        same(src, n);
    }
}

#[test]
fn fused_gep_loads_and_stores() {
    // A GEP and the load or store through it, a GEP whose result is stored through itself,
    // and an access that leaves the array (undefined behaviour on the general path).
    let src = "@a = global [6 x ptr] zeroinitializer
@b = global [6 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6]
define i32 @main() {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %n, %l ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %l ]
  %p = getelementptr inbounds ptr, ptr @a, i64 %i
  store ptr %p, ptr %p, align 8
  %q = getelementptr inbounds i32, ptr @b, i64 %i
  %v = load i32, ptr %q, align 4
  %r = getelementptr inbounds ptr, ptr @a, i64 %i
  %pp = load ptr, ptr %r, align 8
  %same = icmp eq ptr %pp, %p
  %z = zext i1 %same to i32
  %acc1 = add i32 %acc, %v
  %acc2 = add i32 %acc1, %z
  %n = add i64 %i, 1
  %c = icmp slt i64 %n, 7
  br i1 %c, label %l, label %d
d:
  ret i32 %acc2
}
";
    ub_at_every_limit(src);
}

#[test]
fn frames_of_fast_calls_in_reports_library_calls_and_poison_returns() {
    // Recursion through fast calls with a library call at every level (the fast path stops
    // and resumes inside its own frames), a poison result returned from deep inside (the
    // general path's return), and finally a division by zero five calls deep: the report's
    // call stack must list every frame, at every step limit.
    let src = "declare i32 @putchar(i32)
define i32 @down(i32 %n, i32 %d) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %leaf, label %rec
leaf:
  %q = sdiv i32 100, %d
  ret i32 %q
rec:
  %c = add i32 %n, 48
  %p = call i32 @putchar(i32 %c)
  %m = sub i32 %n, 1
  %r = call i32 @down(i32 %m, i32 %d)
  %s = add i32 %r, 1
  ret i32 %s
}
define i32 @pois(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %leaf, label %rec
leaf:
  %big = add nsw i32 2147483647, 1
  ret i32 %big
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pois(i32 %m)
  ret i32 %r
}
define i32 @main() {
  %a = call i32 @down(i32 3, i32 1)
  %b = call i32 @pois(i32 4)
  %f = freeze i32 %b
  %k = and i32 %f, 0
  %d = add i32 %k, 0
  %c = call i32 @down(i32 5, i32 %d)
  ret i32 %c
}
";
    let o = same(src, u64::MAX);
    let crate::interp::Exit::Ub(r) = &o.exit else {
        panic!("expected undefined behaviour, got {:?}", o.exit)
    };
    assert_eq!(r.backtrace.len(), 7, "{:?}", r.backtrace);
    assert_eq!(o.stdout, b"32154321");
    for n in 0..o.steps {
        same(src, n);
    }
}

#[test]
fn long_phi_edges() {
    // Back edges of 15 moves (past the unrolled sizes) and 7 moves (unrolled), rotating
    // values in parallel, one of them carrying poison from an `add nsw` that overflows
    // (the fast path leaves such an edge to the general path). lli-19 returns 176.
    let src = "define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %n, %l ]
  %a0 = phi i32 [ 0, %entry ], [ %a1, %l ]
  %a1 = phi i32 [ 1, %entry ], [ %a2, %l ]
  %a2 = phi i32 [ 2, %entry ], [ %a3, %l ]
  %a3 = phi i32 [ 3, %entry ], [ %a4, %l ]
  %a4 = phi i32 [ 4, %entry ], [ %a5, %l ]
  %a5 = phi i32 [ 5, %entry ], [ %a6, %l ]
  %a6 = phi i32 [ 6, %entry ], [ %a7, %l ]
  %a7 = phi i32 [ 7, %entry ], [ %a8, %l ]
  %a8 = phi i32 [ 8, %entry ], [ %a9, %l ]
  %a9 = phi i32 [ 9, %entry ], [ %a0, %l ]
  %b0 = phi i32 [ 1, %entry ], [ %b1, %l ]
  %b1 = phi i32 [ 2, %entry ], [ %b2, %l ]
  %b2 = phi i32 [ 3, %entry ], [ %b3, %l ]
  %b3 = phi i32 [ 4, %entry ], [ %q, %l ]
  %q = add nsw i32 %b0, 1073741824
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 13
  br i1 %c, label %l, label %m, !prof !0
m:
  br label %k
k:
  %x0 = phi i32 [ %a0, %m ], [ %x1, %k ]
  %x1 = phi i32 [ %a1, %m ], [ %x2, %k ]
  %x2 = phi i32 [ %a2, %m ], [ %x3, %k ]
  %x3 = phi i32 [ %a3, %m ], [ %x4, %k ]
  %x4 = phi i32 [ %a4, %m ], [ %x0, %k ]
  %j = phi i32 [ 0, %m ], [ %j2, %k ]
  %y = phi i32 [ %b3, %m ], [ %y, %k ]
  %j2 = add i32 %j, 1
  %c2 = icmp slt i32 %j2, 7
  br i1 %c2, label %k, label %d
d:
  %f = freeze i32 %b3
  %s0 = mul i32 %x0, 10000
  %s1 = mul i32 %x1, 1000
  %s2 = mul i32 %x2, 100
  %s3 = mul i32 %x3, 10
  %t0 = add i32 %s0, %s1
  %t1 = add i32 %t0, %s2
  %t2 = add i32 %t1, %s3
  %t3 = add i32 %t2, %x4
  %t4 = add i32 %t3, %a9
  %fy = freeze i32 %y
  %z = and i32 %fy, 0
  %t5 = add i32 %t4, %z
  %r = srem i32 %t5, 251
  ret i32 %r
}
!0 = !{!\"branch_weights\", i32 1, i32 1}
";
    returns_at_every_limit(src, 176, 7);
}

#[test]
fn two_move_edges() {
    // Edges of two phi moves, taken inline from the edge: one where the counter's move is a
    // move of a register to itself (`%n` shares `%i`'s register) and the other move carries
    // poison from an `add nsw` that overflows on the second iteration, and a swap. lli-19
    // returns 215.
    let src = "define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %n, %l ]
  %p = phi i32 [ 5, %entry ], [ %q, %l ]
  %q = add nsw i32 %p, 1073741824
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 5
  br i1 %c, label %l, label %d
d:
  %f = freeze i32 %p
  %z = and i32 %f, 0
  br label %k
k:
  %x = phi i32 [ 1, %d ], [ %y, %k ]
  %y = phi i32 [ 2, %d ], [ %x, %k ]
  %c2 = icmp eq i32 %x, 1
  br i1 %c2, label %k, label %e
e:
  %m = mul i32 %x, 10
  %r0 = add i32 %m, %y
  %r1 = mul i32 %r0, 10
  %r2 = add i32 %r1, %n
  %r = add i32 %r2, %z
  ret i32 %r
}
";
    returns_at_every_limit(src, 215, 1);
}

#[test]
fn index_extensions_absorbed_by_their_geps() {
    // A `sext` of a negative index and a `zext` of a byte above 127, each read by the GEP
    // after it in place of its result, and a `sext` of an index that becomes poison on the
    // ninth iteration (an `add nsw` overflows), whose GEP then loads through a poison
    // pointer: undefined behaviour, with the chain through the `sext` and the GEP.
    let src = "@b = global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8]
@k = global [2 x i8] c\"\\05\\FF\"
define i32 @main() {
entry:
  %end = getelementptr inbounds i8, ptr @b, i64 32
  br label %l
l:
  %i = phi i32 [ 1, %entry ], [ %n, %l ]
  %acc = phi i32 [ 0, %entry ], [ %acc3, %l ]
  %neg = or i32 %i, -8
  %ns = sext i32 %neg to i64
  %q = getelementptr inbounds i32, ptr %end, i64 %ns
  %v = load i32, ptr %q, align 4
  %kb = load i8, ptr getelementptr inbounds (i8, ptr @k, i64 1), align 1
  %kz = zext i8 %kb to i64
  %kq = getelementptr i8, ptr @b, i64 %kz
  %d = ptrtoint ptr %kq to i64
  %d32 = trunc i64 %d to i32
  %m = sub i32 %i, 1
  %o = add nsw i32 %m, 2147483640
  %oi = sub i32 %o, 2147483640
  %os = sext i32 %oi to i64
  %oq = getelementptr i8, ptr @b, i64 %os
  %w = load i8, ptr %oq, align 1
  %wz = zext i8 %w to i32
  %acc1 = add i32 %acc, %v
  %acc2 = add i32 %acc1, %wz
  %acc3 = add i32 %acc2, %d32
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 10
  br i1 %c, label %l, label %x
x:
  ret i32 %acc3
}
";
    ub_at_every_limit(src);
}

#[test]
fn zexts_copies_and_slot_loads_read_in_place() {
    // `-O0`-style code: a byte loaded from a slot and zero-extended for an add, a pointer
    // loaded from a slot for a GEP whose index is a `sext` of another slot's value, a
    // `bitcast` read by the op after it, and a return of a loaded slot. lli-19 returns 35.
    let src = "@s = global [4 x i8] c\"\\01\\02\\FE\\04\"
define i32 @sum(ptr %p, i32 %n) {
  %pa = alloca ptr, align 8
  %na = alloca i32, align 4
  %acc = alloca i32, align 4
  %i = alloca i32, align 4
  store ptr %p, ptr %pa, align 8
  store i32 %n, ptr %na, align 4
  store i32 0, ptr %acc, align 4
  store i32 0, ptr %i, align 4
  br label %c
c:
  %iv = load i32, ptr %i, align 4
  %nv = load i32, ptr %na, align 4
  %lt = icmp slt i32 %iv, %nv
  br i1 %lt, label %b, label %e
b:
  %base = load ptr, ptr %pa, align 8
  %iv2 = load i32, ptr %i, align 4
  %ix = sext i32 %iv2 to i64
  %q = getelementptr inbounds i8, ptr %base, i64 %ix
  %byte = load i8, ptr %q, align 1
  %wide = zext i8 %byte to i32
  %a0 = load i32, ptr %acc, align 4
  %a1 = add nsw i32 %a0, %wide
  %f = bitcast i32 %a1 to float
  %back = bitcast float %f to i32
  %a2 = add i32 %back, 1
  store i32 %a2, ptr %acc, align 4
  %iv3 = load i32, ptr %i, align 4
  %inc = add nsw i32 %iv3, 1
  store i32 %inc, ptr %i, align 4
  br label %c
e:
  %r = load i32, ptr %acc, align 4
  ret i32 %r
}
define i32 @main() {
  %v = call i32 @sum(ptr @s, i32 4)
  %w = call i32 @sum(ptr @s, i32 3)
  %t = sub i32 %v, %w
  %u = add i32 %t, %w
  %x = sub i32 %u, 230
  ret i32 %x
}
";
    returns_at_every_limit(src, 35, 1);
    // A slot read before it was written: the undef byte goes through the `zext` and the
    // add (which leave it to the general path) to a branch on it, undefined behaviour.
    let undef = "define i32 @main() {
  %b = alloca i8, align 1
  %v = load i8, ptr %b, align 1
  %z = zext i8 %v to i32
  %a = add i32 %z, 1
  %c = icmp eq i32 %a, 0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 2
}
";
    ub_at_every_limit(undef);
}

#[test]
fn fused_stores_read_a_loaded_slot_in_place() {
    // A slot's value stored through a GEP (the fused store reads the slot's register): a
    // defined value first, then the slot before it was written, whose undef bytes, loaded
    // back and compared, make a branch undefined behaviour.
    let src = "@g = global [2 x i32] zeroinitializer
define i32 @put(i32 %k) {
  %x = alloca i32, align 4
  %ka = alloca i32, align 4
  store i32 %k, ptr %ka, align 4
  %z = icmp eq i32 %k, 0
  br i1 %z, label %skip, label %set
set:
  store i32 7, ptr %x, align 4
  br label %skip
skip:
  %v = load i32, ptr %x, align 4
  %i = load i32, ptr %ka, align 4
  %ix = sext i32 %i to i64
  %p = getelementptr inbounds [2 x i32], ptr @g, i64 0, i64 %ix
  store i32 %v, ptr %p, align 4
  %r = load i32, ptr %p, align 4
  %c = icmp sgt i32 %r, 5
  br i1 %c, label %big, label %small
big:
  ret i32 1
small:
  ret i32 0
}
define i32 @main() {
  %a = call i32 @put(i32 1)
  %b = call i32 @put(i32 0)
  %s = add i32 %a, %b
  ret i32 %s
}
";
    ub_at_every_limit(src);
}

#[test]
fn branches_to_a_return_return_themselves() {
    // Branches with phi moves to blocks that only return: a phi's value (one edge's a
    // constant, another's a value that is poison on the third call), a void return past a
    // phi, and a slot loaded for the phi. lli-19 returns 15 without the third call.
    let body = "define i32 @pick(i32 %x) {
entry:
  %s = alloca i32, align 4
  store i32 3, ptr %s, align 4
  %c = icmp slt i32 %x, 0
  br i1 %c, label %neg, label %pos
neg:
  %a = sub nsw i32 0, %x
  br label %ret
pos:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %zero, label %ret
zero:
  %l = load i32, ptr %s, align 4
  br label %ret
ret:
  %r = phi i32 [ %a, %neg ], [ 7, %pos ], [ %l, %zero ]
  %unused = phi i32 [ %x, %neg ], [ %x, %pos ], [ 0, %zero ]
  ret i32 %r
}
define void @nothing(i32 %x) {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  br label %r
b:
  br label %r
r:
  %p = phi i32 [ 1, %a ], [ 2, %b ]
  ret void
}
";
    let ok = format!(
        "{body}define i32 @main() {{
  call void @nothing(i32 0)
  call void @nothing(i32 1)
  %1 = call i32 @pick(i32 -5)
  %2 = call i32 @pick(i32 3)
  %3 = call i32 @pick(i32 0)
  %s = add i32 %1, %2
  %t = add i32 %s, %3
  ret i32 %t
}}
"
    );
    returns_at_every_limit(&ok, 15, 1);
    let ub = format!(
        "{body}define i32 @main() {{
  %1 = call i32 @pick(i32 -5)
  %2 = call i32 @pick(i32 -2147483648)
  %t = add i32 %1, %2
  %u = icmp eq i32 %t, 0
  br i1 %u, label %z, label %nz
z:
  ret i32 0
nz:
  ret i32 1
}}
"
    );
    ub_at_every_limit(&ub);
}
