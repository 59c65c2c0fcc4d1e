//! Parsing constants: literals, aggregates, global references, `blockaddress` and friends, and
//! the constant expressions LLVM 19 still accepts.

use super::{LocalKey, PResult, Parser};
use crate::diag::Span;
use crate::ir::constants::{ConstExpr, ConstKind, InlineAsm};
use crate::ir::module::{GlobalName, GlobalValue};
use crate::ir::types::Type;
use crate::ir::typing::GepIndex;
use crate::ir::{float, ApInt, ConstId, GlobalId, InstFlags, Opcode, TypeId};
use crate::text::lexer::TokenKind;
use crate::text::printer::print_type;

/// Constant expressions LLVM 19 no longer accepts, for a precise message.
const REMOVED_CONSTEXPRS: &[&str] = &[
    "and",
    "or",
    "lshr",
    "ashr",
    "shl",
    "zext",
    "sext",
    "fptrunc",
    "fpext",
    "fptoui",
    "fptosi",
    "uitofp",
    "sitofp",
    "icmp",
    "fcmp",
    "select",
    "extractvalue",
    "insertvalue",
    "udiv",
    "sdiv",
    "urem",
    "srem",
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
    "fneg",
];

/// The constant expressions LLVM 19 accepts.
const CONSTEXPR_OPCODES: &[Opcode] = &[
    Opcode::Trunc,
    Opcode::PtrToInt,
    Opcode::IntToPtr,
    Opcode::BitCast,
    Opcode::AddrSpaceCast,
    Opcode::GetElementPtr,
    Opcode::ExtractElement,
    Opcode::InsertElement,
    Opcode::ShuffleVector,
    Opcode::Add,
    Opcode::Sub,
    Opcode::Mul,
    Opcode::Xor,
];

impl<'a> Parser<'a> {
    /// The printed form of a type, for messages.
    pub(crate) fn ty_str(&self, t: TypeId) -> String {
        print_type(&self.m, t)
    }

    /// `<type> <constant>`.
    pub(crate) fn parse_typed_const(&mut self) -> PResult<ConstId> {
        let (ty, pointee) = self.parse_type_ex()?;
        self.parse_const_ex(ty, pointee)
    }

    /// A constant of type `ty`.
    pub(crate) fn parse_const(&mut self, ty: TypeId) -> PResult<ConstId> {
        self.parse_const_ex(ty, None)
    }

    /// A constant of type `ty`; `pointee` is the legacy pointee type when `ty` was a typed pointer.
    pub(crate) fn parse_const_ex(
        &mut self,
        ty: TypeId,
        pointee: Option<TypeId>,
    ) -> PResult<ConstId> {
        self.enter()?;
        let r = self.parse_const_inner(ty, pointee);
        self.leave();
        r
    }

    fn parse_const_inner(&mut self, ty: TypeId, _pointee: Option<TypeId>) -> PResult<ConstId> {
        let span = self.span();
        match self.tok.kind {
            TokenKind::Integer(text) => {
                let Some(bits) = self.m.types.int_bits(ty) else {
                    if let Some(k) = self.m.types.float_kind(ty) {
                        // LLVM reads `double 1` as an error; accept nothing but float syntax.
                        let _ = k;
                        return self.err_here("floating point constant invalid for type");
                    }
                    return self.err_here("integer constant must have integer type");
                };
                let Some(v) = ApInt::parse_decimal(bits, text) else {
                    return self.err_here("invalid integer constant");
                };
                self.bump();
                Ok(self.m.consts.int(ty, v))
            }
            TokenKind::HexInt { signed, digits } => {
                let Some(bits) = self.m.types.int_bits(ty) else {
                    return self.err_here("integer constant must have integer type");
                };
                let Some(v) = hex_int(bits, digits, signed) else {
                    return self.err_here("invalid hexadecimal integer constant");
                };
                self.bump();
                Ok(self.m.consts.int(ty, v))
            }
            TokenKind::Float(text) => {
                let Some(kind) = self.m.types.float_kind(ty) else {
                    return self.err_here("floating point constant invalid for type");
                };
                let Some(bits) = float::parse_decimal(kind, text) else {
                    return self.err_here("floating point constant invalid for type");
                };
                self.bump();
                Ok(self.m.consts.intern(ty, ConstKind::Float(bits)))
            }
            TokenKind::HexFloat { kind: hk, digits } => {
                let Some(kind) = self.m.types.float_kind(ty) else {
                    return self.err_here("floating point constant invalid for type");
                };
                let Some(bits) = float::parse_hex(kind, hk, digits) else {
                    return self.err_here("floating point constant invalid for type");
                };
                self.bump();
                Ok(self.m.consts.intern(ty, ConstKind::Float(bits)))
            }
            TokenKind::GlobalName(_) | TokenKind::GlobalId(_) => {
                if !self.m.types.is_ptr(ty) {
                    return self.err_here("global variable reference must have pointer type");
                }
                let g = self.parse_global_ref()?;
                self.note_global_use(g, ty, span)?;
                Ok(self.m.consts.intern(ty, ConstKind::Global(g)))
            }
            TokenKind::LBrace => {
                self.bump();
                let elems = self.parse_const_list(&TokenKind::RBrace)?;
                self.expect(&TokenKind::RBrace, "'}' at end of struct constant")?;
                self.check_struct_const(ty, false, &elems, span)?;
                Ok(self.m.consts.intern(ty, ConstKind::Aggregate(elems.into())))
            }
            TokenKind::Less => {
                self.bump();
                if self.eat(&TokenKind::LBrace) {
                    let elems = self.parse_const_list(&TokenKind::RBrace)?;
                    self.expect(&TokenKind::RBrace, "'}' at end of packed struct constant")?;
                    self.expect(&TokenKind::Greater, "'>' at end of packed struct constant")?;
                    self.check_struct_const(ty, true, &elems, span)?;
                    return Ok(self.m.consts.intern(ty, ConstKind::Aggregate(elems.into())));
                }
                let elems = self.parse_const_list(&TokenKind::Greater)?;
                self.expect(&TokenKind::Greater, "'>' at end of vector constant")?;
                let Some((scalable, len, elem)) = self.m.types.vector(ty) else {
                    return self.err(
                        span,
                        format!("vector constant must have vector type, not '{}'", self.ty_str(ty)),
                    );
                };
                if scalable {
                    return self.err(
                        span,
                        "scalable vector constants must be zeroinitializer, undef, poison or splat",
                    );
                }
                if elems.len() != len as usize {
                    return self.err(
                        span,
                        format!(
                            "vector constant has {} elements but its type has {len}",
                            elems.len()
                        ),
                    );
                }
                self.check_elems(&elems, elem, "vector")?;
                Ok(self.m.consts.intern(ty, ConstKind::Aggregate(elems.into())))
            }
            TokenKind::LBracket => {
                self.bump();
                let elems = self.parse_const_list(&TokenKind::RBracket)?;
                self.expect(&TokenKind::RBracket, "']' at end of array constant")?;
                let Some((len, elem)) = self.m.types.array(ty) else {
                    return self.err(
                        span,
                        format!("array constant must have array type, not '{}'", self.ty_str(ty)),
                    );
                };
                if elems.len() as u64 != len {
                    return self.err(
                        span,
                        format!(
                            "array constant has {} elements but its type has {len}",
                            elems.len()
                        ),
                    );
                }
                self.check_elems(&elems, elem, "array")?;
                Ok(self.m.consts.intern(ty, ConstKind::Aggregate(elems.into())))
            }
            TokenKind::Word(w) => self.parse_word_const(w, ty, span),
            _ => self.err_expected("value"),
        }
    }

    fn parse_word_const(&mut self, w: &'a str, ty: TypeId, span: Span) -> PResult<ConstId> {
        let simple = |k: ConstKind| Some(k);
        let kind = match w {
            "true" | "false" => {
                if ty != TypeId::I1 {
                    return self.err_here("boolean constant must have type i1");
                }
                self.bump();
                return Ok(self.m.consts.int(ty, ApInt::from_u64(1, (w == "true") as u64)));
            }
            "null" => {
                if !self.m.types.is_ptr(ty) && !matches!(self.m.types.get(ty), Type::Target { .. })
                {
                    return self.err_here("null must be a pointer type");
                }
                simple(ConstKind::Null)
            }
            "none" => {
                if ty != TypeId::TOKEN {
                    return self.err_here("invalid type for none constant");
                }
                simple(ConstKind::NoneToken)
            }
            "zeroinitializer" => {
                if matches!(
                    self.m.types.get(ty),
                    Type::Void | Type::Label | Type::Func { .. } | Type::Metadata | Type::Token
                ) {
                    return self.err_here("invalid type for null constant");
                }
                simple(ConstKind::Zero)
            }
            "undef" | "poison" => {
                if matches!(
                    self.m.types.get(ty),
                    Type::Void | Type::Label | Type::Func { .. } | Type::Metadata
                ) {
                    return self.err_here(format!("invalid type for {w} constant"));
                }
                simple(if w == "undef" { ConstKind::Undef } else { ConstKind::Poison })
            }
            "c" => {
                self.bump();
                let TokenKind::String(s) = &self.tok.kind else {
                    return self.err_expected("string constant after 'c'");
                };
                let bytes: Box<[u8]> = s.as_ref().into();
                self.bump();
                match self.m.types.array(ty) {
                    Some((len, elem)) if elem == TypeId::I8 && len == bytes.len() as u64 => {}
                    _ => {
                        return self.err(
                            span,
                            format!(
                                "constant string has type '[{} x i8]' but expected '{}'",
                                bytes.len(),
                                self.ty_str(ty)
                            ),
                        );
                    }
                }
                return Ok(self.m.consts.intern(ty, ConstKind::Bytes(bytes)));
            }
            "blockaddress" => return self.parse_blockaddress(ty, span),
            "dso_local_equivalent" | "no_cfi" => {
                self.bump();
                if !self.m.types.is_ptr(ty) {
                    return self.err(span, format!("{w} must have pointer type"));
                }
                let gspan = self.span();
                let g = self.parse_global_ref()?;
                self.note_global_use(g, ty, gspan)?;
                let k = if w == "no_cfi" {
                    ConstKind::NoCfi(g)
                } else {
                    ConstKind::DsoLocalEquivalent(g)
                };
                return Ok(self.m.consts.intern(ty, k));
            }
            "ptrauth" => {
                self.bump();
                self.expect(&TokenKind::LParen, "'(' after ptrauth")?;
                let mut ops = vec![self.parse_typed_const()?];
                while self.eat(&TokenKind::Comma) {
                    ops.push(self.parse_typed_const()?);
                }
                self.expect(&TokenKind::RParen, "')' after ptrauth operands")?;
                if ops.len() < 2 || ops.len() > 4 {
                    return self.err(span, "ptrauth takes a pointer, a key and optionally a discriminator and an address discriminator");
                }
                return Ok(self.m.consts.intern(ty, ConstKind::PtrAuth(ops.into())));
            }
            "asm" => return self.parse_inline_asm(ty),
            "splat" => return self.parse_splat(ty, span),
            _ => {
                if REMOVED_CONSTEXPRS.contains(&w) {
                    return self.err_here(format!("{w} constexprs are no longer supported"));
                }
                if let Some(op) = Opcode::from_name(w).filter(|op| CONSTEXPR_OPCODES.contains(op)) {
                    return self.parse_const_expr(op, Some(ty), span);
                }
                return self.err_expected("value");
            }
        };
        self.bump();
        Ok(self.m.consts.intern(ty, kind.unwrap_or(ConstKind::Undef)))
    }

    /// `<ty> <c>, <ty> <c>, ...` up to (not including) `end`.
    fn parse_const_list(&mut self, end: &TokenKind<'_>) -> PResult<Vec<ConstId>> {
        let mut v = Vec::new();
        if self.at(end) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_typed_const()?);
            if !self.eat(&TokenKind::Comma) {
                return Ok(v);
            }
        }
    }

    fn check_elems(&mut self, elems: &[ConstId], elem_ty: TypeId, what: &str) -> PResult<()> {
        for (i, &e) in elems.iter().enumerate() {
            let et = self.m.consts.ty(e);
            if et != elem_ty {
                let msg = format!("{what} element #{i} is not of type '{}'", self.ty_str(elem_ty));
                let span = self.span();
                return self.err(span, msg);
            }
        }
        Ok(())
    }

    fn check_struct_const(
        &mut self,
        ty: TypeId,
        packed: bool,
        elems: &[ConstId],
        span: Span,
    ) -> PResult<()> {
        let Some((is_packed, fields)) = self.m.types.struct_fields(ty) else {
            return self.err(
                span,
                format!("struct constant must have struct type, not '{}'", self.ty_str(ty)),
            );
        };
        if is_packed != packed {
            return self.err(span, "packed'ness of initializer and type don't match");
        }
        if fields.len() != elems.len() {
            return self.err(span, "initializer with struct type has wrong # elements");
        }
        let fields = fields.to_vec();
        for (i, (&e, &f)) in elems.iter().zip(fields.iter()).enumerate() {
            if self.m.consts.ty(e) != f {
                return self.err(
                    span,
                    format!("element {i} of struct initializer doesn't match struct element type"),
                );
            }
        }
        Ok(())
    }

    /// `@name` or `@N`: the global, created as a forward reference when not yet defined.
    pub(crate) fn parse_global_ref(&mut self) -> PResult<GlobalId> {
        let span = self.span();
        let name = match &self.tok.kind {
            TokenKind::GlobalName(n) => GlobalName::Named(self.m.symbols.intern(n)),
            &TokenKind::GlobalId(n) => GlobalName::Numbered(n),
            _ => return self.err_expected("global value name"),
        };
        self.bump();
        Ok(self.global_by_key(name, span))
    }

    /// The global with this name, created as a forward reference if needed.
    pub(crate) fn global_by_key(&mut self, name: GlobalName, span: Span) -> GlobalId {
        if let Some(&g) = self.m.global_names.get(&name) {
            return g;
        }
        let g = self.m.globals.push(GlobalValue::forward(name.clone(), span));
        self.m.global_names.insert(name, g);
        g
    }

    /// A GEP index description for a constant operand.
    pub(crate) fn gep_index_of_const(&self, c: ConstId) -> GepIndex {
        let ty = self.m.consts.ty(c);
        let value = match self.m.consts.kind(c) {
            ConstKind::Int(v) => v.to_i64(),
            ConstKind::Zero => Some(0),
            ConstKind::Aggregate(elems) => {
                // A splat vector of one integer.
                let first = elems.first().and_then(|e| match self.m.consts.kind(*e) {
                    ConstKind::Int(v) => v.to_i64(),
                    _ => None,
                });
                first.filter(|_| elems.windows(2).all(|w| w[0] == w[1]))
            }
            _ => None,
        };
        GepIndex { ty, value }
    }

    /// Records the pointer type a global is used with, checking its address space.
    pub(crate) fn note_global_use(&mut self, g: GlobalId, ty: TypeId, span: Span) -> PResult<()> {
        let Some(asp) = self.m.types.ptr_addrspace(ty) else {
            return self.err(span, "global variable reference must have pointer type");
        };
        let defined_asp = match self.m.globals.get(g) {
            Some(gv) if !matches!(gv.kind, crate::ir::GlobalKind::Forward) => Some(gv.addrspace),
            _ => None,
        };
        match defined_asp {
            Some(a) if a != asp => {
                let name = self.m.global_name(g);
                self.err(
                    span,
                    format!(
                        "'@{name}' defined with type 'ptr{}' but expected '{}'",
                        asp_suffix(a),
                        self.ty_str(ty)
                    ),
                )
            }
            Some(_) => Ok(()),
            None => {
                // Checked against the definition when it comes.
                self.forward_global_types.entry(g).or_insert(None).get_or_insert((asp, span));
                Ok(())
            }
        }
    }

    fn parse_blockaddress(&mut self, ty: TypeId, span: Span) -> PResult<ConstId> {
        self.bump();
        self.expect(&TokenKind::LParen, "'(' in block address expression")?;
        let gspan = self.span();
        let g = self.parse_global_ref()?;
        self.expect(&TokenKind::Comma, "',' in block address expression")?;
        let bspan = self.span();
        let key = match &self.tok.kind {
            TokenKind::LocalName(n) => LocalKey::Named(self.m.symbols.intern(n)),
            &TokenKind::LocalId(n) => LocalKey::Numbered(n),
            _ => return self.err_expected("basic block name"),
        };
        self.bump();
        self.expect(&TokenKind::RParen, "')' in block address expression")?;
        if !self.m.types.is_ptr(ty) {
            return self.err(span, "type of blockaddress must be a pointer");
        }
        match self.m.globals.get(g).map(|gv| &gv.kind) {
            Some(crate::ir::GlobalKind::Func(_)) | Some(crate::ir::GlobalKind::Forward) => {}
            _ => return self.err(gspan, "expected function name in blockaddress"),
        }
        let block = self.block_for_address(g, key, bspan)?;
        Ok(self.m.consts.intern(ty, ConstKind::BlockAddress { func: g, block }))
    }

    /// `splat (ty v)`: a fixed vector of copies, or for scalable vectors the
    /// `shufflevector (insertelement (poison, v, 0), poison, zeroinitializer)` LLVM 19 builds.
    fn parse_splat(&mut self, ty: TypeId, span: Span) -> PResult<ConstId> {
        self.bump();
        self.expect(&TokenKind::LParen, "'(' after splat")?;
        let v = self.parse_typed_const()?;
        self.expect(&TokenKind::RParen, "')' after splat value")?;
        let Some((scalable, len, elem)) = self.m.types.vector(ty) else {
            return self.err(span, "constant splat must have vector type");
        };
        if self.m.consts.ty(v) != elem {
            return self
                .err(span, "constant splat's element type must match the vector's element type");
        }
        if !scalable {
            let elems = vec![v; len as usize];
            return Ok(self.m.consts.intern(ty, ConstKind::Aggregate(elems.into())));
        }
        let poison = self.m.consts.intern(ty, ConstKind::Poison);
        let i64t = TypeId::I64;
        let zero = self.m.consts.int(i64t, ApInt::zero(64));
        let ins = ConstExpr {
            op: Opcode::InsertElement,
            flags: InstFlags::default(),
            operands: Box::new([poison, v, zero]),
            source_ty: None,
            inrange: None,
        };
        let ins = self.m.consts.intern(ty, ConstKind::Expr(Box::new(ins)));
        let mask_ty = self.m.types.intern(Type::Vector { scalable: true, len, elem: TypeId::I32 });
        let mask = self.m.consts.intern(mask_ty, ConstKind::Zero);
        let shuf = ConstExpr {
            op: Opcode::ShuffleVector,
            flags: InstFlags::default(),
            operands: Box::new([ins, poison, mask]),
            source_ty: None,
            inrange: None,
        };
        Ok(self.m.consts.intern(ty, ConstKind::Expr(Box::new(shuf))))
    }

    /// A constant expression whose type follows from its operands (aliasees are written so).
    pub(crate) fn parse_untyped_const_expr(&mut self) -> PResult<ConstId> {
        let span = self.span();
        let Some(op) = self.word().and_then(Opcode::from_name) else {
            return self.err_expected("constant expression");
        };
        self.parse_const_expr(op, None, span)
    }

    fn parse_inline_asm(&mut self, ty: TypeId) -> PResult<ConstId> {
        self.bump();
        let mut a = InlineAsm {
            asm: Box::new([]),
            constraints: Box::new([]),
            side_effect: false,
            align_stack: false,
            intel_dialect: false,
            unwind: false,
        };
        loop {
            if self.eat_word("sideeffect") {
                a.side_effect = true;
            } else if self.eat_word("alignstack") {
                a.align_stack = true;
            } else if self.eat_word("inteldialect") {
                a.intel_dialect = true;
            } else if self.eat_word("unwind") {
                a.unwind = true;
            } else {
                break;
            }
        }
        a.asm = self.string("inline asm string")?;
        self.expect(&TokenKind::Comma, "',' after inline asm string")?;
        a.constraints = self.string("inline asm constraint string")?;
        Ok(self.m.consts.intern(ty, ConstKind::InlineAsm(Box::new(a))))
    }

    fn parse_const_expr(
        &mut self,
        op: Opcode,
        want: Option<TypeId>,
        span: Span,
    ) -> PResult<ConstId> {
        self.bump();
        let mut flags = InstFlags::default();
        let result_ty;
        let mut operands = Vec::new();
        let mut source_ty = None;
        let mut inrange = None;
        match op {
            Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::AddrSpaceCast => {
                self.expect(&TokenKind::LParen, "'(' after constantexpr cast")?;
                let src = self.parse_typed_const()?;
                self.expect_word("to")?;
                let dest = self.parse_type()?;
                self.expect(&TokenKind::RParen, "')' at end of constantexpr cast")?;
                let st = self.m.consts.ty(src);
                if !crate::ir::cast_is_valid(&self.m.types, op, st, dest) {
                    return self.err(
                        span,
                        format!(
                            "invalid cast opcode for cast from '{}' to '{}'",
                            self.ty_str(st),
                            self.ty_str(dest)
                        ),
                    );
                }
                operands.push(src);
                result_ty = dest;
            }
            Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Xor => {
                if op != Opcode::Xor {
                    loop {
                        if self.eat_word("nuw") {
                            flags.set(InstFlags::NUW);
                        } else if self.eat_word("nsw") {
                            flags.set(InstFlags::NSW);
                        } else {
                            break;
                        }
                    }
                }
                self.expect(&TokenKind::LParen, "'(' in binary constantexpr")?;
                let a = self.parse_typed_const()?;
                self.expect(&TokenKind::Comma, "',' in binary constantexpr")?;
                let b = self.parse_typed_const()?;
                self.expect(&TokenKind::RParen, "')' in binary constantexpr")?;
                let at = self.m.consts.ty(a);
                if at != self.m.consts.ty(b) {
                    return self.err(span, "operands of constexpr must have same type");
                }
                if !self.m.types.is_int_or_int_vector(at) {
                    return self.err(span, "constexpr requires integer or integer vector operands");
                }
                operands.extend([a, b]);
                result_ty = at;
            }
            Opcode::GetElementPtr => {
                loop {
                    if self.eat_word("inbounds") {
                        flags.set(InstFlags::INBOUNDS);
                    } else if self.eat_word("nusw") {
                        flags.set(InstFlags::NUSW);
                    } else if self.eat_word("nuw") {
                        flags.set(InstFlags::NUW);
                    } else if self.at_word("inrange") {
                        self.bump();
                        self.expect(&TokenKind::LParen, "'(' after inrange")?;
                        let lo = self.sint("inrange start")?;
                        self.expect(&TokenKind::Comma, "',' in inrange")?;
                        let hi = self.sint("inrange end")?;
                        self.expect(&TokenKind::RParen, "')' after inrange")?;
                        if lo > hi {
                            return self.err(span, "expected end to be larger than start");
                        }
                        inrange = Some((lo, hi));
                    } else {
                        break;
                    }
                }
                self.expect(&TokenKind::LParen, "'(' in constantexpr")?;
                let (first, pointee) = self.parse_type_ex()?;
                let base;
                if self.eat(&TokenKind::Comma) {
                    source_ty = Some(first);
                    base = self.parse_typed_const()?;
                } else {
                    // Legacy `getelementptr (%T* @g, ...)`: the source type is the pointee.
                    let Some(p) = pointee else {
                        return self.err_expected("',' after getelementptr's type");
                    };
                    source_ty = Some(p);
                    base = self.parse_const(first)?;
                }
                operands.push(base);
                while self.eat(&TokenKind::Comma) {
                    operands.push(self.parse_typed_const()?);
                }
                self.expect(&TokenKind::RParen, "')' in constantexpr")?;
                let src = source_ty.unwrap_or(TypeId::I8);
                let ptr_ty = self.m.consts.ty(base);
                let indices: Vec<GepIndex> =
                    operands[1..].iter().map(|&c| self.gep_index_of_const(c)).collect();
                match crate::ir::gep_result_type(&mut self.m.types, src, ptr_ty, &indices) {
                    Ok(t) => result_ty = t,
                    Err(msg) => return self.err(span, msg),
                }
            }
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                self.expect(&TokenKind::LParen, "'(' in constantexpr")?;
                operands.push(self.parse_typed_const()?);
                while self.eat(&TokenKind::Comma) {
                    operands.push(self.parse_typed_const()?);
                }
                self.expect(&TokenKind::RParen, "')' in constantexpr")?;
                let tys: Vec<TypeId> = operands.iter().map(|c| self.m.consts.ty(*c)).collect();
                match crate::ir::vector_op_result_type(&mut self.m.types, op, &tys) {
                    Ok(t) => result_ty = t,
                    Err(msg) => return self.err(span, msg),
                }
            }
            _ => return self.err(span, format!("{} is not a constant expression", op.name())),
        }
        let ty = want.unwrap_or(result_ty);
        if result_ty != ty {
            return self.err(
                span,
                format!(
                    "constant expression type mismatch: got type '{}' but expected '{}'",
                    self.ty_str(result_ty),
                    self.ty_str(ty)
                ),
            );
        }
        let inrange = inrange.map(|(lo, hi)| {
            let w = self.m.datalayout.index_size_bits(0).max(1);
            (ApInt::from_i64(w, lo), ApInt::from_i64(w, hi))
        });
        let expr = ConstExpr { op, flags, operands: operands.into(), source_ty, inrange };
        Ok(self.m.consts.intern(ty, ConstKind::Expr(Box::new(expr))))
    }
}

/// `u0x...`/`s0x...` as LLVM reads them: the value is cut to its significant bits, and `s0x`
/// reads those bits as a signed number (so `s0x7f` is -1), before it is fitted to the type.
pub(crate) fn hex_int(width: u32, digits: &str, signed: bool) -> Option<ApInt> {
    let wide = ApInt::parse_hex((digits.len() as u32).saturating_mul(4).max(1), digits)?;
    let active = wide.active_bits();
    if !signed || active == 0 {
        return Some(wide.truncate(width));
    }
    Some(wide.truncate(active).sext(width))
}

fn asp_suffix(a: u32) -> String {
    if a == 0 {
        String::new()
    } else {
        format!(" addrspace({a})")
    }
}
