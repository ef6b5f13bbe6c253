/* opts_fixture.h -- parse() and refused() for the unit tests of an entry
 * point's option parser (hrel_fft, hrel_psrs, hrel_bench).
 * Contract: define before including
 *   OPTS_PROG                         the program name (argv[0])
 *   OPTS_PARSE(argc, argv, err, len)  the parser call, filling the test's config
 * parse(LINE) splits LINE at spaces (hrel_test_argv), clears err and returns
 * the parser's status; refused(LINE, WANT) checks status -1 and a one-line
 * message that is exactly WANT. */
#ifndef HREL_OPTS_FIXTURE_H
#define HREL_OPTS_FIXTURE_H

#include "hrel_test.h"

static char err[512];

static int parse(const char *line)
{
    int argc;
    char **argv = hrel_test_argv(OPTS_PROG, line, &argc);
    err[0] = '\0';
    return OPTS_PARSE(argc, argv, err, sizeof err);
}

static void refused(const char *line, const char *want)
{
    HREL_CHECK_INT(parse(line), -1, line);
    HREL_CHECK_STR(err, want, line);
    HREL_CHECK(strchr(err, '\n') == NULL, "one line");
}

#endif
