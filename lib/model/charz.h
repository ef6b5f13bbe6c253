/* charz -- a platform's characterisation as `hrel predict` reads it: the run
 * folder of a study (experiments/study.sh), or of predict.sh, holding
 *   fit.csv          g and L per pattern (required; `hrel fit RAW --csv`)
 *   calibration.csv  the CPU calibration per host (lib/stats/cpucal.h; required
 *                    unless the caller gives the CPU ratio itself)
 *   setup.csv        route set-up on first contact (hrel_firstcontact; optional:
 *                    0 s without it)
 *   raw.csv          its "# platform:" and "# routing:" lines (optional)
 *   pvmd_state.csv   the first pvmd's round-trip estimates for the other hosts
 *                    as the benchmark began and as it ended (platform_facts.sh;
 *                    optional: none on one host); a malformed one is refused
 *   wire.csv         the userspace wire's counters (platform_facts.sh; optional:
 *                    its late_mean_s, how late it handed a frame over); a
 *                    malformed one is refused
 *   pvmd_cpu.csv     the pvmds' CPU per message and per datagram on the daemon
 *                    route (hrel_pvmdcpu, pvmdcpu.h; optional); a malformed one
 *                    is refused
 *   streamq.csv      how long a pvmd's packet waits behind a direct-route stream
 *                    leaving its host (hrel_streamq, streamq.h; optional: none
 *                    on one host); a malformed one is refused
 *   platform/        the platform copy the run used: NAME.platform (an emulated
 *                    platform: medium, rate, wire, cpu share, cores: shared) or
 *                    hostfile (its host lines); neither: one host
 * Missing required files give one line naming the file and how to make it.
 * The caller frees the result with hrel_charz_free. Nothing prints.
 */
#ifndef HREL_CHARZ_H
#define HREL_CHARZ_H

#include <stddef.h>

/* pairs of setup.csv (several virtual machines' round trips, predict.sh on one
   host) from which their spread gives the placement interval */
#define HREL_CHARZ_PAIRS_MIN 9

#include "cpucal.h"
#include "pvmdcpu.h"
#include "replay.h"

typedef struct hrel_charz {
    char dir[2048];
    char fit[2300];          /* DIR/fit.csv */
    char platform[128];      /* raw.csv's "# platform:", else the folder's name */
    char route[16];          /* "direct", "daemon", or "" when unknown */
    int nhosts;              /* hosts of the platform (>= 1) */
    int emulated;            /* 1: a NAME.platform description was found */
    hrel_medium medium;      /* switched: PORT, shared: BUS, else NONE */
    double rate_bps;         /* link rate, 0 when unknown */
    int wire_tc;             /* "wire: tc" (emulated), else a real Ethernet (emulated:
                                "wire: user", the userspace wire, hostfiles/wire) */
    double wire_delay;       /* "delay:" one way between stations, s (0 when none) */
    double wire_late;        /* wire.csv's late_mean_s (0 when none) */
    int have_wire_late;      /* 1: wire.csv read */
    int half_duplex;         /* "duplex: half" (a switched port's two directions share
                                one budget), else 0 */
    double cpu_share;        /* "cpu: S" of the description, 0 when none */
    int shared;              /* 1: every host shares one machine's cores (emulated) */
    int cores;               /* cores per host (the calibration's least), 0 unknown */
    double quota, quota_period;  /* the hosts' CPU limit: CPUs per period (s); 0: none.
                                    From the calibration (the median over hosts), else
                                    the description's "cpu: S" (S per 0.1 s) */
    double setup;            /* median first-contact set-up, s (0 without setup.csv) */
    int have_setup;
    double small_rtt;        /* median over setup.csv's pairs of their later 8-byte
                                round trips (later_s), s; 0 when it has none */
    int small_n;             /* how many pairs that median is over */
    double small_q10, small_q90;  /* their 10th and 90th percentile (split-conformal
                                     ranks floor(0.1 (n + 1)), ceil(0.9 (n + 1))), s;
                                     0 with fewer than HREL_CHARZ_PAIRS_MIN pairs */
    double buffer_bytes;     /* setup.csv's "# buffer_bytes B": bytes the route buffers
                                between two tasks (0: unlimited, "unlimited", or not
                                measured) */
    char setup_route[16];    /* the route setup.csv says it measured ("# hrel_firstcontact:
                                route R"), "" when it does not say */
    double vm_rtt_before, vm_rtt_after;   /* pvmd_state.csv's median estimates (s) as
                                             the benchmark began and ended; 0: not known */
    hrel_pvmdcpu pvmd_cpu;   /* pvmd_cpu.csv's lines (n = 0: not measured) */
    double stream_wait;      /* streamq.csv's wait behind a direct-route stream, s */
    int stream_n;            /* ... over this many repetitions (0: not measured) */
    hrel_cpucal *cal;        /* the calibration, NULL when not read */
} hrel_charz;

/* Read the characterisation folder DIR. NEED_CAL: calibration.csv is required.
 * Return 0, or -1 with one line in err. */
int hrel_charz_read(const char *dir, int need_cal, hrel_charz **out, char *err, size_t errlen);
void hrel_charz_free(hrel_charz *c);

/* The "key: value" of KEY in the first '#'-lines of the text file PATH into VAL
 * (trimmed). Return 1 when found, else 0. */
int hrel_charz_meta(const char *path, const char *key, char *val, size_t len);

#endif
