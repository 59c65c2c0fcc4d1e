// Starts the playground: loads the page's wasm module (the yew app, preloaded by index.html) and mounts it into #app once editor.js has run, or says why it could not; and compiles the workers' wasm modules, each once, for every worker the page starts (irplayWorker), the checker's as soon as the page's has arrived.
import init, { start_app } from './irplay_web.js';

/** The workers' wasm modules (`irplay-web` built with the `worker` and `full` features). */
const MODULES = ['irplay_worker', 'irplay_full'];
const compiled = new Map();

function describe(err) {
  return err && err.message ? err.message : String(err);
}

/** The wasm module `name`, compiled once (a failed attempt is forgotten, so a later worker retries). */
function compile(name) {
  let p = compiled.get(name);
  if (!p) {
    p = fetch(new URL(name + '_bg.wasm', import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`${name}_bg.wasm: HTTP ${r.status}`);
      return WebAssembly.compileStreaming(r);
    });
    p.catch(() => compiled.delete(name));
    compiled.set(name, p);
  }
  return p;
}

// Called by the app (page/bridge.rs): a module worker running worker.js, whose first message is
// the compiled module `name` ({irplayInit, module}, or {irplayInit, error} when it could not be
// had); requests posted meanwhile wait in the worker. The worker never fetches the wasm itself.
globalThis.irplayWorker = (name) => {
  const w = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  const got = MODULES.includes(name) ? compile(name) : Promise.reject(new Error('unknown wasm module ' + name));
  got.then(
    (module) => w.postMessage({ irplayInit: name, module }),
    (err) => w.postMessage({ irplayInit: name, error: describe(err) }),
  );
  return w;
};

/** Resolves once the document is parsed, and so editor.js (a classic script at the end of the
 * body, before which this async module may run) has defined `IrplayEditor`. */
const parsed = new Promise((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});

const PAGE_WASM = new URL('irplay_web_bg.wasm', import.meta.url).href;

/** Whether the page's wasm has arrived: its resource timing entry is written when the response
 * ends, whether index.html's preload or init() fetched it. */
function pageWasmIn() {
  try {
    return performance.getEntriesByName(PAGE_WASM).length > 0;
  } catch {
    return false;
  }
}

/** Resolves once the page's wasm has arrived, or at once when the browser keeps no resource
 * timing. */
function pageWasmArrived() {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver !== 'function') {
      resolve();
      return;
    }
    const seen = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === PAGE_WASM)) {
        seen.disconnect();
        resolve();
      }
    });
    try {
      seen.observe({ type: 'resource', buffered: true });
    } catch {
      resolve();
    }
  });
}

/** A few lines of IR of the kinds the editor highlights, for warmEditor. */
const SAMPLE = `; warm-up
@g = global i32 0, align 4
declare i32 @f(ptr noundef, ...)

define i32 @main(i32 %n) #0 {
entry:
  %x = add nsw i32 %n, 1
  %c = icmp slt i32 %x, 10
  br i1 %c, label %a, label %b
a:
  ret i32 %x
b:
  ret i32 0
}
`;

/** Creates and drops a detached editor while the page's wasm is still on its way (over a slow
 * link the main thread is idle then), so that V8 has compiled CodeMirror's code when the app
 * mounts the real one: that mount is then about twice as fast. Nothing when the wasm is
 * already in (its start would only wait), or when editor.js did not load. */
function warmEditor() {
  if (pageWasmIn() || !globalThis.IrplayEditor) return;
  try {
    IrplayEditor.create(null, { text: SAMPLE }).destroy();
  } catch {
    // The app's own mount will say what is wrong.
  }
}

try {
  // The page's module first, with the whole connection to itself: the editor takes keys before
  // the checker's module (diagnostics, the CFG) has arrived. That one is fetched as soon as the
  // page's has arrived, while it compiles and the app starts, before the app asks for its first
  // worker. index.html preloads this module, its glue and the page's wasm, and runs it `async`:
  // the wasm downloads while editor.js is still being fetched or run.
  const page = init();
  Promise.race([pageWasmArrived(), page]).then(() => compile('irplay_worker').catch(() => {}), () => {});
  await Promise.all([page, parsed.then(warmEditor)]);
  start_app();
} catch (err) {
  const app = document.getElementById('app');
  const p = document.createElement('p');
  p.className = 'load-error';
  p.textContent = 'irplay failed to start: ' + describe(err);
  app.replaceChildren(p);
  throw err;
}
