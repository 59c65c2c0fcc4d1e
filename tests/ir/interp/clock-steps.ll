; RUN: irplay run %s
; EXE-DIFFERS: an executable of irplay build calls the C library's own clock
; `clock` counts the run's steps in every engine: one step per executed
; instruction (phis are not steps), a block's instructions counted when the block
; starts (as the compiled engines' counters take them), in ticks of 100 steps.
; Counted by hand: the constructor's block is 3 steps (ctor: 3, tick 0); main's
; entry block 10 more (start: 13, tick 0); @work(777) takes 1 + 777 * 4 + 1 =
; 3110 (loop: 3123, tick 31); the block `mid` is 136 steps (mid and end: 3259,
; tick 32): at its first call only 3124 steps have run (tick 31), but the whole
; block counts. The other numbers: @work's sum 0 + 1 + ... + 776 = 301476, and
; %a130 = 32 + (1 + 2 + ... + 130) = 32 + 8515 = 8547.
@fmt = private constant [13 x i8] c"%s: %ld %ld\0A\00"
@s.ctor = private constant [5 x i8] c"ctor\00"
@s.start = private constant [6 x i8] c"start\00"
@s.loop = private constant [5 x i8] c"loop\00"
@s.mid = private constant [4 x i8] c"mid\00"
@s.end = private constant [4 x i8] c"end\00"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
declare i32 @printf(ptr, ...)
declare i64 @clock()
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.dbg.value(metadata, metadata, metadata)

define internal void @ctor() {
  %c = call i64 @clock()
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s.ctor, i64 %c, i64 0)
  ret void
}

define i64 @work(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %acc1 = add i64 %acc, %i
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i64 %acc1
}

define i32 @main() {
entry:
  %cell = alloca i64
  %c0 = call i64 @clock()
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s.start, i64 %c0, i64 0)
  call void @llvm.lifetime.start.p0(i64 8, ptr %cell)
  %w = call i64 @work(i64 777)
  store i64 %w, ptr %cell
  call void @llvm.lifetime.end.p0(i64 8, ptr %cell)
  %c1 = call i64 @clock()
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s.loop, i64 %c1, i64 %w)
  br label %mid
mid:
  %c2 = call i64 @clock()
  %a0 = add i64 %c2, 0
  %a1 = add i64 %a0, 1
  %a2 = add i64 %a1, 2
  %a3 = add i64 %a2, 3
  %a4 = add i64 %a3, 4
  %a5 = add i64 %a4, 5
  %a6 = add i64 %a5, 6
  %a7 = add i64 %a6, 7
  %a8 = add i64 %a7, 8
  %a9 = add i64 %a8, 9
  %a10 = add i64 %a9, 10
  %a11 = add i64 %a10, 11
  %a12 = add i64 %a11, 12
  %a13 = add i64 %a12, 13
  %a14 = add i64 %a13, 14
  %a15 = add i64 %a14, 15
  %a16 = add i64 %a15, 16
  %a17 = add i64 %a16, 17
  %a18 = add i64 %a17, 18
  %a19 = add i64 %a18, 19
  %a20 = add i64 %a19, 20
  %a21 = add i64 %a20, 21
  %a22 = add i64 %a21, 22
  %a23 = add i64 %a22, 23
  %a24 = add i64 %a23, 24
  %a25 = add i64 %a24, 25
  %a26 = add i64 %a25, 26
  %a27 = add i64 %a26, 27
  %a28 = add i64 %a27, 28
  %a29 = add i64 %a28, 29
  %a30 = add i64 %a29, 30
  %a31 = add i64 %a30, 31
  %a32 = add i64 %a31, 32
  %a33 = add i64 %a32, 33
  %a34 = add i64 %a33, 34
  %a35 = add i64 %a34, 35
  %a36 = add i64 %a35, 36
  %a37 = add i64 %a36, 37
  %a38 = add i64 %a37, 38
  %a39 = add i64 %a38, 39
  %a40 = add i64 %a39, 40
  %a41 = add i64 %a40, 41
  %a42 = add i64 %a41, 42
  %a43 = add i64 %a42, 43
  %a44 = add i64 %a43, 44
  %a45 = add i64 %a44, 45
  %a46 = add i64 %a45, 46
  %a47 = add i64 %a46, 47
  %a48 = add i64 %a47, 48
  %a49 = add i64 %a48, 49
  %a50 = add i64 %a49, 50
  %a51 = add i64 %a50, 51
  %a52 = add i64 %a51, 52
  %a53 = add i64 %a52, 53
  %a54 = add i64 %a53, 54
  %a55 = add i64 %a54, 55
  %a56 = add i64 %a55, 56
  %a57 = add i64 %a56, 57
  %a58 = add i64 %a57, 58
  %a59 = add i64 %a58, 59
  %a60 = add i64 %a59, 60
  %a61 = add i64 %a60, 61
  %a62 = add i64 %a61, 62
  %a63 = add i64 %a62, 63
  %a64 = add i64 %a63, 64
  %a65 = add i64 %a64, 65
  %a66 = add i64 %a65, 66
  %a67 = add i64 %a66, 67
  %a68 = add i64 %a67, 68
  %a69 = add i64 %a68, 69
  %a70 = add i64 %a69, 70
  %a71 = add i64 %a70, 71
  %a72 = add i64 %a71, 72
  %a73 = add i64 %a72, 73
  %a74 = add i64 %a73, 74
  %a75 = add i64 %a74, 75
  %a76 = add i64 %a75, 76
  %a77 = add i64 %a76, 77
  %a78 = add i64 %a77, 78
  %a79 = add i64 %a78, 79
  %a80 = add i64 %a79, 80
  %a81 = add i64 %a80, 81
  %a82 = add i64 %a81, 82
  %a83 = add i64 %a82, 83
  %a84 = add i64 %a83, 84
  %a85 = add i64 %a84, 85
  %a86 = add i64 %a85, 86
  %a87 = add i64 %a86, 87
  %a88 = add i64 %a87, 88
  %a89 = add i64 %a88, 89
  %a90 = add i64 %a89, 90
  %a91 = add i64 %a90, 91
  %a92 = add i64 %a91, 92
  %a93 = add i64 %a92, 93
  %a94 = add i64 %a93, 94
  %a95 = add i64 %a94, 95
  %a96 = add i64 %a95, 96
  %a97 = add i64 %a96, 97
  %a98 = add i64 %a97, 98
  %a99 = add i64 %a98, 99
  %a100 = add i64 %a99, 100
  %a101 = add i64 %a100, 101
  %a102 = add i64 %a101, 102
  %a103 = add i64 %a102, 103
  %a104 = add i64 %a103, 104
  %a105 = add i64 %a104, 105
  %a106 = add i64 %a105, 106
  %a107 = add i64 %a106, 107
  %a108 = add i64 %a107, 108
  %a109 = add i64 %a108, 109
  %a110 = add i64 %a109, 110
  %a111 = add i64 %a110, 111
  %a112 = add i64 %a111, 112
  %a113 = add i64 %a112, 113
  %a114 = add i64 %a113, 114
  %a115 = add i64 %a114, 115
  %a116 = add i64 %a115, 116
  %a117 = add i64 %a116, 117
  %a118 = add i64 %a117, 118
  %a119 = add i64 %a118, 119
  %a120 = add i64 %a119, 120
  %a121 = add i64 %a120, 121
  %a122 = add i64 %a121, 122
  %a123 = add i64 %a122, 123
  %a124 = add i64 %a123, 124
  %a125 = add i64 %a124, 125
  %a126 = add i64 %a125, 126
  %a127 = add i64 %a126, 127
  %a128 = add i64 %a127, 128
  %a129 = add i64 %a128, 129
  %a130 = add i64 %a129, 130
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s.mid, i64 %c2, i64 %a130)
  %c3 = call i64 @clock()
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s.end, i64 %c3, i64 0)
  ret i32 0
}
