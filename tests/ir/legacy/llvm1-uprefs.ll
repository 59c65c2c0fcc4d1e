; RUN: irplay fmt %s
; LLVM 1.x up-references: `\N` is the type N levels of type construction
; above it (the pointer in `\2*` is level 1). One that refers to the type
; being named becomes that name (`%list`, `%tree`); an anonymous recursive
; type becomes a new identified struct (`%upref.N`). Loads and
; getelementptrs through such pointers keep their 1.x pointee types. The
; golden .stdout is the module as printed by LLVM 19.

%list = type { int, \2* }
%tree = type { \2*, \2*, int }
%fnode = type { int (\4*)*, int }

%one = global %list { int 1, %list* null }
%two = global %list { int 2, %list* %one }
%anon = global { int, \2* } { int 3, { int, \2* }* null }
%root = global %tree { %tree* null, %tree* null, int 4 }

implementation

int %length(%list* %l) {
entry:
  br label %loop
loop:
  %p = phi %list* [ %l, %entry ], [ %next, %body ]
  %n = phi int [ 0, %entry ], [ %n2, %body ]
  %end = seteq %list* %p, null
  br bool %end, label %done, label %body
body:
  %f = getelementptr %list* %p, long 0, ubyte 1
  %next = load %list** %f
  %n2 = add int %n, 1
  br label %loop
done:
  ret int %n
}

int %apply(%fnode* %f) {
  %pp = getelementptr %fnode* %f, long 0, ubyte 0
  %fn = load int (%fnode*)** %pp
  %r = call int %fn(%fnode* %f)
  ret int %r
}
