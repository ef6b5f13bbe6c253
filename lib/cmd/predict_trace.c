/* predict_trace -- load a trace of any form for hrel predict (see predict_trace.h). */
#include "predict_trace.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "errmsg.h"
#include "pvmtrace.h"
#include "tevfile.h"

static int is_file(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int is_dir(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Does folder D hold a *.tev file? */
static int has_tev(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    int found = 0;
    if (!dp)
        return 0;
    while (!found && (e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        found = n > 4 && strcmp(e->d_name + n - 4, ".tev") == 0;
    }
    closedir(dp);
    return found;
}

/* The calibration of a trace whose files are in folder D. */
static int find_cal(const char *d, hrel_predict_trace *pt, char *err, size_t errlen)
{
    char cand[3][4096];
    int i;
    snprintf(cand[0], sizeof cand[0], "%.4000s/calibration.csv", d);
    snprintf(cand[1], sizeof cand[1], "%.4000s/tev/calibration.csv", d);
    snprintf(cand[2], sizeof cand[2], "%.4000s/../calibration.csv", d);
    for (i = 0; i < 3; i++)
        if (is_file(cand[i])) {
            memcpy(pt->cal_path, cand[i], sizeof pt->cal_path);
            return hrel_cpucal_read(cand[i], &pt->cal, err, errlen);
        }
    return 0;
}

static int load_tev(const char *d, hrel_predict_trace *pt, char *err, size_t errlen)
{
    hrel_tevdir *td = NULL;
    int rc = hrel_tevdir_read(d, &td, err, errlen) != 0 ||
             hrel_msgtrace_from_tev_consume(td, &pt->mt, err, errlen) != 0 ? -1 : 0;
    hrel_tevdir_free(td);
    snprintf(pt->form, sizeof pt->form, "preload");
    return rc;
}

void hrel_predict_trace_free(hrel_predict_trace *pt)
{
    hrel_msgtrace_free(pt->mt);
    hrel_trace_free(pt->steps);
    hrel_cpucal_free(pt->cal);
    memset(pt, 0, sizeof *pt);
}

int hrel_predict_trace_load(const char *arg, hrel_predict_trace *pt, char *err, size_t errlen)
{
    char path[4200], dir[4096];
    memset(pt, 0, sizeof *pt);
    if (is_dir(arg)) {
        snprintf(dir, sizeof dir, "%.4000s", arg);
        snprintf(path, sizeof path, "%s/msgs.csv", dir);
        if (is_file(path)) {
            if (hrel_msgtrace_load(path, &pt->mt, err, errlen) != 0)
                goto fail;
            snprintf(pt->form, sizeof pt->form, "msgs.csv");
            snprintf(path, sizeof path, "%s/trace.csv", dir);
            if (is_file(path) && hrel_trace_load(path, &pt->steps, err, errlen) != 0)
                goto fail;
        } else if (has_tev(dir)) {
            if (load_tev(dir, pt, err, errlen) != 0)
                goto fail;
        } else {
            snprintf(path, sizeof path, "%s/tev", dir);
            if (!has_tev(path)) {
                hrel_seterr(err, errlen, "trace folder '%s' has no msgs.csv and no *.tev task "
                            "files (nor a tev/ folder with them)", arg);
                goto fail;
            }
            if (load_tev(path, pt, err, errlen) != 0)
                goto fail;
        }
    } else if (is_file(arg)) {
        const char *sl = strrchr(arg, '/');
        size_t n = strlen(arg);
        snprintf(dir, sizeof dir, "%.*s", sl ? (int)(sl - arg) : 1, sl ? arg : ".");
        if (n >= 4 && strcmp(arg + n - 4, ".csv") == 0) {
            if (hrel_msgtrace_load(arg, &pt->mt, err, errlen) != 0)
                goto fail;
            snprintf(pt->form, sizeof pt->form, "msgs.csv");
        } else {
            hrel_pvmtrace *p = NULL;
            int rc = hrel_pvmtrace_read(arg, &p, err, errlen) != 0 ||
                     hrel_msgtrace_from_pvm(p, &pt->mt, err, errlen) != 0;
            hrel_pvmtrace_free(p);
            if (rc)
                goto fail;
            snprintf(pt->form, sizeof pt->form, "pvm tracer");
        }
    } else {
        hrel_seterr(err, errlen, "no trace '%s' (a msgs.csv, a trace folder, or a file of PVM's "
                    "tracer)", arg);
        return -1;
    }
    if (find_cal(dir, pt, err, errlen) != 0)
        goto fail;
    return 0;
fail:
    hrel_predict_trace_free(pt);
    return -1;
}
