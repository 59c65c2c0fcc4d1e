; FAIL: irplay check %s
; LLVM 1.x: a name used with a type that none of its type planes has is an
; error at the use, in the 1.x text (after the note on the file).

implementation

int %f(int %x, uint %x) {
  %y = add long %x, 1                    ; ERROR: several type planes
  ret int 0
}
