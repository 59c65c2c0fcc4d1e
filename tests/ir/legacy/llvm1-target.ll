; RUN: irplay fmt %s
; LLVM 1.x: `target endian = little` and `target pointersize = 32` become
; the data layout "e-p:32:32"; `deplibs` has no modern equivalent and is
; dropped with a note. The golden .stdout is the hand-converted module as
; printed by LLVM 19.

target endian = little
target pointersize = 32
deplibs = [ "c", "m" ]

%p = global int* null

implementation

int* %get() {
  %v = load int** %p
  ret int* %v
}
