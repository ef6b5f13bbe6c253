/* patterns -- the one registry of the communication patterns hrel knows.
 *
 * Contract: everything hrel knows about a pattern as a name (not how a PVM
 * program runs it: that is pvmsrc/bench/pat_*.c) lives in the table of
 * patterns.c, in the papers' order: the h-relation patterns of 000/002
 * (E PP OA POA AO AA) and the hyperbolic-model experiments of 003
 * (PAIRS BT SB RED NB). The benchmark's pattern table and usage text, formula
 * (4), the raw.csv reader, the fits and their pooled set, `hrel compare` and
 * the plot styles are derived from it. Pure: no I/O, no allocation; entries
 * live as long as the program.
 */
#ifndef HREL_PATTERNS_H
#define HREL_PATTERNS_H

#include <stddef.h>

#include "op.h"

/* What a pattern's sizes mean. */
typedef enum {
    HREL_PATFAM_HREL,    /* an h-relation pattern: rows carry h of formula (4) */
    HREL_PATFAM_HYPER    /* a hyperbolic-model experiment: rows carry the message size x */
} hrel_patfam;

typedef struct hrel_patinfo {
    const char *name;      /* raw.csv code, e.g. "POA" (upper case, <= 7 characters) */
    const char *title;     /* e.g. "Personalised OneToAll" */
    const char *how;       /* one line: who sends what to whom, what is timed */
    hrel_patfam family;    /* h-relation pattern or hyperbolic experiment */
    int per_peer;          /* formula (4): 1 if the divisor has a factor p-1 */
    int sum_factor;        /* formula (4): extra factor of the divisor under @ = + (1 or 2) */
    int poolable;          /* 1 if in the pooled set of 000 s4 / 002 (11): E PP POA AO AA */
    int bcast;             /* 1 if one message goes to many (pvm_mcast), 0 if personalised */
    int even_procs;        /* 1 if it works on pairs and needs an even processor count */
    int min_procs;         /* the smallest processor count it runs on */
    const char *procs;     /* the default processor counts of a study, e.g. "2,4,6,8" */
    int style;             /* plot style index 1..N, the same in every figure */
} hrel_patinfo;

/* Number of patterns in the registry. */
size_t hrel_patterns_count(void);

/* Pattern number I (0 .. count-1) in the papers' order; NULL past the end. */
const hrel_patinfo *hrel_patterns_at(size_t i);

/* Name of pattern number I, or "?" if there is none. */
const char *hrel_patterns_name(int i);

/* Pattern NAME (exact, upper case); NULL if unknown. */
const hrel_patinfo *hrel_patterns_find(const char *name);

/* Index of NAME in the registry's order, or -1 if unknown. */
int hrel_patterns_index(const char *name);

/* The divisor d of formula (4) of 002 with m = h / d, for PAT on P processors
 * under OP: (p-1 if per_peer, else 1) times (sum_factor under @ = +). The
 * hyperbolic experiments have d = 1 (their h is the message size x).
 * Return d >= 1, or -1 if P < PAT's min_procs. */
long hrel_patterns_divisor(const hrel_patinfo *pat, int p, hrel_op op);

/* Write the names of FAMILY's patterns (both families when FAMILY < 0) into
 * BUF, separated by SEP; truncated to fit LEN. Return BUF. */
char *hrel_patterns_names(int family, const char *sep, char *buf, size_t len);

#endif
