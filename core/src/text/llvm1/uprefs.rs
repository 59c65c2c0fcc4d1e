//! Up-references of 1.x types: `\N` stands for the type `N` levels of type construction above
//! it (`%list = type { int, \2* }`: `\2` is the structure, the pointer being level 1), which is
//! how 1.x wrote recursive types without names. Each is resolved to a name: the enclosing
//! named type when it is the one referred to, or else a new named type for the anonymous
//! type referred to (an identified struct when it is a structure).

use super::ast::Ty;

/// Resolution of the up-references of one type.
pub(super) struct UpRefs<'n> {
    /// The name of the type being defined (`%name = type ...`), if any.
    pub root: Option<&'n str>,
    /// Names that must not be taken by new types.
    pub taken: &'n dyn Fn(&str) -> bool,
    /// The next number of a new type name.
    pub counter: &'n mut u32,
    /// New named types `(name, type)`, inner ones first.
    pub new_types: Vec<(String, Ty)>,
}

/// One type under construction: whether it is a pointer, and the name given to it when an
/// up-reference refers to it.
struct Level {
    ptr: bool,
    name: Option<String>,
}

/// Whether `t` has an up-reference anywhere.
pub(super) fn has_uprefs(t: &Ty) -> bool {
    match t {
        Ty::UpRef(_) => true,
        Ty::Ptr(e) | Ty::Array(_, e) | Ty::Vector(_, e) => has_uprefs(e),
        Ty::Struct(f) => f.iter().any(has_uprefs),
        Ty::Func { ret, params, .. } => has_uprefs(ret) || params.iter().any(has_uprefs),
        _ => false,
    }
}

impl UpRefs<'_> {
    /// Replaces every up-reference in `t` by a named type; `Err` with a message for one that
    /// points outside `t` or makes a type contain itself other than through a pointer.
    pub fn resolve(&mut self, t: &mut Ty) -> Result<(), String> {
        let mut stack = Vec::new();
        self.walk(t, &mut stack)
    }

    fn fresh(&mut self) -> String {
        loop {
            let n = format!("upref.{}", *self.counter);
            *self.counter += 1;
            if !(self.taken)(&n) {
                return n;
            }
        }
    }

    fn walk(&mut self, t: &mut Ty, stack: &mut Vec<Level>) -> Result<(), String> {
        if let Ty::UpRef(n) = *t {
            let depth = stack.len();
            let target = usize::try_from(n)
                .ok()
                .filter(|n| (1..=depth).contains(n))
                .map(|n| depth - n)
                .ok_or_else(|| {
                    format!("the up-reference '\\{n}' refers outside its type ({depth} levels)")
                })?;
            if !stack.iter().skip(target).any(|l| l.ptr) {
                return Err(format!(
                    "the up-reference '\\{n}' makes a type contain itself other than through a pointer"
                ));
            }
            let name = match stack.get(target).and_then(|l| l.name.clone()) {
                Some(name) => name,
                None => {
                    let name = match self.root {
                        Some(r) if target == 0 => r.to_string(),
                        _ => self.fresh(),
                    };
                    if let Some(l) = stack.get_mut(target) {
                        l.name = Some(name.clone());
                    }
                    name
                }
            };
            *t = Ty::Named(name);
            return Ok(());
        }
        let ptr = matches!(t, Ty::Ptr(_));
        let children: Vec<&mut Ty> = match t {
            Ty::Ptr(e) | Ty::Array(_, e) | Ty::Vector(_, e) => vec![&mut **e],
            Ty::Struct(f) => f.iter_mut().collect(),
            Ty::Func { ret, params, .. } => {
                let mut v = vec![&mut **ret];
                v.extend(params.iter_mut());
                v
            }
            _ => return Ok(()),
        };
        stack.push(Level { ptr, name: None });
        let is_root = stack.len() == 1;
        let mut r = Ok(());
        for c in children {
            r = self.walk(c, stack);
            if r.is_err() {
                break;
            }
        }
        let level = stack.pop();
        r?;
        if let Some(name) = level.and_then(|l| l.name) {
            if !(is_root && self.root.is_some()) {
                let inner = std::mem::replace(t, Ty::Named(name.clone()));
                self.new_types.push((name, inner));
            }
        }
        Ok(())
    }
}
