#!/usr/bin/env python3
"""Generates core/src/ir/intrinsic_attrs_table.rs: LLVM 19's attributes of intrinsic
declarations (what `Intrinsic::getAttributes` returns), from the tblgen output LLVM installs
(`IntrinsicImpl.inc`).

Run by hand (not by the build), after an LLVM upgrade:

    scripts/gen-intrinsic-attrs.py [/usr/include/llvm-19/llvm/IR/IntrinsicImpl.inc] \
        > core/src/ir/intrinsic_attrs_table.rs && cargo fmt --all

Every target's intrinsics are kept. Attribute sets are written once and referred to by index:
function sets (`FN_SETS`), parameter and return sets (`ARG_SETS`), attribute lists (`LISTS`: a
function set and (position, set) pairs, position 0 being the return value and k + 1 parameter
k), and the (list, overloaded) pairs the intrinsics use (`CODES`, most used first).

The names are kept small by front coding. Each target's names (without `llvm.` and the
target's `T.`), sorted, are one run of entries in the string `NAMES`: an entry is one
character telling how many leading bytes it shares with the previous name (`PREFIX_BASE` plus
the count), the rest of the name, then its code, one character of `CODE1` or a character of
`CODE2` followed by one of `DIGITS`. None of the code characters can appear in a name, so the
name ends where the code starts. Every `RESTART`th entry of a target shares nothing (a whole
name); `RESTARTS` gives where they start, for a binary search over them. `TARGETS` gives each
target's name, first restart and count of restarts.
"""

import re
import sys

# Entries between two whole names.
RESTART = 32

# The characters of the encoding: printable, no whitespace (a string continuation would eat it
# at a line start), no `"` or backslash.
PREFIX_BASE = 0x23  # '#'
DIGITS = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"\\')

# tblgen's attribute enumerators to our keywords.
KEYWORDS = {
    "Alignment": "align",
    "Cold": "cold",
    "Convergent": "convergent",
    "ImmArg": "immarg",
    "NoAlias": "noalias",
    "NoCallback": "nocallback",
    "NoCapture": "nocapture",
    "NoDuplicate": "noduplicate",
    "NoFree": "nofree",
    "NoMerge": "nomerge",
    "NoReturn": "noreturn",
    "NoSync": "nosync",
    "NoUndef": "noundef",
    "NoUnwind": "nounwind",
    "NonNull": "nonnull",
    "ReadNone": "readnone",
    "ReadOnly": "readonly",
    "Returned": "returned",
    "Speculatable": "speculatable",
    "StrictFP": "strictfp",
    "WillReturn": "willreturn",
    "WriteOnly": "writeonly",
}


def section(text, name):
    start = text.index("#ifdef " + name)
    end = text.index("#endif", start)
    return text[start:end]


def attr_sets(body, fn_name):
    """The `case N: return AttributeSet::get(C, {...})` sets of function `fn_name`."""
    start = body.index(fn_name)
    end = body.index("\n}\n", start)
    sets = {}
    for m in re.finditer(r"case (\d+):\s*return AttributeSet::get\(C, \{(.*?)\}\);",
                         body[start:end], re.S):
        words, memory = [], None
        for a in re.finditer(r"Attribute::get\(C, Attribute::(\w+)(?:, (\d+))?\)", m.group(2)):
            kw = KEYWORDS[a.group(1)]
            words.append(f"{kw} {a.group(2)}" if a.group(2) else kw)
        mem = re.search(r"createFromIntValue\((\d+)\)", m.group(2))
        if mem:
            memory = int(mem.group(1))
        sets[int(m.group(1))] = (" ".join(words), memory)
    return sets


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/llvm-19/llvm/IR/IntrinsicImpl.inc"
    text = open(path).read()
    names = re.findall(r'^  "(llvm\.[^"]*)",$', section(text, "GET_INTRINSIC_NAME_TABLE"), re.M)
    targets = re.findall(r'StringLiteral\("(\w*)"\), (\d+), (\d+)\}',
                         section(text, "GET_INTRINSIC_TARGET_DATA"))
    otable = section(text, "GET_INTRINSIC_OVERLOAD_TABLE")
    obytes = []
    for line in otable.split("{", 1)[1].split("};", 1)[0].strip().splitlines():
        bits = [int(b) for b in re.findall(r"1<<(\d)", line)]
        obytes.append(sum(1 << b for b in bits))

    def overloaded(id_):
        return obytes[id_ // 8] & (1 << (id_ % 8)) != 0

    attrs = section(text, "GET_INTRINSIC_ATTRIBUTES")
    arg_sets = attr_sets(attrs, "getIntrinsicArgAttributeSet")
    fn_sets = attr_sets(attrs, "getIntrinsicFnAttributeSet")
    mapping = [int(x) for x in re.findall(r"^    (\d+), // llvm\.",
                                          attrs.split("IntrinsicsToAttributesMap[] = {")[1]
                                          .split("};")[0], re.M)]
    assert len(mapping) == len(names), (len(mapping), len(names))
    lists = {}
    for m in re.finditer(r"case (\d+): \{(.*?)\n    \}", attrs.split("switch(IntrinsicsToAttributesMap")[1],
                         re.S):
        fn, args = None, []
        for a in re.finditer(r"\{([\w:]+), getIntrinsic(Fn|Arg)AttributeSet\(C, (\d+)\)\}",
                             m.group(2)):
            if a.group(2) == "Fn":
                fn = int(a.group(3))
            else:
                args.append((int(a.group(1)), int(a.group(3))))
        lists[int(m.group(1))] = (fn, args)

    # Renumber the sets and lists that the intrinsics use, in order of first use. Sets and
    # lists are keyed by their content (tblgen repeats some).
    fn_ix, arg_ix, list_ix = {}, {}, {}
    per_target = []
    for tname, off, count in targets:
        rows = []
        for i in range(int(off), int(off) + int(count)):
            fn, args = lists.get(mapping[i], (None, []))
            fn_key = None if fn is None else fn_sets[fn]
            if fn_key is not None and fn_key not in fn_ix:
                fn_ix[fn_key] = len(fn_ix)
            arg_keys = []
            for pos, s in args:
                key = arg_sets[s][0]
                if key not in arg_ix:
                    arg_ix[key] = len(arg_ix)
                arg_keys.append((pos, arg_ix[key]))
            lst = (255 if fn_key is None else fn_ix[fn_key], tuple(arg_keys))
            if lst not in list_ix:
                list_ix[lst] = len(list_ix)
            name = names[i].removeprefix("llvm.")
            if tname:
                assert name.startswith(tname + "."), name
                name = name[len(tname) + 1:]
            rows.append((name, list_ix[lst] | (0x8000 if overloaded(i + 1) else 0)))
        rows.sort()
        assert all(re.fullmatch(r"[A-Za-z0-9._]+", n) for n, _ in rows)
        per_target.append((tname, rows))

    # Codes: the (list, overloaded) pairs, most used first; one character for the first ones,
    # two for the others.
    uses = {}
    for _, rows in per_target:
        for _, v in rows:
            uses[v] = uses.get(v, 0) + 1
    codes = sorted(uses, key=lambda v: (-uses[v], v))
    free = [c for c in DIGITS if not re.fullmatch(r"[A-Za-z0-9._]", c)]
    n2 = 1
    while len(free) - n2 + n2 * len(DIGITS) < len(codes):
        n2 += 1
    code1, code2 = "".join(free[:len(free) - n2]), "".join(free[len(free) - n2:])

    def code(v):
        k = codes.index(v)
        if k < len(code1):
            return code1[k]
        k -= len(code1)
        return code2[k // len(DIGITS)] + DIGITS[k % len(DIGITS)]

    text, restarts, tinfo = [], [], []
    offset = 0
    for tname, rows in per_target:
        tinfo.append((tname, len(restarts), (len(rows) + RESTART - 1) // RESTART))
        prev = ""
        for k, (name, v) in enumerate(rows):
            shared = 0
            if k % RESTART == 0:
                restarts.append(offset)
            else:
                while shared < min(len(name), len(prev)) and name[shared] == prev[shared]:
                    shared += 1
            assert PREFIX_BASE + shared < ord("\\") and len(name) <= 64, name
            entry = chr(PREFIX_BASE + shared) + name[shared:] + code(v)
            text.append(entry)
            offset += len(entry)
            prev = name
    restarts.append(offset)
    text = "".join(text)

    out = []
    out.append("//! LLVM 19's attributes of intrinsic declarations (generated by")
    out.append("//! `scripts/gen-intrinsic-attrs.py` from LLVM's `IntrinsicImpl.inc`; do not edit by hand): the")
    out.append("//! data of [`super::intrinsic_attrs`], laid out as that script's documentation says.")
    out.append("")
    out.append("/// Function attribute sets: keywords, and `memory(...)` as [`super::attrs::MemoryEffects`] bits.")
    out.append("pub(super) const FN_SETS: &[(&str, Option<u8>)] = &[")
    for (words, mem), _ in sorted(fn_ix.items(), key=lambda kv: kv[1]):
        out.append(f'    ("{words}", {"None" if mem is None else f"Some({mem})"}),')
    out.append("];")
    out.append("")
    out.append("/// Parameter and return attribute sets: keywords (`align N` with its value).")
    out.append("pub(super) const ARG_SETS: &[&str] = &[")
    for words, _ in sorted(arg_ix.items(), key=lambda kv: kv[1]):
        out.append(f'    "{words}",')
    out.append("];")
    out.append("")
    out.append("/// Attribute lists: the function set (`u8::MAX`: none) and (position, set) pairs, position 0")
    out.append("/// being the return value and k + 1 parameter k.")
    out.append("pub(super) const LISTS: &[(u8, &[(u8, u8)])] = &[")
    for (fn, args), _ in sorted(list_ix.items(), key=lambda kv: kv[1]):
        pairs = ", ".join(f"({p}, {s})" for p, s in args)
        out.append(f"    ({fn}, &[{pairs}]),")
    out.append("];")
    out.append("")

    def numbers(values):
        line = "   "
        for v in values:
            item = f" {v},"
            if len(line) + len(item) > 100:
                out.append(line)
                line = "   "
            line += item
        out.append(line)

    out.append("/// The codes of the entries of `NAMES`: an index into `LISTS`, plus `OVERLOADED` when the")
    out.append("/// intrinsic is overloaded (its declarations' names then carry mangled types after the name).")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) const CODES: &[u16] = &[")
    numbers(codes)
    out.append("];")
    out.append("")
    out.append("/// The bit of `CODES` set for an overloaded intrinsic.")
    out.append("pub(super) const OVERLOADED: u16 = 0x8000;")
    out.append("")
    out.append("/// An entry's first byte minus this is how many bytes its name shares with the previous one.")
    out.append(f"pub(super) const PREFIX_BASE: u8 = b'{chr(PREFIX_BASE)}';")
    out.append("")
    out.append("/// The one-character codes: code `k` is `CODE1[k]`.")
    out.append(f'pub(super) const CODE1: &[u8] = b"{code1}";')
    out.append("")
    out.append("/// The first characters of the two-character codes: `CODE2[j]` then `DIGITS[d]` is code")
    out.append("/// `CODE1.len() + j * DIGITS.len() + d`.")
    out.append(f'pub(super) const CODE2: &[u8] = b"{code2}";')
    out.append("")
    out.append("/// The second characters of the two-character codes.")
    out.append(f'pub(super) const DIGITS: &[u8] = b"{DIGITS}";')
    out.append("")
    out.append("/// Each target's name (`\"\"`: the target-independent intrinsics), its first index in `RESTARTS`")
    out.append("/// and its count of restarts; sorted by name.")
    out.append("pub(super) const TARGETS: &[(&str, u16, u16)] = &[")
    for t, first, n in tinfo:
        out.append(f'    ("{t}", {first}, {n}),')
    out.append("];")
    out.append("")
    out.append(f"/// Where the entries that hold a whole name start in `NAMES` (one entry in {RESTART} of each target), and")
    out.append("/// the end of `NAMES`.")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) const RESTARTS: &[u32] = &[")
    numbers(restarts)
    out.append("];")
    out.append("")
    out.append("/// The entries of every target's names, front coded.")
    out.append("#[rustfmt::skip]")
    out.append('pub(super) const NAMES: &str = "\\')
    for i in range(0, len(text), 99):
        out.append(text[i:i + 99] + ("\\" if i + 99 < len(text) else '";'))
    assert [t for t, _, _ in tinfo] == sorted(t for t, _, _ in tinfo)
    assert len(list_ix) < 0x8000 and len(restarts) < 2**16 and offset < 2**32
    assert len(fn_ix) < 255 and len(arg_ix) < 256
    print("\n".join(out))


main()
