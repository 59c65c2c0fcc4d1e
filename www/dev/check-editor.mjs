// Headless-Chromium check of dev/editor-test.html plus keyboard/mouse behaviour (needs playwright-core in $PW_DIR, default /tmp/pw; run `npm run build` first).
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(process.env.PW_DIR || '/tmp/pw', 'package.json'));
const { chromium } = require('playwright-core');
const port = Number(process.env.PORT || 8917);
const shots = process.env.SHOTS || '';

// A copy of dist/ with a stand-in for the wasm-bindgen module, to check index.html and worker.js.
const shell = mkdtempSync(join(tmpdir(), 'irplay-shell-'));
for (const f of ['index.html', 'theme.js', 'main.js', 'editor.js', 'style.css', 'worker.js']) copyFileSync(join(www, 'dist', f), join(shell, f));
writeFileSync(join(shell, 'irplay_web.js'), `// Stand-in for the wasm-bindgen output.
export default async function init() {}
export function start_app() {
  const app = document.getElementById('app');
  app.innerHTML = '<div class="app"><div class="toolbar"><span class="toolbar-title">irplay</span><button class="btn btn-primary">Run</button></div>'
    + '<div class="workspace"><div class="pane pane-editor"><div class="editor-host" id="ed"></div></div><div class="pane pane-side"></div></div><div class="statusbar">ok</div></div>';
  window.__editor = window.IrplayEditor.create(document.getElementById('ed'), { text: 'define void @f() {\\n  ret void\\n}\\n' });
  window.__started = true;
}
`);
// The workers' base module: the smallest wasm module, and glue whose init gets it compiled.
writeFileSync(join(shell, 'irplay_worker_bg.wasm'), new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
writeFileSync(join(shell, 'irplay_worker.js'), `// Stand-in for the wasm-bindgen output.
export default async function init(opts) {
  if (!(opts && opts.module_or_path instanceof WebAssembly.Module)) throw new Error('no compiled module');
  return { memory: new WebAssembly.Memory({ initial: 2 }) };
}
export function worker_handle(req) {
  if (req && req.boom) throw new Error('boom: ' + req.boom);
  return { type: 'echo', req };
}
`);
const server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', String(port)], { cwd: www, stdio: 'ignore' });
const shellServer = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', String(port + 1)], { cwd: shell, stdio: 'ignore' });
const profile = mkdtempSync(join(tmpdir(), 'irplay-editor-check-'));
let failed = 0, passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed++; else failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${!ok && detail !== undefined ? ` — ${detail}` : ''}`);
};

try {
  for (const p of [port, port + 1]) {
    for (let i = 0; i < 50; i++) {
      try { await fetch(`http://127.0.0.1:${p}/`); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
    }
  }
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 800 },
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  const consoleErrors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));

  await page.goto(`http://127.0.0.1:${port}/dev/editor-test.html`);
  await page.waitForFunction(() => window.__results && window.__results.done, null, { timeout: 15000 });
  const inPage = await page.evaluate(() => window.__results);
  for (const line of inPage.lines) console.log(line);
  passed += inPage.passed; failed += inPage.failed;
  check('standards mode (comment before doctype is fine)', await page.evaluate(() => document.compatMode) === 'CSS1Compat');
  if (shots) await page.screenshot({ path: join(shots, 'editor-light.png') });

  // Hover tooltip: plain text, byte offset within %argc (line after non-ASCII lines).
  const argc = page.locator('#host .cm-content span', { hasText: /^%argc$/ }).first();
  const box = await argc.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tip = page.locator('.cm-irplay-hover');
  await tip.waitFor({ timeout: 5000 });
  const tipText = await tip.textContent();
  const tipHtml = await tip.innerHTML();
  const expected = await page.evaluate(() => {
    const t = window.__t.handle.getText();
    const at = t.indexOf('%argc');
    const b = new TextEncoder().encode(t.slice(0, at)).length;
    return [b, b + 5];
  });
  const hovered = Number(/at (\d+)/.exec(tipText)?.[1]);
  check('hover tooltip shows onHover text as plain text', tipText.startsWith('<b>bold</b>') && !tipHtml.includes('<b>'), tipHtml);
  check('onHover gets a byte offset inside %argc', hovered >= expected[0] && hovered <= expected[1], `${hovered} not in ${expected}`);
  if (shots) await page.screenshot({ path: join(shots, 'editor-hover.png') });
  await page.mouse.move(5, 790);

  // Lint tooltip on the gutter marker exists (hover the marker).
  await page.evaluate(() => {
    const h = window.__t.handle;
    const t = h.getText();
    const b = new TextEncoder().encode(t.slice(0, t.indexOf('%argc'))).length;
    h.setDiagnostics([{ from: b, to: b + 5, severity: 'error', message: 'bad <b>not html</b>' }]);
  });
  const marker = page.locator('#host .cm-lint-marker-error').first();
  const mbox = await marker.boundingBox();
  await page.mouse.move(mbox.x + mbox.width / 2, mbox.y + mbox.height / 2);
  await page.locator('.cm-tooltip-lint').first().waitFor({ timeout: 5000 }).then(
    () => check('gutter marker tooltip', true), (e) => check('gutter marker tooltip', false, e.message));
  const lintTip = await page.locator('.cm-tooltip-lint').first().textContent().catch(() => '');
  check('lint message shown as text', lintTip.includes('<b>not html</b>'), lintTip);
  await page.mouse.move(5, 790);

  // Keyboard: Ctrl-F opens the search panel, Escape closes it.
  await page.locator('#host .cm-content').click();
  await page.keyboard.press('Control+f');
  check('Ctrl-F opens the search panel', await page.locator('#host .cm-search').count() === 1);
  if (shots) await page.screenshot({ path: join(shots, 'editor-search.png') });
  await page.keyboard.press('Escape');
  check('Escape closes the search panel', await page.locator('#host .cm-search').count() === 0);

  // Tab indents, Ctrl-Z undoes; Escape then Tab leaves the editor.
  await page.evaluate(() => { window.__t.handle.select(0, 0); });
  const before = await page.evaluate(() => window.__t.handle.getText());
  await page.keyboard.press('Tab');
  const afterTab = await page.evaluate(() => window.__t.handle.getText());
  check('Tab indents', afterTab === '  ' + before, JSON.stringify(afterTab.slice(0, 12)));
  await page.keyboard.press('Control+z');
  check('Ctrl-Z undoes', await page.evaluate(() => window.__t.handle.getText()) === before);
  await page.evaluate(() => window.__t.handle.setText('replaced'));
  await page.evaluate(() => window.__t.handle.focus());
  await page.keyboard.press('Control+z');
  check('setText is undoable', await page.evaluate(() => window.__t.handle.getText()) === before);
  await page.keyboard.press('Control+y');
  check('redo', await page.evaluate(() => window.__t.handle.getText()) === 'replaced');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const active = await page.evaluate(() => document.activeElement && document.activeElement.id);
  check('Escape then Tab moves focus out of the editor', active === 'after-editor', active);

  // Typing: Enter keeps IR indentation, a label dedents.
  await page.evaluate(() => {
    const h = window.__t.second;
    h.setText('define void @f() {');
    h.select(100, 100);
  });
  await page.keyboard.press('Enter');
  await page.keyboard.type('ret void');
  await page.keyboard.press('Enter');
  await page.keyboard.type('next:');
  await page.keyboard.press('Enter');
  await page.keyboard.type('}');
  const typed = await page.evaluate(() => window.__t.second.getText());
  check('auto-indent: body indented, label and } at column 0', typed === 'define void @f() {\n  ret void\nnext:\n  \n}'
    || typed === 'define void @f() {\n  ret void\nnext:\n}', JSON.stringify(typed));

  // Screenshots with sample diagnostics and marks, light then dark.
  await page.evaluate(() => { window.__t.handle.setText(window.__t.handle.getText()); window.__t.decorate(); window.__t.handle.select(0, 0); });
  await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); window.__t.handle.view.scrollDOM.scrollTop = 180; });
  await page.waitForTimeout(100);
  if (shots) await page.screenshot({ path: join(shots, 'editor-marks-light.png') });
  if (shots) await page.locator('.gallery').screenshot({ path: join(shots, 'gallery-light.png') });
  await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; window.__t.handle.setDark(true); });
  await page.waitForTimeout(300); // let the buttons' colour transitions finish
  if (shots) await page.screenshot({ path: join(shots, 'editor-dark.png') });
  if (shots) await page.locator('.gallery').screenshot({ path: join(shots, 'gallery-dark.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  if (shots) await page.screenshot({ path: join(shots, 'editor-narrow.png'), fullPage: true });
  const stacked = await page.evaluate(() => {
    const [a, b] = document.querySelectorAll('.workspace > .pane');
    return b.getBoundingClientRect().top >= a.getBoundingClientRect().bottom - 1;
  });
  check('panes stack below 800px', stacked);

  check('no console errors or warnings', consoleErrors.length === 0, consoleErrors.join(' | '));

  // index.html + worker.js with the stand-in module.
  consoleErrors.length = 0;
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.evaluate(() => { delete document.documentElement.dataset.theme; });
  await page.goto(`http://127.0.0.1:${port + 1}/index.html`);
  await page.waitForFunction(() => window.__started, null, { timeout: 10000 });
  check('index.html title', await page.title() === 'irplay — LLVM IR playground');
  check('index.html mounts the app and the editor', await page.locator('#app .cm-editor').count() === 1);
  check('index.html in standards mode', await page.evaluate(() => document.compatMode) === 'CSS1Compat');
  const replies = await page.evaluate(async () => {
    const w = window.irplayWorker('irplay_worker');
    const ask = (msg) => new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); w.postMessage(msg); });
    const out = [await ask({ id: 1, x: 2 }), await ask({ id: 2, boom: 'x' }), await ask('plain')];
    w.terminate();
    return out;
  });
  check('worker answers with worker_handle, with its memory size', replies[0].type === 'echo' && replies[0].req.x === 2 && replies[0].wasmMemory === 131072, JSON.stringify(replies[0]));
  check('the skeleton is gone once the app mounted', await page.locator('#skeleton').count() === 0);
  check('worker posts {type:"error", message} when the handler throws', replies[1].type === 'error' && replies[1].message === 'boom: x' && replies[1].id === 2, JSON.stringify(replies[1]));
  check('worker keeps answering after an error', replies[2].type === 'echo' && replies[2].req === 'plain');
  if (shots) await page.screenshot({ path: join(shots, 'shell.png') });
  check('index.html: no console errors (favicon, module loading)', consoleErrors.length === 0, consoleErrors.join(' | '));
  await ctx.close();
} catch (err) {
  check('driver ran', false, err && err.stack);
} finally {
  server.kill();
  shellServer.kill();
  rmSync(profile, { recursive: true, force: true });
  rmSync(shell, { recursive: true, force: true });
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
