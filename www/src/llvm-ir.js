// LLVM IR language support for CodeMirror 6: a stream tokenizer, its highlight tags, stable token classes and light/dark highlight styles.
import { StreamLanguage, HighlightStyle } from '@codemirror/language';
import { Tag, tags as t, tagHighlighter } from '@lezer/highlight';

// Tags of our own, each a child of a standard tag so generic highlighters still colour them.
export const irTags = {
  local: Tag.define(t.variableName),      // %x  %"x y"  %0
  global: Tag.define(t.variableName),     // @f  @"f g"  @0
  comdat: Tag.define(t.variableName),     // $c
  metadata: Tag.define(t.meta),           // !0  !dbg  !{  !DILocation
  attrGroup: Tag.define(t.meta),          // #0
  label: Tag.define(t.labelName),         // entry:  (definition at line start)
  opcode: Tag.define(t.keyword),          // add, load, br, getelementptr, ...
  keyword: Tag.define(t.keyword),         // define, declare, global, to, ...
  modifier: Tag.define(t.modifier),       // nsw, nuw, exact, linkage, attributes, predicates, orderings
  type: Tag.define(t.typeName),           // i32, ptr, <4 x i32>, [2 x i8]
  atom: Tag.define(t.atom),               // true, false, null, undef, zeroinitializer, none, DW_*
  poison: Tag.define(t.atom),             // poison
  field: Tag.define(t.propertyName),      // name:  inside !DI...(...) and memory(...)
};

const words = (s) => new Set(s.split(/\s+/).filter(Boolean));

const OPCODES = words(`
  ret br switch indirectbr invoke resume unreachable cleanupret catchret catchswitch callbr
  fneg add fadd sub fsub mul fmul udiv sdiv fdiv urem srem frem shl lshr ashr and or xor
  extractelement insertelement shufflevector extractvalue insertvalue
  alloca load store fence cmpxchg atomicrmw getelementptr
  trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint ptrtoaddr inttoptr bitcast addrspacecast
  icmp fcmp phi select freeze call va_arg landingpad catchpad cleanuppad`);

const KEYWORDS = words(`
  define declare global constant type attributes target datalayout triple source_filename
  module asm section partition comdat alias ifunc align addrspace personality prefix prologue gc
  uselistorder uselistorder_bb to unwind within from caller cleanup catch filter
  blockaddress dso_local_equivalent no_cfi vscale splat distinct sideeffect inteldialect
  any exactmatch largest nodeduplicate samesize`);

const MODIFIERS = words(`
  private internal available_externally linkonce weak common appending extern_weak linkonce_odr weak_odr external
  default hidden protected dllimport dllexport dso_local dso_preemptable
  thread_local localdynamic initialexec localexec unnamed_addr local_unnamed_addr externally_initialized
  ccc fastcc coldcc ghccc cc webkit_jscc anyregcc preserve_mostcc preserve_allcc preserve_nonecc
  cxx_fast_tlscc swiftcc swifttailcc tailcc cfguard_checkcc x86_stdcallcc x86_fastcallcc x86_thiscallcc
  x86_vectorcallcc x86_regcallcc x86_intrcc x86_64_sysvcc win64cc arm_apcscc arm_aapcscc arm_aapcs_vfpcc
  aarch64_vector_pcs aarch64_sve_vector_pcs spir_kernel spir_func ptx_kernel ptx_device intel_ocl_bicc
  nsw nuw exact disjoint nneg samesign inbounds inrange nusw
  fast nnan ninf nsz arcp contract afn reassoc
  volatile atomic unordered monotonic acquire release acq_rel seq_cst syncscope tail musttail notail
  eq ne ugt uge ult ule sgt sge slt sle oeq ogt oge olt ole one ord ueq une uno
  xchg nand max min umax umin fmax fmin fminimum fmaximum uinc_wrap udec_wrap usub_cond usub_sat
  zeroext signext inreg byval byref preallocated inalloca sret elementtype noalias nocapture captures
  nofree nest returned nonnull dereferenceable dereferenceable_or_null swiftself swiftasync swifterror
  immarg noundef nofpclass alignstack allocalign allocptr readnone readonly writeonly writable
  dead_on_unwind dead_on_return initializes range
  alwaysinline builtin cold convergent hot inlinehint jumptable minsize mustprogress naked nobuiltin
  nocallback nocf_check noduplicate noimplicitfloat noinline nomerge nonlazybind noprofile norecurse
  noredzone noreturn nosync nounwind null_pointer_is_valid optforfuzzing optnone optsize
  presplitcoroutine returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memory
  sanitize_memtag sanitize_thread shadowcallstack speculatable speculative_load_hardening ssp sspreq
  sspstrong strictfp uwtable willreturn memory argmem inaccessiblemem read write readwrite
  allockind allocsize vscale_range sync async address provenance`);

const TYPES = words(`
  void half bfloat float double fp128 x86_fp80 ppc_fp128 x86_amx x86_mmx label metadata token ptr opaque x`);

const ATOMS = words(`true false null none undef zeroinitializer`);

const NAME = /^[-a-zA-Z$._][-a-zA-Z$._0-9]*/;
const META_NAME = /^[-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*/;
const WORD = /^[-a-zA-Z$._0-9]+/;

// Eats a quoted string whose opening quote was just consumed; returns whether it closed on this line.
function eatQuoted(stream) {
  let ch;
  while ((ch = stream.next()) != null) {
    if (ch === '"') return true;
  }
  return false;
}

const parser = {
  name: 'llvm-ir',

  startState() {
    return { inString: null, depth: 0, firstOnLine: true };
  },

  token(stream, state) {
    if (stream.sol()) state.firstOnLine = true;
    // A string (or quoted name) left open on the previous line.
    if (state.inString) {
      const style = state.inString;
      if (eatQuoted(stream)) state.inString = null;
      state.firstOnLine = false;
      return style;
    }
    if (stream.eatSpace()) return null;
    const first = state.firstOnLine;
    state.firstOnLine = false;
    const ch = stream.peek();

    if (ch === ';') {
      stream.skipToEnd();
      return 'comment';
    }

    // Labels at the start of a line: `name:`, `"quoted":`, `0:`.
    if (first) {
      if (stream.match(/^[-a-zA-Z$._0-9]+:/) || stream.match(/^"[^"]*":/)) return 'irLabel';
    }

    if (ch === '"' || (ch === 'c' && stream.match('c"', false))) {
      stream.next();
      if (ch === 'c') stream.next();
      if (!eatQuoted(stream)) state.inString = 'string';
      return 'string';
    }

    // Sigiled names: %local, @global, $comdat, %"quoted", %0.
    if (ch === '%' || ch === '@' || ch === '$') {
      stream.next();
      const style = ch === '%' ? 'irLocal' : ch === '@' ? 'irGlobal' : 'irComdat';
      if (stream.eat('"')) {
        if (!eatQuoted(stream)) state.inString = style;
        return style;
      }
      if (stream.match(/^[0-9]+/) || stream.match(NAME)) return style;
      return 'invalid';
    }

    if (ch === '!') {
      stream.next();
      stream.match(/^[0-9]+/) || stream.match(META_NAME);
      return 'irMeta'; // `!` alone (as in `!{` and `!"..."`) is metadata punctuation
    }
    if (ch === '#') {
      stream.next();
      return stream.match(/^[0-9]+/) ? 'irAttrGroup' : 'invalid';
    }
    if (ch === '^') {
      stream.next();
      return stream.match(/^[0-9]+/) ? 'irMeta' : 'invalid';
    }

    // Numbers: hex floats (0x, 0xK, 0xL, 0xM, 0xH, 0xR), hex integers (u0x, s0x), decimals.
    if (stream.match(/^0x[KLMHR]?[0-9A-Fa-f]+/)) return 'float';
    if (stream.match(/^[us]0x[0-9A-Fa-f]+/)) return 'integer';
    if (stream.match(/^[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?/)) return 'float';
    if (stream.match(/^-?[0-9]+/)) return 'integer';

    const m = stream.match(WORD);
    if (m) {
      const w = m[0];
      if (stream.eat(':')) {
        return 'irField';
      }
      if (/^i[0-9]+$/.test(w) || TYPES.has(w)) return 'irType';
      if (OPCODES.has(w)) return 'irOpcode';
      if (KEYWORDS.has(w)) return 'irKeyword';
      if (w === 'poison') return 'irPoison';
      if (ATOMS.has(w)) return 'irAtom';
      if (MODIFIERS.has(w)) return 'irModifier';
      if (/^(DW_|DIFlag|DISPFlag|CSK_|DNF_|[A-Z])/.test(w)) return 'irAtom';
      return null;
    }

    stream.next();
    switch (ch) {
      case '{': state.depth++; return 'brace';
      case '}': state.depth = Math.max(0, state.depth - 1); return 'brace';
      case '(': case ')': return 'paren';
      case '[': case ']': return 'squareBracket';
      case '<': case '>': return 'angleBracket';
      case ',': return 'separator';
      case '=': return 'definitionOperator';
      case '*': return 'operator';
      default: return 'invalid';
    }
  },

  // Instructions one unit inside a `{`; labels and the closing `}` at the enclosing level.
  indent(state, textAfter, cx) {
    let depth = state.depth;
    if (/^\s*\}/.test(textAfter) || /^\s*(?:[-a-zA-Z$._0-9]+|"[^"]*"):/.test(textAfter)) depth--;
    return Math.max(0, depth) * cx.unit;
  },

  languageData: {
    commentTokens: { line: ';' },
    indentOnInput: /^\s*(?:\}|(?:[-a-zA-Z$._0-9]+|"[^"]*"):)$/,
    wordChars: '%@$._!#',
  },

  tokenTable: {
    irLocal: irTags.local,
    irGlobal: irTags.global,
    irComdat: irTags.comdat,
    irMeta: irTags.metadata,
    irAttrGroup: irTags.attrGroup,
    irLabel: irTags.label,
    irOpcode: irTags.opcode,
    irKeyword: irTags.keyword,
    irModifier: irTags.modifier,
    irType: irTags.type,
    irAtom: irTags.atom,
    irPoison: irTags.poison,
    irField: irTags.field,
  },
};

export const llvmIR = StreamLanguage.define(parser);

// Stable class names (`tok-ir-*`) on highlighted tokens, for tests and for page CSS.
export const irClassHighlighter = tagHighlighter([
  { tag: t.comment, class: 'tok-ir-comment' },
  { tag: t.string, class: 'tok-ir-string' },
  { tag: t.number, class: 'tok-ir-number' },
  { tag: irTags.local, class: 'tok-ir-local' },
  { tag: irTags.global, class: 'tok-ir-global' },
  { tag: irTags.comdat, class: 'tok-ir-comdat' },
  { tag: irTags.metadata, class: 'tok-ir-metadata' },
  { tag: irTags.attrGroup, class: 'tok-ir-attrgroup' },
  { tag: irTags.label, class: 'tok-ir-label' },
  { tag: irTags.opcode, class: 'tok-ir-opcode' },
  { tag: irTags.keyword, class: 'tok-ir-keyword' },
  { tag: irTags.modifier, class: 'tok-ir-modifier' },
  { tag: irTags.type, class: 'tok-ir-type' },
  { tag: irTags.atom, class: 'tok-ir-atom' },
  { tag: irTags.poison, class: 'tok-ir-poison' },
  { tag: irTags.field, class: 'tok-ir-field' },
  { tag: [t.punctuation, t.bracket, t.operator, t.definitionOperator], class: 'tok-ir-punct' },
  { tag: t.invalid, class: 'tok-ir-invalid' },
]);

function style(c) {
  return HighlightStyle.define([
    { tag: t.comment, color: c.comment, fontStyle: 'italic' },
    { tag: t.string, color: c.string },
    { tag: t.number, color: c.number },
    { tag: irTags.local, color: c.local },
    { tag: [irTags.global, irTags.comdat], color: c.global },
    { tag: [irTags.metadata, irTags.attrGroup], color: c.metadata },
    { tag: irTags.label, color: c.label, fontWeight: '600' },
    { tag: irTags.opcode, color: c.opcode, fontWeight: '600' },
    { tag: irTags.keyword, color: c.keyword },
    { tag: irTags.modifier, color: c.modifier },
    { tag: irTags.type, color: c.type },
    { tag: irTags.atom, color: c.number },
    { tag: irTags.poison, color: c.poison, fontWeight: '600' },
    { tag: irTags.field, color: c.comment },
    { tag: t.invalid, color: c.keyword, textDecoration: 'underline dotted' },
  ]);
}

export const irHighlightLight = style({
  comment: '#6e7781', string: '#0a3069', number: '#0550ae', local: '#953800', global: '#116329',
  metadata: '#bf3989', label: '#0969da', opcode: '#8250df', keyword: '#cf222e', modifier: '#9a6700',
  type: '#1b7c83', poison: '#c4007a',
});

export const irHighlightDark = style({
  comment: '#8b949e', string: '#a5d6ff', number: '#79c0ff', local: '#ffa657', global: '#7ee787',
  metadata: '#f778ba', label: '#58a6ff', opcode: '#d2a8ff', keyword: '#ff7b72', modifier: '#e3b341',
  type: '#39c5cf', poison: '#ff6ec7',
});
