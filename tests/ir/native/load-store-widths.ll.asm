; native/load-store-widths.ll: x86-64, 468 bytes of code

@store_all:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  0008:  81 e6 ff 00 00 00              and esi, 255
  000e:  81 e2 ff ff 00 00              and edx, 65535
  ; 12: store i8 %b, ptr %p
  0014:  40 88 37                       mov byte ptr [rdi], sil
  ; 13: %p1 = getelementptr i8, ptr %p, i64 1
  0017:  48 89 f8                       mov rax, rdi
  001a:  48 83 c0 01                    add rax, 1
  ; 14: store i8 1, ptr %p1
  001e:  be 01 00 00 00                 mov esi, 1
  0023:  40 88 30                       mov byte ptr [rax], sil
  ; 15: %p2 = getelementptr i8, ptr %p, i64 2
  0026:  48 89 f8                       mov rax, rdi
  0029:  48 83 c0 02                    add rax, 2
  ; 16: store i16 %h, ptr %p2
  002d:  66 89 10                       mov word ptr [rax], dx
  ; 17: %p4 = getelementptr i8, ptr %p, i64 4
  0030:  48 89 f8                       mov rax, rdi
  0033:  48 83 c0 04                    add rax, 4
  ; 18: store i32 %w, ptr %p4
  0037:  89 08                          mov dword ptr [rax], ecx
  ; 19: %p8 = getelementptr i8, ptr %p, i64 8
  0039:  48 89 f8                       mov rax, rdi
  003c:  48 83 c0 08                    add rax, 8
  ; 20: store i64 %q, ptr %p8
  0040:  4c 89 00                       mov qword ptr [rax], r8
  ; 21: %p16 = getelementptr i8, ptr %p, i64 16
  0043:  48 89 f8                       mov rax, rdi
  0046:  48 83 c0 10                    add rax, 16
  ; 22: store float %f, ptr %p16
  004a:  f3 0f 11 00                    movss dword ptr [rax], xmm0
  ; 23: %p24 = getelementptr i8, ptr %p, i64 24
  004e:  48 83 c7 18                    add rdi, 24
  ; 24: store double %d, ptr %p24
  0052:  f2 0f 11 0f                    movsd qword ptr [rdi], xmm1
  ; 25: ret void
  0056:  48 89 ec                       mov rsp, rbp
  0059:  5d                             pop rbp
  005a:  c3                             ret

@load_all:
  ; prologue
  0060:  55                             push rbp
  0061:  48 89 e5                       mov rbp, rsp
  0064:  48 83 ec 50                    sub rsp, 80
  0068:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 29: %b = load i8, ptr %p
  006c:  0f b6 07                       movzx eax, byte ptr [rdi]
  ; 30: %bs = sext i8 %b to i32
  006f:  89 c1                          mov ecx, eax
  0071:  c1 e1 18                       shl ecx, 24
  0074:  c1 f9 18                       sar ecx, 24
  ; 31: %bz = zext i8 %b to i32
  0077:  48 89 c2                       mov rdx, rax
  ; 32: %p1 = getelementptr i8, ptr %p, i64 1
  007a:  48 89 f8                       mov rax, rdi
  007d:  48 83 c0 01                    add rax, 1
  ; 33: %t = load i1, ptr %p1
  0081:  0f b6 30                       movzx esi, byte ptr [rax]
  0084:  83 e6 01                       and esi, 1
  ; 35: %p2 = getelementptr i8, ptr %p, i64 2
  0087:  48 89 f8                       mov rax, rdi
  008a:  48 83 c0 02                    add rax, 2
  ; 36: %h = load i16, ptr %p2
  008e:  44 0f b7 00                    movzx r8d, word ptr [rax]
  ; 37: %hs = sext i16 %h to i32
  0092:  44 89 c0                       mov eax, r8d
  0095:  c1 e0 10                       shl eax, 16
  0098:  c1 f8 10                       sar eax, 16
  ; 38: %hz = zext i16 %h to i32
  009b:  4d 89 c1                       mov r9, r8
  ; 39: %p8 = getelementptr i8, ptr %p, i64 8
  009e:  49 89 f8                       mov r8, rdi
  00a1:  49 83 c0 08                    add r8, 8
  ; 40: %q = load i64, ptr %p8
  00a5:  4d 8b 10                       mov r10, qword ptr [r8]
  ; 41: %p16 = getelementptr i8, ptr %p, i64 16
  00a8:  49 89 f8                       mov r8, rdi
  00ab:  49 83 c0 10                    add r8, 16
  ; 42: %f = load float, ptr %p16
  00af:  f3 41 0f 10 00                 movss xmm0, dword ptr [r8]
  ; 43: %fd = fpext float %f to double
  00b4:  f3 0f 5a c8                    cvtss2sd xmm1, xmm0
  ; 44: %p24 = getelementptr i8, ptr %p, i64 24
  00b8:  49 89 f8                       mov r8, rdi
  00bb:  49 83 c0 18                    add r8, 24
  ; 45: %d = load double, ptr %p24
  00bf:  f2 41 0f 10 00                 movsd xmm0, qword ptr [r8]
  ; 46: %p4 = getelementptr i8, ptr %p, i64 4
  00c4:  49 89 f8                       mov r8, rdi
  00c7:  49 83 c0 04                    add r8, 4
  ; 47: %w = load i32, ptr %p4
  00cb:  41 8b 18                       mov ebx, dword ptr [r8]
  ; 48: %raw = load i64, ptr %p
  00ce:  4c 8b 07                       mov r8, qword ptr [rdi]
  ; 49: call i32 (ptr, ...) @printf(ptr @fmt, i32 %bs, i32 %bz, i32 %tz, i32 %hs, i32 %hz, i64 %q, double %fd, double %d, i32 %w, i32 %w, i64 %raw)
  00d1:  48 8d 3d 00 00 00 00           lea rdi, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  00d8:  4c 89 14 24                    mov qword ptr [rsp], r10
  00dc:  48 89 5c 24 08                 mov qword ptr [rsp + 8], rbx
  00e1:  48 89 5c 24 10                 mov qword ptr [rsp + 16], rbx
  00e6:  4c 89 44 24 18                 mov qword ptr [rsp + 24], r8
  00eb:  49 89 c0                       mov r8, rax
  00ee:  49 89 f3                       mov r11, rsi
  00f1:  48 89 ce                       mov rsi, rcx
  00f4:  4c 89 d9                       mov rcx, r11
  00f7:  44 0f 28 f8                    movaps xmm15, xmm0
  00fb:  0f 28 c1                       movaps xmm0, xmm1
  00fe:  41 0f 28 cf                    movaps xmm1, xmm15
  0102:  b8 02 00 00 00                 mov eax, 2
  0107:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 50: ret void
  010c:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0110:  48 89 ec                       mov rsp, rbp
  0113:  5d                             pop rbp
  0114:  c3                             ret

@main:
  ; prologue
  0120:  55                             push rbp
  0121:  48 89 e5                       mov rbp, rsp
  0124:  48 83 ec 60                    sub rsp, 96
  ; 55: call void @store_all(ptr %a, i8 -2, i16 -300, i32 123456, i64 -9876543210, float 1.5, double -2.25)
  0128:  41 bb 00 00 c0 3f              mov r11d, 1069547520
  012e:  66 41 0f 6e c3                 movd xmm0, r11d
  0133:  49 bb 00 00 00 00 00 00 02 c0  movabs r11, -4611123068473966592
  013d:  66 49 0f 6e cb                 movq xmm1, r11
  0142:  48 8d 7d a0                    lea rdi, [rbp - 96]
  0146:  be fe 00 00 00                 mov esi, 254
  014b:  ba d4 fe 00 00                 mov edx, 65236
  0150:  b9 40 e2 01 00                 mov ecx, 123456
  0155:  49 b8 16 e9 4f b3 fd ff ff ff  movabs r8, -9876543210
  015f:  e8 00 00 00 00                 call store_all  ; R_X86_64_PLT32 store_all-0x4
  ; 56: call void @load_all(ptr %a)
  0164:  48 8d 7d a0                    lea rdi, [rbp - 96]
  0168:  e8 00 00 00 00                 call load_all  ; R_X86_64_PLT32 load_all-0x4
  ; 57: call void @store_all(ptr @g, i8 127, i16 32767, i32 -1, i64 1, float -0.125, double 1.0e10)
  016d:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  0174:  41 bb 00 00 00 be              mov r11d, 3187671040
  017a:  66 41 0f 6e c3                 movd xmm0, r11d
  017f:  49 bb 00 00 00 20 5f a0 02 42  movabs r11, 4756540486875873280
  0189:  66 49 0f 6e cb                 movq xmm1, r11
  018e:  48 89 c7                       mov rdi, rax
  0191:  be 7f 00 00 00                 mov esi, 127
  0196:  ba ff 7f 00 00                 mov edx, 32767
  019b:  b9 ff ff ff ff                 mov ecx, 4294967295
  01a0:  41 b8 01 00 00 00              mov r8d, 1
  01a6:  e8 00 00 00 00                 call store_all  ; R_X86_64_PLT32 store_all-0x4
  ; 58: call void @load_all(ptr @g)
  01ab:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  01b2:  48 89 c7                       mov rdi, rax
  01b5:  e8 00 00 00 00                 call load_all  ; R_X86_64_PLT32 load_all-0x4
  ; 60: store ptr @g, ptr %pp
  01ba:  48 8d 05 00 00 00 00           lea rax, [rip + g]  ; R_X86_64_PC32 g-0x4
  01c1:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  ; 61: %back = load ptr, ptr %pp
  01c5:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  ; 62: %v = load i8, ptr %back
  01c9:  0f b6 08                       movzx ecx, byte ptr [rax]
  ; 64: ret i32 %r
  01cc:  48 89 c8                       mov rax, rcx
  01cf:  48 89 ec                       mov rsp, rbp
  01d2:  5d                             pop rbp
  01d3:  c3                             ret

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
