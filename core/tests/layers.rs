//! The layering test: every `crate::X` path in the non-test code of `core/src` must name a
//! module that the layer table in `core/src/lib.rs`'s opening doc allows for the file's layer.
//!
//! The table is read from `lib.rs` itself, so the doc and the check cannot drift apart. Test
//! code is skipped: files that a `#[cfg(test)] mod NAME;` declares, and the bodies of inline
//! `#[cfg(test)] mod NAME { ... }` blocks. Comments and string literals are not code, so a doc
//! link to another layer is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One import outside the table: `file:line: layer -> target`.
#[derive(Debug, PartialEq, Eq)]
struct Violation {
    file: String,
    line: usize,
    layer: String,
    target: String,
}

/// The layer table: layer name -> the layers it may import.
fn read_table(lib_rs: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let mut table = BTreeMap::new();
    for line in lib_rs.lines() {
        let Some(row) = line.strip_prefix("//! |") else { continue };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (Some(name), Some(allowed)) = (cells.first(), cells.get(1)) else { continue };
        let Some(name) = name.strip_prefix('`').and_then(|n| n.strip_suffix('`')) else {
            continue;
        };
        let allowed: BTreeSet<String> = allowed
            .split('`')
            .enumerate()
            .filter(|(k, _)| k % 2 == 1)
            .map(|(_, s)| s.to_string())
            .collect();
        table.insert(name.to_string(), allowed);
    }
    if table.is_empty() {
        return Err(
            "core/src/lib.rs has no layer table (rows like \"//! | `ir` | `diag` |\")".into()
        );
    }
    for (layer, allowed) in &table {
        for a in allowed {
            if !table.contains_key(a) {
                return Err(format!("layer `{layer}` may import `{a}`, which is not a layer"));
            }
        }
    }
    Ok(table)
}

/// The source with comments, string and char literals blanked out (newlines kept, so line
/// numbers stay right).
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |out: &mut String, s: &[u8]| {
        for &c in s {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if rest.starts_with(b"r#\"") || rest.starts_with(b"r\"") || rest.starts_with(b"br\"")
        {
            let start = rest.iter().position(|&c| c == b'"').unwrap_or(0);
            let hashes = rest[..start].iter().filter(|&&c| c == b'#').count();
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            let body = &rest[start + 1..];
            let end = body.windows(close.len()).position(|w| w == close.as_slice());
            let n = start + 1 + end.map_or(body.len(), |e| e + close.len());
            blank(&mut out, &rest[..n]);
            i += n;
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let n = (j + 1).min(rest.len());
            blank(&mut out, &rest[..n]);
            i += n;
        } else if rest[0] == b'\'' {
            // A char literal ('x', '\n', '\u{..}'), or a lifetime ('a), which is left alone.
            let lit = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(2).position(|&c| c == b'\'').map(|p| p + 3)
            } else if rest.get(2) == Some(&b'\'') {
                Some(3)
            } else {
                // A multi-byte char such as '─'.
                let s = std::str::from_utf8(&rest[1..]).ok().and_then(|s| s.chars().next());
                match s {
                    Some(c) if rest.get(1 + c.len_utf8()) == Some(&b'\'') => Some(2 + c.len_utf8()),
                    _ => None,
                }
            };
            let n = lit.unwrap_or(1);
            if lit.is_some() {
                blank(&mut out, &rest[..n]);
            } else {
                out.push('\'');
            }
            i += n;
        } else {
            let c = src[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The code with inline `#[cfg(test)] mod NAME { ... }` bodies blanked, and the names of
/// test modules declared as files (`#[cfg(test)] mod NAME;`).
fn strip_test_mods(code: &str) -> (String, Vec<String>) {
    let mut out = code.to_string();
    let mut files = Vec::new();
    let mut from = 0;
    while let Some(at) = out[from..].find("#[cfg(test)]") {
        let start = from + at;
        let after = &out[start + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let trimmed = trimmed.strip_prefix("pub(crate)").unwrap_or(trimmed).trim_start();
        let trimmed = trimmed.strip_prefix("pub").unwrap_or(trimmed).trim_start();
        let Some(decl) = trimmed.strip_prefix("mod ") else {
            from = start + 1;
            continue;
        };
        let name: String =
            decl.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let rest = decl.trim_start()[name.len()..].trim_start();
        if rest.starts_with(';') {
            files.push(name);
            from = start + 1;
            continue;
        }
        // Blank the block up to its matching brace.
        let Some(open) = out[start..].find('{').map(|p| start + p) else { break };
        let mut depth = 0usize;
        let mut end = out.len();
        for (k, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let blanked: String =
            out[start..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
        out.replace_range(start..end, &blanked);
        from = start + blanked.len();
    }
    (out, files)
}

/// The `crate::X` paths of `code` whose `X` is a layer, with 1-based line numbers.
fn crate_paths(code: &str) -> Vec<(usize, String, bool)> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(p) = rest.find("crate::") {
            let before = rest[..p].chars().next_back();
            let tail = &rest[p + "crate::".len()..];
            let name: String =
                tail.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let is_macro = tail[name.len()..].starts_with('!');
            if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
                && !name.is_empty()
            {
                found.push((n + 1, name.clone(), is_macro));
            }
            rest = &tail[name.len()..];
        }
    }
    found
}

/// Checks one file of layer `layer`.
fn check_file(
    table: &BTreeMap<String, BTreeSet<String>>,
    layer: &str,
    file: &str,
    src: &str,
) -> (Vec<Violation>, Vec<String>) {
    let (code, test_files) = strip_test_mods(&code_only(src));
    let mut bad = Vec::new();
    let allowed = table.get(layer);
    for (line, target, is_macro) in crate_paths(&code) {
        if target == layer || is_macro {
            continue;
        }
        if allowed.is_some_and(|a| a.contains(&target)) {
            continue;
        }
        bad.push(Violation { file: file.to_string(), line, layer: layer.to_string(), target });
    }
    (bad, test_files)
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn core_layers_only_point_down() {
    let src_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src_dir.join("lib.rs")).expect("read core/src/lib.rs");
    let table = read_table(&lib).unwrap_or_else(|e| panic!("{e}"));
    let mut files = Vec::new();
    rs_files(&src_dir, &mut files);
    // Pass 1: which files are test modules.
    let mut test_only: BTreeSet<PathBuf> = BTreeSet::new();
    let mut sources = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let (_, test_mods) = strip_test_mods(&code_only(&src));
        let dir = if f.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs") {
            f.parent().map(Path::to_path_buf)
        } else {
            f.parent().map(|p| p.join(f.file_stem().unwrap_or_default()))
        };
        if let Some(dir) = dir {
            for m in test_mods {
                test_only.insert(dir.join(format!("{m}.rs")));
                test_only.insert(dir.join(&m).join("mod.rs"));
                // A module file may live beside its parent (`foo.rs` declaring `foo_tests`
                // in `foo/` or beside it, by `#[path]`-free convention: both looked at).
                if let Some(parent) = f.parent() {
                    test_only.insert(parent.join(format!("{m}.rs")));
                }
            }
        }
        sources.push((f.clone(), src));
    }
    let mut bad = Vec::new();
    let mut checked = 0;
    for (f, src) in &sources {
        let rel = f.strip_prefix(&src_dir).unwrap_or(f);
        let mut parts = rel.components().map(|c| c.as_os_str().to_string_lossy().to_string());
        let Some(first) = parts.next() else { continue };
        if first == "lib.rs" || test_only.iter().any(|t| t == f) {
            continue;
        }
        // A test module's own files (everything under a test-only directory) are skipped too.
        if test_only
            .iter()
            .any(|t| t.ends_with("mod.rs") && t.parent().is_some_and(|d| f.starts_with(d)))
        {
            continue;
        }
        let layer = first.trim_end_matches(".rs").to_string();
        if !table.contains_key(&layer) {
            bad.push(Violation {
                file: format!("core/src/{}", rel.display()),
                line: 1,
                layer: layer.clone(),
                target: "(a top-level module missing from the layer table)".into(),
            });
            continue;
        }
        let (v, _) = check_file(&table, &layer, &format!("core/src/{}", rel.display()), src);
        bad.extend(v);
        checked += 1;
    }
    assert!(checked > 100, "only {checked} files checked: is core/src where it should be?");
    if !bad.is_empty() {
        let lines: Vec<String> = bad
            .iter()
            .map(|v| {
                format!(
                    "{}:{}: `{}` imports `crate::{}`, outside the layer table in core/src/lib.rs",
                    v.file, v.line, v.layer, v.target
                )
            })
            .collect();
        panic!("{} import(s) against the layering:\n{}", bad.len(), lines.join("\n"));
    }
}

#[cfg(test)]
mod checker {
    use super::*;

    const LIB: &str = "//! | `diag` | (nothing) | x |\n//! | `ir` | `diag` | y |\n//! | `passes` | `diag` `ir` | z |\n";

    #[test]
    fn reads_the_table() {
        let t = read_table(LIB).expect("table");
        assert_eq!(t.len(), 3);
        assert!(t["passes"].contains("ir") && t["passes"].contains("diag"));
        assert!(t["diag"].is_empty());
        assert!(read_table("//! | `ir` | `nowhere` |\n").is_err());
        assert!(read_table("no table\n").is_err());
    }

    #[test]
    fn a_wrong_import_is_named_with_its_line() {
        let t = read_table(LIB).expect("table");
        let src = "//! ir\nuse crate::diag::Span;\nuse crate::passes::edit;\nfn f() { crate::ir::x(); }\n";
        let (bad, _) = check_file(&t, "ir", "core/src/ir/x.rs", src);
        assert_eq!(
            bad,
            vec![Violation {
                file: "core/src/ir/x.rs".into(),
                line: 3,
                layer: "ir".into(),
                target: "passes".into()
            }]
        );
    }

    #[test]
    fn comments_strings_macros_and_test_modules_are_not_imports() {
        let t = read_table(LIB).expect("table");
        let src = "/// see [`crate::passes`]\n// crate::passes\nconst S: &str = \"crate::passes\";\nconst R: &str = r#\"crate::passes\"#;\ncrate::entity!(X, \"x\");\nfn f<'a>(c: char) -> bool { c == '{' }\n#[cfg(test)]\nmod tests {\n    use crate::passes::edit;\n    fn g() { let _ = \"}\"; }\n}\n#[cfg(test)]\nmod more_tests;\nuse crate::diag::Span;\n";
        let (bad, files) = check_file(&t, "ir", "core/src/ir/x.rs", src);
        assert!(bad.is_empty(), "{bad:?}");
        assert_eq!(files, vec!["more_tests".to_string()]);
    }
}
