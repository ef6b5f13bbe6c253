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

/* |got - want| <= rel * |want| (or <= rel when want == 0). */
#define HREL_CHECK_REL(got, want, rel, what)                                     \
    do {                                                                         \
        double g_ = (got), w_ = (want);                                          \
        double tol_ = (w_ == 0.0) ? (rel) : (rel) * fabs(w_);                    \
        if (isfinite(g_) && fabs(g_ - w_) <= tol_)                               \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s (got %.10g, want %.10g, rel tol %g)\n",        \
                   __FILE__, __LINE__, (what), g_, w_, (double)(rel));           \
        }                                                                        \
    } while (0)

/* |got - want| <= abs. */
#define HREL_CHECK_ABS(got, want, tol, what)                                     \
    do {                                                                         \
        double g_ = (got), w_ = (want);                                          \
        if (isfinite(g_) && fabs(g_ - w_) <= (tol))                              \
            hrel_test_npass++;                                                   \
        else {                                                                   \
            hrel_test_nfail++;                                                   \
            printf("FAIL %s:%d: %s (got %.10g, want %.10g, abs tol %g)\n",        \
                   __FILE__, __LINE__, (what), g_, w_, (double)(tol));           \
        }                                                                        \
    } while (0)

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

/* Write TEXT to a file NAME in $HREL_TEST_TMP (or /tmp); return its path in a
 * static buffer (valid until the next call), or NULL if it cannot be written. */
static inline const char *hrel_test_write_tmp(const char *name, const char *text)
{
    static char path[512];
    FILE *fp;
    const char *dir = getenv("HREL_TEST_TMP");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "/tmp", name);
    fp = fopen(path, "w");
    if (!fp)
        return NULL;
    fputs(text, fp);
    fclose(fp);
    return path;
}

/* Print the closing line; return the exit status for main. */
static int hrel_test_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, hrel_test_npass, hrel_test_nfail);
    return hrel_test_nfail ? 1 : 0;
}

#endif
