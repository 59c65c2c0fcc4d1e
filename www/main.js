// Starts the playground: loads the yew app (wasm) and mounts it into #app, or says why it could not.
import init, { start_app } from './irplay_web.js';

try {
  await init();
  start_app();
} catch (err) {
  const app = document.getElementById('app');
  const p = document.createElement('p');
  p.className = 'load-error';
  p.textContent = 'irplay failed to start: ' + (err && err.message ? err.message : String(err));
  app.replaceChildren(p);
  throw err;
}
