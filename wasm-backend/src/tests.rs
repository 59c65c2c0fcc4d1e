//! Unit tests of the backend: every module it emits for the IR test files (the wasm and
//! interpreter tests and the playground's examples) validates with `wasmparser`.

use std::path::Path;

fn compile_file(path: &Path) -> Option<Result<Vec<u8>, String>> {
    let text = std::fs::read_to_string(path).ok()?;
    let checked = irplay_core::check(&text);
    let module = checked.module.filter(|_| checked.valid)?;
    match crate::compile_module(&module, &crate::Options::default()) {
        Ok(bytes) => Some(Ok(bytes)),
        Err(crate::CompileError::Lower(_)) => None,
        Err(e) => Some(Err(format!("{}: {e}", path.display()))),
    }
}

#[test]
fn every_emitted_module_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut compiled = 0;
    for dir in ["tests/ir/wasm", "tests/ir/interp", "tests/ir/lower", "examples/learn"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut files: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "ll")).collect();
        files.sort();
        for f in files {
            match compile_file(&f) {
                None => {}
                Some(Err(e)) => panic!("{e}"),
                Some(Ok(bytes)) => {
                    if let Err(e) = wasmparser::validate(&bytes) {
                        panic!("{}: invalid module: {e}", f.display());
                    }
                    compiled += 1;
                }
            }
        }
    }
    assert!(compiled >= 20, "only {compiled} modules compiled");
}

#[test]
fn empty_module_validates() {
    let low = irplay_core::lower::LowModule { ptr_bytes: 4, funcs: Vec::new(), imports: Vec::new(), data: Default::default() };
    let bytes = crate::compile(&low, &crate::Options::default());
    assert!(bytes.as_ref().is_ok_and(|b| wasmparser::validate(b).is_ok()));
}
