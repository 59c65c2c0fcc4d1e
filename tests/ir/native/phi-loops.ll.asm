; native/phi-loops.ll: x86-64, 701 bytes of code

@fib:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 40                    sub rsp, 64
  0008:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  000c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0010:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  0014:  4c 89 75 e0                    mov qword ptr [rbp - 32], r14
  0018:  49 89 fe                       mov r14, rdi
  ; 12: br label %loop
  001b:  45 31 ed                       xor r13d, r13d
  001e:  bb 01 00 00 00                 mov ebx, 1
  0023:  45 31 e4                       xor r12d, r12d
  0026:  44 89 e0                       mov eax, r12d
  0029:  01 d8                          add eax, ebx
  002b:  44 89 e9                       mov ecx, r13d
  002e:  83 c1 01                       add ecx, 1
  0031:  44 39 f1                       cmp ecx, r14d
  0034:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0038:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  003c:  0f 8c 08 00 00 00              jl 0x4a
  ; 22: ret i32 %a
  0042:  4c 89 e0                       mov rax, r12
  0045:  e9 13 00 00 00                 jmp 0x5d
  ; 17: %c = add i32 %a, %b
  004a:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  004e:  49 89 c5                       mov r13, rax
  0051:  49 89 dc                       mov r12, rbx
  0054:  48 8b 4d c8                    mov rcx, qword ptr [rbp - 56]
  0058:  48 89 cb                       mov rbx, rcx
  ; 20: br i1 %more, label %loop, label %done
  005b:  eb c9                          jmp 0x26
  005d:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0061:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  0065:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  0069:  4c 8b 75 e0                    mov r14, qword ptr [rbp - 32]
  006d:  48 89 ec                       mov rsp, rbp
  0070:  5d                             pop rbp
  0071:  c3                             ret

@swaps:
  ; prologue
  0080:  55                             push rbp
  0081:  48 89 e5                       mov rbp, rsp
  0084:  48 83 ec 40                    sub rsp, 64
  0088:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  008c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0090:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  0094:  4c 89 75 e0                    mov qword ptr [rbp - 32], r14
  0098:  49 89 d6                       mov r14, rdx
  ; 27: br label %loop
  009b:  45 31 ed                       xor r13d, r13d
  009e:  49 89 f4                       mov r12, rsi
  00a1:  48 89 fb                       mov rbx, rdi
  00a4:  44 89 e8                       mov eax, r13d
  00a7:  83 c0 01                       add eax, 1
  00aa:  44 39 f0                       cmp eax, r14d
  00ad:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  00b1:  0f 8c 15 00 00 00              jl 0x4c
  ; 36: %r = mul i32 %p, 10
  00b7:  b8 0a 00 00 00                 mov eax, 10
  00bc:  89 d9                          mov ecx, ebx
  00be:  0f af c8                       imul ecx, eax
  ; 37: %s = add i32 %r, %q
  00c1:  44 01 e1                       add ecx, r12d
  ; 38: ret i32 %s
  00c4:  48 89 c8                       mov rax, rcx
  00c7:  e9 16 00 00 00                 jmp 0x62
  ; 32: %i1 = add i32 %i, 1
  00cc:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  00d0:  49 89 c5                       mov r13, rax
  00d3:  48 89 d9                       mov rcx, rbx
  00d6:  4c 89 e3                       mov rbx, r12
  00d9:  49 89 cc                       mov r12, rcx
  ; 34: br i1 %more, label %loop, label %done
  00dc:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  00e0:  eb c2                          jmp 0x24
  00e2:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  00e6:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  00ea:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  00ee:  4c 8b 75 e0                    mov r14, qword ptr [rbp - 32]
  00f2:  48 89 ec                       mov rsp, rbp
  00f5:  5d                             pop rbp
  00f6:  c3                             ret

@triangle:
  ; prologue
  0100:  55                             push rbp
  0101:  48 89 e5                       mov rbp, rsp
  0104:  48 83 ec 50                    sub rsp, 80
  0108:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  010c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0110:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  0114:  4c 89 75 e0                    mov qword ptr [rbp - 32], r14
  0118:  4c 89 7d d8                    mov qword ptr [rbp - 40], r15
  011c:  49 89 ff                       mov r15, rdi
  ; 43: br label %outer
  011f:  45 31 f6                       xor r14d, r14d
  0122:  45 31 ed                       xor r13d, r13d
  ; 47: br label %inner
  0125:  4d 89 f4                       mov r12, r14
  0128:  31 db                          xor ebx, ebx
  012a:  48 63 c3                       movsxd rax, ebx
  012d:  4c 89 e1                       mov rcx, r12
  0130:  48 01 c1                       add rcx, rax
  0133:  89 d8                          mov eax, ebx
  0135:  83 c0 01                       add eax, 1
  0138:  44 39 e8                       cmp eax, r13d
  013b:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  013f:  48 89 4d c0                    mov qword ptr [rbp - 64], rcx
  0143:  0f 8e 1b 00 00 00              jle 0x64
  0149:  44 89 e8                       mov eax, r13d
  014c:  83 c0 01                       add eax, 1
  014f:  44 39 f8                       cmp eax, r15d
  0152:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  0156:  0f 8c 18 00 00 00              jl 0x74
  ; 61: ret i64 %acc.in
  015c:  4c 89 e0                       mov rax, r12
  015f:  e9 1c 00 00 00                 jmp 0x80
  ; 51: %jw = sext i32 %j to i64
  0164:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  0168:  49 89 c4                       mov r12, rax
  016b:  48 8b 4d c8                    mov rcx, qword ptr [rbp - 56]
  016f:  48 89 cb                       mov rbx, rcx
  ; 55: br i1 %jm, label %inner, label %outer.end
  0172:  eb b6                          jmp 0x2a
  ; 57: %i1 = add i32 %i, 1
  0174:  4d 89 e6                       mov r14, r12
  0177:  48 8b 45 b8                    mov rax, qword ptr [rbp - 72]
  017b:  49 89 c5                       mov r13, rax
  ; 59: br i1 %im, label %outer, label %done
  017e:  eb a5                          jmp 0x25
  0180:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0184:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  0188:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  018c:  4c 8b 75 e0                    mov r14, qword ptr [rbp - 32]
  0190:  4c 8b 7d d8                    mov r15, qword ptr [rbp - 40]
  0194:  48 89 ec                       mov rsp, rbp
  0197:  5d                             pop rbp
  0198:  c3                             ret

@halve:
  ; prologue
  01a0:  55                             push rbp
  01a1:  48 89 e5                       mov rbp, rsp
  01a4:  48 83 ec 50                    sub rsp, 80
  01a8:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  01ac:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  01b0:  49 89 fc                       mov r12, rdi
  ; 66: br label %loop
  01b3:  31 db                          xor ebx, ebx
  01b5:  0f 28 c8                       movaps xmm1, xmm0
  01b8:  f2 0f 11 4d c8                 movsd qword ptr [rbp - 56], xmm1
  01bd:  49 bb 00 00 00 00 00 00 e0 3f  movabs r11, 4602678819172646912
  01c7:  66 49 0f 6e c3                 movq xmm0, r11
  01cc:  f2 0f 10 4d c8                 movsd xmm1, qword ptr [rbp - 56]
  01d1:  0f 28 d1                       movaps xmm2, xmm1
  01d4:  f2 0f 59 d0                    mulsd xmm2, xmm0
  01d8:  89 d8                          mov eax, ebx
  01da:  83 c0 01                       add eax, 1
  01dd:  44 39 e0                       cmp eax, r12d
  01e0:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  01e4:  f2 0f 11 55 b8                 movsd qword ptr [rbp - 72], xmm2
  01e9:  0f 8c 0a 00 00 00              jl 0x59
  ; 75: ret double %h
  01ef:  f2 0f 10 45 b8                 movsd xmm0, qword ptr [rbp - 72]
  01f4:  e9 16 00 00 00                 jmp 0x6f
  ; 70: %h = fmul double %v, 5.0e-1
  01f9:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  01fd:  48 89 c3                       mov rbx, rax
  0200:  f2 0f 10 45 b8                 movsd xmm0, qword ptr [rbp - 72]
  0205:  0f 28 c8                       movaps xmm1, xmm0
  ; 73: br i1 %more, label %loop, label %done
  0208:  f2 0f 11 4d c8                 movsd qword ptr [rbp - 56], xmm1
  020d:  eb ae                          jmp 0x1d
  020f:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0213:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  0217:  48 89 ec                       mov rsp, rbp
  021a:  5d                             pop rbp
  021b:  c3                             ret

@main:
  ; prologue
  0220:  55                             push rbp
  0221:  48 89 e5                       mov rbp, rsp
  0224:  48 83 ec 50                    sub rsp, 80
  ; 79: %f = call i32 @fib(i32 20)
  0228:  bf 14 00 00 00                 mov edi, 20
  022d:  e8 00 00 00 00                 call fib  ; R_X86_64_PLT32 fib-0x4
  ; 80: %s = call i32 @swaps(i32 1, i32 2, i32 5)
  0232:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0236:  bf 01 00 00 00                 mov edi, 1
  023b:  be 02 00 00 00                 mov esi, 2
  0240:  ba 05 00 00 00                 mov edx, 5
  0245:  e8 00 00 00 00                 call swaps  ; R_X86_64_PLT32 swaps-0x4
  ; 81: %t = call i64 @triangle(i32 100)
  024a:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  024e:  bf 64 00 00 00                 mov edi, 100
  0253:  e8 00 00 00 00                 call triangle  ; R_X86_64_PLT32 triangle-0x4
  ; 82: %h = call double @halve(double 1000.0, i32 10)
  0258:  49 bb 00 00 00 00 00 40 8f 40  movabs r11, 4652007308841189376
  0262:  66 49 0f 6e c3                 movq xmm0, r11
  0267:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  026b:  bf 0a 00 00 00                 mov edi, 10
  0270:  e8 00 00 00 00                 call halve  ; R_X86_64_PLT32 halve-0x4
  ; 83: %s2 = call i32 @swaps(i32 1, i32 2, i32 6)
  0275:  f2 0f 11 45 b0                 movsd qword ptr [rbp - 80], xmm0
  027a:  bf 01 00 00 00                 mov edi, 1
  027f:  be 02 00 00 00                 mov esi, 2
  0284:  ba 06 00 00 00                 mov edx, 6
  0289:  e8 00 00 00 00                 call swaps  ; R_X86_64_PLT32 swaps-0x4
  ; 84: call i32 (ptr, ...) @printf(ptr @fmt, i32 %f, i32 %s, i64 %t, double %h, i32 %s2)
  028e:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0295:  49 89 c0                       mov r8, rax
  0298:  48 89 cf                       mov rdi, rcx
  029b:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  029f:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  02a3:  48 8b 4d b8                    mov rcx, qword ptr [rbp - 72]
  02a7:  f2 0f 10 45 b0                 movsd xmm0, qword ptr [rbp - 80]
  02ac:  b8 01 00 00 00                 mov eax, 1
  02b1:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 85: ret i32 0
  02b6:  31 c0                          xor eax, eax
  02b8:  48 89 ec                       mov rsp, rbp
  02bb:  5d                             pop rbp
  02bc:  c3                             ret

; .data: 20 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 6c        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x6c
  0008:  6c 64 20 25 67 20 25 64        .byte 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0010:  0a 00 00 00                    .byte 0x0a, 0x00, 0x00, 0x00
