/* wakeup -- how late a task blocked in a receive on one host is woken when the
 * task that sent it the message goes on computing, as bin/$PVM_ARCH/hrel_wakeup
 * measures it into a characterisation's wakeup.csv (README, "Data contracts";
 * docs/predict.md, "A receiver woken behind a computing sender"):
 *   # comment lines
 *   route,bytes,after,rep,delivery_s
 * one row per message of BYTES on ROUTE between two tasks of the first host,
 * the receiver already waiting: DELIVERY_S from the send's begin to the
 * receive's end, the sender computing (after "spin") or asleep (after "sleep")
 * from its send on.
 *
 * The excess of a message: its delivery less the median "sleep" delivery of
 * its size (what the replay's g m + L holds). hrel_wakeup_expect gives what a
 * sender that computes on adds, when it computes CAP s at most before it
 * blocks (the receiver gets a core then at the latest): the mean of the
 * excesses clipped to [0, CAP] over the spin messages less the same over the
 * sleep messages, at least 0 and at most CAP. The difference, not the spin
 * messages alone: both kinds are measured interleaved, so what disturbs the
 * machine while they run (another process, the hypervisor) lengthens both
 * alike and cancels, and what is left is the receiver waiting for the core
 * its sender keeps. Clipped at 0 too, so that the sleep messages' quicker
 * half cannot add to a small CAP what is only their spread.
 * The caller owns what it passes and frees a read model with
 * hrel_wakeup_free; nothing here prints.
 */
#ifndef HREL_WAKEUP_H
#define HREL_WAKEUP_H

#include <stddef.h>

#define HREL_WAKEUP_HEADER "route,bytes,after,rep,delivery_s"

typedef struct hrel_wakeup {
    char route[8];      /* "daemon" or "direct" */
    double *spin;       /* the spin messages' excesses, s (may be < 0) */
    size_t n;           /* ... how many (0: nothing read) */
    double *sleep;      /* the sleep messages' excesses, s */
    size_t nsleep;
    double sleep_median_s;   /* the sleep messages' median delivery, over all sizes */
} hrel_wakeup;

/* The excesses of N messages (BYTES[i], SPIN[i] != 0 for after "spin",
 * DELIVERY[i] s) into W (W->route left alone; W->spin and W->sleep
 * allocated). 0, or -1 with one line in ERR: a size with spin rows and no
 * sleep row, no spin row, a delivery not finite or negative, out of memory. */
int hrel_wakeup_from(const double *bytes, const int *spin, const double *delivery, size_t n,
                     hrel_wakeup *w, char *err, size_t errlen);

/* Read PATH (the format above; one route only). 0, or -1 with one line naming
 * the file and row. */
int hrel_wakeup_read(const char *path, hrel_wakeup *w, char *err, size_t errlen);

/* The mean of the excesses clipped to [0, CAP] over W's spin messages less the
 * same over its sleep messages, at least 0 (CAP <= 0: 0). */
double hrel_wakeup_expect(const hrel_wakeup *w, double cap);

/* hrel_wakeup_expect with no cap: the mean spin excess less the mean sleep
 * excess, at least 0. */
double hrel_wakeup_mean(const hrel_wakeup *w);

void hrel_wakeup_free(hrel_wakeup *w);

#endif
