; native/phi-loops.ll: x86-64, 733 bytes of code

@fib:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 60                    sub rsp, 96
  ; 12: br label %loop
  0008:  31 c0                          xor eax, eax
  000a:  b9 01 00 00 00                 mov ecx, 1
  000f:  31 d2                          xor edx, edx
  0011:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0015:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  0019:  48 89 55 b8                    mov qword ptr [rbp - 72], rdx
  001d:  48 89 7d b0                    mov qword ptr [rbp - 80], rdi
  0021:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  0025:  48 8b 4d b8                    mov rcx, qword ptr [rbp - 72]
  0029:  89 ca                          mov edx, ecx
  002b:  01 c2                          add edx, eax
  002d:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  0031:  89 f7                          mov edi, esi
  0033:  83 c7 01                       add edi, 1
  0036:  4c 8b 45 b0                    mov r8, qword ptr [rbp - 80]
  003a:  44 39 c7                       cmp edi, r8d
  003d:  48 89 55 a8                    mov qword ptr [rbp - 88], rdx
  0041:  48 89 7d a0                    mov qword ptr [rbp - 96], rdi
  0045:  0f 8c 09 00 00 00              jl 0x54
  ; 22: ret i32 %a
  004b:  48 8b 45 b8                    mov rax, qword ptr [rbp - 72]
  004f:  e9 26 00 00 00                 jmp 0x7a
  ; 17: %c = add i32 %a, %b
  0054:  48 8b 45 a0                    mov rax, qword ptr [rbp - 96]
  0058:  48 89 c1                       mov rcx, rax
  005b:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  005f:  48 89 d6                       mov rsi, rdx
  0062:  48 8b 7d a8                    mov rdi, qword ptr [rbp - 88]
  0066:  48 89 fa                       mov rdx, rdi
  ; 20: br i1 %more, label %loop, label %done
  0069:  48 89 4d c8                    mov qword ptr [rbp - 56], rcx
  006d:  48 89 55 c0                    mov qword ptr [rbp - 64], rdx
  0071:  48 89 75 b8                    mov qword ptr [rbp - 72], rsi
  0075:  e9 a7 ff ff ff                 jmp 0x21
  007a:  48 89 ec                       mov rsp, rbp
  007d:  5d                             pop rbp
  007e:  c3                             ret

@swaps:
  ; prologue
  0080:  55                             push rbp
  0081:  48 89 e5                       mov rbp, rsp
  0084:  48 83 ec 60                    sub rsp, 96
  ; 27: br label %loop
  0088:  31 c0                          xor eax, eax
  008a:  48 89 f1                       mov rcx, rsi
  008d:  49 89 f8                       mov r8, rdi
  0090:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0094:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  0098:  48 89 55 b8                    mov qword ptr [rbp - 72], rdx
  009c:  4c 89 45 b0                    mov qword ptr [rbp - 80], r8
  00a0:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  00a4:  89 c1                          mov ecx, eax
  00a6:  83 c1 01                       add ecx, 1
  00a9:  48 8b 55 b8                    mov rdx, qword ptr [rbp - 72]
  00ad:  39 d1                          cmp ecx, edx
  00af:  48 89 4d a8                    mov qword ptr [rbp - 88], rcx
  00b3:  0f 8c 1c 00 00 00              jl 0x55
  ; 36: %r = mul i32 %p, 10
  00b9:  b8 0a 00 00 00                 mov eax, 10
  00be:  48 8b 4d b0                    mov rcx, qword ptr [rbp - 80]
  00c2:  89 ca                          mov edx, ecx
  00c4:  0f af d0                       imul edx, eax
  ; 37: %s = add i32 %r, %q
  00c7:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  00cb:  01 c2                          add edx, eax
  ; 38: ret i32 %s
  00cd:  48 89 d0                       mov rax, rdx
  00d0:  e9 2d 00 00 00                 jmp 0x82
  ; 32: %i1 = add i32 %i, 1
  00d5:  48 8b 45 a8                    mov rax, qword ptr [rbp - 88]
  00d9:  48 89 c1                       mov rcx, rax
  00dc:  48 8b 55 b0                    mov rdx, qword ptr [rbp - 80]
  00e0:  48 89 d6                       mov rsi, rdx
  00e3:  48 8b 7d c0                    mov rdi, qword ptr [rbp - 64]
  00e7:  48 89 fa                       mov rdx, rdi
  00ea:  48 89 f7                       mov rdi, rsi
  ; 34: br i1 %more, label %loop, label %done
  00ed:  48 89 4d c8                    mov qword ptr [rbp - 56], rcx
  00f1:  48 89 55 b0                    mov qword ptr [rbp - 80], rdx
  00f5:  48 89 75 a0                    mov qword ptr [rbp - 96], rsi
  00f9:  48 89 7d c0                    mov qword ptr [rbp - 64], rdi
  00fd:  e9 9e ff ff ff                 jmp 0x20
  0102:  48 89 ec                       mov rsp, rbp
  0105:  5d                             pop rbp
  0106:  c3                             ret

@triangle:
  ; prologue
  0110:  55                             push rbp
  0111:  48 89 e5                       mov rbp, rsp
  0114:  48 83 ec 70                    sub rsp, 112
  ; 43: br label %outer
  0118:  31 c0                          xor eax, eax
  011a:  31 c9                          xor ecx, ecx
  011c:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0120:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  0124:  48 89 7d b8                    mov qword ptr [rbp - 72], rdi
  ; 47: br label %inner
  0128:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  012c:  48 89 c1                       mov rcx, rax
  012f:  31 d2                          xor edx, edx
  0131:  48 89 4d b0                    mov qword ptr [rbp - 80], rcx
  0135:  48 89 55 a8                    mov qword ptr [rbp - 88], rdx
  0139:  48 8b 45 a8                    mov rax, qword ptr [rbp - 88]
  013d:  48 63 c8                       movsxd rcx, eax
  0140:  48 8b 55 b0                    mov rdx, qword ptr [rbp - 80]
  0144:  48 89 d6                       mov rsi, rdx
  0147:  48 01 ce                       add rsi, rcx
  014a:  89 c1                          mov ecx, eax
  014c:  83 c1 01                       add ecx, 1
  014f:  48 8b 7d c0                    mov rdi, qword ptr [rbp - 64]
  0153:  39 f9                          cmp ecx, edi
  0155:  48 89 4d a0                    mov qword ptr [rbp - 96], rcx
  0159:  48 89 75 98                    mov qword ptr [rbp - 104], rsi
  015d:  0f 8e 22 00 00 00              jle 0x75
  0163:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  0167:  89 c1                          mov ecx, eax
  0169:  83 c1 01                       add ecx, 1
  016c:  48 8b 55 b8                    mov rdx, qword ptr [rbp - 72]
  0170:  39 d1                          cmp ecx, edx
  0172:  48 89 4d 90                    mov qword ptr [rbp - 112], rcx
  0176:  0f 8c 24 00 00 00              jl 0x90
  ; 61: ret i64 %acc.in
  017c:  48 8b 45 b0                    mov rax, qword ptr [rbp - 80]
  0180:  e9 36 00 00 00                 jmp 0xab
  ; 51: %jw = sext i32 %j to i64
  0185:  48 8b 45 98                    mov rax, qword ptr [rbp - 104]
  0189:  48 89 c1                       mov rcx, rax
  018c:  48 8b 55 a0                    mov rdx, qword ptr [rbp - 96]
  0190:  48 89 d6                       mov rsi, rdx
  ; 55: br i1 %jm, label %inner, label %outer.end
  0193:  48 89 4d b0                    mov qword ptr [rbp - 80], rcx
  0197:  48 89 75 a8                    mov qword ptr [rbp - 88], rsi
  019b:  e9 99 ff ff ff                 jmp 0x29
  ; 57: %i1 = add i32 %i, 1
  01a0:  48 8b 45 b0                    mov rax, qword ptr [rbp - 80]
  01a4:  48 89 c1                       mov rcx, rax
  01a7:  48 8b 55 90                    mov rdx, qword ptr [rbp - 112]
  01ab:  48 89 d6                       mov rsi, rdx
  ; 59: br i1 %im, label %outer, label %done
  01ae:  48 89 4d c8                    mov qword ptr [rbp - 56], rcx
  01b2:  48 89 75 c0                    mov qword ptr [rbp - 64], rsi
  01b6:  e9 6d ff ff ff                 jmp 0x18
  01bb:  48 89 ec                       mov rsp, rbp
  01be:  5d                             pop rbp
  01bf:  c3                             ret

@halve:
  ; prologue
  01c0:  55                             push rbp
  01c1:  48 89 e5                       mov rbp, rsp
  01c4:  48 83 ec 60                    sub rsp, 96
  ; 66: br label %loop
  01c8:  31 c0                          xor eax, eax
  01ca:  0f 28 c8                       movaps xmm1, xmm0
  01cd:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  01d1:  48 89 7d c0                    mov qword ptr [rbp - 64], rdi
  01d5:  f2 0f 11 4d b8                 movsd qword ptr [rbp - 72], xmm1
  01da:  49 bb 00 00 00 00 00 00 e0 3f  movabs r11, 4602678819172646912
  01e4:  66 49 0f 6e c3                 movq xmm0, r11
  01e9:  f2 0f 10 4d b8                 movsd xmm1, qword ptr [rbp - 72]
  01ee:  0f 28 d1                       movaps xmm2, xmm1
  01f1:  f2 0f 59 d0                    mulsd xmm2, xmm0
  01f5:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  01f9:  89 c1                          mov ecx, eax
  01fb:  83 c1 01                       add ecx, 1
  01fe:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  0202:  39 d1                          cmp ecx, edx
  0204:  48 89 4d b0                    mov qword ptr [rbp - 80], rcx
  0208:  f2 0f 11 55 a8                 movsd qword ptr [rbp - 88], xmm2
  020d:  0f 8c 0a 00 00 00              jl 0x5d
  ; 75: ret double %h
  0213:  f2 0f 10 45 a8                 movsd xmm0, qword ptr [rbp - 88]
  0218:  e9 1d 00 00 00                 jmp 0x7a
  ; 70: %h = fmul double %v, 5.0e-1
  021d:  48 8b 45 b0                    mov rax, qword ptr [rbp - 80]
  0221:  48 89 c1                       mov rcx, rax
  0224:  f2 0f 10 45 a8                 movsd xmm0, qword ptr [rbp - 88]
  0229:  0f 28 c8                       movaps xmm1, xmm0
  ; 73: br i1 %more, label %loop, label %done
  022c:  48 89 4d c8                    mov qword ptr [rbp - 56], rcx
  0230:  f2 0f 11 4d b8                 movsd qword ptr [rbp - 72], xmm1
  0235:  e9 a0 ff ff ff                 jmp 0x1a
  023a:  48 89 ec                       mov rsp, rbp
  023d:  5d                             pop rbp
  023e:  c3                             ret

@main:
  ; prologue
  0240:  55                             push rbp
  0241:  48 89 e5                       mov rbp, rsp
  0244:  48 83 ec 50                    sub rsp, 80
  ; 79: %f = call i32 @fib(i32 20)
  0248:  bf 14 00 00 00                 mov edi, 20
  024d:  e8 00 00 00 00                 call fib  ; R_X86_64_PLT32 fib-0x4
  ; 80: %s = call i32 @swaps(i32 1, i32 2, i32 5)
  0252:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0256:  bf 01 00 00 00                 mov edi, 1
  025b:  be 02 00 00 00                 mov esi, 2
  0260:  ba 05 00 00 00                 mov edx, 5
  0265:  e8 00 00 00 00                 call swaps  ; R_X86_64_PLT32 swaps-0x4
  ; 81: %t = call i64 @triangle(i32 100)
  026a:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  026e:  bf 64 00 00 00                 mov edi, 100
  0273:  e8 00 00 00 00                 call triangle  ; R_X86_64_PLT32 triangle-0x4
  ; 82: %h = call double @halve(double 1000.0, i32 10)
  0278:  49 bb 00 00 00 00 00 40 8f 40  movabs r11, 4652007308841189376
  0282:  66 49 0f 6e c3                 movq xmm0, r11
  0287:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  028b:  bf 0a 00 00 00                 mov edi, 10
  0290:  e8 00 00 00 00                 call halve  ; R_X86_64_PLT32 halve-0x4
  ; 83: %s2 = call i32 @swaps(i32 1, i32 2, i32 6)
  0295:  f2 0f 11 45 b0                 movsd qword ptr [rbp - 80], xmm0
  029a:  bf 01 00 00 00                 mov edi, 1
  029f:  be 02 00 00 00                 mov esi, 2
  02a4:  ba 06 00 00 00                 mov edx, 6
  02a9:  e8 00 00 00 00                 call swaps  ; R_X86_64_PLT32 swaps-0x4
  ; 84: call i32 (ptr, ...) @printf(ptr @fmt, i32 %f, i32 %s, i64 %t, double %h, i32 %s2)
  02ae:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  02b5:  49 89 c0                       mov r8, rax
  02b8:  48 89 cf                       mov rdi, rcx
  02bb:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  02bf:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  02c3:  48 8b 4d b8                    mov rcx, qword ptr [rbp - 72]
  02c7:  f2 0f 10 45 b0                 movsd xmm0, qword ptr [rbp - 80]
  02cc:  b8 01 00 00 00                 mov eax, 1
  02d1:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 85: ret i32 0
  02d6:  31 c0                          xor eax, eax
  02d8:  48 89 ec                       mov rsp, rbp
  02db:  5d                             pop rbp
  02dc:  c3                             ret

; .data: 20 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 6c        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x6c
  0008:  6c 64 20 25 67 20 25 64        .byte 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0010:  0a 00 00 00                    .byte 0x0a, 0x00, 0x00, 0x00
