//! "Run as wasm" in the run worker: compile the module with `irplay-wasm`, instantiate it with
//! the browser's `WebAssembly` and the C library of `irplay_wasm::libc`, and run `main` by the
//! host protocol of `irplay_wasm::host` (the browser is its `Engine` here).
//!
//! The module is compiled and instantiated synchronously (`new WebAssembly.Module` and
//! `new WebAssembly.Instance`, which a worker may do for any size), so the worker's handler
//! stays a plain function. The run keeps the request's limits as the interpreter's runs do:
//! the module counts steps and call depth (`irplay_wasm::Options::limits`) against the step
//! budget and [`MAX_STACK_DEPTH`], `malloc` returns null past the page's memory limit, and a
//! stop at a limit is reported in `irplay run`'s words with where the program was (from the
//! browser's stack trace). The page's Stop button still ends the worker at any time. Output is
//! posted to the page in chunks of about 8 KiB while the program runs
//! ([`RunReply::Output`](crate::protocol::RunReply::Output)), all of it, up to the page's
//! output limit (which keeps what it shows); the report holds none.
//!
//! Exit statuses are `irplay run --engine wasm`'s: `main`'s return value or `exit`'s argument,
//! 134 for `abort`, 70 for a trap (undefined behaviour), 71 for a runtime error (an exception
//! that escaped `main` and the stack-depth limit included), 124 at the step limit. The module
//! may use tail calls (`return_call`), which the browsers' engines run without any option
//! (Chromium 112, Firefox 121, Safari 18.2).

use crate::now_ms;
use crate::protocol::{RunReport, RunRequest, UbView, WasmBuild};
use irplay_core::lower::LowModule;
use irplay_wasm::libc::{Limit, Limits};
use irplay_wasm::SourceMap;

/// Modules larger than this are offered for download without their text form.
const MAX_WAT_BYTES: usize = 512 * 1024;

/// The call depth a run may reach (the interpreter's runs have the same).
pub const MAX_STACK_DEPTH: u32 = 10_000;

/// The limits of a run with step budget `max_steps`.
pub fn limits(max_steps: u64) -> Limits {
    Limits {
        max_steps,
        max_stack_depth: MAX_STACK_DEPTH,
        max_memory: super::MAX_MEMORY,
        max_output: super::MAX_OUTPUT,
    }
}

/// The report of a stop at `limit` whose JS stack trace is `stack`, as `irplay run --engine
/// wasm` writes it for a file named `input.ll`: the interpreter's words, then where the
/// program was and its call stack.
pub fn limit_report(
    limit: Limit,
    limits: &Limits,
    stack: &str,
    bytes: &[u8],
    map: &SourceMap,
    text: &str,
) -> String {
    let callee = super::wasm_trap::frames(stack)
        .into_iter()
        .find_map(|(i, _)| map.name(i))
        .filter(|_| limit == Limit::Depth)
        .map(|n| format!("@{n}"));
    let mut report = limit.message(limits, callee.as_deref());
    let Some(site) = super::wasm_trap::locate_from(stack, bytes, map, limit.frame()) else {
        return report;
    };
    let file = irplay_core::diag::SourceFile::new("input.ll", text);
    let (line, col) = file.line_col(site.span.start);
    let name = site.backtrace.first().map_or("?", String::as_str);
    report.push_str(&format!("\n  at input.ll:{line}:{col} (in {name})"));
    report.push_str(&format!("\n      {}", file.line_text(line).trim()));
    if site.backtrace.len() > 1 {
        // A browser keeps the innermost frames only (ten in Chromium).
        let partial = site.backtrace.last().is_some_and(|f| f != "@main");
        let stack = irplay_wasm::limits::call_stack(&site.backtrace, 4, partial);
        report.push_str(&format!("\n  call stack: {stack}"));
    }
    report
}

/// Checks, lowers and compiles `text`: the low module and the build, or why not (a message
/// with the position of the construct the backend refuses).
pub fn compile(text: &str) -> Result<(LowModule, WasmBuild, SourceMap), String> {
    let start = now_ms();
    let checked = irplay_core::check(text);
    let Some(m) = checked.module.as_ref().filter(|_| checked.valid) else {
        return Err("the module has errors: fix them to run it".into());
    };
    let opts = irplay_wasm::Options::with_limits();
    let low = irplay_wasm::lower_for(m, &opts).map_err(|e| {
        let d = e.to_diagnostic();
        let file = irplay_core::diag::SourceFile::new("input.ll", text);
        let (line, col) = file.line_col(d.span.start);
        format!("cannot compile to wasm: {line}:{col}: {}", d.message)
    })?;
    let (bytes, map) = irplay_wasm::compile_mapped(&low, &opts)
        .map_err(|e| format!("cannot compile to wasm: {e}"))?;
    let wat = if bytes.len() <= MAX_WAT_BYTES {
        wasmprinter::print_bytes(&bytes).unwrap_or_default()
    } else {
        String::new()
    };
    Ok((low, WasmBuild { bytes, wat, compile_ms: now_ms() - start }, map))
}

/// Compiles and runs `main` of `r` with its arguments, environment, standard input and step
/// budget.
pub fn run(r: &RunRequest) -> RunReport {
    let (text, entry, max_steps) = (r.text.as_str(), r.entry.as_str(), r.max_steps);
    let mut report = RunReport::not_run(r.id, "");
    if entry != "main" {
        report.message =
            "run as wasm starts at @main: choose the interpreter to run another function".into();
        return report;
    }
    let (low, build, map) = match compile(text) {
        Ok(x) => x,
        Err(e) => {
            report.message = e;
            return report;
        }
    };
    let start = now_ms();
    let limits = limits(max_steps);
    let program = Program {
        args: &r.args,
        env: irplay_core::runtime::stdlib::environment(&r.env),
        stdin: r.stdin.as_bytes(),
    };
    let outcome = execute(&low, &build.bytes, &program, limits);
    report.millis = now_ms() - start;
    report.steps = outcome.steps;
    report.ran = outcome.ran;
    report.stdout = String::from_utf8_lossy(&outcome.stdout).into_owned();
    report.stderr = String::from_utf8_lossy(&outcome.stderr).into_owned();
    report.status = outcome.status.map(i32::from);
    report.program_memory = outcome.memory_bytes as f64;
    report.message = match &outcome.limit {
        Some((limit, stack)) => limit_report(*limit, &limits, stack, &build.bytes, &map, text),
        None => outcome.message,
    };
    // A trap is undefined behaviour: reported as the interpreter reports it, at the
    // instruction whose code trapped.
    if let Some((message, stack)) = &outcome.trap {
        if let Some(site) = super::wasm_trap::locate(stack, &build.bytes, &map) {
            let (line, col) =
                irplay_core::diag::SourceFile::new("input.ll", text).line_col(site.span.start);
            report.ub = Some(UbView {
                kind: "wasm_trap".into(),
                message: message.clone(),
                from: site.span.start,
                to: site.span.end,
                line,
                col,
                origin: None,
                backtrace: site.backtrace,
                ..Default::default()
            });
        }
    }
    report.wasm = Some(build);
    report
}

/// What the program is started with (read by the browser's engine alone).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
struct Program<'a> {
    args: &'a [String],
    /// `NAME=VALUE` entries, as every engine gives them.
    env: Vec<String>,
    stdin: &'a [u8],
}

/// How a run ended.
struct Outcome {
    ran: bool,
    /// Steps taken (up to the end of the block that passed the budget).
    steps: u64,
    /// The limit that stopped the run, with the stack trace where it did.
    limit: Option<(Limit, String)>,
    /// For a trap: the engine's message and stack trace.
    trap: Option<(String, String)>,
    status: Option<u8>,
    message: String,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// The size of the program's memory when it ended (bytes).
    memory_bytes: u64,
}

#[cfg(not(target_arch = "wasm32"))]
fn execute(_low: &LowModule, _bytes: &[u8], _program: &Program, _limits: Limits) -> Outcome {
    Outcome {
        ran: false,
        steps: 0,
        limit: None,
        trap: None,
        status: None,
        message: "running WebAssembly needs the browser".into(),
        stdout: Vec::new(),
        stderr: Vec::new(),
        memory_bytes: 0,
    }
}

#[cfg(target_arch = "wasm32")]
fn execute(low: &LowModule, bytes: &[u8], program: &Program, limits: Limits) -> Outcome {
    browser::execute(low, bytes, program, limits)
}

#[cfg(target_arch = "wasm32")]
mod browser {
    //! The browser side: `WebAssembly` through js-sys.

    use super::Outcome;
    use crate::protocol::{OutputChunk, Reply, RunReply};
    use irplay_core::lower::{LowModule, Ty};
    use irplay_core::runtime::input::Stdin;
    use irplay_wasm::host::{self, Fail, Setup};
    use irplay_wasm::libc::{
        call_import, status, Callback, Import, Libc, Limits, Memory, Sink, Stop,
    };
    use js_sys::{Function, Object, Reflect, Uint8Array, WebAssembly};
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// The instance's memory; its buffer is fetched anew at each access (growing replaces it).
    struct JsMem(WebAssembly::Memory);

    impl JsMem {
        fn bytes(&self) -> Uint8Array {
            Uint8Array::new(&self.0.buffer())
        }
    }

    impl Memory for JsMem {
        fn size(&self) -> u64 {
            self.bytes().length() as u64
        }
        fn read(&self, at: u64, buf: &mut [u8]) -> bool {
            let end = at.saturating_add(buf.len() as u64);
            if end > self.size() {
                return false;
            }
            self.bytes().subarray(at as u32, end as u32).copy_to(buf);
            true
        }
        fn write(&mut self, at: u64, data: &[u8]) -> bool {
            let end = at.saturating_add(data.len() as u64);
            if end > self.size() {
                return false;
            }
            self.bytes().subarray(at as u32, end as u32).copy_from(data);
            true
        }
        fn grow(&mut self, pages: u64) -> bool {
            // Called through Reflect so that a refused growth is an error, not a throw.
            let grow = Reflect::get(&self.0, &"grow".into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok());
            grow.is_some_and(|f| f.call1(&self.0, &JsValue::from(pages as f64)).is_ok())
        }
    }

    /// What the imports share: the library, the memory and function table once they exist,
    /// and why the program stopped when a library call ended it.
    struct Shared {
        libc: RefCell<Libc>,
        mem: RefCell<Option<JsMem>>,
        table: RefCell<Option<WebAssembly::Table>>,
        /// The module's step counter (a `WebAssembly.Global`), once instantiated.
        fuel: RefCell<Option<JsValue>>,
        stop: RefCell<Option<Stop>>,
        /// The stack trace where a limit stopped the program.
        limit_stack: RefCell<Option<String>>,
    }

    /// The output, posted to the page as it comes.
    struct PageSink;

    impl Sink for PageSink {
        fn write(&mut self, stdout: &[u8], stderr: &[u8]) {
            if stdout.is_empty() && stderr.is_empty() {
                return;
            }
            let chunk = OutputChunk {
                stdout: String::from_utf8_lossy(stdout).into_owned(),
                stderr: String::from_utf8_lossy(stderr).into_owned(),
            };
            let Ok(msg) = crate::protocol::to_js(&Reply::Run(RunReply::Output(chunk))) else {
                return;
            };
            let global = js_sys::global();
            let post = Reflect::get(&global, &"postMessage".into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok());
            if let Some(post) = post {
                let _ = post.call1(&global, &msg);
            }
        }
    }

    /// An import call's access to the library, the memory and the function table (holding no
    /// borrow of [`Shared`] while a comparator runs: it may call the library).
    struct JsCallback<'a> {
        mem: JsMem,
        shared: &'a Shared,
    }

    impl Callback for JsCallback<'_> {
        fn with_libc<R>(
            &mut self,
            f: impl FnOnce(&mut Libc, &mut dyn Memory) -> Result<R, Stop>,
        ) -> Result<R, Stop> {
            f(&mut self.shared.libc.borrow_mut(), &mut self.mem)
        }

        fn fuel(&mut self) -> Option<i64> {
            let global = self.shared.fuel.borrow().clone()?;
            i64::try_from(get(&global, "value").ok()?).ok()
        }

        fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
            let table = self.shared.table.borrow().clone();
            let f = table.zip(u32::try_from(func).ok()).and_then(|(t, i)| t.get(i).ok());
            let Some(f) = f else {
                return Err(Stop::error(format!("comparison function {func} is not in the table")));
            };
            match f.call2(
                &JsValue::NULL,
                &JsValue::from(a as u32 as i32),
                &JsValue::from(b as u32 as i32),
            ) {
                Ok(v) => Ok(v.as_f64().map_or(0, |x| x as i32)),
                Err(e) => Err(self.shared.stop.borrow_mut().take().unwrap_or_else(|| Stop {
                    status: status::UB,
                    message: Some(format!("error: wasm trap: {}", js_message(&e))),
                })),
            }
        }
    }

    type ImportFn = Closure<
        dyn FnMut(JsValue, JsValue, JsValue, JsValue, JsValue, JsValue) -> Result<JsValue, JsValue>,
    >;

    /// An argument's bits, as the library takes them (`ty`: its lowered type, if known).
    fn bits(v: &JsValue, ty: Option<Ty>) -> u64 {
        if v.is_bigint() {
            return i64::try_from(v.clone()).map_or(0, |x| x as u64);
        }
        let x = v.as_f64().unwrap_or(0.0);
        match ty {
            Some(Ty::F32) => u64::from((x as f32).to_bits()),
            Some(Ty::F64) => x.to_bits(),
            _ => x as i64 as u32 as u64,
        }
    }

    /// The library's result bits as a value of type `ty`.
    fn result(bits: u64, ty: Option<Ty>) -> JsValue {
        match ty {
            None => JsValue::UNDEFINED,
            Some(Ty::I64) => JsValue::from(bits as i64),
            Some(Ty::F32) => JsValue::from(f32::from_bits(bits as u32)),
            Some(Ty::F64) => JsValue::from(f64::from_bits(bits)),
            Some(_) => JsValue::from(bits as i32),
        }
    }

    fn import(
        shared: &Rc<Shared>,
        name: &str,
        params: Vec<Option<Ty>>,
        ret: Option<Ty>,
    ) -> ImportFn {
        let shared = shared.clone();
        let imp = Import::new(name, if ret == Some(Ty::I32) { 32 } else { 64 });
        Closure::new(
            move |a0: JsValue, a1: JsValue, a2: JsValue, a3: JsValue, a4: JsValue, a5: JsValue| {
                let args: Vec<u64> = [a0, a1, a2, a3, a4, a5]
                    .iter()
                    .zip(&params)
                    .map(|(v, t)| bits(v, *t))
                    .collect();
                let mem = shared.mem.borrow().as_ref().map(|m| JsMem(m.0.clone()));
                let r = match mem {
                    Some(mem) => call_import(&mut JsCallback { mem, shared: &shared }, &imp, &args),
                    None => Err(Stop::error("a library function was called before main".into())),
                };
                match r {
                    Ok([lo, hi]) if imp.pair() => {
                        Ok(js_sys::Array::of2(&JsValue::from(lo as i64), &JsValue::from(hi as i64))
                            .into())
                    }
                    Ok([v, _]) => Ok(result(v, ret)),
                    Err(stop) => {
                        *shared.stop.borrow_mut() = Some(stop);
                        // An error, for its stack trace (where a limit stopped the program).
                        let e = js_sys::Error::new("irplay: the program stopped");
                        let hit = shared.libc.try_borrow().is_ok_and(|l| l.hit.is_some());
                        if hit && shared.limit_stack.borrow().is_none() {
                            *shared.limit_stack.borrow_mut() = Some(js_stack(&e));
                        }
                        Err(e.into())
                    }
                }
            },
        )
    }

    fn get(obj: &JsValue, key: &str) -> Result<JsValue, String> {
        Reflect::get(obj, &key.into()).map_err(|_| format!("cannot read `{key}`"))
    }

    fn js_stack(e: &JsValue) -> String {
        get(e, "stack").ok().and_then(|s| s.as_string()).unwrap_or_default()
    }

    fn js_message(e: &JsValue) -> String {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "unknown error".into())
    }

    pub(super) fn execute(
        low: &LowModule,
        bytes: &[u8],
        program: &super::Program,
        limits: Limits,
    ) -> Outcome {
        let shared = Rc::new(Shared {
            libc: RefCell::new(Libc::new(low.ptr_bytes, 0)),
            mem: RefCell::new(None),
            table: RefCell::new(None),
            fuel: RefCell::new(None),
            stop: RefCell::new(None),
            limit_stack: RefCell::new(None),
        });
        let mut out = Outcome {
            ran: true,
            steps: 0,
            limit: None,
            trap: None,
            status: None,
            message: String::new(),
            stdout: Vec::new(),
            stderr: Vec::new(),
            memory_bytes: 0,
        };
        // The closures must outlive the instance's use of them: kept here until the run ends.
        let mut imports: Vec<ImportFn> = Vec::new();
        let end = match instantiate(low, bytes, &shared, &mut imports) {
            Ok(mut js) => {
                let setup = Setup {
                    program: "input.ll".into(),
                    args: program.args.to_vec(),
                    env: program.env.clone(),
                    stdin: Stdin::new(program.stdin.to_vec(), None),
                    limits,
                    sink: Some(Box::new(PageSink)),
                };
                let end = host::run(&mut js, low.ptr_bytes, setup);
                out.steps = host::steps(&mut js, &limits).unwrap_or(0);
                out.memory_bytes = js.mem.size();
                end
            }
            Err(m) => {
                out.ran = false;
                out.message = m;
                return out;
            }
        };
        let hit = shared.libc.borrow().hit;
        if let Some(limit) = hit {
            let stack = shared.limit_stack.borrow_mut().take().unwrap_or_default();
            out.limit = Some((limit, stack));
        }
        let status = match &end {
            Ok(s) => *s,
            Err(f) => f.status(),
        };
        out.status = Some(status);
        out.message = match end {
            Ok(code) => format!("exit status {code}"),
            Err(Fail::Stop(Stop { message: None, .. })) => {
                format!("exit({status}): exit status {status}")
            }
            Err(Fail::Stop(Stop { message: Some(m), .. })) => format!("{m} (exit status {status})"),
            Err(Fail::Trap { trap: (m, stack), overflow }) => {
                let message = format!("wasm trap: {m} (exit status {status})");
                if !overflow {
                    out.trap = Some((m, stack));
                }
                message
            }
        };
        drop(imports);
        out
    }

    /// An instance, as the host protocol drives it.
    struct Js {
        shared: Rc<Shared>,
        exports: JsValue,
        mem: JsMem,
    }

    impl Js {
        /// How a call that threw `e` ended: a stop the library recorded, else a trap.
        fn fail(&self, e: &JsValue) -> Fail<(String, String)> {
            match self.shared.stop.borrow_mut().take() {
                Some(stop) => Fail::Stop(stop),
                None => {
                    let m = js_message(e);
                    let overflow = m.contains("call stack");
                    Fail::Trap { trap: (m, js_stack(e)), overflow }
                }
            }
        }
    }

    impl host::Engine for Js {
        /// The engine's message and stack trace.
        type Trap = (String, String);

        fn global(&mut self, name: &str) -> Option<u32> {
            let v = get(&self.exports, name).and_then(|g| get(&g, "value")).ok()?.as_f64()?;
            Some(v as i64 as u32)
        }

        fn counter(&mut self, name: &str) -> Option<i64> {
            let v = get(&self.exports, name).and_then(|g| get(&g, "value")).ok()?;
            i64::try_from(v).ok()
        }

        fn set_counter(&mut self, name: &str, value: i64) -> bool {
            get(&self.exports, name)
                .is_ok_and(|g| Reflect::set(&g, &"value".into(), &JsValue::from(value)).is_ok())
        }

        fn main_arity(&mut self) -> Option<usize> {
            let main = get(&self.exports, "main").ok()?.dyn_into::<Function>().ok()?;
            Some(main.length() as usize)
        }

        fn call_main(&mut self, args: &[u32]) -> Result<u64, Fail<Self::Trap>> {
            let main = get(&self.exports, "main").ok().and_then(|f| f.dyn_into::<Function>().ok());
            let Some(main) = main else {
                return Err(Fail::Stop(Stop::error(irplay_core::ir::no_entry_message("main"))));
            };
            // `argc`, `argv` and `envp` as far as `main` takes them (a missing one is 0).
            let list: js_sys::Array = args.iter().map(|&a| JsValue::from(a as i32)).collect();
            let called = main.apply(&JsValue::NULL, &list);
            match called {
                Ok(v) if v.is_bigint() => Ok(i64::try_from(v).map_or(0, |x| x as u64)),
                Ok(v) => Ok(v.as_f64().map_or(0, |x| x as i64 as u64)),
                Err(e) => Err(self.fail(&e)),
            }
        }

        fn call_table(&mut self, idx: u64) -> Result<(), Fail<Self::Trap>> {
            let table = self.shared.table.borrow().clone();
            let Some(table) = table else {
                return Err(Fail::Stop(Stop::error("the module exports no function table".into())));
            };
            match table.get(idx as u32).and_then(|f| f.call0(&JsValue::NULL)) {
                Ok(_) => Ok(()),
                Err(e) => Err(self.fail(&e)),
            }
        }

        fn with_libc<R>(&mut self, f: impl FnOnce(&mut Libc, &mut dyn Memory) -> R) -> R {
            f(&mut self.shared.libc.borrow_mut(), &mut self.mem)
        }
    }

    /// Instantiates the module with the library's imports: the instance for the protocol, or
    /// why it cannot run.
    fn instantiate(
        low: &LowModule,
        bytes: &[u8],
        shared: &Rc<Shared>,
        keep: &mut Vec<ImportFn>,
    ) -> Result<Js, String> {
        let module = WebAssembly::Module::new(&Uint8Array::from(bytes).into())
            .map_err(|e| format!("the browser rejected the module: {}", js_message(&e)))?;
        // Every import the module names (the backend adds some of its own, such as the stack
        // check); the lowered signature, where there is one, says how many arguments it takes
        // and how to return its result.
        let env = Object::new();
        for desc in WebAssembly::Module::imports(&module).iter() {
            let Some(name) = get(&desc, "name").ok().and_then(|n| n.as_string()) else { continue };
            let sig = low.imports.iter().find(|im| im.name == name).map(|im| &im.sig);
            // Parameter types (a variadic area last: an `i32`); six `i32`s when unknown.
            let params: Vec<Option<Ty>> = match sig {
                Some(s) => {
                    s.params.iter().map(|t| Some(*t)).chain(s.variadic.then_some(None)).collect()
                }
                None => vec![None; 6],
            };
            let f = import(shared, &name, params, sig.and_then(|s| s.ret.first().copied()));
            Reflect::set(&env, &name.as_str().into(), f.as_ref())
                .map_err(|_| format!("cannot import @{name}"))?;
            keep.push(f);
        }
        let imports = Object::new();
        Reflect::set(&imports, &"env".into(), &env)
            .map_err(|_| "cannot build the imports".to_string())?;
        let instance = WebAssembly::Instance::new(&module, &imports)
            .map_err(|e| format!("cannot instantiate the module: {}", js_message(&e)))?;
        let exports: JsValue = instance.exports().into();
        let mem = get(&exports, "memory")?
            .dyn_into::<WebAssembly::Memory>()
            .map_err(|_| "the module exports no memory".to_string())?;
        *shared.mem.borrow_mut() = Some(JsMem(mem.clone()));
        *shared.table.borrow_mut() = get(&exports, "__indirect_function_table")
            .ok()
            .and_then(|t| t.dyn_into::<WebAssembly::Table>().ok());
        *shared.fuel.borrow_mut() = get(&exports, irplay_wasm::FUEL).ok();
        Ok(Js { shared: shared.clone(), exports, mem: JsMem(mem) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_to_a_valid_module_with_its_text() {
        let text = "@s = private constant [4 x i8] c\"hi\\0A\\00\"\ndeclare i32 @printf(ptr, ...)\ndefine i32 @main() {\n  %r = call i32 (ptr, ...) @printf(ptr @s)\n  ret i32 3\n}\n";
        let (low, build, _) = compile(text).expect("compiles");
        assert!(low.imports.iter().any(|i| i.name == "printf"));
        assert!(build.bytes.starts_with(b"\0asm"));
        assert!(build.wat.contains("(export \"main\""), "{}", build.wat);
    }

    #[test]
    fn refusals_name_the_position() {
        let bad = compile("define i32 @main() {\n  ret i32 %x\n}\n");
        assert_eq!(bad.err().as_deref(), Some("the module has errors: fix them to run it"));
        let r = run(&crate::worker::run_request(
            1,
            "define i32 @f() {\n  ret i32 0\n}\n",
            "f",
            &[],
            100,
            "",
        ));
        assert!(!r.ran && r.message.contains("@main"), "{}", r.message);
    }

    /// A browser's stack trace through the code of `spans` (innermost first): each the start
    /// of an IR instruction in a function, as `(function, text)`.
    fn stack_at(text: &str, frames: &[(&str, &str)]) -> (String, Vec<u8>, SourceMap) {
        let (_, build, map) = compile(text).expect("compiles");
        let starts = super::super::wasm_trap::body_starts(&build.bytes);
        let mut stack = String::from("Error: irplay: the program stopped\n    at imports.env");
        for (func, inst) in frames {
            let f = map.funcs.iter().find(|f| f.name == *func).expect("function");
            let at = text.find(inst).expect("instruction") as u32;
            let (off, _) = *f.locs.iter().find(|l| l.1.start == at).expect("has code");
            let start = starts.iter().find(|s| s.0 == f.index).map(|s| s.1).expect("body");
            stack.push_str(&format!("\n    at wasm-function[{}]:0x{:x}", f.index, start + off + 1));
        }
        (stack, build.bytes, map)
    }

    #[test]
    fn runs_count_steps_and_depth() {
        let (_, build, _) = compile(LOOP).expect("compiles");
        for name in [irplay_wasm::FUEL, irplay_wasm::DEPTH, irplay_wasm::LIMIT] {
            assert!(build.wat.contains(&format!("\"{name}\"")), "{name}: {}", build.wat);
        }
    }

    const LOOP: &str = "define i32 @main() {\nentry:\n  br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n  br label %loop\n}\n";

    #[test]
    fn a_step_limit_stop_is_reported_as_the_cli_does() {
        let (stack, bytes, map) = stack_at(LOOP, &[("main", "%j = add")]);
        let r = limit_report(Limit::Steps, &limits(1000), &stack, &bytes, &map, LOOP);
        assert_eq!(
            r,
            "error: the step limit (1000 instructions) was reached; raise it with --max-steps\n  \
             at input.ll:6:3 (in @main)\n      %j = add i32 %i, 1"
        );
    }

    #[test]
    fn a_depth_limit_stop_names_the_call_and_the_call_stack() {
        let text = "define i32 @f(i32 %n) {\n  %m = add i32 %n, 1\n  %r = call i32 @f(i32 %m)\n  ret i32 %r\n}\n\ndefine i32 @main() {\n  %r = call i32 @f(i32 0)\n  ret i32 %r\n}\n";
        // The callee at its entry, its caller at the call, main at its call.
        let frames = [
            ("f", "%m = add"),
            ("f", "%r = call i32 @f(i32 %m)"),
            ("main", "%r = call i32 @f(i32 0)"),
        ];
        let (stack, bytes, map) = stack_at(text, &frames);
        let r = limit_report(Limit::Depth, &limits(1000), &stack, &bytes, &map, text);
        assert_eq!(
            r,
            "error: stack_overflow: call stack deeper than 10000 frames (calling @f); raise it with \
             --max-stack-depth\n  at \
             input.ll:3:3 (in @f)\n      %r = call i32 @f(i32 %m)\n  call stack: @f <- @main"
        );
    }
}
