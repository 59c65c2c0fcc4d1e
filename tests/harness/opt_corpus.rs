//! Differential trials of the optimization passes over the run corpus, in process: each
//! `csmith-NNNN-O0.ll` is optimized through `irplay_core::passes` by every pass on its own and by
//! the `O2` preset, verified after every step, printed and parsed back (the text must be valid
//! for irplay and for `llvm-as-19`), run in the interpreter, and compared with the native
//! program's recorded output (`csmith-NNNN.expected`).
//!
//! Trials are named `opt/csmith-NNNN-O0` (and `-O2`: clang's optimized output has the phis,
//! `select`s and switches the -O0 modules lack). By default the first [`DEFAULT_MODULES`] -O0
//! modules and the first half as many -O2 ones are used; `IRPLAY_OPT_CORPUS=N` takes N (and
//! N/2), `IRPLAY_OPT_CORPUS=all` every module.

use super::*;
use irplay_core::ir::Module;
use irplay_core::passes::{
    parse_pipeline, run_pipeline, run_pipeline_with, PipelineError, RunOptions, TextCache,
};

/// How many -O0 modules the trials use unless `IRPLAY_OPT_CORPUS` says otherwise.
pub(crate) const DEFAULT_MODULES: usize = 50;

/// The pipelines each module goes through: every pass of the table on its own, then the
/// presets that do more than nothing.
pub(crate) fn pipelines() -> Vec<&'static str> {
    let passes = irplay_core::passes::PASSES.iter().map(|p| p.name);
    passes.chain(["O1", "O2", "O3"]).collect()
}

/// The modules of the run corpus the trials use.
pub(crate) fn opt_corpus_files(files: &[String]) -> Vec<String> {
    let n = match std::env::var("IRPLAY_OPT_CORPUS").ok().as_deref() {
        Some("all") => usize::MAX,
        Some(s) => s.parse().unwrap_or(DEFAULT_MODULES),
        None => DEFAULT_MODULES,
    };
    let o0 = files.iter().filter(|f| f.ends_with("-O0.ll")).take(n);
    let o2 = files.iter().filter(|f| f.ends_with("-O2.ll")).take(if n == usize::MAX {
        n
    } else {
        n / 2
    });
    o0.chain(o2).cloned().collect()
}

/// `pipeline` run on a copy of `module`, verifying after every step: the optimized module, or
/// the pipeline's error (which pass on which function broke it). The outer error is a pipeline
/// string that does not parse.
fn optimize(module: &Module, pipeline: &str) -> Result<Result<Module, PipelineError>, Failed> {
    let passes = parse_pipeline(pipeline)?;
    let mut m = module.clone();
    let opts = RunOptions { verify_each: true, record_text: false };
    Ok(run_pipeline(&mut m, &passes, &opts, &|| 0.0).map(|_| m))
}

/// The first `n` diagnostics' messages.
fn first_messages(diags: &[irplay_core::diag::Diagnostic], n: usize) -> Vec<String> {
    diags.iter().take(n).map(|d| d.message.clone()).collect()
}

pub(crate) fn opt_corpus_trial(
    ctx: &Ctx,
    trial: &str,
    dir: &Path,
    rel: &str,
) -> Result<(), Failed> {
    let (oracle, want_status, want_stdout) = read_expected(dir, rel)?;
    let text = fs::read_to_string(dir.join(rel)).map_err(|e| format!("cannot read {rel}: {e}"))?;
    let checked = irplay_core::check(&text);
    let (true, Some(module)) = (checked.valid, checked.module) else {
        return Err(format!("{rel} does not verify before any pass").into());
    };
    let scratch = Scratch::new(ctx, trial)?;
    let mut errors = Vec::new();
    for pipeline in pipelines() {
        let m = match optimize(&module, pipeline)? {
            Ok(m) => m,
            Err(e) => {
                errors.push(format!(
                    "-p {pipeline}: the module does not verify after {} on @{}:\n{}",
                    e.pass,
                    e.function,
                    indent(&first_messages(&e.diagnostics, 5).join("\n"))
                ));
                continue;
            }
        };
        // The printed result must read back as the same valid module, for us and for LLVM.
        let printed = irplay_core::text::print_module(&m);
        let name = format!("{}.ll", pipeline);
        let Ok(path) = scratch.write(&name, &printed) else {
            continue;
        };
        let reread = irplay_core::check(&printed);
        if !reread.valid {
            errors.push(format!(
                "-p {pipeline}: the printed result (kept as {name}) does not check:\n{}",
                indent(&first_messages(&reread.diagnostics, 5).join("\n"))
            ));
            continue;
        }
        let path = path.to_string_lossy().into_owned();
        match tool(ctx, &ctx.llvm_as, &[&path, "-o", "/dev/null"], &scratch.dir) {
            Err(e) => errors.push(e),
            Ok(o) if o.code != Some(0) => errors.push(format!(
                "-p {pipeline}: {} rejects the result (kept as {name}):\n{}",
                ctx.llvm_as,
                indent(&o.stderr)
            )),
            Ok(_) => {}
        }
        let Some(m) = reread.module else { continue };
        let run_opts = irplay_core::interp::Options {
            max_steps: 2_000_000_000,
            program_name: rel.as_bytes().to_vec(),
            ..Default::default()
        };
        let out = irplay_core::interp::run(&m, &run_opts);
        let status = match &out.exit {
            irplay_core::interp::Exit::Returned { .. }
            | irplay_core::interp::Exit::Exited { .. } => Some(out.exit.status()),
            _ => None,
        };
        if status != Some(want_status) || out.stdout != want_stdout {
            let mut msg = format!(
                "-p {pipeline}: the optimized program (kept as {name}) differs from the native one ({oracle}):\n  exit: expected {want_status}, got {:?}\n",
                out.exit
            );
            if out.stdout != want_stdout {
                let _ = writeln!(
                    msg,
                    "  stdout (- native, + optimized):\n{}",
                    indent(&diff(
                        &String::from_utf8_lossy(&want_stdout),
                        &String::from_utf8_lossy(&out.stdout)
                    ))
                );
            }
            errors.push(msg);
        }
    }
    scratch.finish(errors)
}

/// The oracle for a `; RUN: irplay opt -p PIPELINE %s` file with a `main`: the input, our
/// output (the golden) and `opt-19 -passes=PIPELINE`'s output must run alike in `irplay run`
/// (same stdout and exit status). Without a `main`, only the golden's validity is checked
/// (by `check_fmt_golden`), and the comparison with opt-19 is the test's comment.
pub(crate) fn check_opt_behaviour(
    ctx: &Ctx,
    rel: &str,
    d: &Directive,
    golden_path: &Path,
    scratch: &Scratch,
    errors: &mut Vec<String>,
) {
    let Ok(input) = fs::read_to_string(ctx.ir_dir.join(rel)) else {
        return;
    };
    if !input.lines().any(|l| l.starts_with("define") && l.contains(" @main(")) {
        return;
    }
    let pipeline =
        d.args.windows(2).find(|w| w[0] == "-p" || w[0] == "--passes").map(|w| w[1].clone());
    let Some(pipeline) = pipeline else {
        return errors.push(format!("{}: no `-p PIPELINE`", d.shown()));
    };
    let llvm_pipeline = match pipeline.as_str() {
        p if p.starts_with('O') => format!("default<{p}>"),
        p => p.to_string(),
    };
    let input_copy = scratch.path("input.ll").to_string_lossy().into_owned();
    if let Err(e) = fs::copy(ctx.ir_dir.join(rel), &input_copy) {
        return errors.push(format!("cannot copy {rel}: {e}"));
    }
    let llvm_out = scratch.path("opt-19.ll").to_string_lossy().into_owned();
    match tool(
        ctx,
        "opt-19",
        &[&format!("-passes={llvm_pipeline}"), "-S", &input_copy, "-o", &llvm_out],
        &scratch.dir,
    ) {
        Err(e) => return errors.push(e),
        Ok(o) if o.code != Some(0) => {
            return errors
                .push(format!("opt-19 -passes={llvm_pipeline} failed:\n{}", indent(&o.stderr)))
        }
        Ok(_) => {}
    }
    let golden_path = golden_path.to_string_lossy().into_owned();
    let mut results = Vec::new();
    for (what, file) in [
        ("the input", input_copy.as_str()),
        ("irplay opt's output", golden_path.as_str()),
        ("opt-19's output", llvm_out.as_str()),
    ] {
        match irplay(ctx, &["run", file], &scratch.dir) {
            Err(e) => return errors.push(e),
            Ok(o) => results.push((what, o.code, o.stdout)),
        }
    }
    if results.first().is_some_and(|r| r.1 == Some(70)) {
        // The input has undefined behaviour: any behaviour of the outputs refines it.
        return;
    }
    if let Some((first, rest)) = results.split_first() {
        for r in rest {
            if r.1 != first.1 || r.2 != first.2 {
                errors.push(format!(
                    "`irplay run` of {} gives exit {:?} and stdout:\n{}\nbut of {} exit {:?} and stdout:\n{}",
                    first.0,
                    first.1,
                    indent(&first.2),
                    r.0,
                    r.1,
                    indent(&r.2)
                ));
            }
        }
    }
}

/// `opt/every-valid-file`: every pass and `O2` over every valid file of `tests/ir` and
/// `examples/learn` (those with a passing `RUN:` directive) and of the conformance corpus when it
/// is there (every module: csmith at -O0/-O2/-O3 with and without `-g`, llvm-stress), in process:
/// the verifier must accept the module after every step, and the printed result must parse and
/// verify again. Exotic constructs (exception handling, `callbr`, `blockaddress`, debug records,
/// scalable vectors, legacy syntax) live there rather than in the run corpus.
/// `dirs`: each directory, and whether its files need a passing directive to count as valid.
pub(crate) fn opt_every_valid_file(dirs: &[(PathBuf, bool)]) -> Result<(), Failed> {
    let mut errors = Vec::new();
    let mut checked = 0;
    for (dir, need_directive) in dirs {
        for rel in list_ll_files(dir) {
            let Ok(text) = fs::read_to_string(dir.join(&rel)) else {
                continue;
            };
            let Ok(directives) = parse_directives(&text, &rel) else {
                continue;
            };
            if *need_directive
                && (directives.is_empty() || directives.iter().any(|d| d.expect == Expect::Fail))
            {
                continue;
            }
            let c = irplay_core::check(&text);
            let (true, Some(module)) = (c.valid, c.module) else {
                continue;
            };
            checked += 1;
            for pipeline in pipelines() {
                let m = match optimize(&module, pipeline)? {
                    Ok(m) => m,
                    Err(e) => {
                        errors.push(format!(
                            "{rel}: -p {pipeline}: does not verify after {} on @{}: {}",
                            e.pass,
                            e.function,
                            first_messages(&e.diagnostics, 3).join("; ")
                        ));
                        continue;
                    }
                };
                let again = irplay_core::check(&irplay_core::text::print_module(&m));
                if !again.valid {
                    errors.push(format!(
                        "{rel}: -p {pipeline}: the printed result does not check: {}",
                        first_messages(&again.diagnostics, 3).join("; ")
                    ));
                }
            }
        }
    }
    if checked == 0 {
        errors.push("no valid file found".into());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n").into())
    }
}

/// `opt/timeline-texts`: the texts the pipeline records come from a cache that prints a
/// function again only when a step changed it (`irplay_core::passes::timeline`). Over every
/// valid file of `dirs`, `O2` runs pass by pass through one cache; after each pass every
/// function's cached text must be what the printer prints for the module as it stands, the
/// cached module text the module's, and each function's last step of the pass must have
/// recorded that text as its `after`.
pub(crate) fn opt_timeline_texts(dirs: &[(PathBuf, bool)]) -> Result<(), Failed> {
    use irplay_core::text::{print_function, print_module};
    let mut errors = Vec::new();
    let mut checked = 0;
    let passes = parse_pipeline("O2").map_err(Failed::from)?;
    let opts = RunOptions { verify_each: false, record_text: true };
    for (dir, need_directive) in dirs {
        for rel in list_ll_files(dir) {
            let Ok(text) = fs::read_to_string(dir.join(&rel)) else { continue };
            let Ok(directives) = parse_directives(&text, &rel) else { continue };
            if *need_directive
                && (directives.is_empty() || directives.iter().any(|d| d.expect == Expect::Fail))
            {
                continue;
            }
            let c = irplay_core::check(&text);
            let (true, Some(mut m)) = (c.valid, c.module) else { continue };
            checked += 1;
            let mut cache = TextCache::new();
            'passes: for pass in &passes {
                let Ok(steps) = run_pipeline_with(
                    &mut m,
                    std::slice::from_ref(pass),
                    &opts,
                    &|| 0.0,
                    &mut cache,
                ) else {
                    break;
                };
                let funcs: Vec<_> = m.globals.keys().filter(|&g| m.func(g).is_some()).collect();
                for g in funcs {
                    let want = print_function(&m, g);
                    if *cache.function(&m, g) != want {
                        errors.push(format!(
                            "{rel}: after {}: the cached text of @{} differs from the printer's",
                            pass.name,
                            m.global_name(g)
                        ));
                        break 'passes;
                    }
                    let name = m.global_name(g);
                    if let Some(last) = steps.iter().rev().find(|s| s.function == name) {
                        if last.after != want {
                            errors.push(format!("{rel}: after {}: the recorded text of @{name} differs from the printer's", pass.name));
                            break 'passes;
                        }
                    }
                }
                if cache.module(&m) != print_module(&m) {
                    errors.push(format!(
                        "{rel}: after {}: the cached module text differs from the printer's",
                        pass.name
                    ));
                    break;
                }
            }
        }
    }
    if checked == 0 {
        errors.push("no valid file found".into());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n").into())
    }
}
