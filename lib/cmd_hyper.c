/* hrel hyper -- not built yet: this file is replaced by the module that implements it. */
#include <stdio.h>

#include "hrel_cmd.h"

int hrel_cmd_hyper(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "hrel hyper: not implemented in this version\n");
    return 2;
}
