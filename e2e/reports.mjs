// End-to-end tests of the run report as `irplay run` prints it: a use after free names the
// block's allocation and free sites with their call stacks and quoted instructions (each
// position a button to the editor), a poison chain quotes each instruction with why it is
// poison, the help sentence and the LangRef link, the call stack with positions, and the note
// on a malloc the memory limit made return null. Called from playground.mjs with its helpers.

// @make allocates the block (line 10, called at 15), @release frees it (line 5, called at
// 16), @main reads it at line 17.
const UAF = `declare ptr @malloc(i64)
declare void @free(ptr)

define void @release(ptr %p) {
  call void @free(ptr %p)
  ret void
}

define ptr @make() {
  %p = call ptr @malloc(i64 16)
  ret ptr %p
}

define i32 @main() {
  %b = call ptr @make()
  call void @release(ptr %b)
  %x = load i32, ptr %b
  ret i32 %x
}
`;
// Poison from an add nsw that overflows (line 2), through a mul and an icmp, to a branch.
const CHAIN = `define i32 @main() {
  %p = add nsw i32 2147483647, 1
  %q = mul i32 %p, 3
  %c = icmp sgt i32 %q, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
`;
// 1 GiB is over the page's memory limit (256 MiB): malloc returns null, and @fill stores through it.
const NULLMALLOC = `declare ptr @malloc(i64)

define void @fill(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  store i32 1, ptr %p
  ret void
}

define i32 @main() {
  call void @fill(i64 4611686018427387904)
  ret i32 0
}
`;

async function runText(page, setText, text, want) {
  await setText(page, text);
  await page.waitForSelector('#status.status-ok');
  await page.click('#tab-run');
  await page.selectOption('#run-engine', 'interp');
  await page.click('#run');
  await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('#ub-report')?.textContent || ''), want);
}

const text = (page, sel) => page.locator(sel).first().textContent();

export async function run({ test, ctx, open, setText, assert }) {
  const page = await open(ctx);

  await test('a use after free shows where the block was allocated and freed, with their call stacks and lines', async () => {
    await runText(page, setText, UAF, 'use after free');
    const alloc = await text(page, '#ub-block .ub-alloc');
    assert(/heap#1 \(16 bytes\) was allocated at 10:3 in @make ← 15:3 in @main/.test(alloc), `allocation: ${alloc}`);
    const free = await text(page, '#ub-block .ub-free');
    assert(/and freed at 5:3 in @release ← 16:3 in @main/.test(free), `free: ${free}`);
    const quotes = await page.locator('#ub-report .ub-quote').allTextContents();
    for (const q of ['%x = load i32, ptr %b', '%p = call ptr @malloc(i64 16)', 'call void @free(ptr %p)']) {
      assert(quotes.includes(q), `quote ${q} missing: ${JSON.stringify(quotes)}`);
    }
    // The free site's position leads to the free in the editor.
    await page.locator('#ub-block .ub-free button.link', { hasText: '5:3' }).click();
    const at = Buffer.byteLength(UAF.slice(0, UAF.indexOf('call void @free')));
    const sel = await page.evaluate(() => window.IrplayEditor.last.getCursor());
    assert(sel >= at && sel <= at + 'call void @free(ptr %p)'.length, `the free is at byte ${at}, the selection at ${sel}`);
    const help = await text(page, '#ub-help');
    assert(/freed/.test(help) && /undefined behaviour/.test(help), `help: ${help}`);
    const see = page.locator('#ub-see');
    const href = await see.getAttribute('href');
    assert(/^https:\/\/.*LangRef\.html#object-lifetime$/.test(href), `LangRef link: ${href}`);
    assert(await see.getAttribute('target') === '_blank' && /noopener/.test(await see.getAttribute('rel')), 'the LangRef link opens in a new tab without an opener');
    assert(/LangRef: /.test(await text(page, '#ub-report .ub-see')), 'the link is labelled LangRef');
  });

  await test('a poison chain quotes each instruction from the use back to where the poison arose', async () => {
    await runText(page, setText, CHAIN, 'branch on poison');
    const steps = (await page.locator('#ub-report .ub-chain li').allTextContents()).map((s) => s.replace(/\s+/g, ' '));
    const want = [
      '4:3 in @main: %c = icmp sgt i32 %q, 0 is poison because its operand `%q` is poison',
      '3:3 in @main: %q = mul i32 %p, 3 is poison because its operand `%p` is poison',
      'poison arose at 2:3 in @main: %p = add nsw i32 2147483647, 1 is poison because the `nsw` addition overflowed',
    ];
    assert(steps.length === 3, `steps: ${JSON.stringify(steps)}`);
    for (let i = 0; i < 3; i++) assert(steps[i].startsWith(want[i]), `step ${i}: ${steps[i]}`);
    assert(/br-instruction/.test(await page.locator('#ub-see').getAttribute('href')), 'the branch\'s LangRef section');
  });

  await test('a malloc over the memory limit is noted, and the call stack has positions', async () => {
    await runText(page, setText, NULLMALLOC, 'null');
    const report = await text(page, '#ub-report');
    assert(/triggered at 5:3 in @fill/.test(report) && /call stack: 5:3 in @fill ← 10:3 in @main/.test(report), `report: ${report}`);
    const note = await text(page, '#malloc-note');
    assert(/malloc at 4:3 in @fill returned null/.test(note) && /4611686018427387904 bytes/.test(note) && /memory limit/.test(note), `note: ${note}`);
  });

  await page.close();
}
