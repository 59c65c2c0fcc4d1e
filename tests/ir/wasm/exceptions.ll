; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; EXIT: 29
; C++ exceptions with the Itanium ABI as clang emits them: a throw caught by type in the
; same function (`invoke @__cxa_throw`), a `catch` clause that does not match (the
; exception passes that frame to the next handler), a `cleanup` pad that `resume`s, a
; rethrow from a handler (`__cxa_rethrow`), a throw through a function pointer, landing-pad
; phis fed by two invokes, and a hundred thousand throws out of frames with a stack buffer
; (the unwound frames must give their stack back).
; Oracle: lli-19 and a native build (clang-19 FILE.ll -lstdc++) print the same stdout and
; exit 29.

@_ZTIi = external constant ptr
@_ZTIl = external constant ptr
@_ZTId = external constant ptr
@f.int = private constant [12 x i8] c"%s: int %d\0A\00"
@f.long = private constant [14 x i8] c"%s: long %ld\0A\00"
@f.any = private constant [9 x i8] c"%s: any\0A\00"
@f.clean = private constant [12 x i8] c"cleanup %d\0A\00"
@f.sum = private constant [14 x i8] c"loop sum %ld\0A\00"
@f.ret = private constant [17 x i8] c"%s: returned %d\0A\00"
@n.local = private constant [6 x i8] c"local\00"
@n.pass = private constant [5 x i8] c"pass\00"
@n.rethrow = private constant [8 x i8] c"rethrow\00"
@n.ptr = private constant [4 x i8] c"ptr\00"
@n.phi = private constant [4 x i8] c"phi\00"
@n.double = private constant [7 x i8] c"double\00"

declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare void @__cxa_rethrow()
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare i32 @printf(ptr, ...)

define void @throw_int(i32 %v) noinline {
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 %v, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null)
  unreachable
}

define void @throw_long(i64 %v) noinline {
  %e = call ptr @__cxa_allocate_exception(i64 8)
  store i64 %v, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIl, ptr null)
  unreachable
}

; throws and catches in one frame
define i32 @local(i32 %v) personality ptr @__gxx_personality_v0 {
entry:
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 %v, ptr %e
  invoke void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null) to label %never unwind label %lpad
never:
  unreachable
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.int, ptr @n.local, i32 %x)
  call void @__cxa_end_catch()
  %r = add i32 %x, 1
  ret i32 %r
}

; catches only double: an int passes through; the cleanup runs on every exception
define i32 @only_double(i32 %kind) personality ptr @__gxx_personality_v0 {
entry:
  %buf = alloca [16 x i32], align 16
  store volatile i32 %kind, ptr %buf
  %r = invoke i32 @dispatch(i32 %kind) to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } cleanup catch ptr @_ZTId
  %sel = extractvalue { ptr, i32 } %lp, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTId)
  %isd = icmp eq i32 %sel, %tid
  br i1 %isd, label %caught, label %clean
caught:
  %obj = extractvalue { ptr, i32 } %lp, 0
  call ptr @__cxa_begin_catch(ptr %obj)
  call i32 (ptr, ...) @printf(ptr @f.any, ptr @n.double)
  call void @__cxa_end_catch()
  ret i32 0
clean:
  %k = load volatile i32, ptr %buf
  call i32 (ptr, ...) @printf(ptr @f.clean, i32 %k)
  resume { ptr, i32 } %lp
}

define i32 @dispatch(i32 %kind) noinline {
  switch i32 %kind, label %none [
    i32 1, label %int
    i32 2, label %long
  ]
int:
  call void @throw_int(i32 7)
  unreachable
long:
  call void @throw_long(i64 -5000000000)
  unreachable
none:
  ret i32 100
}

; a handler of long that does not match int, in a frame without cleanup
define i32 @longs_only(i32 %kind) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @only_double(i32 %kind) to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIl
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i64, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.long, ptr @n.pass, i64 %x)
  call void @__cxa_end_catch()
  ret i32 2
}

define i32 @outer(i32 %kind) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @longs_only(i32 %kind) to label %ok unwind label %lpad
ok:
  call i32 (ptr, ...) @printf(ptr @f.ret, ptr @n.pass, i32 %r)
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi catch ptr null
  %obj = extractvalue { ptr, i32 } %lp, 0
  %sel = extractvalue { ptr, i32 } %lp, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIi)
  %isi = icmp eq i32 %sel, %tid
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  br i1 %isi, label %int, label %any
int:
  %x = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.int, ptr @n.pass, i32 %x)
  call void @__cxa_end_catch()
  ret i32 1
any:
  call i32 (ptr, ...) @printf(ptr @f.any, ptr @n.pass)
  call void @__cxa_end_catch()
  ret i32 3
}

; catches, prints, rethrows
define void @rethrower() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @throw_int(i32 99) to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.int, ptr @n.rethrow, i32 %x)
  invoke void @__cxa_rethrow() to label %never unwind label %lpad2
never:
  unreachable
lpad2:
  %lp2 = landingpad { ptr, i32 } cleanup
  call void @__cxa_end_catch()
  resume { ptr, i32 } %lp2
}

define i32 @catch_rethrown(ptr %fn) personality ptr @__gxx_personality_v0 {
entry:
  invoke void %fn() to label %ok unwind label %lpad
ok:
  ret i32 0
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.int, ptr @n.ptr, i32 %x)
  call void @__cxa_end_catch()
  ret i32 %x
}

define void @throw8() {
  call void @throw_int(i32 8)
  ret void
}

; two invokes into one landing pad with a phi
define i32 @phis(i32 %which) personality ptr @__gxx_personality_v0 {
entry:
  %c = icmp eq i32 %which, 0
  br i1 %c, label %a, label %b
a:
  invoke void @throw_int(i32 10) to label %done unwind label %lpad
b:
  invoke void @throw_int(i32 20) to label %done unwind label %lpad
done:
  ret i32 0
lpad:
  %from = phi i32 [ 1, %a ], [ 2, %b ]
  %lp = landingpad { ptr, i32 } catch ptr null
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i32, ptr %p
  call void @__cxa_end_catch()
  %s = add i32 %x, %from
  call i32 (ptr, ...) @printf(ptr @f.int, ptr @n.phi, i32 %s)
  ret i32 %s
}

define void @deep(i32 %n) {
  %buf = alloca [64 x i8], align 16
  store volatile i8 1, ptr %buf
  %z = icmp eq i32 %n, 0
  br i1 %z, label %throw, label %more
throw:
  call void @throw_int(i32 1)
  unreachable
more:
  %m = sub i32 %n, 1
  call void @deep(i32 %m)
  ret void
}

define i64 @loop() personality ptr @__gxx_personality_v0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %next ]
  %d = urem i32 %i, 4
  invoke void @deep(i32 %d) to label %next0 unwind label %lpad
next0:
  br label %next
lpad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %obj = extractvalue { ptr, i32 } %lp, 0
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  %x = load i32, ptr %p
  call void @__cxa_end_catch()
  %xx = zext i32 %x to i64
  br label %next
next:
  %add = phi i64 [ 0, %next0 ], [ %xx, %lpad ]
  %sum1 = add i64 %sum, %add
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 100000
  br i1 %c, label %head, label %out
out:
  ret i64 %sum1
}

define i32 @main() {
  %l = call i32 @local(i32 41)
  %a = call i32 @outer(i32 0)
  %b = call i32 @outer(i32 1)
  %c = call i32 @outer(i32 2)
  %d = call i32 @catch_rethrown(ptr @rethrower)
  %e = call i32 @catch_rethrown(ptr @throw8)
  %f = call i32 @phis(i32 0)
  %g = call i32 @phis(i32 1)
  %s = call i64 @loop()
  call i32 (ptr, ...) @printf(ptr @f.sum, i64 %s)
  ; 42 + 100 + 1 + 2 + 99 + 8 + 11 + 22 = 285 -> 285 mod 256 = 29
  %t1 = add i32 %l, %a
  %t2 = add i32 %t1, %b
  %t3 = add i32 %t2, %c
  %t4 = add i32 %t3, %d
  %t5 = add i32 %t4, %e
  %t6 = add i32 %t5, %f
  %t7 = add i32 %t6, %g
  ret i32 %t7
}
