; native/arith.ll: x86-64, 666 bytes of code

@id32:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  ; 12: ret i32 %x
  0008:  48 89 f8                       mov rax, rdi
  000b:  48 89 ec                       mov rsp, rbp
  000e:  5d                             pop rbp
  000f:  c3                             ret

@id64:
  ; prologue
  0010:  55                             push rbp
  0011:  48 89 e5                       mov rbp, rsp
  0014:  48 83 ec 30                    sub rsp, 48
  ; 16: ret i64 %x
  0018:  48 89 f8                       mov rax, rdi
  001b:  48 89 ec                       mov rsp, rbp
  001e:  5d                             pop rbp
  001f:  c3                             ret

@ops32:
  ; prologue
  0020:  55                             push rbp
  0021:  48 89 e5                       mov rbp, rsp
  0024:  48 81 ec a0 00 00 00           sub rsp, 160
  002b:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 20: %add = add i32 %a, %b
  002f:  89 f8                          mov eax, edi
  0031:  01 f0                          add eax, esi
  ; 21: %sub = sub i32 %a, %b
  0033:  89 f9                          mov ecx, edi
  0035:  29 f1                          sub ecx, esi
  ; 22: %mul = mul i32 %a, %b
  0037:  41 89 f8                       mov r8d, edi
  003a:  44 0f af c6                    imul r8d, esi
  ; 23: %sdiv = sdiv i32 %a, %b
  003e:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0042:  48 89 55 c0                    mov qword ptr [rbp - 64], rdx
  0046:  48 89 f8                       mov rax, rdi
  0049:  99                             cdq
  004a:  f7 fe                          idiv esi
  ; 24: %udiv = udiv i32 %a, %b
  004c:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  0050:  48 89 f8                       mov rax, rdi
  0053:  31 d2                          xor edx, edx
  0055:  f7 f6                          div esi
  ; 25: %srem = srem i32 %a, %b
  0057:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  005b:  48 89 f8                       mov rax, rdi
  005e:  83 fe ff                       cmp esi, -1
  0061:  0f 85 07 00 00 00              jne 0x4e
  0067:  31 d2                          xor edx, edx
  0069:  e9 03 00 00 00                 jmp 0x51
  006e:  99                             cdq
  006f:  f7 fe                          idiv esi
  ; 26: %urem = urem i32 %a, %b
  0071:  48 89 55 a8                    mov qword ptr [rbp - 88], rdx
  0075:  48 89 f8                       mov rax, rdi
  0078:  31 d2                          xor edx, edx
  007a:  f7 f6                          div esi
  ; 27: %shl = shl i32 %a, %s
  007c:  48 89 4d a0                    mov qword ptr [rbp - 96], rcx
  0080:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  0084:  89 f8                          mov eax, edi
  0086:  d3 e0                          shl eax, cl
  ; 28: %lshr = lshr i32 %a, %s
  0088:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  008c:  41 89 f9                       mov r9d, edi
  008f:  41 d3 e9                       shr r9d, cl
  ; 29: %ashr = ashr i32 %a, %s
  0092:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  0096:  41 89 fa                       mov r10d, edi
  0099:  41 d3 fa                       sar r10d, cl
  ; 30: %and = and i32 %a, %b
  009c:  89 f9                          mov ecx, edi
  009e:  21 f1                          and ecx, esi
  ; 31: %xor = xor i32 %a, %b
  00a0:  31 f7                          xor edi, esi
  ; 32: call i32 (ptr, ...) @printf(ptr @f32, i32 %add, i32 %sub, i32 %mul, i32 %sdiv, i32 %udiv, i32 %srem, i32 %urem, i32 %shl, i32 %lshr, i32 %ashr, i32 %and, i32 %xor)
  00a2:  48 8d 35 00 00 00 00           lea rsi, [rip + f32]  ; R_X86_64_PC32 f32-0x4
  00a9:  48 8b 5d a8                    mov rbx, qword ptr [rbp - 88]
  00ad:  48 89 1c 24                    mov qword ptr [rsp], rbx
  00b1:  48 89 54 24 08                 mov qword ptr [rsp + 8], rdx
  00b6:  48 89 44 24 10                 mov qword ptr [rsp + 16], rax
  00bb:  4c 89 4c 24 18                 mov qword ptr [rsp + 24], r9
  00c0:  4c 89 54 24 20                 mov qword ptr [rsp + 32], r10
  00c5:  48 89 4c 24 28                 mov qword ptr [rsp + 40], rcx
  00ca:  48 89 7c 24 30                 mov qword ptr [rsp + 48], rdi
  00cf:  4c 89 c1                       mov rcx, r8
  00d2:  48 89 f7                       mov rdi, rsi
  00d5:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  00d9:  48 8b 55 a0                    mov rdx, qword ptr [rbp - 96]
  00dd:  4c 8b 45 b8                    mov r8, qword ptr [rbp - 72]
  00e1:  4c 8b 4d b0                    mov r9, qword ptr [rbp - 80]
  00e5:  b8 00 00 00 00                 mov eax, 0
  00ea:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 33: ret void
  00ef:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  00f3:  48 89 ec                       mov rsp, rbp
  00f6:  5d                             pop rbp
  00f7:  c3                             ret

@ops64:
  ; prologue
  0100:  55                             push rbp
  0101:  48 89 e5                       mov rbp, rsp
  0104:  48 81 ec a0 00 00 00           sub rsp, 160
  010b:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 37: %add = add i64 %a, %b
  010f:  48 89 f8                       mov rax, rdi
  0112:  48 01 f0                       add rax, rsi
  ; 38: %sub = sub i64 %a, %b
  0115:  48 89 f9                       mov rcx, rdi
  0118:  48 29 f1                       sub rcx, rsi
  ; 39: %mul = mul i64 %a, %b
  011b:  49 89 f8                       mov r8, rdi
  011e:  4c 0f af c6                    imul r8, rsi
  ; 40: %sdiv = sdiv i64 %a, %b
  0122:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0126:  48 89 55 c0                    mov qword ptr [rbp - 64], rdx
  012a:  48 89 f8                       mov rax, rdi
  012d:  48 99                          cqo
  012f:  48 f7 fe                       idiv rsi
  ; 41: %udiv = udiv i64 %a, %b
  0132:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  0136:  48 89 f8                       mov rax, rdi
  0139:  31 d2                          xor edx, edx
  013b:  48 f7 f6                       div rsi
  ; 42: %srem = srem i64 %a, %b
  013e:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  0142:  48 89 f8                       mov rax, rdi
  0145:  48 83 fe ff                    cmp rsi, -1
  0149:  0f 85 07 00 00 00              jne 0x56
  014f:  31 d2                          xor edx, edx
  0151:  e9 05 00 00 00                 jmp 0x5b
  0156:  48 99                          cqo
  0158:  48 f7 fe                       idiv rsi
  ; 43: %urem = urem i64 %a, %b
  015b:  48 89 55 a8                    mov qword ptr [rbp - 88], rdx
  015f:  48 89 f8                       mov rax, rdi
  0162:  31 d2                          xor edx, edx
  0164:  48 f7 f6                       div rsi
  ; 44: %shl = shl i64 %a, %s
  0167:  48 89 4d a0                    mov qword ptr [rbp - 96], rcx
  016b:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  016f:  48 89 f8                       mov rax, rdi
  0172:  48 d3 e0                       shl rax, cl
  ; 45: %lshr = lshr i64 %a, %s
  0175:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  0179:  49 89 f9                       mov r9, rdi
  017c:  49 d3 e9                       shr r9, cl
  ; 46: %ashr = ashr i64 %a, %s
  017f:  48 8b 4d c0                    mov rcx, qword ptr [rbp - 64]
  0183:  49 89 fa                       mov r10, rdi
  0186:  49 d3 fa                       sar r10, cl
  ; 47: %or = or i64 %a, %b
  0189:  48 89 f9                       mov rcx, rdi
  018c:  48 09 f1                       or rcx, rsi
  ; 48: %xor = xor i64 %a, %b
  018f:  48 31 f7                       xor rdi, rsi
  ; 49: call i32 (ptr, ...) @printf(ptr @f64, i64 %add, i64 %sub, i64 %mul, i64 %sdiv, i64 %udiv, i64 %srem, i64 %urem, i64 %shl, i64 %lshr, i64 %ashr, i64 %or, i64 %xor)
  0192:  48 8d 35 00 00 00 00           lea rsi, [rip + f64]  ; R_X86_64_PC32 f64-0x4
  0199:  48 8b 5d a8                    mov rbx, qword ptr [rbp - 88]
  019d:  48 89 1c 24                    mov qword ptr [rsp], rbx
  01a1:  48 89 54 24 08                 mov qword ptr [rsp + 8], rdx
  01a6:  48 89 44 24 10                 mov qword ptr [rsp + 16], rax
  01ab:  4c 89 4c 24 18                 mov qword ptr [rsp + 24], r9
  01b0:  4c 89 54 24 20                 mov qword ptr [rsp + 32], r10
  01b5:  48 89 4c 24 28                 mov qword ptr [rsp + 40], rcx
  01ba:  48 89 7c 24 30                 mov qword ptr [rsp + 48], rdi
  01bf:  4c 89 c1                       mov rcx, r8
  01c2:  48 89 f7                       mov rdi, rsi
  01c5:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  01c9:  48 8b 55 a0                    mov rdx, qword ptr [rbp - 96]
  01cd:  4c 8b 45 b8                    mov r8, qword ptr [rbp - 72]
  01d1:  4c 8b 4d b0                    mov r9, qword ptr [rbp - 80]
  01d5:  b8 00 00 00 00                 mov eax, 0
  01da:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 50: ret void
  01df:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  01e3:  48 89 ec                       mov rsp, rbp
  01e6:  5d                             pop rbp
  01e7:  c3                             ret

@main:
  ; prologue
  01f0:  55                             push rbp
  01f1:  48 89 e5                       mov rbp, rsp
  01f4:  48 83 ec 60                    sub rsp, 96
  ; 54: %a = call i32 @id32(i32 -1000)
  01f8:  bf 18 fc ff ff                 mov edi, 4294966296
  01fd:  e8 00 00 00 00                 call id32  ; R_X86_64_PLT32 id32-0x4
  ; 55: %b = call i32 @id32(i32 7)
  0202:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0206:  bf 07 00 00 00                 mov edi, 7
  020b:  e8 00 00 00 00                 call id32  ; R_X86_64_PLT32 id32-0x4
  ; 56: %s = call i32 @id32(i32 3)
  0210:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  0214:  bf 03 00 00 00                 mov edi, 3
  0219:  e8 00 00 00 00                 call id32  ; R_X86_64_PLT32 id32-0x4
  ; 57: call void @ops32(i32 %a, i32 %b, i32 %s)
  021e:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  0222:  48 89 c2                       mov rdx, rax
  0225:  48 8b 7d c8                    mov rdi, qword ptr [rbp - 56]
  0229:  48 8b 75 c0                    mov rsi, qword ptr [rbp - 64]
  022d:  e8 00 00 00 00                 call ops32  ; R_X86_64_PLT32 ops32-0x4
  ; 58: call void @ops32(i32 %b, i32 %a, i32 %s)
  0232:  48 8b 7d c0                    mov rdi, qword ptr [rbp - 64]
  0236:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  023a:  48 8b 55 b8                    mov rdx, qword ptr [rbp - 72]
  023e:  e8 00 00 00 00                 call ops32  ; R_X86_64_PLT32 ops32-0x4
  ; 59: %c = call i64 @id64(i64 -123456789012)
  0243:  48 bf ec e5 66 41 e3 ff ff ff  movabs rdi, -123456789012
  024d:  e8 00 00 00 00                 call id64  ; R_X86_64_PLT32 id64-0x4
  ; 60: %d = call i64 @id64(i64 1000003)
  0252:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  0256:  bf 43 42 0f 00                 mov edi, 1000003
  025b:  e8 00 00 00 00                 call id64  ; R_X86_64_PLT32 id64-0x4
  ; 61: %t = call i64 @id64(i64 35)
  0260:  48 89 45 a8                    mov qword ptr [rbp - 88], rax
  0264:  bf 23 00 00 00                 mov edi, 35
  0269:  e8 00 00 00 00                 call id64  ; R_X86_64_PLT32 id64-0x4
  ; 62: call void @ops64(i64 %c, i64 %d, i64 %t)
  026e:  48 89 45 a0                    mov qword ptr [rbp - 96], rax
  0272:  48 89 c2                       mov rdx, rax
  0275:  48 8b 7d b0                    mov rdi, qword ptr [rbp - 80]
  0279:  48 8b 75 a8                    mov rsi, qword ptr [rbp - 88]
  027d:  e8 00 00 00 00                 call ops64  ; R_X86_64_PLT32 ops64-0x4
  ; 63: call void @ops64(i64 %d, i64 %c, i64 %t)
  0282:  48 8b 7d a8                    mov rdi, qword ptr [rbp - 88]
  0286:  48 8b 75 b0                    mov rsi, qword ptr [rbp - 80]
  028a:  48 8b 55 a0                    mov rdx, qword ptr [rbp - 96]
  028e:  e8 00 00 00 00                 call ops64  ; R_X86_64_PLT32 ops64-0x4
  ; 64: ret i32 0
  0293:  31 c0                          xor eax, eax
  0295:  48 89 ec                       mov rsp, rbp
  0298:  5d                             pop rbp
  0299:  c3                             ret

; .data: 98 bytes, aligned to 8
@f32:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  20 25 64 20 25 75 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x75, 0x20, 0x25
  0010:  64 20 25 75 20 25 64 20        .byte 0x64, 0x20, 0x25, 0x75, 0x20, 0x25, 0x64, 0x20
  0018:  25 75 20 25 64 20 25 64        .byte 0x25, 0x75, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0020:  20 25 64 0a 00                 .byte 0x20, 0x25, 0x64, 0x0a, 0x00
@f64:
  0025:  25 6c 6c 64 20 25 6c 6c        .byte 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c, 0x6c
  002d:  64 20 25 6c 6c 64 20 25        .byte 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25
  0035:  6c 6c 64 20 25 6c 6c 75        .byte 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x75
  003d:  20 25 6c 6c 64 20 25 6c        .byte 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c
  0045:  6c 75 20 25 6c 6c 64 20        .byte 0x6c, 0x75, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  004d:  25 6c 6c 75 20 25 6c 6c        .byte 0x25, 0x6c, 0x6c, 0x75, 0x20, 0x25, 0x6c, 0x6c
  0055:  64 20 25 6c 6c 64 20 25        .byte 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25
  005d:  6c 6c 64 0a 00                 .byte 0x6c, 0x6c, 0x64, 0x0a, 0x00
