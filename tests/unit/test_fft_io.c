/* test_fft_io -- the constants file and fit-row lookups of the FFT study:
 * row selection (p, else 'all'; pattern+procs, else pattern+all), values read
 * back exactly, and FILE:LINE errors for bad files. */
#include <stdlib.h>
#include <unistd.h>

#include "hrel_test.h"
#include "fft_io.h"

static char path[512];
static char made[8][512];   /* scratch files to remove at the end */
static int nmade;

/* Write TEXT to a scratch file named NAME; return its path. */
static const char *scratch(const char *name, const char *text)
{
    const char *dir = getenv("HREL_TEST_TMP");
    FILE *fp;
    snprintf(path, sizeof path, "%s/test_fft_io_%ld_%s", dir ? dir : "/tmp", (long)getpid(), name);
    if (nmade < 8)
        snprintf(made[nmade++], sizeof made[0], "%s", path);
    fp = fopen(path, "w");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
    return path;
}

static void test_consts(void)
{
    char err[300] = "";
    hrel_fft_consts c;
    int used_all = -1;
    const char *f = scratch("c.csv",
        "# n: 1024\n"
        "p,n,m,D,Ds,F,R\n"
        "2,1024,512,1e-9,2e-9,3e-9,4e-9\n"
        "4,1024,256,5e-9,6e-9,7e-9,8e-9\n"
        "all,1024,,1.5e-9,2.5e-9,3.5e-9,4.5e-9\n");
    HREL_CHECK_INT(hrel_fft_consts_load(f, 4, &c, &used_all, err, sizeof err), 0, "load p=4");
    HREL_CHECK(c.D == 5e-9 && c.Ds == 6e-9 && c.F == 7e-9 && c.R == 8e-9 && used_all == 0,
               "row p=4 read exactly");
    HREL_CHECK_INT(hrel_fft_consts_load(f, 8, &c, &used_all, err, sizeof err), 0, "load p=8");
    HREL_CHECK(c.D == 1.5e-9 && c.R == 4.5e-9 && used_all == 1, "p=8 falls back to 'all'");
    f = scratch("bad.csv", "p,n,m,D,Ds,F,R\n2,1024,512,1e-9,x,3e-9,4e-9\n");
    HREL_CHECK(hrel_fft_consts_load(f, 2, &c, NULL, err, sizeof err) != 0, "bad number rejected");
    HREL_CHECK_HAS(err, ":2:", "error names line 2");
    HREL_CHECK_HAS(err, "Ds", "error names the column");
    f = scratch("noall.csv", "p,n,m,D,Ds,F,R\n2,1024,512,1e-9,1e-9,3e-9,4e-9\n");
    HREL_CHECK(hrel_fft_consts_load(f, 4, &c, NULL, err, sizeof err) != 0, "missing row rejected");
    HREL_CHECK_HAS(err, "no row for p=4", "missing row message");
    f = scratch("nocol.csv", "p,n,m,D,F,R\n2,1024,512,1e-9,3e-9,4e-9\n");
    HREL_CHECK(hrel_fft_consts_load(f, 2, &c, NULL, err, sizeof err) != 0, "missing column rejected");
    HREL_CHECK_HAS(err, "Ds", "missing column named");
    f = scratch("neg.csv", "p,n,m,D,Ds,F,R\n2,1024,512,1e-9,1e-9,-3e-9,4e-9\n");
    HREL_CHECK(hrel_fft_consts_load(f, 2, &c, NULL, err, sizeof err) != 0, "negative rejected");
    HREL_CHECK(hrel_fft_consts_load("/nonexistent/x.csv", 2, &c, NULL, err, sizeof err) != 0,
               "missing file rejected");
}

static void test_fit(void)
{
    char err[300] = "";
    double g = 0, L = 0;
    const char *f = scratch("fit.csv",
        "pattern,procs,g,L,r2,n\n"
        "PP,2,1e-8,1e-4,0.99,10\n"
        "PP,all,2e-8,2e-4,0.99,40\n"
        "E,all,3e-8,3e-4,0.98,40\n"
        "ALL,all,4e-8,4e-4,0.97,200\n");
    HREL_CHECK_INT(hrel_fft_fit_load(f, "PP", 2, &g, &L, err, sizeof err), 0, "PP,2");
    HREL_CHECK(g == 1e-8 && L == 1e-4, "row PP,2");
    hrel_fft_fit_load(f, "PP", 8, &g, &L, err, sizeof err);
    HREL_CHECK(g == 2e-8 && L == 2e-4, "PP,8 falls back to PP,all");
    hrel_fft_fit_load(f, "ALL", 4, &g, &L, err, sizeof err);
    HREL_CHECK(g == 4e-8 && L == 4e-4, "pooled row");
    HREL_CHECK(hrel_fft_fit_load(f, "AA", 4, &g, &L, err, sizeof err) != 0, "absent pattern");
    HREL_CHECK_HAS(err, "no fitted row for pattern AA", "absent pattern message");
}

int main(void)
{
    hrel_test_init();
    test_consts();
    test_fit();
    while (nmade > 0)
        unlink(made[--nmade]);
    return hrel_test_summary("test_fft_io");
}
