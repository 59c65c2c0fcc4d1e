//! "Run as wasm" in the run worker: compile the module with `irplay-wasm`, instantiate it with
//! the browser's `WebAssembly` and the C library of `irplay_wasm::libc`, and run `main`.
//!
//! The module is compiled and instantiated synchronously (`new WebAssembly.Module` and
//! `new WebAssembly.Instance`, which a worker may do for any size), so the worker's handler
//! stays a plain function; an endless loop is ended by the page terminating the worker (its
//! Stop button), as for the interpreter. The step budget does not apply here.
//!
//! Exit statuses are `irplay run --engine wasm`'s: `main`'s return value or `exit`'s argument,
//! 134 for `abort`, 70 for a trap (undefined behaviour), 71 for a runtime error (an exception
//! that escaped `main` included). The module may use tail calls (`return_call`), which the
//! browsers' engines run without any option (Chromium 112, Firefox 121, Safari 18.2).

use crate::now_ms;
use crate::protocol::{RunReport, UbView, WasmBuild};
use irplay_core::lower::LowModule;
use irplay_wasm::SourceMap;

/// Modules larger than this are offered for download without their text form.
const MAX_WAT_BYTES: usize = 512 * 1024;

/// Checks, lowers and compiles `text`: the low module and the build, or why not (a message
/// with the position of the construct the backend refuses).
pub fn compile(text: &str) -> Result<(LowModule, WasmBuild, SourceMap), String> {
    let start = now_ms();
    let checked = irplay_core::check(text);
    let Some(m) = checked.module.as_ref().filter(|_| checked.valid) else {
        return Err("the module has errors: fix them to run it".into());
    };
    let low = irplay_wasm::lower(m).map_err(|e| {
        let d = e.to_diagnostic();
        let file = irplay_core::diag::SourceFile::new("input.ll", text);
        let (line, col) = file.line_col(d.span.start);
        format!("cannot compile to wasm: {line}:{col}: {}", d.message)
    })?;
    let (bytes, map) = irplay_wasm::compile_mapped(&low, &irplay_wasm::Options::default())
        .map_err(|e| format!("cannot compile to wasm: {e}"))?;
    let wat = if bytes.len() <= MAX_WAT_BYTES {
        wasmprinter::print_bytes(&bytes).unwrap_or_default()
    } else {
        String::new()
    };
    Ok((low, WasmBuild { bytes, wat, compile_ms: now_ms() - start }, map))
}

/// Compiles and runs `main` with `args` and standard input `stdin`.
pub fn run(id: u32, text: &str, entry: &str, args: &[String], stdin: &str) -> RunReport {
    let mut report = RunReport::not_run(id, "");
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
    let outcome = execute(&low, &build.bytes, args, stdin.as_bytes());
    report.millis = now_ms() - start;
    report.ran = outcome.ran;
    report.stdout = String::from_utf8_lossy(&outcome.stdout).into_owned();
    report.stderr = String::from_utf8_lossy(&outcome.stderr).into_owned();
    report.status = outcome.status.map(i32::from);
    report.message = outcome.message;
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
            });
        }
    }
    report.wasm = Some(build);
    report
}

/// How a run ended.
struct Outcome {
    ran: bool,
    /// For a trap: the engine's message and stack trace.
    trap: Option<(String, String)>,
    status: Option<u8>,
    message: String,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

#[cfg(not(target_arch = "wasm32"))]
fn execute(_low: &LowModule, _bytes: &[u8], _args: &[String], _stdin: &[u8]) -> Outcome {
    Outcome {
        ran: false,
        trap: None,
        status: None,
        message: "running WebAssembly needs the browser".into(),
        stdout: Vec::new(),
        stderr: Vec::new(),
    }
}

#[cfg(target_arch = "wasm32")]
fn execute(low: &LowModule, bytes: &[u8], args: &[String], stdin: &[u8]) -> Outcome {
    browser::execute(low, bytes, args, stdin)
}

#[cfg(target_arch = "wasm32")]
mod browser {
    //! The browser side: `WebAssembly` through js-sys.

    use super::Outcome;
    use irplay_core::lower::{LowModule, Ty};
    use irplay_core::runtime::input::Stdin;
    use irplay_wasm::libc::{
        call_back, status, wide_division, Arg, Callback, Libc, Memory, Stop, Value,
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
        stop: RefCell<Option<Stop>>,
    }

    /// Memory and the function table for `qsort` and `bsearch`, which call back into the
    /// module (holding no borrow of [`Shared`] meanwhile: the comparator may call the library).
    struct JsCallback {
        mem: JsMem,
        table: WebAssembly::Table,
        shared: Rc<Shared>,
    }

    impl Memory for JsCallback {
        fn size(&self) -> u64 {
            self.mem.size()
        }
        fn read(&self, at: u64, buf: &mut [u8]) -> bool {
            self.mem.read(at, buf)
        }
        fn write(&mut self, at: u64, data: &[u8]) -> bool {
            self.mem.write(at, data)
        }
        fn grow(&mut self, pages: u64) -> bool {
            self.mem.grow(pages)
        }
    }

    impl Callback for JsCallback {
        fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
            let f = u32::try_from(func).ok().and_then(|i| self.table.get(i).ok());
            let Some(f) = f else {
                return Err(Stop {
                    status: status::ERROR,
                    message: Some(format!("error: comparison function {func} is not in the table")),
                });
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

    type Import = Closure<
        dyn FnMut(JsValue, JsValue, JsValue, JsValue, JsValue, JsValue) -> Result<JsValue, JsValue>,
    >;

    fn arg(v: &JsValue) -> Arg {
        if v.is_bigint() {
            return Arg::Int(i64::try_from(v.clone()).map_or(0, |x| x as u64));
        }
        Arg::Number(v.as_f64().unwrap_or(0.0))
    }

    fn result(r: Option<Value>, ty: Option<Ty>) -> JsValue {
        let (i, f) = match r {
            Some(Value::Int(i)) => (i, i as f64),
            Some(Value::Float(f)) => (f as i64, f),
            None => (0, 0.0),
        };
        match ty {
            None => JsValue::UNDEFINED,
            Some(Ty::I64) => JsValue::from(i),
            Some(Ty::F32 | Ty::F64) => JsValue::from(f),
            Some(_) => JsValue::from(i as i32),
        }
    }

    fn import(shared: &Rc<Shared>, name: String, params: usize, ret: Option<Ty>) -> Import {
        let shared = shared.clone();
        let calls_back = irplay_wasm::libc::CALLS_BACK.contains(&name.as_str());
        Closure::new(
            move |a0: JsValue, a1: JsValue, a2: JsValue, a3: JsValue, a4: JsValue, a5: JsValue| {
                let args: Vec<Arg> =
                    [a0, a1, a2, a3, a4, a5].iter().take(params).map(arg).collect();
                if let Some(r) = wide_division(&name, &args) {
                    return match r {
                        Ok((lo, hi)) => Ok(js_sys::Array::of2(
                            &JsValue::from(lo as i64),
                            &JsValue::from(hi as i64),
                        )
                        .into()),
                        Err(stop) => {
                            *shared.stop.borrow_mut() = Some(stop);
                            Err(JsValue::from_str("irplay: the program stopped"))
                        }
                    };
                }
                let callback = match (
                    calls_back,
                    shared.mem.borrow().as_ref(),
                    shared.table.borrow().as_ref(),
                ) {
                    (true, Some(mem), Some(table)) => Some(JsCallback {
                        mem: JsMem(mem.0.clone()),
                        table: table.clone(),
                        shared: shared.clone(),
                    }),
                    _ => None,
                };
                let called_back = callback.and_then(|mut cb| call_back(&mut cb, &name, &args));
                let r = match called_back {
                    Some(r) => r,
                    None => match shared.mem.borrow_mut().as_mut() {
                        Some(mem) => shared.libc.borrow_mut().call(mem, &name, &args),
                        None => Err(Stop {
                            status: status::ERROR,
                            message: Some(
                                "error: a library function was called before main".into(),
                            ),
                        }),
                    },
                };
                match r {
                    Ok(v) => Ok(result(v, ret)),
                    Err(stop) => {
                        *shared.stop.borrow_mut() = Some(stop);
                        Err(JsValue::from_str("irplay: the program stopped"))
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

    pub(super) fn execute(low: &LowModule, bytes: &[u8], args: &[String], stdin: &[u8]) -> Outcome {
        let shared = Rc::new(Shared {
            libc: RefCell::new(Libc::new(low.ptr_bytes, 0)),
            mem: RefCell::new(None),
            table: RefCell::new(None),
            stop: RefCell::new(None),
        });
        let mut out = Outcome {
            ran: false,
            trap: None,
            status: Some(status::ERROR),
            message: String::new(),
            stdout: Vec::new(),
            stderr: Vec::new(),
        };
        // The closures must outlive the instance's use of them: kept here until the run ends.
        let mut imports: Vec<Import> = Vec::new();
        let r = instantiate_and_call(low, bytes, (args, stdin), &shared, &mut imports);
        let libc = shared.libc.borrow();
        out.stdout = libc.stdout.clone();
        out.stderr = libc.stderr.clone();
        match r {
            Ok(code) => {
                out.ran = true;
                out.status = Some(code);
                out.message = format!("exit status {code}");
            }
            Err(Ended::Stopped(stop)) => {
                out.ran = true;
                out.status = Some(stop.status);
                out.message = match (&stop.message, stop.status) {
                    (None, s) => format!("exit({s}): exit status {s}"),
                    (Some(m), s) => format!("{m} (exit status {s})"),
                };
            }
            Err(Ended::Trap(m, stack)) => {
                out.ran = true;
                let overflow = m.contains("call stack");
                out.status = Some(if overflow { status::ERROR } else { status::UB });
                out.message =
                    format!("wasm trap: {m} (exit status {})", out.status.unwrap_or(status::UB));
                if !overflow {
                    out.trap = Some((m, stack));
                }
            }
            Err(Ended::NotRun(m)) => {
                out.status = None;
                out.message = m;
            }
        }
        drop(imports);
        out
    }

    enum Ended {
        Stopped(Stop),
        /// The engine's message and stack trace.
        Trap(String, String),
        NotRun(String),
    }

    /// Instantiates the module and calls `main` with `input` (its arguments and standard input).
    fn instantiate_and_call(
        low: &LowModule,
        bytes: &[u8],
        input: (&[String], &[u8]),
        shared: &Rc<Shared>,
        keep: &mut Vec<Import>,
    ) -> Result<u8, Ended> {
        let (args, stdin) = input;
        let not_run = Ended::NotRun;
        let module = WebAssembly::Module::new(&Uint8Array::from(bytes).into())
            .map_err(|e| not_run(format!("the browser rejected the module: {}", js_message(&e))))?;
        // Every import the module names (the backend adds some of its own, such as the stack
        // check); the lowered signature, where there is one, says how many arguments it takes
        // and how to return its result.
        let env = Object::new();
        for desc in WebAssembly::Module::imports(&module).iter() {
            let Some(name) = get(&desc, "name").ok().and_then(|n| n.as_string()) else { continue };
            let sig = low.imports.iter().find(|im| im.name == name).map(|im| &im.sig);
            let params = sig.map_or(6, |s| s.params.len() + usize::from(s.variadic));
            let f = import(shared, name.clone(), params, sig.and_then(|s| s.ret.first().copied()));
            Reflect::set(&env, &name.as_str().into(), f.as_ref())
                .map_err(|_| not_run(format!("cannot import @{name}")))?;
            keep.push(f);
        }
        let imports = Object::new();
        Reflect::set(&imports, &"env".into(), &env)
            .map_err(|_| not_run("cannot build the imports".into()))?;
        let instance = WebAssembly::Instance::new(&module, &imports)
            .map_err(|e| not_run(format!("cannot instantiate the module: {}", js_message(&e))))?;
        let exports: JsValue = instance.exports().into();
        let mem = get(&exports, "memory")
            .map_err(not_run)?
            .dyn_into::<WebAssembly::Memory>()
            .map_err(|_| not_run("the module exports no memory".into()))?;
        let heap_base = get(&exports, "__heap_base")
            .and_then(|g| get(&g, "value"))
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        let mut libc = Libc::new(low.ptr_bytes, heap_base as u32 as u64);
        libc.stdin = Stdin::new(stdin.to_vec(), None);
        *shared.libc.borrow_mut() = libc;
        *shared.mem.borrow_mut() = Some(JsMem(mem));
        *shared.table.borrow_mut() = get(&exports, "__indirect_function_table")
            .ok()
            .and_then(|t| t.dyn_into::<WebAssembly::Table>().ok());
        let main = get(&exports, "main")
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
            .ok_or_else(|| not_run("the module has no main function".into()))?;
        let called = if main.length() >= 2 {
            let argv = {
                let mut mem = shared.mem.borrow_mut();
                let mem = mem.as_mut().ok_or_else(|| not_run("no memory".into()))?;
                shared.libc.borrow_mut().make_argv(mem, "input.ll", args).map_err(not_run)?
            };
            main.call2(
                &JsValue::NULL,
                &JsValue::from(args.len() as i32 + 1),
                &JsValue::from(argv as u32 as i32),
            )
        } else {
            main.call0(&JsValue::NULL)
        };
        let mut ended = match called {
            Ok(v) => Ok(if v.is_bigint() {
                i64::try_from(v).map_or(0, |x| x as u8)
            } else {
                v.as_f64().map_or(0, |x| x as i64 as u8)
            }),
            Err(e) => Err(match shared.stop.borrow_mut().take() {
                Some(stop) => Ended::Stopped(stop),
                None => Ended::Trap(js_message(&e), js_stack(&e)),
            }),
        };
        // An exception that escaped main (the module's exception state still set).
        let state = get(&exports, irplay_wasm::EXCEPTION)
            .and_then(|g| get(&g, "value"))
            .ok()
            .and_then(|v| v.as_f64());
        let mut flag = [0u8; 4];
        let escaped = match (state, shared.mem.borrow().as_ref()) {
            (Some(at), Some(mem)) => mem.read(at as u32 as u64, &mut flag) && flag != [0; 4],
            _ => false,
        };
        if escaped && ended.is_ok() {
            ended = Err(Ended::Stopped(Stop {
                status: status::ERROR,
                message: Some(irplay_wasm::UNCAUGHT.into()),
            }));
        }
        // A normal end (main's return or exit) runs the atexit handlers, last registered first.
        let is_exit = |e: &Result<u8, Ended>| {
            matches!(e, Ok(_) | Err(Ended::Stopped(Stop { message: None, .. })))
        };
        if is_exit(&ended) {
            let table = get(&exports, "__indirect_function_table")
                .ok()
                .and_then(|t| t.dyn_into::<WebAssembly::Table>().ok());
            while let Some(table) = &table {
                // Popped before the call: the handler may call the library, which borrows it.
                let Some(idx) = shared.libc.borrow_mut().atexit.pop() else { break };
                let r = table.get(idx as u32).and_then(|f| f.call0(&JsValue::NULL));
                if let Err(e) = r {
                    ended = Err(match shared.stop.borrow_mut().take() {
                        Some(stop) => Ended::Stopped(stop),
                        None => Ended::Trap(js_message(&e), js_stack(&e)),
                    });
                    if !is_exit(&ended) {
                        break;
                    }
                }
            }
        }
        ended
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
        let r = run(1, "define i32 @f() {\n  ret i32 0\n}\n", "f", &[], "");
        assert!(!r.ran && r.message.contains("@main"), "{}", r.message);
    }
}
