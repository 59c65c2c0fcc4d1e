//! Calls of 1.x intrinsics whose name or signature changed, as LLVM 2.0's `llvm-upgrade`
//! and later auto-upgraders rewrote them: `llvm.isunordered` becomes `fcmp uno`; the bit
//! intrinsics, `llvm.sqrt`, `llvm.memcpy`/`memmove`/`memset`, `llvm.prefetch` and
//! `llvm.stacksave`/`stackrestore` get their modern overloaded names and arguments
//! (`ctlz`/`cttz` a `false` "zero is poison" flag, as 1.x defined them on zero; the memory
//! intrinsics `i1 false` for volatile, their 1.x alignment argument dropped); `llvm.dbg.*`
//! (the 1.x debug-information calls, which have no modern counterpart) are dropped with a
//! note. Their 1.x declarations are replaced by the modern ones.

use super::ast::{Ty, Val};
use super::emit::{sigil, Em, R};
use crate::diag::{Diagnostic, Span};

/// The 1.x intrinsic families rewritten here (a declaration of one is not written out).
pub(super) fn is_rewritten(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else { return false };
    let family = rest.split('.').next().unwrap_or("");
    matches!(
        family,
        "isunordered"
            | "dbg"
            | "bswap"
            | "ctpop"
            | "ctlz"
            | "cttz"
            | "sqrt"
            | "memcpy"
            | "memmove"
            | "memset"
            | "prefetch"
            | "stacksave"
            | "stackrestore"
    )
}

impl Em {
    /// Emits a call of a rewritten 1.x intrinsic (`res` is `"%x = "` or empty); `Ok(false)`
    /// when `callee` is not one.
    pub(super) fn intrinsic_call(
        &mut self,
        callee: &Val,
        ty: &Ty,
        args: &[(Ty, Val)],
        res: &str,
        sp: Span,
    ) -> R<bool> {
        let Val::Name(name, _) = callee else { return Ok(false) };
        if !is_rewritten(name) {
            return Ok(false);
        }
        let family = name.split('.').nth(1).unwrap_or("");
        let mut vals = Vec::new();
        for (t, v) in args {
            vals.push((self.mty(t), self.val(v, t)?));
        }
        let arity = |n: usize| -> R<()> {
            if vals.len() == n {
                Ok(())
            } else {
                Err(Diagnostic::error(
                    sp,
                    format!("'{name}' takes {n} arguments in LLVM 1.x, not {}", vals.len()),
                ))
            }
        };
        let arg = |i: usize| vals.get(i).map(|(t, v)| format!("{t} {v}")).unwrap_or_default();
        let first_ty = vals.first().map(|v| v.0.clone()).unwrap_or_default();
        let (callee, ret, call_args, decl_params) = match family {
            "isunordered" => {
                arity(2)?;
                let b = vals.get(1).map(|v| v.1.clone()).unwrap_or_default();
                self.line(&format!("{res}fcmp uno {}, {b}", arg(0)));
                return Ok(true);
            }
            "dbg" => {
                self.diags.push(Diagnostic::note(
                    sp,
                    format!(
                        "'{name}' (1.x debug information) has no modern equivalent and is dropped"
                    ),
                ));
                let r = self.mty(&super::func::ret_of(self, ty));
                if !res.is_empty() && r != "void" {
                    self.line(&format!("{res}freeze {r} undef"));
                }
                return Ok(true);
            }
            "bswap" | "ctpop" | "ctlz" | "cttz" | "sqrt" => {
                arity(1)?;
                let mut a = vec![arg(0)];
                let mut p = vec![first_ty.clone()];
                if family == "ctlz" || family == "cttz" {
                    a.push("i1 false".into());
                    p.push("i1".into());
                }
                (format!("llvm.{family}.{first_ty}"), first_ty.clone(), a, p)
            }
            "memcpy" | "memmove" | "memset" => {
                arity(4)?;
                let len = vals.get(2).map(|v| v.0.clone()).unwrap_or_default();
                let suffix =
                    if family == "memset" { format!("p0.{len}") } else { format!("p0.p0.{len}") };
                let mut p: Vec<String> = vals.iter().take(3).map(|v| v.0.clone()).collect();
                p.push("i1".into());
                let a = vec![arg(0), arg(1), arg(2), "i1 false".into()];
                (format!("llvm.{family}.{suffix}"), "void".into(), a, p)
            }
            "prefetch" => {
                arity(3)?;
                let a = vec![arg(0), arg(1), arg(2), "i32 1".into()];
                let p = vec!["ptr".into(), "i32".into(), "i32".into(), "i32".into()];
                ("llvm.prefetch.p0".into(), "void".into(), a, p)
            }
            "stacksave" => {
                arity(0)?;
                ("llvm.stacksave.p0".into(), "ptr".into(), Vec::new(), Vec::new())
            }
            _ => {
                arity(1)?;
                ("llvm.stackrestore.p0".into(), "void".into(), vec![arg(0)], vec!["ptr".into()])
            }
        };
        if self.reserve_global(&callee) {
            self.extra_decls.push(format!(
                "declare {ret} {}({})",
                sigil('@', &callee),
                decl_params.join(", ")
            ));
        }
        let res = if ret == "void" { "" } else { res };
        self.line(&format!("{res}call {ret} {}({})", sigil('@', &callee), call_args.join(", ")));
        Ok(true)
    }
}
