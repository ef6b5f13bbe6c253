/* cpucal -- CPU calibration kernels and calibration.csv (see cpucal.h). */
#include "cpucal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csv.h"
#include "errmsg.h"
#include "sample.h"

#define INT_ROUNDS (1L << 26)
#define FP_N 128
#define FP_REPS 160
#define MEM_N (1L << 24)
#define MEM_REPS 12

static const char *const knames[HREL_CPUCAL_NKERNEL] = {"int", "fp", "mem"};

/* the kernels' results go here, so the compiler cannot drop the work */
static volatile double sink;

const char *hrel_cpucal_kernel_name(int k)
{
    return k >= 0 && k < HREL_CPUCAL_NKERNEL ? knames[k] : NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void k_int(long rounds)
{
    uint64_t x = 88172645463325252ULL, acc = 0;
    long i;
    for (i = 0; i < rounds; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += x % 1000003u;
    }
    sink = (double)acc;
}

static void k_fp(double *a, double *b, double *c, int reps)
{
    int r, i, j, k;
    for (r = 0; r < reps; r++) {
        for (i = 0; i < FP_N; i++)
            for (j = 0; j < FP_N; j++) {
                double s = 0;
                for (k = 0; k < FP_N; k++)
                    s += a[i * FP_N + k] * b[k * FP_N + j];
                c[i * FP_N + j] = s;
            }
        a[r % (FP_N * FP_N)] += c[(r * 7) % (FP_N * FP_N)] * 1e-9;
    }
    sink = c[FP_N + 1];
}

/* each pass reads what the one before wrote (the arrays rotate), so no pass
 * can be left out */
static void k_mem(double *a, double *b, double *c, long n, int reps)
{
    long i;
    int r;
    for (r = 0; r < reps; r++) {
        double s = 0.5 + 1e-3 * (r % 7), *t;
        for (i = 0; i < n; i++)
            a[i] = b[i] + s * c[i];
        t = c;
        c = b;
        b = a;
        a = t;
    }
    sink = a[n / 2] + b[n / 3] + c[n / 5];
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int hrel_cpucal_time(int k, int reps, double fraction, double *seconds, double *cpu,
                     char *err, size_t errlen)
{
    double *a = NULL, *b = NULL, *c = NULL, best = INFINITY, bestcpu = INFINITY, scale;
    long n = 0, i;
    int r, kr = 0;
    if (k < 0 || k >= HREL_CPUCAL_NKERNEL || reps < 1 || !(fraction > 0 && fraction <= 1)) {
        hrel_seterr(err, errlen, "cpucal: bad kernel %d, reps %d or fraction %g", k, reps,
                    fraction);
        return -1;
    }
    if (k == HREL_CPUCAL_FP) {
        n = FP_N * FP_N;
        kr = (int)ceil(FP_REPS * fraction);
    } else if (k == HREL_CPUCAL_MEM) {
        n = MEM_N;
        kr = (int)ceil(MEM_REPS * fraction);
    }
    if (n > 0) {
        a = malloc((size_t)n * sizeof *a);
        b = malloc((size_t)n * sizeof *b);
        c = malloc((size_t)n * sizeof *c);
        if (!a || !b || !c) {
            free(a);
            free(b);
            free(c);
            hrel_seterr(err, errlen, "cpucal: out of memory");
            return -1;
        }
        for (i = 0; i < n; i++) {   /* touched before timing: no page faults inside */
            a[i] = 0;
            b[i] = 1.0 + (double)(i % 97) * 1e-3;
            c[i] = 2.0 - (double)(i % 89) * 1e-3;
        }
    }
    for (r = 0; r < reps; r++) {
        double t0 = now(), c0 = cpu_now(), t, tc;
        if (k == HREL_CPUCAL_INT)
            k_int((long)ceil((double)INT_ROUNDS * fraction));
        else if (k == HREL_CPUCAL_FP)
            k_fp(a, b, c, kr);
        else
            k_mem(a, b, c, n, kr);
        t = now() - t0;
        tc = cpu_now() - c0;
        if (t < best)
            best = t;
        if (tc < bestcpu)
            bestcpu = tc;
    }
    free(a);
    free(b);
    free(c);
    /* scaled by the work actually done */
    if (k == HREL_CPUCAL_INT)
        scale = (double)INT_ROUNDS / ceil((double)INT_ROUNDS * fraction);
    else
        scale = (double)(k == HREL_CPUCAL_FP ? FP_REPS : MEM_REPS) / kr;
    *seconds = best * scale;
    if (cpu)
        *cpu = bestcpu * scale;
    return 0;
}

/* The cgroup path of CONTROLLER ("cpu"; "" for v2) in /proc/self/cgroup. */
static int cg_path(const char *controller, char *out, size_t len)
{
    FILE *fp = fopen("/proc/self/cgroup", "r");
    char line[1024];
    int found = 0;
    if (!fp)
        return 0;
    while (!found && fgets(line, sizeof line, fp)) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL, *tok, *save;
        if (!c2)
            continue;
        *c2 = '\0';
        line[strcspn(line, "\n")] = '\0';
        c2[1 + strcspn(c2 + 1, "\n")] = '\0';
        if (!*controller) {
            found = c1[1] == '\0';
        } else
            for (tok = strtok_r(c1 + 1, ",", &save); tok && !found; tok = strtok_r(NULL, ",", &save))
                found = strcmp(tok, controller) == 0;
        if (found)
            snprintf(out, len, "%s", c2 + 1);
    }
    fclose(fp);
    return found;
}

void hrel_cpucal_quota(double *quota, double *period)
{
    FILE *fp = fopen("/proc/self/mountinfo", "r");
    char line[2048], v1[1024], v2[1024], path[4096];
    *quota = 0;
    *period = 0;
    if (!fp)
        return;
    if (!cg_path("cpu", v1, sizeof v1))
        v1[0] = '\0';
    if (!cg_path("", v2, sizeof v2))
        v2[0] = '\0';
    while (*quota == 0 && fgets(line, sizeof line, fp)) {
        char root[1024], mnt[1024], *dash = strstr(line, " - "), fstype[64], src[256], opts[512];
        long q = 0, p = 0;
        FILE *f;
        if (!dash || sscanf(line, "%*s %*s %*s %1023s %1023s", root, mnt) != 2 ||
            sscanf(dash + 3, "%63s %255s %511s", fstype, src, opts) != 3)
            continue;
        if (strcmp(fstype, "cgroup") == 0 && v1[0] &&
            (strstr(opts, ",cpu,") || strstr(opts, ",cpu\n") ||
             (strlen(opts) >= 4 && strcmp(opts + strlen(opts) - 4, ",cpu") == 0))) {
            const char *rel = strncmp(v1, root, strlen(root)) == 0 && strcmp(root, "/") != 0
                              ? v1 + strlen(root) : v1;
            snprintf(path, sizeof path, "%s%s/cpu.cfs_quota_us", mnt, rel);
            if ((f = fopen(path, "r"))) {
                if (fscanf(f, "%ld", &q) != 1)
                    q = 0;
                fclose(f);
            }
            snprintf(path, sizeof path, "%s%s/cpu.cfs_period_us", mnt, rel);
            if ((f = fopen(path, "r"))) {
                if (fscanf(f, "%ld", &p) != 1)
                    p = 0;
                fclose(f);
            }
        } else if (strcmp(fstype, "cgroup2") == 0 && v2[0]) {
            char qs[32] = "";
            snprintf(path, sizeof path, "%s%s/cpu.max", mnt, v2);
            if ((f = fopen(path, "r"))) {
                if (fscanf(f, "%31s %ld", qs, &p) == 2 && strcmp(qs, "max") != 0)
                    q = atol(qs);
                fclose(f);
            }
        }
        if (q > 0 && p > 0) {
            *quota = (double)q / (double)p;
            *period = 1e-6 * (double)p;
        }
    }
    fclose(fp);
}

void hrel_cpucal_free(hrel_cpucal *c)
{
    if (!c)
        return;
    hrel_strv_free(c->host, (size_t)c->nhost);
    free(c->cores);
    free(c->sec);
    free(c->cpu);
    free(c->quota);
    free(c->period);
    free(c->path);
    free(c);
}

static int host_index(hrel_cpucal *c, const char *name, int cores)
{
    int h;
    char **nh;
    int *nc;
    double *ns;
    for (h = 0; h < c->nhost; h++)
        if (strcmp(c->host[h], name) == 0)
            return h;
    nh = realloc(c->host, (size_t)(h + 1) * sizeof *nh);
    if (nh)
        c->host = nh;
    nc = realloc(c->cores, (size_t)(h + 1) * sizeof *nc);
    if (nc)
        c->cores = nc;
    ns = realloc(c->sec, (size_t)(h + 1) * HREL_CPUCAL_NKERNEL * sizeof *ns);
    if (ns)
        c->sec = ns;
    if (!nh || !nc || !ns)
        return -1;
    if (!(ns = realloc(c->cpu, (size_t)(h + 1) * HREL_CPUCAL_NKERNEL * sizeof *ns)))
        return -1;
    c->cpu = ns;
    if (!(ns = realloc(c->quota, (size_t)(h + 1) * sizeof *ns)))
        return -1;
    c->quota = ns;
    if (!(ns = realloc(c->period, (size_t)(h + 1) * sizeof *ns)))
        return -1;
    c->period = ns;
    if (!(c->host[h] = hrel_strdup(name)))
        return -1;
    c->cores[h] = cores;
    c->quota[h] = c->period[h] = 0;
    for (int k = 0; k < HREL_CPUCAL_NKERNEL; k++)
        c->sec[h * HREL_CPUCAL_NKERNEL + k] = c->cpu[h * HREL_CPUCAL_NKERNEL + k] = NAN;
    c->nhost = h + 1;
    return h;
}

int hrel_cpucal_read(const char *path, hrel_cpucal **out, char *err, size_t errlen)
{
    static const char *const need[] = {"host", "cores", "kernel", "seconds", NULL};
    int idx[4], h, k, ccpu, cq, cp;
    size_t r;
    hrel_csv *t = NULL;
    hrel_cpucal *c;
    *out = NULL;
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (!(c = calloc(1, sizeof *c)) || !(c->path = hrel_strdup(path))) {
        free(c);
        hrel_csv_free(t);
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (hrel_csv_require(t, need, idx, err, errlen) != 0)
        goto fail;
    if (t->nrow == 0) {
        hrel_seterr(err, errlen, "%s: no calibration rows", path);
        goto fail;
    }
    ccpu = hrel_csv_col(t, "cpu_seconds");
    cq = hrel_csv_col(t, "quota");
    cp = hrel_csv_col(t, "period_s");
    for (r = 0; r < t->nrow; r++) {
        long cores;
        double s;
        const char *kn = hrel_csv_str(t, r, idx[2]);
        if (hrel_csv_long(t, r, idx[1], &cores, err, errlen) != 0 ||
            hrel_csv_double(t, r, idx[3], &s, err, errlen) != 0)
            goto fail;
        for (k = 0; k < HREL_CPUCAL_NKERNEL && strcmp(kn, knames[k]) != 0; k++)
            ;
        if (k == HREL_CPUCAL_NKERNEL || cores < 1 || cores > 1000000 || !(s > 0)) {
            hrel_seterr(err, errlen, "%s:%zu: %s", path, t->lineno[r],
                        k == HREL_CPUCAL_NKERNEL ? "kernel must be int, fp or mem"
                        : !(s > 0) ? "seconds must be > 0" : "cores must be >= 1");
            goto fail;
        }
        if ((h = host_index(c, hrel_csv_str(t, r, idx[0]), (int)cores)) < 0) {
            hrel_seterr(err, errlen, "%s: out of memory", path);
            goto fail;
        }
        c->sec[h * HREL_CPUCAL_NKERNEL + k] = s;
        if (ccpu >= 0) {
            if (hrel_csv_double(t, r, ccpu, &s, err, errlen) != 0)
                goto fail;
            if (!(s > 0)) {
                hrel_seterr(err, errlen, "%s:%zu: cpu_seconds must be > 0", path, t->lineno[r]);
                goto fail;
            }
            c->cpu[h * HREL_CPUCAL_NKERNEL + k] = s;
        }
        if (cq >= 0 && cp >= 0 &&
            (hrel_csv_double(t, r, cq, &c->quota[h], err, errlen) != 0 ||
             hrel_csv_double(t, r, cp, &c->period[h], err, errlen) != 0))
            goto fail;
        if (c->quota[h] < 0 || (c->quota[h] > 0 && !(c->period[h] > 0))) {
            hrel_seterr(err, errlen, "%s:%zu: quota must be >= 0 with a period_s > 0", path,
                        t->lineno[r]);
            goto fail;
        }
    }
    if (ccpu < 0) {
        free(c->cpu);
        c->cpu = NULL;
    }
    for (h = 0; h < c->nhost; h++)
        for (k = 0; k < HREL_CPUCAL_NKERNEL; k++)
            if (isnan(c->sec[h * HREL_CPUCAL_NKERNEL + k])) {
                hrel_seterr(err, errlen, "%s: host %s has no %s kernel", path, c->host[h],
                            knames[k]);
                goto fail;
            }
    hrel_csv_free(t);
    *out = c;
    return 0;
fail:
    hrel_csv_free(t);
    hrel_cpucal_free(c);
    return -1;
}

double hrel_cpucal_median(const hrel_cpucal *c, int k, int cpu)
{
    double v[4096];
    const double *src = cpu && c->cpu ? c->cpu : c->sec;
    int h, n = 0;
    for (h = 0; h < c->nhost && n < 4096; h++)
        v[n++] = src[h * HREL_CPUCAL_NKERNEL + k];
    return hrel_sample_median(v, (size_t)n);
}

void hrel_cpucal_ratio(const hrel_cpucal *trace, const hrel_cpucal *target, double *ratio,
                       double *kratio)
{
    double lsum = 0;
    int k, cpu = trace->cpu && target->cpu;
    for (k = 0; k < HREL_CPUCAL_NKERNEL; k++) {
        double q = hrel_cpucal_median(target, k, cpu) / hrel_cpucal_median(trace, k, cpu);
        if (kratio)
            kratio[k] = q;
        lsum += log(q);
    }
    *ratio = exp(lsum / HREL_CPUCAL_NKERNEL);
}
