//! Structured control flow from a CFG: Norman Ramsey's "Beyond Relooper" (JFP 2022).
//!
//! ```text
//!  CFG (one Exit per block) ──▶ reverse postorder, dominator tree, loop headers (targets
//!                               of back edges), reducibility: irplay_core's lower::cfg
//!                           ──▶ merge nodes (≥ 2 forward in-edges, or a jump-table target)
//!                           ──▶ do_tree(entry): a list of structured Ops
//! ```
//!
//! `do_tree(x)` wraps `x` in a `loop` when it is a loop header; inside, every child of `x`
//! in the dominator tree that is a merge node gets a `block` whose end is followed by that
//! child's code (children with a higher reverse-postorder number outermost), and the
//! innermost holds `x`'s own code. A branch from `x` to `t` is a `br` to the enclosing
//! `loop` of `t` (a back edge), a `br` to the `block` followed by `t` (a merge node), or
//! otherwise `t`'s code itself (its only forward predecessor is `x`, which dominates it).
//!
//! Irreducible CFGs (a back edge whose target does not dominate its source, i.e. a cycle
//! with two entries) have no such form: [`structure`] answers `None` and the caller keeps
//! its dispatch loop for the function. It also answers `None` rather than nest deeper than
//! [`MAX_NESTING`] (the emitter recurses along the dominator tree).

use irplay_core::lower::cfg::LowCfg;
use irplay_core::lower::BlockId;

/// How a block leaves, as far as control flow is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// An unconditional jump.
    Jump(u32),
    /// Goes to the first block when the block's condition is not 0, else to the second.
    Branch(u32, u32),
    /// A jump table: targets, default.
    Table(Vec<u32>, u32),
    /// Leaves the function (return or trap).
    Leave,
}

impl Exit {
    /// The successors, in order (a table's targets, then its default).
    fn succs(&self) -> impl Iterator<Item = u32> + '_ {
        let (table, more): (&[u32], [Option<u32>; 2]) = match self {
            Exit::Jump(t) => (&[], [Some(*t), None]),
            Exit::Branch(a, b) => (&[], [Some(*a), Some(*b)]),
            Exit::Table(ts, d) => (ts, [Some(*d), None]),
            Exit::Leave => (&[], [None, None]),
        };
        table.iter().copied().chain(more.into_iter().flatten())
    }
}

/// One structured instruction. Depths are wasm label indices (0 = innermost).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `block`.
    Block,
    /// `loop`.
    Loop,
    /// `end` of a block, loop or if.
    End,
    /// The block's instructions.
    Body(u32),
    /// `br depth`.
    Br(u32),
    /// `br_if depth` on the block's condition.
    BrIf(u32, u32),
    /// `br_if depth` on the negation of the block's condition.
    BrUnless(u32, u32),
    /// `if` on the block's condition.
    If(u32),
    /// `else`.
    Else,
    /// `br_table` on the block's index: depths of the targets, depth of the default.
    Table(u32, Vec<u32>, u32),
    /// The block's return or trap.
    Leave(u32),
}

/// The deepest recursion along the dominator tree before giving up.
pub const MAX_NESTING: usize = 2000;

/// What an enclosing label is.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Ctx {
    LoopHeadedBy(u32),
    BlockFollowedBy(u32),
    IfThenElse,
}

struct State<'a> {
    exits: &'a [Exit],
    rpo: Vec<usize>,
    merge: Vec<bool>,
    header: Vec<bool>,
    /// Children of each block in the dominator tree.
    kids: Vec<Vec<u32>>,
    ops: Vec<Op>,
    ctx: Vec<Ctx>,
    /// The position in `ctx` of the `loop` each block heads and of the `block` each block
    /// follows, while open (`usize::MAX` otherwise): a branch finds its label in constant
    /// time, not by a search of the labels (a jump table of thousands of targets would search
    /// thousands of labels per target).
    loop_at: Vec<usize>,
    block_at: Vec<usize>,
    nesting: usize,
}

/// Structures a CFG (block 0 is the entry); `None` when it is irreducible or too deep, or a
/// successor is out of range.
pub fn structure(exits: &[Exit]) -> Option<Vec<Op>> {
    let n = exits.len();
    if n == 0 || exits.iter().any(|e| e.succs().any(|s| s as usize >= n)) {
        return None;
    }
    let cfg = LowCfg::from_succs(n, |b| exits[b].succs().map(BlockId));
    if !cfg.is_reducible() {
        return None;
    }
    let mut rpo = vec![usize::MAX; n];
    for (i, b) in cfg.rpo().enumerate() {
        rpo[b.0 as usize] = i;
    }
    let mut merge = vec![false; n];
    let mut header = vec![false; n];
    let mut kids: Vec<Vec<u32>> = vec![Vec::new(); n];
    for b in cfg.rpo() {
        let rb = rpo[b.0 as usize];
        // Forward in-edges from reachable blocks (duplicates counted).
        let forward = cfg.preds(b).filter(|p| rpo[p.0 as usize] < rb).count();
        merge[b.0 as usize] = forward >= 2;
        header[b.0 as usize] = cfg.is_loop_header(b);
        kids[b.0 as usize] = cfg.dom_children(b).map(|k| k.0).collect();
    }
    // Jump-table targets are always reached by `br`.
    for b in cfg.rpo() {
        if let Exit::Table(ts, d) = &exits[b.0 as usize] {
            for t in ts.iter().chain(std::iter::once(d)) {
                if rpo[*t as usize] > rpo[b.0 as usize] {
                    merge[*t as usize] = true;
                }
            }
        }
    }
    let mut st = State {
        exits,
        rpo,
        merge,
        header,
        kids,
        ops: Vec::new(),
        ctx: Vec::new(),
        loop_at: vec![usize::MAX; n],
        block_at: vec![usize::MAX; n],
        nesting: 0,
    };
    st.do_tree(0)?;
    Some(st.ops)
}

impl State<'_> {
    /// Opens a label.
    fn push(&mut self, c: Ctx) {
        let at = self.ctx.len();
        match c {
            Ctx::LoopHeadedBy(x) => self.loop_at[x as usize] = at,
            Ctx::BlockFollowedBy(y) => self.block_at[y as usize] = at,
            Ctx::IfThenElse => {}
        }
        self.ctx.push(c);
    }

    /// Closes the innermost label.
    fn pop(&mut self) {
        match self.ctx.pop() {
            Some(Ctx::LoopHeadedBy(x)) => self.loop_at[x as usize] = usize::MAX,
            Some(Ctx::BlockFollowedBy(y)) => self.block_at[y as usize] = usize::MAX,
            _ => {}
        }
    }

    fn do_tree(&mut self, x: u32) -> Option<()> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return None;
        }
        let xi = x as usize;
        let header = self.header[xi];
        if header {
            self.ops.push(Op::Loop);
            self.push(Ctx::LoopHeadedBy(x));
        }
        let mut ms: Vec<u32> =
            self.kids[xi].iter().copied().filter(|k| self.merge[*k as usize]).collect();
        // Highest reverse-postorder number outermost.
        ms.sort_by_key(|k| std::cmp::Reverse(self.rpo[*k as usize]));
        for &y in &ms {
            self.ops.push(Op::Block);
            self.push(Ctx::BlockFollowedBy(y));
        }
        self.ops.push(Op::Body(x));
        self.do_exit(x)?;
        for &y in ms.iter().rev() {
            self.ops.push(Op::End);
            self.pop();
            self.do_tree(y)?;
        }
        if header {
            self.ops.push(Op::End);
            self.pop();
        }
        self.nesting -= 1;
        Some(())
    }

    /// The depth of the label a branch from `src` to `t` uses, if it is a `br`.
    fn br_depth(&self, src: u32, t: u32) -> Option<Option<u32>> {
        let (rs, rt) = (self.rpo[src as usize], self.rpo[t as usize]);
        let pos = if rt <= rs {
            self.loop_at[t as usize]
        } else if self.merge[t as usize] {
            self.block_at[t as usize]
        } else {
            return Some(None);
        };
        if pos >= self.ctx.len() {
            return None;
        }
        Some(Some((self.ctx.len() - 1 - pos) as u32))
    }

    fn do_branch(&mut self, src: u32, t: u32) -> Option<()> {
        match self.br_depth(src, t)? {
            Some(d) => {
                self.ops.push(Op::Br(d));
                Some(())
            }
            None => self.do_tree(t),
        }
    }

    fn do_exit(&mut self, x: u32) -> Option<()> {
        let exits = self.exits;
        match exits.get(x as usize)? {
            &Exit::Jump(t) => self.do_branch(x, t),
            &Exit::Branch(t, e) => {
                if let Some(d) = self.br_depth(x, t)? {
                    self.ops.push(Op::BrIf(x, d));
                    self.do_branch(x, e)
                } else if let Some(d) = self.br_depth(x, e)? {
                    self.ops.push(Op::BrUnless(x, d));
                    self.do_branch(x, t)
                } else {
                    self.ops.push(Op::If(x));
                    self.push(Ctx::IfThenElse);
                    self.do_branch(x, t)?;
                    self.ops.push(Op::Else);
                    self.do_branch(x, e)?;
                    self.ops.push(Op::End);
                    self.pop();
                    Some(())
                }
            }
            Exit::Table(ts, d) => {
                let mut depths = Vec::with_capacity(ts.len());
                for &t in ts {
                    depths.push(self.br_depth(x, t)??);
                }
                let dd = self.br_depth(x, *d)??;
                self.ops.push(Op::Table(x, depths, dd));
                Some(())
            }
            Exit::Leave => {
                self.ops.push(Op::Leave(x));
                Some(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the structured program, choosing each branch with `pick` (block, successor
    /// count) -> index of the successor, and returns the blocks visited, at most `max`.
    fn simulate(
        ops: &[Op],
        exits: &[Exit],
        pick: &mut dyn FnMut(u32, usize) -> usize,
        max: usize,
    ) -> Vec<u32> {
        // Matching ends and elses.
        let mut end_of = vec![0usize; ops.len()];
        let mut else_of = vec![usize::MAX; ops.len()];
        let mut open = Vec::new();
        for (i, op) in ops.iter().enumerate() {
            match op {
                Op::Block | Op::Loop | Op::If(_) => open.push(i),
                Op::Else => else_of[*open.last().unwrap()] = i,
                Op::End => end_of[open.pop().unwrap()] = i,
                _ => {}
            }
        }
        assert!(open.is_empty(), "unbalanced");
        let mut trace = Vec::new();
        let mut labels: Vec<usize> = Vec::new(); // indices of open constructs
        let mut pc = 0;
        let mut cond = false;
        let mut last = u32::MAX;
        let br = |labels: &mut Vec<usize>, d: u32| -> usize {
            let at = labels.len() - 1 - d as usize;
            let start = labels[at];
            labels.truncate(at);
            if ops[start] == Op::Loop {
                labels.push(start);
                start + 1
            } else {
                end_of[start] + 1
            }
        };
        while pc < ops.len() && trace.len() < max {
            match &ops[pc] {
                Op::Block | Op::Loop => {
                    labels.push(pc);
                    pc += 1;
                }
                Op::End => {
                    labels.pop();
                    pc += 1;
                }
                Op::Body(b) => {
                    trace.push(*b);
                    last = *b;
                    let k = exits[*b as usize].succs().count();
                    if matches!(exits[*b as usize], Exit::Branch(..)) {
                        cond = pick(*b, k) == 0;
                    }
                    pc += 1;
                }
                Op::Br(d) => pc = br(&mut labels, *d),
                Op::BrIf(b, d) | Op::BrUnless(b, d) => {
                    assert_eq!(*b, last);
                    let taken = if matches!(ops[pc], Op::BrIf(..)) { cond } else { !cond };
                    pc = if taken { br(&mut labels, *d) } else { pc + 1 };
                }
                Op::If(b) => {
                    assert_eq!(*b, last);
                    labels.push(pc);
                    if cond {
                        pc += 1;
                    } else if else_of[pc] != usize::MAX {
                        pc = else_of[pc] + 1;
                    } else {
                        pc = end_of[pc];
                    }
                }
                Op::Else => {
                    // End of the then arm: leave the if.
                    let start = labels.pop().unwrap();
                    pc = end_of[start] + 1;
                }
                Op::Table(b, ds, dd) => {
                    assert_eq!(*b, last);
                    let k = pick(*b, ds.len() + 1);
                    pc = br(&mut labels, ds.get(k).copied().unwrap_or(*dd));
                }
                Op::Leave(b) => {
                    assert_eq!(*b, last);
                    return trace;
                }
            }
        }
        assert!(trace.len() >= max, "fell off the end after {trace:?}");
        trace
    }

    /// Checks that random walks through the structured program follow CFG edges.
    fn check(exits: &[Exit]) -> Vec<Op> {
        let ops = structure(exits).expect("reducible");
        let mut seed = 0x9e37_79b9_u64;
        for _ in 0..200 {
            let mut choices = Vec::new();
            let trace = simulate(
                &ops,
                exits,
                &mut |b, k| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let c = (seed % k as u64) as usize;
                    choices.push((b, c));
                    c
                },
                200,
            );
            assert_eq!(trace.first(), Some(&0));
            let mut ci = choices.iter();
            for w in trace.windows(2) {
                let (a, b) = (w[0], w[1]);
                let want = match &exits[a as usize] {
                    Exit::Jump(t) => *t,
                    Exit::Branch(t, e) => {
                        let (_, c) = ci.next().unwrap();
                        if *c == 0 {
                            *t
                        } else {
                            *e
                        }
                    }
                    Exit::Table(ts, d) => {
                        let (_, c) = ci.next().unwrap();
                        ts.get(*c).copied().unwrap_or(*d)
                    }
                    Exit::Leave => panic!("left"),
                };
                assert_eq!(b, want, "edge {a} -> {b} in {trace:?}; ops {ops:?}");
            }
        }
        ops
    }

    fn count(ops: &[Op], f: impl Fn(&Op) -> bool) -> usize {
        ops.iter().filter(|o| f(o)).count()
    }

    #[test]
    fn diamond() {
        // 0 -> 1 | 2 -> 3
        let ops = check(&[Exit::Branch(1, 2), Exit::Jump(3), Exit::Jump(3), Exit::Leave]);
        assert_eq!(count(&ops, |o| *o == Op::Loop), 0);
        assert_eq!(count(&ops, |o| *o == Op::Block), 1);
        assert_eq!(count(&ops, |o| matches!(o, Op::If(_))), 1);
    }

    #[test]
    fn straight_line_needs_nothing() {
        let ops = check(&[Exit::Jump(1), Exit::Jump(2), Exit::Leave]);
        assert_eq!(ops, vec![Op::Body(0), Op::Body(1), Op::Body(2), Op::Leave(2)]);
    }

    #[test]
    fn nested_loops() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 2 | 3; 3 -> 1 | 4
        let ops = check(&[
            Exit::Jump(1),
            Exit::Jump(2),
            Exit::Branch(2, 3),
            Exit::Branch(1, 4),
            Exit::Leave,
        ]);
        assert_eq!(count(&ops, |o| *o == Op::Loop), 2);
    }

    #[test]
    fn loop_with_several_exits() {
        // 1: header; 1 -> 2 | 5 (exit), 2 -> 3 | 5 (exit), 3 -> 1 | 4 (exit), 4 -> 5
        let ops = check(&[
            Exit::Jump(1),
            Exit::Branch(2, 5),
            Exit::Branch(3, 5),
            Exit::Branch(1, 4),
            Exit::Jump(5),
            Exit::Leave,
        ]);
        assert_eq!(count(&ops, |o| *o == Op::Loop), 1);
    }

    #[test]
    fn self_loop_and_entry_header() {
        check(&[Exit::Branch(0, 1), Exit::Leave]);
    }

    #[test]
    fn switch() {
        // 0: table [1, 2, 1, 3] default 4; all to 5
        let ops = check(&[
            Exit::Table(vec![1, 2, 1, 3], 4),
            Exit::Jump(5),
            Exit::Jump(5),
            Exit::Jump(5),
            Exit::Jump(5),
            Exit::Leave,
        ]);
        assert_eq!(count(&ops, |o| matches!(o, Op::Table(..))), 1);
        // A table into a loop header and out of it.
        check(&[Exit::Jump(1), Exit::Table(vec![1, 2], 3), Exit::Jump(1), Exit::Leave]);
    }

    #[test]
    fn irreducible_is_refused() {
        // 0 -> 1 | 2; 1 -> 2 | 3; 2 -> 1 | 3
        assert_eq!(
            structure(&[Exit::Branch(1, 2), Exit::Branch(2, 3), Exit::Branch(1, 3), Exit::Leave]),
            None
        );
    }

    #[test]
    fn unreachable_blocks_are_skipped() {
        let ops = check(&[Exit::Jump(2), Exit::Jump(2), Exit::Leave]);
        assert!(!ops.contains(&Op::Body(1)));
    }

    #[test]
    fn out_of_range_is_refused() {
        assert_eq!(structure(&[Exit::Jump(7)]), None);
        assert_eq!(structure(&[]), None);
    }

    #[test]
    fn random_reducible_cfgs() {
        // Random CFGs; the reducible ones must structure and simulate correctly.
        let mut seed = 12345u64;
        let mut next = move |k: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        let mut structured = 0;
        for _ in 0..2000 {
            let n = 2 + next(9) as u32;
            let exits: Vec<Exit> = (0..n)
                .map(|_| match next(5) {
                    0 => Exit::Leave,
                    1 => Exit::Jump(next(n as u64) as u32),
                    2 => Exit::Table(
                        vec![next(n as u64) as u32, next(n as u64) as u32],
                        next(n as u64) as u32,
                    ),
                    _ => Exit::Branch(next(n as u64) as u32, next(n as u64) as u32),
                })
                .collect();
            if structure(&exits).is_some() {
                check(&exits);
                structured += 1;
            }
        }
        assert!(structured > 500, "{structured}");
    }

    #[test]
    fn deep_chains_fall_back() {
        let mut exits: Vec<Exit> = (1..5000).map(Exit::Jump).collect();
        exits.push(Exit::Leave);
        assert_eq!(structure(&exits), None);
    }
}
