// End-to-end tests of the playground's teaching aids: the interpreter's check of runs as
// WebAssembly, LangRef links and value hovers, stale run reports, the CFG following the cursor,
// the dominator tree over the CFG with its legend, the input example and plural forms.
// Called from playground.mjs with its helpers.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const PRINTS = `declare i32 @printf(ptr, ...)
@fmt = private constant [9 x i8] c"sum: %d\\0A\\00"

define i32 @main() {
entry:
  %x = add i32 40, 2
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %x)
  ret i32 0
}
`;
// Overflows an add nsw: poison, then a branch on it. As WebAssembly the add wraps and the
// program quietly returns 0; the interpreter reports the branch on poison.
const UB = `define i32 @main() {
entry:
  %big = add nsw i32 2147483647, 1
  %c = icmp sgt i32 %big, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
`;
const VALUES = `; add the numbers (a comment: no hover here)
define i32 @main() {
entry:
  %x = add nsw i32 2147483647, 1
  %y = mul i32 %x, %x
  %z = add i32 %y, %x
  ret i32 %z
}
`;
const TWO = `define i32 @f(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @main() {
entry:
  %r = call i32 @f(i32 2)
  ret i32 %r
}
`;

/** Screen coordinates of the character `delta` characters into the first `needle` of `src`. */
async function coordsOf(page, src, needle, delta = 1) {
  return page.evaluate(([s, n, d]) => {
    const ed = window.IrplayEditor.last;
    const i = s.indexOf(n);
    if (i < 0) throw new Error(`no ${n} in the text`);
    const byte = new TextEncoder().encode(s.slice(0, i + d)).length;
    const c = ed.view.coordsAtPos(ed.byteToPos(byte));
    return { x: c.left + 1, y: (c.top + c.bottom) / 2 };
  }, [src, needle, delta]);
}

/** Hovers over `needle` in the editor (after moving away, so an earlier tooltip closes). */
async function hover(page, src, needle, delta = 1) {
  await page.mouse.move(5, 700);
  await page.waitForFunction(() => !document.querySelector('.cm-tooltip-hover .cm-irplay-hover'));
  const at = await coordsOf(page, src, needle, delta);
  await page.mouse.move(at.x, at.y);
  return at;
}

async function tooltip(page) {
  await page.waitForSelector('.cm-tooltip-hover .cm-irplay-hover', { timeout: 3000 });
  return page.locator('.cm-tooltip-hover .cm-irplay-hover').textContent();
}

async function runWith(page, engine) {
  await page.click('#tab-run');
  await page.selectOption('#run-engine', engine);
  await page.click('#run');
  await page.waitForFunction(() => !document.querySelector('.run-status') && document.querySelector('#run-message'));
}

export async function run({ test, ctx, open, setText, assert }) {
  const page = await open(ctx);

  await test('empty Run and Passes panes say what to press; "1 function" is singular', async () => {
    await setText(page, PRINTS);
    await page.waitForSelector('#status.status-ok');
    const status = await page.locator('#status').textContent();
    assert(/✓ valid · 1 function · /.test(status), `status: ${status}`);
    await page.click('#tab-run');
    const empty = await page.locator('#run-empty').textContent();
    assert(/press ▶ Run/.test(empty) && /@main/.test(empty), `run pane: ${empty}`);
    await page.click('#tab-passes');
    const passes = await page.locator('#passes-empty').textContent();
    assert(/press Optimize/.test(passes), `passes pane: ${passes}`);
    const fn = await page.locator('#function option').first().textContent();
    assert(/^@main \(1 block\)$/.test(fn), `function menu: ${fn}`);
  });

  await test('a run as WebAssembly says it checks no UB, and the interpreter agrees on a correct program', async () => {
    await runWith(page, 'wasm');
    const note = await page.locator('#wasm-ub-note').textContent();
    assert(/does not check for undefined behaviour/.test(note), `note: ${note}`);
    await page.waitForSelector('#compare-agree', { timeout: 20000 });
    const stdout = await page.locator('#stdout').textContent();
    assert(stdout === 'sum: 42\n', `stdout ${JSON.stringify(stdout)}`);
  });

  await test('the interpreter\'s check flags UB the WebAssembly run did not see, and shows its report', async () => {
    await setText(page, UB);
    await page.waitForSelector('#status.status-ok');
    await runWith(page, 'wasm');
    const msg = await page.locator('#run-message').textContent();
    assert(/exit status 0/.test(msg), `the wasm run: ${msg}`);
    await page.waitForSelector('#compare-ub', { timeout: 20000 });
    const flag = await page.locator('#compare-ub').textContent();
    assert(/branch on poison/.test(flag), `flag: ${flag}`);
    await page.click('#show-interp');
    await page.waitForSelector('#ub-report');
    const report = await page.locator('#ub-report').textContent();
    assert(/triggered at 5:3/.test(report) && /poison arose at 3:3/.test(report), `report: ${report}`);
    await page.waitForSelector('#compare-shown');
    await page.waitForSelector('.cm-mark-ub');
    await page.selectOption('#run-engine', 'interp');
  });

  await test('a run report is marked stale after an edit; positions move with it or stop being clickable', async () => {
    await runWith(page, 'interp');
    await page.waitForSelector('#ub-report button.link');
    await page.waitForSelector('.cm-mark-ub');
    await page.evaluate(() => window.IrplayEditor.last.select(0, 0));
    await page.keyboard.type('; edited\n');
    await page.waitForSelector('#run-stale');
    await page.waitForFunction(() => !document.querySelector('.cm-mark-ub'));
    // The edit is above everything: the positions moved down a line, and still lead there.
    const moved = page.locator('#ub-report button.moved-pos', { hasText: 'triggered at 6:3' });
    await moved.click();
    const edited = '; edited\n' + UB;
    const want = Buffer.byteLength(edited.slice(0, edited.indexOf('br i1')));
    const sel = await page.evaluate(() => window.IrplayEditor.last.getCursor());
    assert(sel >= want && sel <= want + 'br i1 %c, label %a, label %b'.length, `the trigger is at byte ${want}, the selection at ${sel}`);
    // An edit on the trigger's own line: that position is no longer a button.
    await page.evaluate((at) => window.IrplayEditor.last.select(at, at), want + 2);
    await page.keyboard.type('X');
    await page.waitForSelector('#ub-report .stale-pos');
    const pos = await page.locator('#ub-report .stale-pos', { hasText: 'triggered' }).textContent();
    assert(/triggered at 5:3 \(before the edit\)/.test(pos), `stale position: ${pos}`);
    assert(await page.locator('#ub-report button', { hasText: 'triggered at' }).count() === 0, 'the touched position is still a button');
  });

  await test('a keyword hover links to its LangRef section; tooltips stay in the editor and let clicks through', async () => {
    await setText(page, VALUES);
    await page.waitForSelector('#status.status-ok');
    await hover(page, VALUES, '= add nsw', 3);
    const tip = await tooltip(page);
    assert(/^add: Integer addition/.test(tip), `tooltip: ${tip}`);
    const href = await page.locator('.cm-tooltip-hover a.cm-irplay-langref').getAttribute('href');
    assert(href === 'https://releases.llvm.org/19.1.0/docs/LangRef.html#add-instruction', `link: ${href}`);
    await hover(page, VALUES, 'nsw');
    await tooltip(page);
    const flagHref = await page.locator('.cm-tooltip-hover a.cm-irplay-langref').getAttribute('href');
    assert(flagHref.endsWith('#add-instruction'), `nsw links to ${flagHref}`);
    // Within the editor's area (a word on the first code line: the tooltip goes below, not
    // over the toolbar).
    await hover(page, VALUES, 'define', 2);
    await tooltip(page);
    const box = await page.evaluate(() => {
      const t = document.querySelector('.cm-tooltip-hover').getBoundingClientRect();
      const ed = document.querySelector('.cm-scroller').getBoundingClientRect();
      const bar = document.querySelector('.toolbar').getBoundingClientRect();
      return { top: t.top, bottom: t.bottom, edTop: ed.top, edBottom: ed.bottom, barBottom: bar.bottom };
    });
    assert(box.top >= box.edTop - 1 && box.top >= box.barBottom && box.bottom <= box.edBottom + 1, `tooltip at ${JSON.stringify(box)}`);
    // A click on the tooltip's text reaches the editor below it.
    const t = await page.locator('.cm-tooltip-hover .cm-irplay-hover').boundingBox();
    const before = await page.evaluate(() => window.IrplayEditor.last.getCursor());
    await page.mouse.click(t.x + 4, t.y + 6);
    const after = await page.evaluate(() => window.IrplayEditor.last.getCursor());
    assert(after !== before, `the click did not reach the text (cursor stayed at ${before})`);
  });

  await test('a value hover before any run shows type, definition (a button to it), uses and may-be-poison', async () => {
    await hover(page, VALUES, '%x, %x', 1);
    const tip = await tooltip(page);
    assert(/^%x: i32 · defined at 4:3$/m.test(tip), `tooltip: ${tip}`);
    assert(/^2 uses at 5:3, 6:3$/m.test(tip), `uses: ${tip}`);
    assert(/may be poison: .*nsw/m.test(tip), `poison: ${tip}`);
    assert(!/last value/.test(tip), `a value before any run: ${tip}`);
    // The definition's position moves the cursor there.
    await page.locator('.cm-tooltip-hover button.cm-irplay-pos', { hasText: '4:3' }).click();
    const cursor = await page.evaluate(() => window.IrplayEditor.last.getCursor());
    const want = Buffer.byteLength(VALUES.slice(0, VALUES.indexOf('%x = add')));
    assert(cursor === want, `the cursor went to byte ${cursor}, not ${want}`);
    await hover(page, VALUES, '%z =', 1);
    const z = await tooltip(page);
    assert(/1 use at 7:3/.test(z) && /may be poison: through/.test(z), `%z: ${z}`);
  });

  await test('no keyword hover inside a comment', async () => {
    await hover(page, VALUES, 'add the', 1);
    // The same hover over code shows its tooltip after 350 ms (the test above); give it
    // three times that.
    await page.waitForTimeout(1100);
    assert(await page.locator('.cm-tooltip-hover .cm-irplay-hover').count() === 0, 'a tooltip in a comment');
  });

  await test('the CFG follows the cursor into a second function', async () => {
    await setText(page, TWO);
    await page.waitForSelector('#status.status-ok');
    await page.click('#tab-cfg');
    await page.evaluate((src) => {
      const ed = window.IrplayEditor.last;
      const at = new TextEncoder().encode(src.slice(0, src.indexOf('%r = call'))).length;
      ed.select(at, at);
    }, TWO);
    await page.waitForSelector('svg.cfg-svg[aria-label="control-flow graph of @main"]');
    const at = await coordsOf(page, TWO, 'icmp sgt', 2);
    await page.mouse.click(at.x, at.y);
    await page.waitForSelector('svg.cfg-svg[aria-label="control-flow graph of @f"]');
    assert(await page.locator('svg.cfg-svg .cfg-block').count() === 3, 'the CFG of @f has 3 blocks');
    const chosen = await page.locator('#function').inputValue();
    assert(chosen === 'f', `the function menu shows ${chosen}`);
  });

  await test('the dominator tree is overlaid on the CFG, dashed, with a legend', async () => {
    const legend = await page.locator('.tab-body .cfg-legend').textContent();
    assert(/branch taken when true/.test(legend) && /loop back edge/.test(legend) && /loop header/.test(legend), `legend: ${legend}`);
    const edges = await page.locator('svg.cfg-svg path.cfg-edge').count();
    if (!(await page.locator('#toggle-dom').isChecked())) await page.click('#toggle-dom');
    await page.waitForSelector('.cfg-dom-overlay');
    // @f: entry immediately dominates %yes and %no.
    assert(await page.locator('svg.cfg-svg path.cfg-dom-overlay').count() === 2, 'two dominator edges');
    assert(await page.locator('svg.cfg-svg path.cfg-edge').count() === edges && edges === 2, `CFG edges ${edges} kept`);
    const dash = await page.locator('path.cfg-dom-overlay').first().evaluate((e) => getComputedStyle(e).strokeDasharray);
    assert(dash && dash !== 'none', `dominator edges are not dashed: ${dash}`);
    await page.waitForSelector('.cfg-legend .cfg-legend-dom');
    await page.click('#toggle-dom');
    await page.waitForFunction(() => !document.querySelector('.cfg-dom-overlay') && !document.querySelector('.cfg-legend-dom'));
  });

  await test('the reading-input example fills the standard input box, and runs as its comment says', async () => {
    const input = readFileSync(join(here, '..', 'examples', 'learn', '17-reading-input.ll.stdin'), 'utf8');
    const want = readFileSync(join(here, '..', 'examples', 'learn', '17-reading-input.ll.stdout'), 'utf8');
    const index = await page.evaluate(() => [...document.querySelectorAll('#examples option')].find((o) => /^Reading input/.test(o.textContent))?.value);
    assert(index != null, 'no reading-input example in the menu');
    await page.selectOption('#examples', index);
    await page.waitForSelector('#status.status-ok');
    await page.click('#tab-run');
    const box = await page.locator('#run-stdin').inputValue();
    assert(box === input, `the input box holds ${JSON.stringify(box)}`);
    await runWith(page, 'interp');
    const stdout = await page.locator('#stdout').textContent();
    assert(stdout === want, `stdout ${JSON.stringify(stdout)}`);
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await page.close();
}
