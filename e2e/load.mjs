// End-to-end tests of how the playground loads: the first HTML holds a skeleton of the page that
// the app replaces; the page compiles each workers' wasm module once and hands it to its workers,
// which never fetch wasm; the full module (passes, back ends) loads only when first used; a
// worker whose memory grew past the limit is replaced after its run, the result kept. Also the
// figures (not assertions): first render cold and at 9 Mbit/s, to an editor that takes a key
// and to the CFG drawn (as the test sees them; and `_shown_ms`, by the page's clock from the
// start of the navigation, when each first appears, without the driver's polling and clicks),
// and the gzip bytes the first render needs beside the total, as `load_*`
// metrics. Called from playground.mjs with its helpers.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'www', 'dist');

/** The pathnames of what `where` (a page or a worker) fetched, from its resource timing. */
const fetched = (where) => where.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));

let sizes = null;
/** The gzip -9 size of each file of the playground (not the precompressed siblings that
 * `cargo xtask web` writes for `irplay serve`), by name; computed once. */
export function gzipSizes() {
  if (!sizes) {
    sizes = new Map();
    for (const f of readdirSync(dist)) {
      const p = join(dist, f);
      if (statSync(p).isFile() && !/\.(gz|br)$/.test(f)) sizes.set(f, gzipSync(readFileSync(p), { level: 9 }).length);
    }
  }
  return sizes;
}

/** Files the first render does not need: the full worker module and the license text. */
const later = (name) => name.startsWith('irplay_full') || name.endsWith('.txt');
/** Files an editor that takes keys does not need: those and the base worker module. */
const laterThanEditor = (name) => later(name) || name.startsWith('irplay_worker');

// Allocates and fills 3 x 88 MB in the interpreter, within its limit of 256 MiB (a load from a
// block would add the interpreter's state of each of its bytes to the count, and go over):
// the worker's wasm memory grows past the page's 200 MiB. Returns 1.
const HUNGRY = `declare ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
entry:
  %a = call ptr @malloc(i64 88000000)
  call void @llvm.memset.p0.i64(ptr %a, i8 1, i64 88000000, i1 false)
  %b = call ptr @malloc(i64 88000000)
  call void @llvm.memset.p0.i64(ptr %b, i8 2, i64 88000000, i1 false)
  %c = call ptr @malloc(i64 88000000)
  call void @llvm.memset.p0.i64(ptr %c, i8 3, i64 88000000, i1 false)
  %ok = icmp ne ptr %c, null
  %r = zext i1 %ok to i32
  ret i32 %r
}
`;

export async function run({ test, ctx, browserContext, open, setText, assert, metrics, base }) {
  await test('load: the first HTML shows a skeleton of the page, which the app replaces', async () => {
    const r = await ctx.request.get(base);
    const html = await r.text();
    assert(/<div id="app">\s*<div id="skeleton"/.test(html), 'no skeleton inside #app in the first HTML');
    assert(!/<script>/.test(html), 'an inline script in the page');
    const page = await open(ctx);
    assert(await page.locator('#skeleton').count() === 0, 'the skeleton is still there after the app mounted');
    assert(await page.locator('.app .toolbar #run-top').count() === 1, 'the app did not mount');
    await page.close();
  });

  await test('load: workers get the compiled module from the page and fetch no wasm', async () => {
    const fresh = await browserContext(); // the default example and view, nothing cached
    const page = await open(fresh);
    await page.waitForSelector('.cfg-block');
    const first = await fetched(page);
    assert(first.filter((p) => p.endsWith('/irplay_worker_bg.wasm')).length === 1, `the base worker module was fetched ${JSON.stringify(first)}`);
    // What the editor needs is fetched once, through index.html's preloads.
    const how = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.split('/').pop(), e.initiatorType])));
    for (const f of ['editor.js', 'irplay_web_bg.wasm']) assert(how[f] === 'link', `${f} was not fetched by its preload: ${JSON.stringify(how)}`);
    assert(first.filter((p) => p.endsWith('/irplay_web_bg.wasm')).length === 1, `the page's module was fetched twice: ${JSON.stringify(first)}`);
    assert(!first.some((p) => p.includes('irplay_full')), `the first render fetched the full module: ${JSON.stringify(first)}`);
    // A run (a second worker, the same module), then passes (the full module).
    await page.click('#run-top');
    await page.waitForFunction(() => !document.querySelector('.run-status') && document.querySelector('#run-message'));
    await page.click('#tab-passes');
    await page.click('#optimize');
    await page.waitForSelector('#step-list .step');
    const all = await fetched(page);
    for (const m of ['irplay_worker', 'irplay_full']) {
      const n = all.filter((p) => p.endsWith(`/${m}_bg.wasm`)).length;
      assert(n === 1, `${m}_bg.wasm fetched ${n} times by the page`);
    }
    const workers = page.workers();
    assert(workers.length >= 3, `${workers.length} workers (analysis, run, passes expected)`);
    for (const w of workers) {
      const got = await fetched(w);
      assert(!got.some((p) => p.endsWith('.wasm')), `a worker fetched wasm: ${JSON.stringify(got)}`);
    }
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
    await fresh.close();
  });

  await test('load: a worker whose memory grew past 200 MiB is replaced after the run, the result kept', async () => {
    const page = await open(ctx);
    await setText(page, HUNGRY);
    await page.waitForSelector('#status.status-ok');
    const replaced = () => page.locator('.app').getAttribute('data-workers-replaced');
    assert(await replaced() === '0', `replaced before the run: ${await replaced()}`);
    await page.click('#run-top');
    await page.waitForFunction(() => !document.querySelector('.run-status') && document.querySelector('#run-message'), null, { timeout: 60000 });
    const msg = await page.locator('#run-message').textContent();
    assert(msg.includes('exit status 1'), `run message: ${msg}`);
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-workers-replaced') === '1');
    // The result is still shown, and the next run works (in a fresh worker).
    assert(await page.locator('#run-message').textContent() === msg, 'the result changed');
    await setText(page, 'define i32 @main() {\n  ret i32 5\n}\n');
    await page.waitForSelector('#status.status-ok');
    await page.click('#run-top');
    await page.waitForFunction(() => (document.querySelector('#run-message')?.textContent || '').includes('exit status 5') && !document.querySelector('.run-status'));
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
    await page.close();
  });

  await test('load: a program run as WebAssembly whose memory grew past 200 MiB gets a fresh worker', async () => {
    const page = await open(ctx);
    // 3 x 75 MB: within the 256 MiB a WebAssembly program may allocate, past the 200 MiB.
    await setText(page, HUNGRY.replaceAll('88000000', '75000000'));
    await page.waitForFunction(() => (window.IrplayEditor.last.getText() || '').includes('75000000'));
    await page.waitForSelector('#status.status-ok');
    const replaced = async () => Number(await page.locator('.app').getAttribute('data-workers-replaced'));
    assert(await replaced() === 0, `replaced before the run: ${await replaced()}`);
    await page.click('#tab-run');
    await page.selectOption('#run-engine', 'wasm');
    await page.click('#run-top');
    await page.waitForFunction(() => !document.querySelector('.run-status') && (document.querySelector('#run-message')?.textContent || '').includes('exit status'), null, { timeout: 60000 });
    const msg = await page.locator('#run-message').textContent();
    assert(msg.includes('exit status 1'), `run message: ${msg}`);
    // Two workers go: the run worker (the program's own memory, from the run report) and the
    // one where the interpreter ran the same program in the background to compare.
    await page.waitForFunction(() => Number(document.querySelector('.app')?.getAttribute('data-workers-replaced')) >= 2, null, { timeout: 60000 });
    assert(await page.locator('#run-message').textContent() === msg, 'the result changed');
    await page.selectOption('#run-engine', 'interp');
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
    await page.close();
  });

  await test('load: first render figures, cold and at 9 Mbit/s (load_* metrics)', async () => {
    // Bytes: gzip -9 of what the first render needs (all but the full module), and of all.
    let need = 0;
    let editor = 0;
    let total = 0;
    for (const [f, n] of gzipSizes()) {
      total += n;
      if (!later(f)) need += n;
      if (!laterThanEditor(f)) editor += n;
    }
    metrics.load_first_render_gzip_bytes = need;
    metrics.load_editor_gzip_bytes = editor;
    metrics.load_total_gzip_bytes = total;
    for (const [name, mbit] of [['cold', 0], ['9mbit', 9]]) {
      const c = await browserContext(); // a fresh profile: nothing cached
      const page = await c.newPage();
      if (mbit) {
        const cdp = await c.newCDPSession(page);
        await cdp.send('Network.enable');
        const bytesPerSecond = (mbit * 1e6) / 8;
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
      }
      // When the editor and the CFG first appear, by the page's clock (from the start of the
      // navigation): these do not include the polling and actions of the test driver.
      await page.addInitScript(() => {
        const shown = (window.__irplayShown = {});
        new MutationObserver(() => {
          if (shown.editor === undefined && document.querySelector('.cm-content')) shown.editor = performance.now();
          if (shown.cfg === undefined && document.querySelector('.cfg-block')) shown.cfg = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      const t0 = Date.now();
      await page.goto(base);
      await page.waitForSelector('.cm-content');
      await page.click('.cm-content');
      await page.keyboard.press('End');
      await page.keyboard.type(' ');
      await page.waitForFunction(() => / $/m.test(window.IrplayEditor.last.getText()));
      metrics[`load_${name}_editor_ms`] = Date.now() - t0;
      await page.waitForSelector('.cfg-block', { timeout: 60000 });
      metrics[`load_${name}_cfg_ms`] = Date.now() - t0;
      const shown = await page.evaluate(() => window.__irplayShown);
      metrics[`load_${name}_editor_shown_ms`] = Math.round(shown.editor);
      metrics[`load_${name}_cfg_shown_ms`] = Math.round(shown.cfg);
      const wire = await page.evaluate(() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).reduce((n, e) => n + (e.transferSize || 0), 0));
      metrics[`load_${name}_wire_bytes`] = wire;
      const got = await fetched(page);
      assert(!got.some((p) => p.includes('irplay_full')), `the first render fetched the full module: ${JSON.stringify(got)}`);
      await c.close();
    }
  });
}
