// The irplay source editor: window.IrplayEditor.create(parent, options) mounts CodeMirror 6 behind a handle that speaks UTF-8 byte offsets.
import { EditorState, EditorSelection, Compartment, StateField, StateEffect, RangeSet } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection, dropCursor, hoverTooltip, tooltips, Decoration, gutter, GutterMarker,
} from '@codemirror/view';
import { history, isolateHistory, defaultKeymap, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting, indentOnInput, indentUnit } from '@codemirror/language';
import { search, searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { lintGutter, lintKeymap, setDiagnostics as lintSetDiagnostics } from '@codemirror/lint';
import { llvmIR, irClassHighlighter, irHighlightLight, irHighlightDark } from './llvm-ir.js';

// ---------------------------------------------------------------------------------------------
// UTF-8 byte offsets <-> CodeMirror positions (UTF-16 code units).
//
// The Rust side measures spans in bytes of the UTF-8 text it was given (the text of
// `getText()` / `onChange`, lines joined with "\n"). For each document (CodeMirror documents
// are immutable values) we lazily record the byte offset at which each line starts.

const lineStarts = new WeakMap(); // Text -> { starts: number[], done: boolean }

// UTF-8 length of s[from, to); a surrogate pair is 4 bytes, a lone surrogate 3 (as U+FFFD).
function utf8Length(s, from, to) {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function startsOf(doc) {
  let info = lineStarts.get(doc);
  if (!info) {
    info = { starts: [0], done: false };
    lineStarts.set(doc, info);
  }
  return info;
}

// Extend the line-start table until it knows the start of line `lineNo` (1-based) and of some
// line starting after byte `byte` (or of every line).
function extend(doc, info, lineNo, byte) {
  if (info.done) return;
  const starts = info.starts;
  const enough = () => starts.length >= lineNo && starts[starts.length - 1] > byte;
  if (enough()) return;
  let k = starts.length; // the line whose text is measured next
  let last = starts[k - 1];
  for (const text of doc.iterLines(k)) {
    if (k >= doc.lines) break;
    last += utf8Length(text, 0, text.length) + 1; // + the "\n"
    starts.push(last);
    k++;
    if (enough()) return;
  }
  info.done = true;
}

// After an edit, the lines before the first changed one keep their byte starts: carry them over
// so that per-keystroke conversions near the cursor do not re-measure the whole document.
function carryStarts(oldDoc, newDoc, changes) {
  const info = lineStarts.get(oldDoc);
  if (!info || lineStarts.has(newDoc)) return;
  let first = oldDoc.length;
  changes.iterChangedRanges((fromA) => { if (fromA < first) first = fromA; });
  const keep = Math.min(info.starts.length, oldDoc.lineAt(first).number);
  lineStarts.set(newDoc, { starts: info.starts.slice(0, keep), done: false });
}

function clampPos(doc, pos) {
  pos = Math.floor(Number(pos));
  if (!(pos > 0)) return 0; // NaN, negatives, undefined
  return Math.min(pos, doc.length);
}

function posToByte(doc, pos) {
  pos = clampPos(doc, pos);
  const line = doc.lineAt(pos);
  let col = pos - line.from;
  // Never count half of a surrogate pair.
  if (col > 0 && (line.text.charCodeAt(col - 1) & 0xfc00) === 0xd800) col--;
  const info = startsOf(doc);
  extend(doc, info, line.number, -1);
  return info.starts[line.number - 1] + utf8Length(line.text, 0, col);
}

// A byte inside a multi-byte character maps to its start, or to its end when `roundUp`.
function byteToPos(doc, byte, roundUp) {
  byte = Math.floor(Number(byte));
  if (!(byte > 0)) return 0;
  const info = startsOf(doc);
  extend(doc, info, 1, byte);
  const { starts } = info;
  let lo = 0, hi = starts.length - 1; // last line whose start <= byte
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= byte) lo = mid; else hi = mid - 1;
  }
  const line = doc.line(lo + 1);
  const s = line.text;
  let b = starts[lo];
  for (let i = 0; i < s.length; i++) {
    if (b >= byte) return line.from + i;
    const c = s.charCodeAt(i);
    const pair = (c & 0xfc00) === 0xd800 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const len = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (b + len > byte) return line.from + (roundUp ? i + (pair ? 2 : 1) : i);
    b += len;
    if (pair) i++;
  }
  return line.to; // at or past the end of the line's text (the "\n", or the end of the document)
}

function byteRange(doc, from, to) {
  let a = byteToPos(doc, from, false);
  let b = to == null ? a : byteToPos(doc, to, true);
  if (b < a) [a, b] = [b, a];
  return [a, b];
}

// ---------------------------------------------------------------------------------------------
// Marks: a decoration layer the host replaces wholesale (poison highlights, selected block...).

const MARK_KINDS = new Set(['poison-source', 'poison', 'ub', 'may-poison', 'block-selected', 'asm-line']);
const setMarksEffect = StateEffect.define();

const marksField = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    marks = marks.map(tr.changes);
    for (const e of tr.effects) if (e.is(setMarksEffect)) marks = e.value;
    return marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

function buildMarks(doc, marks) {
  const ranges = [];
  for (const m of Array.isArray(marks) ? marks : []) {
    if (!m || typeof m !== 'object') continue;
    const kind = MARK_KINDS.has(m.kind) ? m.kind : 'other';
    const [from, to] = byteRange(doc, m.from, m.to);
    const attributes = m.title != null && m.title !== '' ? { title: String(m.title) } : undefined;
    if (to > from) {
      ranges.push(Decoration.mark({ class: `cm-mark cm-mark-${kind}`, attributes }).range(from, to));
    }
    if (kind === 'block-selected') {
      const last = doc.lineAt(to).number;
      for (let n = doc.lineAt(from).number; n <= last; n++) {
        ranges.push(Decoration.line({ class: 'cm-mark-block-selected-line' }).range(doc.line(n).from));
      }
    }
  }
  return Decoration.set(ranges, true);
}

// ---------------------------------------------------------------------------------------------
// The stepper: breakpoints (dots in a gutter of their own, toggled by clicking it or a line
// number; they move with the text as it is edited) and the current instruction (its line
// highlighted, an arrow in the gutter). Both are kept at line starts and mapped through edits.

class BreakpointMarker extends GutterMarker {
  constructor() { super(); this.elementClass = 'cm-breakpoint-line'; }
  eq(other) { return other instanceof BreakpointMarker; }
  toDOM() {
    const dot = document.createElement('span');
    dot.className = 'cm-breakpoint';
    dot.textContent = '●';
    dot.title = 'breakpoint (click to remove)';
    return dot;
  }
}
const breakpointMarker = new BreakpointMarker();

// Sizes the gutter (CodeMirror keeps it in a hidden element).
class SpacerMarker extends GutterMarker {
  toDOM() {
    const dot = document.createElement('span');
    dot.className = 'cm-breakpoint-spacer';
    dot.textContent = '●';
    return dot;
  }
}

class CurrentMarker extends GutterMarker {
  constructor(kind) { super(); this.kind = kind; }
  eq(other) { return other instanceof CurrentMarker && other.kind === this.kind; }
  toDOM() {
    const arrow = document.createElement('span');
    arrow.className = `cm-debug-arrow cm-debug-arrow-${this.kind}`;
    arrow.textContent = '➜';
    return arrow;
  }
}

const toggleBreakpointEffect = StateEffect.define({ map: (pos, mapping) => mapping.mapPos(pos) });
const setBreakpointsEffect = StateEffect.define();

const breakpointField = StateField.define({
  create: () => RangeSet.empty,
  update(set, tr) {
    set = set.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setBreakpointsEffect)) set = e.value;
      if (!e.is(toggleBreakpointEffect)) continue;
      const at = tr.state.doc.lineAt(e.value).from;
      let has = false;
      set.between(at, at, (from) => { if (from === at) has = true; });
      set = has ? set.update({ filter: (from) => from !== at }) : set.update({ add: [breakpointMarker.range(at)] });
    }
    return set;
  },
});

// The breakpoints' line numbers (1-based, ascending, each once).
function breakpointLines(state) {
  const lines = [];
  const cursor = state.field(breakpointField).iter();
  for (; cursor.value; cursor.next()) {
    const n = state.doc.lineAt(cursor.from).number;
    if (lines[lines.length - 1] !== n) lines.push(n);
  }
  return lines;
}

function breakpointSet(doc, lines) {
  const starts = [];
  for (const n of Array.isArray(lines) ? lines : []) {
    const k = Math.floor(Number(n));
    if (k >= 1 && k <= doc.lines) starts.push(doc.line(k).from);
  }
  starts.sort((a, b) => a - b);
  return RangeSet.of([...new Set(starts)].map((from) => breakpointMarker.range(from)));
}

// The current instruction: { from, to, kind } in editor positions, or null.
const setCurrentEffect = StateEffect.define();
const currentField = StateField.define({
  create: () => null,
  update(cur, tr) {
    if (cur && !tr.changes.empty) {
      const from = tr.changes.mapPos(cur.from, 1);
      const to = Math.max(from, tr.changes.mapPos(cur.to, -1));
      cur = { ...cur, from, to, lineFrom: tr.state.doc.lineAt(from).from };
    }
    for (const e of tr.effects) if (e.is(setCurrentEffect)) cur = e.value;
    return cur;
  },
  provide: (f) => EditorView.decorations.from(f, (cur) => {
    if (!cur) return Decoration.none;
    return Decoration.set([
      Decoration.line({ class: `cm-debug-line cm-debug-line-${cur.kind}` }).range(cur.lineFrom),
      ...(cur.to > cur.from ? [Decoration.mark({ class: `cm-debug-current cm-debug-current-${cur.kind}` }).range(cur.from, cur.to)] : []),
    ], true);
  }),
});

function toggleAt(view, lineFrom) {
  view.dispatch({ effects: toggleBreakpointEffect.of(lineFrom) });
  return true;
}

const stepperGutter = [
  breakpointField,
  currentField,
  gutter({
    class: 'cm-breakpoint-gutter',
    markers: (view) => {
      const cur = view.state.field(currentField);
      const bps = view.state.field(breakpointField);
      if (!cur) return bps;
      const at = view.state.doc.lineAt(cur.from).from;
      return [bps, RangeSet.of([new CurrentMarker(cur.kind).range(at)])];
    },
    initialSpacer: () => new SpacerMarker(),
    domEventHandlers: { mousedown: (view, line) => toggleAt(view, line.from) },
  }),
];
// Hover tooltips: plain text, one fact a line; a line `LangRef: URL` becomes a link (only to the
// LangRef), and each ` at LINE:COL` position (a value's definition and uses) a button that moves
// the cursor there (`jump(line, col)`). The tooltip stays inside the editor's visible area (never
// over the toolbar) and lets clicks through to the text, except on its links (see
// `.cm-tooltip-hover` in the theme).

const LANGREF = 'https://releases.llvm.org/19.1.0/docs/LangRef.html#';

// The positions of a line that names some (`defined at 4:3`, `2 uses at 5:3, 6:3, …`).
function positionsLine(dom, line, jump) {
  const m = /^(.* at )(\d+:\d+(?:, \d+:\d+)*)(.*)$/.exec(line);
  if (!m) return false;
  dom.appendChild(document.createTextNode(m[1]));
  m[2].split(', ').forEach((p, k) => {
    if (k > 0) dom.appendChild(document.createTextNode(', '));
    const [l, c] = p.split(':').map(Number);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'cm-irplay-pos';
    b.textContent = p;
    b.title = 'go there';
    b.addEventListener('mousedown', (e) => { e.preventDefault(); jump(l, c); });
    dom.appendChild(b);
  });
  dom.appendChild(document.createTextNode(m[3]));
  return true;
}

function hoverContent(dom, text, jump) {
  text.split('\n').forEach((line, i) => {
    if (i > 0) dom.appendChild(document.createTextNode('\n'));
    if (!line.startsWith('LangRef: ') && positionsLine(dom, line, jump)) return;
    const m = /^LangRef: (\S+)$/.exec(line);
    if (m && m[1].startsWith(LANGREF) && /^[a-z0-9-]+$/.test(m[1].slice(LANGREF.length))) {
      const a = document.createElement('a');
      a.className = 'cm-irplay-langref';
      a.href = m[1];
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = `LangRef: ${m[1].slice(LANGREF.length)} ↗`;
      dom.appendChild(a);
    } else {
      dom.appendChild(document.createTextNode(line)); // plain text, never HTML
    }
  });
}

// Tooltips may use the editor's visible area only.
const tooltipPlace = tooltips({
  tooltipSpace: (view) => {
    const r = view.scrollDOM.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  },
});

// ---------------------------------------------------------------------------------------------
// Themes: editor chrome per light/dark, plus the matching highlight style.

const chrome = (dark) => {
  const c = dark
    ? { bg: '#0d1117', fg: '#e6edf3', gutterBg: '#0d1117', gutterFg: '#6e7681', active: 'rgba(110,118,129,0.14)',
      activeGutter: '#161b22', sel: 'rgba(56,139,253,0.35)', cursor: '#e6edf3', border: '#30363d',
      panel: '#161b22', match: 'rgba(187,128,9,0.4)', bracket: 'rgba(63,185,80,0.3)', focus: 'rgba(47,129,247,0.7)' }
    : { bg: '#ffffff', fg: '#1f2328', gutterBg: '#f6f8fa', gutterFg: '#8c959f', active: 'rgba(234,238,242,0.55)',
      activeGutter: '#eaeef2', sel: 'rgba(84,174,255,0.35)', cursor: '#1f2328', border: '#d0d7de',
      panel: '#f6f8fa', match: 'rgba(212,167,44,0.4)', bracket: 'rgba(74,194,107,0.3)', focus: 'rgba(9,105,218,0.6)' };
  return EditorView.theme({
    '&': { color: c.fg, backgroundColor: c.bg, height: '100%' },
    '&.cm-focused': { outline: `1px solid ${c.focus}`, outlineOffset: '-1px' }, // visible keyboard focus
    '.cm-content': { caretColor: c.cursor },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.cursor },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
      { backgroundColor: c.sel },
    '.cm-gutters': { backgroundColor: c.gutterBg, color: c.gutterFg, borderRight: `1px solid ${c.border}` },
    '.cm-activeLine': { backgroundColor: c.active },
    '.cm-activeLineGutter': { backgroundColor: c.activeGutter, color: c.fg },
    '.cm-panels': { backgroundColor: c.panel, color: c.fg },
    '.cm-panels.cm-panels-top': { borderBottom: `1px solid ${c.border}` },
    '.cm-panels.cm-panels-bottom': { borderTop: `1px solid ${c.border}` },
    '.cm-searchMatch': { backgroundColor: c.match },
    '.cm-selectionMatch': { backgroundColor: c.match },
    '&.cm-focused .cm-matchingBracket': { backgroundColor: c.bracket, outline: 'none' },
    '.cm-tooltip': { backgroundColor: c.panel, color: c.fg, border: `1px solid ${c.border}` },
    '.cm-textfield': { backgroundColor: c.bg, color: c.fg, border: `1px solid ${c.border}`, borderRadius: '4px' },
    '.cm-button': {
      backgroundImage: 'none', backgroundColor: c.bg, color: c.fg, border: `1px solid ${c.border}`, borderRadius: '4px',
    },
  }, { dark });
};

const baseTheme = EditorView.baseTheme({
  '&': { fontSize: '13px' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace)',
    lineHeight: '1.5',
    overflow: 'auto',
  },
  '.cm-tooltip.cm-tooltip-hover': { pointerEvents: 'none' },
  '.cm-tooltip.cm-tooltip-hover a, .cm-tooltip.cm-tooltip-hover button': { pointerEvents: 'auto' },
  '.cm-irplay-pos': {
    font: 'inherit', color: 'inherit', background: 'none', border: 'none', padding: '0',
    textDecoration: 'underline dotted', cursor: 'pointer',
  },
  '.cm-irplay-hover': {
    whiteSpace: 'pre-wrap', fontFamily: 'var(--font-mono, ui-monospace, monospace)', fontSize: '12px',
    padding: '4px 8px', maxWidth: '70ch', maxHeight: '40vh', overflow: 'auto',
  },
});

const themeFor = (dark) => [chrome(dark), syntaxHighlighting(dark ? irHighlightDark : irHighlightLight)];

// ---------------------------------------------------------------------------------------------

const SEVERITIES = { error: 'error', warning: 'warning', info: 'info', hint: 'hint', note: 'info', help: 'hint' };

function safeCall(fn, ...args) {
  if (typeof fn !== 'function') return undefined;
  try {
    return fn(...args);
  } catch (err) {
    console.error('irplay editor: callback failed', err);
    return undefined;
  }
}

const mounted = new WeakMap(); // parent element -> live handle

// How long typing must pause before the text is reported (see `schedule` in `create`).
const LARGE_DOC = 20000; // characters
const QUIET_SMALL_MS = 30;
const QUIET_LARGE_MS = 150;
const MAX_WAIT_MS = 1000;
// How long scrolling must pause before the drawn range is reported.
const VIEWPORT_MS = 100;

function resolveParent(parent) {
  if (typeof parent === 'string') return document.querySelector(parent);
  return parent && typeof parent.appendChild === 'function' ? parent : null;
}

function defaultDark() {
  const theme = document.documentElement.getAttribute('data-theme');
  if (theme) return theme === 'dark';
  return !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
}

function create(parent, options) {
  const opts = options || {};
  const host = resolveParent(parent);
  if (host && mounted.has(host)) mounted.get(host).destroy();

  const themeSlot = new Compartment();
  let dark = opts.dark == null ? defaultDark() : !!opts.dark;
  let lastCursor = -1;
  let destroyed = false;
  let onBreakpoints = null; // set by the handle's onBreakpoints
  let onViewport = null; // set by the handle's onViewport
  let lastViewport = '';
  let viewportTimer = null;
  let lastBreakpoints = '';

  // The text goes to the host once typing pauses, not on every key: turning a large document
  // into a string and checking it again costs far more than the keystroke itself. A small
  // document goes after QUIET_SMALL_MS (a burst of keys in one frame is sent once), a large one
  // after QUIET_LARGE_MS without changes, and both at least every MAX_WAIT_MS while typing goes
  // on. The cursor is reported with the text it belongs to.
  let pendingSince = 0; // Date.now() of the first change not yet reported; 0 when none
  let flushTimer = null;
  let view = null; // set below, once created
  const reportCursor = (force) => {
    const byte = posToByte(view.state.doc, view.state.selection.main.head);
    if (force || byte !== lastCursor) {
      lastCursor = byte;
      safeCall(opts.onCursor, byte);
    }
  };
  // The text changed since it was last reported, and when that began; null when it did not.
  const takePending = () => {
    if (flushTimer != null) { clearTimeout(flushTimer); flushTimer = null; }
    if (!pendingSince || destroyed) return null;
    const since = pendingSince;
    pendingSince = 0;
    return { text: view.state.doc.toString(), since };
  };
  const report = () => {
    const p = takePending();
    if (!p) return;
    safeCall(opts.onChange, p.text, p.since);
    reportCursor(true);
  };
  const schedule = () => {
    const now = Date.now();
    if (!pendingSince) pendingSince = now;
    if (flushTimer != null) clearTimeout(flushTimer);
    const quiet = view.state.doc.length > LARGE_DOC ? QUIET_LARGE_MS : QUIET_SMALL_MS;
    flushTimer = setTimeout(report, Math.max(0, Math.min(quiet, pendingSince + MAX_WAIT_MS - now)));
  };
  // The part of the text the editor draws (CodeMirror's viewport, a little more than what is
  // on screen), as bytes, once scrolling pauses: the host computes hover data for it only.
  const reportViewport = () => {
    viewportTimer = null;
    if (!onViewport || destroyed) return;
    const doc = view.state.doc;
    const { from, to } = view.viewport;
    const range = [posToByte(doc, from), posToByte(doc, to)];
    if (range.join(',') === lastViewport) return;
    lastViewport = range.join(',');
    safeCall(onViewport, range[0], range[1]);
  };
  const scheduleViewport = () => {
    if (viewportTimer == null) viewportTimer = setTimeout(reportViewport, VIEWPORT_MS);
  };
  // Leaving the page (or hiding it) sends what was typed, so that it is saved.
  const onHide = () => report();
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onHide);

  const listener = EditorView.updateListener.of((update) => {
    if (update.docChanged) {
      carryStarts(update.startState.doc, update.state.doc, update.changes);
      schedule();
    }
    if (update.viewportChanged && onViewport) scheduleViewport();
    if (onBreakpoints && update.state.field(breakpointField) !== update.startState.field(breakpointField)) {
      const lines = breakpointLines(update.state);
      if (lines.join(',') !== lastBreakpoints) {
        lastBreakpoints = lines.join(',');
        safeCall(onBreakpoints, Uint32Array.from(lines));
      }
    }
    // While text is pending, its cursor goes with it (see `report`).
    if (update.selectionSet && !pendingSince) reportCursor(false);
  });

  const hover = hoverTooltip(async (view, pos, side) => {
    if (typeof opts.onHover !== 'function') return null;
    if (pendingSince) {
      // The host describes its own text: send it the current one, and let it take it in.
      report();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const doc = view.state.doc;
    let text = safeCall(opts.onHover, posToByte(doc, pos));
    if (text && typeof text.then === 'function') {
      try { text = await text; } catch (err) { console.error('irplay editor: onHover failed', err); return null; }
    }
    if (text == null || text === '' || view.state.doc !== doc) return null;
    const word = view.state.wordAt(pos);
    return {
      pos: word ? word.from : pos,
      end: word ? word.to : pos,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'cm-irplay-hover';
        hoverContent(dom, String(text), (line, col) => {
          const d = view.state.doc;
          if (line < 1 || line > d.lines) return;
          const at = byteToPos(d, posToByte(d, d.line(line).from) + col - 1, false);
          view.dispatch({ selection: EditorSelection.cursor(at), effects: EditorView.scrollIntoView(at, { y: 'center' }) });
          view.focus();
        });
        return { dom };
      },
    };
  }, { hoverTime: 350 });

  // The line under the pointer, reported (as a byte range) when it changes; (-1, -1) when the
  // pointer leaves the text (the asm view highlights that line's machine code).
  let hoveredLine = -1;
  const reportLine = (view, line) => {
    if (line === hoveredLine) return;
    hoveredLine = line;
    if (line < 0) { safeCall(opts.onLineHover, -1, -1); return; }
    const l = view.state.doc.line(line);
    safeCall(opts.onLineHover, posToByte(view.state.doc, l.from), posToByte(view.state.doc, l.to));
  };
  const lineHover = EditorView.domEventHandlers({
    mousemove(event, view) {
      if (typeof opts.onLineHover !== 'function') return false;
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
      reportLine(view, pos == null ? -1 : view.state.doc.lineAt(pos).number);
      return false;
    },
    mouseleave(event, view) {
      if (typeof opts.onLineHover === 'function') reportLine(view, -1);
      return false;
    },
  });

  const state = EditorState.create({
    doc: opts.text == null ? '' : String(opts.text),
    extensions: [
      stepperGutter,
      lineNumbers({ domEventHandlers: { mousedown: (view, line) => toggleAt(view, line.from) } }),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      dropCursor(),
      indentOnInput(),
      indentUnit.of('  '),
      bracketMatching(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      llvmIR,
      syntaxHighlighting(irClassHighlighter),
      lintGutter(),
      marksField,
      hover,
      tooltipPlace,
      lineHover,
      baseTheme,
      themeSlot.of(themeFor(dark)),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap, indentWithTab]),
      EditorView.contentAttributes.of({
        'aria-label': 'LLVM IR source. Tab indents; press Escape, then Tab, to move focus out of the editor.',
      }),
      listener,
    ],
  });

  view = new EditorView({ state, parent: host || undefined });

  const live = (fn) => (...args) => {
    if (destroyed) return undefined;
    return fn(...args);
  };

  const handle = {
    view,
    get dom() { return view.dom; },
    getText: live(() => view.state.doc.toString()),
    // True while typed text waits to be reported.
    get pending() { return pendingSince !== 0; },
    setText: live((text) => {
      text = text == null ? '' : String(text);
      const doc = view.state.doc;
      if (doc.toString() === text) return;
      const head = view.state.selection.main.head;
      const insert = view.state.toText(text);
      // One undo step of its own: never merged with typing just before or after it.
      view.dispatch({
        changes: { from: 0, to: doc.length, insert },
        selection: EditorSelection.cursor(Math.min(head, insert.length)),
        annotations: isolateHistory.of('full'),
      });
      report(); // a replacement is reported at once
    }),
    // The text typed since it was last reported (with when that began), taken now instead of
    // after the pause: the host asks before acting on its text (Run, Share...). Null when none.
    takePending: live(() => {
      const p = takePending();
      if (p) queueMicrotask(() => { if (!destroyed) reportCursor(true); });
      return p;
    }),
    setDiagnostics: live((diags) => {
      const doc = view.state.doc;
      const list = [];
      for (const d of Array.isArray(diags) ? diags : []) {
        if (!d || typeof d !== 'object') continue;
        const [from, to] = byteRange(doc, d.from, d.to);
        list.push({
          from, to,
          severity: SEVERITIES[d.severity] || 'error',
          message: d.message == null ? '' : String(d.message),
          ...(d.source ? { source: String(d.source) } : {}),
        });
      }
      view.dispatch(lintSetDiagnostics(view.state, list));
    }),
    select: live((fromByte, toByte) => {
      const doc = view.state.doc;
      const anchor = byteToPos(doc, fromByte, false);
      const head = toByte == null ? anchor : byteToPos(doc, toByte, true);
      view.dispatch({
        selection: EditorSelection.single(anchor, head),
        effects: EditorView.scrollIntoView(EditorSelection.range(anchor, head), { y: 'center' }),
      });
      view.focus();
    }),
    setMarks: live((marks) => {
      view.dispatch({ effects: setMarksEffect.of(buildMarks(view.state.doc, marks)) });
    }),
    setDark: live((value) => {
      value = !!value;
      if (value === dark) return;
      dark = value;
      view.dispatch({ effects: themeSlot.reconfigure(themeFor(dark)) });
    }),
    // The stepper: breakpoints by line number (1-based), reported to `fn` whenever they change
    // (a click in the gutter, or an edit that moved them).
    onBreakpoints: live((fn) => { onBreakpoints = typeof fn === 'function' ? fn : null; }),
    getBreakpoints: live(() => breakpointLines(view.state)),
    // The byte range the editor draws, reported to `fn(from, to)` now and whenever it changed
    // (scrolling, typing, resizing), once that pauses.
    onViewport: live((fn) => {
      onViewport = typeof fn === 'function' ? fn : null;
      lastViewport = '';
      reportViewport();
    }),
    setBreakpoints: live((lines) => {
      view.dispatch({ effects: setBreakpointsEffect.of(breakpointSet(view.state.doc, lines)) });
    }),
    // Highlights the current instruction (a byte range; kind 'paused', 'finished' or 'stale')
    // and scrolls it into view, or clears it (fromByte null).
    setCurrent: live((fromByte, toByte, kind) => {
      if (fromByte == null || fromByte < 0) {
        view.dispatch({ effects: setCurrentEffect.of(null) });
        return;
      }
      const doc = view.state.doc;
      const [from, to] = byteRange(doc, fromByte, toByte);
      const k = ['paused', 'finished', 'stale'].includes(kind) ? kind : 'paused';
      view.dispatch({
        effects: [
          setCurrentEffect.of({ from, to, kind: k, lineFrom: doc.lineAt(from).from }),
          EditorView.scrollIntoView(from, { y: 'nearest', yMargin: 48 }),
        ],
      });
    }),
    getCursor: live(() => posToByte(view.state.doc, view.state.selection.main.head)),
    byteToPos: live((byte) => byteToPos(view.state.doc, byte, false)),
    posToByte: live((pos) => posToByte(view.state.doc, pos)),
    focus: live(() => view.focus()),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      if (flushTimer != null) clearTimeout(flushTimer);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      if (host && mounted.get(host) === handle) mounted.delete(host);
      view.destroy();
    },
  };
  if (host) mounted.set(host, handle);
  // The most recent editor, for tests and the browser console.
  window.IrplayEditor.last = handle;
  return handle;
}

window.IrplayEditor = { create };
