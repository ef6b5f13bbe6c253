/* sort_seq -- see sort_seq.h. */
#include "sort_seq.h"

#include <string.h>

/* ---- introsort ---------------------------------------------------------- */

#define ISORT_THRESHOLD 24   /* partitions this small are left to the final insertion sort */

static void swap_int(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

/* Put the median of a[i], a[j], a[k] into a[0] (i, j, k distinct from 0). */
static void median3_to_first(int *a, size_t i, size_t j, size_t k)
{
    if (a[i] < a[j]) {
        if (a[j] < a[k])
            swap_int(&a[0], &a[j]);
        else if (a[i] < a[k])
            swap_int(&a[0], &a[k]);
        else
            swap_int(&a[0], &a[i]);
    } else if (a[i] < a[k])
        swap_int(&a[0], &a[i]);
    else if (a[j] < a[k])
        swap_int(&a[0], &a[k]);
    else
        swap_int(&a[0], &a[j]);
}

/* Restore the max-heap a[0..n) below node i. */
static void sift_down(int *a, size_t i, size_t n)
{
    int v = a[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && a[c] < a[c + 1])
            c++;
        if (!(v < a[c]))
            break;
        a[i] = a[c];
        i = c;
    }
    a[i] = v;
}

static void heap_sort(int *a, size_t n)
{
    size_t i;
    if (n < 2)
        return;
    for (i = n / 2; i-- > 0;)
        sift_down(a, i, n);
    for (i = n - 1; i > 0; i--) {
        swap_int(&a[0], &a[i]);
        sift_down(a, 0, i);
    }
}

/* Quicksort a[0..n) down to partitions of ISORT_THRESHOLD, heapsort when the
 * depth budget runs out. Recurses on the right part, loops on the left. */
static void intro_loop(int *a, size_t n, int depth)
{
    while (n > ISORT_THRESHOLD) {
        int *lo, *hi;
        int pv;
        if (depth == 0) {
            heap_sort(a, n);
            return;
        }
        depth--;
        median3_to_first(a, 1, n / 2, n - 1);
        pv = a[0];
        /* Unguarded Hoare partition of a[1..n): the median of three guarantees
         * an item <= pv on the left (a[0]) and >= pv on the right. Items are
         * loaded once into x, y (this keeps sorted input as fast as std::sort). */
        lo = a + 1;
        hi = a + n;
        for (;;) {
            int x, y;
            while ((x = *lo) < pv)
                lo++;
            do
                y = *--hi;
            while (pv < y);
            if (!(lo < hi))
                break;
            *lo++ = y;
            *hi = x;
        }
        intro_loop(lo, n - (size_t)(lo - a), depth);
        n = (size_t)(lo - a);
    }
}

/* Insertion sort of a[0..n) with a bounds check. */
static void insertion_guarded(int *a, size_t n)
{
    size_t i;
    for (i = 1; i < n; i++) {
        int v = a[i];
        size_t j = i;
        while (j > 0 && v < a[j - 1]) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Insertion sort of a[from..n) knowing some item left of `from` is <= all. */
static void insertion_unguarded(int *a, size_t from, size_t n)
{
    size_t i;
    for (i = from; i < n; i++) {
        int v = a[i];
        int *p = a + i;
        while (v < p[-1]) {
            *p = p[-1];
            p--;
        }
        *p = v;
    }
}

void hrel_sort_ints(int *a, size_t n)
{
    int depth = 0;
    size_t m;
    if (n < 2)
        return;
    for (m = n; m > 1; m >>= 1)
        depth += 2;
    intro_loop(a, n, depth);
    /* Every partition left is <= ISORT_THRESHOLD long and in its place, so the
     * minimum lies in the first ISORT_THRESHOLD + 1 items. */
    if (n > ISORT_THRESHOLD + 1) {
        insertion_guarded(a, ISORT_THRESHOLD + 1);
        insertion_unguarded(a, ISORT_THRESHOLD + 1, n);
    } else
        insertion_guarded(a, n);
}

/* ---- PSRS pieces -------------------------------------------------------- */

int hrel_sort_sample(const int *a, size_t n, int p, int *sample)
{
    int k;
    if (p < 1 || n < (size_t)p)
        return -1;
    for (k = 0; k < p; k++)
        sample[k] = a[(size_t)k * n / (size_t)p];
    return 0;
}

/* Two sorted runs into out. */
static void merge2(const int *x, size_t nx, const int *y, size_t ny, int *out)
{
    size_t i = 0, j = 0, o = 0;
    while (i < nx && j < ny)
        out[o++] = (y[j] < x[i]) ? y[j++] : x[i++];
    if (i < nx)
        memcpy(out + o, x + i, (nx - i) * sizeof *x);
    if (j < ny)
        memcpy(out + o, y + j, (ny - j) * sizeof *y);
}

int hrel_sort_merge(const int *const *run, const size_t *len, int nrun, int *out)
{
    int key[HREL_SORT_MAX_RUNS];      /* heap of run heads: current item */
    int who[HREL_SORT_MAX_RUNS];      /* ... and the run it came from */
    size_t pos[HREL_SORT_MAX_RUNS];   /* next unread item of each run */
    int m = 0, r;
    size_t o = 0;

    if (nrun < 1 || nrun > HREL_SORT_MAX_RUNS)
        return -1;
    if (nrun == 1) {
        if (len[0])
            memcpy(out, run[0], len[0] * sizeof *out);
        return 0;
    }
    if (nrun == 2) {
        merge2(run[0], len[0], run[1], len[1], out);
        return 0;
    }
    for (r = 0; r < nrun; r++) {
        int c;
        pos[r] = 0;
        if (len[r] == 0)
            continue;
        /* sift up */
        c = m++;
        while (c > 0 && run[r][0] < key[(c - 1) / 2]) {
            key[c] = key[(c - 1) / 2];
            who[c] = who[(c - 1) / 2];
            c = (c - 1) / 2;
        }
        key[c] = run[r][0];
        who[c] = r;
    }
    while (m > 0) {
        int k, w, c = 0;
        r = who[0];
        out[o++] = key[0];
        if (++pos[r] < len[r]) {
            k = run[r][pos[r]];
            w = r;
        } else {
            m--;
            k = key[m];
            w = who[m];
        }
        /* sift (k, w) down from the root */
        for (;;) {
            int ch = 2 * c + 1;
            if (ch >= m)
                break;
            if (ch + 1 < m && key[ch + 1] < key[ch])
                ch++;
            if (!(key[ch] < k))
                break;
            key[c] = key[ch];
            who[c] = who[ch];
            c = ch;
        }
        if (m > 0) {
            key[c] = k;
            who[c] = w;
        }
    }
    return 0;
}

int hrel_sort_pivots(const int *samples, size_t ns, int p, int *pivot)
{
    int k;
    if (p < 2 || ns != (size_t)p * (size_t)p)
        return -1;
    for (k = 1; k < p; k++)   /* Li et al.: positions kP + floor(P/2), 1-based */
        pivot[k - 1] = samples[(size_t)k * (size_t)p + (size_t)(p / 2) - 1];
    return 0;
}

/* Number of items of the sorted a[0..n) that are <= v. */
static size_t upper_bound(const int *a, size_t n, int v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v < a[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

int hrel_sort_fragments(const int *a, size_t n, const int *pivot, int p, size_t *size)
{
    size_t prev = 0;
    int j;
    if (p < 1)
        return -1;
    for (j = 0; j < p - 1; j++) {
        size_t ub = upper_bound(a, n, pivot[j]);
        if (ub < prev)   /* pivots out of order: keep sizes non-negative */
            ub = prev;
        size[j] = ub - prev;
        prev = ub;
    }
    size[p - 1] = n - prev;
    return 0;
}

int hrel_sort_offsets(const size_t *size, int p, size_t *off, size_t *total)
{
    size_t s = 0;
    int j;
    if (p < 1)
        return -1;
    for (j = 0; j < p; j++) {
        off[j] = s;
        s += size[j];
    }
    if (total)
        *total = s;
    return 0;
}

int hrel_sort_is_sorted(const int *a, size_t n)
{
    size_t i;
    for (i = 1; i < n; i++)
        if (a[i] < a[i - 1])
            return 0;
    return 1;
}

/* splitmix64 finaliser: a bijective mix of 64 bits. */
static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t hrel_sort_checksum(const int *a, size_t n)
{
    uint64_t s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s += mix64((uint64_t)(uint32_t)a[i]);
    return s;
}
