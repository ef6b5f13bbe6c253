/* psrs_input -- see psrs_input.h. */
#include "psrs_input.h"

#include "names.h"

const char *const hrel_psrs_input_names[] = {"uniform", "dup", "sorted", "reverse", NULL};

const char *hrel_psrs_input_name(hrel_psrs_kind kind)
{
    return hrel_names_at(hrel_psrs_input_names, (int)kind);
}

/* splitmix64: next 64 random bits of the stream *state. */
static uint64_t next64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int hrel_psrs_input_fill(hrel_psrs_kind kind, uint64_t seed, int *a, size_t n)
{
    uint64_t st = seed;
    size_t i;
    switch (kind) {
    case HREL_PSRS_UNIFORM:
        for (i = 0; i < n; i++)
            a[i] = (int)(next64(&st) >> 33);
        return 0;
    case HREL_PSRS_DUP:
        for (i = 0; i < n; i++)
            a[i] = (int)(next64(&st) >> 60);
        return 0;
    case HREL_PSRS_SORTED:
        for (i = 0; i < n; i++)
            a[i] = (int)i;
        return 0;
    case HREL_PSRS_REVERSE:
        for (i = 0; i < n; i++)
            a[i] = (int)(n - 1 - i);
        return 0;
    }
    return -1;
}
