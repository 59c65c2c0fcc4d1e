//! The fault reporter that `irplay build --target x86_64|aarch64 --emit exe` links into an
//! executable (x86-64 or AArch64 Linux, glibc), so that a fault of the generated code is reported as `irplay run
//! --engine native` reports it (native_run.rs): the first line naming the fault, the IR
//! instruction's position and source line on stderr, C stdio flushed, exit status 70 (71 for
//! a stack overflow). native_faults.rs writes the program's table in place of the marker
//! below: `irplay_at` (ascending text offsets, then a sentinel), `irplay_tail_at` (where
//! each report tail starts in `irplay_tails`, then its end) and the texts of the first line.
//! Offsets are relative to `__irplay_text`, the hidden symbol at the start of the program's
//! `.text` (irplay_native::object::write_elf_exe).
//!
//! A constructor installs the handlers (on an alternate stack) before `main`; the handler
//! only looks up, writes with write(2), flushes stdio and calls _exit. A fault inside a C
//! library function is reported at the call of the generated code that led there: the first
//! return address into the text above the stack pointer, or else along the frame-pointer
//! chain. Everything but `__irplay_text` is static: nothing clashes with the program's names.
//! It is C that also compiles as C++ (a `$CC` of `c++` compiles a `.c` file as C++).
//!
//! With `IRPLAY_LIMITS` (code compiled with limits, `irplay run --engine native --target
//! aarch64`), a `udf`/`ud2` at one of the limit sites (`irplay_site_at`) is the step or depth
//! limit: reported as the interpreter reports it, with the call stack (the frame-pointer
//! chain, named by `irplay_func_at`), status 124 or 71. The program's memory functions are
//! `__irplay_malloc` and its kin here, which count the live heap (`malloc_usable_size`) and
//! return null when an allocation would pass `IRPLAY_MAX_MEMORY`, as the interpreter's heap
//! does; `__irplay_time` returns the interpreter's fixed time, `IRPLAY_TIME`, and
//! `__irplay_clock` the steps taken (`IRPLAY_STEPS_BUDGET` less the code's counter) in ticks
//! of `IRPLAY_STEPS_PER_TICK`, and `__irplay_isatty` finds no terminal.
//!
//! The machine's part: the registers of the signal context (`REG_RIP`, `REG_RSP`, `REG_RBP` on
//! x86-64; `pc`, `sp`, `x29` and the link register `x30` on AArch64, where a fault in a C
//! library function that calls nothing has its return address there), and what a call
//! instruction before a return address looks like (x86-64: `call rel32` or `call r/m64`;
//! AArch64: `bl` or `blr`).

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

/* @TABLE@ */

#ifdef __cplusplus
extern "C" {
#endif
extern const unsigned char __irplay_text[];
/* The top of the main thread's stack (glibc's dynamic loader); null if unknown. */
extern void *__libc_stack_end __attribute__((weak));
#ifdef __cplusplus
}
#endif

/* The main thread's stack: the lowest usable address (0 when unknown) and the highest. */
static uintptr_t irplay_stack_lo, irplay_stack_hi;

static void irplay_write(const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(2, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

static void irplay_puts(const char *s) { irplay_write(s, strlen(s)); }

/* The report tail of text offset `off` (its length in `*len`), or null. */
static const char *irplay_lookup(uintptr_t off, size_t *len) {
    size_t lo = 0, hi = IRPLAY_N;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (irplay_at[mid] <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    *len = irplay_tail_at[lo] - irplay_tail_at[lo - 1];
    return irplay_tails + irplay_tail_at[lo - 1];
}

/* The text byte at `w - back`, or -1 outside the text. */
static int irplay_byte(uintptr_t w, uintptr_t back) {
    uintptr_t t = (uintptr_t)__irplay_text;
    if (w < back || w - back < t || w - back - t >= IRPLAY_TEXT_LEN)
        return -1;
    return __irplay_text[w - back - t];
}

#if defined(__aarch64__)
/* Back from a return address to its call instruction. */
#define IRPLAY_CALL_LEN 4u

/* True if `w` is a return address into the text: after a `bl` or `blr`. */
static int irplay_is_return(uintptr_t w) {
    uintptr_t t = (uintptr_t)__irplay_text;
    if (!(t < w && w <= t + IRPLAY_TEXT_LEN) || w % 4 != 0)
        return 0;
    uint32_t i = 0;
    for (uintptr_t k = 0; k < 4; k++) {
        int b = irplay_byte(w, 4 - k);
        if (b < 0)
            return 0;
        i |= (uint32_t)b << (8 * k);
    }
    return (i & 0xfc000000u) == 0x94000000u || (i & 0xfffffc1fu) == 0xd63f0000u;
}
#else
/* Back from a return address into its call instruction. */
#define IRPLAY_CALL_LEN 1u

/* A `call` whose ModRM byte (before `back`) has `/2` and mode `mods`. */
static int irplay_modrm_call(uintptr_t w, uintptr_t back, int mods) {
    int m = irplay_byte(w, back - 1);
    return irplay_byte(w, back) == 0xff && m >= 0 && ((m >> 3) & 7) == 2 && (m >> 6) == mods;
}

/* True if `w` is a return address into the text: after a call instruction. */
static int irplay_is_return(uintptr_t w) {
    uintptr_t t = (uintptr_t)__irplay_text;
    if (!(t < w && w <= t + IRPLAY_TEXT_LEN))
        return 0;
    return irplay_byte(w, 5) == 0xe8 || irplay_modrm_call(w, 2, 3) || irplay_modrm_call(w, 3, 1) ||
           irplay_modrm_call(w, 6, 2) || (irplay_byte(w, 6) == 0xff && irplay_byte(w, 5) == 0x15);
}
#endif

/* The text offset of the call in the generated code that led to a fault at `sp`/`bp` outside
   it: the first return address into the text above the stack pointer, else along the
   frame-pointer chain; -1 if none. */
static intptr_t irplay_caller(uintptr_t sp, uintptr_t bp) {
    uintptr_t t = (uintptr_t)__irplay_text, hi = irplay_stack_hi;
    if (!(irplay_stack_lo <= sp && sp < hi))
        return -1;
    uintptr_t end = hi - sp > (1u << 20) ? sp + (1u << 20) : hi;
    for (uintptr_t a = (sp + 7) & ~(uintptr_t)7; a + 8 <= end; a += 8) {
        uintptr_t w = *(const uintptr_t *)a;
        if (irplay_is_return(w))
            return (intptr_t)(w - IRPLAY_CALL_LEN - t);
    }
    for (int i = 0; i < 1000; i++) {
        if (!(sp <= bp && bp % 8 == 0 && bp + 16 <= hi && bp - sp < ((uintptr_t)256 << 20)))
            return -1;
        uintptr_t next = ((const uintptr_t *)bp)[0], ret = ((const uintptr_t *)bp)[1];
        if (irplay_is_return(ret))
            return (intptr_t)(ret - IRPLAY_CALL_LEN - t);
        if (next <= bp)
            return -1;
        bp = next;
    }
    return -1;
}

#ifdef IRPLAY_LIMITS
/* The kind of the limit site at text offset `off` (0 steps, 1 depth), or -1. */
static int irplay_site(uintptr_t off) {
    size_t lo = 0, hi = IRPLAY_NSITES;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (irplay_site_at[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < IRPLAY_NSITES && irplay_site_at[lo] == off ? (int)irplay_site_kind[lo] : -1;
}

/* The name of the function at text offset `off` (its length in `*len`; may be empty). */
static const char *irplay_func(uintptr_t off, size_t *len) {
    size_t lo = 0, hi = IRPLAY_NFUNCS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (irplay_func_at[mid] <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    *len = 0;
    if (lo == 0)
        return "";
    *len = irplay_func_name_at[lo] - irplay_func_name_at[lo - 1];
    return irplay_func_names + irplay_func_name_at[lo - 1];
}

/* True if `bp` may be a frame of the run's stack above `sp`. */
static int irplay_frame_ok(uintptr_t sp, uintptr_t bp) {
    return irplay_stack_hi != 0 && sp <= bp && bp % 8 == 0 && bp + 16 <= irplay_stack_hi;
}

/* Walks the call stack from the function at text offset `site` and the frame `bp` above it:
   counts the named frames (`print` 0), or prints them as `@f <- @g`, the first
   IRPLAY_STACK_HEAD and last IRPLAY_STACK_TAIL of more than IRPLAY_STACK_SHOWN. */
static size_t irplay_walk(uintptr_t site, uintptr_t sp, uintptr_t bp, size_t total, int print) {
    uintptr_t t = (uintptr_t)__irplay_text;
    size_t n = 0;
    for (;;) {
        size_t len = 0;
        const char *name = irplay_func(site, &len);
        if (len > 0) {
            int shown = total <= IRPLAY_STACK_SHOWN || n < IRPLAY_STACK_HEAD ||
                        n >= total - IRPLAY_STACK_TAIL;
            if (print && shown) {
                if (n > 0)
                    irplay_puts(" <- ");
                irplay_write(name, len);
            } else if (print && n == IRPLAY_STACK_HEAD) {
                char num[32];
                size_t k = sizeof num;
                size_t more = total - IRPLAY_STACK_HEAD - IRPLAY_STACK_TAIL;
                num[--k] = '\0';
                do {
                    num[--k] = (char)('0' + more % 10);
                    more /= 10;
                } while (more > 0 && k > 0);
                irplay_puts(" <- ... (");
                irplay_puts(num + k);
                irplay_puts(" more)");
            }
            n++;
        }
        if (!irplay_frame_ok(sp, bp))
            return n;
        uintptr_t next = ((const uintptr_t *)bp)[0], ret = ((const uintptr_t *)bp)[1];
        if (!irplay_is_return(ret))
            return n;
        site = ret - IRPLAY_CALL_LEN - t;
        if (next <= bp)
            bp = 0;
        else
            bp = next;
    }
}

/* Reports the limit of `kind` reached at `pc` (a trap in the text) and ends the run. */
static void irplay_limit(int kind, uintptr_t pc, uintptr_t sp, uintptr_t bp) {
    uintptr_t t = (uintptr_t)__irplay_text;
    intptr_t site = (intptr_t)(pc - t);
    if (kind == 1) {
        size_t len = 0;
        const char *callee = irplay_func((uintptr_t)site, &len);
        irplay_puts(irplay_head_depth);
        irplay_write(callee, len);
        irplay_puts("); raise it with --max-stack-depth\n");
        /* Reported at the call: the return address of the callee's frame. */
        site = -1;
        if (irplay_frame_ok(sp, bp)) {
            uintptr_t next = ((const uintptr_t *)bp)[0], ret = ((const uintptr_t *)bp)[1];
            if (irplay_is_return(ret)) {
                site = (intptr_t)(ret - IRPLAY_CALL_LEN - t);
                bp = next > bp ? next : 0;
            }
        }
    } else {
        irplay_puts(irplay_head_steps);
    }
    if (site >= 0) {
        size_t len = 0;
        const char *tail = irplay_lookup((uintptr_t)site, &len);
        if (tail)
            irplay_write(tail, len);
        size_t total = irplay_walk((uintptr_t)site, sp, bp, 0, 0);
        if (total > 1) {
            irplay_puts("  call stack: ");
            irplay_walk((uintptr_t)site, sp, bp, total, 1);
            irplay_puts("\n");
        }
    }
    fflush(NULL);
    _exit(kind == 1 ? IRPLAY_STATUS_OVERFLOW : IRPLAY_STATUS_STEPS);
}
#endif

static void irplay_on_fault(int sig, siginfo_t *info, void *ctx) {
    const ucontext_t *uc = (const ucontext_t *)ctx;
    uintptr_t addr = (uintptr_t)info->si_addr, t = (uintptr_t)__irplay_text;
#if defined(__aarch64__)
    uintptr_t pc = (uintptr_t)uc->uc_mcontext.pc;
    uintptr_t sp = (uintptr_t)uc->uc_mcontext.sp;
    uintptr_t bp = (uintptr_t)uc->uc_mcontext.regs[29];
    uintptr_t lr = (uintptr_t)uc->uc_mcontext.regs[30];
#else
    uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    uintptr_t bp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
#endif
    int in_text = t <= pc && pc < t + IRPLAY_TEXT_LEN;
#ifdef IRPLAY_LIMITS
    if (sig == SIGILL && in_text) {
        int kind = irplay_site(pc - t);
        if (kind >= 0)
            irplay_limit(kind, pc, sp, bp);
    }
#endif
    /* A stack overflow: the stack pointer is at the stack's limit and the access near it, or
       (limit unknown) just below the stack pointer. */
    int overflow = 0;
    if (sig == SIGSEGV || sig == SIGBUS) {
        if (irplay_stack_lo != 0) {
            uintptr_t top = irplay_stack_lo + (1u << 20);
            uintptr_t low = sp < irplay_stack_lo ? sp : irplay_stack_lo;
            overflow = sp < top && addr < top && addr + (64u << 10) >= low;
        } else {
            overflow = addr < sp && sp - addr <= (64u << 10);
        }
    }
    irplay_puts(overflow               ? irplay_overflow
                : sig == SIGFPE || sig == SIGTRAP ? irplay_divide
                : sig == SIGILL        ? irplay_unreachable
                                       : irplay_memory);
    intptr_t site = in_text ? (intptr_t)(pc - t) : irplay_caller(sp, bp);
#if defined(__aarch64__)
    /* A C library function that calls nothing still has its return address in x30. */
    if (!in_text && irplay_is_return(lr))
        site = (intptr_t)(lr - IRPLAY_CALL_LEN - t);
    /* A stack overflow at a prologue's stack probe (`str xzr, [x16]`, its first store) is
       reported at the call, as on x86-64, where the call's push faults. */
    if (overflow && in_text && pc % 4 == 0 && irplay_is_return(lr)) {
        uint32_t i = 0;
        for (uintptr_t k = 0; k < 4; k++)
            i |= (uint32_t)__irplay_text[pc - t + k] << (8 * k);
        if (i == 0xf900021fu)
            site = (intptr_t)(lr - IRPLAY_CALL_LEN - t);
    }
#endif
    if (!in_text)
        irplay_puts(irplay_in_libc);
    irplay_puts("\n");
    size_t len = 0;
    const char *tail = site >= 0 ? irplay_lookup((uintptr_t)site, &len) : NULL;
    if (tail)
        irplay_write(tail, len);
    /* Output printed before the fault is kept; no handler runs on the broken state. */
    fflush(NULL);
    _exit(overflow ? IRPLAY_STATUS_OVERFLOW : IRPLAY_STATUS_UB);
}

__attribute__((constructor)) static void irplay_install(void) {
#ifdef IRPLAY_LINE_BUFFERED
    setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
#endif
    static char alt[64 << 10];
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alt;
    ss.ss_size = sizeof alt;
    if (sigaltstack(&ss, NULL) != 0)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = irplay_on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    /* AArch64 code traps a division by zero with `brk` (SIGTRAP): its divide does not. */
    const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
    struct rlimit rl;
    uintptr_t hi = &__libc_stack_end ? (uintptr_t)__libc_stack_end : 0;
    if (hi != 0) {
        irplay_stack_hi = hi;
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < hi)
            irplay_stack_lo = hi - (uintptr_t)rl.rlim_cur;
    }
}

#ifdef IRPLAY_LIMITS
/* The live heap of the program's own allocations (usable sizes). */
static size_t irplay_live;

/* True if `n` more bytes stay within the memory limit (else errno is ENOMEM). */
static int irplay_room(size_t n) {
    if (irplay_live > IRPLAY_MAX_MEMORY || n > IRPLAY_MAX_MEMORY - irplay_live) {
        errno = ENOMEM;
        return 0;
    }
    return 1;
}

static void *irplay_took(void *p) {
    if (p)
        irplay_live += malloc_usable_size(p);
    return p;
}

static void irplay_gave(size_t n) { irplay_live = n < irplay_live ? irplay_live - n : 0; }

#ifdef __cplusplus
extern "C" {
#endif
void *__irplay_malloc(size_t n) { return irplay_room(n) ? irplay_took(malloc(n)) : NULL; }

void *__irplay_calloc(size_t a, size_t b) {
    size_t n;
    if (__builtin_mul_overflow(a, b, &n))
        return calloc(a, b);
    return irplay_room(n) ? irplay_took(calloc(a, b)) : NULL;
}

void *__irplay_realloc(void *p, size_t n) {
    size_t old = p ? malloc_usable_size(p) : 0;
    /* The new block is counted while the old one still is, as the interpreter does. */
    if (n > 0 && !irplay_room(n))
        return NULL;
    void *q = realloc(p, n);
    if (q || n == 0) {
        irplay_gave(old);
        irplay_took(q);
    }
    return q;
}

void __irplay_free(void *p) {
    if (p)
        irplay_gave(malloc_usable_size(p));
    free(p);
}

void *__irplay_aligned_alloc(size_t a, size_t n) {
    return irplay_room(n) ? irplay_took(aligned_alloc(a, n)) : NULL;
}

void *__irplay_memalign(size_t a, size_t n) {
    return irplay_room(n) ? irplay_took(memalign(a, n)) : NULL;
}

int __irplay_posix_memalign(void **pp, size_t a, size_t n) {
    if (!irplay_room(n))
        return ENOMEM;
    int r = posix_memalign(pp, a, n);
    if (r == 0)
        irplay_took(*pp);
    return r;
}

void *__irplay_reallocarray(void *p, size_t a, size_t b) {
    size_t n;
    if (__builtin_mul_overflow(a, b, &n)) {
        errno = ENOMEM;
        return NULL;
    }
    return __irplay_realloc(p, n);
}

/* The interpreter's fixed time, as in every engine. */
time_t __irplay_time(time_t *t) {
    if (t)
        *t = IRPLAY_TIME;
    return IRPLAY_TIME;
}

/* No terminal, as in every engine. */
int __irplay_isatty(int fd) {
    (void)fd;
    return 0;
}

/* The code's step counter (irplay_native::COUNTER_STEPS, hidden in the executable): the budget
   left, a block's steps taken when it starts. */
extern volatile long long __irplay_steps_left __attribute__((visibility("hidden")));

/* The steps taken through the end of the current block in ticks, as the interpreter's clock
   counts, as in every engine. */
clock_t __irplay_clock(void) {
    long long taken = IRPLAY_STEPS_BUDGET - __irplay_steps_left;
    return (clock_t)((taken > 0 ? taken : 0) / IRPLAY_STEPS_PER_TICK);
}
#ifdef __cplusplus
}
#endif
#endif
