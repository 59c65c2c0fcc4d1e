/* sort: quicksort (median of three, insertion sort for short runs) of
 * pseudo-random integers, checked. Prints a checksum. Size: LEN (default below). */
#include <stdio.h>
#include <stdlib.h>

#ifndef LEN
#define LEN 80000
#endif
#define ROUNDS 3

static void insertion(int *v, int lo, int hi) {
    for (int i = lo + 1; i <= hi; i++) {
        int x = v[i], j = i - 1;
        while (j >= lo && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

static void swap(int *v, int i, int j) {
    int t = v[i];
    v[i] = v[j];
    v[j] = t;
}

static void quicksort(int *v, int lo, int hi) {
    while (hi - lo > 16) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid] < v[lo]) swap(v, mid, lo);
        if (v[hi] < v[lo]) swap(v, hi, lo);
        if (v[hi] < v[mid]) swap(v, hi, mid);
        int pivot = v[mid];
        int i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) i++;
            while (v[j] > pivot) j--;
            if (i <= j) swap(v, i++, j--);
        }
        /* Recurse into the smaller part, loop on the larger. */
        if (j - lo < hi - i) {
            quicksort(v, lo, j);
            lo = i;
        } else {
            quicksort(v, i, hi);
            hi = j;
        }
    }
    insertion(v, lo, hi);
}

int main(void) {
    int *v = malloc(LEN * sizeof *v);
    if (!v)
        return 1;
    unsigned seed = 42, check = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < LEN; i++) {
            seed = seed * 1103515245u + 12345u;
            v[i] = (int)((seed >> 1) % 1000000u) - 500000;
        }
        quicksort(v, 0, LEN - 1);
        for (int i = 1; i < LEN; i++)
            if (v[i - 1] > v[i]) {
                printf("sort: not sorted at %d\n", i);
                return 1;
            }
        for (int i = 0; i < LEN; i += 7)
            check = check * 31u + (unsigned)v[i];
    }
    free(v);
    printf("sort: %d x %d, checksum %u\n", ROUNDS, LEN, check);
    return 0;
}
