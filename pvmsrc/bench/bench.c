/* bench -- see bench.h. XDR packs longs as 32 bits and loses their sign, so
 * every integer travels as an int. */
#include "bench.h"
#include "upk.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <pvm3.h>

/* LONG_MIN (never) <-> INT_MIN on the wire. */
static int rep_to_wire(long r)
{
    return r < INT_MIN + 1 || r > INT_MAX ? INT_MIN : (int)r;
}

static long rep_from_wire(int r)
{
    return r == INT_MIN ? LONG_MIN : r;
}

int hrel_case_pack(const hrel_case *c)
{
    int p = c->p, rank = c->rank, enc = c->encoding, route = c->route;
    int msg = (int)c->msg_bytes, first = rep_to_wire(c->first_rep), poll = c->poll;
    int corrupt = rep_to_wire(c->corrupt_rep), drop = rep_to_wire(c->drop_rep);
    double timeout = c->timeout_s, spin = c->spin_s;
    if (pvm_pkstr((char *)c->pattern) < 0 || pvm_pkint(&p, 1, 1) < 0 ||
        pvm_pkint(&rank, 1, 1) < 0 || pvm_pkint(&msg, 1, 1) < 0)
        return -1;
    if (p > 0 && pvm_pkint((int *)c->tids, p, 1) < 0)
        return -1;
    if (pvm_pkint(&enc, 1, 1) < 0 || pvm_pkint(&route, 1, 1) < 0 ||
        pvm_pkdouble(&timeout, 1, 1) < 0 || pvm_pkdouble(&spin, 1, 1) < 0 ||
        pvm_pkint(&first, 1, 1) < 0 || pvm_pkint(&corrupt, 1, 1) < 0 ||
        pvm_pkint(&drop, 1, 1) < 0 || pvm_pkint(&poll, 1, 1) < 0)
        return -1;
    return 0;
}

int hrel_case_unpack(hrel_case *c)
{
    char name[256];
    int msg, first, corrupt, drop;
    memset(c, 0, sizeof *c);
    if (hrel_upk_str(name, sizeof name) < 0 || pvm_upkint(&c->p, 1, 1) < 0 ||
        pvm_upkint(&c->rank, 1, 1) < 0 || pvm_upkint(&msg, 1, 1) < 0)
        return -1;
    snprintf(c->pattern, sizeof c->pattern, "%.*s", HREL_PATNAME_MAX - 1, name);
    if (c->p < 0 || c->p > HREL_MAX_RANKS || msg < 0 || c->rank < 0 ||
        (c->p > 0 && c->rank >= c->p))
        return -1;
    if (c->p > 0 && pvm_upkint(c->tids, c->p, 1) < 0)
        return -1;
    if (pvm_upkint(&c->encoding, 1, 1) < 0 || pvm_upkint(&c->route, 1, 1) < 0 ||
        pvm_upkdouble(&c->timeout_s, 1, 1) < 0 || pvm_upkdouble(&c->spin_s, 1, 1) < 0 ||
        pvm_upkint(&first, 1, 1) < 0 || pvm_upkint(&corrupt, 1, 1) < 0 ||
        pvm_upkint(&drop, 1, 1) < 0 || pvm_upkint(&c->poll, 1, 1) < 0)
        return -1;
    c->msg_bytes = msg;
    c->first_rep = first;
    c->corrupt_rep = rep_from_wire(corrupt);
    c->drop_rep = rep_from_wire(drop);
    return 0;
}

void hrel_machine_id(char *buf, size_t len)
{
    FILE *fp = fopen("/proc/sys/kernel/random/boot_id", "r");
    snprintf(buf, len, "unknown");
    if (fp) {
        if (fgets(buf, (int)len, fp))
            buf[strcspn(buf, "\n")] = '\0';
        fclose(fp);
    }
}
