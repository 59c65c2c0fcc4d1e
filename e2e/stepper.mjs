// End-to-end tests of the stepper (Debug): step, step over/out, back, breakpoints, run to
// cursor, the values with their histories, the memory view, the end report, editing while
// debugging, Stop; and speed figures (into `metrics`, not asserted): one step forward and one
// back at step 1,000,000 of a long run, and the snapshots' memory after 10,000,000 steps.
import { join } from 'node:path';

/** A call, to step over and into. */
const CALL = `define i32 @sq(i32 %x) {
entry:
  %m = mul i32 %x, %x
  ret i32 %m
}

define i32 @main() {
entry:
  %a = add i32 3, 4
  %s = call i32 @sq(i32 %a)
  %r = add i32 %s, 1
  ret i32 %r
}
`;

/** Stores poison into an alloca, and a pointer into another. */
const POISON_STORE = `define i32 @main() {
entry:
  %p = alloca i32
  %q = alloca ptr
  %big = add nsw i32 2147483647, 1
  store i32 %big, ptr %p
  store ptr %p, ptr %q
  ret i32 0
}
`;

/** Undefined behaviour: a branch on poison. */
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

/** A load from a freed heap block. */
const UAF = `declare ptr @malloc(i64)
declare void @free(ptr)

define i32 @main() {
entry:
  %p = call ptr @malloc(i64 4)
  store i32 1, ptr %p
  call void @free(ptr %p)
  %v = load i32, ptr %p
  ret i32 %v
}
`;

/** About 8 instructions per turn for 3,000,000 turns (past the default budget of 10^7 steps),
 * writing a 4 KiB global as it goes. */
const LONG = `@buf = global [1024 x i32] zeroinitializer

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i32 [ 17, %entry ], [ %h.next, %loop ]
  %h.mul = mul i32 %h, 1103515245
  %h.next = add i32 %h.mul, 12345
  %idx = and i32 %i, 1023
  %slot = getelementptr inbounds [1024 x i32], ptr @buf, i32 0, i32 %idx
  store i32 %h.next, ptr %slot
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, 3000000
  br i1 %again, label %loop, label %done
done:
  ret i32 0
}
`;

export async function run({ test, ctx, open, setText, editorText, assert, metrics, out }) {
  let page;

  // The panel's state after the last command: steps, state, status line.
  const state = () => page.evaluate(() => {
    const s = document.querySelector('#stepper');
    return s && { steps: Number(s.dataset.steps), state: s.dataset.state, status: document.querySelector('#dbg-status')?.textContent || '' };
  });
  // The number of stops the panel has drawn.
  const stops = () => page.evaluate(() => Number(document.querySelector('#stepper')?.dataset.stop ?? -1));
  const stopped = (n) => page.waitForFunction((k) => {
    const s = document.querySelector('#stepper');
    return s && Number(s.dataset.stop) > k && s.dataset.state !== 'busy';
  }, n, { timeout: 120000 });
  // Clicks a toolbar button (or presses a key) and waits for the session to stop again.
  const act = async (how) => {
    const before = await stops();
    if (how.startsWith('#')) await page.click(how); else await page.keyboard.press(how);
    await stopped(before);
    return state();
  };
  // The value `name` of the current frame: [now, history], or null.
  const value = (name) => page.evaluate((n) => {
    const row = [...document.querySelectorAll('#dbg-values tr.stepper-value')].find((r) => r.dataset.name === n);
    return row ? [row.querySelector('.stepper-now').textContent, row.querySelector('.stepper-history').textContent] : null;
  }, name);
  // The text of the editor's line the stepper highlights.
  const currentLine = () => page.evaluate(() => document.querySelector('.cm-debug-line')?.textContent ?? null);
  // Starts a session of `text` (or of the editor's text).
  const debug = async (text) => {
    if (text != null && (await editorText(page)) !== text) {
      await setText(page, text);
      await page.waitForSelector('#status.status-ok');
    }
    await page.click('#debug-top');
    await page.waitForSelector('#stepper[data-state="paused"]');
  };
  const stopDebug = async () => {
    if (await page.$('#stepper')) await page.click('#dbg-stop');
    await page.waitForFunction(() => !document.querySelector('#stepper'));
  };
  // Clicks the line number of line `n` (toggles its breakpoint).
  const toggleBreakpoint = (n) => page.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: new RegExp(`^${n}$`) }).first().click();
  // Puts the editor's cursor at the start of the first line containing `s`.
  const cursorAt = (s) => page.evaluate((s) => {
    const ed = window.IrplayEditor.last;
    const at = new TextEncoder().encode(ed.getText().split(s)[0]).length;
    ed.select(at, at);
  }, s);

  await test('stepper: stepping the default example shows %i take 1, 2, 3, the line and block, and steps back to the start', async () => {
    page = await open(ctx);
    // The default example (the context may keep another text from earlier tests).
    await page.selectOption('#examples', '0');
    await page.waitForFunction(() => window.IrplayEditor.last.getText().startsWith('; Hello, LLVM IR!'));
    await page.waitForSelector('#status.status-ok');
    const text = await editorText(page);
    assert(text.includes('%i = phi i32'), 'the default example has no %i');
    await debug(null);
    let s = await state();
    assert(s.steps === 0 && /before the first instruction/.test(s.status), `start: ${JSON.stringify(s)}`);
    assert(/br label %loop/.test(await currentLine()), `first line: ${await currentLine()}`);
    // The CFG shows @main with the current block marked.
    await page.waitForSelector('.cfg-block-current');
    const seen = [];
    for (let k = 0; k < 40 && !(seen.length >= 3); k++) {
      s = await act(k % 2 ? '#dbg-step' : 'F11');
      const v = await value('%i');
      if (v && /^\d/.test(v[0]) && seen[seen.length - 1] !== v[0]) seen.push(v[0]);
    }
    assert(seen.length === 3, `%i took ${JSON.stringify(seen)}`);
    assert(seen.map((t) => parseInt(t, 10)).join() === '1,2,3', `%i took ${JSON.stringify(seen)}`);
    const [, history] = await value('%i');
    assert(history === '1, 2, 3', `history of %i: ${history}`);
    const stdout = await page.locator('#dbg-stdout').textContent();
    assert(stdout.startsWith('hello, world #1\nhello, world #2\n'), `stdout so far: ${JSON.stringify(stdout)}`);
    assert(await page.$('.cfg-inst.cfg-current'), 'the CFG marks no instruction');
    await page.screenshot({ path: join(out, 'stepper.png') });
    // One step back undoes one instruction; then reverse continue goes back to the start.
    const here = s.steps;
    s = await act('Alt+F11');
    assert(s.steps === here - 1, `step back from ${here} gave ${s.steps}`);
    s = await act('#dbg-reverse');
    assert(s.steps === 0 && /at the start/i.test(s.status), `reverse continue: ${JSON.stringify(s)}`);
    assert(/br label %loop/.test(await currentLine()), `line at the start: ${await currentLine()}`);
    assert((await page.locator('#dbg-stdout').textContent()) === '', 'output at the start is not empty');
    assert(await value('%i') === null, '%i has a value at the start');
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });

  await test('stepper: a breakpoint stops Continue, and run to cursor', async () => {
    await toggleBreakpoint(19);
    await page.waitForSelector('.cm-breakpoint');
    // One on a blank line too: it is kept, and the panel says it never stops.
    await toggleBreakpoint(22);
    await page.waitForFunction(() => document.querySelectorAll('.cm-breakpoint').length === 2);
    let s = await act('F8');
    const bps = await page.locator('#dbg-bps').textContent();
    assert(/2 \(1 on no instruction\)/.test(bps), `breakpoints: ${bps}`);
    await toggleBreakpoint(22);
    assert(/breakpoint/.test(s.status), `continue: ${JSON.stringify(s)}`);
    assert(/%next = add i32 %i, 1/.test(await currentLine()), `at ${await currentLine()}`);
    assert(/^1\b/.test((await value('%i'))[0]), `%i at the first stop: ${await value('%i')}`);
    s = await act('#dbg-continue');
    assert(/^2\b/.test((await value('%i'))[0]), `%i at the second stop: ${await value('%i')}`);
    // Reverse continue goes back to the previous stop at the breakpoint.
    s = await act('Alt+F8');
    assert(/^1\b/.test((await value('%i'))[0]) && /%next = add/.test(await currentLine()), `reverse continue: ${JSON.stringify(s)}`);
    // Clicking again removes it: Continue runs to the end.
    await toggleBreakpoint(19);
    await page.waitForFunction(() => !document.querySelector('.cm-breakpoint'));
    // Run to cursor: to the ret of %done (past the loop).
    await cursorAt('ret i32 0');
    s = await act('#dbg-cursor');
    assert(/ret i32 0/.test(await currentLine()), `run to cursor: at ${await currentLine()}`);
    assert((await page.locator('#dbg-stdout').textContent()).split('\n').length === 4, 'the loop did not run three times');
    s = await act('F8');
    assert(s.state === 'finished' && /exit status 0/.test(s.status), `the end: ${JSON.stringify(s)}`);
    await page.waitForSelector('#dbg-report #run-message');
    // The end report is also the Run tab's.
    await stopDebug();
  });

  await test('stepper: step over a call, into it (the CFG follows) and out, and back over it', async () => {
    await debug(CALL);
    let s = await act('F11'); // %a
    assert(/%s = call i32 @sq/.test(await currentLine()), `at ${await currentLine()}`);
    s = await act('F10');
    assert(/%r = add i32 %s, 1/.test(await currentLine()), `step over: at ${await currentLine()}`);
    assert(/^49\b/.test((await value('%s'))[0]), `%s = ${await value('%s')}`);
    assert(await page.locator('#dbg-frames li').count() === 1, 'frames after stepping over');
    s = await act('Alt+F10');
    assert(/%s = call/.test(await currentLine()) && (await value('%s')) === null, `back over: at ${await currentLine()}`);
    s = await act('F11');
    assert(/%m = mul i32 %x, %x/.test(await currentLine()), `step into: at ${await currentLine()}`);
    const frames = await page.locator('#dbg-frames').textContent();
    assert(/@sq at 3:3/.test(frames) && /called from 10:3/.test(frames) && /@main/.test(frames), `frames: ${frames}`);
    assert(/^7\b/.test((await value('%x'))[0]), `%x = ${await value('%x')}`);
    await page.waitForSelector('.cfg-svg[aria-label*="@sq"] .cfg-block-current');
    s = await act('Shift+F11');
    assert(/%r = add/.test(await currentLine()), `step out: at ${await currentLine()}`);
    await page.waitForSelector('.cfg-svg[aria-label*="@main"] .cfg-block-current');
    s = await act('Alt+Shift+F11');
    // Back out of @main: nothing calls it, so it goes to the start.
    assert(s.steps === 0, `back out of @main: ${JSON.stringify(s)}`);
    await stopDebug();
  });

  await test('stepper: the memory view shows the poison bytes a store wrote, and a stored pointer', async () => {
    await debug(POISON_STORE);
    await cursorAt('store i32 %big');
    await act('#dbg-cursor');
    // The alloca is not written yet: undef bytes.
    const p = page.locator('.mem-block[data-name="%p"]');
    assert(await p.locator('.mem-undef').count() === 4, `bytes of %p before the store: ${await p.textContent()}`);
    await act('F11');
    assert(await p.locator('.mem-poison').count() === 4, `bytes of %p after the store: ${await p.textContent()}`);
    const note = await p.locator('.stepper-taint').textContent();
    assert(/poison/.test(note) && /arose at 5:3/.test(note), `where the poison arose: ${note}`);
    const big = await value('%big');
    assert(big && /poison/.test(big[0]) && /arose at 5:3/.test(big[0]), `%big: ${big}`);
    await act('F11');
    const q = await page.locator('.mem-block[data-name="%q"]').textContent();
    assert(/points to %p/.test(q), `%q: ${q}`);
    assert(await page.locator('.mem-block[data-name="%q"] .mem-pointer').count() === 8, 'pointer bytes');
    await page.screenshot({ path: join(out, 'stepper-memory.png') });
    await stopDebug();
  });

  await test('stepper: a program stepped to its undefined behaviour shows the report', async () => {
    await debug(UB);
    let s = await act('F11');
    s = await act('F11');
    assert(/br i1 %c/.test(await currentLine()) && s.state === 'paused', `before the trigger: ${JSON.stringify(s)}`);
    const c = await value('%c');
    assert(c && /poison/.test(c[0]), `%c: ${c}`);
    s = await act('F11');
    assert(s.state === 'finished', `after the trigger: ${JSON.stringify(s)}`);
    const report = await page.locator('#dbg-report').textContent();
    assert(/undefined behavior: branch on poison/.test(report), `report: ${report}`);
    assert(/triggered at 5:3/.test(report) && /poison arose at 3:3/.test(report), `report positions: ${report}`);
    assert(/br i1 %c/.test(await currentLine()), `the trigger's line: ${await currentLine()}`);
    assert(await page.$('.cm-debug-line-finished'), 'the trigger is not shown as the end');
    await page.screenshot({ path: join(out, 'stepper-ub.png') });
    // Stepping back from the end works too.
    s = await act('Alt+F11');
    assert(s.state === 'paused' && s.steps === 2, `back from the end: ${JSON.stringify(s)}`);
    await stopDebug();
  });

  await test('stepper: a use after free ends with the report; the heap block shows until it is freed', async () => {
    await debug(UAF);
    await cursorAt('call void @free');
    await act('#dbg-cursor');
    const heap = page.locator('.mem-block.mem-heap');
    assert(await heap.count() === 1, 'no heap block before the free');
    const bytes = await heap.locator('.mem-byte').allTextContents();
    assert(bytes.join(' ') === '01 00 00 00', `heap bytes: ${bytes.join(' ')}`);
    await act('F11');
    assert(await heap.count() === 0, 'the freed block is still shown');
    const s = await act('F8');
    assert(s.state === 'finished', JSON.stringify(s));
    const report = await page.locator('#dbg-report').textContent();
    // The report names the access, its instruction and the block.
    assert(/use after free/.test(report) && /triggered at 9:3/.test(report), `report: ${report}`);
    assert(/access of 4 bytes at heap#1\+0 \(a block of 4 bytes\), which was freed/.test(report), `report: ${report}`);
    await stopDebug();
  });

  await test('stepper: editing marks the session stale, undo makes it current, Restart debugs the new text', async () => {
    await debug(CALL);
    await act('F11');
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('; edited');
    await page.waitForSelector('#stepper[data-state="stale"]');
    assert(/edited/.test(await page.locator('#dbg-status').textContent()), 'no stale note');
    assert(await page.locator('#dbg-step').isDisabled() && await page.locator('#dbg-continue').isDisabled(), 'stale sessions still step');
    assert(await currentLine() === null, 'a stale session still highlights a line');
    assert((await editorText(page)).endsWith('; edited'), 'the edit is lost');
    // Undo the typing (one undo step or a few), and no further.
    for (let i = 0; i < '; edited'.length && (await editorText(page)) !== CALL; i++) {
      const before = await editorText(page);
      await page.keyboard.press('Control+Z');
      await page.waitForFunction((t) => window.IrplayEditor.last.getText() !== t, before);
    }
    await page.waitForSelector('#stepper[data-state="paused"]');
    assert((await state()).steps === 1 && /%s = call/.test(await currentLine()), 'undo did not bring the session back');
    await page.keyboard.type('; again');
    await page.waitForSelector('#stepper[data-state="stale"]');
    await page.click('#dbg-restart');
    await page.waitForSelector('#stepper[data-state="paused"][data-steps="0"]', { timeout: 5000 }).catch(async (e) => {
      await page.screenshot({ path: join(out, 'stepper-restart-fail.png') });
      throw new Error(`${e.message}: ${JSON.stringify(await state())} text ${JSON.stringify((await editorText(page)).slice(-40))}`);
    });
    assert((await state()).steps === 0, 'restart');
    assert((await editorText(page)).endsWith('; again'), 'the text changed on restart');
    await stopDebug();
  });

  await test('stepper: Stop ends a long Continue; speed of a step at step 1,000,000 and snapshots after 10,000,000', async () => {
    await debug(LONG);
    // Continue until the step budget (10^7): running, then stopped by the user.
    await page.click('#dbg-continue');
    await page.waitForSelector('#stepper[data-state="busy"]');
    await page.click('#dbg-stop');
    await page.waitForFunction(() => !document.querySelector('#stepper'));
    // Go to step 1,000,000, then one step forward and one back, a few times.
    await debug(null);
    const goto = async (n) => {
      const before = await stops();
      const t0 = Date.now();
      await page.fill('#dbg-goto', String(n));
      await page.press('#dbg-goto', 'Enter');
      await stopped(before);
      return Date.now() - t0;
    };
    metrics.stepper_goto_1m_ms = await goto(1_000_000);
    assert((await state()).steps === 1_000_000, `goto: ${JSON.stringify(await state())}`);
    const times = async (key) => {
      const fwd = [], back = [], fwdWorker = [], backWorker = [], view = [];
      for (let i = 0; i < 5; i++) {
        let s = await act(key.fwd);
        fwd.push(Number(await page.evaluate(() => document.documentElement.dataset.debugRoundMs)));
        fwdWorker.push(Number(await page.evaluate(() => document.querySelector('#stepper').dataset.execMs)));
        assert(s.steps === key.at + 1, `forward: ${JSON.stringify(s)}`);
        s = await act(key.back);
        back.push(Number(await page.evaluate(() => document.documentElement.dataset.debugRoundMs)));
        backWorker.push(Number(await page.evaluate(() => document.querySelector('#stepper').dataset.execMs)));
        view.push(Number(await page.evaluate(() => document.querySelector('#stepper').dataset.viewMs)));
        assert(s.steps === key.at, `back: ${JSON.stringify(s)}`);
      }
      const med = (a) => a.sort((x, y) => x - y)[2];
      return { fwd: med(fwd), back: med(back), fwdWorker: med(fwdWorker), backWorker: med(backWorker), view: med(view) };
    };
    const at1m = await times({ fwd: '#dbg-step', back: '#dbg-back', at: 1_000_000 });
    metrics.stepper_step_forward_at_1m_ms = at1m.fwd;
    metrics.stepper_step_back_at_1m_ms = at1m.back;
    metrics.stepper_step_forward_at_1m_worker_ms = at1m.fwdWorker;
    metrics.stepper_step_back_at_1m_worker_ms = at1m.backWorker;
    metrics.stepper_view_at_1m_worker_ms = at1m.view;
    // Continue to the step budget: the run ends at 10^7 steps.
    const t0 = Date.now();
    const s = await act('#dbg-continue');
    metrics.stepper_continue_to_10m_ms = Date.now() - t0;
    assert(s.state === 'finished' && s.steps === 10_000_000, `continue: ${JSON.stringify(s)}`);
    assert(/step budget/.test(s.status), `status: ${s.status}`);
    const snaps = await page.evaluate(() => document.querySelector('#stepper').dataset);
    metrics.stepper_snapshot_bytes_at_10m = Number(snaps.snapshotBytes);
    metrics.stepper_snapshots_at_10m = Number(snaps.snapshots);
    // Back one step from the end, and forward again.
    const back = await act('#dbg-back');
    metrics.stepper_step_back_at_10m_ms = Number(await page.evaluate(() => document.documentElement.dataset.debugRoundMs));
    assert(back.steps === 9_999_999 && back.state === 'paused', `back from the end: ${JSON.stringify(back)}`);
    await act('#dbg-back');
    const at10m = await times({ fwd: '#dbg-step', back: '#dbg-back', at: 9_999_998 });
    metrics.stepper_step_forward_at_10m_ms = at10m.fwd;
    metrics.stepper_step_back_at_10m_ms = at10m.back;
    await page.screenshot({ path: join(out, 'stepper-long.png') });
    await stopDebug();
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
  });
}
