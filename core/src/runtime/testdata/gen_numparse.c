/* Generates numparse_expected.txt: glibc's own results for a fixed list of strtol/strtoul/
 * strtoll/strtoull/atoi/atol/atoll/strtod/strtof/atof cases, the oracle for the unit tests of
 * core/src/runtime/numparse.rs.
 *
 * Regenerate (x86-64 glibc, C locale):
 *   gcc -O0 -w -o /tmp/gen_numparse core/src/runtime/testdata/gen_numparse.c -lm &&
 *     /tmp/gen_numparse > core/src/runtime/testdata/numparse_expected.txt
 *
 * Each case is one line of six tab-separated fields:
 *   function  base  input  value  consumed  errno
 * input is escaped: bytes outside 0x20..0x7e and the backslash as \xHH. value is decimal for
 * the integer functions and the bits in hex for strtod/atof (16 digits) and strtof (8).
 * consumed is endptr - nptr, or - when endptr was left unwritten (or the function has none).
 * errno is the value after the call (it is cleared before it). Lines starting with # are
 * comments.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ncases;
static char *const UNSET = (char *)1;

static void esc(const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c > 0x7e || c == '\\')
            printf("\\x%02x", c);
        else
            putchar(c);
    }
}

static void line(const char *fn, int base, const char *in, const char *val, const char *s, char *end, int err) {
    printf("%s\t%d\t", fn, base);
    esc(in);
    printf("\t%s\t", val);
    if (end == UNSET) printf("-"); else printf("%td", end - s);
    printf("\t%d\n", err);
    ncases++;
}

static void ints(const char *s, int base) {
    char v[64], *end;
    end = UNSET; errno = 0; long a = strtol(s, &end, base); int e = errno;
    sprintf(v, "%ld", a); line("strtol", base, s, v, s, end, e);
    end = UNSET; errno = 0; unsigned long b = strtoul(s, &end, base); e = errno;
    sprintf(v, "%lu", b); line("strtoul", base, s, v, s, end, e);
}

static void ints_ll(const char *s, int base) {
    char v[64], *end;
    end = UNSET; errno = 0; long long a = strtoll(s, &end, base); int e = errno;
    sprintf(v, "%lld", a); line("strtoll", base, s, v, s, end, e);
    end = UNSET; errno = 0; unsigned long long b = strtoull(s, &end, base); e = errno;
    sprintf(v, "%llu", b); line("strtoull", base, s, v, s, end, e);
}

static void atois(const char *s) {
    char v[64];
    errno = 0; int a = atoi(s); int e = errno; sprintf(v, "%d", a); line("atoi", 10, s, v, s, UNSET, e);
    errno = 0; long b = atol(s); e = errno; sprintf(v, "%ld", b); line("atol", 10, s, v, s, UNSET, e);
    errno = 0; long long c = atoll(s); e = errno; sprintf(v, "%lld", c); line("atoll", 10, s, v, s, UNSET, e);
}

static void floats(const char *s) {
    char v[64], *end;
    end = UNSET; errno = 0; double d = strtod(s, &end); int e = errno;
    uint64_t bd; memcpy(&bd, &d, 8); sprintf(v, "%016llx", (unsigned long long)bd); line("strtod", 0, s, v, s, end, e);
    end = UNSET; errno = 0; float f = strtof(s, &end); e = errno;
    uint32_t bf; memcpy(&bf, &f, 4); sprintf(v, "%08x", bf); line("strtof", 0, s, v, s, end, e);
}

static void floats_d(const char *s) {
    char v[64], *end;
    end = UNSET; errno = 0; double d = strtod(s, &end); int e = errno;
    uint64_t bd; memcpy(&bd, &d, 8); sprintf(v, "%016llx", (unsigned long long)bd); line("strtod", 0, s, v, s, end, e);
}

/* The exact decimal value of x (a long double holds every midpoint of two doubles), without
 * the trailing zeros of %.800Le. */
static void exact(char *s, size_t n, long double x) {
    snprintf(s, n, "%.800Le", x);
    char *e = strchr(s, 'e');
    char *z = e;
    while (z[-1] == '0') z--;
    if (z[-1] == '.') z--;
    memmove(z, e, strlen(e) + 1);
}

static uint64_t rng_state = 0x13198A2E03707344ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static int rndn(int n) { return (int)(rnd() % (uint64_t)n); }
static double dbits(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static float fbits(uint32_t b) { float d; memcpy(&d, &b, 4); return d; }

static const char *int_inputs[] = {
    "", "0", "1", "-1", "+1", "  42", "\t\n-17xyz", "0x1A", "0X1a", "0x", "0xg", "-0x", "  -0xz", "0X", "077",
    "08", "0b101", "0B11", "123abc", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295",
    "4294967296", "4294967297", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551615", "18446744073709551616", "-18446744073709551615",
    "-18446744073709551616", "99999999999999999999999", "-99999999999999999999999", "zz", "ZZ", "z", "Zz9",
    "1e5", " + 5", "- 5", "--5", "+-5", "-+5", "\v\f\r 9", "0000000000000000000000000001",
    "0x0000000000000000000000000000000000001", "0xffffffffffffffff", "0x10000000000000000", "-0xffffffffffffffff",
    "1_000", "\xd9\xa1", "\x80" "5", "0.5", "+", "-", " ", "0x7fffffffffffffff", "0x8000000000000000",
    "-0x8000000000000000", "-0x8000000000000001", "777777777777777777777", "1777777777777777777777",
    "2000000000000000000000", "1111111111111111111111111111111111111111111111111111111111111111",
    "10000000000000000000000000000000000000000000000000000000000000000", "-0", "+0x", "0x-1", "0x+1",
    "3w5e11", "1y2p0", "\x1f" "5", "\xa0" "5", "12 34", "0\n", "00x1", "0xx1", "-00012", "9a",
};

static const char *float_inputs[] = {
    "", "0", "-0", "+0", "1", "-1", "1.5", "-1.5", "  \t1.5", "1,5", "1.5.5", ".5", "-.5", "5.", "5.e3", ".",
    "-.", "+.e1", ".e1", "e1", "1e", "1e+", "1e-", "1e+5", "1E5", "1e-5", "1e5x", "0x", "0X", "-0x", "0x.",
    "0x.p1", "0x.8", "0x8.", "0x1p", "0x1p-", "0x1p+", "0x1p3", "0x1P-3", "0x1.8p1", "-0x1.8p1", "0x.8p1",
    "0xap0", "0xAp0", "0x1.fffffffffffffp1023", "0x1.fffffffffffff7p1023", "0x1.fffffffffffff8p1023",
    "0x1p1024", "0x1p-1022", "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075", "0x1.8p-1075", "0x1p-1076",
    "0x0.0000000000001p-1022", "0x0.fffffffffffffp-1022", "0x0.fffffffffffff8p-1022",
    "0x0.fffffffffffff7ffp-1022", "0x0.ffffffffffffffp-1022", "0x1.ffffffffffffep-1023",
    "0x1.fffffffffffffp-1023", "0x1.ffffffffffffe8p-1023", "0x1.fffffffffffff0001p-1023",
    "0x123456789abcdef0123456789p0", "0x0.00000000000000000000000000000001p128", "0x1p-99999999999999999999",
    "0x1p99999999999999999999", "0x0p99999999999999999999", "0x1.00000000000008p0", "0x1.00000000000008000001p0",
    "0x1.00000000000018p0", "0x1.000001p0", "0x1.0000008p0", "0x1.0000018p0", "0x1p127", "0x1.fffffep127",
    "0x1.ffffffp127", "0x1p128", "0x1p-126", "0x1p-149", "0x1p-150", "0x1.8p-150", "0x1.fffffcp-127",
    "0x1.fffffep-127", "0x1.fffffdp-127", "0x1.ffffffffffffd8p-1023", "0x1.ffffffffffffd4p-1023",
    "0x1.ffffffffffffdcp-1023", "0x1.ffffffffffffe4p-1023", "0x1.ffffffffffffecp-1023", "0x1.ffffffffffffe0p-1024",
    "0x1.0000018p-1023", "0x1.00000000000018p-1023", "0x1.0000000000001cp-1023", "0x1.fffffd8p-127",
    "0x1.0000000000000cp-1024", "0x1.00000000000006p-1024", "0x1.00000000000002p-1075", "0x1.8p-1075",
    "0x1.000002p-150", "0x1.000001p-150",
    "inf", "INF", "Inf", "-inf", "+inf", "infinity", "INFINITY", "-Infinity", "infinit", "infinityx", "infx",
    "in", "i", "nan", "NaN", "NAN", "-nan", "+nan", "nan()", "nan(123)", "nan(0x7)", "nan(0x7ffff)",
    "-nan(0x7)", "nan(abc)", "nan(_)", "nan(1_2)", "nan(99999999999999999999999)", "nan(0xfffffffffffff)",
    "nan(0x8000000000001)", "nan(", "nan(1", "nan(1 )", "nan(-1)", "nan( 1)", "nanx", "na",
    "1e308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "-1e309",
    "1e-300", "1e-320", "1e-323", "1e-324", "1e-400", "-1e-400", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "4.9406564584124654e-324", "4.9406564584124655e-324", "5e-324",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.2250738585072009e-308",
    "0e999999999999999999", "0.0e-999999999999999999", "1e-999999999999999999999", "1e99999999999999999999",
    "0.0000000000000000000000000000000000000001e330", "100000000000000000000000000000e-330", "1e-45",
    "1.4e-45", "1.401298464324817e-45", "7e-46", "7.1e-46", "1.1754943508222875e-38", "1.1754942e-38",
    "3.4028234663852886e38", "3.4028235677973366e38", "3.4028236e38", "1e39", "0.1", "0.2", "0.3", "1e23",
    "8.98846567431158e307", "9007199254740993", "9007199254740992.5", "9007199254740993.0000000000000000001",
    "123456789012345678901234567890", "000000000000000000000000000000001", "1.000000000000000000000000000001",
    "3.14159265358979323846264338327950288", "2.718281828459045235360287471352662497757",
    "0.000000000000000000000000000000000000000000000000000000001", "1e", "1e-x", "1.e", "1ee5", "1e5e5",
    "1e+-5", "+-1", "-+1", "--1", "1x", "0x1g", "0x1.g", "0xg", "1_0", "\xa0" "1", "1\xa0",
};

int main(void) {
    printf("# glibc oracle for core/src/runtime/numparse.rs; generated by gen_numparse.c:\n");
    printf("#   gcc -O0 -w -o /tmp/gen_numparse core/src/runtime/testdata/gen_numparse.c -lm && "
           "/tmp/gen_numparse > core/src/runtime/testdata/numparse_expected.txt\n");
    static const int bases[] = {0, 10, 16, 8, 2, 36, 3, 7, 1, -1, 37};
    for (size_t k = 0; k < sizeof int_inputs / sizeof int_inputs[0]; k++) {
        for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) ints(int_inputs[k], bases[b]);
        ints_ll(int_inputs[k], 0);
        ints_ll(int_inputs[k], 16);
        atois(int_inputs[k]);
    }
    /* Random digit strings in random bases. */
    for (int k = 0; k < 150; k++) {
        char s[80];
        int base = 2 + rndn(35), n = 0;
        if (rndn(5) == 0) s[n++] = ' ';
        if (rndn(3) == 0) s[n++] = rndn(2) ? '-' : '+';
        int len = 1 + rndn(rndn(4) == 0 ? 70 : 20);
        for (int i = 0; i < len; i++) s[n++] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[rndn(base < 36 ? base + 2 : 62)];
        s[n] = 0;
        ints(s, base);
        ints(s, 0);
    }

    for (size_t k = 0; k < sizeof float_inputs / sizeof float_inputs[0]; k++) floats(float_inputs[k]);
    {
        /* A very long decimal string. */
        static char big[5000];
        memset(big, '9', 1000); big[1000] = 0; floats_d(big);
        strcpy(big, "0."); memset(big + 2, '0', 1000); strcpy(big + 1002, "1e1000"); floats_d(big);
        strcpy(big, "1."); memset(big + 2, '0', 1000); strcpy(big + 1002, "1"); floats_d(big);
        strcpy(big, "0x1."); memset(big + 4, '0', 1000); strcpy(big + 1004, "1p0"); floats_d(big);
    }
    /* Random doubles printed in several forms. */
    static const char *forms[] = {"%.17g", "%.16g", "%a", "%.25e", "%.3g", "%.9g", "%.13a", "%.5a"};
    for (int k = 0; k < 300; k++) {
        char s[128];
        double d;
        switch (rndn(4)) {
        case 0: d = dbits(rnd()); break;
        case 1: d = dbits(rnd() & 0x000fffffffffffffull); break;
        case 2: d = (double)(rnd() % 1000000) / pow(10, rndn(10)); break;
        default: d = (double)fbits((uint32_t)rnd()); break;
        }
        if (isnan(d)) d = 1.0;
        snprintf(s, sizeof s, forms[rndn(8)], d);
        floats(s);
    }
    /* Exact midpoints between adjacent doubles and floats (ties), and their neighbours. */
    for (int k = 0; k < 80; k++) {
        char s[2000];
        double d;
        switch (k % 4) {
        case 0: d = ldexp((double)(rnd() >> 11), rndn(200) - 100 - 53); break;
        case 1: d = k < 20 ? dbits(rnd() & 0x000fffffffffffffull) : dbits(rnd() & 0x3ff0000000000000ull); break;
        case 2: d = dbits(0x0010000000000000ull - 1 - (rnd() % 4)); break; /* near DBL_MIN */
        default: d = (double)(rnd() % 100000000) / 1024.0; break;
        }
        if (isnan(d) || isinf(d) || d == DBL_MAX) d = 1.5;
        long double mid = ((long double)d + (long double)nextafter(d, INFINITY)) / 2;
        if (k % 4 == 2 && k > 30) continue;
        exact(s, sizeof s, mid); floats_d(s);
        exact(s, sizeof s, nextafterl(mid, 0)); floats_d(s);
        exact(s, sizeof s, nextafterl(mid, INFINITY)); floats_d(s);
        snprintf(s, sizeof s, "%.17Le", mid); floats(s);
        float f = fabsf(fbits((uint32_t)rnd()));
        if (rndn(3) == 0) f = fbits((uint32_t)rnd() & 0x007fffff);
        if (isnan(f) || isinf(f) || f == FLT_MAX) f = 1.5f;
        long double fmid = ((long double)f + (long double)nextafterf(f, INFINITY)) / 2;
        exact(s, sizeof s, fmid); floats(s);
        snprintf(s, sizeof s, "%.12Le", fmid); floats(s);
    }
    /* The tininess boundary just below DBL_MIN and FLT_MIN. */
    {
        char s[2000];
        long double thr = ldexpl(1.0L - ldexpl(1.0L, -54), -1022);
        long double vals[] = {thr, nextafterl(thr, 0), nextafterl(thr, 1), ldexpl(1.0L - ldexpl(1.0L, -53), -1022),
                              ldexpl(1.0L - 3 * ldexpl(1.0L, -54), -1022)};
        for (int k = 0; k < 5; k++) { exact(s, sizeof s, vals[k]); floats_d(s); }
        long double fthr = ldexpl(1.0L - ldexpl(1.0L, -25), -126);
        long double fvals[] = {fthr, nextafterl(fthr, 0), nextafterl(fthr, 1)};
        for (int k = 0; k < 3; k++) { exact(s, sizeof s, fvals[k]); floats(s); }
    }
    /* Subnormal results from values with a few bits more than the format holds, where glibc's
     * rounding loses the original round bit: decimal (exact) and hexadecimal forms. */
    for (int k = 0; k < 120; k++) {
        char s[2000];
        int dbl = k < 80;
        int bits = dbl ? 56 : 27;
        uint64_t n = (rnd() >> (64 - bits)) | (1ull << (bits - 1));
        if (k % 2) n = (n & ~7ull) | (uint64_t)(rndn(8));
        int shift = 1 + rndn(dbl ? 54 : 25);
        long double x = ldexpl((long double)n, (dbl ? -1022 : -126) - shift - (bits - 1));
        exact(s, sizeof s, x);
        if (dbl) floats_d(s); else floats(s);
        snprintf(s, sizeof s, "%La", x);
        if (dbl) floats_d(s); else floats(s);
    }
    /* atof */
    for (size_t k = 0; k < 30; k++) {
        char v[64];
        const char *s = float_inputs[k * 5];
        errno = 0; double d = atof(s); int e = errno;
        uint64_t b; memcpy(&b, &d, 8); sprintf(v, "%016llx", (unsigned long long)b);
        line("atof", 0, s, v, s, UNSET, e);
    }
    fprintf(stderr, "%d cases\n", ncases);
    return 0;
}
