//! Expected refusals of a code generator's engine (wasm or native), for the `wasm`, `native`
//! and `matrix` test harnesses: the `; UNSUPPORTED-WASM:` (`; UNSUPPORTED-NATIVE:`) directive
//! of `tests/ir` files, the run corpus's list (`tests/wasm-unsupported.txt`,
//! `tests/native-unsupported.txt`), and the refusal read back from `irplay`'s stderr.

use std::collections::BTreeMap;

/// What the code generator prints before the construct it refuses.
const CODEGEN: &str = "unsupported by the code generator: ";
/// What the wasm host's C library prints for a function it lacks (after `@name`).
const HOST_LIBC: &str = "(not in the wasm host's C library)";
/// What the native loader prints for the functions the process's C library lacks (then their
/// names, separated by `, `).
const NATIVE_LIBC: &str = "that the C library does not define: ";
/// What the linker (`cc`) prints for a function no library defines (then `` `name' ``).
const LINKER: &str = "undefined reference to `";

/// An expected refusal, from a file's `; UNSUPPORTED-WASM: <construct>` line or a line of the
/// corpus list: the engine must refuse the module, for a construct containing `construct`.
pub(crate) struct Expected {
    pub(crate) construct: String,
    /// Where it is written: the file's line, or the list's line.
    pub(crate) line: usize,
}

/// The file's `; UNSUPPORTED-WASM:` line, if any (written like `; EXIT:`, one per file).
pub(crate) fn parse_unsupported_wasm(text: &str) -> Result<Option<Expected>, String> {
    parse_unsupported(text, "UNSUPPORTED-WASM:")
}

/// The file's `; DIRECTIVE` line (`UNSUPPORTED-WASM:`, `UNSUPPORTED-NATIVE:`), if any (written
/// like `; EXIT:`, one per file).
pub(crate) fn parse_unsupported(text: &str, directive: &str) -> Result<Option<Expected>, String> {
    let mut found: Option<Expected> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if !t.starts_with(';') {
            continue;
        }
        let Some(rest) = t.trim_start_matches(';').trim_start().strip_prefix(directive) else {
            continue;
        };
        let construct = rest.trim();
        if construct.is_empty() {
            return Err(format!(
                "line {}: `; {directive}` wants the construct the code generator refuses",
                i + 1
            ));
        }
        if found.is_some() {
            return Err(format!("line {}: a second `; {directive}` line", i + 1));
        }
        found = Some(Expected { construct: construct.to_string(), line: i + 1 });
    }
    Ok(found)
}

/// The run corpus's expected refusals, by module file name (`csmith-NNNN-O2.ll`), from lines
/// `MODULE: CONSTRUCT` (`#` starts a comment line).
pub(crate) fn parse_corpus_list(text: &str) -> Result<BTreeMap<String, Expected>, String> {
    parse_list(text, ".ll")
}

/// Expected refusals by module name, from lines `MODULE: CONSTRUCT` (`#` starts a comment
/// line), where every module name ends with `suffix` (may be empty).
pub(crate) fn parse_list(text: &str, suffix: &str) -> Result<BTreeMap<String, Expected>, String> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let bad = || format!("line {}: want `MODULE{suffix}: CONSTRUCT`, found `{t}`", i + 1);
        let Some((module, construct)) = t.split_once(": ") else {
            return Err(bad());
        };
        let (module, construct) = (module.trim(), construct.trim());
        if !module.ends_with(suffix) || module.contains('/') || construct.is_empty() {
            return Err(bad());
        }
        let e = Expected { construct: construct.to_string(), line: i + 1 };
        if let Some(prev) = out.insert(module.to_string(), e) {
            return Err(format!("line {}: {module} is listed again (line {})", i + 1, prev.line));
        }
    }
    Ok(out)
}

/// An engine's refusal of a module, as reported on stderr.
pub(crate) struct Refusal {
    /// The refused construct: what follows "unsupported by the code generator: ", or `C library
    /// function @name` for one the wasm host lacks (reported as "unsupported function @name
    /// (not in the wasm host's C library)" when the program calls it), the native loader
    /// does not find ("... that the C library does not define: name") or the linker does not
    /// ("undefined reference to `name'").
    pub(crate) construct: String,
    /// `FILE:LINE:COL` of the construct: the code generator's diagnostic, or the declaration of
    /// the missing C library function (see [`Refusal::locate`]).
    pub(crate) at: Option<String>,
}

impl Refusal {
    /// The construct without names and types, to count refusals by kind (a missing C library
    /// function keeps its name).
    pub(crate) fn kind(&self) -> String {
        let c = &self.construct;
        if c.starts_with("C library function ") {
            return c.clone();
        }
        c.split(['@', '(']).next().map(str::trim).filter(|k| !k.is_empty()).unwrap_or(c).into()
    }

    /// With its position named as `file`, the module whose text is `text`: the diagnostic's
    /// `LINE:COL` (the diagnostic names the file as `irplay` was given it), or for a missing C
    /// library function, reported without a position when called, its `declare` line.
    pub(crate) fn locate(self, text: &str, file: &str) -> Refusal {
        let at = match &self.at {
            Some(at) => {
                let mut parts = at.rsplitn(3, ':');
                match (parts.next(), parts.next()) {
                    (Some(col), Some(line)) => Some(format!("{file}:{line}:{col}")),
                    _ => Some(at.clone()),
                }
            }
            None => {
                let name = self.construct.strip_prefix("C library function ").unwrap_or("");
                text.lines().enumerate().find_map(|(i, l)| {
                    let col = l.find(&format!("{name}("))?;
                    let declared = !name.is_empty() && l.trim_start().starts_with("declare");
                    declared.then(|| format!("{file}:{}:{}", i + 1, col + 1))
                })
            }
        };
        Refusal { at, ..self }
    }

    /// As shown in failures: `FILE:LINE:COL: construct`.
    pub(crate) fn shown(&self) -> String {
        match &self.at {
            Some(at) => format!("{at}: {}", self.construct),
            None => format!("{} (no position found)", self.construct),
        }
    }
}

/// The first refusal on `stderr`, if any.
pub(crate) fn refusal(stderr: &str) -> Option<Refusal> {
    for line in stderr.lines() {
        if let Some(idx) = line.find(CODEGEN) {
            let construct = line[idx + CODEGEN.len()..].trim().to_string();
            let at = line[..idx].strip_suffix(": error: ").map(str::to_string);
            return Some(Refusal { construct, at });
        }
        let name = if line.contains(HOST_LIBC) {
            line.split('@').nth(1).and_then(|r| r.split(' ').next())
        } else if let Some(idx) = line.find(NATIVE_LIBC) {
            line[idx + NATIVE_LIBC.len()..].split(", ").next()
        } else if let Some(idx) = line.find(LINKER) {
            line[idx + LINKER.len()..].split('\'').next()
        } else {
            None
        };
        if let Some(name) = name {
            let construct = format!("C library function @{}", name.trim());
            return Some(Refusal { construct, at: None });
        }
    }
    None
}

/// Judges a refusal (or none) of `engine` ("the wasm engine") against the expectation; `how`
/// says where the expectation is written (`file.ll` or the list), and `fix` how to allow this
/// refusal. `Ok(true)` when the module was refused as expected, `Ok(false)` when it was not
/// refused and nothing was expected (the caller checks its output then).
pub(crate) fn judge(
    engine: &str,
    expected: Option<&Expected>,
    got: Option<&Refusal>,
    how: &str,
    fix: &str,
) -> Result<bool, String> {
    match (expected, got) {
        (None, None) => Ok(false),
        (Some(e), Some(r)) if r.construct.to_lowercase().contains(&e.construct.to_lowercase()) => {
            Ok(true)
        }
        (Some(e), Some(r)) => Err(format!(
            "{engine} refuses {}, not the construct {how}:{} expects ({:?})",
            r.shown(),
            e.line,
            e.construct
        )),
        (Some(e), None) => Err(format!(
            "{engine} no longer refuses this module ({how}:{} expects {:?}): remove that \
             line",
            e.line, e.construct
        )),
        (None, Some(r)) => Err(format!(
            "unexpectedly unsupported by {engine}: {}\n(a regression of the code generator, \
             or a new test using a construct it lacks: {fix})",
            r.shown()
        )),
    }
}
