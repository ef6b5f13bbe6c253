/* ppopts -- see ppopts.h. */
#include "ppopts.h"

#include <stdio.h>
#include <string.h>

#include "args.h"
#include "vmopts.h"

void hrel_pp_opts_default(hrel_pp_opts *o)
{
    static const long def[] = {1, 6720, 107520, 1720320};
    memset(o, 0, sizeof *o);
    memcpy(o->sizes, def, sizeof def);
    o->nsizes = 4;
    o->reps = 200;
    o->warm = 10;
}

int hrel_pp_opts_parse(hrel_pp_opts *o, int argc, char **argv, int pvm, char *err,
                       size_t errlen)
{
    const hrel_arg pvm_table[] = {
        {"sizes", 's', HREL_ARG_SIZES, o->sizes, 1, 1L << 30, NULL, &o->nsizes,
         HREL_PP_MAXSIZES, NULL},
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &o->reps, 1, 100000000),
        HREL_OPT_NUM("warmup", 'w', HREL_ARG_INT, &o->warm, 0, 100000000),
        HREL_OPT_CHOICE("route", 0, &o->route, hrel_vmopts_route_words),
        {"encoding", 0, HREL_ARG_CHOICE, &o->encoding, 0, 0, hrel_vmopts_encoding_words, NULL,
         0, NULL},
        HREL_OPT_FLAG("peer", 0, &o->peer),
        HREL_OPT_END,
    };
    const hrel_arg tcp_table[] = {
        {"sizes", 's', HREL_ARG_SIZES, o->sizes, 1, 1L << 30, NULL, &o->nsizes,
         HREL_PP_MAXSIZES, NULL},
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &o->reps, 1, 100000000),
        HREL_OPT_NUM("warmup", 'w', HREL_ARG_INT, &o->warm, 0, 100000000),
        HREL_OPT_NUM("listen", 0, HREL_ARG_INT, &o->listen_port, 1, 65535),
        HREL_OPT_STR("connect", 0, &o->connect),
        HREL_OPT_END,
    };
    const hrel_arg *table = pvm ? pvm_table : tcp_table;
    hrel_pp_opts_default(o);
    {
        int rc = hrel_args_parse_all(argc, argv, table, err, errlen);
        if (rc != 0)
            return rc;
    }
    return 0;
}
