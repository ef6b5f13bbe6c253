/* charz -- a platform's characterisation folder (see charz.h). */
#include "charz.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "csv.h"
#include "errmsg.h"
#include "sample.h"
#include "streamq.h"

static int is_file(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static void trim(char *s)
{
    size_t n = strlen(s), i = 0;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    while (isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

int hrel_charz_meta(const char *path, const char *key, char *val, size_t len)
{
    FILE *fp = fopen(path, "r");
    char line[1024];
    size_t kl = strlen(key);
    int found = 0;
    if (!fp)
        return 0;
    while (!found && fgets(line, sizeof line, fp) && line[0] == '#') {
        char *p = line + 1;
        while (*p == ' ')
            p++;
        if (strncmp(p, key, kl) == 0 && p[kl] == ':') {
            snprintf(val, len, "%s", p + kl + 1);
            trim(val);
            found = 1;
        }
    }
    fclose(fp);
    return found;
}

/* The emulated platform's description PATH: hosts, medium, rate, wire, cpu, cores. */
static int read_desc(const char *path, hrel_charz *c, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "r");
    char line[1024], key[64], val[256];
    int ln = 0;
    if (!fp) {
        hrel_seterr(err, errlen, "cannot read '%s'", path);
        return -1;
    }
    c->emulated = 1;
    c->shared = 1;   /* every emulated host runs on this machine's cores */
    c->medium = HREL_MEDIUM_PORT;
    c->wire_tc = 1;
    while (fgets(line, sizeof line, fp)) {
        char *h = strchr(line, '#');
        ln++;
        if (h)
            *h = '\0';
        trim(line);
        if (!line[0])
            continue;
        if (sscanf(line, "%63[a-z]: %255s", key, val) != 2) {
            hrel_seterr(err, errlen, "%s:%d: expected 'key: value'", path, ln);
            fclose(fp);
            return -1;
        }
        if (strcmp(key, "hosts") == 0)
            c->nhosts = atoi(val);
        else if (strcmp(key, "medium") == 0)
            c->medium = strcmp(val, "shared") == 0 ? HREL_MEDIUM_BUS : HREL_MEDIUM_PORT;
        else if (strcmp(key, "wire") == 0)
            c->wire_tc = strcmp(val, "user") != 0;
        else if (strcmp(key, "delay") == 0) {   /* 2us, 1ms, 0.0005 (s) */
            char derr[160];
            if (hrel_args_duration("delay", val, &c->wire_delay, derr, sizeof derr) != 0 ||
                c->wire_delay > 1) {
                hrel_seterr(err, errlen, "%s:%d: delay '%s': give seconds (0 to 1) or NUMBER "
                            "with s, ms or us", path, ln, val);
                fclose(fp);
                return -1;
            }
        }
        else if (strcmp(key, "cpu") == 0)
            c->cpu_share = atof(val);
        else if (strcmp(key, "duplex") == 0)
            c->half_duplex = strcmp(val, "half") == 0;
        else if (strcmp(key, "rate") == 0) {
            char *end;
            double n = strtod(val, &end), m = 0;
            if (strcmp(end, "kbit") == 0)
                m = 1e3;
            else if (strcmp(end, "mbit") == 0)
                m = 1e6;
            else if (strcmp(end, "gbit") == 0)
                m = 1e9;
            else if (strcmp(end, "bit") == 0)
                m = 1;
            c->rate_bps = n > 0 && m > 0 ? n * m : 0;
        }
    }
    fclose(fp);
    if (c->nhosts < 1) {
        hrel_seterr(err, errlen, "%s: no 'hosts:' line", path);
        return -1;
    }
    return 0;
}

/* Host lines of a PVM hostfile (not comments, '*' or '&' lines). */
static int hostfile_hosts(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[1024];
    int n = 0;
    if (!fp)
        return 0;
    while (fgets(line, sizeof line, fp)) {
        trim(line);
        if (line[0] && line[0] != '#' && line[0] != '*' && line[0] != '&')
            n++;
    }
    fclose(fp);
    return n;
}

/* DIR/platform/: the emulated description, else the hostfile, else one host. */
static int read_platform(hrel_charz *c, char *err, size_t errlen)
{
    char pdir[2100], path[2400];
    DIR *d;
    struct dirent *e;
    int rc = 0, found = 0;
    snprintf(pdir, sizeof pdir, "%s/platform", c->dir);
    c->nhosts = 1;
    if (!(d = opendir(pdir)))
        return 0;
    while ((e = readdir(d)) && !found) {
        size_t n = strlen(e->d_name);
        if (n > 9 && strcmp(e->d_name + n - 9, ".platform") == 0) {
            snprintf(path, sizeof path, "%s/%s", pdir, e->d_name);
            rc = read_desc(path, c, err, errlen);
            found = 1;
        }
    }
    closedir(d);
    if (!found) {
        snprintf(path, sizeof path, "%s/hostfile", pdir);
        if (is_file(path) && hostfile_hosts(path) > 0)
            c->nhosts = hostfile_hosts(path);
    }
    return rc;
}

/* pvmd_state.csv PATH: its before_benchmark and after_benchmark median_rtt_s. */
static int read_state(const char *path, hrel_charz *c, char *err, size_t errlen)
{
    static const char *const names[] = {"when", "hosts", "median_rtt_s", NULL};
    hrel_csv *t = NULL;
    int ix[3];
    size_t r;
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, names, ix, err, errlen) != 0)
        goto bad;
    for (r = 0; r < t->nrow; r++) {
        const char *w = hrel_csv_str(t, r, ix[0]);
        double v;
        if (hrel_csv_double(t, r, ix[2], &v, err, errlen) != 0)
            goto bad;
        if (!(v > 0)) {
            hrel_seterr(err, errlen, "%s:%zu: median_rtt_s must be > 0", path, t->lineno[r]);
            goto bad;
        }
        if (strcmp(w, "before_benchmark") == 0)
            c->vm_rtt_before = v;
        else if (strcmp(w, "after_benchmark") == 0)
            c->vm_rtt_after = v;
        else {
            hrel_seterr(err, errlen, "%s:%zu: when '%s' is not before_benchmark or "
                        "after_benchmark", path, t->lineno[r], w);
            goto bad;
        }
    }
    hrel_csv_free(t);
    return 0;
bad:
    hrel_csv_free(t);
    return -1;
}

/* wire.csv PATH (platform_facts.sh): the userspace wire's late_mean_s. */
static int read_wire(const char *path, hrel_charz *c, char *err, size_t errlen)
{
    static const char *const names[] = {"frames", "late_mean_s", NULL};
    hrel_csv *t = NULL;
    int ix[2];
    double v;
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, names, ix, err, errlen) != 0)
        goto bad;
    if (t->nrow != 1) {
        hrel_seterr(err, errlen, "%s: expected one row of counters, found %zu", path, t->nrow);
        goto bad;
    }
    if (hrel_csv_double(t, 0, ix[1], &v, err, errlen) != 0)
        goto bad;
    if (!(v >= 0 && v < 1)) {
        hrel_seterr(err, errlen, "%s:%zu: late_mean_s must be in [0, 1) s", path, t->lineno[0]);
        goto bad;
    }
    c->wire_late = v;
    c->have_wire_late = 1;
    hrel_csv_free(t);
    return 0;
bad:
    hrel_csv_free(t);
    return -1;
}

void hrel_charz_free(hrel_charz *c)
{
    if (!c)
        return;
    hrel_cpucal_free(c->cal);
    free(c);
}

int hrel_charz_read(const char *dir, int need_cal, hrel_charz **out, char *err, size_t errlen)
{
    hrel_charz *c;
    char path[2400], val[256];
    struct stat sb;
    int h;
    *out = NULL;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        hrel_seterr(err, errlen, "characterisation '%s' is not a folder (give a study's run "
                    "folder: experiments/study.sh --platform NAME --quick)", dir);
        return -1;
    }
    if (!(c = calloc(1, sizeof *c))) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    snprintf(c->fit, sizeof c->fit, "%s/fit.csv", dir);
    if (!is_file(c->fit)) {
        snprintf(path, sizeof path, "%s/raw.csv", dir);
        hrel_seterr(err, errlen, "%s has no fit.csv (g and L): %s", dir,
                    is_file(path) ? "make it with `hrel fit RUN/raw.csv --csv > RUN/fit.csv`"
                                  : "characterise the platform first "
                                    "(experiments/study.sh --platform NAME --quick)");
        goto fail;
    }
    snprintf(path, sizeof path, "%s/raw.csv", dir);
    if (!hrel_charz_meta(path, "platform", c->platform, sizeof c->platform) &&
        !hrel_charz_meta(c->fit, "platform", c->platform, sizeof c->platform)) {
        const char *b = strrchr(dir, '/');
        snprintf(c->platform, sizeof c->platform, "%s", b && b[1] ? b + 1 : dir);
    }
    if (hrel_charz_meta(path, "routing", val, sizeof val) ||
        hrel_charz_meta(c->fit, "routing", val, sizeof val))
        snprintf(c->route, sizeof c->route, "%s",
                 strcmp(val, "direct") == 0 ? "direct" : strcmp(val, "daemon") == 0 ? "daemon" : "");
    if (read_platform(c, err, errlen) != 0)
        goto fail;
    snprintf(path, sizeof path, "%s/setup.csv", dir);
    if (is_file(path)) {   /* its line "# median_setup_s S"; its rows' later_s */
        FILE *fp = fopen(path, "r");
        char line[512];
        double later[512];
        size_t nl = 0;
        while (fp && fgets(line, sizeof line, fp)) {
            int a, b;
            double first, lat, su;
            char rt[16];
            if (sscanf(line, "# hrel_firstcontact: route %15[a-z]", rt) == 1 &&
                (strcmp(rt, "direct") == 0 || strcmp(rt, "daemon") == 0))
                snprintf(c->setup_route, sizeof c->setup_route, "%s", rt);
            else if (sscanf(line, "# buffer_bytes %lf", &c->buffer_bytes) == 1) {
                if (!isfinite(c->buffer_bytes) || c->buffer_bytes < 0)
                    c->buffer_bytes = 0;
            } else if (sscanf(line, "# median_setup_s %lf", &c->setup) == 1 && isfinite(c->setup)) {
                c->have_setup = 1;
                if (c->setup < 0)
                    c->setup = 0;
            } else if (nl < sizeof later / sizeof later[0] &&
                       sscanf(line, "%d,%d,%*[^,],%*[^,],%lf,%lf,%lf", &a, &b, &first, &lat,
                              &su) == 5 && isfinite(lat) && lat > 0)
                later[nl++] = lat;
        }
        if (fp)
            fclose(fp);
        if (nl > 0)
            c->small_rtt = hrel_sample_median(later, nl);   /* sorts them */
        c->small_n = (int)nl;
        if (nl >= HREL_CHARZ_PAIRS_MIN) {   /* ranks floor(0.1 (n + 1)), ceil(0.9 (n + 1)) */
            size_t lo = (nl + 1) / 10, hi = (9 * (nl + 1) + 9) / 10;
            c->small_q10 = later[(lo < 1 ? 1 : lo) - 1];
            c->small_q90 = later[(hi > nl ? nl : hi) - 1];
        }
    }
    snprintf(path, sizeof path, "%s/pvmd_state.csv", dir);
    if (is_file(path) && read_state(path, c, err, errlen) != 0)
        goto fail;
    snprintf(path, sizeof path, "%s/wire.csv", dir);
    if (is_file(path) && read_wire(path, c, err, errlen) != 0)
        goto fail;
    snprintf(path, sizeof path, "%s/pvmd_cpu.csv", dir);
    if (is_file(path) && hrel_pvmdcpu_read(path, &c->pvmd_cpu, err, errlen) != 0)
        goto fail;
    snprintf(path, sizeof path, "%s/streamq.csv", dir);
    if (is_file(path) &&
        hrel_streamq_read(path, &c->stream_wait, &c->stream_n, err, errlen) != 0)
        goto fail;
    snprintf(path, sizeof path, "%s/calibration.csv", dir);
    if (is_file(path)) {
        if (hrel_cpucal_read(path, &c->cal, err, errlen) != 0)
            goto fail;
        for (h = 0; h < c->cal->nhost; h++) {
            if (c->cores == 0 || c->cal->cores[h] < c->cores)
                c->cores = c->cal->cores[h];
            if (h == c->cal->nhost / 2) {   /* hosts alike: the middle one's limit */
                c->quota = c->cal->quota[h];
                c->quota_period = c->cal->period[h];
            }
        }
    } else if (need_cal) {
        hrel_seterr(err, errlen, "%s has no calibration.csv (the CPU calibration): make it "
                    "with `experiments/platform_facts.sh --platform %s --run %s` (or give "
                    "--cpu-ratio)", dir, c->platform, dir);
        goto fail;
    }
    if (c->quota <= 0 && c->cpu_share > 0) {   /* hostfiles/platform.sh: S CPUs per 100 ms */
        c->quota = c->cpu_share;
        c->quota_period = 0.1;
    }
    *out = c;
    return 0;
fail:
    hrel_charz_free(c);
    return -1;
}
