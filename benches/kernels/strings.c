/* strings: string processing with the C library (sprintf, strlen, memcpy,
 * strcmp, strchr, printf): builds lines, splits words, hashes them.
 * Prints a sample and a checksum. Size: LINES (default below). */
#include <stdio.h>
#include <string.h>

#ifndef LINES
#define LINES 30000
#endif

static const char *words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
                              "golf", "hotel", "india", "juliett", "kilo", "lima"};
#define NWORDS (sizeof words / sizeof words[0])

static unsigned djb2(const char *s) {
    unsigned h = 5381;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h;
}

static void reverse(char *s, size_t n) {
    for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
        char t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
}

int main(void) {
    char line[256], copy[256], word[64];
    unsigned check = 0, seed = 7;
    size_t total = 0;
    int matches = 0;
    for (int n = 0; n < LINES; n++) {
        size_t len = 0;
        for (int k = 0; k < 6; k++) {
            seed = seed * 1664525u + 1013904223u;
            const char *w = words[(seed >> 16) % NWORDS];
            size_t wl = strlen(w);
            memcpy(line + len, w, wl);
            len += wl;
            line[len++] = ' ';
        }
        /* sprintf's return value is not used: lli's built-in sprintf
         * returns a wrong count. */
        sprintf(line + len, "#%d:%u", n, seed % 1000u);
        len = strlen(line);
        total += len;
        memcpy(copy, line, len + 1);
        reverse(copy, len);
        check = check * 31u + djb2(copy);
        /* Split into words; count those equal to "echo". */
        const char *p = line;
        for (;;) {
            const char *sp = strchr(p, ' ');
            size_t wl = sp ? (size_t)(sp - p) : strlen(p);
            memcpy(word, p, wl);
            word[wl] = '\0';
            if (strcmp(word, "echo") == 0)
                matches++;
            check ^= djb2(word);
            if (!sp)
                break;
            p = sp + 1;
        }
        if (n % 1000 == 0)
            printf("%s\n", line);
    }
    printf("strings: %zu bytes, %d matches, checksum %u\n", total, matches, check);
    return 0;
}
