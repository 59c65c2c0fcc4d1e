// End-to-end tests of a big CFG: a generated function of 101 blocks and about 2,000
// instructions (llvm-as-19 must accept it, and the page must show no diagnostics) is drawn with
// its big blocks collapsed; "go to block" completes a typed name and centres and highlights the
// block; a block's toggle expands and collapses it and the layout reflows; a click on the
// minimap moves the view there; a wheel notch zooms by 2^(1/3) around the pointer (ctrl+wheel,
// and a two-finger pinch by touch, too); the cursor moving into a block out of the pane brings
// it into view; Width fits the graph's width. The layout times of the function and of one twice
// its size go to metrics.json (figures, not assertions). Called from playground.mjs.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A function of `blocks` blocks of ~20 instructions (the same shape as the layout's unit
 * test): a fall-through chain with forward branches, loops and switches. Block `bbI` is block
 * I + 1 in the graph (the entry is 0). */
export function bigFunction(blocks = 100, ops = 16) {
  const kinds = ['add', 'mul', 'xor', 'sub', 'shl', 'and', 'or'];
  const out = ['define i32 @big(i32 %n) {', 'entry:', '  %acc = alloca i32', '  store i32 %n, ptr %acc', '  br label %bb0'];
  const last = blocks - 1;
  for (let i = 0; i < blocks; i++) {
    out.push(`bb${i}:`, `  %a${i} = load i32, ptr %acc`);
    let prev = `%a${i}`;
    for (let k = 1; k <= ops; k++) {
      const op = kinds[(i + k) % kinds.length];
      const rhs = k % 3 === 0 ? '%n' : String(op === 'shl' ? 1 + ((i + k) % 5) : i + k);
      out.push(`  %b${i}_${k} = ${op} i32 ${prev}, ${rhs}`);
      prev = `%b${i}_${k}`;
    }
    out.push(`  store i32 ${prev}, ptr %acc`);
    if (i === last) { out.push(`  ret i32 ${prev}`); continue; }
    const t = (d) => `bb${Math.min(last, i + d)}`;
    if (i % 15 === 7) {
      out.push(`  switch i32 ${prev}, label %bb${i + 1} [ i32 1, label %${t(2)} i32 2, label %${t(3)} i32 3, label %${t(5)} ]`);
      continue;
    }
    out.push(`  %c${i} = icmp slt i32 ${prev}, %n`);
    const other = i % 10 === 9 ? `bb${i - 6}` : t(2 + (i % 4));
    out.push(`  br i1 %c${i}, label %bb${i + 1}, label %${other}`);
  }
  out.push('}', '');
  return out.join('\n');
}

/** True when block `i` of the drawn graph is wholly inside the pane (run in the page). */
const IN_PANE = (i) => {
  const r = document.querySelector(`.cfg-pane .cfg-block[data-block="${i}"] .cfg-block-rect`).getBoundingClientRect();
  const p = document.querySelector('.cfg-pane').getBoundingClientRect();
  return r.left >= p.left - 0.5 && r.top >= p.top - 0.5 && r.right <= p.right + 0.5 && r.bottom <= p.bottom + 0.5;
};

/** Runs llvm-as-19 on `text`; a missing tool fails the test with how to install it. */
function llvmAs(text) {
  try {
    execFileSync('llvm-as-19', ['-o', '/dev/null', '-'], { input: text, timeout: 30_000 });
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error('llvm-as-19 is required: run scripts/setup-test-deps.sh');
    throw new Error(`llvm-as-19 rejects the generated function: ${e.stderr || e.message}`);
  }
}

export async function run({ test, ctx, open, assert, metrics, out }) {
  const BIG = bigFunction(100);
  const LINES = BIG.split('\n').filter((l) => l.startsWith('  ')).length;
  // The number of instructions of each bbI block: a load, 16 operations, a store, an icmp
  // (except before a switch) and the terminator.
  const insts = (i) => (i === 99 || i % 15 === 7 ? 19 : 20);
  const page = await open(ctx);

  /** The view: the group's translation and scale, the pane's box and size. */
  const view = () => page.evaluate(() => {
    const g = document.querySelector('.cfg-pane > .cfg-svg > g');
    const m = /translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)\)/.exec(g.getAttribute('transform'));
    const pane = document.querySelector('.cfg-pane');
    const r = pane.getBoundingClientRect();
    return {
      x: Number(m[1]), y: Number(m[2]), scale: Number(m[3]), left: r.left, top: r.top, w: r.width, h: r.height,
      gw: Number(pane.dataset.graphWidth), gh: Number(pane.dataset.graphHeight),
    };
  });
  /** A block's box on screen and its attributes. */
  const block = (i) => page.evaluate((i) => {
    const b = document.querySelector(`.cfg-pane .cfg-block[data-block="${i}"]`);
    const r = b.querySelector('.cfg-block-rect').getBoundingClientRect();
    return {
      cx: r.left + r.width / 2, cy: r.top + r.height / 2, top: r.top, left: r.left, height: Number(b.querySelector('.cfg-block-rect').getAttribute('height')),
      y: Number(/translate\([-\d.]+ ([-\d.]+)\)/.exec(b.getAttribute('transform'))[1]),
      classes: [...b.classList], label: b.getAttribute('aria-label'),
    };
  }, i);

  await test('bigcfg: a 2,000-instruction function is drawn without diagnostics, its big blocks collapsed', async () => {
    llvmAs(BIG);
    assert(LINES >= 1900 && LINES <= 2100, `${LINES} instructions generated`);
    await page.click('#tab-cfg');
    await page.evaluate((text) => window.IrplayEditor.last.setText(text), BIG);
    await page.waitForSelector('#status.status-ok');
    await page.waitForFunction(() => document.querySelectorAll('.cfg-pane .cfg-block').length === 101);
    const diags = await page.locator('#diag-list .diag-msg').count();
    assert(diags === 0, `${diags} diagnostics shown for a module llvm-as-19 accepts`);
    const collapsed = await page.locator('.cfg-pane .cfg-block.cfg-collapsed').count();
    assert(collapsed === 100, `${collapsed} blocks collapsed, expected every bbN (100)`);
    assert(!(await block(0)).classes.includes('cfg-collapsed'), 'the 3-instruction entry is collapsed');
    // Collapsed: the title and the terminator (2 lines of 16px and 8px padding each side).
    assert((await block(5)).height === 48, `collapsed height ${(await block(5)).height}`);
    assert(await page.locator('.cfg-minimap').count() === 1, 'no minimap');
    const v = await view();
    assert(v.scale >= 0.6 - 1e-9, `first view at scale ${v.scale}, below the readable 0.6`);
    metrics.cfg_big_instructions = LINES;
    metrics.cfg_big_layout_ms = Number(await page.evaluate(() => document.querySelector('.cfg-pane').dataset.layoutMs));
    metrics.cfg_big_analysis_ms = Number(await page.evaluate(() => document.documentElement.dataset.analysisMs));
    metrics.cfg_big_render_ms = Number(await page.evaluate(() => document.documentElement.dataset.cfgRenderMs));
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: go to block completes a name, centres the block and highlights it', async () => {
    await page.locator('.cfg-pane .cfg-block[data-block="0"]').focus();
    await page.keyboard.press('g');
    assert(await page.evaluate(() => document.activeElement?.classList.contains('cfg-goto-input')), 'g did not focus the go-to box');
    await page.keyboard.type('bb7');
    await page.waitForSelector('.cfg-goto-list');
    const options = await page.locator('.cfg-goto-option').allTextContents();
    assert(options[0] === '%bb7' && options.includes('%bb73'), `completions ${options.join(', ')}`);
    await page.locator('.cfg-goto-option', { hasText: '%bb73' }).click();
    await page.waitForFunction(() => document.querySelector('.cfg-pane .cfg-block[data-block="74"]')?.classList.contains('cfg-selected'));
    const b = await block(74);
    const v = await view();
    assert(b.label === 'block %bb73', `went to ${b.label}`);
    assert(b.classes.includes('cfg-goto-target'), `not highlighted: ${b.classes}`);
    assert(Math.abs(b.cx - (v.left + v.w / 2)) < 2 && Math.abs(b.cy - (v.top + v.h / 2)) < 2,
      `block centre (${b.cx}, ${b.cy}) is not the pane's (${v.left + v.w / 2}, ${v.top + v.h / 2})`);
    assert(await page.locator('.cfg-minimap-selected').count() === 1, 'the minimap does not show the selection');
    // By keyboard: the second completion of "bb4" is %bb40.
    await page.locator('.cfg-goto-input').fill('');
    await page.locator('.cfg-goto-input').focus();
    await page.keyboard.type('bb4');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.cfg-pane .cfg-block[data-block="41"]')?.classList.contains('cfg-goto-target'));
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: a block expands and collapses, and the layout reflows', async () => {
    const before = await block(41);
    const next = await block(42);
    const at = (await page.locator('.cfg-pane .cfg-block[data-block="41"] .cfg-toggle').getAttribute('aria-label'));
    assert(/^expand %bb40 \(20 instructions\)$/.test(at), `toggle says ${at}`);
    await page.click('.cfg-pane .cfg-block[data-block="41"] .cfg-toggle');
    await page.waitForFunction(() => !document.querySelector('.cfg-pane .cfg-block[data-block="41"]').classList.contains('cfg-collapsed'));
    const open = await block(41);
    assert(open.height === (insts(40) + 1) * 16 + 16, `expanded height ${open.height}`);
    assert(Math.abs(open.top - before.top) < 2 && Math.abs(open.left - before.left) < 2, 'the expanded block moved on screen');
    const below = await block(42);
    assert(below.y - next.y >= open.height - before.height - 1e-6, `the block below moved ${below.y - next.y}, not down by the growth`);
    metrics.cfg_relayout_ms = Number(await page.evaluate(() => document.documentElement.dataset.cfgRelayoutMs));
    await page.locator('.cfg-pane .cfg-block[data-block="41"] .cfg-toggle').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.cfg-pane .cfg-block[data-block="41"]').classList.contains('cfg-collapsed'));
    assert((await block(41)).height === 48 && (await block(42)).y === next.y, 'collapsing again does not give the first layout back');
    // Expand all, collapse all.
    await page.click('.cfg-expand-all');
    await page.waitForFunction(() => document.querySelectorAll('.cfg-pane .cfg-collapsed').length === 0);
    await page.click('.cfg-collapse-all');
    await page.waitForFunction(() => document.querySelectorAll('.cfg-pane .cfg-collapsed').length === 101);
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: a click on the minimap brings that part of the graph to the middle', async () => {
    const mini = await page.evaluate(() => {
      const m = document.querySelector('.cfg-minimap');
      const r = m.getBoundingClientRect();
      const [vx, vy, vw, vh] = m.getAttribute('viewBox').split(' ').map(Number);
      return { left: r.left, top: r.top, w: r.width, h: r.height, vx, vy, vw, vh };
    });
    const before = await view();
    const click = { x: mini.left + mini.w * 0.3, y: mini.top + mini.h * 0.8 };
    await page.mouse.click(click.x, click.y);
    await page.waitForFunction((y) => Number(/translate\([-\d.]+ ([-\d.]+)\)/.exec(document.querySelector('.cfg-pane > .cfg-svg > g').getAttribute('transform'))[1]) !== y, before.y);
    const v = await view();
    const want = { x: mini.vx + 0.3 * mini.vw, y: mini.vy + 0.8 * mini.vh };
    const got = { x: (v.w / 2 - v.x) / v.scale, y: (v.h / 2 - v.y) / v.scale };
    const tol = 2 * mini.vw / mini.w;
    assert(Math.abs(got.x - want.x) < tol && Math.abs(got.y - want.y) < tol,
      `the middle shows (${got.x}, ${got.y}), the minimap was clicked at (${want.x}, ${want.y})`);
    assert(v.scale === before.scale, 'the minimap changed the scale');
  });

  await test('bigcfg: wheel notches zoom by 2^(1/3) around the pointer, ctrl+wheel too', async () => {
    const v0 = await view();
    const at = { x: v0.left + v0.w * 0.4, y: v0.top + v0.h * 0.6 };
    const graphAt = (v) => ({ x: (at.x - v.left - v.x) / v.scale, y: (at.y - v.top - v.y) / v.scale });
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction((s) => Number(document.querySelector('.cfg-pane').dataset.scale) !== s, v0.scale);
    const v1 = await view();
    assert(Math.abs(v1.scale / v0.scale - Math.cbrt(2)) < 1e-3, `one notch zoomed by ${v1.scale / v0.scale}`);
    const [p0, p1] = [graphAt(v0), graphAt(v1)];
    assert(Math.abs(p0.x - p1.x) < 1 && Math.abs(p0.y - p1.y) < 1, 'the point under the pointer moved');
    for (let i = 0; i < 2; i++) {
      const s = (await view()).scale;
      await page.mouse.wheel(0, -100);
      await page.waitForFunction((s) => Number(document.querySelector('.cfg-pane').dataset.scale) !== s, s);
    }
    const v3 = await view();
    assert(Math.abs(v3.scale / v0.scale - 2) < 2e-3, `three notches zoomed by ${v3.scale / v0.scale}, not 2`);
    // A pinch arrives as ctrl+wheel with small pixel deltas: exp(-deltaY / 100).
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 10);
    await page.keyboard.up('Control');
    await page.waitForFunction((s) => Number(document.querySelector('.cfg-pane').dataset.scale) !== s, v3.scale);
    const v4 = await view();
    assert(Math.abs(v4.scale / v3.scale - Math.exp(-0.1)) < 1e-3, `ctrl+wheel zoomed by ${v4.scale / v3.scale}`);
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: a two-finger pinch zooms by the change of their distance, around their midpoint', async () => {
    const v0 = await view();
    const mid = { x: v0.left + v0.w / 2, y: v0.top + v0.h / 2 };
    const graphPoint = (v) => ({ x: (mid.x - v.left - v.x) / v.scale, y: (mid.y - v.top - v.y) / v.scale });
    const cdp = await page.context().newCDPSession(page);
    const fingers = (d) => [{ x: mid.x - d, y: mid.y, id: 1 }, { x: mid.x + d, y: mid.y, id: 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(100) });
    for (let d = 90; d >= 50; d -= 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await page.waitForFunction((s) => Number(document.querySelector('.cfg-pane').dataset.scale) !== s, v0.scale);
    const v1 = await view();
    assert(Math.abs(v1.scale / v0.scale - 0.5) < 1e-3, `the pinch zoomed by ${v1.scale / v0.scale}, not 0.5`);
    const [p0, p1] = [graphPoint(v0), graphPoint(v1)];
    assert(Math.abs(p0.x - p1.x) < 1 && Math.abs(p0.y - p1.y) < 1, `the point under the fingers moved from (${p0.x}, ${p0.y}) to (${p1.x}, ${p1.y})`);
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: the cursor moving into a block out of the pane brings it into view', async () => {
    const inPane = (i) => page.evaluate(IN_PANE, i);
    for (const bb of [94, 3]) {
      const i = bb + 1;
      const before = await view();
      const wasIn = await inPane(i);
      const at = BIG.indexOf(`\nbb${bb}:`) + 2; // inside its label (the text is ASCII)
      await page.evaluate((b) => window.IrplayEditor.last.select(b, b), at);
      await page.waitForFunction((i) => document.querySelector(`.cfg-pane .cfg-block[data-block="${i}"]`)?.classList.contains('cfg-selected'), i);
      await page.waitForFunction(IN_PANE, i, { timeout: 5000 });
      const after = await view();
      assert(after.scale === before.scale, `the scale changed from ${before.scale} to ${after.scale}`);
      assert(wasIn || after.x !== before.x || after.y !== before.y, `%bb${bb} was out of view and the view did not move`);
      // From %bb94, %bb3 is far out of view: the view must move.
      assert(bb !== 3 || !wasIn, '%bb3 was in view already: the test shows nothing');
    }
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('bigcfg: Width fits the graph across the pane, Fit shows all of it', async () => {
    await page.click('.cfg-fit-width');
    await page.waitForFunction(() => {
      const p = document.querySelector('.cfg-pane');
      return Math.abs(Number(p.dataset.scale) * Number(p.dataset.graphWidth) - (p.getBoundingClientRect().width - 40)) < 1;
    });
    const w = await view();
    assert(Math.abs(w.x - 20) < 0.5, `fit to width starts at x=${w.x}`);
    await page.click('.cfg-fit');
    await page.waitForFunction(() => Number(document.querySelector('.cfg-pane').dataset.scale) < 0.3);
    const f = await view();
    assert(f.y >= 0 && f.y + f.gh * f.scale <= f.h + 0.5 && f.x >= 0 && f.x + f.gw * f.scale <= f.w + 0.5, 'Fit does not show the whole graph');
    await page.screenshot({ path: join(out, 'bigcfg-fit.png') });
  });

  await test('bigcfg: layout time of a function twice as big (metric)', async () => {
    const twice = bigFunction(200);
    await page.evaluate((text) => window.IrplayEditor.last.setText(text), twice);
    await page.waitForFunction(() => document.querySelectorAll('.cfg-pane .cfg-block').length === 201);
    await page.waitForSelector('#status.status-ok');
    metrics.cfg_big2x_instructions = twice.split('\n').filter((l) => l.startsWith('  ')).length;
    metrics.cfg_big2x_layout_ms = Number(await page.evaluate(() => document.querySelector('.cfg-pane').dataset.layoutMs));
    metrics.cfg_big2x_analysis_ms = Number(await page.evaluate(() => document.documentElement.dataset.analysisMs));
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
    await page.close();
  });
}
