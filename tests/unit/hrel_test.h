/* hrel_test -- the tiny harness every unit test in tests/unit/ uses.
 *
 * Contract: each check counts one pass or one fail; failures print one line
 * "FAIL file:line: what (got X, want Y)"; passes are silent. A test program
 * ends with `return hrel_test_summary("name");`, which prints the closing line
 * "N passed, N failed" and returns non-zero if anything failed. tests/run.sh adds
 * up the closing lines of all programs. GSL's aborting error handler is turned
 * off by hrel_test_init(); call it first in main.
 */
#ifndef HREL_TEST_H
#define HREL_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>

static int hrel_test_npass, hrel_test_nfail;

static void hrel_test_init(void)
{
    gsl_set_error_handler_off();
}

/* Count a check; print a line on failure. */
#define HREL_CHECK(cond, what)                                                   \
    do {                                                                         \
        if (cond)                                                                \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, (what));              \
        }                                                                        \
    } while (0)

/* Count |G - W| <= TOL (G finite); KIND names the tolerance in the failure line. */
static inline void hrel_test_near(const char *file, int line, const char *what, double g,
                                  double w, double tol, const char *kind, double shown)
{
    if (isfinite(g) && fabs(g - w) <= tol)
        hrel_test_npass++;
    else {
        hrel_test_nfail++;
        printf("FAIL %s:%d: %s (got %.10g, want %.10g, %s tol %g)\n", file, line, what, g, w,
               kind, shown);
    }
}

/* |got - want| <= rel * |want| (or <= rel when want == 0). */
#define HREL_CHECK_REL(got, want, rel, what)                                     \
    do {                                                                         \
        double w_ = (want);                                                      \
        hrel_test_near(__FILE__, __LINE__, (what), (got), w_,                    \
                       (w_ == 0.0) ? (rel) : (rel) * fabs(w_), "rel", (rel));    \
    } while (0)

/* |got - want| <= abs. */
#define HREL_CHECK_ABS(got, want, tol, what)                                     \
    hrel_test_near(__FILE__, __LINE__, (what), (got), (want), (tol), "abs", (tol))

/* Integer equality. */
#define HREL_CHECK_INT(got, want, what)                                          \
    do {                                                                         \
        long g_ = (long)(got), w_ = (long)(want);                                \
        if (g_ == w_)                                                            \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s (got %ld, want %ld)\n", __FILE__, __LINE__,   \
                   (what), g_, w_);                                              \
        }                                                                        \
    } while (0)

/* String contains. */
#define HREL_CHECK_HAS(str, needle, what)                                        \
    do {                                                                         \
        const char *s_ = (str);                                                  \
        if (s_ && strstr(s_, (needle)))                                          \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s ('%s' does not contain '%s')\n", __FILE__,     \
                   __LINE__, (what), s_ ? s_ : "(null)", (needle));              \
        }                                                                        \
    } while (0)

/* A refusal's message: ERR holds NEEDLE and is one line (two checks). */
#define HREL_CHECK_ERR(err, needle, what)                                        \
    do {                                                                         \
        HREL_CHECK_HAS((err), (needle), (what));                                 \
        HREL_CHECK(strchr((err), '\n') == NULL, "the message is one line");      \
    } while (0)

/* CALL, a reader that builds *OBJ (NULL before), must refuse its input:
 * nonzero, OBJ still NULL, ERR holding NEEDLE on one line (four checks). */
#define HREL_CHECK_REFUSED(call, obj, err, needle, what)                         \
    do {                                                                         \
        HREL_CHECK((call) != 0, (what));                                         \
        HREL_CHECK((obj) == NULL, "nothing built on failure");                   \
        HREL_CHECK_ERR((err), (needle), (what));                                 \
    } while (0)

/* String equality (both non-NULL). */
#define HREL_CHECK_STR(got, want, what)                                          \
    do {                                                                         \
        const char *gs_ = (got), *ws_ = (want);                                  \
        if (gs_ && ws_ && strcmp(gs_, ws_) == 0)                                 \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s (got '%s', want '%s')\n", __FILE__, __LINE__, \
                   (what), gs_ ? gs_ : "(null)", ws_ ? ws_ : "(null)");          \
        }                                                                        \
    } while (0)

/* Split LINE at spaces into an argv that starts with PROG and ends with NULL;
 * set *ARGC. The words live in static storage (valid until the next call; at
 * most 63 words, a longer line is cut). */
static inline char **hrel_test_argv(const char *prog, const char *line, int *argc)
{
    static char buf[2048], *argv[64];
    char *tok, *save = NULL;
    int n = 0;
    argv[n++] = (char *)prog;
    snprintf(buf, sizeof buf, "%s", line);
    for (tok = strtok_r(buf, " ", &save); tok && n < 63; tok = strtok_r(NULL, " ", &save))
        argv[n++] = tok;
    argv[n] = NULL;
    *argc = n;
    return argv;
}

/* Write TEXT to a file NAME in $HREL_TEST_TMP (or /tmp); return its path in a
 * static buffer (one of four used in turn: valid for the next three calls too),
 * or NULL if it cannot be written. */
static inline const char *hrel_test_write_tmp(const char *name, const char *text)
{
    static char path[4][512];
    static unsigned slot;
    char *p = path[slot++ % 4];
    FILE *fp;
    const char *dir = getenv("HREL_TEST_TMP");
    snprintf(p, sizeof path[0], "%s/%s", dir && *dir ? dir : "/tmp", name);
    fp = fopen(p, "w");
    if (!fp)
        return NULL;
    fputs(text, fp);
    fclose(fp);
    return p;
}

/* Print the closing line; return the exit status for main. */
static int hrel_test_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, hrel_test_npass, hrel_test_nfail);
    return hrel_test_nfail ? 1 : 0;
}

#endif
