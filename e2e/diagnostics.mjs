// The Problems tab lists every error of a module, each with its source snippet (line, caret)
// and its `help:` lines, as `irplay check` prints them.

const TWO_ERRORS = `define i32 @main() {
entry:
  %a = ad i32 1, 2
  %b = add i32 %a, 1
  br label %exti
exit:
  ret i32 0
}
`;

export async function run({ test, ctx, open, setText, assert }) {
  await test('Problems tab: a module with two errors lists both, with a snippet and a help line', async () => {
    const page = await open(ctx);
    await setText(page, TWO_ERRORS);
    await page.waitForSelector('#status.status-err');
    await page.click('#tab-problems');
    await page.waitForFunction(() => document.querySelectorAll('#diag-list .diag-error').length === 2);
    const items = await page.locator('#diag-list .diag-error').evaluateAll((lis) => lis.map((li) => ({
      pos: li.querySelector('.diag-pos')?.textContent ?? '',
      msg: li.querySelector('.diag-msg')?.textContent ?? '',
      snippet: li.querySelector('.diag-snippet')?.textContent ?? '',
    })));
    const [opcode, label] = items;
    assert(opcode.pos === '3:8', `first error at ${opcode.pos}, expected 3:8`);
    assert(/instruction opcode/.test(opcode.msg), `first message: ${opcode.msg}`);
    // The source line, then the caret under `ad`, then the suggestion.
    const lines = opcode.snippet.split('\n');
    const src = lines.findIndex((l) => l.includes('%a = ad i32 1, 2'));
    assert(src >= 0, `no source line in the snippet:\n${opcode.snippet}`);
    const caretAt = (lines[src + 1] ?? '').indexOf('^^');
    assert(caretAt === lines[src].indexOf('ad i32'), `caret not under 'ad':\n${opcode.snippet}`);
    assert(/= help: did you mean `add`\?/.test(opcode.snippet), `no help line:\n${opcode.snippet}`);
    // The second error, in the same list: the misspelt label, with its suggestion.
    assert(label.pos === '5:12', `second error at ${label.pos}, expected 5:12`);
    assert(/= help: did you mean `%exit`\?/.test(label.snippet), `no help line:\n${label.snippet}`);
    // %b's use of the broken %a added no third error.
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
    await page.close();
  });
}
