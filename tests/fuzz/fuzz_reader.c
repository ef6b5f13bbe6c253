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

static char path[64];

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
        snprintf(path, sizeof path, "/tmp/hrel_fuzz.XXXXXX");
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
    {
        hrel_raw *r = NULL;
        if (hrel_raw_load(path, &r, err, sizeof err) == 0)
            hrel_raw_free(r);
    }
#elif defined(FUZZ_trace)
    {
        hrel_trace *t = NULL;
        if (hrel_trace_load(path, &t, err, sizeof err) == 0)
            hrel_trace_free(t);
    }
#elif defined(FUZZ_msgtrace)
    {
        hrel_msgtrace *t = NULL;
        if (hrel_msgtrace_load(path, &t, err, sizeof err) == 0)
            hrel_msgtrace_free(t);
    }
#elif defined(FUZZ_pvmtrace)
    {
        hrel_pvmtrace *t = NULL;
        if (hrel_pvmtrace_read(path, &t, err, sizeof err) == 0)
            hrel_pvmtrace_free(t);
    }
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
    {
        hrel_hyper_graph *g = NULL;
        if (hrel_hyper_graph_read(path, &g, err, sizeof err) == 0)
            hrel_hyper_graph_free(g);
    }
#elif defined(FUZZ_ccm)
    {
        hrel_ccm *m = NULL;
        if (hrel_ccm_parse_file(path, &m, err, sizeof err) == 0)
            hrel_ccm_free(m);
    }
#else
#error "define FUZZ_<reader>"
#endif
    return 0;
}
