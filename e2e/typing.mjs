// End-to-end test of typing in a large module: a generated 5,000-line module (valid for
// llvm-as-19, and without a diagnostic in the page) is typed into at a few places, and the
// page's main-thread time per keystroke (Chromium's TaskDuration and ScriptDuration, from the
// first key to the diagnostics of the last drawn) is recorded next to the same typing in the
// default example and in a module of one screenful, as `typing_*` figures in metrics.json
// (figures, not assertions). What is asserted is behaviour: the typed text is there, only the
// typed bytes cross to the checker, a value far down is described once scrolled to, an error
// typed in shows up, and goes away once fixed. Called from playground.mjs with its helpers.
import { execFileSync } from 'node:child_process';

/**
 * A valid module of exactly `lines` lines (at least 40): functions with arithmetic, a branch,
 * a phi, memory and a call to the previous one, then `@main` calling the last.
 */
export function bigModule(lines) {
  const out = ['; a generated module for typing tests', 'target triple = "x86_64-unknown-linux-gnu"', ''];
  const tail = 5; // @main
  let k = 0;
  for (; out.length + 22 + tail <= lines; k++) {
    const call = k === 0 ? '  %r2 = add i32 %r, %b' : `  %r2 = call i32 @f${k - 1}(i32 %r, i32 %b)`;
    out.push(
      `define i32 @f${k}(i32 %a, i32 %b) {`,
      'entry:',
      '  %p = alloca i32, align 4',
      '  store i32 %a, ptr %p, align 4',
      `  %x0 = add i32 %a, ${k}`,
      '  %x1 = mul i32 %x0, %b',
      `  %x2 = xor i32 %x1, ${(k * 7) % 1000}`,
      '  %c = icmp slt i32 %x2, %b',
      '  br i1 %c, label %then, label %else',
      'then:',
      '  %t0 = sub i32 %x2, 1',
      '  %t1 = shl i32 %t0, 1',
      '  br label %join',
      'else:',
      '  %e0 = load i32, ptr %p, align 4',
      '  %e1 = add i32 %e0, %x1',
      '  br label %join',
      'join:',
      '  %r = phi i32 [ %t1, %then ], [ %e1, %else ]',
      call,
      '  ret i32 %r2',
      '}',
    );
  }
  while (out.length + tail < lines) out.push(`; padding line ${out.length + 1}`);
  out.push('define i32 @main() {', 'entry:', `  %v = call i32 @f${Math.max(0, k - 1)}(i32 1, i32 2)`, '  ret i32 0', '}', '');
  return out.join('\n');
}

/** Runs an LLVM 19 tool; a missing tool fails the test with how to install it. */
function tool(name, args, input) {
  try {
    return execFileSync(name, args, { input, timeout: 60_000, maxBuffer: 64 << 20 }).toString();
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error(`${name} is required: run scripts/setup-test-deps.sh`);
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

const LINES = 5000;
const SCREENFUL = 60; // lines: more than the editor shows at 1280x800
const TYPED = ' ; typed by the test'; // a comment: every prefix of it keeps the module valid
const PLACES = 3;

/** Puts the cursor at the end of line `n` (1-based) and focuses the editor. */
const cursorAtEndOfLine = (page, n) => page.evaluate((n) => {
  const ed = window.IrplayEditor.last;
  const line = ed.view.state.doc.line(Math.min(n, ed.view.state.doc.lines));
  ed.view.dispatch({ selection: { anchor: line.to } });
  ed.focus();
}, n);

/**
 * Waits until the editor reported its text, the page checked that text and drew the verdict
 * (`ok`: valid, or has errors).
 */
async function settled(page, ok) {
  await page.waitForFunction(() => !window.IrplayEditor.last.pending
    && document.documentElement.dataset.textChecked === '1.00', null, { timeout: 60_000 });
  await page.waitForSelector(ok ? '#status.status-ok' : '#status.status-err', { timeout: 10_000 });
  // Two frames, so that what the verdict started is drawn.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Types TYPED at the end of each of `lines`, a key every `delay` ms, and returns the main
 * thread's task and script time per key (ms), each place from its first key until the page
 * checked the result and drew it (moving the cursor there is not counted).
 */
async function measureTyping(page, cdp, lines, delay) {
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const sum = { TaskDuration: 0, ScriptDuration: 0 };
  for (const n of lines) {
    await cursorAtEndOfLine(page, n);
    // The graph follows the cursor into another function: let that be checked and drawn.
    await page.waitForTimeout(300);
    await settled(page, true);
    const m0 = await read();
    await page.keyboard.type(TYPED, { delay });
    await settled(page, true);
    const m1 = await read();
    for (const k of Object.keys(sum)) sum[k] += m1[k] - m0[k];
  }
  const keys = lines.length * TYPED.length;
  const per = (name) => Math.round((sum[name] * 1000 / keys) * 100) / 100;
  return { task: per('TaskDuration'), script: per('ScriptDuration'), keys };
}

export async function run({ test, ctx, open, editorText, assert, metrics }) {
  await test('typing in a 5,000-line module: main-thread time per key against the default example', async () => {
    const big = bigModule(LINES);
    assert(big.split('\n').length - 1 === LINES, `the generated module has ${big.split('\n').length - 1} lines`);
    tool('llvm-as-19', ['-o', '/dev/null', '-'], big); // LLVM 19 accepts it

    const page = await open(ctx);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.click('#tab-cfg');
    // The default example (the page opens with the text an earlier test left).
    await page.selectOption('#examples', '0');
    await settled(page, true);

    // The default example, typed into at PLACES lines (a warm-up round first).
    const small = (await editorText(page)).split('\n').length;
    const smallLines = Array.from({ length: PLACES }, (_, i) => Math.max(1, Math.floor(small * (i + 1) / (PLACES + 1))));
    await measureTyping(page, cdp, [smallLines[0]], 30);
    const dflt = await measureTyping(page, cdp, smallLines, 30);
    const smallText = await editorText(page);
    assert(smallText.split(TYPED).length - 1 === PLACES + 1, 'the typed text is not in the default example');

    // An action on the text right after a key (before the pause) takes the typed text: a share
    // link made in the same task as the edit holds it.
    await page.evaluate(() => {
      const ed = window.IrplayEditor.last;
      ed.view.dispatch({ changes: { from: ed.view.state.doc.line(1).to, insert: ' ; shared at once' } });
      document.querySelector('#share').click();
    });
    const link = await page.inputValue('#share-link');
    const other = await open(ctx, link);
    assert((await editorText(other)).includes(' ; shared at once'), 'the share link lacks the text typed just before');
    await other.close();
    await page.click('.toast .btn'); // Close

    // A module of one screenful (the default example fills a third of the editor): the cost
    // of drawing a full editor, whatever the module's size.
    const screen = bigModule(SCREENFUL);
    await page.evaluate((t) => window.IrplayEditor.last.setText(t), screen);
    await settled(page, true);
    const screenLines = Array.from({ length: PLACES }, (_, i) => Math.floor(SCREENFUL * (i + 1) / (PLACES + 1)));
    await measureTyping(page, cdp, [screenLines[0] + 7], 30);
    const full = await measureTyping(page, cdp, screenLines, 30);

    // The big module: no diagnostics, then the same typing.
    await page.evaluate((t) => window.IrplayEditor.last.setText(t), big);
    await settled(page, true);
    const status = await page.locator('#status').textContent();
    assert(/valid · \d{3} functions/.test(status), `the big module is not valid: ${status}`);
    const problems = await page.locator('#tab-problems').textContent();
    assert(problems.trim() === 'Problems (0)', `the big module has diagnostics: ${problems}`);
    const bigLines = Array.from({ length: PLACES }, (_, i) => Math.floor(LINES * (i + 1) / (PLACES + 1)));
    await measureTyping(page, cdp, [bigLines[0] + 7], 30);
    const large = await measureTyping(page, cdp, bigLines, 30);
    const text = await editorText(page);
    assert(text.split(TYPED).length - 1 === PLACES + 1, 'the typed text is not in the big module');
    assert(text.split('\n').length - 1 === LINES, 'typing changed the number of lines');

    // Only what was typed crossed to the checker, not the module.
    const sent = Number(await page.evaluate(() => document.documentElement.dataset.analysisSentBytes));
    assert(sent >= 0 && sent < 100, `the last check sent ${sent} bytes of text to the worker`);
    metrics.typing_big_sent_bytes_last_check = sent;

    // Values are described for hovering only where the editor is: scrolled to the end, the
    // last function's value is described once the scrolling settled.
    await page.evaluate((t) => window.IrplayEditor.last.select(t.length - 30, t.length - 30), text);
    let tip = '';
    for (let i = 0; i < 20 && !/%v: i32/.test(tip); i++) {
      await page.waitForTimeout(150);
      await page.mouse.move(5, 5);
      const at = await page.evaluate((t) => {
        const ed = window.IrplayEditor.last;
        const byte = new TextEncoder().encode(t.slice(0, t.lastIndexOf('%v = call') + 1)).length;
        const c = ed.view.coordsAtPos(ed.byteToPos(byte));
        return c && { x: c.left + 1, y: (c.top + c.bottom) / 2 };
      }, text);
      if (!at) continue;
      await page.mouse.move(at.x, at.y);
      tip = await page.waitForSelector('.cm-tooltip-hover .cm-irplay-hover', { timeout: 1500 })
        .then((el) => el.textContent(), () => '');
    }
    assert(/%v: i32/.test(tip), `no value described at the end of the big module: ${tip}`);
    await page.mouse.move(5, 5);

    metrics.typing_keys = large.keys;
    metrics.typing_big_lines = LINES;
    metrics.typing_default_main_thread_ms_per_key = dflt.task;
    metrics.typing_default_script_ms_per_key = dflt.script;
    metrics.typing_screenful_lines = SCREENFUL;
    metrics.typing_screenful_main_thread_ms_per_key = full.task;
    metrics.typing_screenful_script_ms_per_key = full.script;
    metrics.typing_big_main_thread_ms_per_key = large.task;
    metrics.typing_big_script_ms_per_key = large.script;

    // An error typed in (junk after an instruction) is shown, and goes away once it is fixed.
    const at = await page.evaluate((from) => {
      const doc = window.IrplayEditor.last.view.state.doc;
      for (let n = from; n <= doc.lines; n++) if (/^ {2}%x1 = mul /.test(doc.line(n).text)) return n;
      return 0;
    }, bigLines[1]);
    assert(at > 0, 'no instruction to break');
    await cursorAtEndOfLine(page, at);
    await page.keyboard.type('zz');
    await settled(page, false);
    assert((await page.locator('#tab-problems').textContent()).trim() !== 'Problems (0)', 'no problem listed for the error');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await settled(page, true);
    assert((await page.locator('#tab-problems').textContent()).trim() === 'Problems (0)', 'the error stayed after the fix');
    assert(await editorText(page) === text, 'the text is not back to what it was');
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
    await page.close();
  });
}
