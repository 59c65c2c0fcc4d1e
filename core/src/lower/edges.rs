//! Terminators and edges: phis become parallel copies on the edges into their block, and
//! `switch` becomes a jump table (dense cases) or a chain of compares.
//!
//! An edge P → S into a block with phis gets its copies at the end of P when S is P's only
//! successor, and otherwise in a new block on the edge (the critical edge is split), so the
//! copies run only when that edge is taken. A switch is a jump table when it has at least 4
//! cases spanning at most 3 times as many values (and at most 4096); otherwise each case is
//! one compare-and-branch, in case order.

use super::form::{BlockId, Cmp, Inst, Term, Ty};
use super::func::FnCx;
use super::legal::width;
use super::{LResult, LowerError};
use crate::ir::{Block, ConstKind, Extra, InstData, Opcode};

/// Lowers a terminator of the current IR block.
pub fn lower_terminator(fx: &mut FnCx, data: &InstData) -> LResult<Term> {
    let span = data.span;
    match data.op {
        Opcode::Ret => match data.args.first() {
            Some(&op) => {
                let t = fx.cx.m.operand_ty(fx.body, op);
                if super::abi::is_multi(fx.cx.m, fx.cx.opts, t) {
                    let n = super::abi::value_regs(fx.cx.m, fx.cx.opts, t, span)?.len() as u32;
                    return Ok(Term::Ret(super::vector::lanes(fx, op, n)?));
                }
                if super::abi::v128_shape(fx.cx.m, fx.cx.opts, t).is_none() {
                    super::abi::reg_ty(fx.cx.m, t, span)?;
                }
                Ok(Term::Ret(vec![fx.operand(op)?]))
            }
            None => Ok(Term::Ret(Vec::new())),
        },
        Opcode::Unreachable => Ok(Term::Trap),
        Opcode::Br => {
            let Extra::Br(dests) = &data.extra else {
                return Err(LowerError::unsupported(span, "br without destinations"));
            };
            match (dests.first(), dests.get(1)) {
                (Some(&d), None) => Ok(Term::Jump(edge(fx, d, true)?)),
                (Some(&t), Some(&e)) => {
                    let Some(&c) = data.args.first() else {
                        return Err(LowerError::unsupported(span, "br without a condition"));
                    };
                    let cond = fx.operand(c)?;
                    let single = t == e;
                    Ok(Term::Branch {
                        cond,
                        then: edge(fx, t, single)?,
                        else_: edge(fx, e, single)?,
                    })
                }
                _ => Err(LowerError::unsupported(span, "br without destinations")),
            }
        }
        Opcode::Switch => lower_switch(fx, data),
        Opcode::IndirectBr => lower_indirectbr(fx, data),
        Opcode::Invoke => super::eh::lower_invoke(fx, data),
        Opcode::Resume => super::eh::lower_resume(fx, data),
        op => Err(LowerError::unsupported(span, format!("the `{}` terminator", op.name()))),
    }
}

/// The block to branch to for the edge from the current IR block to `to`, with the phi
/// copies of that edge; `only` says the edge is the block's only way out.
pub fn edge(fx: &mut FnCx, to: Block, only: bool) -> LResult<BlockId> {
    let target = fx.block(to)?;
    let from = fx.ir_block;
    let moves_needed = has_phis(fx, to);
    if !moves_needed {
        return Ok(target);
    }
    if only {
        emit_copies(fx, from, to)?;
        return Ok(target);
    }
    if let Some(&b) = fx.edge_blocks.get(&(from, to)) {
        return Ok(b);
    }
    let b = fx.new_block();
    let saved = fx.switch_to(b);
    emit_copies(fx, from, to)?;
    fx.finish(Term::Jump(target));
    fx.restore(saved);
    fx.edge_blocks.insert((from, to), b);
    Ok(b)
}

fn has_phis(fx: &FnCx, b: Block) -> bool {
    let insts = fx.body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]);
    insts.first().and_then(|&i| fx.body.insts.get(i)).map(|d| d.op == Opcode::Phi) == Some(true)
}

/// Emits one parallel copy for the phis of `to` on the edge from `from`.
fn emit_copies(fx: &mut FnCx, from: Block, to: Block) -> LResult<()> {
    let body = fx.body;
    let insts = body.blocks.get(to).map(|bd| bd.insts.as_slice()).unwrap_or(&[]);
    let mut moves = super::form::Moves::new();
    for &i in insts {
        let Some(d) = body.insts.get(i) else { continue };
        if d.op != Opcode::Phi {
            break;
        }
        fx.span = d.span;
        let Extra::Phi(preds) = &d.extra else { continue };
        // A phi of thousands of entries (a switch's join) is looked up through an index, so
        // that its edges do not each search it.
        let k = if preds.len() <= 16 {
            preds.iter().position(|&p| p == from)
        } else {
            let index = fx.phi_entries.entry(i).or_insert_with(|| {
                let mut index = rustc_hash::FxHashMap::default();
                for (k, &p) in preds.iter().enumerate().rev() {
                    index.insert(p, k as u32);
                }
                index
            });
            index.get(&from).map(|&k| k as usize)
        };
        let Some(k) = k else {
            return Err(LowerError::unsupported(
                d.span,
                "a phi without a value for one of its predecessors",
            ));
        };
        let Some(&op) = d.args.get(k) else { continue };
        if let Some(lanes) = d.result.and_then(|v| fx.vecs.get(&v)).cloned() {
            let srcs = super::vector::lanes(fx, op, lanes.len() as u32)?;
            moves.extend(lanes.into_iter().zip(srcs));
            continue;
        }
        let dst = super::inst::dst_of(fx, d)?;
        let src = fx.operand(op)?;
        moves.push((dst, src));
    }
    if !moves.is_empty() {
        fx.emit(Inst::ParCopy { moves });
    }
    Ok(())
}

/// `indirectbr`: the address is a block number of this function (see
/// [`super::module::ModCx::block_addr`]), so it indexes a jump table over the listed
/// blocks; any other address (undefined behaviour) traps.
fn lower_indirectbr(fx: &mut FnCx, data: &InstData) -> LResult<Term> {
    let span = data.span;
    let Extra::IndirectBr(dests) = &data.extra else {
        return Err(LowerError::unsupported(span, "indirectbr without destinations"));
    };
    let Some(&aop) = data.args.first() else {
        return Err(LowerError::unsupported(span, "indirectbr without an address"));
    };
    let mut listed = Vec::with_capacity(dests.len());
    for &d in dests.iter() {
        listed.push((fx.cx.block_addr(fx.gid, d, span)?, d));
    }
    let trap = fx.new_block();
    let saved = fx.switch_to(trap);
    fx.finish(Term::Trap);
    fx.restore(saved);
    let (Some(min), Some(max)) =
        (listed.iter().map(|l| l.0).min(), listed.iter().map(|l| l.0).max())
    else {
        return Ok(Term::Trap);
    };
    let mut targets = vec![trap; (max - min + 1) as usize];
    for (a, d) in listed {
        let t = edge(fx, d, false)?;
        if let Some(slot) = targets.get_mut((a - min) as usize) {
            *slot = t;
        }
    }
    use super::form::{Bin, Un};
    use super::lanes::{bin, un};
    let p = fx.operand(aop)?;
    let pi = fx.ptr_int_ty();
    let i = un(fx, Un::PtrToInt, pi, p);
    let i = if pi == Ty::I32 { i } else { un(fx, Un::Wrap, Ty::I32, i) };
    let k = fx.iconst(Ty::I32, min);
    let idx = bin(fx, Bin::Sub, Ty::I32, i, k);
    Ok(Term::Table { idx, targets, default: trap })
}

fn lower_switch(fx: &mut FnCx, data: &InstData) -> LResult<Term> {
    let span = data.span;
    let Extra::Switch { default, cases } = &data.extra else {
        return Err(LowerError::unsupported(span, "switch without cases"));
    };
    let Some(&vop) = data.args.first() else {
        return Err(LowerError::unsupported(span, "switch without a value"));
    };
    let vt = fx.cx.m.operand_ty(fx.body, vop);
    if super::wide::is_wide(fx, vt) {
        // i128: a compare chain on both halves.
        let (lo, hi) = super::wide::halves(fx, vop)?;
        let only = cases.iter().all(|(_, b)| b == default);
        let def = edge(fx, *default, only)?;
        let mut term = Term::Jump(def);
        for (k, (c, b)) in cases.iter().enumerate() {
            let x = match fx.cx.m.consts.kind(*c) {
                ConstKind::Int(a) => a.low_u128(),
                ConstKind::Zero => 0,
                _ => {
                    return Err(LowerError::unsupported(
                        span,
                        "a switch case that is not an integer",
                    ))
                }
            };
            let t = edge(fx, *b, false)?;
            let c = super::wide::eq_const(fx, lo, hi, x);
            if k + 1 == cases.len() {
                term = Term::Branch { cond: c, then: t, else_: def };
            } else {
                let next = fx.new_block();
                fx.finish(Term::Branch { cond: c, then: t, else_: next });
                fx.cur_id = next;
            }
        }
        return Ok(term);
    }
    let ty = super::abi::reg_ty(fx.cx.m, vt, span)?;
    let v = fx.operand(vop)?;
    let mut vals = Vec::with_capacity(cases.len());
    for (c, b) in cases.iter() {
        let x = match fx.cx.m.consts.kind(*c) {
            ConstKind::Int(a) => a.low_u64(),
            ConstKind::Zero => 0,
            _ => return Err(LowerError::unsupported(span, "a switch case that is not an integer")),
        };
        vals.push((x, *b));
    }
    let only = cases.iter().all(|(_, b)| b == default);
    let def = edge(fx, *default, only)?;
    if vals.is_empty() {
        return Ok(Term::Jump(def));
    }
    let min = vals.iter().map(|c| c.0).min().unwrap_or(0);
    let max = vals.iter().map(|c| c.0).max().unwrap_or(0);
    let range = max.wrapping_sub(min).saturating_add(1);
    if vals.len() >= 4 && range <= 4096 && range <= 3 * vals.len() as u64 {
        let mut targets = vec![def; range as usize];
        for (x, b) in &vals {
            let t = edge(fx, *b, false)?;
            if let Some(slot) = targets.get_mut(x.wrapping_sub(min) as usize) {
                *slot = t;
            }
        }
        let mut idx = v;
        if min != 0 {
            let k = fx.iconst(ty, min);
            let d = fx.new_reg(ty);
            fx.emit(Inst::Bin { op: super::form::Bin::Sub, ty, dst: d, a: v, b: k });
            idx = d;
        }
        if ty != Ty::I32 {
            // Out-of-range 64-bit indices must not alias in-range ones after wrapping.
            let r = fx.iconst(ty, range);
            let inr = fx.new_reg(Ty::I32);
            fx.emit(Inst::Cmp { cc: Cmp::LtU, ty, dst: inr, a: idx, b: r });
            let tb = fx.new_block();
            let saved = fx.switch_to(tb);
            let w = fx.new_reg(Ty::I32);
            fx.emit(Inst::Un { op: super::form::Un::Wrap, to: Ty::I32, dst: w, a: idx });
            fx.finish(Term::Table { idx: w, targets, default: def });
            fx.restore(saved);
            return Ok(Term::Branch { cond: inr, then: tb, else_: def });
        }
        // Wrapping an I32 subtraction keeps out-of-range values out of range only when the
        // value is zero-extended from fewer than 32 bits or the range check is unsigned,
        // which the table's own bounds check is.
        let _ = width(fx, ty);
        return Ok(Term::Table { idx, targets, default: def });
    }
    // A compare chain: the current block tests the first case, each new block the next.
    let n = vals.len();
    let mut term = Term::Jump(def);
    for (k, (x, b)) in vals.iter().enumerate() {
        let t = edge(fx, *b, false)?;
        let kc = fx.iconst(ty, *x);
        let c = fx.new_reg(Ty::I32);
        fx.emit(Inst::Cmp { cc: Cmp::Eq, ty, dst: c, a: v, b: kc });
        if k + 1 == n {
            term = Term::Branch { cond: c, then: t, else_: def };
        } else {
            let next = fx.new_block();
            fx.finish(Term::Branch { cond: c, then: t, else_: next });
            fx.cur_id = next;
        }
    }
    Ok(term)
}
