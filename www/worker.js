// Module Web Worker of the irplay playground. Its first message from the page (main.js) names its wasm module and carries it compiled; it then answers each request with the module's worker_handle (with the size of its wasm memory in wasmMemory), or with {type:'error', message}.
const GLUE = { irplay_worker: './irplay_worker.js', irplay_full: './irplay_full.js' };

let started;
const ready = new Promise((resolve, reject) => { started = { resolve, reject }; });
ready.catch(() => {}); // reported with each request instead of as an unhandled rejection

function describe(err) {
  if (err instanceof Error) return err.message || String(err);
  try { return typeof err === 'string' ? err : JSON.stringify(err); } catch { return String(err); }
}

async function start(msg) {
  if (msg.error !== undefined) throw new Error('cannot load the wasm module: ' + String(msg.error));
  const path = Object.hasOwn(GLUE, msg.irplayInit) ? GLUE[msg.irplayInit] : undefined;
  if (!path) throw new Error('unknown wasm module ' + String(msg.irplayInit));
  if (!(msg.module instanceof WebAssembly.Module)) throw new Error('the page sent no compiled module');
  const glue = await import(path);
  const exports = await glue.default({ module_or_path: msg.module });
  return { handle: glue.worker_handle, memory: exports.memory };
}

let init = false;
onmessage = async (e) => {
  const msg = e.data;
  if (!init && msg && typeof msg === 'object' && 'irplayInit' in msg) {
    init = true;
    start(msg).then(started.resolve, started.reject);
    return;
  }
  try {
    const { handle, memory } = await ready;
    const reply = handle(msg);
    if (reply && typeof reply === 'object' && memory) reply.wasmMemory = memory.buffer.byteLength;
    postMessage(reply);
  } catch (err) {
    const reply = { type: 'error', message: describe(err) };
    const id = msg && typeof msg === 'object' ? msg.id : undefined;
    if (id !== undefined) reply.id = id;
    postMessage(reply);
  }
};

onmessageerror = () => {
  postMessage({ type: 'error', message: 'the worker could not deserialize a request' });
};
