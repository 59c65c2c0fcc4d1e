//! Unit tests of the native lowering: every module this target's lowering makes of the IR
//! test files passes the low form's verifier.

use std::path::Path;

/// The `.ll` files under `dir`, recursively.
fn ll_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ll") {
            out.push(p);
        }
    }
}

/// [`crate::lower`] (which verifies in debug builds) of every valid IR test file gives a low
/// form the verifier accepts; the failure lists every problem of every file.
#[test]
fn every_lowered_module_passes_the_low_form_verifier() {
    use irplay_core::lower::{lower_module_with, verify};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    ll_files(&root.join("tests/ir"), &mut files);
    ll_files(&root.join("examples/learn"), &mut files);
    files.sort();
    let (mut lowered, mut problems) = (0, Vec::new());
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let checked = irplay_core::check(&text);
        let Some(m) = checked.module.filter(|_| checked.valid) else { continue };
        let low = match crate::lower(&m) {
            Ok(low) => low,
            Err(e) if verify::is_verify_error(&e) => {
                match lower_module_with(&m, crate::LOWER_OPTIONS) {
                    Ok(low) => low,
                    Err(e) => panic!("{}: lowers only sometimes: {e}", f.display()),
                }
            }
            Err(_) => continue,
        };
        lowered += 1;
        if let Err(errs) = verify::verify(&low, crate::LOWER_OPTIONS) {
            let rel = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
            problems.extend(errs.iter().map(|e| format!("{rel}: {e}")));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(lowered > 50, "only {lowered} files lowered");
}
