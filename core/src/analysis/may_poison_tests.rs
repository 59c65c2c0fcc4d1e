//! Tests of the may-be-poison analysis on small IR snippets.

use super::super::test_util::{body, parse, value};
use super::*;
use crate::ir::entity::EntityRef;

/// A module, its analysed function `@f`, and name lookups.
struct T {
    m: Module,
    mp: MayPoison,
}

impl T {
    fn new(src: &str) -> T {
        T::with(src, Options::default())
    }
    fn with(src: &str, opts: Options) -> T {
        let m = parse(src);
        let mp = MayPoison::with_options(&m, body(&m, "f"), opts);
        T { m, mp }
    }
    fn v(&self, name: &str) -> Value {
        value(&self.m, body(&self.m, "f"), name)
    }
    fn why(&self, name: &str) -> Option<&Reason> {
        self.mp.get(self.v(name))
    }
    fn clean(&self, name: &str) -> bool {
        self.why(name).is_none()
    }
    /// The source message of `name`, failing when it is not a source.
    fn source(&self, name: &str) -> String {
        match self.why(name) {
            Some(Reason::Source { message, .. }) => message.clone(),
            other => panic!("%{name} is not a source: {other:?}"),
        }
    }
    /// The value `name` propagates poison from, failing when it does not.
    fn from(&self, name: &str) -> Value {
        match self.why(name) {
            Some(Reason::Propagated { from }) => *from,
            other => panic!("%{name} does not propagate: {other:?}"),
        }
    }
}

#[test]
fn flags_create_and_operations_propagate() {
    let t = T::new(
        "define i32 @f(i32 %x) {
         entry:
           %a = add nsw i32 %x, 1
           %b = add i32 %x, 1
           %c = mul i32 %a, 2
           %d = and i32 %c, 0
           %fr = freeze i32 %d
           %e = add i32 %fr, %b
           %k1 = add nsw i32 1, 2
           %k2 = add nsw i32 2147483647, 1
           %k3 = sub nuw i32 0, 1
           ret i32 %e
         }",
    );
    assert_eq!(t.source("a"), "add nsw may overflow");
    assert!(t.clean("b"));
    assert_eq!(t.from("c"), t.v("a"));
    // `and` with 0 is still poison, as the LangRef's example says.
    assert_eq!(t.from("d"), t.v("c"));
    assert!(t.clean("fr") && t.clean("e"));
    assert_eq!(t.mp.may_be(t.v("fr")), MayBe::Defined);
    // Constant operands are folded: 1 + 2 cannot overflow, the others do.
    assert!(t.clean("k1"));
    assert_eq!(t.source("k2"), "add nsw may overflow");
    assert_eq!(t.source("k3"), "sub nuw may overflow");
    assert_eq!(t.mp.trace(t.v("d")), vec![t.v("d"), t.v("c"), t.v("a")]);
    assert!(t.mp.trace(t.v("e")).is_empty());
    let all: Vec<Value> = t.mp.iter().map(|(v, _)| v).collect();
    assert_eq!(all, vec![t.v("a"), t.v("c"), t.v("d"), t.v("k2"), t.v("k3")]);
    match t.why("a") {
        Some(Reason::Source { inst: Some(i), .. }) => {
            assert_eq!(body(&t.m, "f").insts.get(*i).map(|d| d.op), Some(Opcode::Add));
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn every_poison_generating_flag() {
    let t = T::new(
        "define void @f(i32 %x, i32 %y, i64 %w, ptr %p, double %d) {
         entry:
           %shl = shl nuw i32 %x, 1
           %lshr = lshr exact i32 %x, 1
           %udiv = udiv exact i32 %x, 3
           %or = or disjoint i32 %x, %y
           %tr = trunc nsw i64 %w to i32
           %zx = zext nneg i32 %x to i64
           %ui = uitofp nneg i32 %x to double
           %cmp = icmp samesign ult i32 %x, %y
           %gep = getelementptr inbounds i8, ptr %p, i64 %w
           %gep2 = getelementptr nusw i8, ptr %p, i64 %w
           %fa = fadd nnan double %d, 1.0
           %fc = fcmp ninf olt double %d, 0.0
           %plain = fadd fast double %d, 1.0
           %or2 = or disjoint i32 1, 2
           %or3 = or disjoint i32 1, 3
           %tr2 = trunc nuw i64 255 to i8
           %tr3 = trunc nuw i64 256 to i8
           %zx2 = zext nneg i32 -1 to i64
           ret void
         }",
    );
    assert_eq!(t.source("shl"), "shl nuw may overflow");
    assert_eq!(t.source("lshr"), "lshr exact may shift out set bits");
    assert_eq!(t.source("udiv"), "udiv exact may have a remainder");
    assert_eq!(t.source("or"), "or disjoint operands may share a set bit");
    assert_eq!(t.source("tr"), "trunc nsw may drop significant bits");
    assert_eq!(t.source("zx"), "zext nneg operand may be negative");
    assert_eq!(t.source("ui"), "uitofp nneg operand may be negative");
    assert_eq!(t.source("cmp"), "icmp samesign operands may differ in sign");
    assert_eq!(t.source("gep"), "getelementptr inbounds may leave its object or wrap");
    assert_eq!(t.source("gep2"), "getelementptr nusw may leave its object or wrap");
    assert_eq!(t.source("fa"), "fadd nnan may see or give a NaN");
    assert_eq!(t.source("fc"), "fcmp ninf may see or give an infinity");
    assert!(t.source("plain").contains("nnan ninf"));
    assert!(t.clean("or2") && t.source("or3").contains("disjoint"));
    assert!(t.clean("tr2") && t.source("tr3").contains("trunc nuw"));
    assert!(t.source("zx2").contains("nneg"));
}

#[test]
fn shift_amounts() {
    let t = T::new(
        "define void @f(i32 %x, i32 %n, <2 x i32> %v) {
         entry:
           %ok = shl i32 %x, 31
           %big = shl i32 %x, 32
           %var = ashr i32 %x, %n
           %lanes = lshr <2 x i32> %v, <i32 1, i32 40>
           %vok = lshr <2 x i32> %v, <i32 1, i32 31>
           %lane0 = extractelement <2 x i32> %lanes, i32 0
           %lane1 = extractelement <2 x i32> %lanes, i32 1
           ret void
         }",
    );
    assert!(t.clean("ok") && t.clean("vok"));
    assert_eq!(t.source("big"), "shl amount may not be less than the width 32");
    assert_eq!(t.source("var"), "ashr amount may not be less than the width 32");
    assert_eq!(t.mp.poison_elements(t.v("lanes")), 0b10);
    assert!(t.clean("lane0"));
    assert_eq!(t.from("lane1"), t.v("lanes"));
}

#[test]
fn select_phi_and_loops() {
    let t = T::new(
        "define i32 @f(i1 %c, i32 %x, i32 %n) {
         entry:
           %bad = add nuw i32 %x, 1
           %s1 = select i1 %c, i32 %x, i32 %bad
           %cb = icmp eq i32 %bad, 0
           %s2 = select i1 %cb, i32 %x, i32 %n
           %s3 = select i1 %c, i32 %x, i32 poison
           %s4 = select i1 %c, i32 %x, i32 %n
           %s5 = select i1 true, i32 %x, i32 %bad
           %s6 = select i1 false, i32 %x, i32 %bad
           %s7 = select <2 x i1> <i1 true, i1 false>, <2 x i32> poison, <2 x i32> zeroinitializer
           br label %loop
         loop:
           %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
           %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
           %t = xor i32 %i, 1
           %acc.next = add i32 %acc, 1
           %i.next = add nsw i32 %i, 1
           %done = icmp eq i32 %i.next, %n
           br i1 %done, label %exit, label %loop
         exit:
           ret i32 %t
         }",
    );
    assert_eq!(t.from("s1"), t.v("bad"));
    assert_eq!(t.from("cb"), t.v("bad"));
    assert_eq!(t.from("s2"), t.v("cb"));
    assert_eq!(t.source("s3"), "uses the constant `poison`");
    assert!(t.clean("s4"));
    // A constant condition picks one arm (element by element for vectors).
    assert!(t.clean("s5"));
    assert_eq!(t.from("s6"), t.v("bad"));
    assert_eq!(t.mp.poison_elements(t.v("s7")), 0b01);
    // %t is visited before %i.next is known; the fixed point still reaches it.
    assert_eq!(t.from("i"), t.v("i.next"));
    assert_eq!(t.from("t"), t.v("i"));
    assert_eq!(t.from("done"), t.v("i.next"));
    assert!(t.clean("acc") && t.clean("acc.next"));
    assert_eq!(t.mp.trace(t.v("t")), vec![t.v("t"), t.v("i"), t.v("i.next")]);
}

#[test]
fn undef_is_reported_separately() {
    let t = T::new(
        "define void @f(i1 %c, i32 %x) {
         entry:
           %u = add i32 undef, 1
           %v = mul i32 %u, %x
           %fz = freeze i32 %u
           %sel = select i1 undef, i32 %x, i32 1
           %p = add i32 poison, %u
           ret void
         }",
    );
    assert!(t.clean("u") && t.clean("v"));
    assert_eq!(t.mp.may_be(t.v("u")), MayBe::Undef);
    assert_eq!(
        t.mp.undef(t.v("u")),
        Some(&Reason::Source { inst: t.why_inst("u"), message: "uses an undef constant".into() })
    );
    assert_eq!(t.mp.undef(t.v("v")), Some(&Reason::Propagated { from: t.v("u") }));
    assert_eq!(t.mp.may_be(t.v("fz")), MayBe::Defined);
    // An undef condition picks one of the arms: the result is not undef.
    assert_eq!(t.mp.may_be(t.v("sel")), MayBe::Defined);
    assert_eq!(t.mp.may_be(t.v("p")), MayBe::Poison);
}

impl T {
    /// The instruction defining `name`.
    fn why_inst(&self, name: &str) -> Option<Inst> {
        match body(&self.m, "f").values.get(self.v(name)).map(|d| d.def) {
            Some(crate::ir::ValueDef::Inst(i)) => Some(i),
            _ => None,
        }
    }
}

#[test]
fn vector_elements() {
    let t = T::new(
        "define void @f(i32 %x, i32 %i, <4 x i32> %w) {
         entry:
           %ins = insertelement <4 x i32> poison, i32 %x, i64 0
           %splat = shufflevector <4 x i32> %ins, <4 x i32> poison, <4 x i32> zeroinitializer
           %e0 = extractelement <4 x i32> %ins, i64 0
           %e1 = extractelement <4 x i32> %ins, i64 1
           %ev = extractelement <4 x i32> %w, i32 %i
           %eo = extractelement <4 x i32> %w, i32 4
           %iv = insertelement <4 x i32> %w, i32 %x, i32 %i
           %sh = shufflevector <4 x i32> %w, <4 x i32> poison, <4 x i32> <i32 0, i32 5, i32 poison, i32 1>
           %sh0 = extractelement <4 x i32> %sh, i64 0
           %sh3 = extractelement <4 x i32> %sh, i64 3
           %full = insertelement <2 x i32> <i32 poison, i32 7>, i32 %x, i64 0
           ret void
         }",
    );
    assert_eq!(t.source("ins"), "uses the constant `poison`");
    assert_eq!(t.mp.poison_elements(t.v("ins")), 0b1110);
    assert!(t.clean("splat"));
    assert!(t.clean("e0"));
    assert_eq!(t.from("e1"), t.v("ins"));
    assert_eq!(t.source("ev"), "extractelement index may be out of range (vector of 4)");
    assert!(t.source("eo").starts_with("extractelement index"));
    assert!(t.source("iv").starts_with("insertelement index"));
    assert_eq!(t.source("sh"), "shufflevector mask has undef or poison elements");
    // Lane 1 reads lane 1 of the poison operand, lane 2 is a poison mask element.
    assert_eq!(t.mp.poison_elements(t.v("sh")), 0b0110);
    assert!(t.clean("sh0") && t.clean("sh3"));
    assert!(t.clean("full"));
}

#[test]
fn aggregates_built_field_by_field() {
    let t = T::new(
        "define void @f(i32 %a, i32 %b) {
         entry:
           %s1 = insertvalue { i32, i32 } poison, i32 %a, 0
           %s2 = insertvalue { i32, i32 } %s1, i32 %b, 1
           %x0 = extractvalue { i32, i32 } %s1, 0
           %x1 = extractvalue { i32, i32 } %s1, 1
           %y1 = extractvalue { i32, i32 } %s2, 1
           %bad = add nuw i32 %a, %b
           %s3 = insertvalue { i32, i32 } %s2, i32 %bad, 0
           %z0 = extractvalue { i32, i32 } %s3, 0
           %z1 = extractvalue { i32, i32 } %s3, 1
           ret void
         }",
    );
    assert_eq!(t.mp.poison_elements(t.v("s1")), 0b10);
    assert!(t.clean("s2") && t.clean("x0") && t.clean("y1"));
    assert_eq!(t.from("x1"), t.v("s1"));
    assert_eq!(t.from("s3"), t.v("bad"));
    assert_eq!(t.mp.poison_elements(t.v("s3")), 0b01);
    assert_eq!(t.from("z0"), t.v("s3"));
    assert!(t.clean("z1"));
}

#[test]
fn conversions_from_float() {
    let t = T::new(
        "define void @f(double %d) {
         entry:
           %ok = fptosi double 1.500000e+00 to i32
           %neg = fptoui double -1.000000e+00 to i32
           %big = fptosi double 1.000000e+10 to i32
           %edge = fptosi float -1.280000e+02 to i8
           %var = fptoui double %d to i64
           %vec = fptosi <2 x double> <double 1.0, double 3.0e+9> to <2 x i32>
           ret void
         }",
    );
    assert!(t.clean("ok") && t.clean("edge"));
    assert_eq!(t.source("neg"), "fptoui may be out of the range of i32");
    assert_eq!(t.source("big"), "fptosi may be out of the range of i32");
    assert_eq!(t.source("var"), "fptoui may be out of the range of i64");
    assert_eq!(t.mp.poison_elements(t.v("vec")), 0b10);
}

#[test]
fn loads_and_their_metadata() {
    let src = "define void @f(ptr %p) {
         entry:
           %plain = load i32, ptr %p
           %nn = load ptr, ptr %p, !nonnull !0
           %rg = load i8, ptr %p, !range !1
           %nu = load ptr, ptr %p, !nonnull !0, !noundef !0
           %use = add i32 %plain, 1
           ret void
         }
         !0 = !{}
         !1 = !{i8 0, i8 2}";
    let t = T::new(src);
    assert!(t.clean("plain") && t.clean("use"));
    assert_eq!(t.mp.may_be(t.v("plain")), MayBe::Defined);
    assert_eq!(t.source("nn"), "load with !nonnull may read a value that violates it");
    assert_eq!(t.source("rg"), "load with !range may read a value that violates it");
    assert!(t.clean("nu"));
    let t = T::with(src, Options { loads_may_be_poison: true, ..Options::default() });
    assert_eq!(t.source("plain"), "loaded from memory, which may hold poison");
    assert_eq!(t.from("use"), t.v("plain"));
    assert_eq!(
        t.mp.undef(t.v("plain")).and_then(|r| r.message()),
        Some("loaded from memory, which may hold undef")
    );
    assert_eq!(t.mp.may_be(t.v("nu")), MayBe::Defined);
}

#[test]
fn calls_and_intrinsics() {
    let t = T::new(
        "declare i32 @g(i32)
         declare i32 @h(i32 noundef)
         declare nonnull ptr @nn()
         declare noundef i32 @safe(i32)
         declare i32 @llvm.abs.i32(i32, i1 immarg)
         declare i32 @llvm.ctlz.i32(i32, i1 immarg)
         declare i32 @llvm.smax.i32(i32, i32)
         declare i32 @llvm.sshl.sat.i32(i32, i32)
         declare double @llvm.sqrt.f64(double)
         define void @f(i32 %x, double %d) {
         entry:
           %bad = add nsw i32 %x, 1
           %c1 = call i32 @g(i32 %bad)
           %c2 = call i32 @g(i32 %x)
           %c3 = call i32 @h(i32 %bad)
           %c4 = call i32 @g(i32 noundef %bad)
           %c5 = call ptr @nn()
           %c6 = call noundef nonnull ptr @nn()
           %c7 = call i32 @safe(i32 %bad)
           %a1 = call i32 @llvm.abs.i32(i32 %x, i1 true)
           %a2 = call i32 @llvm.abs.i32(i32 %x, i1 false)
           %z1 = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
           %m1 = call i32 @llvm.smax.i32(i32 %x, i32 1)
           %m2 = call i32 @llvm.smax.i32(i32 %bad, i32 1)
           %sh1 = call i32 @llvm.sshl.sat.i32(i32 %x, i32 3)
           %sh2 = call i32 @llvm.sshl.sat.i32(i32 %x, i32 %x)
           %q = call nnan double @llvm.sqrt.f64(double %d)
           %r = call i32 @g(i32 %x), !range !0
           ret void
         }
         !0 = !{i32 0, i32 10}",
    );
    assert_eq!(t.from("c1"), t.v("bad"));
    assert!(t.clean("c2"));
    // Passing poison to a noundef parameter is undefined behaviour, not a poison result.
    assert!(t.clean("c3") && t.clean("c4"));
    assert_eq!(t.source("c5"), "call result may violate its `nonnull` return attribute");
    assert!(t.clean("c6") && t.clean("c7"));
    assert_eq!(t.source("a1"), "llvm.abs of INT_MIN is poison (is_int_min_poison is set)");
    assert!(t.clean("a2"));
    assert_eq!(t.source("z1"), "llvm.ctlz of zero is poison (is_zero_poison is set)");
    assert!(t.clean("m1"));
    assert_eq!(t.from("m2"), t.v("bad"));
    assert!(t.clean("sh1"));
    assert!(t.source("sh2").contains("llvm.sshl.sat.i32 amount"));
    assert_eq!(t.source("q"), "call nnan may see or give a NaN");
    assert_eq!(t.source("r"), "call result may violate its !range");
}

#[test]
fn divisors_do_not_propagate() {
    let t = T::new(
        "define void @f(i32 %x) {
         entry:
           %bad = add nsw i32 %x, 1
           %d1 = sdiv i32 %x, %bad
           %d2 = urem i32 %bad, 7
           ret void
         }",
    );
    assert!(t.clean("d1"));
    assert_eq!(t.from("d2"), t.v("bad"));
}

#[test]
fn in_bounds_geps_of_known_objects() {
    let t = T::new(
        "%pair = type { i32, [4 x i8] }
         @s = constant [3 x i8] c\"hi\\00\"
         define void @f(i64 %i) {
         entry:
           %obj = alloca %pair
           %g1 = getelementptr inbounds [3 x i8], ptr @s, i64 0, i64 1
           %g2 = getelementptr inbounds [3 x i8], ptr @s, i64 0, i64 3
           %g3 = getelementptr inbounds [3 x i8], ptr @s, i64 0, i64 9
           %g4 = getelementptr inbounds %pair, ptr %obj, i32 0, i32 1, i64 2
           %g5 = getelementptr inbounds %pair, ptr %obj, i64 0, i32 1, i64 %i
           %g6 = getelementptr inbounds i8, ptr @s, i64 1
           %c1 = getelementptr i8, ptr getelementptr inbounds ([3 x i8], ptr @s, i64 0, i64 0), i64 1
           %c2 = getelementptr i8, ptr getelementptr inbounds ([3 x i8], ptr @s, i64 0, i64 7), i64 1
           %c3 = add i64 %i, add nsw (i64 ptrtoint (ptr @s to i64), i64 9223372036854775807)
           ret void
         }",
    );
    assert!(t.clean("g1") && t.clean("g2") && t.clean("g4"));
    assert!(t.source("g3").starts_with("getelementptr inbounds"));
    assert!(t.source("g5").starts_with("getelementptr inbounds"));
    // Its source type is not that of @s: not proven.
    assert!(t.source("g6").starts_with("getelementptr inbounds"));
    assert!(t.clean("c1"));
    assert_eq!(
        t.source("c2"),
        "uses a constant expression where getelementptr inbounds may leave its object or wrap"
    );
    assert_eq!(t.source("c3"), "uses a constant expression where add nsw may overflow");
}

#[test]
fn parameters() {
    let src = "define void @f(ptr nonnull %p, ptr noundef nonnull %q, i32 %x, i32 noundef %y, i32 range(i32 0, 4) %r) {
         entry:
           %a = getelementptr i8, ptr %p, i64 1
           %b = add i32 %x, %y
           ret void
         }";
    let t = T::new(src);
    assert_eq!(
        t.source("p"),
        "parameter may violate its `nonnull` attribute (poison is passed instead)"
    );
    assert!(matches!(t.why("p"), Some(Reason::Source { inst: None, .. })));
    assert!(t.source("r").contains("`range`"));
    assert!(t.clean("q") && t.clean("x") && t.clean("y") && t.clean("b"));
    assert_eq!(t.from("a"), t.v("p"));
    let t = T::with(src, Options { args_may_be_poison: true, ..Options::default() });
    assert_eq!(t.source("x"), "the caller may pass poison");
    assert!(t.clean("y") && t.clean("q"));
    assert_eq!(t.from("b"), t.v("x"));
    assert_eq!(t.mp.may_be(t.v("x")), MayBe::Poison);
}

#[test]
fn out_of_range_and_empty_bodies() {
    let m = parse("define void @f() {\nentry:\n  ret void\n}");
    let mp = MayPoison::new(&m, body(&m, "f"));
    let far = Value::new(12345);
    assert!(mp.get(far).is_none() && mp.undef(far).is_none());
    assert_eq!((mp.may_be(far), mp.poison_elements(far)), (MayBe::Defined, 0));
    assert!(mp.trace(far).is_empty());
    let empty = MayPoison::new(&m, &Body::default());
    assert_eq!(empty.iter().count(), 0);
}

#[test]
fn scalable_splats_and_constant_elements() {
    let t = T::new(
        "define void @f(i32 %x, <2 x i32> %w) {
         entry:
           %ins = insertelement <vscale x 4 x i32> poison, i32 %x, i64 0
           %splat = shufflevector <vscale x 4 x i32> %ins, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
           %k = add <vscale x 4 x i32> %splat, splat (i32 1)
           %e2 = extractelement <vscale x 4 x i32> %ins, i64 2
           %bad = add nsw <vscale x 4 x i32> %splat, splat (i32 1)
           %v = add <2 x i32> %w, <i32 1, i32 poison>
           %v0 = extractelement <2 x i32> %v, i64 0
           ret void
         }",
    );
    assert_eq!(t.mp.poison_elements(t.v("ins")), 0b10);
    assert!(t.clean("splat") && t.clean("k"));
    assert_eq!(t.from("e2"), t.v("ins"));
    assert_eq!(t.source("bad"), "add nsw may overflow");
    assert_eq!(t.source("v"), "uses a constant with poison elements");
    assert_eq!(t.mp.poison_elements(t.v("v")), 0b10);
    assert!(t.clean("v0"));
}

#[test]
fn extern_weak_globals_may_be_null() {
    let t = T::new(
        "@w = extern_weak global [4 x i8]
         @d = external global [4 x i8]
         define void @f() {
         entry:
           %a = getelementptr inbounds [4 x i8], ptr @w, i64 0, i64 1
           %b = getelementptr inbounds [4 x i8], ptr @d, i64 0, i64 1
           ret void
         }",
    );
    assert!(t.source("a").starts_with("getelementptr inbounds"));
    assert!(t.clean("b"));
}
