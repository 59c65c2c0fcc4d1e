; native/load-store-widths.ll: x86-64, 452 bytes of code

@store_all:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  ; 12: store i8 %b, ptr %p
  0008:  40 88 37                       mov byte ptr [rdi], sil
  ; 13: %p1 = getelementptr i8, ptr %p, i64 1
  000b:  48 89 f8                       mov rax, rdi
  000e:  48 83 c0 01                    add rax, 1
  ; 14: store i8 1, ptr %p1
  0012:  be 01 00 00 00                 mov esi, 1
  0017:  40 88 30                       mov byte ptr [rax], sil
  ; 15: %p2 = getelementptr i8, ptr %p, i64 2
  001a:  48 89 f8                       mov rax, rdi
  001d:  48 83 c0 02                    add rax, 2
  ; 16: store i16 %h, ptr %p2
  0021:  66 89 10                       mov word ptr [rax], dx
  ; 17: %p4 = getelementptr i8, ptr %p, i64 4
  0024:  48 89 f8                       mov rax, rdi
  0027:  48 83 c0 04                    add rax, 4
  ; 18: store i32 %w, ptr %p4
  002b:  89 08                          mov dword ptr [rax], ecx
  ; 19: %p8 = getelementptr i8, ptr %p, i64 8
  002d:  48 89 f8                       mov rax, rdi
  0030:  48 83 c0 08                    add rax, 8
  ; 20: store i64 %q, ptr %p8
  0034:  4c 89 00                       mov qword ptr [rax], r8
  ; 21: %p16 = getelementptr i8, ptr %p, i64 16
  0037:  48 89 f8                       mov rax, rdi
  003a:  48 83 c0 10                    add rax, 16
  ; 22: store float %f, ptr %p16
  003e:  f3 0f 11 00                    movss dword ptr [rax], xmm0
  ; 23: %p24 = getelementptr i8, ptr %p, i64 24
  0042:  48 83 c7 18                    add rdi, 24
  ; 24: store double %d, ptr %p24
  0046:  f2 0f 11 0f                    movsd qword ptr [rdi], xmm1
  ; 25: ret void
  004a:  48 89 ec                       mov rsp, rbp
  004d:  5d                             pop rbp
  004e:  c3                             ret

@load_all:
  ; prologue
  0050:  55                             push rbp
  0051:  48 89 e5                       mov rbp, rsp
  0054:  48 83 ec 50                    sub rsp, 80
  0058:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 29: %b = load i8, ptr %p
  005c:  0f b6 07                       movzx eax, byte ptr [rdi]
  ; 30: %bs = sext i8 %b to i32
  005f:  89 c1                          mov ecx, eax
  0061:  c1 e1 18                       shl ecx, 24
  0064:  c1 f9 18                       sar ecx, 24
  ; 31: %bz = zext i8 %b to i32
  0067:  48 89 c2                       mov rdx, rax
  ; 32: %p1 = getelementptr i8, ptr %p, i64 1
  006a:  48 89 f8                       mov rax, rdi
  006d:  48 83 c0 01                    add rax, 1
  ; 33: %t = load i1, ptr %p1
  0071:  0f b6 30                       movzx esi, byte ptr [rax]
  0074:  83 e6 01                       and esi, 1
  ; 35: %p2 = getelementptr i8, ptr %p, i64 2
  0077:  48 89 f8                       mov rax, rdi
  007a:  48 83 c0 02                    add rax, 2
  ; 36: %h = load i16, ptr %p2
  007e:  44 0f b7 00                    movzx r8d, word ptr [rax]
  ; 37: %hs = sext i16 %h to i32
  0082:  44 89 c0                       mov eax, r8d
  0085:  c1 e0 10                       shl eax, 16
  0088:  c1 f8 10                       sar eax, 16
  ; 38: %hz = zext i16 %h to i32
  008b:  4d 89 c1                       mov r9, r8
  ; 39: %p8 = getelementptr i8, ptr %p, i64 8
  008e:  49 89 f8                       mov r8, rdi
  0091:  49 83 c0 08                    add r8, 8
  ; 40: %q = load i64, ptr %p8
  0095:  4d 8b 10                       mov r10, qword ptr [r8]
  ; 41: %p16 = getelementptr i8, ptr %p, i64 16
  0098:  49 89 f8                       mov r8, rdi
  009b:  49 83 c0 10                    add r8, 16
  ; 42: %f = load float, ptr %p16
  009f:  f3 41 0f 10 00                 movss xmm0, dword ptr [r8]
  ; 43: %fd = fpext float %f to double
  00a4:  f3 0f 5a c8                    cvtss2sd xmm1, xmm0
  ; 44: %p24 = getelementptr i8, ptr %p, i64 24
  00a8:  49 89 f8                       mov r8, rdi
  00ab:  49 83 c0 18                    add r8, 24
  ; 45: %d = load double, ptr %p24
  00af:  f2 41 0f 10 00                 movsd xmm0, qword ptr [r8]
  ; 46: %p4 = getelementptr i8, ptr %p, i64 4
  00b4:  49 89 f8                       mov r8, rdi
  00b7:  49 83 c0 04                    add r8, 4
  ; 47: %w = load i32, ptr %p4
  00bb:  41 8b 18                       mov ebx, dword ptr [r8]
  ; 48: %raw = load i64, ptr %p
  00be:  4c 8b 07                       mov r8, qword ptr [rdi]
  ; 49: call i32 (ptr, ...) @printf(ptr @fmt, i32 %bs, i32 %bz, i32 %tz, i32 %hs, i32 %hz, i64 %q, double %fd, double %d, i32 %w, i32 %w, i64 %raw)
  00c1:  48 8d 3d 00 00 00 00           lea rdi, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  00c8:  4c 89 14 24                    mov qword ptr [rsp], r10
  00cc:  48 89 5c 24 08                 mov qword ptr [rsp + 8], rbx
  00d1:  48 89 5c 24 10                 mov qword ptr [rsp + 16], rbx
  00d6:  4c 89 44 24 18                 mov qword ptr [rsp + 24], r8
  00db:  49 89 c0                       mov r8, rax
  00de:  49 89 f3                       mov r11, rsi
  00e1:  48 89 ce                       mov rsi, rcx
  00e4:  4c 89 d9                       mov rcx, r11
  00e7:  44 0f 28 f8                    movaps xmm15, xmm0
  00eb:  0f 28 c1                       movaps xmm0, xmm1
  00ee:  41 0f 28 cf                    movaps xmm1, xmm15
  00f2:  b8 02 00 00 00                 mov eax, 2
  00f7:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 50: ret void
  00fc:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0100:  48 89 ec                       mov rsp, rbp
  0103:  5d                             pop rbp
  0104:  c3                             ret

@main:
  ; prologue
  0110:  55                             push rbp
  0111:  48 89 e5                       mov rbp, rsp
  0114:  48 83 ec 60                    sub rsp, 96
  ; 55: call void @store_all(ptr %a, i8 -2, i16 -300, i32 123456, i64 -9876543210, float 1.5, double -2.25)
  0118:  41 bb 00 00 c0 3f              mov r11d, 1069547520
  011e:  66 41 0f 6e c3                 movd xmm0, r11d
  0123:  49 bb 00 00 00 00 00 00 02 c0  movabs r11, -4611123068473966592
  012d:  66 49 0f 6e cb                 movq xmm1, r11
  0132:  48 8d 7d a0                    lea rdi, [rbp - 96]
  0136:  be fe 00 00 00                 mov esi, 254
  013b:  ba d4 fe 00 00                 mov edx, 65236
  0140:  b9 40 e2 01 00                 mov ecx, 123456
  0145:  49 b8 16 e9 4f b3 fd ff ff ff  movabs r8, -9876543210
  014f:  e8 00 00 00 00                 call store_all  ; R_X86_64_PLT32 store_all-0x4
  ; 56: call void @load_all(ptr %a)
  0154:  48 8d 7d a0                    lea rdi, [rbp - 96]
  0158:  e8 00 00 00 00                 call load_all  ; R_X86_64_PLT32 load_all-0x4
  ; 57: call void @store_all(ptr @g, i8 127, i16 32767, i32 -1, i64 1, float -0.125, double 1.0e10)
  015d:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  0164:  41 bb 00 00 00 be              mov r11d, 3187671040
  016a:  66 41 0f 6e c3                 movd xmm0, r11d
  016f:  49 bb 00 00 00 20 5f a0 02 42  movabs r11, 4756540486875873280
  0179:  66 49 0f 6e cb                 movq xmm1, r11
  017e:  48 89 c7                       mov rdi, rax
  0181:  be 7f 00 00 00                 mov esi, 127
  0186:  ba ff 7f 00 00                 mov edx, 32767
  018b:  b9 ff ff ff ff                 mov ecx, 4294967295
  0190:  41 b8 01 00 00 00              mov r8d, 1
  0196:  e8 00 00 00 00                 call store_all  ; R_X86_64_PLT32 store_all-0x4
  ; 58: call void @load_all(ptr @g)
  019b:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  01a2:  48 89 c7                       mov rdi, rax
  01a5:  e8 00 00 00 00                 call load_all  ; R_X86_64_PLT32 load_all-0x4
  ; 60: store ptr @g, ptr %pp
  01aa:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  01b1:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  ; 61: %back = load ptr, ptr %pp
  01b5:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  ; 62: %v = load i8, ptr %back
  01b9:  0f b6 08                       movzx ecx, byte ptr [rax]
  ; 64: ret i32 %r
  01bc:  48 89 c8                       mov rax, rcx
  01bf:  48 89 ec                       mov rsp, rbp
  01c2:  5d                             pop rbp
  01c3:  c3                             ret

; .data: 72 bytes, aligned to 8
@g:
  0000:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0008:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0010:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0018:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
@fmt:
  0020:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0028:  20 25 64 20 25 64 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25
  0030:  6c 6c 64 20 25 67 20 25        .byte 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25
  0038:  67 20 25 64 20 25 78 20        .byte 0x67, 0x20, 0x25, 0x64, 0x20, 0x25, 0x78, 0x20
  0040:  25 6c 6c 78 0a 00 00 00        .byte 0x25, 0x6c, 0x6c, 0x78, 0x0a, 0x00, 0x00, 0x00
