/* ccm -- the Collective Computing Model (001 §2): a program is a tree of
 * supersteps, priced with per-pattern cost functions.
 *
 * A task (the program itself, or one task of a division) is a sequence of
 * supersteps running on a (sub)machine of P processors; its cost is the sum of
 * theirs. A normal superstep costs  W + T_f(P, h)  (computation W, then the
 * collective f moving h). A division superstep costs
 *     W + T_g + T_f(P, h) + max{ cost(task_k) : k = 0..r-1 }
 * where W is computation done by the whole group around the division (the
 * FFT's split and combine), T_g a constant division cost, T_f(P, h) the cost of
 * the pattern that exchanges the results (001's T_PAR) and task_k the r
 * subtasks, each on its own submachine. Every term is optional (0 if absent).
 * A cost function T_f(P, h) is piecewise linear in h: pieces (h_k, L_k, g_k)
 * with T = L_k + g_k h for the last piece with h_k <= h (h below the first
 * piece uses the first); a function may be given for one P or for any P.
 *
 * Text form (one item per line, '#' starts a comment, words are key=value):
 *     cost NAME [p=P] [from=H0] L=L0 g=G0 [from=H1 L=L1 g=G1 ...]
 *     program p=P
 *       normal [w=W] [f=NAME h=H] [p=P]
 *       division [w=W] [tg=TG] [f=NAME h=H]
 *         task [p=P]          # default: the division's P / number of tasks
 *           ...supersteps...
 *         end
 *         task ...
 *         end
 *       end
 *     end
 * Numbers are seconds, h in the unit of the cost function's g. Indentation
 * is free. Errors name the file and line.
 * Limits: blocks nested at most HREL_CCM_MAX_DEPTH deep, at most
 * HREL_CCM_MAX_WORDS words on a line, p 1..HREL_CCM_MAX_P; the file as
 * lib/io/textfile.h reads it. Each limit is named in its error message.
 *
 * Contract: return 0, or non-zero with one line in err; nothing prints or
 * exits except hrel_ccm_write, which writes to the caller's stream.
 * hrel_ccm_parse / hrel_ccm_fft allocate; hrel_ccm_free frees (NULL ok).
 */
#ifndef HREL_CCM_H
#define HREL_CCM_H

#include <stddef.h>
#include <stdio.h>

#define HREL_CCM_MAX_DEPTH 64          /* deepest nesting of blocks in the text form */
#define HREL_CCM_MAX_WORDS 256         /* most words on one line */
#define HREL_CCM_MAX_P 1000000000L     /* largest processor count p= */

#define HREL_CCM_NAMELEN 32   /* room for a cost-function name and its '\0' */

typedef enum {
    HREL_CCM_TASK,       /* sequence of supersteps on p processors */
    HREL_CCM_NORMAL,     /* W + T_f(p, h) */
    HREL_CCM_DIVISION    /* W + T_g + T_f(p, h) + max over child tasks */
} hrel_ccm_kind;

typedef struct hrel_ccm_node {
    hrel_ccm_kind kind;            /* what this node is */
    int p;                         /* processors of its (sub)machine */
    double w_s;                    /* computation W, seconds */
    double tg_s;                   /* constant division cost T_g (division only) */
    char f[HREL_CCM_NAMELEN];      /* cost function priced at (p, h); "" for none */
    double h;                      /* size argument of f */
    long line;                     /* line in the text form, 0 if built in code */
    struct hrel_ccm_node **child;  /* supersteps (task) or tasks (division) */
    size_t nchild;                 /* number of children */
    double cost_s;                 /* cost, filled in by hrel_ccm_eval */
} hrel_ccm_node;

typedef struct hrel_ccm_fn {
    char name[HREL_CCM_NAMELEN];   /* pattern / function name */
    int p;                         /* processors it applies to, 0 for any */
    size_t npiece;                 /* number of linear pieces (>= 1) */
    double *from;                  /* piece k applies for h >= from[k] (increasing) */
    double *L;                     /* intercept of piece k, seconds */
    double *g;                     /* slope of piece k, seconds per unit of h */
    long line;                     /* line in the text form, 0 if built in code */
} hrel_ccm_fn;

typedef struct hrel_ccm {
    char *path;                    /* source name for messages */
    hrel_ccm_fn *fn;               /* cost functions */
    size_t nfn;                    /* their number */
    hrel_ccm_node *root;           /* the program (a task) */
} hrel_ccm;

/* Parse the text form in TEXT; NAME is used in messages ("NAME:LINE: ..."). */
int hrel_ccm_parse_string(const char *text, const char *name, hrel_ccm **out, char *err,
                          size_t errlen);

/* Read and parse file PATH ("-": standard input). */
int hrel_ccm_parse_file(const char *path, hrel_ccm **out, char *err, size_t errlen);

/* Free a model; NULL is fine. */
void hrel_ccm_free(hrel_ccm *m);

/* *T = T_f(p, h) of function F: the entry for exactly p if any, else the one
 * for any p. Unknown F is an error. */
int hrel_ccm_cost(const hrel_ccm *m, const char *f, int p, double h, double *T, char *err,
                  size_t errlen);

/* Evaluate the tree: fill every node's cost_s and set *total = root cost. */
int hrel_ccm_eval(hrel_ccm *m, double *total, char *err, size_t errlen);

/* Write M in the text form (with each node's cost as a comment once
 * evaluated) to FP. */
int hrel_ccm_write(const hrel_ccm *m, FILE *fp);

/* Write the critical path of the evaluated tree M to FP, one row per superstep on it:
 *   "order depth kind p w_s tg_s comm_s cost_s" (kind normal or division; comm_s
 * = T_f(p, h), 0 without f; cost_s the superstep's own W + T_g + T_f, without its
 * subtasks). A division's most expensive subtask continues the path (its first
 * one among equals), so the rows add up to the total. A header line says what
 * the columns are; plots/ccm.gp draws it. Returns 0, or -1 with err. */
int hrel_ccm_write_path(const hrel_ccm *m, FILE *fp, char *err, size_t errlen);

/* Build 001's divide-and-conquer FFT of N points on P processors (P a power of
 * two, N >= P): at P > 1 a division superstep with W = D n + F n/2 (split of n
 * points, combination of two halves), exchange f=PAR with h = n (each partner
 * sends and receives m = n/2: @ = +) and two tasks (n/2, P/2); at P = 1 a
 * normal superstep with W = C n log2 n. T_PAR(P, h) = LPAR + GPAR h.
 * Refused with "FFT: ..." in err: P not a power of two, N not a power of two
 * >= P or above HREL_CCM_FFT_MAX_N, a constant negative or not finite. */
#define HREL_CCM_FFT_MAX_N 9007199254740992.0 /* 2^53: every N exact in a double */
int hrel_ccm_fft(double n, int P, double D, double F, double C, double gpar, double lpar,
                 hrel_ccm **out, char *err, size_t errlen);

/* 001's closed form of the same cost:
 *   sum_{i=0}^{log P - 1} D n / 2^i + C (n/P) log2(n/P)
 *   + sum_{s=1}^{log P} (GPAR 2^s n/P + LPAR + F 2^(s-1) n/P). */
double hrel_ccm_fft_closed(double n, int P, double D, double F, double C, double gpar,
                           double lpar);

#endif
