//! Parsing types, including legacy typed pointers (`i32*`, `i8 addrspace(1)*`), which are read
//! as opaque `ptr` with the pointee remembered for the legacy instruction forms that need it.

use super::{PResult, Parser};
use crate::ir::types::{StructBody, Type, TypeName, MAX_INT_BITS};
use crate::ir::{FloatKind, TypeId};
use crate::text::lexer::TokenKind;

impl<'a> Parser<'a> {
    /// Parses a type.
    pub(crate) fn parse_type(&mut self) -> PResult<TypeId> {
        Ok(self.parse_type_ex()?.0)
    }

    /// Parses a type; for a legacy typed pointer also returns the pointee type.
    pub(crate) fn parse_type_ex(&mut self) -> PResult<(TypeId, Option<TypeId>)> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    /// Reports a word that is not a type, with the LLVM spelling of a C type name or a close
    /// type keyword.
    #[cold]
    fn err_unknown_type<T>(&mut self, w: &str) -> PResult<T> {
        let c_type = match w {
            "bool" | "_Bool" => Some("i1"),
            "char" | "byte" | "int8" | "int8_t" | "uint8_t" | "u8" => Some("i8"),
            "short" | "int16" | "int16_t" | "uint16_t" | "u16" => Some("i16"),
            "int" | "unsigned" | "int32" | "int32_t" | "uint32_t" | "u32" => Some("i32"),
            "long" | "int64" | "int64_t" | "uint64_t" | "u64" | "size_t" => Some("i64"),
            "f32" | "float32" => Some("float"),
            "f64" | "float64" => Some("double"),
            "pointer" | "i8ptr" => Some("ptr"),
            _ => None,
        };
        let d = self.expected_diag("type");
        let d = match c_type {
            Some(t) => d.with_help(format!(
                "LLVM names types by their size: write `{t}` (integers are `iN` whatever their sign, every pointer is `ptr`)"
            )),
            None => d.with_suggestion(crate::diag::did_you_mean(
                w,
                [
                    "void", "label", "token", "metadata", "ptr", "half", "bfloat", "float",
                    "double", "fp128", "x86_fp80", "ppc_fp128", "x86_amx", "i1", "i8", "i16",
                    "i32", "i64", "i128",
                ],
            )),
        };
        self.fail(d)
    }

    fn parse_type_inner(&mut self) -> PResult<(TypeId, Option<TypeId>)> {
        let start = self.span();
        let mut ty = match &self.tok.kind {
            &TokenKind::IntType(bits) => {
                if bits == 0 || bits > MAX_INT_BITS {
                    return self.err_here("bitwidth for integer type out of range");
                }
                self.bump();
                self.m.types.int(bits)
            }
            &TokenKind::Word(w) => {
                if let Some(k) = FloatKind::from_name(w) {
                    self.bump();
                    self.m.types.float(k)
                } else {
                    match w {
                        "void" => {
                            self.bump();
                            TypeId::VOID
                        }
                        "label" => {
                            self.bump();
                            TypeId::LABEL
                        }
                        "token" => {
                            self.bump();
                            TypeId::TOKEN
                        }
                        "metadata" => {
                            self.bump();
                            TypeId::METADATA
                        }
                        "x86_amx" => {
                            self.bump();
                            self.m.types.intern(Type::X86Amx)
                        }
                        "ptr" => {
                            self.bump();
                            let asp = self.opt_addrspace()?.unwrap_or(0);
                            self.m.types.ptr(asp)
                        }
                        "target" => self.parse_target_type()?,
                        _ => return self.err_unknown_type(w),
                    }
                }
            }
            TokenKind::LBracket => {
                self.bump();
                let len = self.uint("array length")?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect(&TokenKind::RBracket, "']' at end of array type")?;
                if !self.is_valid_element_type(elem) {
                    return self.err(start, "invalid array element type");
                }
                self.m.types.intern(Type::Array { len, elem })
            }
            TokenKind::LBrace => {
                let fields = self.parse_struct_body_fields()?;
                self.m.types.intern(Type::Struct { packed: false, fields: fields.into() })
            }
            TokenKind::Less => {
                self.bump();
                if self.at(&TokenKind::LBrace) {
                    let fields = self.parse_struct_body_fields()?;
                    self.expect(&TokenKind::Greater, "'>' at end of packed struct")?;
                    self.m.types.intern(Type::Struct { packed: true, fields: fields.into() })
                } else {
                    let scalable = self.eat_word("vscale");
                    if scalable {
                        self.expect_word("x")?;
                    }
                    let len_span = self.span();
                    let len = self.uint32("number of elements")?;
                    self.expect_word("x")?;
                    let elem = self.parse_type()?;
                    self.expect(&TokenKind::Greater, "'>' at end of vector type")?;
                    if len == 0 {
                        return self.err(len_span, "zero element vector is illegal");
                    }
                    let ok = matches!(
                        self.m.types.get(elem),
                        Type::Int(_) | Type::Float(_) | Type::Ptr(_)
                    );
                    if !ok {
                        return self.err(start, "invalid vector element type");
                    }
                    self.m.types.intern(Type::Vector { scalable, len, elem })
                }
            }
            TokenKind::LocalName(n) => {
                let sym = self.m.symbols.intern(n);
                self.bump();
                self.named_type_ref(TypeName::Named(sym))
            }
            &TokenKind::LocalId(n) => {
                self.bump();
                self.named_type_ref(TypeName::Numbered(n))
            }
            _ => return self.err_expected("type"),
        };
        // Suffixes: function types and legacy pointers.
        let base_is_ptr = matches!(self.m.types.get(ty), Type::Ptr(_));
        let mut pointee = None;
        loop {
            if self.at(&TokenKind::LParen) {
                ty = self.parse_function_type_params(ty)?;
                pointee = None;
            } else if self.at(&TokenKind::Star) {
                if base_is_ptr && pointee.is_none() {
                    let d = crate::diag::Diagnostic::error(
                        self.span(),
                        "ptr* is invalid - use ptr instead",
                    )
                    .with_help(
                        "`ptr` is already a pointer, to any type: write `ptr` (a pointer to a pointer is a `ptr` too); `T*` is the typed-pointer syntax of LLVM 14 and older",
                    );
                    return self.fail(d);
                }
                if ty == TypeId::VOID {
                    let d = crate::diag::Diagnostic::error(
                        self.span(),
                        "pointers to void are invalid - use i8* instead",
                    )
                    .with_help("a `void*` of C is `ptr` in LLVM IR");
                    return self.fail(d);
                }
                let span = self.bump().span;
                self.saw_legacy(span);
                pointee = Some(ty);
                ty = TypeId::PTR;
            } else if self.at_word("addrspace") && matches!(self.peek(), TokenKind::LParen) {
                // `i8 addrspace(1)*`
                let asp = self.opt_addrspace()?.unwrap_or(0);
                let span = self.expect(&TokenKind::Star, "'*' after address space")?;
                self.saw_legacy(span);
                pointee = Some(ty);
                ty = self.m.types.ptr(asp);
            } else {
                break;
            }
        }
        Ok((ty, pointee))
    }

    /// A reference to `%T`: an alias defined earlier, or an identified struct.
    fn named_type_ref(&mut self, name: TypeName) -> TypeId {
        if let Some(&t) = self.type_aliases.get(&name) {
            return t;
        }
        let id = self.m.types.named_struct(name);
        self.m.types.named[id].id
    }

    fn is_valid_element_type(&self, t: TypeId) -> bool {
        !matches!(
            self.m.types.get(t),
            Type::Void
                | Type::Label
                | Type::Metadata
                | Type::Func { .. }
                | Type::Token
                | Type::X86Amx
        )
    }

    /// `{ T, T }` (the braces included).
    fn parse_struct_body_fields(&mut self) -> PResult<Vec<TypeId>> {
        self.expect(&TokenKind::LBrace, "'{'")?;
        let mut fields = Vec::new();
        if self.eat(&TokenKind::RBrace) {
            return Ok(fields);
        }
        loop {
            let span = self.span();
            let t = self.parse_type()?;
            if !self.is_valid_element_type(t) {
                return self.err(span, "invalid element type for struct");
            }
            fields.push(t);
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RBrace, "'}' at end of struct")?;
        Ok(fields)
    }

    /// `(T, T, ...)` after a return type.
    fn parse_function_type_params(&mut self, ret: TypeId) -> PResult<TypeId> {
        let ret_span = self.span();
        self.expect(&TokenKind::LParen, "'('")?;
        let mut params = Vec::new();
        let mut vararg = false;
        if !self.eat(&TokenKind::RParen) {
            loop {
                if self.eat(&TokenKind::DotDotDot) {
                    vararg = true;
                    break;
                }
                let span = self.span();
                let t = self.parse_type()?;
                if matches!(self.m.types.get(t), Type::Void | Type::Func { .. }) {
                    return self.err(span, "invalid function argument type");
                }
                // Old-style attributes on function type parameters are not accepted by LLVM 19.
                params.push(t);
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
            self.expect(&TokenKind::RParen, "')' at end of function type")?;
        }
        if matches!(self.m.types.get(ret), Type::Func { .. } | Type::Label | Type::Metadata) {
            return self.err(ret_span, "invalid function return type");
        }
        Ok(self.m.types.func(ret, params, vararg))
    }

    /// `target("name", T..., N...)`.
    fn parse_target_type(&mut self) -> PResult<TypeId> {
        self.expect_word("target")?;
        self.expect(&TokenKind::LParen, "'(' in target extension type")?;
        let name = self.string("target extension type name")?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(&TokenKind::Comma) {
            if matches!(self.kind(), TokenKind::Integer(_)) {
                ints.push(self.uint32("integer parameter")?);
            } else {
                if !ints.is_empty() {
                    return self.err_here("expected uint32 param");
                }
                types.push(self.parse_type()?);
            }
        }
        self.expect(&TokenKind::RParen, "')' in target extension type")?;
        Ok(self.m.types.intern(Type::Target { name, types: types.into(), ints: ints.into() }))
    }

    /// `%T = type ...` after the name; `name_span` points at the name.
    pub(crate) fn parse_type_definition(
        &mut self,
        name: TypeName,
        name_span: crate::diag::Span,
    ) -> PResult<()> {
        self.expect_word("type")?;
        if self.type_aliases.contains_key(&name) {
            return self.err(name_span, "redefinition of type");
        }
        let is_struct_body = self.at(&TokenKind::LBrace)
            || self.at_word("opaque")
            || (self.at(&TokenKind::Less) && matches!(self.peek(), TokenKind::LBrace));
        if !is_struct_body {
            // `%T = type i32` names another type: uses after this point mean that type.
            let span = self.span();
            let t = self.parse_type()?;
            if self.m.types.find_named(&name).is_some() {
                return self.err(span, "forward references to non-struct type are not allowed");
            }
            self.type_aliases.insert(name, t);
            return Ok(());
        }
        let id = self.m.types.named_struct(name);
        if self.m.types.named[id].defined {
            return self.err(name_span, "redefinition of type");
        }
        self.m.types.named[id].defined = true;
        if self.eat_word("opaque") {
            return Ok(());
        }
        let body = if self.at(&TokenKind::LBrace) {
            StructBody { packed: false, fields: self.parse_struct_body_fields()?.into() }
        } else if self.at(&TokenKind::Less) && matches!(self.peek(), TokenKind::LBrace) {
            self.bump();
            let fields = self.parse_struct_body_fields()?;
            self.expect(&TokenKind::Greater, "'>' at end of packed struct")?;
            StructBody { packed: true, fields: fields.into() }
        } else {
            return self.err_expected("type");
        };
        self.m.types.named[id].body = Some(body);
        Ok(())
    }
}
