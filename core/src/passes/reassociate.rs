//! `reassociate`: rewrites trees of one commutative, associative integer operation (`add`
//! with `sub`, `mul`, `and`, `or`, `xor`) so that constants combine and equal operands meet,
//! after LLVM's `ReassociatePass` (rank-based operand order).
//!
//! A tree is a root operation and, recursively, the operands that are the same operation
//! (`add`/`sub` together) with no other use. Its leaves are collected with their signs
//! (`sub` negates its right side), then:
//! * `add`: a value added and subtracted cancels (`x + y - x` → `y`); constants sum
//!   (`(x + 3) + (y + 5)` → `(x + y) + 8`);
//! * `mul`: constants multiply (a zero constant makes the tree 0);
//! * `and`/`or`: duplicates go, constants combine (`and` with 0 is 0, `or` with -1 is -1);
//! * `xor`: pairs of equal values cancel, constants combine.
//!
//! The remaining leaves are combined in order of rank (arguments first, then values by the
//! position of their definitions in the function; constants last), the lowest ranks
//! deepest, so the constant ends up outermost. The tree is only rewritten when this leaves
//! fewer operands than it had.
//!
//! Poison and undef: the operations are exact modulo 2^n, and without flags each propagates
//! poison from every operand, so the rewritten tree is poison whenever a remaining leaf is;
//! a cancelled leaf may have been poison, and dropping it only refines the result. Leaves that
//! are literally `undef` or `poison` stop the rewrite (each use of `undef` may differ). The
//! `nsw`/`nuw`/`disjoint` flags of the rewritten trees are dropped, as LLVM does: the new
//! intermediate values are not the ones the flags spoke about.
//!
//! Not done: floating point (even with `reassoc nsz`), distribution (`x*a + x*b` →
//! `x*(a+b)`), reordering a tree only to sort it by rank, vectors, integers wider than 64 bits.

use super::instsimplify::{as_int, int_const, int_width, Worklist};
use super::{with_body, PassResult};
use crate::analysis::known_bits::mask;
use crate::ir::SecondaryMap;
use crate::ir::{Body, GlobalId, Inst, InstData, Module, Opcode, Operand, TypeId, ValueDef};

/// Runs `reassociate` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let mut w = Worklist::new(m, g, body);
        let ranks = Ranks::new(body);
        let mut trees = 0u64;
        let order: Vec<Inst> =
            super::edit::layout_insts(body).into_iter().map(|(_, i)| i).collect();
        for i in order {
            if rewrite(&mut w, m, body, &ranks, i) {
                trees += 1;
            }
        }
        let (_, removed) = w.finish(m, body);
        PassResult::from_stats(vec![("trees rewritten", trees), ("instructions removed", removed)])
    })
}

/// Ranks of values: parameters 1.., instructions by the position of their definition in
/// the layout (a later definition ranks higher); constants 0.
struct Ranks {
    inst: SecondaryMap<Inst, u32>,
}

impl Ranks {
    fn new(body: &Body) -> Ranks {
        let mut inst = SecondaryMap::from_elem(u32::MAX, body.insts.len());
        let base = body.params.len() as u32 + 1;
        for (k, (_, i)) in super::edit::layout_insts(body).into_iter().enumerate() {
            if let Some(r) = inst.get_mut(i) {
                *r = base + k as u32;
            }
        }
        Ranks { inst }
    }
    fn of(&self, body: &Body, o: Operand) -> u32 {
        let Operand::Value(v) = o else { return 0 };
        match body.values.get(v).map(|d| d.def) {
            Some(ValueDef::Param(k)) => k + 1,
            Some(ValueDef::Inst(i)) => self.inst.get(i).copied().unwrap_or(u32::MAX),
            None => u32::MAX,
        }
    }
}

/// The tree operation family of an opcode (`sub` counts as `add`).
fn family(op: Opcode) -> Option<Opcode> {
    match op {
        Opcode::Add | Opcode::Sub => Some(Opcode::Add),
        Opcode::Mul | Opcode::And | Opcode::Or | Opcode::Xor => Some(op),
        _ => None,
    }
}

/// The instruction defining `o` when it is a node of a tree of `fam` with one use.
fn inner_node(w: &mut Worklist, body: &Body, o: Operand, fam: Opcode, ty: TypeId) -> Option<Inst> {
    let Operand::Value(v) = o else { return None };
    let ValueDef::Inst(i) = body.values.get(v)?.def else { return None };
    let d = body.insts.get(i)?;
    (family(d.op) == Some(fam) && d.ty == ty && !w.is_erased(i) && w.use_count(body, v) == 1)
        .then_some(i)
}

/// True when `i` is an inner node of a larger tree (its one use is a node of the same
/// family).
fn is_inner(w: &mut Worklist, body: &Body, i: Inst, fam: Opcode) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let Some(v) = d.result else { return false };
    if w.use_count(body, v) != 1 {
        return false;
    }
    let users = w.live_users(body, v);
    users
        .first()
        .and_then(|&u| body.insts.get(u))
        .is_some_and(|ud| family(ud.op) == Some(fam) && ud.ty == d.ty)
}

fn rewrite(w: &mut Worklist, m: &mut Module, body: &mut Body, ranks: &Ranks, root: Inst) -> bool {
    let Some(d) = body.insts.get(root) else { return false };
    let Some(fam) = family(d.op) else { return false };
    let ty = d.ty;
    let Some(width) = int_width(m, ty) else { return false };
    if width > 64 || w.is_erased(root) || is_inner(w, body, root, fam) {
        return false;
    }
    // Unreachable code may be self-referential; it is left alone.
    if !w.block_of(root).is_some_and(|b| w.facts.dt.is_reachable(b)) {
        return false;
    }
    // Linearize.
    let mut nodes = vec![root];
    let mut leaves: Vec<(Operand, bool)> = Vec::new();
    let mut stack: Vec<(Inst, bool)> = vec![(root, false)];
    while let Some((n, neg)) = stack.pop() {
        let Some(nd) = body.insts.get(n) else { return false };
        let (Some(&a), Some(&b)) = (nd.args.first(), nd.args.get(1)) else { return false };
        let bneg = if nd.op == Opcode::Sub { !neg } else { neg };
        for (o, s) in [(a, neg), (b, bneg)] {
            match inner_node(w, body, o, fam, ty) {
                Some(c) if nodes.len() < 64 => {
                    nodes.push(c);
                    stack.push((c, s));
                }
                _ => leaves.push((o, s)),
            }
        }
    }
    let n_in = leaves.len();
    // Combine.
    let full = mask(width);
    let mut konst: u64 = match fam {
        Opcode::Mul => 1,
        Opcode::And => full,
        _ => 0,
    };
    let mut vals: Vec<(Operand, i64)> = Vec::new();
    let mut n_const = 0;
    for (o, neg) in leaves {
        if let Operand::Const(_) = o {
            let Some(c) = as_int(m, o).map(|v| v.low_u64()) else { return false };
            n_const += 1;
            konst = match fam {
                Opcode::Add if neg => konst.wrapping_sub(c),
                Opcode::Add => konst.wrapping_add(c),
                Opcode::Mul => konst.wrapping_mul(c),
                Opcode::And => konst & c,
                Opcode::Or => konst | c,
                _ => konst ^ c,
            } & full;
            continue;
        }
        let delta = if neg { -1 } else { 1 };
        match vals.iter_mut().find(|(v, _)| *v == o) {
            Some((_, k)) => *k += delta,
            None => vals.push((o, delta)),
        }
    }
    let absorbing = match fam {
        Opcode::Mul | Opcode::And => konst == 0 && n_const > 0,
        Opcode::Or => konst == full && n_const > 0,
        _ => false,
    };
    let identity = match fam {
        Opcode::Mul => konst == 1,
        Opcode::And => konst == full,
        _ => konst == 0,
    };
    // The leaves that remain, with their multiplicity.
    let mut pos: Vec<Operand> = Vec::new();
    let mut negs: Vec<Operand> = Vec::new();
    if !absorbing {
        for &(o, k) in &vals {
            let times = match fam {
                Opcode::Add | Opcode::Mul => k.unsigned_abs() as usize,
                Opcode::And | Opcode::Or => 1,
                _ => (k.unsigned_abs() % 2) as usize,
            };
            for _ in 0..times.min(64) {
                if k < 0 {
                    negs.push(o);
                } else {
                    pos.push(o);
                }
            }
        }
    }
    let n_out = pos.len() + negs.len() + usize::from(!identity || absorbing);
    if n_out >= n_in {
        return false;
    }
    pos.sort_by_key(|&o| ranks.of(body, o));
    negs.sort_by_key(|&o| ranks.of(body, o));
    // Emit before the root.
    let mut acc: Option<Operand> = None;
    let emit = |w: &mut Worklist,
                body: &mut Body,
                op: Opcode,
                a: Operand,
                b: Operand|
     -> Option<Operand> {
        w.insert_before(body, root, InstData::new(op, ty, vec![a, b])).map(Operand::Value)
    };
    let result = if absorbing {
        int_const(m, ty, konst)
    } else {
        for o in pos {
            acc = Some(match acc {
                None => o,
                Some(a) => match emit(w, body, fam, a, o) {
                    Some(v) => v,
                    None => return false,
                },
            });
        }
        for o in negs {
            let a = match acc {
                Some(a) => a,
                None => int_const(m, ty, 0),
            };
            acc = match emit(w, body, Opcode::Sub, a, o) {
                Some(v) => Some(v),
                None => return false,
            };
        }
        match (acc, identity) {
            (None, _) => int_const(m, ty, konst),
            (Some(a), true) => a,
            (Some(a), false) => {
                let c = int_const(m, ty, konst);
                match emit(w, body, fam, a, c) {
                    Some(v) => v,
                    None => return false,
                }
            }
        }
    };
    // A new final value takes the root's name.
    if let (Operand::Value(nv), Some(old)) = (result, body.insts.get(root).and_then(|d| d.result)) {
        if body.values.get(nv).is_some_and(|vd| vd.name == crate::ir::LocalName::Unnamed) {
            let name = body.values.get_mut(old).map(|vd| std::mem::take(&mut vd.name));
            if let (Some(name), Some(vd)) = (name, body.values.get_mut(nv)) {
                vd.name = name;
            }
        }
    }
    w.replace(body, root, result);
    for n in nodes {
        w.erase(body, n);
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::tests::run_on;

    #[test]
    fn constants_meet_and_values_cancel() {
        let t = run_on(
            r#"
define i32 @f(i32 %x, i32 %y, i32 %z) {
  %a = add nsw i32 %x, 3
  %b = add nsw i32 %y, 5
  %c = add nsw i32 %a, %b
  %d = add i32 %x, %z
  %e = sub i32 %d, %x
  %m = mul i32 %x, 3
  %n = mul i32 %m, 5
  %o = xor i32 %y, %z
  %p = xor i32 %o, %y
  %q = and i32 %z, 12
  %r = and i32 %q, %z
  %s = and i32 %r, 10
  %t1 = add i32 %c, %e
  %t2 = add i32 %n, %p
  %t3 = add i32 %s, %t2
  %u = mul i32 %t1, %t3
  ret i32 %u
}
"#,
            super::run,
        );
        assert!(t.contains("add i32 %x, %y") && t.contains(", 8"), "{t}");
        assert!(t.contains("mul i32 %x, 15"), "{t}");
        assert!(t.contains("and i32 %z, 8"), "{t}");
        assert!(!t.contains("nsw") && !t.contains("xor"), "{t}");
    }

    #[test]
    fn shared_nodes_stay() {
        let t = run_on(
            r#"
define i32 @f(i32 %x) {
  %a = add i32 %x, 3
  %b = add i32 %a, 4
  %c = mul i32 %a, %b
  ret i32 %c
}
"#,
            super::run,
        );
        assert!(t.contains("%b = add i32 %a, 4"), "{t}");
    }
}
