// In-page checks of the editor bundle (mounting, highlighting, lint, marks, byte offsets); results go to #results and window.__results.
const results = { passed: 0, failed: 0, lines: [] };
window.__results = results;
const check = (name, ok, detail) => {
  if (ok) results.passed++; else results.failed++;
  results.lines.push(`${ok ? 'PASS' : 'FAIL'} ${name}${!ok && detail !== undefined ? ` — ${detail}` : ''}`);
};
const enc = new TextEncoder();
const bytes = (s) => enc.encode(s).length;
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

const TEXT = `; ModuleID = 'é€ test 😀'
source_filename = "t.ll"
target datalayout = "e-m:e-i64:64"

@.str = private unnamed_addr constant [3 x i8] c"hi\\00", align 1
@g = global <4 x i32> zeroinitializer
@"quoted global" = external global i8
$cd = comdat any
%struct.S = type { i32, ptr }

define dso_local i32 @main(i32 noundef %argc, ptr %"quoted name") #0 {
entry:
  ; é€😀 bodycomment
  %0 = add nsw i32 %argc, -1
  %x = fadd double 0x400921FB54442D18, 1.5e+00
  %h = fadd half 0xH3C00, 0xH3C00
  %k = fadd x86_fp80 0xK4000C000000000000000, 0xK4000C000000000000000
  %q = fadd fp128 0xL00000000000000004000000000000000, 0xL00000000000000004000000000000000
  %m = fadd ppc_fp128 0xM3FF00000000000000000000000000000, 0xM3FF00000000000000000000000000000
  %b = fadd bfloat 0xR3F80, 0xR3F80
  %f = fadd float 0.0, 0.0
  %v = add <4 x i32> zeroinitializer, splat (i32 1)
  %p = select i1 true, i32 poison, i32 undef
  %c = icmp eq i32 %0, 0
  br i1 %c, label %then, label %exit, !dbg !12
then:
  %bad = udiv exact i32 %0, 0
  br label %exit
exit:
  ret i32 0
}

declare void @ext(metadata, label) nounwind

attributes #0 = { nounwind }
!12 = !DILocation(line: 3, scope: !13)
!llvm.module.flags = !{!0}
`;

const state = { changes: [], cursors: [], hovers: [] };
window.__t = state;

// Sample diagnostics and marks for looking at the page (byte offsets computed from the text).
function decorate() {
  const h = state.handle;
  const t = h.getText();
  const at = (needle, len = needle.length) => {
    const i = t.indexOf(needle);
    const from = bytes(t.slice(0, i));
    return { from, to: from + bytes(t.slice(i, i + len)) };
  };
  h.setDiagnostics([
    { ...at('%bad'), severity: 'error', message: 'udiv by zero is undefined behaviour' },
    { ...at('bodycomment'), severity: 'warning', message: 'a warning after non-ASCII text' },
    { ...at('!13'), severity: 'info', message: 'an info' },
  ]);
  const blockFrom = at('then:').from;
  h.setMarks([
    { ...at('%p = select', 2), kind: 'poison-source', title: 'poison arises here' },
    { ...at('poison'), kind: 'poison', title: 'poison operand' },
    { ...at('undef\n', 5), kind: 'may-poison', title: 'may be poison' },
    { ...at('udiv exact i32 %0, 0'), kind: 'ub', title: 'division by zero' },
    { from: blockFrom, to: at('  br label %exit').to, kind: 'block-selected', title: 'block %then' },
  ]);
}
state.decorate = decorate;

async function main() {
  const host = document.getElementById('host');
  const h = window.IrplayEditor.create(host, {
    text: TEXT,
    dark: false,
    onChange: (t) => state.changes.push(t),
    onCursor: (b) => state.cursors.push(b),
    onHover: (b) => { state.hovers.push(b); return `<b>bold</b> at ${b}`; },
  });
  state.handle = h;
  await frame();

  // Mounting.
  check('editor mounted', host.querySelectorAll('.cm-editor').length === 1);
  check('line numbers', !!host.querySelector('.cm-lineNumbers'));
  check('lint gutter', !!host.querySelector('.cm-gutter-lint'));
  check('getText round trip', h.getText() === TEXT);

  // Highlighting: [exact span text, class].
  // CodeMirror renders only lines near the viewport: collect spans at the top, then at the bottom.
  const spans = [...host.querySelectorAll('.cm-content span')];
  h.view.scrollDOM.scrollTop = 1e6;
  await frame(); await frame();
  spans.push(...host.querySelectorAll('.cm-content span'));
  h.view.scrollDOM.scrollTop = 0;
  await frame();
  const expect = [
    ["; ModuleID = 'é€ test 😀'", 'tok-ir-comment'], ['"t.ll"', 'tok-ir-string'], ['source_filename', 'tok-ir-keyword'],
    ['target', 'tok-ir-keyword'], ['@.str', 'tok-ir-global'], ['private', 'tok-ir-modifier'],
    ['constant', 'tok-ir-keyword'], ['c"hi\\00"', 'tok-ir-string'], ['i8', 'tok-ir-type'], ['x', 'tok-ir-type'],
    ['zeroinitializer', 'tok-ir-atom'], ['@"quoted global"', 'tok-ir-global'], ['$cd', 'tok-ir-comdat'],
    ['%struct.S', 'tok-ir-local'], ['define', 'tok-ir-keyword'], ['dso_local', 'tok-ir-modifier'],
    ['@main', 'tok-ir-global'], ['%argc', 'tok-ir-local'], ['%"quoted name"', 'tok-ir-local'], ['#0', 'tok-ir-attrgroup'],
    ['entry:', 'tok-ir-label'], ['then:', 'tok-ir-label'], ['%0', 'tok-ir-local'], ['add', 'tok-ir-opcode'],
    ['nsw', 'tok-ir-modifier'], ['-1', 'tok-ir-number'], ['0x400921FB54442D18', 'tok-ir-number'],
    ['1.5e+00', 'tok-ir-number'], ['0xH3C00', 'tok-ir-number'], ['0xK4000C000000000000000', 'tok-ir-number'],
    ['0xL00000000000000004000000000000000', 'tok-ir-number'], ['0xM3FF00000000000000000000000000000', 'tok-ir-number'],
    ['0xR3F80', 'tok-ir-number'], ['half', 'tok-ir-type'], ['bfloat', 'tok-ir-type'], ['fp128', 'tok-ir-type'],
    ['x86_fp80', 'tok-ir-type'], ['ppc_fp128', 'tok-ir-type'], ['double', 'tok-ir-type'], ['float', 'tok-ir-type'],
    ['void', 'tok-ir-type'], ['label', 'tok-ir-type'], ['metadata', 'tok-ir-type'], ['ptr', 'tok-ir-type'],
    ['splat', 'tok-ir-keyword'], ['poison', 'tok-ir-poison'], ['undef', 'tok-ir-atom'], ['true', 'tok-ir-atom'],
    ['select', 'tok-ir-opcode'], ['icmp', 'tok-ir-opcode'], ['eq', 'tok-ir-modifier'], ['br', 'tok-ir-opcode'],
    ['udiv', 'tok-ir-opcode'], ['exact', 'tok-ir-modifier'], ['ret', 'tok-ir-opcode'], ['declare', 'tok-ir-keyword'],
    ['nounwind', 'tok-ir-modifier'], ['attributes', 'tok-ir-keyword'], ['!12', 'tok-ir-metadata'],
    ['!DILocation', 'tok-ir-metadata'], ['line:', 'tok-ir-field'], ['!llvm.module.flags', 'tok-ir-metadata'],
    ['!', 'tok-ir-metadata'], ['{', 'tok-ir-punct'], ['<', 'tok-ir-punct'],
  ];
  for (const [text, cls] of expect) {
    const hit = spans.find((s) => s.textContent === text && s.classList.contains(cls));
    const other = spans.find((s) => s.textContent === text);
    check(`highlight ${JSON.stringify(text)} as ${cls}`, !!hit, other ? `got class "${other.className}"` : 'no span with that text');
  }
  const color = (text) => {
    const s = spans.find((e) => e.textContent === text);
    return s ? getComputedStyle(s).color : null;
  };
  check('opcode coloured (light HighlightStyle)', color('add') === 'rgb(130, 80, 223)', color('add'));

  // Byte <-> position conversion over the whole non-ASCII document.
  let convOk = true, firstBad = '';
  for (let p = 0; p <= TEXT.length; p++) {
    const c = TEXT.charCodeAt(p - 1);
    if (p > 0 && c >= 0xd800 && c <= 0xdbff) continue; // inside a surrogate pair
    const want = bytes(TEXT.slice(0, p));
    const got = h.posToByte(p);
    const back = h.byteToPos(want);
    if (got !== want || back !== p) { convOk = false; firstBad = `pos ${p}: posToByte ${got} (want ${want}), byteToPos ${back}`; break; }
  }
  check('posToByte / byteToPos agree with TextEncoder at every position', convOk, firstBad);
  const e = TEXT.indexOf('é');
  check('byte inside é rounds down', h.byteToPos(bytes(TEXT.slice(0, e)) + 1) === e);
  const emoji = TEXT.indexOf('😀');
  check('bytes inside 😀 round down', [1, 2, 3].every((k) => h.byteToPos(bytes(TEXT.slice(0, emoji)) + k) === emoji));
  check('posToByte of a surrogate middle counts no half character', h.posToByte(emoji + 1) === bytes(TEXT.slice(0, emoji)));

  // Conversions stay right across edits (line starts carried over from the previous document).
  {
    let seed = 7;
    const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const inserts = ['é', '€\n', '😀', 'x\ny\n', '\n', 'abc'];
    let ok = true, detail = '';
    for (let round = 0; round < 40 && ok; round++) {
      const doc = h.view.state.doc;
      const from = rnd(doc.length + 1);
      const to = Math.min(doc.length, from + rnd(3));
      const safe = (p) => (p > 0 && (doc.sliceString(p - 1, p).charCodeAt(0) & 0xfc00) === 0xd800 ? p - 1 : p);
      h.view.dispatch({ changes: { from: safe(from), to: safe(to), insert: inserts[rnd(inserts.length)] } });
      const text = h.getText();
      for (const p of [0, safe(rnd(text.length + 1)), safe(rnd(text.length + 1)), text.length]) {
        const want = bytes(text.slice(0, p));
        if (h.posToByte(p) !== want || h.byteToPos(want) !== p) { ok = false; detail = `round ${round} pos ${p}`; break; }
      }
    }
    check('conversions stay right across random non-ASCII edits', ok, detail);
    h.setText(TEXT);
  }

  // select(fromByte, toByte) selects the right UTF-16 range; onCursor reports bytes.
  const argcBody = TEXT.indexOf('%argc, -1');
  const fromB = bytes(TEXT.slice(0, argcBody));
  const toB = fromB + bytes('%argc');
  h.select(fromB, toB);
  const sel = h.view.state.selection.main;
  check('select() maps bytes to positions', sel.from === argcBody && sel.to === argcBody + 5, `${sel.from}..${sel.to} want ${argcBody}..${argcBody + 5}`);
  check('select() selects the %argc text', h.view.state.sliceDoc(sel.from, sel.to) === '%argc');
  check('select() focuses the editor', h.view.hasFocus);
  check('onCursor reports the head as a byte offset', state.cursors[state.cursors.length - 1] === toB, String(state.cursors.slice(-3)));
  check('getCursor() is a byte offset', h.getCursor() === toB);
  const midE = bytes(TEXT.slice(0, e)) + 1;
  h.select(midE, midE);
  check('select() inside a character: anchor rounds down, head rounds up', h.view.state.selection.main.from === e && h.view.state.selection.main.to === e + 1);

  // Diagnostics with byte offsets after non-ASCII text: squiggle on %bad and a gutter marker.
  const bad = TEXT.indexOf('%bad');
  const badB = bytes(TEXT.slice(0, bad));
  const emojiLine = TEXT.indexOf('bodycomment');
  const warnB = bytes(TEXT.slice(0, emojiLine));
  h.setDiagnostics([
    { from: badB, to: badB + 4, severity: 'error', message: 'division by zero <b>not html</b>' },
    { from: warnB, to: warnB + bytes('bodycomment'), severity: 'warning', message: 'a warning' },
    { from: 0, to: 0, severity: 'info', message: 'an info at the start' },
  ]);
  await frame();
  const errRange = host.querySelector('.cm-lintRange-error');
  check('error squiggle covers exactly %bad', errRange && errRange.textContent === '%bad', errRange && errRange.textContent);
  const warnRange = host.querySelector('.cm-lintRange-warning');
  check('warning squiggle after 😀 covers exactly bodycomment', warnRange && warnRange.textContent === 'bodycomment', warnRange && warnRange.textContent);
  check('error gutter marker', !!host.querySelector('.cm-lint-marker-error'));
  check('warning gutter marker', !!host.querySelector('.cm-lint-marker-warning'));

  // Bad input never throws.
  let threw = null;
  try {
    h.setDiagnostics([{ from: NaN, to: 'x', severity: 'bogus', message: null }, null, 7, { from: 1e12, to: -3, message: 'far' }]);
    h.setDiagnostics(null);
    h.setDiagnostics('nope');
    h.setMarks(null);
    h.setMarks([{ from: 5, to: 2, kind: 'bogus' }, { from: -1, to: 1e15, kind: 'poison' }, undefined]);
    h.select(-5, 1e12);
    h.select(undefined);
    h.posToByte(-1); h.posToByte(1e9); h.byteToPos(NaN);
  } catch (err) { threw = err; }
  check('bad offsets and bad input are clamped, never thrown', threw === null, threw && threw.message);
  check('select(-5, 1e12) clamps to the whole document', h.view.state.selection.main.from === 0);

  // Marks: byte offsets, classes, titles.
  const lineOf = (needle) => TEXT.indexOf(needle);
  const thenAt = lineOf('then:');
  const exitAt = lineOf('  br label %exit');
  h.setMarks([
    { from: bytes(TEXT.slice(0, lineOf('poison'))), to: bytes(TEXT.slice(0, lineOf('poison'))) + 6, kind: 'poison', title: 'this is poison' },
    { from: bytes(TEXT.slice(0, emojiLine)), to: bytes(TEXT.slice(0, emojiLine)) + 4, kind: 'poison-source', title: 'arises here' },
    { from: badB, to: badB + 4, kind: 'ub', title: 'UB: division by zero' },
    { from: bytes(TEXT.slice(0, lineOf('undef\n'))), to: bytes(TEXT.slice(0, lineOf('undef\n'))) + 5, kind: 'may-poison' },
    { from: bytes(TEXT.slice(0, thenAt)), to: bytes(TEXT.slice(0, exitAt + '  br label %exit'.length)), kind: 'block-selected', title: 'block %then' },
  ]);
  await frame();
  const mark = (kind) => host.querySelector(`.cm-mark-${kind}`);
  check('poison mark with title', mark('poison') && mark('poison').textContent === 'poison' && mark('poison').title === 'this is poison', mark('poison') && mark('poison').outerHTML);
  check('poison-source mark after 😀 covers "body"', mark('poison-source') && mark('poison-source').textContent === 'body', mark('poison-source') && mark('poison-source').textContent);
  check('ub mark', mark('ub') && mark('ub').textContent.includes('%bad') && mark('ub').title === 'UB: division by zero');
  check('may-poison mark without title', mark('may-poison') && mark('may-poison').textContent === 'undef' && !mark('may-poison').hasAttribute('title'));
  check('block-selected mark', !!mark('block-selected'));
  check('block-selected lines', host.querySelectorAll('.cm-mark-block-selected-line').length === 3, host.querySelectorAll('.cm-mark-block-selected-line').length);
  check('ub mark styled by style.css', getComputedStyle(mark('ub')).backgroundColor !== 'rgba(0, 0, 0, 0)');

  // Marks follow edits.
  h.view.dispatch({ changes: { from: 0, insert: 'é\n' } });
  await frame();
  check('marks map through edits', mark('poison') && mark('poison').textContent === 'poison');
  check('onChange called with the whole text', state.changes[state.changes.length - 1] === 'é\n' + TEXT);

  // setText: replaces, calls onChange, no-op for the same text.
  const n = state.changes.length;
  h.setText(TEXT);
  check('setText replaces the document', h.getText() === TEXT);
  check('setText calls onChange', state.changes.length === n + 1);
  h.setText(TEXT);
  check('setText with the same text changes nothing', state.changes.length === n + 1);
  h.setText('a\r\nb');
  check('setText normalises CRLF to LF (offsets are into getText())', h.getText() === 'a\nb');
  h.setText(TEXT);

  // Dark mode.
  const bg = () => getComputedStyle(h.view.dom).backgroundColor;
  const lightBg = bg();
  h.setDark(true);
  await frame();
  const darkBg = bg();
  check('setDark(true) switches the editor theme', darkBg === 'rgb(13, 17, 23)' && lightBg === 'rgb(255, 255, 255)', `${lightBg} -> ${darkBg}`);
  const addSpan = [...host.querySelectorAll('.cm-content span')].find((s) => s.textContent === 'add');
  check('dark HighlightStyle', addSpan && getComputedStyle(addSpan).color === 'rgb(210, 168, 255)', addSpan && getComputedStyle(addSpan).color);
  h.setDark(false);
  await frame();
  check('setDark(false) back to light', bg() === lightBg);

  // Repeated create: on the same element replaces, on a fresh element works, destroy is safe.
  const host2 = document.getElementById('host2');
  const a = window.IrplayEditor.create(host2, { text: 'ret void' });
  const b = window.IrplayEditor.create(host2, { text: 'ret i32 0', dark: true });
  check('create twice on one element keeps one editor', host2.querySelectorAll('.cm-editor').length === 1);
  check('the first handle is dead and harmless', a.getText() === undefined);
  check('the second handle works', b.getText() === 'ret i32 0');
  const fresh = document.createElement('div');
  document.body.appendChild(fresh);
  const c = window.IrplayEditor.create(fresh, { text: 'x' });
  check('create on a fresh element', fresh.querySelectorAll('.cm-editor').length === 1 && c.getText() === 'x');
  c.destroy();
  c.destroy();
  let afterDestroy = null;
  try { c.setText('y'); c.setDiagnostics([]); c.setMarks([]); c.select(0, 1); c.setDark(true); c.focus(); } catch (err) { afterDestroy = err; }
  check('destroy removes the editor; later calls are no-ops', fresh.childElementCount === 0 && afterDestroy === null);
  fresh.remove();
  const d = window.IrplayEditor.create(null, { text: 'detached' });
  check('create(null) gives a detached editor', d.getText() === 'detached' && !d.dom.isConnected);
  d.destroy();
  window.__t.second = b;

  h.view.dispatch({ selection: { anchor: 0 } });
  decorate();
  document.getElementById('results').textContent = results.lines.join('\n') + `\n\n${results.passed} passed, ${results.failed} failed`;
  results.done = true;
}

main().catch((err) => {
  check('page script ran', false, err && err.stack);
  document.getElementById('results').textContent = results.lines.join('\n');
  results.done = true;
});
