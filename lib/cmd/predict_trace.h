/* predict_trace -- the trace `hrel predict` predicts from, whatever form it has:
 *   a msgs.csv file (hrel trace import);
 *   a folder with msgs.csv (an import's output, a predict.sh runK folder; its
 *   trace.csv, if there, gives the M-steps the import formed);
 *   a preload trace folder (*.tev files), or a folder with one in tev/;
 *   a file of PVM's tracer.
 * Its CPU calibration (calibration.csv, lib/stats/cpucal.h) is looked for beside
 * msgs.csv or the task files, in their tev/ folder, and in the folder above
 * (predict.sh keeps the platform's calibration at the top of its run folder).
 * Contract: fills a caller-provided hrel_predict_trace; free its parts with
 * hrel_predict_trace_free. Return 0, or -1 with one line in err. Nothing prints.
 */
#ifndef HREL_PREDICT_TRACE_H
#define HREL_PREDICT_TRACE_H

#include <stddef.h>

#include "cpucal.h"
#include "msgtrace.h"
#include "trace.h"

typedef struct hrel_predict_trace {
    hrel_msgtrace *mt;         /* the message-level trace */
    hrel_trace *steps;         /* its trace.csv when one was beside it, else NULL */
    hrel_cpucal *cal;          /* its calibration, NULL when none was found */
    char form[32];             /* "msgs.csv", "preload", "pvm tracer" */
    char cal_path[4096];       /* where the calibration was read, "" */
} hrel_predict_trace;

int hrel_predict_trace_load(const char *arg, hrel_predict_trace *pt, char *err, size_t errlen);
void hrel_predict_trace_free(hrel_predict_trace *pt);

#endif
