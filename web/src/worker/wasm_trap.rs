//! Where a trap of "Run as wasm" happened. The browser's stack trace names wasm frames as
//! `wasm-function[N]:0xOFFSET`, with byte offsets in the module; the start of each function's
//! body (read back with `wasmparser`) and the code generator's source map turn them into the
//! IR instruction whose code trapped and the call stack of the module's own functions.

use irplay_core::diag::Span;
use irplay_wasm::SourceMap;

/// The instruction a trap happened at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapSite {
    /// The IR instruction whose code trapped.
    pub span: Span,
    /// The module's own functions on the stack, innermost first (`@name`).
    pub backtrace: Vec<String>,
}

/// The site of a trap whose stack trace is `stack`, in the module `bytes` compiled with `map`;
/// `None` when no frame of the trace is in the module's own code.
pub fn locate(stack: &str, bytes: &[u8], map: &SourceMap) -> Option<TrapSite> {
    locate_from(stack, bytes, map, 0)
}

/// [`locate`] from the module's own frame `skip` (0: the innermost) outwards: the span is the
/// first of those frames with a position, the backtrace starts at it (for a stop at the
/// depth limit, which shows the caller of the function that could not start).
pub fn locate_from(stack: &str, bytes: &[u8], map: &SourceMap, skip: usize) -> Option<TrapSite> {
    let starts = body_starts(bytes);
    let mut span = None;
    let mut backtrace = Vec::new();
    let own = frames(stack).into_iter().filter(|(index, _)| map.name(*index).is_some());
    for (index, offset) in own.skip(skip) {
        let Some(name) = map.name(index) else { continue };
        backtrace.push(format!("@{name}"));
        if span.is_none() {
            let start = starts.iter().find(|s| s.0 == index).map(|s| s.1)?;
            span = map.lookup(index, offset.checked_sub(start)?).map(|(_, s)| s);
        }
    }
    Some(TrapSite { span: span?, backtrace })
}

/// The wasm frames of a stack trace: `(function index, module offset)`, innermost first.
pub fn frames(stack: &str) -> Vec<(u32, u32)> {
    const MARK: &str = "wasm-function[";
    let mut out = Vec::new();
    let mut rest = stack;
    while let Some(after) = rest.find(MARK).and_then(|at| rest.get(at + MARK.len()..)) {
        rest = after;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let index = rest.get(..digits).and_then(|d| d.parse::<u32>().ok());
        let offset = rest.get(digits..).and_then(|t| t.strip_prefix("]:0x")).and_then(|h| {
            let n = h.bytes().take_while(u8::is_ascii_hexdigit).count();
            h.get(..n).and_then(|x| u32::from_str_radix(x, 16).ok())
        });
        if let (Some(i), Some(o)) = (index, offset) {
            out.push((i, o));
        }
    }
    out
}

/// Each defined function's index and the module offset of its body (its locals declaration),
/// from which the source map counts.
pub(crate) fn body_starts(bytes: &[u8]) -> Vec<(u32, u32)> {
    use wasmparser::{Parser, Payload, TypeRef};
    let mut imported = 0u32;
    let mut out = Vec::new();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload {
            Ok(Payload::ImportSection(s)) => {
                for imp in s.into_imports().flatten() {
                    if matches!(imp.ty, TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Ok(Payload::CodeSectionEntry(body)) => {
                out.push((imported + out.len() as u32, body.range().start as u32));
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_of_chromium_and_firefox_traces() {
        let chromium = "RuntimeError: divide by zero\n    at wasm://wasm/7c9f4a5e:wasm-function[1]:0x5e\n    at wasm://wasm/7c9f4a5e:wasm-function[2]:0x7a\n    at run (worker.js:1:2)";
        assert_eq!(frames(chromium), vec![(1, 0x5e), (2, 0x7a)]);
        let firefox = "@http://x/w.wasm:wasm-function[3]:0x1a2B\n";
        assert_eq!(frames(firefox), vec![(3, 0x1a2b)]);
        assert_eq!(frames("no wasm here"), vec![]);
        assert_eq!(frames("wasm-function[9"), vec![]);
    }

    #[test]
    fn a_trap_maps_back_to_its_instruction() {
        let text = "define i32 @div(i32 %a, i32 %b) {\n  %q = sdiv i32 %a, %b\n  ret i32 %q\n}\n\ndefine i32 @main() {\n  %r = call i32 @div(i32 1, i32 0)\n  ret i32 %r\n}\n";
        let checked = irplay_core::check(text);
        let m = checked.module.as_ref().expect("parses");
        let low = irplay_wasm::lower(m).expect("lowers");
        let (bytes, map) =
            irplay_wasm::compile_mapped(&low, &irplay_wasm::Options::default()).expect("compiles");
        let div = map.funcs.iter().find(|f| f.name == "div").expect("div");
        let main = map.funcs.iter().find(|f| f.name == "main").expect("main");
        let start =
            |i: u32| body_starts(&bytes).into_iter().find(|s| s.0 == i).map(|s| s.1).expect("body");
        // The sdiv's code, as a browser would name it, and main's call below it.
        let sdiv = text.find("%q = sdiv").expect("sdiv") as u32;
        let (at, _) = *div.locs.iter().find(|l| l.1.start == sdiv).expect("sdiv has code");
        let call = text.find("%r = call").expect("call") as u32;
        let (call_at, _) = *main.locs.iter().find(|l| l.1.start == call).expect("call has code");
        let stack = format!(
            "RuntimeError: divide by zero\n    at wasm-function[{}]:0x{:x}\n    at wasm-function[{}]:0x{:x}",
            div.index,
            start(div.index) + at + 1,
            main.index,
            start(main.index) + call_at + 2
        );
        let site = locate(&stack, &bytes, &map).expect("located");
        assert_eq!(site.span.start, sdiv);
        assert_eq!(site.backtrace, vec!["@div".to_string(), "@main".to_string()]);
    }
}
