//! Reading the type table (`TYPE_BLOCK_ID_NEW`): every type gets the next index; identified
//! structs are named by the `STRUCT_NAME` record before them and may be referenced before
//! their body is read.

use super::module::ModuleReader;
use crate::bitcode::bitstream::{Cursor, Record};
use crate::bitcode::codes::types::*;
use crate::bitcode::BitcodeError;
use crate::ir::types::{FloatKind, StructBody, Type, TypeName, MAX_INT_BITS};
use crate::ir::TypeId;

/// The deepest nesting of types accepted (as the text parser's nesting limit): deeper types
/// would make every later walk over them (printing, layout, the verifier) recurse as deeply.
const MAX_TYPE_DEPTH: u32 = 256;

impl ModuleReader<'_> {
    /// Reads the type table (the cursor is inside the block).
    pub(super) fn read_types(&mut self, c: &mut Cursor<'_>) -> Result<(), BitcodeError> {
        if !self.vals.types.is_empty() {
            return Err(c.error("a second type table"));
        }
        let mut rec = Record::default();
        let mut name: Option<String> = None;
        let mut numbered = 0u32;
        // The nesting depth of each type of this table, by index.
        let mut depth: Vec<u32> = Vec::new();
        while c.next_record(&mut rec)? {
            let code = rec.code;
            let ops = &rec.ops;
            let err = |c: &Cursor<'_>, msg: &str| c.record_error(code, msg.to_string());
            let ty = |c: &Cursor<'_>, i: usize, s: &Self| -> Result<TypeId, BitcodeError> {
                let v = ops.get(i).copied().ok_or_else(|| err(c, "too few operands"))?;
                s.vals.ty(v).ok_or_else(|| err(c, &format!("type {v} is not defined yet")))
            };
            let types = &mut self.m.types;
            let t = match code {
                TYPE_CODE_NUMENTRY => {
                    let n = ops.first().copied().unwrap_or(0);
                    self.vals.types.reserve(n.min(self.input_len).min(1 << 16) as usize);
                    continue;
                }
                TYPE_CODE_VOID => TypeId::VOID,
                TYPE_CODE_HALF => types.float(FloatKind::Half),
                TYPE_CODE_BFLOAT => types.float(FloatKind::BFloat),
                TYPE_CODE_FLOAT => types.float(FloatKind::Float),
                TYPE_CODE_DOUBLE => types.float(FloatKind::Double),
                TYPE_CODE_X86_FP80 => types.float(FloatKind::X86Fp80),
                TYPE_CODE_FP128 => types.float(FloatKind::Fp128),
                TYPE_CODE_PPC_FP128 => types.float(FloatKind::PpcFp128),
                TYPE_CODE_LABEL => TypeId::LABEL,
                TYPE_CODE_METADATA => TypeId::METADATA,
                TYPE_CODE_TOKEN => TypeId::TOKEN,
                TYPE_CODE_X86_AMX => types.intern(Type::X86Amx),
                TYPE_CODE_X86_MMX => return Err(err(c, "the x86_mmx type is not supported")),
                TYPE_CODE_INTEGER => {
                    let w = ops.first().copied().unwrap_or(0);
                    if w == 0 || w > MAX_INT_BITS as u64 {
                        return Err(err(c, &format!("bad integer width {w}")));
                    }
                    types.int(w as u32)
                }
                TYPE_CODE_OPAQUE_POINTER => {
                    let asp = ops.first().copied().unwrap_or(0);
                    if asp >= 1 << 24 {
                        return Err(err(c, "bad address space"));
                    }
                    types.ptr(asp as u32)
                }
                TYPE_CODE_POINTER => return Err(self.typed_pointer_error(c, code)),
                TYPE_CODE_FUNCTION_OLD => return Err(self.typed_pointer_error(c, code)),
                TYPE_CODE_ARRAY | TYPE_CODE_VECTOR => {
                    let n = ops.first().copied().ok_or_else(|| err(c, "too few operands"))?;
                    let elem = ty(c, 1, self)?;
                    let types = &mut self.m.types;
                    if code == TYPE_CODE_ARRAY {
                        types.intern(Type::Array { len: n, elem })
                    } else {
                        let scalable = ops.get(2).copied().unwrap_or(0) != 0;
                        let len = u32::try_from(n)
                            .ok()
                            .filter(|&l| l > 0)
                            .ok_or_else(|| err(c, "bad vector length"))?;
                        types.intern(Type::Vector { scalable, len, elem })
                    }
                }
                TYPE_CODE_FUNCTION => {
                    let vararg = ops.first().copied().unwrap_or(0) != 0;
                    let ret = ty(c, 1, self)?;
                    let mut params = Vec::new();
                    for i in 2..ops.len() {
                        params.push(ty(c, i, self)?);
                    }
                    self.m.types.func(ret, params, vararg)
                }
                TYPE_CODE_STRUCT_ANON => {
                    let packed = ops.first().copied().unwrap_or(0) != 0;
                    let mut fields = Vec::new();
                    for i in 1..ops.len() {
                        fields.push(ty(c, i, self)?);
                    }
                    self.m.types.intern(Type::Struct { packed, fields: fields.into() })
                }
                TYPE_CODE_STRUCT_NAME => {
                    name = Some(super::chars(ops));
                    continue;
                }
                TYPE_CODE_STRUCT_NAMED | TYPE_CODE_OPAQUE => {
                    // With opaque pointers a struct never refers to itself or to a later
                    // type: each is defined where it is named.
                    let tn = match name.take().filter(|n| !n.is_empty()) {
                        Some(n) => TypeName::Named(self.m.symbols.intern(&n)),
                        None => {
                            numbered += 1;
                            TypeName::Numbered(numbered - 1)
                        }
                    };
                    if self.m.types.find_named(&tn).is_some() {
                        return Err(err(c, "two structs have one name"));
                    }
                    let sid = self.m.types.named_struct(tn);
                    if code == TYPE_CODE_STRUCT_NAMED {
                        let packed = ops.first().copied().unwrap_or(0) != 0;
                        let mut fields = Vec::new();
                        for i in 1..ops.len() {
                            let v = ops.get(i).copied().unwrap_or(0);
                            let f = match self.vals.ty(v) {
                                Some(t) => t,
                                None => return Err(err(c, &format!("type {v} is not defined"))),
                            };
                            fields.push(f);
                        }
                        if let Some(ns) = self.m.types.named.get_mut(sid) {
                            ns.body = Some(StructBody { packed, fields: fields.into() });
                            ns.defined = true;
                        }
                    } else if let Some(ns) = self.m.types.named.get_mut(sid) {
                        ns.defined = true;
                    }
                    self.m.types.named.get(sid).map(|ns| ns.id).unwrap_or(TypeId::VOID)
                }
                TYPE_CODE_TARGET_TYPE => {
                    let n = ops.first().copied().unwrap_or(0) as usize;
                    let tys_end = n.checked_add(1).filter(|&e| e <= ops.len());
                    let Some(tys_end) = tys_end else { return Err(err(c, "too few operands")) };
                    let mut tys = Vec::new();
                    for i in 1..tys_end {
                        tys.push(ty(c, i, self)?);
                    }
                    let mut ints = Vec::new();
                    for &v in ops.get(tys_end..).unwrap_or(&[]) {
                        ints.push(u32::try_from(v).map_err(|_| err(c, "bad integer parameter"))?);
                    }
                    let tname: Box<[u8]> = name.take().unwrap_or_default().into_bytes().into();
                    self.m.types.intern(Type::Target {
                        name: tname,
                        types: tys.into(),
                        ints: ints.into(),
                    })
                }
                _ => return Err(err(c, "unknown record")),
            };
            let refs = match code {
                TYPE_CODE_ARRAY | TYPE_CODE_VECTOR => ops.get(1..2),
                TYPE_CODE_FUNCTION | TYPE_CODE_STRUCT_ANON | TYPE_CODE_STRUCT_NAMED => ops.get(1..),
                TYPE_CODE_TARGET_TYPE => {
                    let n = ops.first().copied().unwrap_or(0) as usize;
                    ops.get(1..n.saturating_add(1).min(ops.len()))
                }
                _ => None,
            };
            let inner = refs
                .unwrap_or(&[])
                .iter()
                .filter_map(|&i| usize::try_from(i).ok().and_then(|i| depth.get(i)))
                .max()
                .copied()
                .unwrap_or(0);
            if inner >= MAX_TYPE_DEPTH {
                return Err(err(
                    c,
                    &format!("types nested too deeply (more than {MAX_TYPE_DEPTH} levels)"),
                ));
            }
            depth.push(inner + 1);
            self.vals.types.push(t);
        }
        Ok(())
    }

    /// The error for typed-pointer bitcode, naming the LLVM that wrote it.
    pub(super) fn typed_pointer_error(&self, c: &Cursor<'_>, code: u32) -> BitcodeError {
        let who = match self.producer.as_deref() {
            Some(p) if !p.is_empty() => {
                let p = p.strip_prefix("LLVM").unwrap_or(p);
                format!("LLVM {p}")
            }
            _ => "an LLVM older than 15".to_string(),
        };
        c.record_error(
            code,
            format!(
                "this bitcode was written by {who} with typed pointers; irplay reads opaque-pointer bitcode only (what LLVM 15 and later write by default): rewrite it with `opt-19 -o NEW.bc`"
            ),
        )
    }
}
