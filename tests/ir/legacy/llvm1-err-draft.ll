; FAIL: irplay check %s
; LLVM 1.x: a form of the 2001 draft manual that released 1.x never had
; (`icall`) is an error that names the draft.

implementation

int %f(int ()* %g) {
  %r = icall int %g()                    ; ERROR: 2001 LLVM 1.x draft
  ret int %r
}
