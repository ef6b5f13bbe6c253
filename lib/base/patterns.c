/* patterns -- see patterns.h. The table is the single source of truth. */
#include "patterns.h"

#include <stdio.h>
#include <string.h>

#define HR HREL_PATFAM_HREL
#define HY HREL_PATFAM_HYPER

/* name, title, how; family, per_peer, sum_factor, poolable, bcast, even_procs,
 * min_procs, default procs, style. The broadcast OA is left out of the pooled
 * set: how many bytes its root injects depends on the broadcast's
 * implementation, so it is no proper h-relation of formula (4) (002 s3.2);
 * 000's OneToAll is the personalised one (POA here). */
static const hrel_patinfo table[] = {
    {"E", "Exchange", "pairs (2k,2k+1) send to each other at once, then receive",
     HR, 0, 2, 1, 0, 1, 2, "2,4,6,8", 1},
    {"PP", "PingPong", "pairs (2k,2k+1): 2k sends one message, 2k+1 receives it",
     HR, 0, 1, 1, 0, 1, 2, "2,4,6,8", 2},
    {"OA", "OneToAll (broadcast)", "rank 0 broadcasts one message to ranks 1..p-1 with pvm_mcast",
     HR, 1, 1, 0, 1, 0, 2, "4,6,8", 3},
    {"POA", "Personalised OneToAll", "rank 0 sends a distinct message to each of ranks 1..p-1",
     HR, 1, 1, 1, 0, 0, 2, "4,6,8", 4},
    {"AO", "AllToOne", "ranks 1..p-1 each send one message to rank 0, which receives p-1",
     HR, 1, 1, 1, 0, 0, 2, "4,6,8", 5},
    {"AA", "AllToAll", "every rank i sends to i+1, ..., i-1 (mod p), then receives p-1",
     HR, 1, 2, 1, 0, 0, 2, "4,6,8", 6},
    {"PAIRS", "n disjoint pairs",
     "n = p/2 pairs (2i,2i+1) at once: 2i sends one message, 2i+1 receives it",
     HY, 0, 1, 0, 0, 1, 2, "2,4,6,8", 7},
    {"BT", "binary-tree broadcast", "rank i receives from (i-1)/2, then sends to 2i+1 and 2i+2",
     HY, 0, 1, 0, 0, 0, 2, "2,4,6,8", 8},
    {"SB", "serial broadcast", "rank 0 sends the message to ranks 1, 2, ..., p-1 in turn",
     HY, 0, 1, 0, 0, 0, 2, "2,4,6,8", 9},
    {"RED", "global reduction (p4)",
     "up the binary tree to rank 0, then rank 0 sends the result to 1..p-1",
     HY, 0, 1, 0, 0, 0, 2, "2,4,6,8", 10},
    {"NB", "neighbour exchange",
     "rank i sends to i+1..i+K (mod p), K = min(4, p-1), then receives K",
     HY, 0, 1, 0, 0, 0, 2, "2,4,6,8", 11},
};

#define NPAT (sizeof table / sizeof table[0])

size_t hrel_patterns_count(void)
{
    return NPAT;
}

const hrel_patinfo *hrel_patterns_at(size_t i)
{
    return i < NPAT ? &table[i] : NULL;
}

const char *hrel_patterns_name(int i)
{
    return (i >= 0 && (size_t)i < NPAT) ? table[i].name : "?";
}

int hrel_patterns_index(const char *name)
{
    size_t i;
    if (!name)
        return -1;
    for (i = 0; i < NPAT; i++)
        if (strcmp(table[i].name, name) == 0)
            return (int)i;
    return -1;
}

const hrel_patinfo *hrel_patterns_find(const char *name)
{
    int i = hrel_patterns_index(name);
    return i < 0 ? NULL : &table[i];
}

long hrel_patterns_divisor(const hrel_patinfo *pat, int p, hrel_op op)
{
    long d;
    if (!pat || p < pat->min_procs || p < 2)
        return -1;
    d = pat->per_peer ? (long)(p - 1) : 1L;
    if (op == HREL_OP_SUM)
        d *= pat->sum_factor;
    return d;
}

char *hrel_patterns_names(int family, const char *sep, char *buf, size_t len)
{
    size_t i, used = 0;
    if (len == 0)
        return buf;
    buf[0] = '\0';
    for (i = 0; i < NPAT; i++) {
        int n;
        if (family >= 0 && (int)table[i].family != family)
            continue;
        n = snprintf(buf + used, len - used, "%s%s", used ? sep : "", table[i].name);
        if (n < 0 || (size_t)n >= len - used) {
            buf[used] = '\0';
            break;
        }
        used += (size_t)n;
    }
    return buf;
}
