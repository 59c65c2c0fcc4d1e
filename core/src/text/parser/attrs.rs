//! Parsing attributes: parameter, return and function attributes, attribute group references
//! (`#N`), and the `attributes #N = { ... }` definitions.

use super::{PResult, Parser};
use crate::diag::Span;
use crate::ir::attrs::{
    fpclass, place, Attr, AttrKind, AttrShape, MemoryEffects, ModRef, UwTableKind, MEMORY_LOCATIONS,
};
use crate::ir::ApInt;
use crate::text::lexer::TokenKind;

/// Where an attribute list is being read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum AttrCtx {
    /// After a parameter's type.
    Param,
    /// Before a return type.
    Ret,
    /// After a function's or call's parameter list.
    Fn,
    /// Inside `attributes #N = { ... }`.
    Group,
}

/// Attributes read from one list, with the attribute groups it references.
#[derive(Default, Debug)]
pub(crate) struct AttrList {
    pub attrs: Vec<Attr>,
    pub groups: Vec<(u32, Span)>,
    /// `align N` written among function attributes (moved to the function's alignment).
    pub fn_align: Option<u64>,
}

impl<'a> Parser<'a> {
    /// Reads attributes while the tokens are attributes of this context.
    pub(crate) fn parse_attrs(&mut self, ctx: AttrCtx) -> PResult<AttrList> {
        let mut list = AttrList::default();
        let mut memory: Option<MemoryEffects> = None;
        loop {
            match &self.tok.kind {
                &TokenKind::AttrGroupId(n) if ctx == AttrCtx::Fn => {
                    let span = self.bump().span;
                    list.groups.push((n, span));
                }
                TokenKind::String(key) if ctx == AttrCtx::Fn || ctx == AttrCtx::Group => {
                    let key: Box<[u8]> = key.as_ref().into();
                    self.bump();
                    let value = if self.eat(&TokenKind::Equal) {
                        Some(self.string("attribute value string")?)
                    } else {
                        None
                    };
                    list.attrs.push(Attr::Str(key, value));
                }
                &TokenKind::Word(w) => {
                    // Legacy function memory attributes are upgraded to `memory(...)`.
                    if matches!(ctx, AttrCtx::Fn | AttrCtx::Group) {
                        if let Some(e) = MemoryEffects::from_legacy_keyword(w) {
                            self.bump();
                            let cur = memory.unwrap_or(MemoryEffects::all(ModRef::ModRef));
                            memory = Some(cur.intersect(e));
                            continue;
                        }
                    }
                    let Some(kind) = AttrKind::from_name(w) else { break };
                    if ctx == AttrCtx::Fn && kind == AttrKind::Align {
                        self.bump();
                        list.fn_align = Some(self.align_value()?);
                        continue;
                    }
                    let allowed = match ctx {
                        AttrCtx::Param => kind.places() & place::PARAM != 0,
                        AttrCtx::Ret => kind.places() & place::RET != 0,
                        AttrCtx::Fn => kind.places() & place::FN != 0,
                        AttrCtx::Group => true,
                    };
                    if !allowed {
                        // In a parameter or return list an attribute of another kind ends the
                        // list only where LLVM would parse something else there; LLVM reports it.
                        let what = match ctx {
                            AttrCtx::Param => "parameters",
                            AttrCtx::Ret => "return values",
                            _ => "functions",
                        };
                        return self.err_here(format!("this attribute does not apply to {what}"));
                    }
                    let a = self.parse_one_attr(kind, ctx)?;
                    if let Attr::Memory(e) = a {
                        let cur = memory.unwrap_or(MemoryEffects::all(ModRef::ModRef));
                        memory = Some(cur.intersect(e));
                    } else {
                        list.attrs.push(a);
                    }
                }
                _ => break,
            }
        }
        if let Some(e) = memory {
            list.attrs.push(Attr::Memory(e));
        }
        Ok(list)
    }

    fn parse_one_attr(&mut self, kind: AttrKind, ctx: AttrCtx) -> PResult<Attr> {
        let span = self.bump().span;
        let in_group = ctx == AttrCtx::Group;
        match kind.shape() {
            AttrShape::Flag => Ok(Attr::Flag(kind)),
            AttrShape::Align => {
                if in_group && self.eat(&TokenKind::Equal) {
                    return Ok(Attr::Int(kind, self.align_value()?));
                }
                Ok(Attr::Int(kind, self.align_value()?))
            }
            AttrShape::IntParen => {
                let v = if in_group && self.eat(&TokenKind::Equal) {
                    self.uint("attribute value")?
                } else {
                    self.expect(&TokenKind::LParen, "'('")?;
                    let v = self.uint("attribute value")?;
                    self.expect(&TokenKind::RParen, "')'")?;
                    v
                };
                if kind == AttrKind::AlignStack && !v.is_power_of_two() {
                    return self.err(span, "stack alignment is not a power of two");
                }
                Ok(Attr::Int(kind, v))
            }
            AttrShape::Type => {
                self.expect(&TokenKind::LParen, "'(' after type attribute")?;
                let t = self.parse_type()?;
                self.expect(&TokenKind::RParen, "')' after type attribute")?;
                Ok(Attr::Type(kind, t))
            }
            AttrShape::Special => self.parse_special_attr(kind, span),
        }
    }

    fn parse_special_attr(&mut self, kind: AttrKind, span: Span) -> PResult<Attr> {
        match kind {
            AttrKind::UwTable => {
                if self.eat(&TokenKind::LParen) {
                    let k = if self.eat_word("sync") {
                        Some(UwTableKind::Sync)
                    } else if self.eat_word("async") {
                        // `uwtable` alone means `uwtable(async)`; LLVM prints it bare.
                        None
                    } else {
                        return self.err_expected("'sync' or 'async'");
                    };
                    self.expect(&TokenKind::RParen, "')'")?;
                    Ok(Attr::UwTable(k))
                } else {
                    Ok(Attr::UwTable(None))
                }
            }
            AttrKind::AllocKind => {
                self.expect(&TokenKind::LParen, "'('")?;
                let s = self.string("allockind string")?;
                self.expect(&TokenKind::RParen, "')'")?;
                Ok(Attr::AllocKind(s))
            }
            AttrKind::AllocSize | AttrKind::VScaleRange => {
                self.expect(&TokenKind::LParen, "'('")?;
                let a = self.uint32("integer argument")?;
                let b = if self.eat(&TokenKind::Comma) {
                    Some(self.uint32("integer argument")?)
                } else {
                    None
                };
                self.expect(&TokenKind::RParen, "')'")?;
                if kind == AttrKind::AllocSize {
                    if b == Some(a) {
                        return self
                            .err(span, "'allocsize' indices can't refer to the same parameter");
                    }
                    Ok(Attr::AllocSize(a, b))
                } else {
                    // The maximum defaults to the minimum; `0` means unbounded.
                    let max = b.unwrap_or(a);
                    Ok(Attr::VScaleRange(a, (max != 0).then_some(max)))
                }
            }
            AttrKind::Memory => {
                self.expect(&TokenKind::LParen, "'(' after memory")?;
                let mut e = MemoryEffects::all(ModRef::None);
                let mut first = true;
                loop {
                    if let TokenKind::LabelStr(loc) = &self.tok.kind {
                        let Some(i) = MEMORY_LOCATIONS.iter().position(|l| *l == loc.as_ref())
                        else {
                            return self.err_here("expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)");
                        };
                        self.bump();
                        let m = self.parse_modref()?;
                        e.set(i, m);
                    } else if first {
                        let m = self.parse_modref()?;
                        e = MemoryEffects::all(m);
                    } else {
                        return self.err_expected("memory location");
                    }
                    first = false;
                    if !self.eat(&TokenKind::Comma) {
                        break;
                    }
                }
                self.expect(&TokenKind::RParen, "')' at end of memory effects")?;
                Ok(Attr::Memory(e))
            }
            AttrKind::NoFpClass => {
                self.expect(&TokenKind::LParen, "'('")?;
                let mut mask = 0u16;
                if let TokenKind::Integer(_) = self.kind() {
                    let s = self.span();
                    let v = self.uint("nofpclass mask")?;
                    if v == 0 || v > 0x3ff {
                        return self.err(s, "invalid mask value for 'nofpclass'");
                    }
                    mask = v as u16;
                } else {
                    while let Some(w) = self.word() {
                        let Some((_, bits)) = fpclass::NAMES.iter().find(|(n, _)| *n == w) else {
                            return self.err_here("invalid nofpclass test");
                        };
                        mask |= bits;
                        self.bump();
                    }
                    if mask == 0 {
                        return self.err_expected("nofpclass test");
                    }
                }
                self.expect(&TokenKind::RParen, "')'")?;
                Ok(Attr::NoFpClass(mask))
            }
            AttrKind::Range => {
                self.expect(&TokenKind::LParen, "'('")?;
                let tspan = self.span();
                let ty = self.parse_type()?;
                let Some(bits) = self.m.types.int_bits(self.m.types.scalar(ty)) else {
                    return self.err(tspan, "the range must have integer type!");
                };
                let lo = self.range_bound(bits)?;
                self.expect(&TokenKind::Comma, "','")?;
                let hi = self.range_bound(bits)?;
                self.expect(&TokenKind::RParen, "')'")?;
                if lo == hi && !lo.is_zero() && !lo.is_all_ones() {
                    return self.err(span, "the range should not represent the full or empty set!");
                }
                Ok(Attr::Range(ty, lo, hi))
            }
            AttrKind::Initializes => {
                self.expect(&TokenKind::LParen, "'('")?;
                let mut ranges = Vec::new();
                loop {
                    self.expect(&TokenKind::LParen, "'('")?;
                    let lo = self.sint("range start")?;
                    self.expect(&TokenKind::Comma, "','")?;
                    let hi = self.sint("range end")?;
                    self.expect(&TokenKind::RParen, "')'")?;
                    if lo >= hi {
                        return self.err(
                            span,
                            "Attribute 'initializes' requires interval lower less than upper",
                        );
                    }
                    ranges.push((lo, hi));
                    if !self.eat(&TokenKind::Comma) {
                        break;
                    }
                }
                self.expect(&TokenKind::RParen, "')'")?;
                Ok(Attr::Initializes(ranges.into()))
            }
            _ => self.err(span, "unsupported attribute"),
        }
    }

    fn parse_modref(&mut self) -> PResult<ModRef> {
        match self.word().and_then(ModRef::from_name) {
            Some(m) => {
                self.bump();
                Ok(m)
            }
            None => self.err_expected("access kind (none, read, write, readwrite)"),
        }
    }

    fn range_bound(&mut self, bits: u32) -> PResult<ApInt> {
        match self.tok.kind {
            TokenKind::Integer(t) => {
                let v = ApInt::parse_decimal(bits, t);
                self.bump();
                v.map(Ok).unwrap_or_else(|| self.err_here("invalid integer"))
            }
            TokenKind::HexInt { digits, signed } => {
                let v = super::constants::hex_int(bits, digits, signed);
                self.bump();
                v.map(Ok).unwrap_or_else(|| self.err_here("invalid integer"))
            }
            _ => self.err_expected("integer"),
        }
    }

    /// `attributes #N = { ... }` after `attributes`.
    pub(crate) fn parse_attr_group_def(&mut self) -> PResult<()> {
        let span = self.span();
        let TokenKind::AttrGroupId(n) = *self.kind() else {
            return self.err_expected("attribute group id");
        };
        self.bump();
        self.expect(&TokenKind::Equal, "'=' here")?;
        self.expect(&TokenKind::LBrace, "'{' here")?;
        let list = self.parse_attrs(AttrCtx::Group)?;
        self.expect(&TokenKind::RBrace, "'}' at end of attribute group")?;
        if self.attr_groups.contains_key(&n) {
            return self.err(span, format!("attribute group #{n} is defined more than once"));
        }
        let set = self.m.attrs.intern(list.attrs);
        self.attr_groups.insert(n, set);
        Ok(())
    }
}
