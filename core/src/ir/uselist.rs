//! Use-list order: the order of a value's uses, as LLVM keeps it in memory, and the orders
//! its two readers create uses in.
//!
//! LLVM keeps each value's uses in a list; passes that walk `users()` (and `llvm-dis`'s
//! `; preds =` comments) see that order. A reader creates the uses of a value in a *default*
//! order that can be predicted from the module alone, and each reader predicts it differently
//! (text parses users in written order, bitcode reads global values, initializers and function
//! bodies in its own order). A module's use-list order is one permutation per value; a
//! `uselistorder` directive ([`super::module::UseListOrder`]) stores it as the shuffle from the text reader's
//! default, a `USELIST_BLOCK` record as the shuffle from the bitcode reader's default. In both,
//! `indexes[i]` is where the `i`-th use of the default order goes.
//!
//! Both predictions sort uses by their user's place in the reader's creation order and, for two
//! uses by one user, by operand number ([`UseKey`], [`predict`]): uses by users created after
//! the value come first, newest first (each new use goes to the front of the list); uses by
//! users created before it (forward references, resolved by replacing a placeholder, which
//! reverses them) follow, oldest first. Blocks are never forward-referenced through a
//! placeholder, so all their uses are newest first.
//!
//! Covered here ([`FnUses::convert`]): arguments and instruction results (their users are the
//! instructions of their function, which both readers create in the same order, so both
//! defaults agree), and blocks (users: terminators, and the block's `blockaddress`: when only
//! global initializers refer to it, both readers create that use first; when only
//! instructions of its own function do, just before the first of them); global values and
//! constants in [`GlobalUses`]. A block whose `blockaddress` both initializers and
//! instructions, or instructions of another function, use is not covered, nor are
//! `blockaddress` constants: the conversions answer `None` for them.

use super::constants::{ConstId, ConstKind};
use super::entity::{EntityRef, SecondaryMap};
use super::function::{Block, Body, Value, ValueDef};
use super::inst::{Clause, Extra, InstData, Operand};
use super::module::{GlobalId, GlobalKind, Module, UseListTarget};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

mod global;
pub use global::{is_data_sequential, llvm_const_operands, GlobalUses, ModuleValue};

/// One use: its user's place in creation order, and the operand number within that user.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UseKey {
    /// The user's place (instructions of a function: 2, 4, ... in layout order; a block's
    /// `blockaddress`: 0 when initializers use it, else the place before its first user's).
    pub user: u32,
    /// LLVM's operand number of the use within its user.
    pub operand: u32,
}

/// A reader whose default use order is predicted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The text parser (`llvm-as`, [`crate::text::parse`]).
    Text,
    /// The bitcode reader (`llvm-dis`, [`crate::bitcode::read`]).
    Bitcode,
}

/// An operand of an instruction as LLVM numbers them: values, and the successor blocks of
/// terminators (a `phi`'s incoming blocks are not operands).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UseOp {
    /// A value operand.
    Op(Operand),
    /// A successor block.
    Block(Block),
}

/// The operands of `d` in LLVM's operand order (calls: arguments, bundle inputs, the
/// destinations of `invoke`/`callbr`, then the callee; `br`: the condition, the false
/// destination, then the true one; `switch`: condition, default, then value/destination pairs;
/// `shufflevector`: the two vectors, not the mask).
pub fn llvm_operands(d: &InstData) -> Vec<UseOp> {
    let args = &d.args[..];
    let ops = |s: &[Operand]| s.iter().map(|&o| UseOp::Op(o)).collect::<Vec<_>>();
    let mut out = Vec::with_capacity(args.len() + 2);
    match &d.extra {
        Extra::Call(ci) | Extra::Invoke(ci, ..) | Extra::CallBr(ci, ..) => {
            let (callee, rest) = match args.split_first() {
                Some((c, r)) => (Some(*c), r),
                None => (None, args),
            };
            out.extend(ops(rest));
            for b in ci.bundles.iter() {
                out.extend(ops(&b.inputs));
            }
            match &d.extra {
                Extra::Invoke(_, n, u) => out.extend([UseOp::Block(*n), UseOp::Block(*u)]),
                Extra::CallBr(_, dflt, others) => {
                    out.push(UseOp::Block(*dflt));
                    out.extend(others.iter().map(|&b| UseOp::Block(b)));
                }
                _ => {}
            }
            out.extend(callee.map(UseOp::Op));
        }
        Extra::Br(b) => {
            out.extend(ops(args));
            if args.is_empty() {
                out.extend(b.iter().map(|&b| UseOp::Block(b)));
            } else {
                out.extend(b.iter().rev().map(|&b| UseOp::Block(b)));
            }
        }
        Extra::Switch { default, cases } => {
            out.extend(ops(args));
            out.push(UseOp::Block(*default));
            for &(c, b) in cases.iter() {
                out.push(UseOp::Op(Operand::Const(c)));
                out.push(UseOp::Block(b));
            }
        }
        Extra::IndirectBr(b) => {
            out.extend(ops(args));
            out.extend(b.iter().map(|&b| UseOp::Block(b)));
        }
        Extra::CatchSwitch { handlers, unwind } => {
            out.extend(ops(args));
            out.extend(unwind.map(UseOp::Block));
            out.extend(handlers.iter().map(|&b| UseOp::Block(b)));
        }
        Extra::CatchRet(b) => {
            out.extend(ops(args));
            out.push(UseOp::Block(*b));
        }
        Extra::CleanupRet(u) => {
            out.extend(ops(args));
            out.extend(u.map(UseOp::Block));
        }
        Extra::LandingPad(clauses) => {
            out.extend(ops(args));
            for c in clauses.iter() {
                match *c {
                    Clause::Catch(o) | Clause::Filter(o) => out.push(UseOp::Op(o)),
                }
            }
        }
        // The mask is not an operand (LLVM keeps it as integers).
        _ if d.op == crate::ir::Opcode::ShuffleVector => {
            out.extend(ops(args.get(..2).unwrap_or(args)))
        }
        _ => out.extend(ops(args)),
    }
    out
}

/// The order a reader creates the uses in `uses` (any order) of a value whose own place in
/// creation order is `id`: users after `id` newest first, then, when `reversed`
/// (placeholder-resolved forward references), users at or before `id` oldest first (without
/// `reversed` all newest first). LLVM's `predictValueUseListOrderImpl`.
pub fn predict(uses: &[UseKey], id: u32, reversed: bool) -> Vec<UseKey> {
    let mut v = uses.to_vec();
    v.sort_by(|l, r| {
        use std::cmp::Ordering::*;
        let early = |u: &UseKey| reversed && u.user <= id;
        if l.user != r.user {
            if l.user < r.user {
                if early(r) {
                    Less
                } else {
                    Greater
                }
            } else if early(l) {
                Greater
            } else {
                Less
            }
        } else if early(l) {
            l.operand.cmp(&r.operand)
        } else {
            r.operand.cmp(&l.operand)
        }
    });
    v
}

/// Whether `indexes` is a permutation of `0..n`.
pub fn is_permutation(indexes: &[u32], n: usize) -> bool {
    if indexes.len() != n {
        return false;
    }
    let mut seen = vec![false; n];
    for &i in indexes {
        match seen.get_mut(i as usize) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    true
}

/// The in-memory order a shuffle makes of `default`: the use at `default[i]` goes to
/// `indexes[i]`. `None` unless `indexes` is a permutation of `0..default.len()`.
pub fn apply<T: Copy>(default: &[T], indexes: &[u32]) -> Option<Vec<T>> {
    if !is_permutation(indexes, default.len()) {
        return None;
    }
    let mut out = default.to_vec();
    for (u, &i) in default.iter().zip(indexes) {
        *out.get_mut(i as usize)? = *u;
    }
    Some(out)
}

/// The shuffle that makes `in_memory` of `default` (as [`apply`] reads it): empty when they
/// are equal, `None` when they are not the same uses.
pub fn shuffle<T: Copy + Eq + std::hash::Hash>(default: &[T], in_memory: &[T]) -> Option<Vec<u32>> {
    if default.len() != in_memory.len() {
        return None;
    }
    if default == in_memory {
        return Some(Vec::new());
    }
    let at: HashMap<T, u32> = in_memory.iter().enumerate().map(|(i, &u)| (u, i as u32)).collect();
    if at.len() != in_memory.len() {
        return None;
    }
    default.iter().map(|u| at.get(u).copied()).collect()
}

/// The uses of one function's values and blocks, each list in creation order (user, then
/// operand).
#[derive(Clone, Debug)]
pub struct FnUses {
    /// The function.
    pub func: GlobalId,
    /// Each argument's and instruction result's uses.
    pub values: SecondaryMap<Value, Vec<UseKey>>,
    /// Each value's own place: 0 for arguments, the instruction's place for results.
    pub value_place: SecondaryMap<Value, u32>,
    /// Each block's uses (its `blockaddress`, when global initializers refer to it, as user 0).
    pub blocks: SecondaryMap<Block, Vec<UseKey>>,
    /// Blocks whose `blockaddress` another function's instructions, or both initializers and
    /// instructions, use (not covered).
    pub uncovered_blocks: HashSet<Block>,
}

/// Where the module refers to `blockaddress` constants: from global initializers (aliasees
/// and resolvers too), or from instructions of their own function or of another.
#[derive(Clone, Debug, Default)]
pub struct BlockAddressRefs {
    /// `(function, block)` whose `blockaddress` a global initializer refers to.
    pub from_inits: HashSet<(GlobalId, Block)>,
    /// `(function, block)` whose `blockaddress` an instruction of that function refers to.
    pub from_own_insts: HashSet<(GlobalId, Block)>,
    /// `(function, block)` whose `blockaddress` an instruction of another function refers to.
    pub from_other_insts: HashSet<(GlobalId, Block)>,
}

/// The constants among `c` and its operands (each once, `seen` kept across calls).
fn walk_const(m: &Module, c: ConstId, seen: &mut HashSet<ConstId>, mut each: impl FnMut(ConstId)) {
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        if !seen.insert(c) || c.index() >= m.consts.len() {
            continue;
        }
        each(c);
        stack.extend(llvm_const_operands(m, c));
    }
}

/// The `blockaddress` (function, block) of constant `c`, if it is one.
fn block_address(m: &Module, c: ConstId) -> Option<(GlobalId, Block)> {
    match *m.consts.kind(c) {
        ConstKind::BlockAddress { func, block } => Some((func, block)),
        _ => None,
    }
}

impl BlockAddressRefs {
    /// Finds them in `m`.
    pub fn of(m: &Module) -> BlockAddressRefs {
        let mut r = BlockAddressRefs::default();
        if m.consts.iter().all(|(_, d)| !matches!(d.kind, ConstKind::BlockAddress { .. })) {
            return r;
        }
        let mut seen = HashSet::default();
        for &g in &m.order {
            let Some(gv) = m.globals.get(g) else { continue };
            let c = match &gv.kind {
                GlobalKind::Var(v) => v.init,
                GlobalKind::Alias { aliasee: c, .. } | GlobalKind::IFunc { resolver: c, .. } => {
                    Some(*c)
                }
                _ => None,
            };
            if let Some(c) = c {
                walk_const(m, c, &mut seen, |c| {
                    r.from_inits.extend(block_address(m, c));
                });
            }
        }
        for &g in &m.order {
            let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { continue };
            let mut seen = HashSet::default();
            for (_, i) in super::uses::layout_insts(body) {
                let Some(d) = body.insts.get(i) else { continue };
                for op in llvm_operands(d) {
                    if let UseOp::Op(Operand::Const(c)) = op {
                        walk_const(m, c, &mut seen, |c| match block_address(m, c) {
                            Some(ba) if ba.0 == g => {
                                r.from_own_insts.insert(ba);
                            }
                            Some(ba) => {
                                r.from_other_insts.insert(ba);
                            }
                            None => {}
                        });
                    }
                }
            }
        }
        r
    }
}

impl FnUses {
    /// The uses in the body of function `g` (`None` for a declaration).
    pub fn of(m: &Module, g: GlobalId, refs: &BlockAddressRefs) -> Option<FnUses> {
        let body: &Body = m.func(g)?.body.as_ref()?;
        let mut values = SecondaryMap::from_elem(Vec::new(), body.values.len());
        let mut value_place = SecondaryMap::from_elem(0u32, body.values.len());
        let mut blocks = SecondaryMap::from_elem(Vec::new(), body.blocks.len());
        let mut uncovered_blocks = HashSet::default();
        // A block's `blockaddress` in an instruction of its function is a use made just
        // before that instruction's (instructions take the even places).
        let mut own = HashSet::default();
        for &b in &body.layout {
            let key = (g, b);
            let (inits, insts) =
                (refs.from_inits.contains(&key), refs.from_own_insts.contains(&key));
            if refs.from_other_insts.contains(&key) || inits && insts {
                uncovered_blocks.insert(b);
            } else if inits {
                if let Some(l) = blocks.get_mut(b) {
                    l.push(UseKey { user: 0, operand: 0 });
                }
            } else if insts {
                own.insert(b);
            }
        }
        let mut seen = HashSet::default();
        for (n, (_, i)) in super::uses::layout_insts(body).into_iter().enumerate() {
            let Some(d) = body.insts.get(i) else { continue };
            let user = 2 * (n as u32 + 1);
            if let Some(r) = d.result {
                if let Some(p) = value_place.get_mut(r) {
                    *p = user;
                }
            }
            for (k, op) in llvm_operands(d).into_iter().enumerate() {
                let key = UseKey { user, operand: k as u32 };
                let list = match op {
                    UseOp::Op(Operand::Value(v)) => values.get_mut(v),
                    UseOp::Block(b) => blocks.get_mut(b),
                    UseOp::Op(Operand::Const(c)) if !own.is_empty() => {
                        walk_const(m, c, &mut seen, |c| match block_address(m, c) {
                            Some((f, b)) if f == g && own.contains(&b) => {
                                if let Some(l) = blocks.get_mut(b) {
                                    l.push(UseKey { user: user - 1, operand: 1 });
                                }
                            }
                            _ => {}
                        });
                        None
                    }
                    _ => None,
                };
                if let Some(l) = list {
                    l.push(key);
                }
            }
        }
        // Arguments come before every instruction (place 0); results of removed
        // instructions keep 0 too and have no uses in the layout.
        for (v, d) in body.values.iter() {
            if let ValueDef::Param(_) = d.def {
                if let Some(p) = value_place.get_mut(v) {
                    *p = 0;
                }
            }
        }
        Some(FnUses { func: g, values, value_place, blocks, uncovered_blocks })
    }

    /// The order `reader` creates the uses of `target` in, when it is covered (a value or
    /// block of this function, see the module documentation).
    pub fn default_order(&self, target: UseListTarget, reader: Reader) -> Option<Vec<UseKey>> {
        // Both readers create instructions, and so uses of arguments, results and blocks, in
        // layout order; a block's global-initializer `blockaddress` is created before its
        // function's body by both. So the two predictions agree for what is covered here.
        let _ = reader;
        match target {
            UseListTarget::Local(v) => {
                let uses = self.values.get(v)?;
                Some(predict(uses, *self.value_place.get(v)?, true))
            }
            UseListTarget::Block(g, b) if g == self.func => {
                if self.uncovered_blocks.contains(&b) {
                    return None;
                }
                Some(predict(self.blocks.get(b)?, 0, false))
            }
            _ => None,
        }
    }

    /// `indexes` (a shuffle of `from`'s default order of `target`'s uses) as a shuffle of
    /// `to`'s: empty when `to`'s default already is that order; `None` when `target` is not
    /// covered or `indexes` is not a permutation of its uses.
    pub fn convert(
        &self,
        target: UseListTarget,
        indexes: &[u32],
        from: Reader,
        to: Reader,
    ) -> Option<Vec<u32>> {
        let in_memory = apply(&self.default_order(target, from)?, indexes)?;
        shuffle(&self.default_order(target, to)?, &in_memory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(user: u32, operand: u32) -> UseKey {
        UseKey { user, operand }
    }

    #[test]
    fn predict_matches_llvm_example() {
        // LLVM's comment: "If ID is 4, then expect: 7 6 5 1 2 3."
        let uses: Vec<UseKey> = [1, 2, 3, 5, 6, 7].iter().map(|&u| k(u, 0)).collect();
        let got: Vec<u32> = predict(&uses, 4, true).iter().map(|u| u.user).collect();
        assert_eq!(got, [7, 6, 5, 1, 2, 3]);
        let got: Vec<u32> = predict(&uses, 4, false).iter().map(|u| u.user).collect();
        assert_eq!(got, [7, 6, 5, 3, 2, 1]);
    }

    #[test]
    fn predict_orders_operands_of_one_user() {
        // After the value: higher operand first; a forward reference: lower operand first.
        let uses = [k(5, 0), k(5, 1), k(2, 0), k(2, 1)];
        assert_eq!(predict(&uses, 3, true), [k(5, 1), k(5, 0), k(2, 0), k(2, 1)]);
    }

    fn module(src: &str) -> Module {
        match crate::text::parse(src).module {
            Some(m) => m,
            None => panic!("the test module does not parse"),
        }
    }

    #[test]
    fn local_defaults_put_forward_references_last() {
        // Places: `br` 2, %i 4, %n 6, %m 8, %o 10, `br i1` 12, `ret` 14. %n's users: %i (a
        // forward reference, operand 1), %m, and %o twice. Default: the users after %n newest
        // first (higher operand first), then the phi.
        let m = module(
            "define i32 @f(i1 %c) {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 0, %entry ], [ %n, %l ]\n  \
             %n = add i32 %i, 1\n  %m = add i32 %n, 2\n  %o = add i32 %n, %n\n  br i1 %c, label %l, label %x\nx:\n  ret i32 %m\n}\n",
        );
        let g = m.global_by_name("f").unwrap_or_else(|| panic!("no @f"));
        let fu = FnUses::of(&m, g, &BlockAddressRefs::of(&m)).unwrap_or_else(|| panic!("no body"));
        let body = m.func(g).and_then(|f| f.body.as_ref()).unwrap_or_else(|| panic!("no body"));
        let sym = m.symbols.lookup("n").map(super::super::function::LocalName::Named);
        let n = body.values.iter().find(|(_, d)| Some(d.name) == sym).map(|(v, _)| v);
        let target = UseListTarget::Local(n.unwrap_or_else(|| panic!("no %n")));
        let got = fu.default_order(target, Reader::Text).unwrap_or_default();
        assert_eq!(got, [k(10, 1), k(10, 0), k(8, 0), k(4, 1)]);
        assert_eq!(fu.default_order(target, Reader::Bitcode), Some(got));
        // %l: `br label %l` (operand 0) and the true destination of `br i1` (operand 2).
        let l = body.layout.get(1).copied().unwrap_or_else(|| panic!("no %l"));
        let order = fu.default_order(UseListTarget::Block(g, l), Reader::Text);
        assert_eq!(order, Some(vec![k(12, 2), k(2, 0)]));
        // A shuffle converts to itself, and one that does not fit is refused.
        assert_eq!(
            fu.convert(target, &[1, 0, 3, 2], Reader::Text, Reader::Bitcode),
            Some(vec![1, 0, 3, 2])
        );
        assert_eq!(fu.convert(target, &[1, 0], Reader::Text, Reader::Bitcode), None);
    }

    #[test]
    fn global_uses_and_their_home_function() {
        // @g is used by @p's initializer (text place before every instruction) and by two
        // loads. Text: newest first; bitcode numbers globals and their initializers
        // first too, so the two agree here, and a shuffle converts to itself.
        let m = module(
            "@g = global i32 0\n@p = global ptr @g\ndefine i32 @f() {\n  %a = load i32, ptr @g\n  %b = load i32, ptr @g\n  ret i32 %b\n}\n",
        );
        let g = m.global_by_name("g").unwrap_or_else(|| panic!("no @g"));
        let gu = GlobalUses::of(&m);
        let g = ModuleValue::Global(g);
        let text = gu.default_order(g, Reader::Text).unwrap_or_default();
        assert_eq!(text.len(), 3);
        assert_eq!(gu.default_order(g, Reader::Bitcode), Some(text));
        assert_eq!(gu.convert(g, &[2, 0, 1], Reader::Text, Reader::Bitcode), Some(vec![2, 0, 1]));
        let f = m.global_by_name("f");
        assert_eq!(f.and_then(|f| gu.home(g).map(|h| h == f)), Some(true));
    }

    #[test]
    fn constants_use_what_llvm_keeps_as_operands() {
        // Data arrays and aggregates of nulls use nothing; a mixed vector and a constant
        // expression use their operands; `i32 zeroinitializer` is `i32 0`.
        let m = module(
            "@d = global [2 x i32] [i32 7, i32 8]\n@z = global { i32, ptr } { i32 0, ptr null }\n\
             @v = global <2 x i32> <i32 7, i32 undef>\n@g = global i32 zeroinitializer\n\
             @e = global ptr getelementptr (i8, ptr @g, i64 7)\n",
        );
        let init = |name: &str| {
            let g = m.global_by_name(name).unwrap_or_else(|| panic!("no @{name}"));
            match m.globals.get(g).map(|gv| &gv.kind) {
                Some(GlobalKind::Var(v)) => v.init.unwrap_or_else(|| panic!("no initializer")),
                _ => panic!("@{name} is no variable"),
            }
        };
        assert!(llvm_const_operands(&m, init("d")).is_empty());
        assert!(llvm_const_operands(&m, init("z")).is_empty());
        assert_eq!(llvm_const_operands(&m, init("v")).len(), 2);
        assert_eq!(llvm_const_operands(&m, init("e")).len(), 2);
        let zero = ConstKind::Int(crate::ir::apint::ApInt::zero(32));
        let zero = m.consts.lookup(crate::ir::types::TypeId::I32, zero);
        assert_eq!(zero.map(|z| global::canonical(&m, init("g")) == z), Some(true));
    }

    #[test]
    fn apply_and_shuffle_are_inverse() {
        let default = [k(3, 0), k(2, 0), k(1, 0)];
        // `uselistorder ..., { 1, 2, 0 }`: the first default use goes to position 1.
        let mem = apply(&default, &[1, 2, 0]).unwrap_or_default();
        assert_eq!(mem, [k(1, 0), k(3, 0), k(2, 0)]);
        assert_eq!(shuffle(&default, &mem), Some(vec![1, 2, 0]));
        assert_eq!(shuffle(&default, &default), Some(vec![]));
        assert_eq!(apply(&default, &[0, 0, 1]), None);
        assert_eq!(apply(&default, &[0, 1]), None);
        assert_eq!(shuffle(&default, &[k(3, 0), k(2, 0)]), None);
    }
}
