// Profiles a cold load of the playground in headless Chromium and prints where the time goes:
// the network timings of each file, when the skeleton, the app, the editor and the CFG first
// appear, the main thread's tasks (from a Chromium trace) and their split by kind before and
// after the editor appears, the wasm compilation, and with --cpu a sampled profile of the
// JavaScript and wasm functions (names only with a build that keeps them: `cargo xtask web
// --debug`, or wasm-bindgen without --remove-name-section). Not a test: a tool for finding
// what makes the first render slow. It drives the page as load.mjs does (click, a key).
//
// Usage: node profile-load.mjs [BASE_URL] [--mbit N] [--runs N] [--trace FILE] [--cpu]
//                              [--focus FUNCTION]
//   --mbit N        throttle the network to N Mbit/s (20 ms latency), as load.mjs does
//   --trace FILE    also write each run's trace (FILE-0.json, ...; chrome://tracing, Perfetto)
//   --cpu           sampled CPU profile: self and total time by function
//   --focus NAME    and the call tree below each function whose name contains NAME
//   MIN_TASK_MS=N   (environment) list main-thread tasks of at least N ms (default 4)
import { chromium } from 'playwright-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const VALUED = ['--mbit', '--runs', '--trace', '--focus'];
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const base = argv.find((a, i) => !a.startsWith('--') && !VALUED.includes(argv[i - 1])) || 'http://127.0.0.1:18080/';
const mbit = Number(opt('--mbit', '0'));
const runs = Number(opt('--runs', '1'));
const traceFile = opt('--trace', '');
const cpu = argv.includes('--cpu') || argv.includes('--focus');
const focus = opt('--focus', '');

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'v8.wasm',
  'disabled-by-default-v8.wasm.detailed', 'blink.user_timing', 'loading', 'toplevel', 'blink'];

async function once() {
  const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'irplay-prof-')), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 1280, height: 800 },
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  if (mbit) {
    const bps = (mbit * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bps, uploadThroughput: bps });
  }
  // Marks: when the editor and the CFG first appear in the DOM.
  await page.addInitScript(() => {
    const seen = new Set();
    const mo = new MutationObserver(() => {
      for (const [sel, name] of [['#skeleton', 'skeleton'], ['.cm-content', 'editor'], ['.toolbar #run-top', 'app'], ['.cfg-block', 'cfg'], ['#status.status-ok', 'status-ok']]) {
        if (!seen.has(name) && document.querySelector(sel)) { seen.add(name); performance.mark('seen:' + name); }
      }
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  });
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  if (cpu) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const t0 = Date.now();
  const steps = [];
  const step = (name) => steps.push(`${name} ${Date.now() - t0}`);
  await page.goto(base);
  step('goto');
  await page.waitForSelector('.cm-content');
  step('waitForSelector');
  await page.click('.cm-content');
  step('click');
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  step('keys');
  await page.waitForFunction(() => / $/m.test(window.IrplayEditor.last.getText()));
  step('text');
  const editorMs = Date.now() - t0;
  console.log(`driver steps (ms from goto): ${steps.join(', ')}`);
  await page.waitForSelector('.cfg-block', { timeout: 60000 });
  const cfgMs = Date.now() - t0;
  await page.waitForTimeout(300);
  const perf = await page.evaluate(() => ({
    nav: performance.getEntriesByType('navigation').map((e) => e.toJSON()),
    res: performance.getEntriesByType('resource').map((e) => e.toJSON()),
    marks: performance.getEntriesByType('mark').map((e) => ({ name: e.name, t: e.startTime })),
    paint: performance.getEntriesByType('paint').map((e) => ({ name: e.name, t: e.startTime })),
  }));
  const profile = cpu ? (await cdp.send('Profiler.stop')).profile : null;
  await cdp.send('Tracing.end');
  await done;
  await ctx.close();
  return { editorMs, cfgMs, perf, events, profile };
}

/** Self and total time by function of a CPU profile (main thread of the page). */
function cpuReport(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split('/').pop() : '';
    return `${f.functionName || '(anonymous)'} ${file}`.trim();
  };
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const d = (dt[i + 1] ?? 0) / 1000;
    let id = profile.samples[i];
    const n = byId.get(id);
    self.set(label(n), (self.get(label(n)) || 0) + d);
    const seen = new Set();
    while (id !== undefined) {
      const l = label(byId.get(id));
      if (!seen.has(l)) { seen.add(l); total.set(l, (total.get(l) || 0) + d); }
      id = parent.get(id);
    }
  }
  const top = (m, k) => [...m].filter(([l]) => !/^\((root|program|idle)\)/.test(l)).sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('\ncpu: self time (ms)');
  for (const [l, t] of top(self, 30)) console.log(`  ${t.toFixed(1).padStart(7)}  ${l}`);
  if (focus) {
    // Top-down tree below every node whose function name contains `focus`.
    const totalOf = new Map();
    const selfOf = new Map();
    for (let i = 0; i < profile.samples.length; i += 1) {
      const d = (dt[i + 1] ?? 0) / 1000;
      selfOf.set(profile.samples[i], (selfOf.get(profile.samples[i]) || 0) + d);
    }
    const sum = (id) => {
      if (totalOf.has(id)) return totalOf.get(id);
      let t = selfOf.get(id) || 0;
      for (const c of byId.get(id).children || []) t += sum(c);
      totalOf.set(id, t);
      return t;
    };
    const print = (id, depth) => {
      const t = sum(id);
      if (t < 2 || depth > 14) return;
      console.log(`  ${' '.repeat(depth * 2)}${t.toFixed(1)} ${label(byId.get(id)).slice(0, 140)}`);
      for (const c of [...(byId.get(id).children || [])].sort((a, b) => sum(b) - sum(a))) print(c, depth + 1);
    };
    console.log(`\ncpu: below ${focus}`);
    for (const n of profile.nodes) if ((n.callFrame.functionName || '').includes(focus) && !(label(byId.get(parent.get(n.id)) || { callFrame: {} }) || '').includes(focus)) print(n.id, 0);
  }
  console.log('\ncpu: total time (ms)');
  for (const [l, t] of top(total, 40)) console.log(`  ${t.toFixed(1).padStart(7)}  ${l}`);
}

function report({ editorMs, cfgMs, perf, events }) {
  console.log(`editor takes keys: ${editorMs} ms, CFG drawn: ${cfgMs} ms (wall clock from goto)`);
  console.log('\nnetwork (ms from navigation start): start -> first byte -> end, bytes on the wire');
  for (const e of [...perf.nav, ...perf.res]) {
    const name = new URL(e.name).pathname;
    console.log(`  ${name.padEnd(28)} ${e.startTime.toFixed(0).padStart(6)} ${e.responseStart.toFixed(0).padStart(6)} ${e.responseEnd.toFixed(0).padStart(6)}  ${String(e.transferSize).padStart(8)}  ${e.initiatorType || ''}`);
  }
  console.log('\nmarks:');
  for (const m of [...perf.paint, ...perf.marks].sort((a, b) => a.t - b.t)) console.log(`  ${m.name.padEnd(28)} ${m.t.toFixed(0).padStart(6)}`);

  // The renderer's main thread: find it by its thread name.
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const navStart = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationTiming.navigationStart' || e.name === 'markAsMainFrame');
  const mainKey = [...names].find(([k, v]) => v === 'CrRendererMain' && events.some((e) => `${e.pid}:${e.tid}` === k && e.name === 'ParseHTML'))?.[0];
  if (!mainKey) { console.log('no renderer main thread found'); return; }
  const main = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Time origin: the first ParseHTML's... better: the navigation's fetchStart is 0 in perf; use
  // the first 'ResourceSendRequest' of the document as origin.
  const send = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === base);
  const origin = send ? send.ts - perf.nav[0].fetchStart * 1000 : main[0].ts;
  const ms = (ts) => (ts - origin) / 1000;
  console.log('\nmain thread tasks over 4 ms (ms from navigation start; the largest children):');
  // Top-level tasks only (a RunTask inside another is the same task, traced twice).
  const all = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const tasks = [];
  for (const t of all) {
    const last = tasks[tasks.length - 1];
    if (!last || t.ts >= last.ts + last.dur) tasks.push(t);
  }
  let busy = 0;
  for (const t of tasks) {
    busy += t.dur;
    if (t.dur < Number(process.env.MIN_TASK_MS || 4) * 1000) continue;
    const kids = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
    const byName = new Map();
    for (const k of kids) {
      const label = k.name + (k.args?.data?.url ? ' ' + new URL(k.args.data.url, base).pathname : '') + (k.args?.data?.functionName ? ' ' + k.args.data.functionName : '');
      byName.set(label, Math.max(byName.get(label) || 0, k.dur));
    }
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(' | ');
    console.log(`  ${ms(t.ts).toFixed(0).padStart(6)} +${(t.dur / 1000).toFixed(1).padStart(6)}  ${top}`);
  }
  console.log(`main thread busy (all tasks) ${(busy / 1000).toFixed(0)} ms`);

  // The split: main-thread time by kind, each event counted once (an event inside one already
  // counted goes to the outer one), before the editor appears and after.
  const editorAt = perf.marks.find((m) => m.name === 'seen:editor')?.t ?? Infinity;
  const kind = (e) => {
    const url = e.args?.data?.url || '';
    const file = url ? new URL(url, base).pathname.split('/').pop() : '';
    if (e.name === 'EvaluateScript') return file ? `run ${file}` : 'test driver (evaluate)';
    if (e.name === 'v8.evaluateModule' || e.name === 'v8.compileModule') return 'run main.js + glue';
    if (e.name === 'ParseHTML') return 'HTML parse';
    if (e.name === 'ParseAuthorStyleSheet') return 'CSS parse';
    if (e.name.startsWith('v8.wasm') || e.name.startsWith('wasm.')) return 'wasm compile/instantiate';
    if (e.name === 'HandlePostMessage') return 'worker replies (app)';
    if (e.name === 'FunctionCall' && file === 'irplay_web.js') return 'app (wasm, yew, CodeMirror calls)';
    if (e.name === 'FunctionCall' && file === 'editor.js') return 'editor events';
    if (e.name === 'FunctionCall') return `js ${file || '?'}`;
    if (['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit', 'Layerize', 'UpdateLayer'].includes(e.name)) return 'style, layout, paint';
    if (e.name === 'RunMicrotasks') return 'promise jobs (main.js start, warm-up, init)';
    if (e.name === 'MinorGC' || e.name === 'MajorGC' || e.name === 'V8.GCScavenger') return 'GC';
    return null;
  };
  const split = new Map();
  const ends = [];
  for (const e of main) {
    while (ends.length && ends[ends.length - 1] <= e.ts) ends.pop();
    const k = kind(e);
    if (k && ends.length === 0) {
      const phase = ms(e.ts) < editorAt ? 0 : 1;
      const v = split.get(k) || [0, 0];
      v[phase] += e.dur / 1000;
      split.set(k, v);
      ends.push(e.ts + e.dur);
    }
  }
  console.log('\nmain-thread split (ms): before the editor appears | after');
  for (const [k, [a, b]] of [...split].sort((x, y) => y[1][0] + y[1][1] - x[1][0] - x[1][1])) console.log(`  ${k.padEnd(36)} ${a.toFixed(0).padStart(6)} ${b.toFixed(0).padStart(6)}`);
  // Wasm compilation (background threads too).
  const wasm = events.filter((e) => e.ph === 'X' && /wasm/i.test(e.name) && e.dur > 2000);
  const agg = new Map();
  for (const e of wasm) {
    const k = `${e.name} @${names.get(`${e.pid}:${e.tid}`) || e.tid}`;
    const a = agg.get(k) || { n: 0, dur: 0, first: Infinity, last: 0 };
    a.n += 1; a.dur += e.dur; a.first = Math.min(a.first, ms(e.ts)); a.last = Math.max(a.last, ms(e.ts + e.dur));
    agg.set(k, a);
  }
  console.log('\nwasm events over 2 ms (count, total ms, first start, last end):');
  for (const [k, a] of [...agg].sort((x, y) => y[1].dur - x[1].dur).slice(0, 20)) console.log(`  ${k.padEnd(60)} ${String(a.n).padStart(4)} ${(a.dur / 1000).toFixed(1).padStart(8)} ${a.first.toFixed(0).padStart(6)} ${a.last.toFixed(0).padStart(6)}`);
}

for (let i = 0; i < runs; i += 1) {
  const r = await once();
  report(r);
  if (r.profile) cpuReport(r.profile);
  if (traceFile) writeFileSync(traceFile.replace(/(\.json)?$/, `-${i}.json`), JSON.stringify({ traceEvents: r.events }));
  console.log('');
}
