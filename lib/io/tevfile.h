/* tevfile -- the task files of hrel's preload tracer (libhrel_trace.so).
 *
 * Contract: one file per traced process, DIR/HOST.PID.tev, written by
 * pvmsrc/preload (which includes this header for the layout only) and read
 * here. A file is a header (struct hrel_tev_head) and then fixed-size records
 * (struct hrel_tev_rec) in the order the calls began, in the byte order of the
 * machine that wrote it (the header's endian field says which; a file from a
 * machine of the other order is refused). Times are CLOCK_REALTIME in
 * nanoseconds: emulated hosts share one clock; real hosts are aligned by
 * causality at import (msgtrace.h). A file ends with an END record when the
 * process ended through exit() or a return from main; a process killed by a
 * signal leaves what was flushed (the tracer writes at the first record
 * HREL_TEV_FLUSH_MS ms after its last write, at HREL_TEV_FLUSH_RECS waiting
 * records, before a receive that may wait when its last write is
 * HREL_TEV_IDLE_MS old, on exit and on SIGTERM).
 *
 * hrel_tevfile_read reads one file, hrel_tevdir_read every *.tev file of a
 * folder; errors name the file ("FILE: ..."): not a task file, another byte
 * order or record size, a file cut inside a record, records out of place
 * (a list or name record with no call before it), files of two runs mixed.
 * The records are the file mapped into memory where it can be (no copy; the
 * file must not shrink while it is read: the tracer is done with it), else
 * read. The caller frees with hrel_tevdir_free. Nothing here prints.
 */
#ifndef HREL_TEVFILE_H
#define HREL_TEVFILE_H

#include <stddef.h>
#include <stdint.h>

#define HREL_TEV_MAGIC "HRELTEV1"      /* 8 bytes, no terminating NUL stored */
#define HREL_TEV_ENDIAN 0x01020304u
#define HREL_TEV_FLUSH_MS 100          /* the tracer's flush period */
#define HREL_TEV_IDLE_MS 20            /* ... before a wait, after this long */
#define HREL_TEV_FLUSH_RECS 4096       /* ... and its buffer, in records */
#define HREL_TEV_LIST_N 12             /* task ids per LIST record */

/* What a record is: a PVM call (the function's name without pvm_), or one of
 * the process's own events, or data of the call before it. */
typedef enum {
    HREL_TEV_START = 1,   /* process start (the library's constructor) */
    HREL_TEV_MYTID,       /* pvm_mytid: the first call is the enrolment */
    HREL_TEV_SPAWN,       /* ret: tasks started; LIST records: their tids */
    HREL_TEV_EXIT,        /* pvm_exit */
    HREL_TEV_SEND,        /* peer: destination tid; bytes: the message */
    HREL_TEV_PSEND,
    HREL_TEV_MCAST,       /* LIST records: the destinations */
    HREL_TEV_RECV,        /* peer: source tid of the message received */
    HREL_TEV_TRECV,
    HREL_TEV_NRECV,       /* only calls that returned a message */
    HREL_TEV_PRECV,
    HREL_TEV_PROBE,       /* only probes that found a message */
    HREL_TEV_JOINGROUP,   /* ret: the instance; NAME record: the group */
    HREL_TEV_LVGROUP,
    HREL_TEV_BARRIER,     /* peer: the count given */
    HREL_TEV_BCAST,
    HREL_TEV_REDUCE,      /* peer: the root's instance; bytes: count x size */
    HREL_TEV_GATHER,
    HREL_TEV_SCATTER,
    HREL_TEV_PACK,        /* packing since the last call: initsend, pk*, upk*,
                             packf/unpackf; t0 first begin, t1 last end, peer:
                             calls (one clock reading per call: the time
                             between them is the program's too) */
    HREL_TEV_END,         /* process end; ret: exit status */
    HREL_TEV_LIST,        /* data: up to HREL_TEV_LIST_N tids of the call before */
    HREL_TEV_NAME,        /* data: the group name of the call before */
    HREL_TEV_ROUTE,       /* pvm_setopt(PvmRoute, v): peer: v asked
                             (PvmDontRoute 1, PvmAllowDirect 2, PvmRouteDirect 3);
                             ret: the call's return (the option before) */
    HREL_TEV_NKIND
} hrel_tev_kind;

#define HREL_TEVF_INNER 1u    /* made inside a group call (parent says which) */
#define HREL_TEVF_ERROR 2u    /* the call returned an error (ret < 0) */
#define HREL_TEVF_CUT 4u      /* a send the process was killed in (SIGTERM): t1 is
                                 the kill; its message may have gone out */

#define HREL_TEVH_CPU 1u      /* head flags: the records carry the thread's CPU time
                                 and voluntary context switches (cpu*_ns, vcsw*) */
#define HREL_TEVH_ROUTE 2u    /* head flags: pvm_setopt(PvmRoute, ...) calls are recorded
                                 (HREL_TEV_ROUTE), so none means the default route */

/* The header of a task file (256 bytes). */
typedef struct hrel_tev_head {
    char magic[8];         /* HREL_TEV_MAGIC */
    uint32_t endian;       /* HREL_TEV_ENDIAN as the writer stored it */
    uint32_t recsize;      /* sizeof(hrel_tev_rec) of the writer */
    int64_t start_ns;      /* process start, CLOCK_REALTIME ns */
    int32_t pid;           /* process id on its host */
    uint32_t flags;        /* HREL_TEVH_* */
    char run[64];          /* run id (HREL_TRACE_RUN), NUL-terminated */
    char host[64];         /* gethostname() */
    char prog[84];         /* program name (the basename of argv[0]) */
    uint32_t start_vcsw;   /* at the process start (the library's constructor): */
    int64_t start_cpu_ns;  /* its voluntary context switches and CPU time */
} hrel_tev_head;

/* One record (80 bytes). */
typedef struct hrel_tev_rec {
    uint16_t kind;         /* hrel_tev_kind */
    uint16_t flags;        /* HREL_TEVF_* */
    int32_t tid;           /* the process's task id (0 before enrolment) */
    union {
        struct {
            int32_t seq;       /* this call's number in the file (from 0) */
            int32_t parent;    /* seq of the enclosing group call, -1 if none */
            int32_t peer;      /* see the kinds */
            int32_t tag;       /* message tag, -1 if none */
            int32_t ret;       /* the call's return value */
            int32_t nlist;     /* LIST records that follow */
            int64_t bytes;     /* bytes of one message (see the kinds) */
            int64_t t0_ns;     /* call begins, CLOCK_REALTIME ns */
            int64_t t1_ns;     /* call returns */
        } call;
        int32_t list[HREL_TEV_LIST_N];   /* LIST: tids, 0 past the last */
        char name[48];                   /* NAME: NUL-terminated */
    } u;
    uint32_t vcsw0, vcsw1; /* a call's: the thread's voluntary context switches at t0
                              and t1 (getrusage RUSAGE_THREAD, mod 2^32) */
    int64_t cpu0_ns, cpu1_ns;   /* ... and its CPU time (CLOCK_THREAD_CPUTIME_ID) at
                                   t0 and t1; with HREL_TEVH_CPU */
} hrel_tev_rec;

/* One task file, read. */
typedef struct hrel_tevfile {
    char *path;
    hrel_tev_head head;
    hrel_tev_rec *rec;
    size_t n;
    int tid;               /* the task id (first record with one), 0 if never */
    int ended;             /* an END record is present */
    void *map;             /* the file mapped (rec inside it), or NULL: rec malloc'ed */
    size_t maplen;
} hrel_tevfile;

/* A trace directory, read. */
typedef struct hrel_tevdir {
    char *path;
    hrel_tevfile *file;
    size_t n;
} hrel_tevdir;

/* Read the task file PATH into *OUT (allocated). Return 0 or -1 (ERR). */
int hrel_tevfile_read(const char *path, hrel_tevfile *out, char *err, size_t errlen);

/* Read every *.tev file of DIR (sorted by name). Return 0 or -1 (ERR): no
 * task file, a bad file, or files of two runs. */
int hrel_tevdir_read(const char *dir, hrel_tevdir **out, char *err, size_t errlen);

void hrel_tevfile_clear(hrel_tevfile *f);

/* Give back F's records (F keeps its path and head; n becomes 0). */
void hrel_tevfile_drop(hrel_tevfile *f);
void hrel_tevdir_free(hrel_tevdir *d);

/* Name of a kind ("send"), NULL if none. */
const char *hrel_tev_kind_name(int kind);

#endif
