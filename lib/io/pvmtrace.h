/* pvmtrace -- read the trace file PVM 3.4's `tracer` writes (SDDF text).
 *
 * Contract: the file is a sequence of descriptors
 *     #ID: "NAME(KIND)"  { // "F" "doc"  TYPE "F"[[]]; ... };;
 * and records
 *     "NAME(KIND)" { V, V, [n] { V, ... }, ... };;
 * where KIND is "0.0" (the call's entry), "1.1" (its exit) or "0" (an event
 * of pvmd: newtask, spntask, endtask, host_add, output). Every record must
 * follow a descriptor of its name and have as many values as it has fields.
 * Each record becomes one hrel_pvmtev with its time (TS + TU/1e6 seconds),
 * TID, the integer fields by name and at most one integer list (a spawn's
 * task list STL, a multicast's destinations MDL). Strings are skipped.
 * hrel_pvmtrace_read reports the first problem as "FILE:LINE: ..." (a record
 * with no descriptor, a record cut short, a value that is not a number).
 * Limits (named in their messages): at most HREL_PVMTRACE_MAX_DESC descriptors,
 * HREL_PVMTRACE_MAX_FIELDS fields per descriptor, HREL_PVMTRACE_MAX_LIST values
 * per list; the file as lib/io/textfile.h streams it (no size limit).
 * hrel_pvmtrace_read reads the file in chunks, cut between records, so no
 * limit on its size but memory: about 90 bytes per record (event, its
 * integer fields as int, its list), names and field names shared per
 * descriptor. It allocates; the caller frees with hrel_pvmtrace_free.
 * hrel_pvmtrace_scan streams the events to a callback instead, holding none.
 * Nothing here prints.
 */
#ifndef HREL_PVMTRACE_H
#define HREL_PVMTRACE_H

#include <stddef.h>

#define HREL_PVMTRACE_MAX_DESC 256       /* most descriptors in a file */
#define HREL_PVMTRACE_MAX_FIELDS 24      /* most fields of one descriptor */
#define HREL_PVMTRACE_MAX_LIST 1000000   /* most values in one list */
#define HREL_PVMTEV_NAMELEN 24
#define HREL_PVMTEV_MAXF 12

typedef struct hrel_pvmtev {
    const char *name;      /* call or event, e.g. "send", "newtask" (the trace's) */
    const char (*fname)[8]; /* names of the integer fields (MNB, DST, MC, SRC, ...),
                              shared by the events of one descriptor */
    int *fval;             /* their values (nf), in the trace's arena */
    int *list;             /* the integer list field (STL, MDL), NULL if none */
    double t;              /* TS + TU * 1e-6, the tracing host's clock */
    long line;             /* line in the file */
    int tid;               /* TID */
    int nf;                /* integer fields present (at most HREL_PVMTEV_MAXF) */
    int nlist;
    int phase;             /* 0 entry "(0.0)", 1 exit "(1.1)", 2 pvmd event "(0)" */
} hrel_pvmtev;

typedef struct hrel_pvmtrace {
    char *path;
    hrel_pvmtev *ev;       /* in file order */
    size_t nev;
    void *arena;           /* blocks holding descriptors, values and lists */
} hrel_pvmtrace;

/* What hrel_pvmtrace_scan hands each event to: 0 to go on, a value > 0 to
 * stop the scan (which then returns it). E and what it points to (values,
 * list) live until the call returns; its name and field names until the scan's. */
typedef int (*hrel_pvmtrace_sink)(void *arg, const hrel_pvmtev *e);

/* Read PATH. Return 0 and set *OUT, or non-zero with "PATH:LINE: ..." in ERR. */
int hrel_pvmtrace_read(const char *path, hrel_pvmtrace **out, char *err, size_t errlen);

/* Parse the text TXT (NUL-terminated) as if read from file NAME. */
int hrel_pvmtrace_parse(const char *name, const char *txt, hrel_pvmtrace **out,
                        char *err, size_t errlen);

/* Read PATH as hrel_pvmtrace_read does (the same events, the same errors) but
 * hand each event, in file order, to SINK instead of keeping it: memory for one
 * chunk of the file. Return 0 (every event handed), -1 (ERR as
 * hrel_pvmtrace_read's) or the value SINK stopped the scan with (ERR untouched). */
int hrel_pvmtrace_scan(const char *path, hrel_pvmtrace_sink sink, void *arg, char *err,
                       size_t errlen);

void hrel_pvmtrace_free(hrel_pvmtrace *t);

/* The integer field F of E into *V; return 0, or -1 when E has no field F. */
int hrel_pvmtev_get(const hrel_pvmtev *e, const char *f, long *v);

#endif
