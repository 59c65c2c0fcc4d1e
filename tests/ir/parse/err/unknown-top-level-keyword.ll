; FAIL: irplay check %s
; Parser: a top-level entity that is not a global, function, type,
; comdat, attribute group, metadata, or directive.

globl @x = global i32 0         ; ERROR: top-level
