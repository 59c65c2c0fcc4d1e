; RUN: irplay check %s
; LangRef: ThinLTO Summary (module path, global value, function, variable
; and alias summaries, type id entries) alongside the IR it describes.

source_filename = "module-summary.c"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define i32 @f() {
  %v = load i32, ptr @g
  ret i32 %v
}

@a = alias i32 (), ptr @f

^0 = module: (path: "module-summary.o", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 2, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 0, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), refs: (^2))))
^2 = gv: (name: "g", summaries: (variable: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), varFlags: (readonly: 1, writeonly: 0, constant: 0))))
^3 = gv: (name: "a", summaries: (alias: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), aliasee: ^1)))
^4 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7)))
^5 = blockcount: 3
