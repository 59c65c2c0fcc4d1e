//! The disassembler of translated code: a function's exact and fast op streams, edges and
//! tables as text, one op a line (see [`Op::disasm`]), for debugging the translator and the
//! fast path (`irplay run --dump-ops`).

use super::{opnd, FnCode, Op};
use crate::interp::report::Fault;
use crate::interp::state::Interp;
use crate::ir::GlobalKind;
use std::fmt::Write;

impl FnCode {
    /// The function's code as text: its registers, the exact stream (each op with the
    /// generic op it falls back to, if any), the fast stream when it differs, and the edges
    /// with their phi moves.
    pub fn disasm(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "  registers {} (constants from r{}), wide {}, params [{}]{}",
            self.template.len(),
            self.nvals,
            self.wtemplate.len(),
            self.params.iter().map(|&p| opnd(p)).collect::<Vec<_>>().join(", "),
            if self.fast { "" } else { ", not validated for the fast path" }
        );
        let _ = writeln!(s, "  exact:");
        for (pc, op) in self.ops.iter().enumerate() {
            let _ = write!(s, "  {pc:>5}  {}", op.disasm());
            if let Some(&g) = self.fallback.get(pc).filter(|&&g| g != super::NONE) {
                let _ = write!(s, "  ; else generic{g}");
            }
            s.push('\n');
        }
        let fused: Vec<(usize, &Op)> = self
            .fcode
            .iter()
            .enumerate()
            .filter(|(pc, e)| self.ops.get(*pc).is_none_or(|op| op.disasm() != e.op.disasm()))
            .map(|(pc, e)| (pc, &e.op))
            .collect();
        if !fused.is_empty() {
            let _ = writeln!(s, "  fast (where it differs):");
            for (pc, op) in fused {
                let _ = writeln!(s, "  {pc:>5}  {}", op.disasm());
            }
        }
        for (i, e) in self.edges.iter().enumerate() {
            let moves = self.moves.get(e.mv as usize..(e.mv + e.n) as usize).unwrap_or_default();
            let moves: Vec<String> =
                moves.iter().map(|m| format!("{} <- {}", opnd(m.d), opnd(m.s))).collect();
            let _ = writeln!(
                s,
                "  e{i} -> {}{}",
                e.pc,
                if moves.is_empty() { String::new() } else { format!(": {}", moves.join(", ")) }
            );
        }
        s
    }
}

impl Interp<'_> {
    /// Lays out the globals, then translates every function with a body, in module order,
    /// and disassembles it (a function that fails to translate shows the error instead).
    pub fn dump_ops(mut self) -> String {
        let m = self.m;
        let mut s = String::new();
        if let Err(f) = self.setup() {
            let _ = writeln!(s, "; setup failed: {}", fault_text(&f));
            return s;
        }
        for &g in &m.order {
            let Some(GlobalKind::Func(f)) = m.globals.get(g).map(|gv| &gv.kind) else { continue };
            if f.is_declaration() {
                continue;
            }
            let _ = writeln!(s, "define @{}:", m.global_name(g));
            match self.code_of(g.as_u32()) {
                Ok(code) => s.push_str(&code.disasm()),
                Err(f) => {
                    let _ = writeln!(s, "  ; not translated: {}", fault_text(&f));
                }
            }
        }
        s
    }
}

/// The message of a fault.
fn fault_text(f: &Fault) -> String {
    match f {
        Fault::Ub(_, m, _) | Fault::UbBlock(_, m, _) | Fault::Error(_, m) | Fault::Abort(m) => {
            m.clone()
        }
        Fault::Exit(status) => format!("exit({status})"),
    }
}
