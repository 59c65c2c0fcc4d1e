//! What hovering over a `%value` shows before any run: its type, where it is defined, where it
//! is used, and whether the static analysis says it may be poison (or undef). Computed by the
//! analysis worker for every local value of a valid module, with the function's byte range
//! (names are local to a function, and the CFG follows the function under the cursor).

use crate::protocol::ValueInfo;
use irplay_core::analysis::may_poison::{MayBe, Reason};
use irplay_core::analysis::MayPoison;
use irplay_core::diag::SourceFile;
use irplay_core::ir::uses::use_lists;
use irplay_core::ir::{GlobalId, Module, Operand, Value, ValueDef};
use irplay_core::text::printer::{FunctionPrinter, ModulePrinter};

/// How many use positions a value lists (the count says how many there are in all).
pub const MAX_USES_LISTED: usize = 5;

/// The byte range of function `g`'s text: from the `define` before its first parameter or
/// block (or its name, in LLVM 1.x text) to the end of its last block (`None` for a
/// declaration).
pub fn function_span(m: &Module, g: GlobalId, text: &str) -> Option<(u32, u32)> {
    let f = m.func(g)?;
    let body = f.body.as_ref()?;
    let mut from = u32::MAX;
    let mut to = 0;
    for p in &f.params {
        from = from.min(p.span.start);
    }
    for b in body.blocks.values() {
        from = from.min(b.span.start);
        to = to.max(b.span.end);
    }
    for d in body.insts.values() {
        from = from.min(d.span.start);
        to = to.max(d.span.end);
    }
    if from == u32::MAX {
        return None;
    }
    // Back to the `define` keyword of the header; a text without one (LLVM 1.x, whose
    // headers are `int %f(...)`) starts at the function's name.
    let named = m.globals.get(g).map_or(from, |d| d.span.start.min(from));
    let head = text.get(..from as usize).and_then(|t| t.rfind("define")).unwrap_or(named as usize);
    // On to the closing brace.
    let end = text
        .get(to as usize..)
        .and_then(|t| t.find('}'))
        .map_or(to as usize, |i| to as usize + i + 1);
    Some((head as u32, end as u32))
}

/// Every named or numbered local value of function `g`; `poison` is the static analysis of
/// its body.
pub fn value_infos(
    m: &Module,
    g: GlobalId,
    text: &str,
    file: &SourceFile,
    poison: &MayPoison,
) -> Vec<ValueInfo> {
    let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { return Vec::new() };
    let Some(scope) = function_span(m, g, text) else { return Vec::new() };
    let mp = ModulePrinter::new(m);
    let Some(fp) = FunctionPrinter::new(&mp, g) else { return Vec::new() };
    let users = use_lists(body);
    let mut out = Vec::new();
    for (v, data) in body.values.iter() {
        let Some(span) = body.value_spans.get(v) else { continue };
        let param = matches!(data.def, ValueDef::Param(_));
        if let ValueDef::Inst(i) = data.def {
            // Removed instructions stay in the arena: only those of the layout count.
            if body.insts.get(i).is_none_or(|d| d.result != Some(v)) {
                continue;
            }
        }
        let name = fp.operand_string(Operand::Value(v), false);
        if !name.starts_with('%') {
            continue;
        }
        let list = users.get(v).map(Vec::as_slice).unwrap_or(&[]);
        let use_at = list
            .iter()
            .take(MAX_USES_LISTED)
            .filter_map(|&i| body.insts.get(i))
            .map(|d| file.line_col(d.span.start))
            .collect();
        out.push(ValueInfo {
            name,
            ty: mp.type_string(data.ty),
            scope,
            def: (span.start, span.end.max(span.start)),
            def_at: file.line_col(span.start),
            param,
            uses: list.len() as u32,
            use_at,
            may_poison: why_poison(poison, &fp, v),
        });
    }
    out
}

/// The static analysis' reason, in words: where the poison may come from.
fn why_poison(mp: &MayPoison, fp: &FunctionPrinter, v: Value) -> Option<String> {
    let (reason, what) = match mp.may_be(v) {
        MayBe::Defined => return None,
        MayBe::Poison => (mp.get(v)?, "poison"),
        MayBe::Undef => (mp.undef(v)?, "undef"),
    };
    Some(match reason {
        Reason::Source { message, .. } => format!("may be {what}: {message}"),
        Reason::Propagated { from } => {
            let root = mp
                .trace(v)
                .last()
                .and_then(|&s| mp.get(s).or_else(|| mp.undef(s)))
                .and_then(Reason::message)
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            format!(
                "may be {what}: through {}{root}",
                fp.operand_string(Operand::Value(*from), false)
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "define i32 @f(i32 %a) {
entry:
  %x = add nsw i32 %a, 1
  %y = mul i32 %x, 2
  %z = add i32 %x, %y
  ret i32 %z
}

define i32 @main() {
  %r = call i32 @f(i32 3)
  ret i32 %r
}
";

    fn infos() -> Vec<ValueInfo> {
        let checked = irplay_core::check(SRC);
        let m = checked.module.expect("valid");
        let file = SourceFile::new("input.ll", SRC);
        let mut all = Vec::new();
        for &g in &m.order {
            let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { continue };
            all.extend(value_infos(&m, g, SRC, &file, &MayPoison::new(&m, body)));
        }
        all
    }

    #[test]
    fn values_have_type_definition_uses_and_poison() {
        let all = infos();
        let get = |n: &str| all.iter().find(|v| v.name == n).cloned();
        let x = get("%x").expect("%x");
        assert_eq!((x.ty.as_str(), x.def_at, x.param), ("i32", (3, 3), false));
        assert_eq!((x.uses, x.use_at.clone()), (2, vec![(4, 3), (5, 3)]));
        assert!(x.may_poison.as_deref().is_some_and(|w| w.contains("nsw")), "{x:?}");
        let z = get("%z").expect("%z");
        assert!(z.may_poison.as_deref().is_some_and(|w| w.contains("through")), "{z:?}");
        let a = get("%a").expect("%a");
        assert!(a.param && a.uses == 1 && a.may_poison.is_none(), "{a:?}");
        let r = get("%r").expect("%r");
        assert_eq!((r.uses, r.may_poison.clone()), (1, None));
        // Each value's scope is its own function's text.
        let f_text = SRC.get(x.scope.0 as usize..x.scope.1 as usize).unwrap_or("");
        assert!(f_text.starts_with("define i32 @f") && f_text.ends_with('}'), "{f_text:?}");
        let main_text = SRC.get(r.scope.0 as usize..r.scope.1 as usize).unwrap_or("");
        assert!(main_text.starts_with("define i32 @main") && main_text.ends_with('}'));
    }
}
