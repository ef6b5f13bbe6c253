/* vmopts -- see vmopts.h. */
#include "vmopts.h"

#include <stddef.h>

#include <pvm3.h>

const char *const hrel_vmopts_route_words[] = {"direct", "daemon", NULL};
const char *const hrel_vmopts_encoding_words[] = {"raw", "inplace", "default", NULL};
const char *const hrel_vmopts_place_words[] = {"rr", "block", "pvm", NULL};

int hrel_vmopts_route(int idx)
{
    return idx == 1 ? PvmDontRoute : PvmRouteDirect;
}

int hrel_vmopts_encoding(int idx)
{
    return idx == 1 ? PvmDataInPlace : idx == 2 ? PvmDataDefault : PvmDataRaw;
}
