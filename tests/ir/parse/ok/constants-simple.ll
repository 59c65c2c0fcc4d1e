; RUN: irplay check %s
; LangRef: Null pointer constants, Token constants, Zero initialization,
; Undefined Values, Poison Values, Global Variable and Function Addresses.

%s = type { i32, ptr }

@null = global ptr null
@null.as = global ptr addrspace(1) null
@zi.int = global i32 zeroinitializer
@zi.struct = global %s zeroinitializer
@zi.array = global [100 x i64] zeroinitializer
@zi.vec = global <4 x i32> zeroinitializer
@zi.float = global double zeroinitializer
@zi.ptr = global ptr zeroinitializer
@undef = global i32 undef
@undef.struct = global %s undef
@poison = global i32 poison
@poison.vec = global <2 x i8> poison
@fn.addr = global ptr @f
@global.addr = global ptr @null
@mixed = global %s { i32 undef, ptr poison }
@mixed.vec = global <4 x i32> <i32 1, i32 undef, i32 poison, i32 0>
@none.tt = global target("spirv.Event") zeroinitializer

declare token @llvm.irplay.token(token)

define void @f() {
  %a = add i32 undef, poison
  %b = freeze i32 undef
  %c = icmp eq ptr null, @null
  %t = call token @llvm.irplay.token(token none)
  ret void
}
