// End-to-end tests of text in legacy syntax: an LLVM 1.x program typed into the editor is
// checked, drawn and run like any other, with a banner (not an error) saying it was upgraded on
// read; "Replace with the upgraded text" puts the module as LLVM 19 prints it in the editor,
// which runs alike, and one Ctrl-Z brings the 1.x text back. Typed pointers get the same
// banner. LLVM 19 is the oracle: llvm-as-19 must accept the upgraded text and lli-19 running
// it must print what the page printed. Called from playground.mjs with its helpers.
import { execFileSync } from 'node:child_process';

// A loop over `uint` with a phi, `setlt`, `cast`, a signed `div`, a `%` global and printf.
const LLVM1 = `; sums nothing, counts to ten
%fmt = internal constant [7 x sbyte] c"%d %d\\0A\\00"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  br label %loop
loop:
  %i = phi uint [ 0, %entry ], [ %next, %loop ]
  %next = add uint %i, 1
  %more = setlt uint %next, 10
  br bool %more, label %loop, label %done
done:
  %n = cast uint %next to int
  %q = div int -7, 2
  %f = getelementptr [7 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f, int %n, int %q)
  ret int 0
}
`;
// The same program in C (clang-19 prints the same): printf("%d %d\n", 10, -7 / 2).
const OUTPUT = '10 -3\n';

const TYPED = `@g = global i32 5

define i32 @main() {
  %p = getelementptr i32, i32* @g, i64 0
  %v = load i32, i32* %p
  ret i32 %v
}
`;

/** Runs an LLVM 19 tool; a missing tool fails the test with how to install it. */
function tool(name, args, input) {
  try {
    return execFileSync(name, args, { input, timeout: 30_000, maxBuffer: 16 << 20 }).toString();
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error(`${name} is required: run scripts/setup-test-deps.sh`);
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

export async function run({ test, ctx, open, setText, editorText, assert }) {
  const banner = (page) => page.evaluate(() => {
    const el = document.querySelector('#legacy-note');
    return el && { kind: el.dataset.kind, text: el.querySelector('#legacy-note-text')?.textContent ?? '' };
  });
  /** Runs the entry with the engine `engine` and returns stdout and the message. */
  const runWith = async (page, engine) => {
    await page.click('#tab-run');
    await page.selectOption('#run-engine', engine);
    await page.evaluate(() => { const s = document.querySelector('#stdout'); if (s) s.textContent = ''; });
    await page.click('#run-top');
    await page.waitForFunction(() => !document.querySelector('.run-status') && document.querySelector('#run-message'));
    if (engine === 'wasm') {
      await page.waitForFunction(() => /WebAssembly module/.test(document.querySelector('#run-stats')?.textContent || ''));
    }
    return {
      stdout: await page.locator('#stdout').textContent(),
      message: await page.locator('#run-message').textContent(),
    };
  };

  await test('legacy: an LLVM 1.x program is checked, drawn and run, with the upgrade banner', async () => {
    const page = await open(ctx);
    await setText(page, LLVM1);
    await page.waitForSelector('#legacy-note');
    await page.waitForSelector('#status.status-ok');
    const b = await banner(page);
    assert(b.kind === 'llvm1' && b.text.startsWith('LLVM 1.x syntax, upgraded on read'), JSON.stringify(b));
    assert(await page.isEnabled('#legacy-replace'), 'Replace is offered');
    // A note in the Problems tab, not an error.
    await page.click('#tab-problems');
    const problems = await page.locator('#diag-list li').evaluateAll((lis) => lis.map((li) => li.className + ' ' + li.textContent));
    assert(problems.length === 1 && /note/.test(problems[0]) && problems[0].includes('LLVM 1.x syntax'), problems.join('\n'));
    // The CFG: three blocks, the loop's back edge, lines of the 1.x text.
    await page.click('#tab-cfg');
    await page.waitForFunction(() => document.querySelectorAll('.cfg-block').length === 3);
    const cfg = await page.locator('.cfg-block').allTextContents();
    assert(cfg.some((t) => t.includes('%loop') && t.includes('setlt uint')), cfg.join('\n'));
    for (const engine of ['interp', 'wasm']) {
      const r = await runWith(page, engine);
      assert(r.stdout === OUTPUT, `${engine}: stdout ${JSON.stringify(r.stdout)}`);
      assert(r.message.includes('exit status 0'), `${engine}: ${r.message}`);
    }
    await page.selectOption('#run-engine', 'interp');
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('legacy: Replace puts the LLVM 19 text in the editor, which runs alike; one undo brings the 1.x text back', async () => {
    const page = await open(ctx);
    await setText(page, LLVM1);
    await page.waitForSelector('#legacy-note');
    await page.click('#legacy-replace');
    await page.waitForFunction(() => window.IrplayEditor.last.getText().includes('define i32 @main()'));
    const modern = await editorText(page);
    assert(/^define i32 @main\(\) \{$/m.test(modern) && modern.includes('sdiv i32 -7, 2'), modern);
    assert(modern.includes('@fmt = internal constant [7 x i8]') && !/\bint\b|sbyte|%fmt =/.test(modern), modern);
    // Modern text: the banner goes, the module is valid, and the note offers Undo.
    await page.waitForSelector('#legacy-note', { state: 'detached' });
    await page.waitForSelector('#status.status-ok');
    const note = await page.locator('#file-note-text').textContent();
    assert(note === 'replaced the LLVM 1.x text with the module as LLVM 19 prints it', note);
    // The oracle: LLVM 19 reads the text, and running it prints what the page prints.
    tool('llvm-as-19', ['-o', '/dev/null'], modern);
    const lli = tool('lli-19', ['-'], modern);
    assert(lli === OUTPUT, `lli-19 printed ${JSON.stringify(lli)}`);
    const r = await runWith(page, 'interp');
    assert(r.stdout === OUTPUT && r.message.includes('exit status 0'), JSON.stringify(r));
    // One undo step in the editor brings the 1.x text back, and with it the banner.
    await page.click('.cm-content');
    await page.keyboard.press('Control+Z');
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, LLVM1);
    await page.waitForSelector('#legacy-note');
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('legacy: typed pointers get the banner, and Replace prints them as ptr', async () => {
    const page = await open(ctx);
    await setText(page, TYPED);
    // The page may open with an earlier test's 1.x text, whose banner stays until the new
    // text's check arrives.
    await page.waitForFunction(() => document.querySelector('#legacy-note')?.dataset.kind === 'typed-pointers');
    const b = await banner(page);
    assert(b.kind === 'typed-pointers' && b.text.startsWith('Typed pointers'), JSON.stringify(b));
    await page.click('#legacy-replace');
    await page.waitForFunction(() => window.IrplayEditor.last.getText().includes('ptr @g'));
    const modern = await editorText(page);
    assert(modern.includes('load i32, ptr %p') && !modern.includes('i32*'), modern);
    await page.waitForSelector('#legacy-note', { state: 'detached' });
    tool('llvm-as-19', ['-o', '/dev/null'], modern);
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('legacy: 1.x text with an error names the error, and there is nothing to replace', async () => {
    const page = await open(ctx);
    await setText(page, LLVM1.replace('ret int 0', 'ret int %nope'));
    await page.waitForSelector('#status.status-err');
    await page.waitForSelector('#legacy-note');
    assert(!(await page.isEnabled('#legacy-replace')), 'Replace is offered for text that does not parse');
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });
}
