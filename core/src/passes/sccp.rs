//! `sccp`: sparse conditional constant propagation (Wegman–Zadeck) over one function.
//!
//! The solver keeps a lattice value per SSA value — unknown, `poison`, `undef`, one constant,
//! overdefined, in that order from top to bottom — and a set of executable CFG edges. A block is
//! visited once it has an executable incoming edge; a phi merges only the values of its
//! executable incoming edges; a `br`/`switch` whose condition is a known constant makes only the
//! edge it takes executable. When the worklists run dry, the values of executed instructions
//! still unknown (fed only by `undef`) become overdefined and the solver resumes, until nothing
//! is unknown (LLVM's `resolvedUndefsIn`, done the simple way).
//!
//! Then: every value with a constant lattice value is replaced by that constant and its
//! instruction removed; a `br`/`switch` with exactly one executable successor becomes
//! `br label`; blocks never executed are deleted (phi entries fixed).
//!
//! Evaluation (integers of any width, through the interpreter's integer semantics):
//! arithmetic and bitwise operations with their poison-generating flags (`add nsw` that
//! overflows is `poison`, as is `shl` by the width), division (a division by zero or
//! `INT_MIN / -1` is immediate UB: left alone, overdefined), `icmp` (with `samesign`),
//! `trunc`/`zext`/`sext` (with `nuw`/`nsw`/`nneg`), `select`, `freeze` of a non-poison
//! constant, and `phi`; `and x, 0`, `mul x, 0` and `or x, -1` are constant whatever `x` is.
//! Everything else (floats, vectors, memory, calls) is overdefined.
//!
//! Poison and undef, by the LangRef:
//! * a `poison` operand makes the result of an arithmetic operation, a cast, an `icmp` or
//!   `select`'s condition `poison`; a value that is `poison` in the lattice merges with any
//!   constant at a `phi` or `select` (poison may be refined to anything);
//! * `undef` merges with a constant at a `phi` or `select` too (each use of `undef` may be a
//!   different value, so the merged value may be the constant), but an `undef` operand of an
//!   arithmetic operation makes it overdefined: `undef` is not `poison`, and we never produce
//!   `poison` where the source had only `undef`. A phi merging only `undef`s is `undef`;
//! * `freeze` of an integer constant is that constant; `freeze poison`, `freeze undef` and
//!   `freeze` of other constants (which may hold undef elements) are overdefined;
//! * a branch on `undef`/`poison` is immediate UB: we keep every successor executable (sound,
//!   merely less precise than picking one).
//!
//! Not done: interprocedural propagation (that is `ipsccp`), loads from constant globals,
//! floating point, vectors and aggregates, ranges (LLVM 19's SCCP also tracks constant ranges
//! and rewrites `sext` to `zext nneg` and the like).

use super::edit::{
    address_taken_blocks, remove_blocks, remove_insts, replace_uses, set_branch, use_lists,
};
use super::{with_body, PassResult};
use crate::ir::SecondaryMap;
use crate::ir::{
    ApInt, Block, Body, ConstId, ConstKind, Extra, GlobalId, Inst, InstData, InstFlags, Module,
    Opcode, Operand, Value, ValueDef,
};
use crate::semantics::int::{ipred, wbin, Bad, IOp};
use crate::semantics::wide;
use rustc_hash::FxHashSet as HashSet;

/// A lattice value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lv {
    /// Not yet known (top).
    Unknown,
    /// `poison`.
    Poison,
    /// `undef`.
    Undef,
    /// An integer constant.
    Int(ApInt),
    /// Another constant (a global's address, `null`, a float ...).
    Const(ConstId),
    /// More than one value (bottom).
    Over,
}

impl Lv {
    fn level(&self) -> u8 {
        match self {
            Lv::Unknown => 0,
            Lv::Poison => 1,
            Lv::Undef => 2,
            Lv::Int(_) | Lv::Const(_) => 3,
            Lv::Over => 4,
        }
    }
    /// The meet (lower of the two; two different constants are overdefined).
    fn join(self, other: Lv) -> Lv {
        let (la, lb) = (self.level(), other.level());
        if la == 3 && lb == 3 {
            return if self == other { self } else { Lv::Over };
        }
        if la >= lb {
            self
        } else {
            other
        }
    }
    fn is_const(&self) -> bool {
        matches!(self, Lv::Int(_) | Lv::Const(_) | Lv::Poison | Lv::Undef)
    }
}

/// The lattice value of a constant operand (overdefined for values and constant expressions).
pub(crate) fn const_lv(m: &Module, o: Operand) -> Lv {
    match o {
        Operand::Const(c) if m.consts.is_valid(c) => match m.consts.kind(c) {
            ConstKind::Int(a) => Lv::Int(a.clone()),
            ConstKind::Zero | ConstKind::Null => match m.types.int_bits(m.consts.ty(c)) {
                Some(w) => Lv::Int(ApInt::zero(w)),
                None => Lv::Const(c),
            },
            ConstKind::Poison => Lv::Poison,
            ConstKind::Undef => Lv::Undef,
            ConstKind::Expr(_) => Lv::Over,
            _ => Lv::Const(c),
        },
        _ => Lv::Over,
    }
}

struct Solver<'a> {
    m: &'a Module,
    body: &'a Body,
    state: SecondaryMap<Value, Lv>,
    block_exec: SecondaryMap<Block, bool>,
    edges: HashSet<(Block, Block)>,
    users: SecondaryMap<Value, Vec<Inst>>,
    inst_block: SecondaryMap<Inst, Option<Block>>,
    block_work: Vec<Block>,
    inst_work: Vec<Inst>,
}

impl<'a> Solver<'a> {
    fn new(m: &'a Module, body: &'a Body) -> Solver<'a> {
        let mut state = SecondaryMap::from_elem(Lv::Unknown, body.values.len());
        for &p in &body.params {
            if let Some(s) = state.get_mut(p) {
                *s = Lv::Over;
            }
        }
        Solver {
            m,
            body,
            state,
            block_exec: SecondaryMap::from_elem(false, body.blocks.len()),
            edges: HashSet::default(),
            users: use_lists(body),
            inst_block: super::edit::inst_blocks(body),
            block_work: Vec::new(),
            inst_work: Vec::new(),
        }
    }

    fn get(&self, v: Value) -> Lv {
        self.state.get(v).cloned().unwrap_or(Lv::Over)
    }

    /// The lattice value of an operand.
    fn operand(&self, o: Operand) -> Lv {
        match o {
            Operand::Value(v) => self.get(v),
            _ => const_lv(self.m, o),
        }
    }

    fn mark_block(&mut self, b: Block) {
        if let Some(e) = self.block_exec.get_mut(b) {
            if !*e {
                *e = true;
                self.block_work.push(b);
            }
        }
    }

    fn mark_edge(&mut self, from: Block, to: Block) {
        if self.edges.insert((from, to)) {
            if self.block_exec.get(to).copied().unwrap_or(false) {
                // The block already ran: only its phis see the new edge.
                for i in super::edit::phis(self.body, to) {
                    self.inst_work.push(i);
                }
            } else {
                self.mark_block(to);
            }
        }
    }

    fn set(&mut self, v: Value, new: Lv) {
        let Some(old) = self.state.get(v).cloned() else { return };
        let merged = old.clone().join(new);
        if merged != old {
            if let Some(s) = self.state.get_mut(v) {
                *s = merged;
            }
            if let Some(us) = self.users.get(v) {
                self.inst_work.extend(us.iter().copied());
            }
        }
    }

    fn solve(&mut self) {
        loop {
            if let Some(b) = self.block_work.pop() {
                let insts = self.body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
                for i in insts {
                    self.visit(i);
                }
                continue;
            }
            if let Some(i) = self.inst_work.pop() {
                let live = self
                    .inst_block
                    .get(i)
                    .copied()
                    .flatten()
                    .is_some_and(|b| self.block_exec.get(b).copied().unwrap_or(false));
                if live {
                    self.visit(i);
                }
                continue;
            }
            break;
        }
    }

    /// Makes the results of executed instructions that are still unknown overdefined; true when
    /// any was.
    fn resolve_unknowns(&mut self) -> bool {
        let mut any = false;
        for &b in &self.body.layout {
            if !self.block_exec.get(b).copied().unwrap_or(false) {
                continue;
            }
            let Some(bd) = self.body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(d) = self.body.insts.get(i) else { continue };
                if let Some(v) = d.result {
                    if self.get(v) == Lv::Unknown {
                        if let Some(s) = self.state.get_mut(v) {
                            *s = Lv::Over;
                        }
                        if let Some(us) = self.users.get(v) {
                            self.inst_work.extend(us.iter().copied());
                        }
                        any = true;
                    }
                }
            }
        }
        any
    }

    fn visit(&mut self, i: Inst) {
        let Some(d) = self.body.insts.get(i) else { return };
        let Some(b) = self.inst_block.get(i).copied().flatten() else { return };
        if d.op.is_terminator() {
            self.visit_terminator(b, d);
            if let Some(v) = d.result {
                self.set(v, Lv::Over);
            }
            return;
        }
        let Some(v) = d.result else { return };
        let r = match d.op {
            Opcode::Phi => self.eval_phi(b, d),
            _ => eval(self.m, self.body, d, &|o| self.operand(o)),
        };
        self.set(v, r);
    }

    fn visit_terminator(&mut self, b: Block, d: &InstData) {
        let succs = d.successors();
        match (&d.op, &d.extra) {
            (Opcode::Br, Extra::Br(targets)) if targets.len() == 2 => {
                let c = d.args.first().map(|&o| self.operand(o)).unwrap_or(Lv::Over);
                match c {
                    Lv::Unknown => {}
                    Lv::Int(a) => {
                        let t = if a.is_zero() { targets.get(1) } else { targets.first() };
                        if let Some(&t) = t {
                            self.mark_edge(b, t);
                        }
                    }
                    _ => {
                        for s in succs {
                            self.mark_edge(b, s);
                        }
                    }
                }
            }
            (Opcode::Switch, Extra::Switch { default, cases }) => {
                let c = d.args.first().map(|&o| self.operand(o)).unwrap_or(Lv::Over);
                match c {
                    Lv::Unknown => {}
                    Lv::Int(a) => {
                        let hit = cases.iter().find(|(cv, _)| {
                            self.m.consts.is_valid(*cv)
                                && matches!(self.m.consts.kind(*cv), ConstKind::Int(x) if *x == a)
                        });
                        let t = hit.map(|(_, t)| *t).unwrap_or(*default);
                        self.mark_edge(b, t);
                    }
                    _ => {
                        for s in succs {
                            self.mark_edge(b, s);
                        }
                    }
                }
            }
            _ => {
                for s in succs {
                    self.mark_edge(b, s);
                }
            }
        }
    }

    fn eval_phi(&self, b: Block, d: &InstData) -> Lv {
        let Extra::Phi(preds) = &d.extra else { return Lv::Over };
        let mut r = Lv::Unknown;
        for (k, &p) in preds.iter().enumerate() {
            if !self.edges.contains(&(p, b)) {
                continue;
            }
            let Some(&o) = d.args.get(k) else { return Lv::Over };
            r = r.join(self.operand(o));
            if r == Lv::Over {
                break;
            }
        }
        r
    }
}

/// Evaluates a non-phi instruction on the lattice values `operand` gives its operands.
pub(crate) fn eval(m: &Module, body: &Body, d: &InstData, operand: &dyn Fn(Operand) -> Lv) -> Lv {
    match d.op {
        Opcode::Select => {
            let (Some(&c), Some(&t), Some(&f)) = (d.args.first(), d.args.get(1), d.args.get(2))
            else {
                return Lv::Over;
            };
            if m.types.is_vector(m.operand_ty(body, c)) {
                return Lv::Over;
            }
            match operand(c) {
                Lv::Unknown => Lv::Unknown,
                Lv::Poison => Lv::Poison,
                Lv::Int(a) => operand(if a.is_zero() { f } else { t }),
                _ => operand(t).join(operand(f)),
            }
        }
        Opcode::Freeze => match d.args.first().map(|&o| operand(o)) {
            Some(Lv::Unknown) => Lv::Unknown,
            Some(x @ Lv::Int(_)) => x,
            _ => Lv::Over,
        },
        op if IOp::from_opcode(op).is_some()
            || matches!(op, Opcode::ICmp | Opcode::Trunc | Opcode::ZExt | Opcode::SExt) =>
        {
            eval_int(m, body, d, operand)
        }
        _ => Lv::Over,
    }
}

/// Integer arithmetic, comparisons and casts on scalar integers.
fn eval_int(m: &Module, body: &Body, d: &InstData, operand: &dyn Fn(Operand) -> Lv) -> Lv {
    let ops: Vec<Lv> = d.args.iter().map(|&o| operand(o)).collect();
    if ops.contains(&Lv::Unknown) {
        return Lv::Unknown;
    }
    let Some(&a0) = d.args.first() else { return Lv::Over };
    let Some(w) = m.types.int_bits(m.operand_ty(body, a0)) else { return Lv::Over };
    let is_div = IOp::from_opcode(d.op).is_some_and(|o| o.is_div());
    if ops.contains(&Lv::Poison) {
        // A poison divisor is immediate UB; anything else propagates poison.
        return if is_div { Lv::Over } else { Lv::Poison };
    }
    let ints: Vec<&ApInt> = ops
        .iter()
        .filter_map(|x| match x {
            Lv::Int(a) => Some(a),
            _ => None,
        })
        .collect();
    if ints.len() != ops.len() {
        // An absorbing constant decides the result whatever the other operand is (poison
        // included: the result may then be refined to the constant): `and x, 0`, `mul x, 0`,
        // `or x, -1`.
        let absorbing = |a: &ApInt| match d.op {
            Opcode::And | Opcode::Mul => a.is_zero(),
            Opcode::Or => a.is_all_ones(),
            _ => false,
        };
        if let Some(a) = ops.iter().find_map(|x| match x {
            Lv::Int(a) if absorbing(a) => Some(a.clone()),
            _ => None,
        }) {
            if ops.iter().all(|x| matches!(x, Lv::Int(_) | Lv::Over)) {
                return Lv::Int(a);
            }
        }
        return Lv::Over;
    }
    let flags = d.flags.0;
    if let Some(op) = IOp::from_opcode(d.op) {
        let (Some(x), Some(y)) = (ints.first(), ints.get(1)) else { return Lv::Over };
        return match wbin(op, flags, w, x.words(), y.words()) {
            Ok(r) => Lv::Int(ApInt::from_words(w, &r)),
            Err(Bad::Poison(_)) => Lv::Poison,
            Err(Bad::Ub(..)) => Lv::Over,
        };
    }
    let Some(x) = ints.first() else { return Lv::Over };
    let Some(to) = m.types.int_bits(d.ty) else { return Lv::Over };
    match d.op {
        Opcode::ICmp => {
            let (Some(y), Extra::ICmp(p)) = (ints.get(1), &d.extra) else { return Lv::Over };
            if d.flags.has(InstFlags::SAMESIGN)
                && wide::is_neg(x.words(), w) != wide::is_neg(y.words(), w)
            {
                return Lv::Poison;
            }
            let r =
                ipred(*p, wide::cmp_u(x.words(), y.words()), wide::cmp_s(x.words(), y.words(), w));
            Lv::Int(ApInt::from_u64(1, r as u64))
        }
        Opcode::Trunc => {
            let r = wide::zext(x.words(), to);
            if d.flags.has(InstFlags::NUW) && wide::zext(&r, w) != wide::zext(x.words(), w) {
                return Lv::Poison;
            }
            if d.flags.has(InstFlags::NSW) && wide::sext(&r, to, w) != wide::zext(x.words(), w) {
                return Lv::Poison;
            }
            Lv::Int(ApInt::from_words(to, &r))
        }
        Opcode::ZExt => {
            if d.flags.has(InstFlags::NNEG) && wide::is_neg(x.words(), w) {
                return Lv::Poison;
            }
            Lv::Int(ApInt::from_words(to, &wide::zext(x.words(), to)))
        }
        Opcode::SExt => Lv::Int(ApInt::from_words(to, &wide::sext(x.words(), w, to))),
        _ => Lv::Over,
    }
}

/// Runs `sccp` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
        let (state, block_exec, edges) = {
            let mut s = Solver::new(m, body);
            let Some(entry) = body.entry() else { return PassResult::default() };
            s.mark_block(entry);
            for &b in &body.layout {
                if taken.contains(b) {
                    s.mark_block(b);
                }
            }
            for _ in 0..1000 {
                s.solve();
                if !s.resolve_unknowns() {
                    break;
                }
            }
            (s.state, s.block_exec, s.edges)
        };
        let exec = |b: Block| block_exec.get(b).copied().unwrap_or(false);

        // Constants for values.
        let mut repl: SecondaryMap<Value, Option<Operand>> =
            SecondaryMap::from_elem(None, body.values.len());
        let mut dead_inst = SecondaryMap::from_elem(false, body.insts.len());
        let mut replaced = 0u64;
        for (v, vd) in body.values.iter() {
            let ValueDef::Inst(i) = vd.def else { continue };
            let Some(lv) = state.get(v) else { continue };
            if !lv.is_const() {
                continue;
            }
            let Some(d) = body.insts.get(i) else { continue };
            if d.op.is_terminator() || d.op.has_side_effects() {
                continue;
            }
            let c = match lv {
                Lv::Int(a) => m.consts.int(vd.ty, a.clone()),
                Lv::Const(c) => *c,
                Lv::Poison => m.consts.intern(vd.ty, ConstKind::Poison),
                Lv::Undef => m.consts.intern(vd.ty, ConstKind::Undef),
                _ => continue,
            };
            if let Some(slot) = repl.get_mut(v) {
                *slot = Some(Operand::Const(c));
            }
            if let Some(s) = dead_inst.get_mut(i) {
                *s = true;
            }
            replaced += 1;
        }
        if replaced > 0 {
            replace_uses(body, &|v| repl.get(v).copied().flatten());
            remove_insts(&mut m.consts, body, &|i| dead_inst.get(i).copied().unwrap_or(false));
        }

        // Terminators with one executable successor.
        let mut folded = 0u64;
        for b in body.layout.clone() {
            if !exec(b) {
                continue;
            }
            let Some(t) = body.terminator(b) else { continue };
            let Some(d) = body.insts.get(t) else { continue };
            if !matches!(d.op, Opcode::Br | Opcode::Switch) {
                continue;
            }
            let succs = d.successors();
            let mut live: Vec<Block> =
                succs.iter().copied().filter(|&s| edges.contains(&(b, s))).collect();
            live.dedup();
            let distinct: HashSet<Block> = succs.iter().copied().collect();
            if live.len() == 1 && (distinct.len() > 1 || d.op == Opcode::Switch || succs.len() > 1)
            {
                if let Some(&target) = live.first() {
                    if set_branch(body, b, target) {
                        folded += 1;
                    }
                }
            }
        }

        // Blocks never executed.
        let removed = remove_blocks(&mut m.consts, body, &|b| !exec(b)) as u64;
        PassResult::from_stats(vec![
            ("values replaced by constants", replaced),
            ("branches folded", folded),
            ("unexecutable blocks removed", removed),
        ])
    })
}

#[cfg(test)]
mod tests {
    fn opt(src: &str) -> String {
        crate::passes::tests::optimized(src, "sccp")
    }

    #[test]
    fn loop_invariant_constant_and_dead_branch() {
        let out = opt(r#"
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %x = phi i32 [ 1, %entry ], [ %x2, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i2, %latch ]
  %c = icmp eq i32 %x, 1
  br i1 %c, label %latch, label %never
never:
  br label %latch
latch:
  %x2 = phi i32 [ %x, %loop ], [ 2, %never ]
  %i2 = add i32 %i, 1
  %d = icmp slt i32 %i2, %n
  br i1 %d, label %loop, label %exit
exit:
  ret i32 %x2
}
"#);
        assert!(!out.contains("never"), "{out}");
        assert!(out.contains("ret i32 1"), "{out}");
    }

    #[test]
    fn wide_integers_and_poison() {
        let out = opt(r#"
define i128 @f() {
  %a = shl i128 1, 100
  %b = add i128 %a, 5
  ret i128 %b
}
define i8 @g() {
  %a = add nsw i8 127, 1
  ret i8 %a
}
define i32 @h(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ undef, %a ], [ 7, %b ]
  %q = add i32 %p, 1
  ret i32 %q
}
"#);
        assert!(out.contains("ret i128 1267650600228229401496703205381"), "{out}");
        assert!(out.contains("ret i8 poison"), "{out}");
        assert!(out.contains("ret i32 8"), "{out}");
    }
}
