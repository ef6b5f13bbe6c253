/* fuzz_reader -- libFuzzer harness for hrel's text readers (issue 14 item 7)
 * and the preload tracer's task files.
 *
 * Contract: built once per reader with -DFUZZ_<NAME> (see tests/fuzz/run.sh);
 * each input is written to a private temporary file and handed to that
 * reader, whose result is freed. FUZZ_tev: the input is two task files (its
 * first 4 bytes, little endian, give the first one's length; the rest is the
 * second), written into a private folder that hrel_tevdir_read and
 * hrel_msgtrace_from_tev then read. Any crash, sanitizer report, leak or
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
#include "tevfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[4096];
#ifdef FUZZ_tev
static char tdir[4096], tfile[2][4200];
#endif

static void drop(void)
{
    if (path[0])
        unlink(path);
#ifdef FUZZ_tev
    if (tdir[0]) {
        unlink(tfile[0]);
        unlink(tfile[1]);
        rmdir(tdir);
    }
#endif
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
#elif defined(FUZZ_tev)
    {
        size_t a = size >= 4 ? (size_t)data[0] | (size_t)data[1] << 8 | (size_t)data[2] << 16 |
                                   (size_t)data[3] << 24
                             : 0;
        const uint8_t *p = size >= 4 ? data + 4 : data;
        size_t n = size >= 4 ? size - 4 : size, k;
        hrel_tevdir *d = NULL;
        hrel_msgtrace *mt = NULL;
        FILE *fp;
        if (!tdir[0]) {
            const char *tmp = getenv("TMPDIR");
            snprintf(tdir, sizeof tdir, "%s/hrel_fuzz_tev.XXXXXX", tmp && *tmp ? tmp : "/tmp");
            if (!mkdtemp(tdir))
                abort();
            snprintf(tfile[0], sizeof tfile[0], "%s/a.0.tev", tdir);
            snprintf(tfile[1], sizeof tfile[1], "%s/b.0.tev", tdir);
        }
        if (a > n)
            a = n;
        for (k = 0; k < 2; k++) {
            if (!(fp = fopen(tfile[k], "wb")))
                abort();
            if ((k ? n - a : a) && fwrite(k ? p + a : p, 1, k ? n - a : a, fp) != (k ? n - a : a))
                abort();
            fclose(fp);
        }
        if (hrel_tevdir_read(tdir, &d, err, sizeof err) == 0 &&
            hrel_msgtrace_from_tev(d, &mt, err, sizeof err) == 0)
            hrel_msgtrace_free(mt);
        hrel_tevdir_free(d);
    }
#else
#error "define FUZZ_<reader>"
#endif
    return 0;
}
