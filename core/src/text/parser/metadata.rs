//! Parsing metadata: numbered and named metadata definitions, nodes, specialised records kept
//! as name plus fields, and `!kind !node` attachments.

use super::{PResult, Parser};
use crate::diag::Span;
use crate::ir::metadata::{MdField, MdNode, MdNodeKind, MdRecordField, Metadata, NamedMetadata};
use crate::ir::{MdId, Symbol};
use crate::text::lexer::TokenKind;

impl<'a> Parser<'a> {
    /// The node for `!N`, created as a forward reference when not yet defined.
    pub(crate) fn md_slot(&mut self, n: u32, span: Span) -> MdId {
        if let Some(id) = self.md_slots.get(n) {
            return id;
        }
        let id = self.m.metadata.push(MdNode {
            distinct: false,
            kind: MdNodeKind::Undefined,
            number: Some(n),
        });
        self.md_slots.insert(n, id);
        self.md_forward.insert(n, span);
        id
    }

    /// `!N = [distinct] <node>` at module level (the current token is `!N`).
    pub(crate) fn parse_md_definition(&mut self, n: u32) -> PResult<()> {
        let span = self.bump().span;
        self.expect(&TokenKind::Equal, "'=' here")?;
        let distinct = self.eat_word("distinct");
        // LLVM 3.5 and earlier wrote `!0 = metadata !{...}`.
        if self.eat_word("metadata") {
            self.saw_legacy(span);
        }
        let id = self.md_slot(n, span);
        if self.md_forward.remove(&n).is_none() {
            return self.err(span, format!("Metadata id is already used: '!{n}'"));
        }
        let kind = match &self.tok.kind {
            TokenKind::Exclaim => {
                self.bump();
                MdNodeKind::Tuple(self.parse_md_tuple_body()?.into())
            }
            TokenKind::MetadataName(name) => {
                let name = self.m.symbols.intern(name);
                self.bump();
                self.parse_md_record_body(name)?
            }
            _ => return self.err_expected("metadata node"),
        };
        self.check_distinct_requirement(&kind, distinct, span);
        if let Some(node) = self.m.metadata.nodes.get_mut(id) {
            node.distinct = distinct;
            node.kind = kind;
        }
        Ok(())
    }

    /// `!name = !{!0, !1}` (the current token is `!name`).
    pub(crate) fn parse_named_md(&mut self, name: Box<str>) -> PResult<()> {
        self.bump();
        self.expect(&TokenKind::Equal, "'=' here")?;
        self.expect(&TokenKind::Exclaim, "'!' here")?;
        self.expect(&TokenKind::LBrace, "'{' here")?;
        let mut nodes = Vec::new();
        if !self.at(&TokenKind::RBrace) {
            loop {
                let span = self.span();
                match &self.tok.kind {
                    &TokenKind::MetadataId(n) => {
                        self.bump();
                        nodes.push(self.md_slot(n, span));
                    }
                    TokenKind::MetadataName(rec) if rec == "DIExpression" => {
                        let sym = self.m.symbols.intern(rec);
                        self.bump();
                        let kind = self.parse_md_record_body(sym)?;
                        nodes.push(self.m.metadata.push(MdNode {
                            distinct: false,
                            kind,
                            number: None,
                        }));
                    }
                    _ => return self.err_expected("metadata node reference"),
                }
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(&TokenKind::RBrace, "'}' at end of named metadata")?;
        self.m.metadata.named.push(NamedMetadata { name, nodes });
        Ok(())
    }

    /// The `{ ... }` of `!{ ... }` (after `!`).
    fn parse_md_tuple_body(&mut self) -> PResult<Vec<Metadata>> {
        self.enter()?;
        let r = self.parse_md_tuple_body_inner();
        self.leave();
        r
    }

    fn parse_md_tuple_body_inner(&mut self) -> PResult<Vec<Metadata>> {
        self.expect(&TokenKind::LBrace, "'{' here")?;
        let mut elems = Vec::new();
        if self.eat(&TokenKind::RBrace) {
            return Ok(elems);
        }
        loop {
            // LLVM 3.5 and earlier prefixed metadata operands with `metadata`.
            self.eat_word("metadata");
            if self.eat_word("null") {
                elems.push(Metadata::Null);
            } else {
                elems.push(self.parse_metadata()?);
            }
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RBrace, "'}' at end of metadata node")?;
        Ok(elems)
    }

    /// A metadata operand: `!N`, `!"s"`, `!{...}`, `!DIxxx(...)`, or a typed constant.
    pub(crate) fn parse_metadata(&mut self) -> PResult<Metadata> {
        let span = self.span();
        match &self.tok.kind {
            &TokenKind::MetadataId(n) => {
                self.bump();
                Ok(Metadata::Node(self.md_slot(n, span)))
            }
            TokenKind::Exclaim => {
                self.bump();
                if let TokenKind::String(s) = self.kind() {
                    let sym = self.intern_bytes_owned(s.as_ref().to_vec());
                    self.bump();
                    return Ok(Metadata::String(sym));
                }
                let elems = self.parse_md_tuple_body()?;
                let id = self.m.metadata.push(MdNode {
                    distinct: false,
                    kind: MdNodeKind::Tuple(elems.into()),
                    number: None,
                });
                Ok(Metadata::Node(id))
            }
            TokenKind::MetadataName(name) => {
                if name == "DIArgList" {
                    return self.err_here(
                        "DIArgList may only appear in a function-local metadata argument",
                    );
                }
                let sym = self.m.symbols.intern(name);
                self.bump();
                let kind = self.parse_md_record_body(sym)?;
                Ok(Metadata::Node(self.m.metadata.push(MdNode {
                    distinct: false,
                    kind,
                    number: None,
                })))
            }
            TokenKind::Word("distinct") => {
                self.bump();
                let md = self.parse_metadata()?;
                if let Metadata::Node(id) = md {
                    if let Some(n) = self.m.metadata.nodes.get_mut(id) {
                        n.distinct = true;
                    }
                }
                Ok(md)
            }
            _ => {
                let c = self.parse_typed_const()?;
                Ok(Metadata::Value(c))
            }
        }
    }

    /// `(field: value, ...)` of a specialised record (after its name).
    pub(crate) fn parse_md_record_body(&mut self, name: Symbol) -> PResult<MdNodeKind> {
        self.enter()?;
        let r = self.parse_md_record_body_inner(name);
        self.leave();
        r
    }

    fn parse_md_record_body_inner(&mut self, name: Symbol) -> PResult<MdNodeKind> {
        let name_span = Span::new(
            self.prev_end().saturating_sub(self.m.symbols.get(name).len() as u32 + 1),
            self.prev_end(),
        );
        self.expect(&TokenKind::LParen, "'(' here")?;
        let mut fields: smallvec::SmallVec<[MdRecordField; 16]> = smallvec::SmallVec::new();
        let mut spans: smallvec::SmallVec<[Span; 16]> = smallvec::SmallVec::new();
        if !self.at(&TokenKind::RParen) {
            loop {
                let start = self.span().start;
                let fname = if let TokenKind::LabelStr(f) = &self.tok.kind {
                    let sym = self.m.symbols.intern(f);
                    self.bump();
                    Some(sym)
                } else {
                    None
                };
                let value = self.parse_md_field()?;
                fields.push(MdRecordField { name: fname, value });
                spans.push(self.span_from(start));
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(&TokenKind::RParen, "')' here")?;
        self.validate_md_record(name, name_span, &fields, &spans);
        Ok(MdNodeKind::Record { name, fields: Box::from(&fields[..]) })
    }

    /// Checks a record against LLVM 19's schema of its fields; errors do not stop the parse.
    fn validate_md_record(
        &mut self,
        name: Symbol,
        name_span: Span,
        fields: &[MdRecordField],
        spans: &[Span],
    ) {
        use crate::ir::direcords::validate_record;
        let result =
            self.with_field_views(fields, |syms, refs| validate_record(syms.get(name), refs));
        if let Err((at, msg)) = result {
            let span = at.and_then(|i| spans.get(i).copied()).unwrap_or(name_span);
            self.report(crate::diag::Diagnostic::error(span, msg));
        }
    }

    /// Calls `f` with the record's fields as the schema reads them (names and values resolved).
    fn with_field_views<R>(
        &self,
        fields: &[MdRecordField],
        f: impl FnOnce(
            &crate::ir::symbol::Interner,
            &[(Option<&str>, &crate::ir::direcords::FieldValue<'_>)],
        ) -> R,
    ) -> R {
        use crate::ir::direcords::FieldValue;
        let syms = &self.m.symbols;
        let views: smallvec::SmallVec<[(Option<&str>, FieldValue<'_>); 16]> = fields
            .iter()
            .map(|fl| (fl.name.map(|n| syms.get(n)), FieldValue::of(&fl.value, syms)))
            .collect();
        let refs: smallvec::SmallVec<[(Option<&str>, &FieldValue<'_>); 16]> =
            views.iter().map(|(n, v)| (*n, v)).collect();
        f(syms, &refs)
    }

    /// LLVM's rule that some records must be `distinct` (checked for `!N = ...` definitions).
    fn check_distinct_requirement(&mut self, kind: &MdNodeKind, distinct: bool, span: Span) {
        use crate::ir::direcords::distinct_requirement;
        let MdNodeKind::Record { name, fields } = kind else { return };
        if distinct {
            return;
        }
        let msg =
            self.with_field_views(fields, |syms, refs| distinct_requirement(syms.get(*name), refs));
        if let Some(msg) = msg {
            self.report(crate::diag::Diagnostic::error(span, msg));
        }
    }

    fn parse_md_field(&mut self) -> PResult<MdField> {
        match &self.tok.kind {
            TokenKind::Word("null") => {
                self.bump();
                Ok(MdField::Md(Metadata::Null))
            }
            TokenKind::String(s) => {
                let sym = self.intern_bytes_owned(s.as_ref().to_vec());
                self.bump();
                Ok(MdField::Str(sym))
            }
            TokenKind::MetadataId(_) | TokenKind::Exclaim | TokenKind::MetadataName(_) => {
                Ok(MdField::Md(self.parse_metadata()?))
            }
            TokenKind::LBrace => {
                // `GenericDINode`'s `operands: {...}`: a tuple written without `!`.
                let elems = self.parse_md_tuple_body()?;
                let id = self.m.metadata.push(MdNode {
                    distinct: false,
                    kind: MdNodeKind::Tuple(elems.into()),
                    number: None,
                });
                Ok(MdField::Md(Metadata::Node(id)))
            }
            TokenKind::Integer(_) | TokenKind::Word(_) if !self.at_type_start() => {
                // An integer, or keywords and integers joined by `|`.
                let single_int = matches!(self.kind(), TokenKind::Integer(_));
                // The common case, one part: intern the token's text without building a string.
                if let TokenKind::Word(w) | TokenKind::Integer(w) = *self.kind() {
                    if !matches!(self.peek(), TokenKind::Bar) {
                        let sym = self.m.symbols.intern(w);
                        self.bump();
                        return Ok(if single_int {
                            MdField::Int(sym)
                        } else {
                            MdField::Words(sym)
                        });
                    }
                }
                let mut text = String::new();
                let mut parts = 0;
                loop {
                    match self.kind() {
                        TokenKind::Word(w) | TokenKind::Integer(w) => {
                            if parts > 0 {
                                text.push_str(" | ");
                            }
                            text.push_str(w);
                        }
                        _ => return self.err_expected("metadata field value"),
                    }
                    parts += 1;
                    self.bump();
                    if !self.eat(&TokenKind::Bar) {
                        break;
                    }
                }
                let sym = self.m.symbols.intern(&text);
                if single_int && parts == 1 {
                    return Ok(MdField::Int(sym));
                }
                Ok(MdField::Words(sym))
            }
            TokenKind::HexInt { .. } => {
                let t = self
                    .src()
                    .get(self.span().start as usize..self.span().end as usize)
                    .unwrap_or("0");
                let sym = self.m.symbols.intern(t);
                self.bump();
                Ok(MdField::Int(sym))
            }
            _ => Ok(MdField::Value(self.parse_typed_const()?)),
        }
    }

    /// Interns a byte string losslessly (metadata strings may hold any bytes).
    pub(crate) fn intern_bytes_owned(&mut self, bytes: Vec<u8>) -> Symbol {
        match String::from_utf8(bytes) {
            Ok(s)
                if !s.contains('\u{10FF00}')
                    && !s.chars().any(|c| c as u32 >= crate::text::lexer::RAW_BYTE_BASE) =>
            {
                self.m.symbols.intern(&s)
            }
            Ok(s) => self.m.symbols.intern(&crate::text::lexer::name_from_bytes(s.as_bytes())),
            Err(e) => self.m.symbols.intern(&crate::text::lexer::name_from_bytes(e.as_bytes())),
        }
    }

    /// True when the current token can start a type (for typed values inside records).
    pub(crate) fn at_type_start(&self) -> bool {
        match self.kind() {
            TokenKind::IntType(_) | TokenKind::LBrace | TokenKind::LBracket | TokenKind::Less => {
                true
            }
            TokenKind::Word(w) => {
                crate::ir::FloatKind::from_name(w).is_some()
                    || matches!(
                        *w,
                        "ptr" | "void" | "label" | "token" | "metadata" | "x86_amx" | "target"
                    )
            }
            TokenKind::LocalName(_) | TokenKind::LocalId(_) => true,
            _ => false,
        }
    }

    /// `!kind !node` attachments after `,` (the current token is the `!kind` name).
    pub(crate) fn parse_md_attachment(&mut self) -> PResult<(Symbol, MdId)> {
        let TokenKind::MetadataName(kind) = &self.tok.kind else {
            return self.err_expected("metadata attachment kind");
        };
        let kind = self.m.symbols.intern(kind);
        self.bump();
        let span = self.span();
        match self.parse_metadata()? {
            Metadata::Node(id) => Ok((kind, id)),
            _ => self.err(span, "expected metadata node as attachment"),
        }
    }

    /// Zero or more `!kind !node` attachments, each preceded by a comma (for globals), or
    /// without commas (for functions): `comma` says which.
    pub(crate) fn parse_md_attachments(&mut self, comma: bool) -> PResult<Vec<(Symbol, MdId)>> {
        let mut v = Vec::new();
        loop {
            if comma {
                if !(self.at(&TokenKind::Comma)
                    && matches!(self.peek(), TokenKind::MetadataName(_)))
                {
                    break;
                }
                self.bump();
            } else if !matches!(self.kind(), TokenKind::MetadataName(_)) {
                break;
            }
            v.push(self.parse_md_attachment()?);
        }
        Ok(v)
    }
}
