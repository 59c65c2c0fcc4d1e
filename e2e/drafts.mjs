// End-to-end tests of drafts that survive: a 2 MB module is saved (compressed) and comes back
// after a reload, a full storage shows a notice with the module to download (and the address
// still brings the text back; without it, leaving the page asks first), Share refuses an over-long link and says why (and warns about a
// long one), a link with a pass pipeline reopens with the same steps, and the address bar
// follows edits without adding history entries. Called from playground.mjs with its helpers.
import { readFileSync } from 'node:fs';

/** A valid module of about `bytes` bytes: functions of long add chains with varied constants. */
function bigModule(bytes) {
  const parts = ['declare i32 @printf(ptr, ...)\n'];
  let size = parts[0].length;
  for (let f = 0; size < bytes; f++) {
    const lines = [`define i32 @f${f}(i32 %a) {`, 'entry:'];
    let v = '%a';
    for (let i = 0; i < 250; i++) {
      lines.push(`  %v${i} = add nsw i32 ${v}, ${(f * 7919 + i * 31) % 100003}`);
      v = `%v${i}`;
    }
    lines.push(`  ret i32 ${v}`, '}', '');
    const text = lines.join('\n');
    parts.push(text);
    size += text.length + 1;
  }
  parts.push('define i32 @main() {\nentry:\n  ret i32 0\n}\n');
  return parts.join('\n');
}

/** Text that does not compress, as IR comments (a valid, empty module). */
function noise(chars) {
  let x = 0x2545f491;
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const out = [];
  for (let n = 0; n < chars; n += 81) {
    let line = '; ';
    for (let i = 0; i < 78; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
      line += alphabet[(x >>> 0) % alphabet.length];
    }
    out.push(line);
  }
  return out.join('\n') + '\n';
}

const SMALL = `define i32 @main() {
entry:
  %x = alloca i32, align 4
  store i32 40, ptr %x, align 4
  %v = load i32, ptr %x, align 4
  %r = add i32 %v, 2
  ret i32 %r
}
`;

/** Fills the page's storage to the last character. */
async function fillStorage(page) {
  const filled = await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    let n = 0;
    while (chunk.length > 0) {
      try { localStorage.setItem(`filler.${n++}`, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
    }
    return n;
  });
  if (!(filled > 1)) throw new Error(`the storage took only ${filled} items`);
}

export async function run({ test, browser, open, setText, editorText, assert }) {
  await test('drafts: a 2 MB draft is saved compressed and survives a reload', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    const big = bigModule(2 << 20);
    assert(big.length >= 2 << 20, `the module has ${big.length} bytes`);
    // Pasted in one change (typing 2 MB key by key is not what a user does).
    await page.evaluate((t) => window.IrplayEditor.last.setText(t), big);
    // Saved after a pause, compressed: the stored value is marked and far smaller.
    await page.waitForFunction((n) => {
      const v = localStorage.getItem('irplay.text');
      return v && v.startsWith('\u0001') && v.length < n / 4;
    }, big.length, { timeout: 180_000 });
    // Too long for the address: it holds no fragment (it does not lie), and the page says so.
    await page.waitForSelector('#address-note');
    assert(!page.url().includes('#'), `the address is ${page.url().slice(0, 80)}`);
    await page.reload();
    await page.waitForSelector('.cm-content');
    const back = await editorText(page);
    assert(back === big, `after the reload: ${back.length} bytes, expected ${big.length}`);
    assert(page.errors.length === 0, `console errors: ${page.errors.join('; ')}`);
    await ctx.close();
  });

  await test('drafts: a full storage shows a notice with the module to download', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    await fillStorage(page);
    const text = bigModule(100 << 10);
    await setText(page, text);
    await page.waitForSelector('#save-failed', { timeout: 30_000 });
    const notice = await page.locator('#save-failed-text').textContent();
    assert(/not saved/.test(notice) && /full/.test(notice) && /Download the module/.test(notice), `notice: ${notice}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-download')]);
    const got = readFileSync(await download.path(), 'utf8');
    assert(got === text, `the download has ${got.length} bytes, expected ${text.length}`);
    // The address still holds the module (and the notice said so): a reload keeps it.
    assert(/reloading this tab keeps/.test(notice), `notice: ${notice}`);
    assert(page.url().includes('#s='), `the address is ${page.url().slice(0, 80)}`);
    await page.reload();
    await page.waitForSelector('.cm-content');
    assert(await editorText(page) === text, 'the text was lost on reload');
    await ctx.close();
  });

  await test('drafts: leaving a page whose text is neither saved nor in the address asks first', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    await fillStorage(page);
    const text = noise(120 << 10); // its link would be far too long for the address
    await setText(page, text);
    await page.waitForSelector('#save-failed', { timeout: 30_000 });
    const notice = await page.locator('#save-failed-text').textContent();
    assert(/Reloading or closing the page would lose/.test(notice), `notice: ${notice}`);
    const asked = page.waitForEvent('dialog', { timeout: 10_000 });
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    assert(dialog.type() === 'beforeunload', `a ${dialog.type()} dialog`);
    await dialog.dismiss(); // stay
    await page.waitForTimeout(200);
    assert(!page.isClosed() && await editorText(page) === text, 'the page left, or lost its text');
    await ctx.close();
  });

  await test('drafts: an over-long link is refused with the message, a long one warned about', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    await setText(page, noise(120_000));
    await page.click('#share');
    await page.waitForSelector('#share-refused');
    const why = await page.locator('#share-refused-text').textContent();
    assert(/No link made/.test(why) && /65536/.test(why) && /characters/.test(why), `message: ${why}`);
    assert(await page.locator('#share-link').count() === 0, 'a link was offered');
    assert(await page.locator('#share-download').count() === 1, 'no download offered');
    await page.click('#share-copy-text');
    await page.waitForSelector('#toast');
    assert(/Copied the module's text/.test(await page.locator('#toast').textContent()), 'no word of the copied text');
    // A link that chat tools cut is made, checked, and comes with a warning.
    await setText(page, noise(20_000));
    await page.click('#share');
    await page.waitForSelector('#share-warning');
    const link = await page.inputValue('#share-link');
    const warning = await page.locator('#share-warning').textContent();
    assert(link.length > 8000 && warning.includes(`${link.length} characters`) && /8000/.test(warning), `warning: ${warning}`);
    await ctx.close();
  });

  await test('drafts: a link with a pipeline reopens with the same steps', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    await setText(page, SMALL);
    await page.waitForSelector('#status.status-ok');
    await page.click('#tab-passes');
    await page.fill('#pipeline', 'mem2reg,instcombine,dce');
    await page.click('#optimize');
    await page.waitForSelector('#step-list .step');
    const steps = (p) => p.evaluate(() => [...document.querySelectorAll('#step-list .step-item')]
      .map((e) => `${e.querySelector('.step-pass')?.textContent} ${e.querySelector('.step-fn')?.textContent} ${e.querySelector('.step-changed')?.textContent}`));
    const sent = await steps(page);
    assert(sent.length >= 3, `steps: ${JSON.stringify(sent)}`);
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const ctx2 = await browser();
    const p2 = await open(ctx2, link);
    await p2.waitForSelector('#step-list .step');
    const seen = await steps(p2);
    assert(JSON.stringify(seen) === JSON.stringify(sent), `steps ${JSON.stringify(seen)}, sent ${JSON.stringify(sent)}`);
    assert(await p2.inputValue('#pipeline') === 'mem2reg,instcombine,dce', 'the pipeline differs');
    await ctx2.close();
    await ctx.close();
  });

  await test('drafts: the address bar follows edits without adding history entries', async () => {
    const ctx = await browser();
    const page = await open(ctx);
    await setText(page, SMALL);
    const entries = await page.evaluate(() => history.length);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('; typed one key at a time\n', { delay: 20 });
    const want = await editorText(page);
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    // The address is replaced, not pushed: no entry per keystroke.
    assert(await page.evaluate(() => history.length) === entries, 'history grew');
    // Once the edits settle, the address opens the current text elsewhere.
    let address = '';
    const ctx2 = await browser();
    for (let i = 0; i < 50 && !address; i++) {
      const at = page.url();
      const p2 = await open(ctx2, at);
      if (await editorText(p2) === want) address = at;
      await p2.close();
    }
    await ctx2.close();
    assert(address, 'the address never held the current text');
    // A reload of the tab gives the current text too.
    await page.keyboard.type('; and after', { delay: 20 });
    const now = await editorText(page);
    await page.reload();
    await page.waitForSelector('.cm-content');
    assert(await editorText(page) === now, 'the reload lost the last edit');
    assert(await page.locator('#toast-backup').count() === 0, 'the own address was taken for a link');
    await ctx.close();
  });
}
