; FAIL: irplay check %s
; A misspelt type keyword gets the closest type; a C type name gets its LLVM
; spelling.

@d = global doulbe 0.0          ; ERROR: type
@c = global char 0              ; ERROR: type
@p = global pointer null        ; ERROR: type
