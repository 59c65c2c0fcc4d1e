// End-to-end tests of files: opening a .ll and a .bc through the file input, Ctrl-O, dropping a
// file on the editor (and its highlight), downloading .ll and .bc, a damaged .bc and other
// binary files refused with the text kept, Undo, and a share link after opening a .bc holding
// text. LLVM 19's tools are the oracle: llvm-as-19 makes the .bc files at test time, and
// llvm-dis-19 checks that a downloaded .bc is the module of the editor's text. Called from
// playground.mjs with its helpers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUM = `@fmt = private unnamed_addr constant [4 x i8] c"%d\\0A\\00", align 1

declare i32 @printf(ptr noundef, ...)

define i32 @sum(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add nsw i32 %acc, %i
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %acc.next
}

define i32 @main() {
entry:
  %s = call i32 @sum(i32 10)
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %s)
  ret i32 0
}
`;
const DROPPED = `define i32 @main() {
entry:
  ret i32 42
}
`;

const TOOL_TIMEOUT = 30_000;
const tool = (name, args, input) => execFileSync(name, args, { input, timeout: TOOL_TIMEOUT, maxBuffer: 64 << 20 });
/** llvm-dis-19's text of a bitcode file, without the lines that name the file it came from. */
const dis = (bc) => tool('llvm-dis-19', ['-o', '-'], bc).toString()
  .split('\n').filter((l) => !l.startsWith('; ModuleID') && !l.startsWith('source_filename')).join('\n');
/** The module of a text, as llvm-as-19 then llvm-dis-19 give it. */
const asDis = (text) => dis(tool('llvm-as-19', ['-o', '-'], text));
const grouped = (n) => n.toLocaleString('en-US');

export async function run({ test, ctx, open, editorText, setText, assert, out }) {
  const dir = mkdtempSync(join(tmpdir(), 'irplay-files-'));
  const sumLl = join(dir, 'sum.ll');
  writeFileSync(sumLl, SUM);
  const sumBc = join(dir, 'sum.bc');
  tool('llvm-as-19', [sumLl, '-o', sumBc]);
  const bcBytes = readFileSync(sumBc);

  const noteText = (page) => page.evaluate(() => document.querySelector('#file-note-text')?.textContent ?? '');
  /** Waits for the file note to say something other than "reading …", and returns it. */
  const settledNote = async (page) => {
    await page.waitForFunction(() => {
      const t = document.querySelector('#file-note-text')?.textContent ?? '';
      return t && !t.startsWith('reading');
    }, null, { timeout: 30_000 });
    return noteText(page);
  };
  const isError = (page) => page.evaluate(() => !!document.querySelector('#file-note.file-note-error[role=alert]'));

  await test('files: Open… reads a .ll through the file input, and Ctrl-Z brings the old text back', async () => {
    const page = await open(ctx);
    const before = await editorText(page);
    assert(before !== SUM, 'the page starts with other text');
    await page.setInputFiles('#file-input', sumLl);
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, SUM);
    const note = await settledNote(page);
    assert(note === `opened sum.ll (text, ${grouped(SUM.length)} bytes)`, note);
    await page.waitForSelector('#status.status-ok');
    assert(await page.isVisible('#file-undo'), 'Undo is offered');
    // Playwright turns on its file chooser interception without waiting for it, so a key pressed
    // at once may open the chooser before that holds on a loaded machine (and then nothing is
    // seen). The wait starts here, well before Ctrl-O.
    const chooserSeen = page.waitForEvent('filechooser', { timeout: 60_000 });
    // The editor's own undo history has the open as one change.
    await page.click('.cm-content');
    await page.keyboard.press('Control+Z');
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, before);
    // The page hides the offer once it has seen the edit (after its next render).
    await page.waitForSelector('#file-undo', { state: 'hidden', timeout: 10_000 });
    // Ctrl-O opens the file chooser (and not the browser's).
    await page.keyboard.press('Control+O');
    const chooser = await chooserSeen;
    await chooser.setFiles(sumLl);
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, SUM);
    // The note's Undo does what Ctrl-Z did.
    await page.click('#file-undo');
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, before);
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('files: a .bc opens as its module\'s text (llvm-as-19 of that text gives the same module)', async () => {
    const page = await open(ctx);
    await page.setInputFiles('#file-input', sumBc);
    const note = await settledNote(page);
    assert(note === `opened sum.bc (bitcode, ${grouped(bcBytes.length)} bytes) as text`, note);
    const text = await editorText(page);
    assert(text.includes('define i32 @sum(i32 %n)'), text.slice(0, 400));
    await page.waitForSelector('#status.status-ok');
    const got = asDis(text);
    const want = dis(bcBytes);
    assert(got === want, `the text is another module:\n${got.slice(0, 600)}\n---\n${want.slice(0, 600)}`);
    await page.screenshot({ path: join(out, 'files-opened-bc.png') });
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('files: a file dropped on the editor is highlighted, then opens', async () => {
    const page = await open(ctx);
    const drag = (type) => page.evaluate(({ type, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.ll'));
      const target = document.querySelector('.cm-content');
      const ev = new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt });
      target.dispatchEvent(ev);
      return ev.defaultPrevented;
    }, { type, text: DROPPED });
    assert(await drag('dragenter'), 'dragenter is taken');
    assert(await drag('dragover'), 'dragover allows the drop');
    await page.waitForSelector('.editor-pane.drop-target #drop-hint');
    await page.screenshot({ path: join(out, 'files-drop.png') });
    assert(await drag('drop'), 'the drop is taken (not pasted by the editor)');
    await page.waitForFunction((t) => window.IrplayEditor.last.getText() === t, DROPPED);
    assert(!(await page.isVisible('#drop-hint')), 'the highlight goes');
    const note = await settledNote(page);
    assert(note === `opened dropped.ll (text, ${DROPPED.length} bytes)`, note);
    // Dragging away removes the highlight too.
    await drag('dragenter');
    await page.waitForSelector('#drop-hint');
    await drag('dragleave');
    await page.waitForSelector('#drop-hint', { state: 'detached' });
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('files: downloads .ll (the text) and .bc (llvm-dis-19 reads the same module)', async () => {
    const page = await open(ctx);
    await setText(page, SUM);
    await page.waitForSelector('#status.status-ok');
    const [ll] = await Promise.all([page.waitForEvent('download'), page.click('#download-ll')]);
    assert(ll.suggestedFilename() === 'module.ll', ll.suggestedFilename());
    const llPath = join(dir, 'got.ll');
    await ll.saveAs(llPath);
    assert(readFileSync(llPath, 'utf8') === SUM, 'the .ll is the text');
    // The download, or (failing fast) the note that says why there is none.
    const refused = page.waitForSelector('#file-note.file-note-error', { timeout: 30_000 })
      .then(async () => { throw new Error(await noteText(page)); });
    refused.catch(() => {});
    const [bc] = await Promise.all([Promise.race([page.waitForEvent('download', { timeout: 30_000 }), refused]), page.click('#download-bc')]);
    assert(bc.suggestedFilename() === 'module.bc', bc.suggestedFilename());
    const bcPath = join(dir, 'got.bc');
    await bc.saveAs(bcPath);
    const got = dis(readFileSync(bcPath));
    const want = asDis(SUM);
    assert(got === want, `llvm-dis-19 reads another module:\n${got.slice(0, 600)}\n---\n${want.slice(0, 600)}`);
    // After opening a file, downloads are named after it.
    await page.setInputFiles('#file-input', sumLl);
    await settledNote(page);
    const [named] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+S')]);
    assert(named.suggestedFilename() === 'sum.ll', named.suggestedFilename());
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('files: a .bc of text with errors is not downloaded; the note says why', async () => {
    const page = await open(ctx);
    await setText(page, 'define i32 @main() {\nentry:\n  ret i32 %nope\n}\n');
    await page.waitForSelector('#status.status-err');
    let downloads = 0;
    page.on('download', () => { downloads += 1; });
    await page.click('#download-bc');
    const note = await settledNote(page);
    assert(note.startsWith('cannot download module.bc: the module has an error (the first, at line 3,'), note);
    assert(await isError(page), 'shown as an alert');
    assert(downloads === 0, 'nothing was downloaded');
    await page.close();
  });

  await test('files: a damaged .bc, LLVM 1.x bytecode and other binaries are refused; the text stays', async () => {
    const page = await open(ctx);
    const before = await editorText(page);
    const cases = [
      ['cut.bc', bcBytes.subarray(0, Math.floor(bcBytes.length / 2)), /^cannot read cut\.bc as bitcode: byte \d+( \([^)]*\))?: .+\. The editor's text is unchanged\.$/],
      ['old.bc', Buffer.from('llvm\x00\x01\x02\x03', 'latin1'), /^old\.bc is LLVM 1\.x bytecode/],
      ['a.out', Buffer.from('\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00', 'latin1'), /^a\.out is not LLVM IR: .*starts with 7f 45 4c 46, an ELF object/],
    ];
    for (const [name, bytes, want] of cases) {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      await page.setInputFiles('#file-input', p);
      await page.waitForFunction((n) => (document.querySelector('#file-note-text')?.textContent ?? '').includes(n) &&
        !(document.querySelector('#file-note-text')?.textContent ?? '').startsWith('reading'), name, { timeout: 30_000 });
      const note = await noteText(page);
      assert(want.test(note), `${name}: ${note}`);
      assert(await isError(page), `${name}: shown as an alert`);
      assert(await editorText(page) === before, `${name}: the text changed`);
      if (name === 'cut.bc') await page.screenshot({ path: join(out, 'files-damaged-bc.png') });
    }
    assert(page.errors.length === 0, page.errors.join('\n'));
    await page.close();
  });

  await test('files: a share link made after opening a .bc holds the text', async () => {
    const page = await open(ctx);
    await page.setInputFiles('#file-input', sumBc);
    const note = await settledNote(page);
    assert(note.startsWith('opened sum.bc'), note);
    const text = await editorText(page);
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    await page.close();
    const shared = await open(ctx, link);
    const got = await editorText(shared);
    assert(got === text, 'the link opens the text that was shown');
    assert(got.includes('define i32 @main()'), got.slice(0, 200));
    await shared.close();
  });
}
