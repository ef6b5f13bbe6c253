/* stats -- per (pattern, processors, h) summaries of the raw repetitions.
 *
 * Contract: hrel_stats_alloc groups the rows of a raw table by (pattern, procs,
 * h) and computes count, mean, median, minimum, maximum, trimmed mean and
 * standard deviation of the seconds of each group. Groups come out sorted by
 * pattern (raw.h canonical order), then procs, then h. Which summary feeds the
 * fits is the caller's choice (hrel_summary); the default is the mean, because
 * the models predict a program's run time as a sum of step times, and the
 * expected value of a sum is the sum of the means (a median or minimum would
 * under-predict whenever the times have a right tail), and because the seeds
 * fitted averages. The trimmed mean drops HREL_STATS_TRIM of the sorted
 * repetitions at each end. Nothing here prints.
 */
#ifndef HREL_STATS_H
#define HREL_STATS_H

#include <stddef.h>

#include "raw.h"

/* Fraction of the sorted repetitions dropped at each end for the trimmed mean. */
#define HREL_STATS_TRIM 0.1

typedef enum hrel_summary {
    HREL_SUMMARY_MEAN = 0,   /* arithmetic mean (the default) */
    HREL_SUMMARY_MEDIAN,     /* median */
    HREL_SUMMARY_MIN,        /* minimum: the best case */
    HREL_SUMMARY_TRIMMED     /* mean of the middle, HREL_STATS_TRIM cut at each end */
} hrel_summary;

typedef struct hrel_stat {
    int pattern;         /* pattern index (raw.h) */
    int procs;           /* number of processors */
    double h;            /* h-relation size, bytes */
    double msg_bytes;    /* each message's size, bytes (the group's first row's) */
    size_t n;            /* number of repetitions */
    double mean;         /* mean seconds */
    double median;       /* median seconds */
    double min;          /* minimum seconds */
    double max;          /* maximum seconds */
    double trimmed;      /* trimmed mean seconds */
    double sd;           /* sample standard deviation (0 when n == 1) */
} hrel_stat;

typedef struct hrel_stats {
    size_t n;            /* number of groups */
    hrel_stat s[];       /* the groups, sorted by pattern, procs, h (one block
                          * with the header: hrel_stats_free frees both) */
} hrel_stats;

/* Summarise RAW. Return 0 and set *out, or non-zero with a message in err. */
int hrel_stats_alloc(const hrel_raw *raw, hrel_stats **out, char *err, size_t errlen);

/* Free a result of hrel_stats_alloc; NULL is fine. */
void hrel_stats_free(hrel_stats *st);

/* The value of summary KIND of group S. */
double hrel_stat_value(const hrel_stat *s, hrel_summary kind);

/* The summaries' names, "mean", "median", "min", "trimmed", NULL: the name of
 * hrel_summary value i at i (names.h; also the --summary option's words). */
extern const char *const hrel_summary_names[];

/* Name of summary KIND ("mean", ...). */
const char *hrel_summary_name(hrel_summary kind);

#endif
