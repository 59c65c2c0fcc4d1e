//! The 1.x parser's instructions: one line of a function body to an [`Inst`].

use super::super::ast::*;
use super::{BINOPS, P, R};
use crate::text::lexer::TokenKind;

impl P<'_> {
    pub(super) fn inst(&mut self) -> R<Inst> {
        let start = self.span().start;
        let name = match (self.kind(), self.peek(1)) {
            (TokenKind::LocalName(n), TokenKind::Equal) => Some(n.to_string()),
            (TokenKind::LocalId(n), TokenKind::Equal) => Some(n.to_string()),
            _ => None,
        };
        if name.is_some() {
            self.bump();
            self.bump();
        }
        let op = self.op()?;
        Ok(Inst { name, op, span: self.span_from(start) })
    }

    fn op(&mut self) -> R<Op> {
        let w = match self.kind() {
            TokenKind::Word(w) => w.to_string(),
            _ => return self.expected("an instruction"),
        };
        self.bump();
        let w = w.as_str();
        Ok(match w {
            _ if BINOPS.contains(&w) => {
                let (ty, a) = self.typed_val()?;
                self.expect(TokenKind::Comma, "','")?;
                let (bty, b) = if w == "shl" || w == "shr" {
                    self.typed_val()?
                } else {
                    (ty.clone(), self.val(&ty)?)
                };
                Op::Bin { op: w.to_string(), ty, a, bty, b }
            }
            "not" => {
                let (t, v) = self.typed_val()?;
                Op::Not(t, v)
            }
            "cast" => {
                let (t, v) = self.typed_val()?;
                self.expect_word("to")?;
                Op::Cast(t, v, self.ty()?)
            }
            "trunc" | "zext" | "sext" | "fptrunc" | "fpext" | "fptoui" | "fptosi" | "uitofp"
            | "sitofp" | "ptrtoint" | "inttoptr" | "bitcast" => {
                let (t, v) = self.typed_val()?;
                self.expect_word("to")?;
                Op::NamedCast(w.to_string(), t, v, self.ty()?)
            }
            "ret" => {
                if self.eat_word("void") {
                    Op::Ret(None)
                } else {
                    Op::Ret(Some(self.typed_val()?))
                }
            }
            "br" => {
                let (t, v) = self.typed_val()?;
                if t == Ty::Label {
                    Op::Br(v)
                } else {
                    self.expect(TokenKind::Comma, "','")?;
                    let a = self.label()?;
                    self.expect(TokenKind::Comma, "','")?;
                    let b = self.label()?;
                    Op::CondBr(v, a, b)
                }
            }
            "switch" => {
                let (ty, v) = self.typed_val()?;
                self.expect(TokenKind::Comma, "','")?;
                let default = self.label()?;
                self.expect(TokenKind::LBracket, "'['")?;
                let mut cases = Vec::new();
                while !self.eat(TokenKind::RBracket) {
                    let (t, c) = self.typed_const()?;
                    self.expect(TokenKind::Comma, "','")?;
                    let l = self.label()?;
                    cases.push((t, c, l));
                }
                Op::Switch { ty, v, default, cases }
            }
            "unreachable" => Op::Unreachable,
            "unwind" => Op::Unwind,
            "volatile" => {
                if self.eat_word("load") {
                    self.load(true)?
                } else if self.eat_word("store") {
                    self.store(true)?
                } else {
                    return self.expected("'load' or 'store' after 'volatile'");
                }
            }
            "load" => self.load(false)?,
            "store" => self.store(false)?,
            "alloca" | "malloc" => {
                let ty = self.ty()?;
                let mut count = None;
                let mut align = None;
                while self.eat(TokenKind::Comma) {
                    if self.eat_word("align") {
                        align = Some(self.integer()? as u64);
                    } else {
                        count = Some(self.typed_val()?);
                    }
                }
                Op::Alloca { malloc: w == "malloc", ty, count, align }
            }
            "free" => {
                let (t, v) = self.typed_val()?;
                Op::Free(t, v)
            }
            "getelementptr" => {
                let (pty, p) = self.typed_val()?;
                let mut idx = Vec::new();
                while self.eat(TokenKind::Comma) {
                    idx.push(self.typed_val()?);
                }
                Op::Gep { pty, p, idx }
            }
            "phi" => {
                let ty = self.ty()?;
                let mut inc = Vec::new();
                loop {
                    self.expect(TokenKind::LBracket, "'['")?;
                    let v = self.val(&ty)?;
                    self.expect(TokenKind::Comma, "','")?;
                    let l = self.val(&Ty::Label)?;
                    self.expect(TokenKind::RBracket, "']'")?;
                    inc.push((v, l));
                    if !self.eat(TokenKind::Comma) {
                        break;
                    }
                }
                Op::Phi(ty, inc)
            }
            "select" => {
                let (_, c) = self.typed_val()?;
                self.expect(TokenKind::Comma, "','")?;
                let (ty, a) = self.typed_val()?;
                self.expect(TokenKind::Comma, "','")?;
                let (_, b) = self.typed_val()?;
                Op::Select { c, ty, a, b }
            }
            "tail" => {
                self.expect_word("call")?;
                self.call(true)?
            }
            "call" => self.call(false)?,
            "invoke" => {
                let cc = self.call_conv()?;
                let ty = self.ty()?;
                let callee = self.val(&ty)?;
                let args = self.args()?;
                self.expect_word("to")?;
                let to = self.label()?;
                if !self.eat_word("except") && !self.eat_word("unwind") {
                    return self.expected("'except' or 'unwind'");
                }
                let unwind = self.label()?;
                Op::Invoke { cc, ty, callee, args, to, unwind }
            }
            "vaarg" | "vanext" => {
                let (ty, list) = self.typed_val()?;
                self.expect(TokenKind::Comma, "','")?;
                Op::VaArg { next: w == "vanext", ty, list, arg: self.ty()? }
            }
            _ => {
                self.pos = self.pos.saturating_sub(1);
                return self.expected("an instruction");
            }
        })
    }

    fn label(&mut self) -> R<Val> {
        self.expect_word("label")?;
        self.val(&Ty::Label)
    }

    fn load(&mut self, volatile: bool) -> R<Op> {
        let (pty, p) = self.typed_val()?;
        self.align()?;
        Ok(Op::Load { volatile, pty, p })
    }

    fn store(&mut self, volatile: bool) -> R<Op> {
        let (ty, v) = self.typed_val()?;
        self.expect(TokenKind::Comma, "','")?;
        let (pty, p) = self.typed_val()?;
        self.align()?;
        Ok(Op::Store { volatile, ty, v, pty, p })
    }

    fn align(&mut self) -> R<()> {
        if *self.kind() == TokenKind::Comma && matches!(self.peek(1), TokenKind::Word("align")) {
            self.bump();
            self.bump();
            self.integer()?;
        }
        Ok(())
    }

    fn call(&mut self, tail: bool) -> R<Op> {
        let cc = self.call_conv()?;
        let ty = self.ty()?;
        let callee = self.val(&ty)?;
        let args = self.args()?;
        Ok(Op::Call { tail, cc, ty, callee, args })
    }

    fn args(&mut self) -> R<Vec<(Ty, Val)>> {
        self.expect(TokenKind::LParen, "'('")?;
        let mut args = Vec::new();
        if !self.eat(TokenKind::RParen) {
            loop {
                args.push(self.typed_val()?);
                if self.eat(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or ')'")?;
            }
        }
        Ok(args)
    }
}
