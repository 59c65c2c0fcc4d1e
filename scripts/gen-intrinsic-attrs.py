#!/usr/bin/env python3
"""Generates core/src/ir/intrinsic_attrs_table.rs: LLVM 19's attributes of intrinsic
declarations (what `Intrinsic::getAttributes` returns), from the tblgen output LLVM installs
(`IntrinsicImpl.inc`).

Run by hand (not by the build), after an LLVM upgrade:

    scripts/gen-intrinsic-attrs.py [/usr/include/llvm-19/llvm/IR/IntrinsicImpl.inc] \
        > core/src/ir/intrinsic_attrs_table.rs && cargo fmt --all

Only the target-independent intrinsics and those of the targets in TARGETS are kept (the
others would make the table several times larger). Attribute sets are written once and
referred to by index: function sets (`FN_SETS`), parameter and return sets (`ARG_SETS`),
attribute lists (`LISTS`: a function set and (position, set) pairs, position 0 being the
return value and k + 1 parameter k). The names (sorted, without `llvm.`) are one string
(`NAMES`) cut at the offsets `ENDS`; `ENTRIES` gives each name's list, with bit 15 set when the
intrinsic is overloaded.
"""

import re
import sys

TARGETS = ["", "aarch64", "arm", "wasm", "x86"]

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

    keep = []
    for tname, off, count in targets:
        if tname in TARGETS:
            keep.extend(range(int(off), int(off) + int(count)))

    # Renumber the sets and lists that the kept intrinsics use, in order of first use.
    # Sets and lists are keyed by their content (tblgen repeats some).
    fn_ix, arg_ix, list_ix = {}, {}, {}
    rows = []
    for i in keep:
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
        rows.append((names[i].removeprefix("llvm."), list_ix[lst], overloaded(i + 1)))
    rows.sort()

    out = []
    out.append("//! LLVM 19's attributes of intrinsic declarations (generated by")
    out.append("//! `scripts/gen-intrinsic-attrs.py` from LLVM's `IntrinsicImpl.inc`; do not edit by hand): the")
    out.append("//! data of [`super::intrinsic_attrs`].")
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
    others = ", ".join(f'"{t}"' for t, _, _ in targets if t not in TARGETS)
    out.append("/// The targets whose intrinsics the table leaves out (`llvm.x86.*`, ...).")
    out.append(f"pub(super) const OTHER_TARGETS: &[&str] = &[{others}];")
    out.append("")
    out.append("/// Every intrinsic name without `llvm.`, sorted, one after the other: name `i` ends at")
    out.append("/// `ENDS[i]` and starts where name `i - 1` ends.")
    out.append("#[rustfmt::skip]")
    out.append('pub(super) const NAMES: &str = "\\')
    line = ""
    for name, _, _ in rows:
        if line and len(line) + len(name) > 98:
            out.append(line + "\\")
            line = ""
        line += name
    out.append(line + '";')
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

    ends, end = [], 0
    for name, _, _ in rows:
        end += len(name)
        ends.append(end)
    out.append("/// Where each name of `NAMES` ends.")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) const ENDS: &[u32] = &[")
    numbers(ends)
    out.append("];")
    out.append("")
    out.append("/// Each name's attribute list (an index into `LISTS`), plus `OVERLOADED` when the")
    out.append("/// intrinsic is overloaded (its declarations' names then carry mangled types after the name).")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) const ENTRIES: &[u16] = &[")
    numbers([lst | (0x8000 if ov else 0) for _, lst, ov in rows])
    out.append("];")
    out.append("")
    out.append("/// The bit of `ENTRIES` set for an overloaded intrinsic.")
    out.append("pub(super) const OVERLOADED: u16 = 0x8000;")
    assert len(list_ix) < 0x8000 and end < 2**32
    assert all(n.isascii() and '"' not in n and "\\" not in n for n, _, _ in rows)
    assert len(fn_ix) < 255 and len(arg_ix) < 256
    print("\n".join(out))


main()
