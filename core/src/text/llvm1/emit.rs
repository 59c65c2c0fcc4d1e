//! From the 1.x tree to modern LLVM IR text: names resolved across type planes, signedness
//! turned into opcodes, and a map from every emitted line back to the 1.x text it came from.

use super::ast::*;
use super::consts::escape_str;
use crate::diag::{Diagnostic, Span};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt::Write;

pub(super) type R<T> = Result<T, Diagnostic>;

/// Modern text with its map back to the 1.x source.
pub(super) struct Out {
    pub text: String,
    /// `(offset in text, span in the 1.x source)`, in increasing offset order.
    pub map: Vec<(u32, Span)>,
    /// Warnings and notes of the upgrade.
    pub diags: Vec<Diagnostic>,
}

/// A global of some type plane.
#[derive(Clone)]
pub(super) struct GDef {
    pub key: String,
    pub modern: String,
    /// The function type of a function.
    pub func: Option<Ty>,
}

/// The name of the no-return function an `unwind` becomes.
pub(super) const UNWIND_FN: &str = "__llvm1_unwind";
pub(super) const PERSONALITY_FN: &str = "__gcc_personality_v0";

pub(super) struct Em {
    pub types: HashMap<String, Ty>,
    pub globals: HashMap<String, Vec<GDef>>,
    pub out: String,
    pub map: Vec<(u32, Span)>,
    pub diags: Vec<Diagnostic>,
    used_globals: HashSet<String>,
    /// Locals of the current function: name → (plane key, modern name).
    locals: HashMap<String, Vec<(String, String)>>,
    used_locals: HashSet<String>,
    /// Landing pads: (invoking block, unwind block) → pad block, modern names, and whether
    /// the invoke's normal edge goes to the unwind block too.
    pads: HashMap<(String, String), (String, bool)>,
    cur_block: String,
    pub need: HashSet<&'static str>,
    /// The functions defined or declared `csretcc` (modern `@name`s): their calls pass the
    /// first argument `sret` whatever the call's own convention says.
    pub csret_fns: HashSet<String>,
    /// The size of a pointer in bytes (`target pointersize`, else 8).
    pub ptr_bytes: i128,
    /// Declarations of modern intrinsics the upgrade calls.
    pub extra_decls: Vec<String>,
    /// Inside a function body, where a constant expression LLVM 19 lacks becomes instructions.
    pub in_fn: bool,
}

/// Whether `s` can be written without quotes after a sigil.
fn plain(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c.is_ascii_alphabetic() || b"-$._".contains(&c))
        && s.bytes().all(|c| c.is_ascii_alphanumeric() || b"-$._".contains(&c))
}

/// `%name` / `@name`, quoted when needed.
pub(super) fn sigil(s: char, n: &str) -> String {
    if plain(n) {
        format!("{s}{n}")
    } else {
        format!("{s}\"{}\"", escape_str(n.as_bytes()))
    }
}

/// A type name in modern spelling: an unnamed 1.x type (numbered in its plane) stays
/// numbered (`%0`; modern IR numbers types freely), others as [`sigil`] writes them.
pub(super) fn type_name(n: &str) -> String {
    if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) {
        format!("%{n}")
    } else {
        sigil('%', n)
    }
}

/// The modern base name for a 1.x name (numbers become `.N`).
fn base(n: &str) -> String {
    if n.bytes().all(|c| c.is_ascii_digit()) {
        format!(".{n}")
    } else {
        n.to_string()
    }
}

fn unique(used: &mut HashSet<String>, b: String) -> String {
    if used.insert(b.clone()) {
        return b;
    }
    let mut i = 1u32;
    loop {
        let c = format!("{b}.{i}");
        if used.insert(c.clone()) {
            return c;
        }
        i += 1;
    }
}

impl Em {
    pub fn new(types: HashMap<String, Ty>) -> Em {
        Em {
            types,
            globals: HashMap::default(),
            out: String::new(),
            map: Vec::new(),
            diags: Vec::new(),
            used_globals: HashSet::default(),
            locals: HashMap::default(),
            used_locals: HashSet::default(),
            pads: HashMap::default(),
            cur_block: String::new(),
            need: HashSet::default(),
            extra_decls: Vec::new(),
            ptr_bytes: 8,
            csret_fns: HashSet::default(),
            in_fn: false,
        }
    }

    /// Marks that the text from here on comes from `span`.
    pub fn at(&mut self, span: Span) {
        let o = u32::try_from(self.out.len()).unwrap_or(u32::MAX);
        self.map.push((o, span));
    }

    // ---- Types ----------------------------------------------------------------------------

    /// Follows named aliases (not named structs) to the type they stand for.
    pub fn resolve(&self, t: &Ty) -> Ty {
        let mut t = t.clone();
        for _ in 0..64 {
            match &t {
                Ty::Named(n) => match self.types.get(n) {
                    Some(Ty::Struct(_)) | Some(Ty::Opaque) | None => return t,
                    Some(d) => t = d.clone(),
                },
                _ => return t,
            }
        }
        t
    }
    /// Follows every name, structs included (for indexing).
    pub fn resolve_all(&self, t: &Ty) -> Ty {
        let mut t = t.clone();
        for _ in 0..64 {
            match &t {
                Ty::Named(n) => match self.types.get(n) {
                    Some(d) => t = d.clone(),
                    None => return t,
                },
                _ => return t,
            }
        }
        t
    }

    /// The key of a type plane, aliases resolved.
    pub fn ckey(&self, t: &Ty) -> String {
        self.resolve(t).key()
    }

    /// The modern spelling of a type.
    pub fn mty(&self, t: &Ty) -> String {
        self.mty_d(t, 0)
    }
    fn mty_d(&self, t: &Ty, d: u32) -> String {
        if d > 64 {
            return "ptr".into();
        }
        match t {
            Ty::Void => "void".into(),
            Ty::Bool => "i1".into(),
            Ty::Int { bits, .. } => format!("i{bits}"),
            Ty::Float => "float".into(),
            Ty::Double => "double".into(),
            Ty::Label => "label".into(),
            Ty::Opaque => "opaque".into(),
            Ty::Ptr(_) => "ptr".into(),
            Ty::Array(n, e) => format!("[{n} x {}]", self.mty_d(e, d + 1)),
            Ty::Vector(n, e) => format!("<{n} x {}>", self.mty_d(e, d + 1)),
            Ty::Struct(f) => {
                if f.is_empty() {
                    "{}".into()
                } else {
                    let f: Vec<String> = f.iter().map(|x| self.mty_d(x, d + 1)).collect();
                    format!("{{ {} }}", f.join(", "))
                }
            }
            Ty::Func { ret, params, varargs } => {
                let mut p: Vec<String> = params.iter().map(|x| self.mty_d(x, d + 1)).collect();
                if *varargs {
                    p.push("...".into());
                }
                format!("{} ({})", self.mty_d(ret, d + 1), p.join(", "))
            }
            Ty::Named(n) => match self.types.get(n) {
                Some(Ty::Struct(_)) | Some(Ty::Opaque) => type_name(n),
                Some(x) => self.mty_d(x, d + 1),
                None => type_name(n),
            },
            Ty::UpRef(_) => "ptr".into(),
        }
    }

    pub fn is_float(&self, t: &Ty) -> bool {
        match self.resolve(t) {
            Ty::Float | Ty::Double => true,
            Ty::Vector(_, e) => self.is_float(&e),
            _ => false,
        }
    }
    pub fn is_signed(&self, t: &Ty) -> bool {
        match self.resolve(t) {
            Ty::Int { signed, .. } => signed,
            Ty::Vector(_, e) => self.is_signed(&e),
            _ => false,
        }
    }
    /// Integer width (bool 1), `None` for other types.
    pub fn bits(&self, t: &Ty) -> Option<u32> {
        match self.resolve(t) {
            Ty::Bool => Some(1),
            Ty::Int { bits, .. } => Some(bits),
            _ => None,
        }
    }
    pub fn pointee(&self, t: &Ty, span: Span) -> R<Ty> {
        match self.resolve(t) {
            Ty::Ptr(p) => Ok(*p),
            other => Err(Diagnostic::error(
                span,
                format!("expected a pointer type, found '{}'", other.key()),
            )),
        }
    }

    // ---- Names ----------------------------------------------------------------------------

    /// Registers a global of a type plane; returns its modern name.
    pub fn add_global(
        &mut self,
        name: &str,
        key: String,
        func: Option<Ty>,
        internal: bool,
        span: Span,
    ) -> String {
        if let Some(d) = self.globals.get(name).and_then(|v| v.iter().find(|d| d.key == key)) {
            return d.modern.clone();
        }
        let first = !self.globals.contains_key(name);
        let modern = unique(&mut self.used_globals, base(name));
        if !first && !internal && !name.bytes().all(|c| c.is_ascii_digit()) {
            self.diags.push(Diagnostic::warning(
                span,
                format!(
                    "'%{name}' is defined in several type planes; this one is renamed to '@{modern}', which may cause linkage errors"
                ),
            ));
        }
        self.globals.entry(name.to_string()).or_default().push(GDef {
            key,
            modern: modern.clone(),
            func,
        });
        modern
    }

    /// Reserves a global name for a synthesized declaration.
    pub fn reserve_global(&mut self, name: &str) -> bool {
        self.used_globals.insert(name.to_string())
    }

    /// The global named `name` for a use of type `ty` (`None`: any single plane).
    pub fn global(&self, name: &str, ty: Option<&Ty>, span: Span) -> R<&GDef> {
        let defs = self.globals.get(name).map(Vec::as_slice).unwrap_or(&[]);
        match defs {
            [] => Err(Diagnostic::error(span, format!("use of undefined value '%{name}'"))),
            [d] => Ok(d),
            _ => {
                let key = ty.map(|t| self.ckey(t));
                defs.iter().find(|d| Some(&d.key) == key.as_ref()).ok_or_else(|| {
                    Diagnostic::error(
                        span,
                        format!(
                            "'%{name}' is defined in several type planes and none has type '{}'",
                            key.unwrap_or_default()
                        ),
                    )
                })
            }
        }
    }

    pub fn begin_function(&mut self) {
        self.locals.clear();
        self.used_locals.clear();
        self.pads.clear();
    }

    /// Registers a local of a type plane; returns its modern name.
    pub fn add_local(&mut self, name: &str, key: String) -> String {
        if let Some((_, m)) = self.locals.get(name).and_then(|v| v.iter().find(|(k, _)| *k == key))
        {
            return m.clone();
        }
        let b = if key == "label" && name.bytes().all(|c| c.is_ascii_digit()) {
            format!(".bb{name}")
        } else {
            base(name)
        };
        let modern = unique(&mut self.used_locals, b);
        self.locals.entry(name.to_string()).or_default().push((key, modern.clone()));
        modern
    }

    /// A fresh local name.
    pub fn temp(&mut self, hint: &str) -> String {
        unique(&mut self.used_locals, hint.to_string())
    }

    /// A name used as a value of type `ty`: the local of that plane, else the global.
    pub fn name(&self, name: &str, ty: &Ty, span: Span) -> R<String> {
        let key = self.ckey(ty);
        let is_label = key == "label";
        if let Some(v) = self.locals.get(name) {
            let cands: Vec<&(String, String)> =
                v.iter().filter(|(k, _)| (k == "label") == is_label).collect();
            match cands.as_slice() {
                [(_, m)] => return Ok(sigil('%', m)),
                [] => {}
                _ => {
                    if let Some((_, m)) = cands.iter().find(|(k, _)| *k == key) {
                        return Ok(sigil('%', m));
                    }
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "'%{name}' is defined in several type planes and none has type '{key}'"
                        ),
                    ));
                }
            }
        }
        if is_label {
            return Err(Diagnostic::error(span, format!("use of undefined label '%{name}'")));
        }
        Ok(sigil('@', &self.global(name, Some(ty), span)?.modern))
    }

    /// A value of type `ty`, modern spelling (without the type).
    pub fn val(&mut self, v: &Val, ty: &Ty) -> R<String> {
        match v {
            Val::Name(n, s) => self.name(n, ty, *s),
            Val::Const(c) => self.cst(c, ty),
        }
    }

    pub fn set_block(&mut self, b: String) {
        self.cur_block = b;
    }
    pub fn cur_block(&self) -> &str {
        &self.cur_block
    }
    pub fn add_pad(&mut self, from: String, to: String, pad: String, normal_too: bool) {
        self.pads.insert((from, to), (pad, normal_too));
    }
    /// The landing pad between an invoking block and its unwind block, and whether the
    /// invoke's normal edge reaches that block as well.
    pub fn pad(&self, from: &str, to: &str) -> Option<&(String, bool)> {
        self.pads.get(&(from.to_string(), to.to_string()))
    }

    /// Writes a line (with indentation and newline).
    pub fn line(&mut self, s: &str) {
        let _ = writeln!(self.out, "  {s}");
    }
}
