; RUN: irplay fmt %s
; LLVM 1.x: load and store through typed pointers (the types from the 1.x
; pointer types), `volatile`, `alloca T, uint N`, `malloc T` and
; `malloc T, uint N` (calls of a declared @malloc with the size from the
; data layout, as the getelementptr-from-null idiom), `free` (a call of a
; declared @free), `getelementptr` with a `ubyte` structure index (i32 in
; modern IR) and an unsigned index narrower than 64 bits (zero-extended to
; i64, since modern getelementptr sign-extends). The golden .stdout is the
; hand-converted module as printed by LLVM 19.

%node = type { int, %node*, [4 x short] }

implementation

short %mem(uint %n, ubyte %k, int %s) {
  %slot = alloca int
  %arr = alloca short, uint 8
  store int 5, int* %slot
  %v = volatile load int* %slot
  volatile store int %v, int* %slot
  %one = malloc %node
  %many = malloc %node, uint %n
  %f = getelementptr %node* %one, long 0, ubyte 0
  store int %v, int* %f
  %next = getelementptr %node* %many, uint %n, ubyte 1
  store %node* %one, %node** %next
  %e = getelementptr %node* %one, long 0, ubyte 2, ubyte %k
  %x = load short* %e
  %y = getelementptr short* %arr, int %s
  store short %x, short* %y
  %z = getelementptr short* %arr, uint 3
  %r = load short* %z
  free %node* %one
  free %node* %many
  ret short %r
}
