/* fft_seq -- see fft_seq.h. */
#include "fft_seq.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fftw3.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_complex.h>

#define HREL_FFT_PI 3.14159265358979323846

struct hrel_fft_plan {
    size_t n;           /* points */
    fftw_plan plan;     /* forward out-of-place plan made on buf_in -> buf_out */
    fftw_complex *buf_in;   /* the arrays the plan was made with (alignment reference) */
    fftw_complex *buf_out;
};

struct hrel_fft_twiddle {
    size_t n;           /* largest combination size served */
    double *w;          /* n/2 complex values, re/im interleaved: exp(-2 pi i k / n) */
};

/* ===== small helpers ====================================================== */

int hrel_fft_is_pow2(size_t n)
{
    return n != 0 && (n & (n - 1)) == 0;
}

unsigned hrel_fft_log2(size_t n)
{
    unsigned b = 0;
    while (n > 1) {
        n >>= 1;
        b++;
    }
    return b;
}

size_t hrel_fft_bitrev(size_t r, unsigned bits)
{
    size_t out = 0;
    unsigned i;
    for (i = 0; i < bits; i++) {
        out = (out << 1) | (r & 1);
        r >>= 1;
    }
    return out;
}

hrel_fft_cplx *hrel_fft_cplx_alloc(size_t n)
{
    if (n == 0)
        n = 1;
    return (hrel_fft_cplx *)fftw_alloc_complex(n);
}

void hrel_fft_cplx_free(hrel_fft_cplx *a)
{
    if (a)
        fftw_free(a);
}

void hrel_fft_input(size_t n, unsigned long seed, hrel_fft_cplx *a)
{
    uint64_t x = (uint64_t)seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    double *v = (double *)a;
    size_t i;
    if (x == 0)
        x = 1;
    for (i = 0; i < 2 * n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        /* top 53 bits -> [0,1) -> [-1,1) */
        v[i] = 2.0 * ((double)(x >> 11) * (1.0 / 9007199254740992.0)) - 1.0;
    }
}

/* ===== local transform ==================================================== */

int hrel_fft_plan_alloc(size_t n, int rigour, hrel_fft_plan **out,
                        char *err, size_t errlen)
{
    hrel_fft_plan *p;
    unsigned flags;
    *out = NULL;
    if (!hrel_fft_is_pow2(n) || n > (size_t)INT32_MAX) {
        snprintf(err, errlen, "FFT size %zu is not a power of two", n);
        return -1;
    }
    if (rigour != HREL_FFT_ESTIMATE && rigour != HREL_FFT_MEASURE) {
        snprintf(err, errlen, "unknown FFT planning rigour %d", rigour);
        return -1;
    }
    p = calloc(1, sizeof *p);
    if (!p)
        goto nomem;
    p->n = n;
    p->buf_in = fftw_alloc_complex(n);
    p->buf_out = fftw_alloc_complex(n);
    if (!p->buf_in || !p->buf_out)
        goto nomem;
    flags = rigour == HREL_FFT_MEASURE ? FFTW_MEASURE : FFTW_ESTIMATE;
    p->plan = fftw_plan_dft_1d((int)n, p->buf_in, p->buf_out, FFTW_FORWARD, flags);
    if (!p->plan) {
        snprintf(err, errlen, "FFTW could not plan a transform of %zu points", n);
        hrel_fft_plan_free(p);
        return -1;
    }
    *out = p;
    return 0;
nomem:
    snprintf(err, errlen, "out of memory planning an FFT of %zu points", n);
    hrel_fft_plan_free(p);
    return -1;
}

void hrel_fft_plan_free(hrel_fft_plan *p)
{
    if (!p)
        return;
    if (p->plan)
        fftw_destroy_plan(p->plan);
    fftw_free(p->buf_in);
    fftw_free(p->buf_out);
    free(p);
}

int hrel_fft_wisdom_import(const char *path, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "r");
    int ok;
    if (!fp) {
        snprintf(err, errlen, "cannot read FFTW wisdom '%s'", path);
        return -1;
    }
    ok = fftw_import_wisdom_from_file(fp);
    fclose(fp);
    if (!ok) {
        snprintf(err, errlen, "%s: not FFTW wisdom", path);
        return -1;
    }
    return 0;
}

int hrel_fft_wisdom_export(const char *path, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "w");
    if (!fp) {
        snprintf(err, errlen, "cannot write FFTW wisdom '%s'", path);
        return -1;
    }
    fftw_export_wisdom_to_file(fp);
    if (fclose(fp) != 0) {
        snprintf(err, errlen, "cannot write FFTW wisdom '%s'", path);
        return -1;
    }
    return 0;
}

size_t hrel_fft_plan_size(const hrel_fft_plan *p)
{
    return p ? p->n : 0;
}

int hrel_fft_plan_exec(hrel_fft_plan *p, const hrel_fft_cplx *in, hrel_fft_cplx *out)
{
    fftw_complex *fi = (fftw_complex *)(uintptr_t)in;
    fftw_complex *fo = (fftw_complex *)out;
    if (!p || !in || !out || (const void *)in == (const void *)out)
        return -1;
    if (fftw_alignment_of((double *)fi) == fftw_alignment_of((double *)p->buf_in) &&
        fftw_alignment_of((double *)fo) == fftw_alignment_of((double *)p->buf_out)) {
        /* out-of-place complex DFTs preserve their input (FFTW default) */
        fftw_execute_dft(p->plan, fi, fo);
        return 0;
    }
    memcpy(p->buf_in, in, p->n * sizeof(fftw_complex));
    fftw_execute(p->plan);
    memcpy(out, p->buf_out, p->n * sizeof(fftw_complex));
    return 0;
}

/* ===== division and combination =========================================== */

int hrel_fft_divide(const hrel_fft_cplx *a, size_t n, size_t p, size_t rank,
                    hrel_fft_cplx *out)
{
    size_t m, k, off;
    if (!hrel_fft_is_pow2(n) || !hrel_fft_is_pow2(p) || p > n || rank >= p)
        return -1;
    m = n / p;
    off = hrel_fft_bitrev(rank, hrel_fft_log2(p));
    for (k = 0; k < m; k++)
        out[k] = a[k * p + off];
    return 0;
}

int hrel_fft_split(const hrel_fft_cplx *a, size_t n, hrel_fft_cplx *even,
                   hrel_fft_cplx *odd)
{
    size_t k, m;
    if (n < 2 || n % 2)
        return -1;
    m = n / 2;
    for (k = 0; k < m; k++) {
        even[k] = a[2 * k];
        odd[k] = a[2 * k + 1];
    }
    return 0;
}

int hrel_fft_twiddle_alloc(size_t n, hrel_fft_twiddle **out, char *err, size_t errlen)
{
    hrel_fft_twiddle *tw;
    size_t k;
    *out = NULL;
    if (!hrel_fft_is_pow2(n) || n < 2) {
        snprintf(err, errlen, "twiddle table size %zu is not a power of two >= 2", n);
        return -1;
    }
    tw = calloc(1, sizeof *tw);
    if (tw)
        tw->w = malloc(n * sizeof(double)); /* n/2 complex values */
    if (!tw || !tw->w) {
        hrel_fft_twiddle_free(tw);
        snprintf(err, errlen, "out of memory for %zu twiddle factors", n / 2);
        return -1;
    }
    tw->n = n;
    for (k = 0; k < n / 2; k++) {
        double ang = -2.0 * HREL_FFT_PI * (double)k / (double)n;
        tw->w[2 * k] = cos(ang);
        tw->w[2 * k + 1] = sin(ang);
    }
    *out = tw;
    return 0;
}

void hrel_fft_twiddle_free(hrel_fft_twiddle *tw)
{
    if (!tw)
        return;
    free(tw->w);
    free(tw);
}

int hrel_fft_combine(const hrel_fft_twiddle *tw, const hrel_fft_cplx *even,
                     const hrel_fft_cplx *odd, size_t m, hrel_fft_cplx *out)
{
    const double *e = (const double *)even, *o = (const double *)odd, *w;
    double *lo = (double *)out, *hi = (double *)(out + m);
    size_t k, stride;
    if (!tw || m == 0 || 2 * m > tw->n || !hrel_fft_is_pow2(m))
        return -1;
    stride = tw->n / (2 * m);
    w = tw->w;
    /* explicit real arithmetic: C99 complex '*' calls __muldc3 without
     * -ffast-math; reading e/o before writing lo/hi keeps in-place safe */
    for (k = 0; k < m; k++) {
        double wr = w[2 * k * stride], wi = w[2 * k * stride + 1];
        double er = e[2 * k], ei = e[2 * k + 1];
        double or_ = o[2 * k], oi = o[2 * k + 1];
        double tr = wr * or_ - wi * oi, ti = wr * oi + wi * or_;
        lo[2 * k] = er + tr;
        lo[2 * k + 1] = ei + ti;
        hi[2 * k] = er - tr;
        hi[2 * k + 1] = ei - ti;
    }
    return 0;
}

/* ===== checking =========================================================== */

int hrel_fft_reference(const hrel_fft_cplx *a, size_t n, hrel_fft_cplx *out,
                       char *err, size_t errlen)
{
    gsl_fft_complex_wavetable *wt = NULL;
    gsl_fft_complex_workspace *ws = NULL;
    int status;
    if (n == 0) {
        snprintf(err, errlen, "reference FFT of 0 points");
        return -1;
    }
    if (out != a)
        memmove(out, a, n * sizeof *out);
    if (n == 1)
        return 0;
    wt = gsl_fft_complex_wavetable_alloc(n);
    ws = gsl_fft_complex_workspace_alloc(n);
    if (!wt || !ws) {
        snprintf(err, errlen, "out of memory for a reference FFT of %zu points", n);
        status = -1;
        goto done;
    }
    status = gsl_fft_complex_forward((double *)out, 1, n, wt, ws);
    if (status) {
        snprintf(err, errlen, "GSL reference FFT failed: %s", gsl_strerror(status));
        status = -1;
    }
done:
    if (wt)
        gsl_fft_complex_wavetable_free(wt);
    if (ws)
        gsl_fft_complex_workspace_free(ws);
    return status;
}

double hrel_fft_relerr(const hrel_fft_cplx *x, const hrel_fft_cplx *ref, size_t n)
{
    const double *a = (const double *)x, *b = (const double *)ref;
    double num = 0.0, den = 0.0;
    size_t i;
    for (i = 0; i < 2 * n; i++) {
        double d = a[i] - b[i];
        num += d * d;
        den += b[i] * b[i];
    }
    return den > 0.0 ? sqrt(num / den) : sqrt(num);
}
