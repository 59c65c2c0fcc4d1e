; RUN: irplay check %s
; LangRef: Constant Expressions, every form LLVM 19 accepts: trunc, ptrtoint,
; inttoptr, bitcast, addrspacecast, getelementptr (inbounds, nusw, nuw,
; inrange(a, b), vector GEPs), extractelement, insertelement,
; shufflevector, add/sub/mul (with nuw/nsw), xor; nested expressions and
; expressions as instruction operands.

%s = type { i32, [4 x i64] }

@g = global %s zeroinitializer
@arr = global [8 x i32] zeroinitializer
@g.as1 = addrspace(1) global i32 0

@c.trunc = global i32 trunc (i64 ptrtoint (ptr @g to i64) to i32)
@c.ptrtoint = global i64 ptrtoint (ptr @g to i64)
@c.inttoptr = global ptr inttoptr (i64 4096 to ptr)
@c.bitcast = global <2 x i32> bitcast (i64 ptrtoint (ptr @arr to i64) to <2 x i32>)
@c.bitcast.fp = global i32 bitcast (float 1.0 to i32)
@c.asc = global ptr addrspacecast (ptr addrspace(1) @g.as1 to ptr)
@c.asc.to = global ptr addrspace(1) addrspacecast (ptr @g to ptr addrspace(1))
@c.gep = global ptr getelementptr (%s, ptr @g, i64 0, i32 1, i64 2)
@c.gep.inbounds = global ptr getelementptr inbounds (%s, ptr @g, i32 0, i32 1)
@c.gep.nusw = global ptr getelementptr nusw (i8, ptr @g, i64 4)
@c.gep.nuw = global ptr getelementptr nuw (i8, ptr @g, i64 4)
@c.gep.inbounds.nuw = global ptr getelementptr inbounds nuw ([8 x i32], ptr @arr, i64 0, i64 3)
@c.gep.nusw.nuw = global ptr getelementptr nusw nuw ([8 x i32], ptr @arr, i64 0, i64 3)
@c.gep.inrange = global ptr getelementptr inbounds inrange(-8, 24) (i8, ptr @arr, i64 8)
@c.gep.inrange.only = global ptr getelementptr inrange(0, 4) (i8, ptr @arr, i64 0)
@c.gep.vector = global <2 x ptr> getelementptr (i32, <2 x ptr> <ptr @arr, ptr @g>, <2 x i64> <i64 1, i64 2>)
@c.gep.splat = global <2 x ptr> getelementptr (i32, ptr @arr, <2 x i64> <i64 0, i64 1>)
@c.gep.null = global i64 ptrtoint (ptr getelementptr (%s, ptr null, i32 1) to i64)
@c.gep.as = global ptr addrspace(1) getelementptr (i32, ptr addrspace(1) @g.as1, i32 1)
@c.extractelement = global i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), i32 1)
@c.insertelement = global <2 x i64> insertelement (<2 x i64> zeroinitializer, i64 ptrtoint (ptr @g to i64), i32 0)
@c.shufflevector = global <4 x i64> shufflevector (<2 x i64> <i64 ptrtoint (ptr @g to i64), i64 1>, <2 x i64> poison, <4 x i32> <i32 0, i32 1, i32 1, i32 poison>)
@c.add = global i64 add (i64 ptrtoint (ptr @g to i64), i64 8)
@c.add.nuw = global i64 add nuw (i64 ptrtoint (ptr @g to i64), i64 8)
@c.add.nsw = global i64 add nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@c.add.both = global i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@c.sub = global i64 sub (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @g to i64))
@c.sub.nsw = global i64 sub nsw (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @g to i64))
@c.mul = global i64 mul (i64 ptrtoint (ptr @g to i64), i64 3)
@c.mul.nuw = global i64 mul nuw (i64 ptrtoint (ptr @g to i64), i64 3)
@c.xor = global i64 xor (i64 ptrtoint (ptr @g to i64), i64 -1)
@c.nested = global i32 trunc (i64 add (i64 ptrtoint (ptr getelementptr inbounds (%s, ptr @g, i64 1) to i64), i64 sub (i64 0, i64 ptrtoint (ptr @g to i64))) to i32)
@c.in.aggregate = global { ptr, i64 } { ptr getelementptr (i8, ptr @g, i64 1), i64 ptrtoint (ptr @arr to i64) }
@c.in.array = global [2 x i64] [i64 ptrtoint (ptr @g to i64), i64 sub (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @g to i64))]
@c.vec.ptrtoint = global <2 x i64> ptrtoint (<2 x ptr> <ptr @g, ptr @arr> to <2 x i64>)
@c.folded.cast = global i32 trunc (i64 300 to i32)

define i64 @in.function() {
  %v = load i32, ptr getelementptr inbounds ([8 x i32], ptr @arr, i64 0, i64 2)
  store i64 add (i64 ptrtoint (ptr @g to i64), i64 1), ptr @g
  %x = add i64 ptrtoint (ptr @arr to i64), xor (i64 ptrtoint (ptr @g to i64), i64 7)
  ret i64 %x
}
