/* fuzz_reader -- libFuzzer harness for hrel's text readers (issue 14 item 7).
 *
 * Contract: built once per reader with -DFUZZ_<NAME> (see tests/fuzz/run.sh);
 * each input is written to a private temporary file and handed to that
 * reader, whose result is freed. Any crash, sanitizer report, leak or
 * allocation beyond libFuzzer's -rss_limit_mb is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "csv.h"
#include "fitcsv.h"
#include "raw.h"
#include "trace.h"
#include "msgtrace.h"
#include "pvmtrace.h"
#include "fft_io.h"
#include "psrs_model.h"
#include "hyper_cb.h"
#include "ccm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[4096];

static void drop(void)
{
    if (path[0])
        unlink(path);
}

static int put(const uint8_t *data, size_t size)
{
    FILE *fp;
    if (!path[0]) {
        int fd;
        const char *tmp = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/hrel_fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        fd = mkstemp(path);
        if (fd < 0)
            abort();
        close(fd);
        atexit(drop);
    }
    fp = fopen(path, "wb");
    if (!fp)
        abort();
    if (size && fwrite(data, 1, size, fp) != size)
        abort();
    fclose(fp);
    return 0;
}

/* Read the input with LOAD(path, &obj, err, errlen) into a TYPE and, if it
 * was accepted, free it with RELEASE. */
#define LOAD_AND_FREE(type, load, release)                                       \
    do {                                                                         \
        type *obj_ = NULL;                                                       \
        if (load(path, &obj_, err, sizeof err) == 0)                             \
            release(obj_);                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    put(data, size);
#if defined(FUZZ_csv) || defined(FUZZ_fitcsv)
    {
        hrel_csv *t = NULL;
        if (hrel_csv_read(path, &t, err, sizeof err) == 0) {
#ifdef FUZZ_fitcsv
            hrel_fitcsv_check(t, err, sizeof err);
#endif
            hrel_csv_free(t);
        }
    }
#elif defined(FUZZ_raw)
    LOAD_AND_FREE(hrel_raw, hrel_raw_load, hrel_raw_free);
#elif defined(FUZZ_trace)
    LOAD_AND_FREE(hrel_trace, hrel_trace_load, hrel_trace_free);
#elif defined(FUZZ_msgtrace)
    LOAD_AND_FREE(hrel_msgtrace, hrel_msgtrace_load, hrel_msgtrace_free);
#elif defined(FUZZ_pvmtrace)
    LOAD_AND_FREE(hrel_pvmtrace, hrel_pvmtrace_read, hrel_pvmtrace_free);
#elif defined(FUZZ_fftconst)
    {
        hrel_fft_consts c;
        double g, L;
        hrel_fft_consts_load(path, 4, &c, NULL, err, sizeof err);
        hrel_fft_fit_load(path, "ALL", 4, &g, &L, err, sizeof err);
    }
#elif defined(FUZZ_psrsconst)
    {
        hrel_psrs_consts k;
        hrel_psrs_consts_read(path, 4, 100000, &k, err, sizeof err);
    }
#elif defined(FUZZ_hyper)
    LOAD_AND_FREE(hrel_hyper_graph, hrel_hyper_graph_read, hrel_hyper_graph_free);
#elif defined(FUZZ_ccm)
    LOAD_AND_FREE(hrel_ccm, hrel_ccm_parse_file, hrel_ccm_free);
#else
#error "define FUZZ_<reader>"
#endif
    return 0;
}
