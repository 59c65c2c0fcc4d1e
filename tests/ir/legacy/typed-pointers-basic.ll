; RUN: irplay check %s
; RUN: irplay fmt %s
; Legacy syntax (LLVM <= 16): typed pointers `T*` and `T addrspace(N)*` in
; globals, named types, parameters, load/store/GEP/alloca, pointer casts
; and constant expressions. irplay reads them as opaque `ptr`; the golden
; .stdout is the hand-converted module as printed by LLVM 19.

source_filename = "typed-pointers-basic.c"

%struct.node = type { i32, %struct.node* }
%struct.holder = type { i8*, [2 x i32*], i8 addrspace(1)* }

@g = global i32 7, align 4
@pg = global i32* @g, align 8
@ppg = global i32** @pg, align 8
@bytes = global i8* bitcast (i32* @g to i8*), align 8
@elem = global i32* getelementptr inbounds ([4 x i32], [4 x i32]* @arr, i64 0, i64 2), align 8
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@as1 = addrspace(1) global i8 0, align 1
@as.ptr = global i8 addrspace(1)* @as1, align 8
@holder = global %struct.holder { i8* null, [2 x i32*] [i32* @g, i32* null], i8 addrspace(1)* @as1 }, align 8
@head = global %struct.node { i32 0, %struct.node* @head }, align 8
@as.cast = global i8* addrspacecast (i8 addrspace(1)* @as1 to i8*), align 8

define i32 @sum(%struct.node* %n, i32* nocapture readonly %p) {
entry:
  %slot = alloca i32*, align 8
  store i32* %p, i32** %slot, align 8
  %reload = load i32*, i32** %slot, align 8
  %v = load i32, i32* %reload, align 4
  %next.addr = getelementptr inbounds %struct.node, %struct.node* %n, i32 0, i32 1
  %next = load %struct.node*, %struct.node** %next.addr, align 8
  %val.addr = getelementptr inbounds %struct.node, %struct.node* %next, i32 0, i32 0
  %w = load i32, i32* %val.addr, align 4
  %raw = bitcast %struct.node* %n to i8*
  %off = getelementptr i8, i8* %raw, i64 4
  %asi = bitcast i8* %off to i32*
  %x = load i32, i32* %asi, align 4
  %int = ptrtoint i32* %p to i64
  %back = inttoptr i64 %int to i32*
  %far = addrspacecast i32* %back to i32 addrspace(1)*
  store i32 %x, i32 addrspace(1)* %far, align 4
  %s1 = add i32 %v, %w
  %s2 = add i32 %s1, %x
  ret i32 %s2
}
