/* ppopts -- see ppopts.h. */
#include "ppopts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hrel_pp_opts_default(hrel_pp_opts *o)
{
    static const long def[] = {1, 6720, 107520, 1720320};
    memcpy(o->sizes, def, sizeof def);
    o->nsizes = 4;
    o->reps = 200;
    o->warm = 10;
}

int hrel_pp_opts_take(hrel_pp_opts *o, int argc, char **argv, int *i, char *err,
                      size_t errlen)
{
    const char *a = argv[*i];
    if (strcmp(a, "-s") != 0 && strcmp(a, "-r") != 0 && strcmp(a, "-w") != 0)
        return 0;
    if (*i + 1 >= argc) {
        snprintf(err, errlen, "option %s needs a value", a);
        return -1;
    }
    (*i)++;
    if (a[1] == 's') {
        char buf[1024], *tok, *save = NULL;
        snprintf(buf, sizeof buf, "%s", argv[*i]);
        o->nsizes = 0;
        for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (o->nsizes >= HREL_PP_MAXSIZES || (o->sizes[o->nsizes++] = atol(tok)) < 1) {
                snprintf(err, errlen, "bad size '%s' (at most %d sizes >= 1)", tok,
                         HREL_PP_MAXSIZES);
                return -1;
            }
        }
        if (o->nsizes == 0) {
            snprintf(err, errlen, "-s: empty list");
            return -1;
        }
    } else if (a[1] == 'r') {
        o->reps = atoi(argv[*i]);
    } else {
        o->warm = atoi(argv[*i]);
    }
    if (o->reps < 1 || o->warm < 0) {
        snprintf(err, errlen, "-r must be >= 1 and -w >= 0");
        return -1;
    }
    return 1;
}

