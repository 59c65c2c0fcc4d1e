//! Legacy syntax in the checked text: LLVM 1.x assembly, or typed pointers (LLVM 14 and
//! earlier), both of which the parser upgrades as it reads them. The page says so above the
//! editor and offers to replace the text with the module as LLVM 19 prints it, the text
//! `irplay fmt` prints: the module is printed from the parsed [`Module`] by the core printer.

use crate::protocol::{Legacy, LegacyKind};
use irplay_core::diag::{Diagnostic, Severity};
use irplay_core::ir::Module;
use irplay_core::text::{llvm1, print_module};

/// How the parser's note on typed-pointer text starts.
const TYPED_POINTERS_NOTE: &str = "typed pointers are legacy syntax";

/// The legacy syntax of `text` (checked into `diagnostics` and `module`), if any; with
/// `upgrade`, the module printed as LLVM 19 text too (when there is a module).
pub fn legacy(
    text: &str,
    diagnostics: &[Diagnostic],
    module: Option<&Module>,
    upgrade: bool,
) -> Option<Legacy> {
    // The parser reads a text as 1.x exactly when `detect` finds a sign of it.
    let (kind, span) = match llvm1::detect(text) {
        Some(span) => (LegacyKind::Llvm1, span),
        None => diagnostics
            .iter()
            .find(|d| d.severity == Severity::Note && d.message.starts_with(TYPED_POINTERS_NOTE))
            .map(|d| (LegacyKind::TypedPointers, d.span))?,
    };
    Some(Legacy {
        kind,
        from: span.start,
        to: span.end.max(span.start),
        upgradable: module.is_some(),
        text: module.filter(|_| upgrade).map(print_module),
    })
}

#[cfg(test)]
mod tests {
    use crate::protocol::LegacyKind;
    use crate::worker::{analyze, analyze_with, run};

    /// A small LLVM 1.x program: a loop over `uint`, a signed division, printf.
    const LLVM1: &str = "%fmt = internal constant [7 x sbyte] c\"%d %d\\0A\\00\"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  br label %loop
loop:
  %i = phi uint [ 0, %entry ], [ %next, %loop ]
  %next = add uint %i, 1
  %more = setlt uint %next, 10
  br bool %more, label %loop, label %done
done:
  %n = cast uint %next to int
  %q = div int -7, 2
  %f = getelementptr [7 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f, int %n, int %q)
  ret int 0
}
";

    const TYPED: &str = "@g = global i32 5\n\ndefine i32 @main() {\n  %p = getelementptr i32, i32* @g, i64 0\n  %v = load i32, i32* %p\n  ret i32 %v\n}\n";

    /// A 1.x module is checked, drawn and run like any other, and says what it is; asked for,
    /// its upgraded text is the printer's, which reads back as modern text and runs alike.
    #[test]
    fn an_llvm1_module_is_checked_drawn_run_and_printed_as_llvm19() {
        let a = analyze(1, LLVM1, None);
        assert!(a.valid, "{:?}", a.diagnostics);
        let cfg = a.cfg.as_ref().expect("a CFG for @main");
        let labels: Vec<&str> = cfg.blocks.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["%entry", "%loop", "%done"]);
        // Positions are in the 1.x text.
        let line = cfg.blocks.get(1).and_then(|b| b.lines.get(1));
        let at = line.and_then(|l| LLVM1.get(l.from as usize..l.to as usize));
        assert_eq!(at, Some("%next = add uint %i, 1"));
        let f = a.functions.first().expect("@main");
        assert_eq!((f.name.as_str(), f.runnable), ("main", true));
        let note = a.diagnostics.iter().find(|d| d.severity == "note").expect("the note");
        assert!(note.message.starts_with("LLVM 1.x syntax, upgraded"), "{}", note.message);
        let l = a.legacy.expect("legacy syntax");
        assert_eq!((l.kind, l.upgradable, l.text), (LegacyKind::Llvm1, true, None));
        assert_eq!(LLVM1.get(l.from as usize..l.to as usize), Some("internal"));

        let r = run(&crate::worker::run_request(2, LLVM1, "main", &[], 10_000, ""), &mut |_| {});
        assert_eq!((r.stdout.as_str(), r.status), ("10 -3\n", Some(0)), "{r:?}");

        let up = analyze_with(3, LLVM1, None, true).legacy.and_then(|l| l.text);
        let up = up.expect("the upgraded text");
        let checked = irplay_core::check(LLVM1);
        let m = checked.module.expect("a module");
        assert_eq!(up, irplay_core::text::print_module(&m));
        assert!(up.contains("define i32 @main()") && up.contains("sdiv i32 -7, 2"), "{up}");
        let again = analyze(4, &up, None);
        assert!(again.valid && again.legacy.is_none(), "{:?}", again.diagnostics);
        let r = run(&crate::worker::run_request(5, &up, "main", &[], 10_000, ""), &mut |_| {});
        assert_eq!((r.stdout.as_str(), r.status), ("10 -3\n", Some(0)));
    }

    #[test]
    fn typed_pointers_are_legacy_too_and_modern_text_is_not() {
        let a = analyze_with(1, TYPED, None, true);
        let l = a.legacy.expect("typed pointers");
        assert_eq!((l.kind, l.upgradable), (LegacyKind::TypedPointers, true));
        // At the first typed pointer, on line 4.
        let line = TYPED.get(..l.from as usize).map(|t| t.matches('\n').count() + 1);
        assert_eq!(line, Some(4));
        let up = l.text.expect("the upgraded text");
        assert!(up.contains("load i32, ptr %p") && !up.contains("i32*"), "{up}");
        assert!(analyze(2, &up, None).legacy.is_none());
        // Modern text, and text that is not IR at all, are not legacy.
        assert!(analyze(3, "define void @f() {\n  ret void\n}\n", None).legacy.is_none());
        assert!(analyze(4, "hello", None).legacy.is_none());
    }

    /// 1.x text with an error is still named as 1.x, but there is no module to print.
    #[test]
    fn broken_llvm1_text_cannot_be_upgraded() {
        let src = "int %main() {\nentry:\n  ret int %nope\n}\n";
        let a = analyze_with(1, src, None, true);
        assert!(!a.valid);
        let l = a.legacy.expect("1.x");
        assert_eq!((l.kind, l.upgradable, l.text), (LegacyKind::Llvm1, false, None));
    }
}
