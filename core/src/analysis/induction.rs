//! Induction variables and exit tests of a loop in simplified form (a preheader and a single
//! latch), the part of LLVM's `InductionDescriptor` and SCEV trip-count reasoning the loop
//! passes need.
//!
//! An induction variable is a header phi `%iv = phi [S, %preheader], [%iv.next, %latch]` with
//! `%iv.next = add %iv, C` (C an integer constant, either operand order, up to 64 bits): it
//! takes the values `S`, `S+C`, `S+2C`, ... modulo 2^width, until an `add nsw`/`nuw` wraps,
//! which makes `%iv.next` poison.
//!
//! An exit test is the conditional `br` of an exiting block on `icmp PRED a, b` where one side
//! is an induction variable (`%iv` or its `%iv.next`) and the other is loop invariant (a
//! constant, a parameter, or an instruction outside the loop). It is normalized to "the loop
//! goes on while `iv PRED bound`" (predicate swapped and inverted as needed).

use super::cfg::Cfg;
use super::loops::Loop;
use crate::ir::{
    Block, Body, ConstKind, Extra, Inst, InstFlags, IntPredicate, Module, Opcode, Operand, Value,
    ValueDef,
};

/// An induction variable with a constant step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Induction {
    /// The header phi.
    pub phi: Inst,
    /// Its value.
    pub value: Value,
    /// The value from the preheader.
    pub start: Operand,
    /// `%iv.next`, the value from the latch.
    pub next: Value,
    /// The `add` computing it.
    pub next_inst: Inst,
    /// The step, sign-extended from the width.
    pub step: i64,
    /// The integer width.
    pub width: u32,
    /// The `add`'s `nsw`/`nuw` flags.
    pub flags: InstFlags,
}

/// A loop exit on an induction variable: the loop goes on while `iv PRED bound`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitTest {
    /// The exiting block.
    pub exiting: Block,
    /// The index of the induction variable in the list given.
    pub iv: usize,
    /// True when the compared value is `%iv.next` rather than `%iv`.
    pub on_next: bool,
    /// The predicate under which the loop goes on.
    pub pred: IntPredicate,
    /// The loop-invariant side.
    pub bound: Operand,
    /// The successor outside the loop.
    pub exit: Block,
    /// The successor inside the loop.
    pub stay: Block,
    /// The compare.
    pub cmp: Inst,
}

/// The defining instruction of a value.
fn def(body: &Body, v: Value) -> Option<Inst> {
    match body.values.get(v)?.def {
        ValueDef::Inst(i) => Some(i),
        ValueDef::Param(_) => None,
    }
}

/// An integer constant of at most 64 bits, sign-extended, with its width.
pub fn const_int(m: &Module, o: Operand) -> Option<(u32, i64)> {
    let Operand::Const(c) = o else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    let w = m.types.int_bits(m.consts.ty(c))?;
    if w == 0 || w > 64 {
        return None;
    }
    let raw = match m.consts.kind(c) {
        ConstKind::Int(v) => v.low_u64(),
        ConstKind::Zero => 0,
        _ => return None,
    };
    let sh = 64 - w;
    Some((w, ((raw << sh) as i64) >> sh))
}

/// True when `o` does not change while the loop runs: a constant, a parameter, or a value
/// defined by an instruction outside the loop's blocks (`block_of` gives the block of a
/// placed instruction).
pub fn is_invariant(
    body: &Body,
    l: &Loop,
    block_of: &dyn Fn(Inst) -> Option<Block>,
    o: Operand,
) -> bool {
    match o {
        Operand::Const(_) => true,
        Operand::Md(_) => false,
        Operand::Value(v) => match body.values.get(v).map(|d| d.def) {
            Some(ValueDef::Param(_)) => true,
            Some(ValueDef::Inst(i)) => block_of(i).is_some_and(|b| !l.contains(b)),
            None => false,
        },
    }
}

/// The induction variables of the loop's header, given its preheader and single latch.
pub fn inductions(m: &Module, body: &Body, l: &Loop, pre: Block, latch: Block) -> Vec<Induction> {
    let mut out = Vec::new();
    let Some(hd) = body.blocks.get(l.header) else { return out };
    for &phi in &hd.insts {
        let Some(d) = body.insts.get(phi) else { break };
        if d.op != Opcode::Phi {
            break;
        }
        let Extra::Phi(blocks) = &d.extra else { continue };
        let Some(value) = d.result else { continue };
        let (Some(width), true) = (m.types.int_bits(d.ty), blocks.len() == 2) else { continue };
        let entry =
            |b: Block| blocks.iter().position(|&x| x == b).and_then(|k| d.args.get(k)).copied();
        let (Some(start), Some(Operand::Value(next))) = (entry(pre), entry(latch)) else {
            continue;
        };
        let Some(next_inst) = def(body, next) else { continue };
        let Some(nd) = body.insts.get(next_inst) else { continue };
        if nd.op != Opcode::Add || width > 64 {
            continue;
        }
        let (Some(&a), Some(&b)) = (nd.args.first(), nd.args.get(1)) else { continue };
        let step = if a == Operand::Value(value) {
            b
        } else if b == Operand::Value(value) {
            a
        } else {
            continue;
        };
        let Some((_, step)) = const_int(m, step) else { continue };
        out.push(Induction { phi, value, start, next, next_inst, step, width, flags: nd.flags });
    }
    out
}

/// The exit test of `exiting`, when its terminator is a conditional `br` on a compare of an
/// induction variable with a loop-invariant value, one successor in the loop and one outside.
pub fn exit_test(
    body: &Body,
    l: &Loop,
    block_of: &dyn Fn(Inst) -> Option<Block>,
    ivs: &[Induction],
    exiting: Block,
) -> Option<ExitTest> {
    let t = body.insts.get(body.terminator(exiting)?)?;
    let Extra::Br(targets) = &t.extra else { return None };
    let [tt, ff] = targets[..] else { return None };
    let exit_on_true = match (l.contains(tt), l.contains(ff)) {
        (false, true) => true,
        (true, false) => false,
        _ => return None,
    };
    let Operand::Value(c) = *t.args.first()? else { return None };
    let cmp = def(body, c)?;
    let cd = body.insts.get(cmp)?;
    let Extra::ICmp(pred) = cd.extra else { return None };
    let (a, b) = (*cd.args.first()?, *cd.args.get(1)?);
    let find = |o: Operand| -> Option<(usize, bool)> {
        let Operand::Value(v) = o else { return None };
        ivs.iter().enumerate().find_map(|(k, iv)| {
            if iv.value == v {
                Some((k, false))
            } else if iv.next == v {
                Some((k, true))
            } else {
                None
            }
        })
    };
    let (iv, on_next, bound, mut pred) = match (find(a), find(b)) {
        (Some((k, n)), _) if is_invariant(body, l, block_of, b) => (k, n, b, pred),
        (_, Some((k, n))) if is_invariant(body, l, block_of, a) => (k, n, a, swapped(pred)),
        _ => return None,
    };
    if exit_on_true {
        pred = inverse(pred);
    }
    let (exit, stay) = if exit_on_true { (tt, ff) } else { (ff, tt) };
    Some(ExitTest { exiting, iv, on_next, pred, bound, exit, stay, cmp })
}

/// The predicate with its operands swapped (`a < b` as `b > a`).
pub fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        Eq => Eq,
        Ne => Ne,
        Ugt => Ult,
        Uge => Ule,
        Ult => Ugt,
        Ule => Uge,
        Sgt => Slt,
        Sge => Sle,
        Slt => Sgt,
        Sle => Sge,
    }
}

/// The negated predicate (`a < b` as `!(a >= b)`).
pub fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        Eq => Ne,
        Ne => Eq,
        Ugt => Ule,
        Uge => Ult,
        Ult => Uge,
        Ule => Ugt,
        Sgt => Sle,
        Sge => Slt,
        Slt => Sge,
        Sle => Sgt,
    }
}

/// True when the exit test ends the loop after finitely many iterations or makes it undefined
/// behaviour, provided the test runs on every iteration (its block dominates the latch):
/// * with `nsw` or `nuw` on the step, the variable takes at most 2^width values before the
///   `add` wraps and gives poison, and a branch on a compare of poison is undefined behaviour
///   (a poison `%iv.next` reaches `%iv` through the phi one iteration later);
/// * otherwise, with an odd step the variable takes every value modulo 2^width, so a test that
///   is false for some value ends the loop: `eq`, `ne` and the strict orders are false at the
///   bound (or next to it), and a non-strict order against a constant that is not the end of
///   its range is false just past it.
pub fn test_is_finite(m: &Module, iv: &Induction, t: &ExitTest) -> bool {
    if iv.step == 0 {
        return false;
    }
    if iv.flags.has(InstFlags::NSW) || iv.flags.has(InstFlags::NUW) {
        return true;
    }
    if iv.step % 2 == 0 {
        return false;
    }
    use IntPredicate::*;
    match t.pred {
        Eq | Ne | Slt | Sgt | Ult | Ugt => true,
        Sle | Sge | Ule | Uge => {
            let Some((w, k)) = const_int(m, t.bound) else { return false };
            let smax = if w == 64 { i64::MAX } else { (1i64 << (w - 1)) - 1 };
            let smin = -smax - 1;
            let umax = -1i64; // all ones, sign-extended
            match t.pred {
                Sle => k != smax,
                Sge => k != smin,
                Ule => k != umax,
                _ => k != 0,
            }
        }
    }
}

/// True when block `b` runs on every iteration of the loop: it dominates the latch.
pub fn runs_every_iteration(cfg: &Cfg, dt: &super::DomTree, latch: Block, b: Block) -> bool {
    cfg.in_layout(b) && dt.dominates(b, latch)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{block, body, graphs, parse, value};
    use super::super::LoopForest;
    use super::*;

    /// The induction variables and the latch's exit test of the only loop of `@f`.
    fn analyze(src: &str) -> (Module, Vec<Induction>, Option<ExitTest>) {
        let m = parse(src);
        let (ivs, test) = {
            let f = body(&m, "f");
            let (cfg, dt) = graphs(f);
            let lf = LoopForest::new(&cfg, &dt);
            let l = lf.loops().first().expect("one loop").clone();
            let (pre, latch) = (block(&m, f, "entry"), block(&m, f, "loop"));
            let ivs = inductions(&m, f, &l, pre, latch);
            let block_of = crate::ir::uses::inst_blocks(f);
            let test = exit_test(f, &l, &|i| block_of[i], &ivs, latch);
            (ivs, test)
        };
        (m, ivs, test)
    }

    fn src(step: &str, flags: &str, cmp: &str, exit_first: bool) -> String {
        let targets =
            if exit_first { "label %exit, label %loop" } else { "label %loop, label %exit" };
        format!(
            "define void @f(i32 %n) {{
             entry:
               br label %loop
             loop:
               %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
               %j = phi i32 [ 7, %entry ], [ %j.next, %loop ]
               %j.next = mul i32 %j, 3
               %i.next = add {flags} i32 %i, {step}
               %c = icmp {cmp}
               br i1 %c, {targets}
             exit:
               ret void
             }}"
        )
    }

    #[test]
    fn inductions_and_normalized_tests() {
        let (m, ivs, test) = analyze(&src("1", "nsw", "slt i32 %i.next, %n", false));
        // %j steps by multiplication: not an induction variable.
        assert_eq!(ivs.len(), 1);
        let f = body(&m, "f");
        let iv = &ivs[0];
        assert_eq!(
            (iv.value, iv.next, iv.step, iv.width),
            (value(&m, f, "i"), value(&m, f, "i.next"), 1, 32)
        );
        assert!(iv.flags.has(InstFlags::NSW));
        let t = test.expect("an exit test");
        assert!(t.on_next);
        assert_eq!(t.pred, IntPredicate::Slt);
        assert!(test_is_finite(&m, iv, &t));
        // The bound on the left and the exit on true: "goes on while !(n sle i)", i.e. i slt n.
        let (_, _, test) = analyze(&src("1", "", "sle i32 %n, %i", true));
        let t = test.expect("an exit test");
        assert!(!t.on_next);
        assert_eq!(t.pred, IntPredicate::Slt);
    }

    #[test]
    fn finiteness() {
        let finite = |step: &str, flags: &str, cmp: &str| {
            let (m, ivs, test) = analyze(&src(step, flags, cmp, false));
            let t = test.expect("an exit test");
            test_is_finite(&m, &ivs[t.iv], &t)
        };
        // Flag-free odd steps meet every value: strict and equality tests end.
        assert!(finite("1", "", "ne i32 %i.next, %n"));
        assert!(finite("3", "", "ult i32 %i.next, %n"));
        // A non-strict test against a variable may hold for every value (%n = INT_MAX).
        assert!(!finite("1", "", "sle i32 %i.next, %n"));
        // ... but not against a constant short of the end of the range.
        assert!(finite("1", "", "sle i32 %i.next, 100"));
        assert!(!finite("1", "", "sle i32 %i.next, 2147483647"));
        // An even step may skip the bound.
        assert!(!finite("2", "", "ne i32 %i.next, %n"));
        // A no-wrap flag ends it either way (or the wrap is poison and the branch UB).
        assert!(finite("2", "nsw", "ne i32 %i.next, %n"));
        assert!(finite("1", "nuw", "sle i32 %i.next, %n"));
    }
}
