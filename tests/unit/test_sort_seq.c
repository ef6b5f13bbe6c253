/* Unit tests of lib/sort_seq and lib/psrs_input: the introsort against qsort,
 * each PSRS piece on hand-worked arrays, and the whole PSRS pipeline emulating
 * P processors in one process for every input kind, P = 2, 3, 4 and N not
 * divisible by P (result equals qsort's, is sorted, same count and checksum). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrel_test.h"
#include "names.h"
#include "psrs_input.h"
#include "sort_seq.h"

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Sort a copy of A with our sort and with qsort; 1 if they agree. */
static int sort_agrees(const int *a, size_t n)
{
    int *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
    int ok;
    memcpy(x, a, n * sizeof *a);
    memcpy(y, a, n * sizeof *a);
    hrel_sort_ints(x, n);
    qsort(y, n, sizeof *y, cmp_int);
    ok = memcmp(x, y, n * sizeof *x) == 0;
    free(x);
    free(y);
    return ok;
}

/* PSRS on P emulated processors, the seven M-steps of 002 without messages:
 * segment i gets N/P items (+1 for i < N mod P). Writes the result to OUT and
 * the largest final segment to *max_seg. Return 0, or -1 if a piece fails. */
static int psrs_emulate(const int *in, size_t n, int p, int *out, size_t *max_seg)
{
    int *loc[16], *samples, *merged, pivot[16], i, j, rc = -1;
    size_t len[16], size[16][16], off[16][16], base = 0, o = 0;

    samples = malloc((size_t)p * p * sizeof *samples);
    merged = malloc((size_t)p * p * sizeof *merged);
    for (i = 0; i < p; i++)
        loc[i] = NULL;
    *max_seg = 0;
    /* step 1: scatter */
    for (i = 0; i < p; i++) {
        len[i] = n / (size_t)p + ((size_t)i < n % (size_t)p);
        loc[i] = malloc((len[i] + 1) * sizeof **loc);
        memcpy(loc[i], in + base, len[i] * sizeof *in);
        base += len[i];
    }
    /* step 2: local sort, regular sample */
    for (i = 0; i < p; i++) {
        hrel_sort_ints(loc[i], len[i]);
        if (hrel_sort_sample(loc[i], len[i], p, samples + (size_t)i * p) != 0)
            goto done;
    }
    /* step 3: merge the samples, choose pivots */
    {
        const int *run[16];
        size_t rl[16];
        for (i = 0; i < p; i++) {
            run[i] = samples + (size_t)i * p;
            rl[i] = (size_t)p;
        }
        if (hrel_sort_merge(run, rl, p, merged) != 0 ||
            hrel_sort_pivots(merged, (size_t)p * p, p, pivot) != 0)
            goto done;
    }
    /* step 4: fragment sizes; step 5: offsets */
    for (i = 0; i < p; i++)
        if (hrel_sort_fragments(loc[i], len[i], pivot, p, size[i]) != 0 ||
            hrel_sort_offsets(size[i], p, off[i], NULL) != 0)
            goto done;
    /* steps 5-7: processor j merges fragment j of every i; 0 gathers in order */
    for (j = 0; j < p; j++) {
        const int *run[16];
        size_t rl[16], seg = 0;
        for (i = 0; i < p; i++) {
            run[i] = loc[i] + off[i][j];
            rl[i] = size[i][j];
            seg += rl[i];
        }
        if (hrel_sort_merge(run, rl, p, out + o) != 0)
            goto done;
        o += seg;
        if (seg > *max_seg)
            *max_seg = seg;
    }
    rc = (o == n) ? 0 : -1;
done:
    for (i = 0; i < p; i++)
        free(loc[i]);
    free(samples);
    free(merged);
    return rc;
}

static void test_sort(void)
{
    static const size_t sizes[] = {0, 1, 2, 3, 5, 16, 24, 25, 26, 31, 100, 1000, 4097, 100000};
    size_t si, i;
    int ok_all = 1, ok_dup = 1, ok_sorted = 1, ok_rev = 1, ok_eq = 1, ok_pipe = 1;
    int *a = malloc(100000 * sizeof *a);

    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        hrel_psrs_input_fill(HREL_PSRS_UNIFORM, 7 + n, a, n);
        ok_all &= sort_agrees(a, n);
        hrel_psrs_input_fill(HREL_PSRS_DUP, 9 + n, a, n);
        ok_dup &= sort_agrees(a, n);
        hrel_psrs_input_fill(HREL_PSRS_SORTED, 0, a, n);
        ok_sorted &= sort_agrees(a, n);
        hrel_psrs_input_fill(HREL_PSRS_REVERSE, 0, a, n);
        ok_rev &= sort_agrees(a, n);
        for (i = 0; i < n; i++)
            a[i] = 42;
        ok_eq &= sort_agrees(a, n);
        for (i = 0; i < n; i++)   /* organ pipe, with negative numbers */
            a[i] = (int)(i < n / 2 ? i : n - i) - (int)(n / 4);
        ok_pipe &= sort_agrees(a, n);
    }
    HREL_CHECK(ok_all, "introsort = qsort on uniform input, sizes 0..100000");
    HREL_CHECK(ok_dup, "introsort = qsort with 16 distinct values");
    HREL_CHECK(ok_sorted, "introsort = qsort on sorted input");
    HREL_CHECK(ok_rev, "introsort = qsort on reverse input");
    HREL_CHECK(ok_eq, "introsort = qsort on all-equal input");
    HREL_CHECK(ok_pipe, "introsort = qsort on organ-pipe input with negatives");
    {
        int x[] = {2147483647, -2147483647 - 1, 0, -1, 1};
        int want[] = {-2147483647 - 1, -1, 0, 1, 2147483647};
        hrel_sort_ints(x, 5);
        HREL_CHECK(memcmp(x, want, sizeof x) == 0, "INT_MIN and INT_MAX sort");
    }
    free(a);
}

static void test_pieces(void)
{
    int a[16], s[4], piv[3];
    size_t size[4], off[4], total = 0;
    int i;

    for (i = 0; i < 16; i++)
        a[i] = i;
    HREL_CHECK_INT(hrel_sort_sample(a, 16, 4, s), 0, "sample ok");
    HREL_CHECK(s[0] == 0 && s[1] == 4 && s[2] == 8 && s[3] == 12, "sample at k*N/P");
    HREL_CHECK_INT(hrel_sort_sample(a, 10, 3, s), 0, "sample N=10 P=3");
    HREL_CHECK(s[0] == 0 && s[1] == 3 && s[2] == 6, "sample at floor(k*10/3) = 0,3,6");
    HREL_CHECK(hrel_sort_sample(a, 2, 3, s) != 0, "sample refuses N < P");

    {   /* 9 samples 1..9, P = 3: 1-based positions 3+1, 6+1 -> 4 and 7 */
        int smp[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        HREL_CHECK_INT(hrel_sort_pivots(smp, 9, 3, piv), 0, "pivots ok");
        HREL_CHECK(piv[0] == 4 && piv[1] == 7, "pivots 4 and 7");
        HREL_CHECK(hrel_sort_pivots(smp, 8, 3, piv) != 0, "pivots refuse NS != P*P");
        HREL_CHECK(hrel_sort_pivots(smp, 1, 1, piv) != 0, "pivots refuse P < 2");
    }
    {   /* 16 samples 10..160, P = 4: positions 4+2, 8+2, 12+2 -> 60, 100, 140 */
        int smp[16];
        for (i = 0; i < 16; i++)
            smp[i] = 10 * (i + 1);
        hrel_sort_pivots(smp, 16, 4, piv);
        HREL_CHECK(piv[0] == 60 && piv[1] == 100 && piv[2] == 140, "pivots 60, 100, 140");
    }
    {   /* [1 2 2 3 5 8] cut by 2 and 5: {1 2 2} {3 5} {8} */
        int x[] = {1, 2, 2, 3, 5, 8}, pv[] = {2, 5};
        HREL_CHECK_INT(hrel_sort_fragments(x, 6, pv, 3, size), 0, "fragments ok");
        HREL_CHECK(size[0] == 3 && size[1] == 2 && size[2] == 1, "fragment sizes 3, 2, 1");
        pv[0] = 0;
        pv[1] = 9;
        hrel_sort_fragments(x, 6, pv, 3, size);
        HREL_CHECK(size[0] == 0 && size[1] == 6 && size[2] == 0, "pivots outside: 0, 6, 0");
        pv[0] = 2;
        pv[1] = 2;
        hrel_sort_fragments(x, 6, pv, 3, size);
        HREL_CHECK(size[0] == 3 && size[1] == 0 && size[2] == 3, "equal pivots: 3, 0, 3");
        HREL_CHECK_INT(hrel_sort_offsets(size, 3, off, &total), 0, "offsets ok");
        HREL_CHECK(off[0] == 0 && off[1] == 3 && off[2] == 3 && total == 6, "offsets 0, 3, 3; 6");
    }
    {   /* merge of 3 and of 2 runs, one empty */
        int r0[] = {1, 4, 7}, r1[] = {2, 5}, r2[] = {0, 3, 6, 9}, out[9];
        const int *run[4] = {r0, r1, r2, r0};
        size_t len[4] = {3, 2, 4, 0};
        int want[] = {0, 1, 2, 3, 4, 5, 6, 7, 9};
        HREL_CHECK_INT(hrel_sort_merge(run, len, 4, out), 0, "merge ok");
        HREL_CHECK(memcmp(out, want, sizeof want) == 0, "merge of 4 runs (one empty)");
        HREL_CHECK_INT(hrel_sort_merge(run, len, 2, out), 0, "merge 2 ok");
        HREL_CHECK(out[0] == 1 && out[1] == 2 && out[4] == 7, "two-run merge 1 2 4 5 7");
        HREL_CHECK(hrel_sort_merge(run, len, 0, out) != 0, "merge refuses 0 runs");
    }
    {   /* checksum: order-independent, changes with one item */
        int x[] = {5, 1, 3}, y[] = {3, 5, 1}, z[] = {3, 5, 2};
        HREL_CHECK(hrel_sort_checksum(x, 3) == hrel_sort_checksum(y, 3), "checksum order-free");
        HREL_CHECK(hrel_sort_checksum(x, 3) != hrel_sort_checksum(z, 3), "checksum sees a change");
        HREL_CHECK(hrel_sort_is_sorted(x, 3) == 0 && hrel_sort_is_sorted(y + 2, 1) == 1,
                   "is_sorted");
    }
}

static void test_inputs(void)
{
    int a[1000], i, lo = 1 << 30, hi = -1, dist[HREL_PSRS_DUP_VALUES] = {0}, nd = 0;
    HREL_CHECK_INT(hrel_names_index("dup", hrel_psrs_input_names), HREL_PSRS_DUP,
                   "the name table follows the enumeration");
    HREL_CHECK_INT(hrel_names_index("random", hrel_psrs_input_names), -1,
                   "unknown kind refused");
    HREL_CHECK_HAS(hrel_psrs_input_name(HREL_PSRS_REVERSE), "reverse", "kind name");
    hrel_psrs_input_fill(HREL_PSRS_DUP, 1, a, 1000);
    for (i = 0; i < 1000; i++) {
        if (a[i] < lo) lo = a[i];
        if (a[i] > hi) hi = a[i];
        if (a[i] >= 0 && a[i] < HREL_PSRS_DUP_VALUES && dist[a[i]]++ == 0)
            nd++;
    }
    HREL_CHECK(lo == 0 && hi == HREL_PSRS_DUP_VALUES - 1 && nd == HREL_PSRS_DUP_VALUES,
               "dup: all 16 values 0..15 appear in 1000 items");
    hrel_psrs_input_fill(HREL_PSRS_REVERSE, 1, a, 1000);
    HREL_CHECK(a[0] == 999 && a[999] == 0, "reverse: 999 .. 0");
    hrel_psrs_input_fill(HREL_PSRS_UNIFORM, 1, a, 1000);
    {
        int b[1000];
        hrel_psrs_input_fill(HREL_PSRS_UNIFORM, 1, b, 1000);
        HREL_CHECK(memcmp(a, b, sizeof a) == 0, "uniform is reproducible from its seed");
        hrel_psrs_input_fill(HREL_PSRS_UNIFORM, 2, b, 1000);
        HREL_CHECK(memcmp(a, b, sizeof a) != 0, "another seed, another array");
    }
}

static void test_pipeline(void)
{
    static const size_t ns[] = {16, 37, 100, 1001, 4099};
    static const hrel_psrs_kind kinds[] = {HREL_PSRS_UNIFORM, HREL_PSRS_DUP,
                                           HREL_PSRS_SORTED, HREL_PSRS_REVERSE};
    int *in = malloc(4099 * sizeof *in), *out = malloc(4099 * sizeof *out);
    int *ref = malloc(4099 * sizeof *ref);
    size_t ni, ki, max_seg;
    int p;
    char what[160];

    for (ki = 0; ki < 4; ki++)
        for (p = 2; p <= 4; p++)
            for (ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
                size_t n = ns[ni];
                int ok;
                if (n < (size_t)p * p)
                    continue;
                hrel_psrs_input_fill(kinds[ki], 11 * n + (size_t)p, in, n);
                memcpy(ref, in, n * sizeof *in);
                qsort(ref, n, sizeof *ref, cmp_int);
                memset(out, 0xff, n * sizeof *out);
                ok = psrs_emulate(in, n, p, out, &max_seg) == 0;
                snprintf(what, sizeof what, "PSRS %s N=%zu P=%d: runs, sorted, same checksum, = qsort",
                         hrel_psrs_input_name(kinds[ki]), n, p);
                ok = ok && hrel_sort_is_sorted(out, n) &&
                     hrel_sort_checksum(out, n) == hrel_sort_checksum(in, n) &&
                     memcmp(out, ref, n * sizeof *out) == 0;
                HREL_CHECK(ok, what);
                /* Li et al.: with distinct items no processor ends with more
                 * than 2 N/P items (regular sampling's load bound). */
                if (kinds[ki] != HREL_PSRS_DUP) {
                    snprintf(what, sizeof what, "PSRS %s N=%zu P=%d: largest segment %zu <= 2N/P",
                             hrel_psrs_input_name(kinds[ki]), n, p, max_seg);
                    HREL_CHECK(max_seg <= 2 * (n / (size_t)p + 1), what);
                }
            }
    free(in);
    free(out);
    free(ref);
}

int main(void)
{
    hrel_test_init();
    test_sort();
    test_pieces();
    test_inputs();
    test_pipeline();
    return hrel_test_summary("test_sort_seq");
}
