// Module Web Worker of the irplay playground: answers each message with the wasm module's worker_handle, or with {type:'error', message}.
import init, { worker_handle } from './irplay_web.js';

const ready = init();
ready.catch(() => {}); // reported with the first message instead of as an unhandled rejection

function describe(err) {
  if (err instanceof Error) return err.message || String(err);
  try { return typeof err === 'string' ? err : JSON.stringify(err); } catch { return String(err); }
}

onmessage = async (e) => {
  try {
    await ready;
    postMessage(worker_handle(e.data));
  } catch (err) {
    const reply = { type: 'error', message: describe(err) };
    const id = e.data && typeof e.data === 'object' ? e.data.id : undefined;
    if (id !== undefined) reply.id = id;
    postMessage(reply);
  }
};

onmessageerror = () => {
  postMessage({ type: 'error', message: 'the worker could not deserialize a request' });
};
