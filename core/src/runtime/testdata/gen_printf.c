/* Generates printf_expected.txt: glibc's own output for a fixed list of printf cases, the
 * oracle for the unit tests of core/src/runtime/format.rs.
 *
 * Regenerate (x86-64 glibc, C locale):
 *   gcc -O0 -w -o /tmp/gen_printf core/src/runtime/testdata/gen_printf.c &&
 *     /tmp/gen_printf > core/src/runtime/testdata/printf_expected.txt
 *
 * Each case is one line of four tab-separated fields:
 *   format  arguments  result  output
 * format and output are escaped: bytes outside 0x20..0x7e and the backslash as \xHH.
 * arguments are space-separated tokens, in the order the C call passes them:
 *   i:N   an int (4 bytes; also char/short/wint_t after promotion)
 *   l:N   an 8-byte integer (long, long long, size_t, ptrdiff_t, intmax_t)
 *   d:H   a double, its 64 bits in hex
 *   p:H   a pointer, in hex
 *   s:H   a char * string, its bytes in hex (s:- for a null pointer)
 *   w:H   a wchar_t * string, 8 hex digits per character (w:- for null)
 *   m:H   not an argument: strerror(errno) for %m, in hex
 * result is snprintf's return value, or -1:ERRNO when it failed.
 * Lines starting with # are comments.
 */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static char out[1 << 16];
static char desc[8192];
static int ncases;

static void esc(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c > 0x7e || c == '\\')
            printf("\\x%02x", c);
        else
            putchar(c);
    }
}

static void add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void add(const char *tokfmt, ...) {
    size_t len = strlen(desc);
    if (len) desc[len++] = ' ';
    va_list ap;
    va_start(ap, tokfmt);
    vsnprintf(desc + len, sizeof desc - len, tokfmt, ap);
    va_end(ap);
}

static void a_i(int v) { add("i:%d", v); }
static void a_l(long long v) { add("l:%lld", v); }
static void a_d(double v) { uint64_t b; memcpy(&b, &v, 8); add("d:%016llx", (unsigned long long)b); }
static void a_p(void *p) { add("p:%llx", (unsigned long long)(uintptr_t)p); }
static void a_s(const char *s) {
    if (!s) { add("s:-"); return; }
    char h[2048]; size_t n = strlen(s); h[0] = 0;
    for (size_t i = 0; i < n && i < 1000; i++) sprintf(h + 2 * i, "%02x", (unsigned char)s[i]);
    add("s:%s", h);
}
static void a_w(const wchar_t *s) {
    if (!s) { add("w:-"); return; }
    char h[2048]; size_t n = wcslen(s); h[0] = 0;
    for (size_t i = 0; i < n && i < 200; i++) sprintf(h + 8 * i, "%08x", (unsigned)s[i]);
    add("w:%s", h);
}

static void emit(const char *fmt, int r, int err) {
    if (r >= (int)sizeof out) { fprintf(stderr, "case too long: %s\n", fmt); exit(1); }
    esc(fmt, strlen(fmt));
    printf("\t%s\t", desc);
    if (r < 0) printf("-1:%d\t", err); else printf("%d\t", r);
    if (r > 0) esc(out, (size_t)r);
    putchar('\n');
    desc[0] = 0;
    ncases++;
}

#define CALL(fmt, ...) do { errno = 0; int r_ = snprintf(out, sizeof out, fmt, __VA_ARGS__); emit(fmt, r_, errno); } while (0)
#define CALL0(fmt) do { errno = 0; int r_ = snprintf(out, sizeof out, fmt, 0); emit(fmt, r_, errno); } while (0)

static void t_0(const char *f) { desc[0] = 0; CALL0(f); }
static void t_i(const char *f, int v) { a_i(v); CALL(f, v); }
static void t_l(const char *f, long long v) { a_l(v); CALL(f, v); }
static void t_d(const char *f, double v) { a_d(v); CALL(f, v); }
static void t_s(const char *f, const char *v) { a_s(v); CALL(f, v); }
static void t_p(const char *f, void *v) { a_p(v); CALL(f, v); }
static void t_wi(const char *f, int w, int v) { a_i(w); a_i(v); CALL(f, w, v); }
static void t_wpi(const char *f, int w, int p, int v) { a_i(w); a_i(p); a_i(v); CALL(f, w, p, v); }
static void t_wd(const char *f, int w, double v) { a_i(w); a_d(v); CALL(f, w, v); }
static void t_wpd(const char *f, int w, int p, double v) { a_i(w); a_i(p); a_d(v); CALL(f, w, p, v); }
static void t_ws(const char *f, int w, const char *v) { a_i(w); a_s(v); CALL(f, w, v); }

/* xorshift64*: a fixed seed, so the case list never changes. */
static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static int rndn(int n) { return (int)(rnd() % (uint64_t)n); }

static double dbits(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

static const double interesting[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 3.5, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.05, 0.15,
    0.25, 0.125, 0.375, 9.5, 10.5, 99.5, 0.95, 0.995, 9.995, 999999.5, 9999995.0, 0.9999999,
    1e-5, 1e-4, 0.0001234, 100000.0, 1e6, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 123456789.0,
    3.141592653589793, 2.718281828459045, 9007199254740992.0, 9223372036854775808.0, 1e100,
    1e300, -1e300, 1e-300, 5e-324, 1e-310, 2.2250738585072014e-308, 2.2250738585072009e-308,
    1.7976931348623157e308, 4.9406564584124654e-324, 65536.0, 0.1 + 0.2, 1234.5678, -0.001,
    1e-7, 5e-7, 4.5, 5.5, 0.045, 1.25, 1.35, 2.675, 1e9, 4294967296.0,
};
#define NINT (sizeof interesting / sizeof interesting[0])

static double special(int k) {
    switch (k) {
    case 0: return INFINITY;
    case 1: return -INFINITY;
    case 2: return NAN;
    default: return -NAN;
    }
}

static double random_double(void) {
    switch (rndn(8)) {
    case 0: return interesting[rndn(NINT)];
    case 1: return dbits(rnd());
    case 2: { /* decimal-looking */
        double m = (double)(rnd() % 10000000);
        int e = rndn(12);
        double v = m / pow(10, e);
        return rndn(2) ? -v : v;
    }
    case 3: { /* exact binary fractions: many ties */
        double v = (double)(rnd() % 100000) / (double)(1 << rndn(12));
        return rndn(2) ? -v : v;
    }
    case 4: return special(rndn(4));
    case 5: return ldexp((double)(rnd() >> 11), rndn(200) - 100 - 53);
    case 6: return dbits(rnd() & 0x000fffffffffffffull); /* subnormal */
    default: return (double)(int64_t)rnd() / 1e10;
    }
}

static long long random_int(void) {
    static const long long sp[] = {0, 1, -1, 7, 8, 9, 10, 15, 16, 42, -42, 99, 100, 127, 128, 255, 256, -128, -129,
                                   32767, 32768, 65535, 65536, INT_MAX, INT_MIN, UINT_MAX, LLONG_MAX, LLONG_MIN,
                                   1000000, 123456789, -987654321};
    switch (rndn(3)) {
    case 0: return sp[rndn(sizeof sp / sizeof sp[0])];
    case 1: return (long long)rnd() >> rndn(64);
    default: return (long long)(rnd() % 2000) - 1000;
    }
}

static const char *strs[] = {"", "a", "hello", "hello, world", "tab\there", "\x01\x7f\x80\xff", "0123456789abcdef"};
#define NSTR (sizeof strs / sizeof strs[0])

static void random_case(void) {
    char f[128];
    int n = 0;
    if (rndn(4) == 0) n += sprintf(f + n, "<");
    f[n++] = '%';
    const char *flagchars = "-+ #0";
    for (int k = 0; k < 5; k++)
        if (rndn(4) == 0) f[n++] = flagchars[k];
    if (rndn(30) == 0) f[n++] = '\'';
    int has_w = 0, has_p = 0, wv = 0, pv = 0;
    int r = rndn(10);
    if (r < 2) { f[n++] = '*'; has_w = 1; wv = rndn(50) - 20; }
    else if (r < 6) n += sprintf(f + n, "%d", 1 + rndn(30));
    r = rndn(10);
    if (r < 1) { n += sprintf(f + n, ".*"); has_p = 1; pv = rndn(40) - 8; }
    else if (r < 5) n += sprintf(f + n, ".%d", rndn(10) == 0 ? rndn(80) : rndn(20));
    else if (r < 6) f[n++] = '.';
    int kind = rndn(20); /* 0-7 int, 8-15 float, 16 char, 17 string, 18 pointer, 19 long int */
    long long iv = 0; double dv = 0; const char *sv = 0; void *pvv = 0;
    int is_long = 0;
    if (kind < 8 || kind == 19) {
        static const char *mods_i[] = {"", "", "hh", "h"};
        static const char *mods_l[] = {"l", "ll", "j", "z", "t", "q", "L"};
        is_long = kind == 19 || rndn(2);
        const char *m = is_long ? mods_l[rndn(7)] : mods_i[rndn(4)];
        n += sprintf(f + n, "%s%c", m, "diuoxXbB"[rndn(8)]);
        iv = random_int();
        if (!is_long) iv = (int)iv;
    } else if (kind < 16) {
        n += sprintf(f + n, "%c", "fFeEgGaA"[kind - 8]);
        dv = random_double();
    } else if (kind == 16) {
        n += sprintf(f + n, "c");
        iv = rndn(256);
    } else if (kind == 17) {
        n += sprintf(f + n, "s");
        sv = rndn(10) == 0 ? NULL : strs[rndn(NSTR)];
    } else {
        n += sprintf(f + n, "p");
        pvv = rndn(5) == 0 ? NULL : (void *)(uintptr_t)(rnd() >> rndn(64));
    }
    if (rndn(4) == 0) n += sprintf(f + n, ">");
    f[n] = 0;
    if (has_w) a_i(wv);
    if (has_p) a_i(pv);
    int r_;
    errno = 0;
#define DISPATCH(...) \
    do { \
        if (has_w && has_p) r_ = snprintf(out, sizeof out, f, wv, pv, __VA_ARGS__); \
        else if (has_w) r_ = snprintf(out, sizeof out, f, wv, __VA_ARGS__); \
        else if (has_p) r_ = snprintf(out, sizeof out, f, pv, __VA_ARGS__); \
        else r_ = snprintf(out, sizeof out, f, __VA_ARGS__); \
    } while (0)
    if (kind < 8 || kind == 19) {
        if (is_long) { a_l(iv); DISPATCH(iv); } else { a_i((int)iv); DISPATCH((int)iv); }
    } else if (kind < 16) { a_d(dv); DISPATCH(dv); }
    else if (kind == 16) { a_i((int)iv); DISPATCH((int)iv); }
    else if (kind == 17) { a_s(sv); DISPATCH(sv); }
    else { a_p(pvv); DISPATCH(pvv); }
    emit(f, r_, errno);
}

/* All 32 subsets of the flags, in a fixed order. */
static void flagset(int mask, char *dst) {
    const char *flagchars = "-+ #0";
    int n = 0;
    for (int k = 0; k < 5; k++)
        if (mask & (1 << k)) dst[n++] = flagchars[k];
    dst[n] = 0;
}

int main(void) {
    char f[256], fl[8];
    printf("# glibc printf oracle for core/src/runtime/format.rs; generated by gen_printf.c:\n");
    printf("#   gcc -O0 -w -o /tmp/gen_printf core/src/runtime/testdata/gen_printf.c && "
           "/tmp/gen_printf > core/src/runtime/testdata/printf_expected.txt\n");

    /* 1. Integer conversions: every flag combination with a few widths and precisions. */
    static const char *wp_i[] = {"", "8", ".3", "8.3", ".0"};
    static const int vals_i[] = {0, -42};
    for (const char *c = "diuoxXbB"; *c; c++)
        for (int m = 0; m < 32; m++)
            for (int w = 0; w < 5; w++)
                for (int v = 0; v < 2; v++) {
                    if ((*c == 'i' || *c == 'B') && (m & 3) != 0) continue;
                    flagset(m, fl);
                    sprintf(f, "%%%s%s%c", fl, wp_i[w], *c);
                    t_i(f, vals_i[v]);
                }

    /* 2. Length modifiers across the integer range. */
    static const long long vals_l[] = {0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536, -32769,
                                       INT_MAX, INT_MIN, UINT_MAX, 4294967296LL, LLONG_MAX, LLONG_MIN,
                                       -9876543210LL};
    static const char *mods_i[] = {"", "hh", "h"};
    static const char *mods_l[] = {"l", "ll", "j", "z", "t", "q", "L"};
    for (const char *c = "duxo"; *c; c++)
        for (size_t v = 0; v < sizeof vals_l / sizeof vals_l[0]; v++) {
            for (int k = 0; k < 3; k++) { sprintf(f, "%%%s%c", mods_i[k], *c); t_i(f, (int)vals_l[v]); }
            for (int k = 0; k < 7; k++) {
                if (k >= 2 && v % 3 != 0) continue;
                sprintf(f, "%%%s%c", mods_l[k], *c); t_l(f, vals_l[v]);
            }
        }
    for (size_t v = 0; v < sizeof vals_l / sizeof vals_l[0]; v++) {
        long long x = vals_l[v];
        for (int j = 0; j < 5; j++) a_l(x);
        CALL("%#lx|%#lo|%+ld|% ld|%lb", x, x, x, x, x);
    }

    /* 3. Floating conversions: every flag combination with a few widths and precisions. */
    static const char *wp_f[] = {"", "12", ".0", "12.3"};
    static const double vals_f[] = {-1.5, 0.0};
    for (const char *c = "fFeEgGaA"; *c; c++)
        for (int m = 0; m < 32; m++)
            for (int w = 0; w < 4; w++)
                for (int v = 0; v < 2; v++) {
                    if ((*c == 'F' || *c == 'E' || *c == 'G' || *c == 'A') && (m & 3) != 0) continue;
                    flagset(m, fl);
                    sprintf(f, "%%%s%s%c", fl, wp_f[w], *c);
                    t_d(f, vals_f[v] );
                }

    /* 4. Interesting values at several precisions. */
    static const char *prec_f[] = {"", ".0", ".1", ".3", ".10", ".17", ".25"};
    for (size_t v = 0; v < NINT; v++)
        for (const char *c = "feag"; *c; c++)
            for (int p = 0; p < 7; p++) {
                if (*c == 'a' && p > 3) continue;
                sprintf(f, "%%%s%c", prec_f[p], *c);
                t_d(f, interesting[v]);
            }
    for (int k = 0; k < 4; k++) {
        double x = special(k);
        for (int j = 0; j < 8; j++) a_d(x);
        CALL("%f|%F|%e|%E|%g|%G|%a|%A", x, x, x, x, x, x, x, x);
        t_d("%+08.3f", special(k)); t_d("%-8e|", special(k)); t_d("% 08g", special(k)); t_d("%#010a", special(k));
        t_d("%+f", special(k)); t_d("% F", special(k));
    }
    /* %g corner cases: the switch to exponent form, rounding into a new decade, #. */
    static const double gvals[] = {0.0001, 0.00009999995, 0.000099999, 123456.0, 1234567.0, 999999.0, 9999995.0,
                                   999999.5, 99999.95, 0.5, 100.0, 1e-4, 1e-5, 123.456, 1e6, 1e7};
    static const char *gfmts[] = {"%g", "%.0g", "%.1g", "%.2g", "%.3g", "%#g", "%#.0g", "%#.3g", "%.10g", "%G", "%#.10G"};
    for (size_t v = 0; v < sizeof gvals / sizeof gvals[0]; v++)
        for (size_t k = 0; k < sizeof gfmts / sizeof gfmts[0]; k++) t_d(gfmts[k], gvals[v]);
    /* Huge precisions must be exact. */
    t_d("%.500f", 1e300); t_d("%.500f", 1e-300); t_d("%.1074f", 5e-324); t_d("%.1100f", 2.2250738585072014e-308);
    t_d("%.800e", 5e-324); t_d("%.760e", 1e-310); t_d("%.400g", 0.1); t_d("%.400g", 1e300);
    t_d("%#.50g", 1.0); t_d("%.0f", 1e308); t_d("%f", 1.7976931348623157e308); t_d("%.20a", 0.1);
    t_d("%.300e", 1.7976931348623157e308); t_d("%.30f", 0.1); t_d("%.60f", 1.0 / 3);
    t_d("%.17g", 0.1); t_d("%.16g", 0.1); t_d("%.17e", 2.0 / 3); t_d("%3000.2f", 1.0); t_d("%-3000.2e|", 1.0);
    t_d("%.2000f", 0.5); t_d("%#.2000g", 0.5); t_d("%.2000g", 0.5); t_d("%.2000e", 1.0);

    /* 5. Characters and strings. */
    static const int chars[] = {'a', 'Z', ' ', 0, 1, 127, 128, 200, 255, 256 + 'b', -1};
    for (size_t k = 0; k < sizeof chars / sizeof chars[0]; k++) {
        t_i("%c", chars[k]); t_i("[%5c]", chars[k]); t_i("[%-5c]", chars[k]); t_i("[%05c]", chars[k]);
        t_i("[%hhc]", chars[k]); t_i("[%.0c]", chars[k]);
    }
    static const char *sfmts[] = {"%s", "[%10s]", "[%-10s]", "[%.3s]", "[%10.3s]", "[%-10.3s]", "[%.0s]", "[%010s]",
                                  "[%.5s]", "[%.6s]", "[%.7s]", "[%6s]", "[%-6.5s]", "[%+ #s]", "[%hs]", "[%hhs]"};
    for (size_t k = 0; k < sizeof sfmts / sizeof sfmts[0]; k++) {
        for (size_t j = 0; j < NSTR; j++) t_s(sfmts[k], strs[j]);
        t_s(sfmts[k], NULL);
    }
    t_ws("[%*s]", 8, "abc"); t_ws("[%*s]", -8, "abc"); t_ws("[%-*s]", -8, "abc"); t_ws("[%*s]", 0, NULL);
    t_i("[%lc]", 'A'); t_i("[%5lc]", 'A'); t_i("[%-3C]", 'x'); t_i("[%lc]", 0xe9); t_i("[%lc]", 0x20ac); t_i("[%lc]", 0);
    {
        static const wchar_t *ws[] = {L"", L"wide", L"w\x7f", L"caf\xe9", NULL};
        static const char *wfmts[] = {"[%ls]", "[%8ls]", "[%-8.2ls]", "[%.3ls]", "[%S]", "[%.5ls]", "[%.6ls]"};
        for (size_t k = 0; k < sizeof ws / sizeof ws[0]; k++)
            for (size_t j = 0; j < sizeof wfmts / sizeof wfmts[0]; j++) { a_w(ws[k]); CALL(wfmts[j], ws[k]); }
    }

    /* 6. Pointers. */
    static const char *pfmts[] = {"%p", "[%20p]", "[%-20p]", "[%020p]", "[%.20p]", "[%+p]", "[% p]", "[%#p]", "[%.0p]",
                                  "[%.3p]", "[%3p]", "[%-3p]", "[%lp]"};
    static void *ptrs[] = {NULL, (void *)1, (void *)0x7ffe12345678, (void *)~(uintptr_t)0, (void *)0xdeadbeef};
    for (size_t k = 0; k < sizeof pfmts / sizeof pfmts[0]; k++)
        for (size_t j = 0; j < sizeof ptrs / sizeof ptrs[0]; j++) t_p(pfmts[k], ptrs[j]);

    /* 7. Stars, literal text, %%, unknown conversions, errors. */
    static const int stars[] = {0, 1, 5, 12, -1, -5, -12};
    for (size_t k = 0; k < sizeof stars / sizeof stars[0]; k++) {
        t_wi("[%*d]", stars[k], 42); t_wi("[%-*d]", stars[k], 42); t_wi("[%0*d]", stars[k], -42);
        t_wi("[%.*d]", stars[k], 42); a_i(stars[k]); a_s("hello"); CALL("[%.*s]", stars[k], "hello"); t_wd("[%.*f]", stars[k], 2.5);
        t_wd("[%.*e]", stars[k], 2.5); t_wd("[%.*g]", stars[k], 2.5); t_wd("[%*g]", stars[k], 2.5);
        t_wpi("[%*.*x]", stars[k], 4, 255); t_wpi("[%*.*x]", 9, stars[k], 255);
        t_wpd("[%0*.*f]", stars[k], 3, -1.25);
    }
    t_wi("[%*d]", INT_MIN, 42); t_wd("[%*g]", INT_MIN, 2.5); t_wi("[%.*d]", INT_MIN, 42);
    {
        /* %.*s with a null pointer */
        a_i(3); a_s(NULL); CALL("[%.*s]", 3, (char *)NULL);
        a_i(-3); a_s(NULL); CALL("[%.*s]", -3, (char *)NULL);
    }
    t_0("plain text"); t_0(""); t_0("100%%"); t_0("%%d"); t_0("[%5%]"); t_0("[%-5%]"); t_0("%");
    t_0("abc%"); t_0("abc%5"); t_0("abc%-"); t_0("abc%.3"); t_0("abc%l"); t_0("abc%hh");
    t_0("%y"); t_0("[%-5y]"); t_0("[%#+ 08.3hhy]"); t_0("[%5.-3d]"); t_0("[%hld]"); t_0("[%5-d]");
    t_0("[%'y]"); t_0("[% Iy]"); t_0("%k%K%r%v%w%W%Y%?%!%{%,%&"); t_0("%0$d"); t_0("[%.y]");
    t_wi("[%*y]", 7, 0); t_wi("[%*y]", -7, 0); t_wi("[%.*y]", -2, 0); t_wi("[%.*y]", 4, 0);
    t_i("%99999999999d", 5); t_i("%.99999999999d", 5); t_i("%.2147483648d", 5);
    t_i("[%'d]", 1234567); t_d("[%'f]", 1234567.5); t_d("[%'.3e]", 1234567.5); t_i("[%I5d]", 42);
    t_i("[%'+08d]", 1234567);
    errno = ERANGE; desc[0] = 0; { char h[256]; const char *m = strerror(ERANGE); h[0] = 0;
        for (size_t i = 0; i < strlen(m); i++) sprintf(h + 2 * i, "%02x", (unsigned char)m[i]);
        add("m:%s", h);
        errno = ERANGE; int r_ = snprintf(out, sizeof out, "[%m|%30m|%-30.5m|%.0m]"); emit("[%m|%30m|%-30.5m|%.0m]", r_, 0);
    }

    /* 8. Positional arguments. */
    a_i(1); a_i(2); CALL("%2$d %1$d", 1, 2);
    a_s("x"); a_d(2.5); a_i(7); CALL("%3$d %1$s %2$.2f %3$x %1$s", "x", 2.5, 7);
    a_i(42); a_i(10); CALL("[%1$*2$d]", 42, 10);
    a_i(42); a_i(-10); CALL("[%1$*2$d]", 42, -10);
    a_i(42); a_i(6); a_i(3); CALL("[%1$*2$.*3$d]", 42, 6, 3);
    a_d(3.14159); a_i(8); a_i(2); CALL("[%1$*2$.*3$f|%1$g|%1$a]", 3.14159, 8, 2);
    a_s("hello"); CALL("[%1$.2s|%1$s|%1$.4s]", "hello");
    a_i(5); a_i(6); CALL("[%d %2$d]", 5, 6);
    a_i(5); a_i(6); CALL("[%y %d %d]", 5, 6);
    a_i(5); a_i(6); CALL("[%d %y %d]", 5, 6);
    a_i(8); a_i(5); CALL("[%*y %d]", 8, 5);
    a_i(1); a_i(2); a_i(3); CALL("[%3$d %1$d]", 1, 2, 3);
    a_l(1LL << 40); a_d(0.5); CALL("[%2$f %1$lld]", 1LL << 40, 0.5);
    a_i(3); a_i(4); a_i(5); a_i(6); CALL("[%hld|%5-d|%.-5d|%*5d|]", 3, 4, 5, 6);
    t_i("[%1$%|%1$d]", 9);
    t_i("[%1$5%|%1$d]", 9);

    /* 9. Random cases from a fixed seed. */
    for (int k = 0; k < 2500; k++) random_case();

    fprintf(stderr, "%d cases\n", ncases);
    return 0;
}
