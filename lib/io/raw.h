/* raw -- load a raw.csv of the pattern benchmark into typed, validated rows.
 *
 * Contract: the file follows ../shared/DESIGN.md: "# key: value" metadata lines,
 * then the header (at least pattern,procs,h,msg_bytes,rep,seconds, in any order,
 * extra columns ignored), then one row per timed repetition. Every row is checked:
 * pattern is a known name (hrel_patterns_index), procs an integer
 * 1..HREL_RAW_MAX_PROCS, h a
 * number > 0, msg_bytes a number >= 0, rep an integer >= 0, seconds a number > 0.
 * The first bad row stops the load with "FILE:LINE: problem" in the caller's
 * buffer. Nothing here prints. hrel_raw_load allocates; hrel_raw_free frees.
 */
#ifndef HREL_RAW_H
#define HREL_RAW_H

#include <stddef.h>

#include "csv.h"

#define HREL_RAW_MAX_PROCS 1000000   /* largest processor count of a row */

typedef struct hrel_raw_row {
    int pattern;         /* index into hrel_patterns_name() order */
    int procs;           /* number of processors taking part */
    double h;            /* h-relation size in bytes */
    double msg_bytes;    /* size of each individual message, bytes */
    long rep;            /* repetition number */
    double seconds;      /* measured time of this repetition */
    size_t lineno;       /* 1-based line of the row in the file */
} hrel_raw_row;

typedef struct hrel_raw {
    hrel_csv *csv;       /* the parsed file: path and metadata (owned) */
    size_t nrow;         /* number of rows */
    hrel_raw_row *row;   /* the rows, in file order */
} hrel_raw;

/* Load and validate PATH. Return 0 and set *out, or non-zero with
 * "PATH:LINE: problem" (or "PATH: problem" for file-level faults) in err. */
int hrel_raw_load(const char *path, hrel_raw **out, char *err, size_t errlen);

/* Free a table from hrel_raw_load; NULL is fine. */
void hrel_raw_free(hrel_raw *r);



/* Value of metadata KEY of the loaded file, or NULL if absent. */
const char *hrel_raw_meta(const hrel_raw *r, const char *key);

#endif
