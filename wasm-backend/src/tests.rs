//! Unit tests of the backend: every module it emits for the IR test files (the wasm and
//! interpreter tests and the playground's examples) validates with `wasmparser`, with and
//! without the step and depth counters of [`crate::Options::limits`]; the source map
//! names the right instruction for a trap; every module this target's lowering makes of the
//! IR test files passes the low form's verifier.

use std::path::Path;

fn compile_file(path: &Path, opts: &crate::Options) -> Option<Result<Vec<u8>, String>> {
    let text = std::fs::read_to_string(path).ok()?;
    let checked = irplay_core::check(&text);
    let module = checked.module.filter(|_| checked.valid)?;
    match crate::compile_module(&module, opts) {
        Ok(bytes) => Some(Ok(bytes)),
        Err(crate::CompileError::Lower(e)) if !irplay_core::lower::verify::is_verify_error(&e) => {
            None
        }
        Err(e) => Some(Err(format!("{}: {e}", path.display()))),
    }
}

#[test]
fn every_emitted_module_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut compiled = 0;
    for dir in ["tests/ir/wasm", "tests/ir/interp", "tests/ir/lower", "examples/learn"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut files: Vec<_> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ll"))
            .collect();
        files.sort();
        for f in files {
            // Structured control flow, and the dispatch loop everywhere (the fallback); without
            // and with the step and depth counters.
            for (structured, limits) in [(true, false), (false, false), (true, true), (false, true)]
            {
                let opts = crate::Options { structured, limits, ..crate::Options::default() };
                match compile_file(&f, &opts) {
                    None => {}
                    Some(Err(e)) => panic!("{e}"),
                    Some(Ok(bytes)) => {
                        if let Err(e) = wasmparser::validate(&bytes) {
                            panic!(
                                "{} (structured: {structured}, limits: {limits}): invalid \
                                 module: {e}",
                                f.display()
                            );
                        }
                        compiled += 1;
                    }
                }
            }
        }
    }
    assert!(compiled >= 40, "only {compiled} modules compiled");
}

#[test]
fn empty_module_validates() {
    let low = irplay_core::lower::LowModule {
        ptr_bytes: 4,
        funcs: Vec::new(),
        imports: Vec::new(),
        data: Default::default(),
        exception: None,
        structors: Default::default(),
    };
    let bytes = crate::compile(&low, &crate::Options::default());
    assert!(bytes.as_ref().is_ok_and(|b| wasmparser::validate(b).is_ok()));
}

#[test]
fn stack_check_adds_one_import_only_when_asked() {
    let text = "define i32 @main() {\n  %p = alloca i32\n  store i32 7, ptr %p\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    let checked = irplay_core::check(text);
    let module = checked.module.filter(|_| checked.valid).expect("valid");
    let low = irplay_core::lower::lower_module(&module).expect("lowers");
    let imports = |opts: &crate::Options| {
        let bytes = crate::compile(&low, opts).expect("compiles");
        assert!(wasmparser::validate(&bytes).is_ok());
        import_names(&bytes)
    };
    assert_eq!(imports(&crate::Options::default()), vec![crate::STACK_OVERFLOW.to_string()]);
    assert!(imports(&crate::Options { stack_check: false, ..crate::Options::default() }).is_empty());
}

/// The names of a module's imports.
fn import_names(bytes: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    for p in wasmparser::Parser::new(0).parse_all(bytes) {
        if let Ok(wasmparser::Payload::ImportSection(r)) = p {
            for imp in r.into_imports().flatten() {
                names.push(imp.name.to_string());
            }
        }
    }
    names
}

#[test]
fn string_functions_with_their_c_signature_are_defined_not_imported() {
    let text = "declare i64 @strlen(ptr)\ndeclare i32 @strcmp(ptr, i32)\ndeclare ptr @memcpy(ptr, ptr, i32)\n\
                define i32 @main(ptr %p) {\n  %n = call i64 @strlen(ptr %p)\n  %c = call i32 @strcmp(ptr %p, i32 1)\n  \
                %q = call ptr @memcpy(ptr %p, ptr %p, i32 4)\n  %s = getelementptr i8, ptr @strlen, i64 0\n  ret i32 %c\n}\n";
    let checked = irplay_core::check(text);
    let module = checked.module.filter(|_| checked.valid).expect("valid");
    let bytes = crate::compile_module(&module, &crate::Options::default()).expect("compiles");
    assert!(wasmparser::validate(&bytes).is_ok());
    // strcmp's second parameter is not a pointer: it stays an import.
    assert_eq!(import_names(&bytes), vec!["strcmp".to_string()]);
    let sig = |params: Vec<irplay_core::lower::Ty>, ret: Vec<irplay_core::lower::Ty>| {
        irplay_core::lower::Sig { params, ret, variadic: false, packs: Vec::new() }
    };
    use crate::builtins::{builtin, Builtin};
    use irplay_core::lower::Ty::{Ptr, I32, I64};
    assert_eq!(builtin("strlen", &sig(vec![Ptr], vec![I32])), Some(Builtin::StrLen));
    assert_eq!(builtin("bcmp", &sig(vec![Ptr, Ptr, I64], vec![I32])), Some(Builtin::MemCmp));
    assert_eq!(builtin("memset", &sig(vec![Ptr, I32, I64], vec![])), None);
    assert_eq!(
        builtin(
            "strlen",
            &irplay_core::lower::Sig {
                params: vec![Ptr],
                ret: vec![I64],
                variadic: true,
                packs: Vec::new()
            }
        ),
        None
    );
    assert_eq!(builtin("puts", &sig(vec![Ptr], vec![I32])), None);
}

#[test]
fn only_the_nonzero_stretches_of_the_data_image_are_segments() {
    let mut image = vec![0u8; 200];
    image[3] = 1;
    image[40] = 2; // 36 zeros after byte 3: a new segment
    image[50] = 3; // 9 zeros: the same segment
    image[199] = 4;
    let runs = crate::module::nonzero_runs(&image);
    let shape: Vec<(usize, usize)> = runs.iter().map(|(at, b)| (*at, b.len())).collect();
    assert_eq!(shape, vec![(3, 1), (40, 11), (199, 1)]);
    assert!(crate::module::nonzero_runs(&[0; 64]).is_empty());
}

/// A conditional branch to a block that only traps is folded by wasmtime into a conditional
/// trap at the branch, reported at the branch's offset: the source map gives that offset the
/// position of the `unreachable`, not of the instruction before the branch.
#[test]
fn a_branch_to_an_unreachable_maps_to_the_unreachable() {
    let text = "define i32 @main(i32 %a) {\nentry:\n  %c = icmp eq i32 %a, 1\n  \
                br i1 %c, label %bad, label %ok\nbad:\n  unreachable\nok:\n  ret i32 0\n}\n";
    let checked = irplay_core::check(text);
    let module = checked.module.filter(|_| checked.valid).expect("valid module");
    let low = crate::lower(&module).expect("lowers");
    let (bytes, map) = crate::compile_mapped(&low, &crate::Options::default()).expect("compiles");
    let main = map.funcs.iter().find(|f| f.name == "main").expect("main is mapped");
    let body = wasmparser::Parser::new(0)
        .parse_all(&bytes)
        .find_map(|p| match p {
            Ok(wasmparser::Payload::CodeSectionEntry(b)) => Some(b),
            _ => None,
        })
        .expect("a function body");
    let start = body.range().start;
    let mut ops = body.get_operators_reader().expect("operators").into_iter_with_offsets();
    let at_if = ops
        .find_map(|o| match o {
            Ok((wasmparser::Operator::If { .. }, off)) => Some(off - start),
            _ => None,
        })
        .expect("an `if`");
    let (_, span) = map.lookup(main.index, at_if as u32).expect("a position");
    assert_eq!(&text[span.start as usize..span.end as usize], "unreachable");
}
