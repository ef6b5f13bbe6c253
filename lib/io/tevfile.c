/* tevfile -- read the preload tracer's task files. See tevfile.h. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errmsg.h"
#include "tevfile.h"

static const char *const kind_names[] = {
    NULL, "start", "mytid", "spawn", "exit", "send", "psend", "mcast", "recv", "trecv",
    "nrecv", "precv", "probe", "joingroup", "lvgroup", "barrier", "bcast", "reduce", "gather",
    "scatter", "pack", "end", "list", "name", "route"};

const char *hrel_tev_kind_name(int kind)
{
    return kind > 0 && kind < HREL_TEV_NKIND ? kind_names[kind] : NULL;
}

void hrel_tevfile_drop(hrel_tevfile *f)
{
    if (f->map)
        munmap(f->map, f->maplen);
    else
        free(f->rec);
    f->map = NULL;
    f->maplen = 0;
    f->rec = NULL;
    f->n = 0;
}

void hrel_tevfile_clear(hrel_tevfile *f)
{
    if (!f)
        return;
    free(f->path);
    hrel_tevfile_drop(f);
    memset(f, 0, sizeof *f);
}

/* The records of the open file FD of SIZE bytes into OUT: mapped (the page
 * cache's pages, no copy; given back whole by hrel_tevfile_drop), or where
 * the file cannot be mapped read into memory. 0, or -1 (out of memory or a
 * read error: ERR). */
static int load_records(int fd, size_t size, size_t nrec, hrel_tevfile *out, char *err,
                        size_t errlen)
{
    size_t off = sizeof out->head, got = 0;
    void *map = nrec ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    if (map != MAP_FAILED) {
        posix_madvise(map, size, POSIX_MADV_SEQUENTIAL);
        out->map = map;
        out->maplen = size;
        out->rec = (hrel_tev_rec *)((char *)map + off);
        return 0;
    }
    if (!(out->rec = malloc((nrec ? nrec : 1) * sizeof *out->rec))) {
        hrel_seterr(err, errlen, "%s: out of memory", out->path);
        return -1;
    }
    while (got < nrec * sizeof *out->rec) {
        ssize_t k = pread(fd, (char *)out->rec + got, nrec * sizeof *out->rec - got,
                          (off_t)(off + got));
        if (k <= 0) {
            hrel_seterr(err, errlen, "%s: cannot read the task file", out->path);
            return -1;
        }
        got += (size_t)k;
    }
    return 0;
}

void hrel_tevdir_free(hrel_tevdir *d)
{
    size_t i;
    if (!d)
        return;
    for (i = 0; d->file && i < d->n; i++)
        hrel_tevfile_clear(&d->file[i]);
    free(d->file);
    free(d->path);
    free(d);
}

int hrel_tevfile_read(const char *path, hrel_tevfile *out, char *err, size_t errlen)
{
    int fd;
    struct stat sb;
    size_t size, i, nrec;
    int prev_call = 0;

    memset(out, 0, sizeof *out);
    if (!(out->path = hrel_strdup(path))) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if ((fd = open(path, O_RDONLY)) < 0) {
        hrel_seterr(err, errlen, "%s: cannot open the task file", path);
        goto fail;
    }
    if (fstat(fd, &sb) != 0 || sb.st_size < 0) {
        close(fd);
        hrel_seterr(err, errlen, "%s: cannot read the task file", path);
        goto fail;
    }
    size = (size_t)sb.st_size;
    if (size < sizeof out->head ||
        pread(fd, &out->head, sizeof out->head, 0) != (ssize_t)sizeof out->head ||
        memcmp(out->head.magic, HREL_TEV_MAGIC, 8) != 0) {
        close(fd);
        hrel_seterr(err, errlen, "%s: not a task file of hrel's preload tracer (no %s header)",
                    path, HREL_TEV_MAGIC);
        goto fail;
    }
    if (out->head.endian != HREL_TEV_ENDIAN || out->head.recsize != sizeof(hrel_tev_rec)) {
        close(fd);
        hrel_seterr(err, errlen, "%s: written by a machine of another byte order or tracer "
                    "version (record size %u, this reader %zu): import it there", path,
                    (unsigned)out->head.recsize, sizeof(hrel_tev_rec));
        goto fail;
    }
    out->head.run[sizeof out->head.run - 1] = '\0';
    out->head.host[sizeof out->head.host - 1] = '\0';
    out->head.prog[sizeof out->head.prog - 1] = '\0';
    nrec = (size - sizeof out->head) / sizeof(hrel_tev_rec);
    if ((size - sizeof out->head) % sizeof(hrel_tev_rec) != 0) {
        close(fd);
        hrel_seterr(err, errlen, "%s: truncated: the file ends inside record %zu (a task "
                    "killed while writing, or a partial copy)", path, nrec + 1);
        goto fail;
    }
    if (load_records(fd, size, nrec, out, err, errlen) != 0) {
        close(fd);
        goto fail;
    }
    close(fd);
    out->n = nrec;
    for (i = 0; i < nrec; i++) {
        const hrel_tev_rec *r = &out->rec[i];
        if (r->kind == 0 || r->kind >= HREL_TEV_NKIND || r->kind == HREL_TEV_START) {
            hrel_seterr(err, errlen, "%s: record %zu has unknown kind %u", path, i + 1,
                        (unsigned)r->kind);
            goto fail;
        }
        if ((r->kind == HREL_TEV_LIST || r->kind == HREL_TEV_NAME) && !prev_call) {
            hrel_seterr(err, errlen, "%s: record %zu (%s) follows no call", path, i + 1,
                        hrel_tev_kind_name(r->kind));
            goto fail;
        }
        prev_call = r->kind != HREL_TEV_PACK && r->kind != HREL_TEV_END;
        if (r->kind != HREL_TEV_LIST && r->kind != HREL_TEV_NAME) {
            if (r->u.call.t1_ns < r->u.call.t0_ns) {
                hrel_seterr(err, errlen, "%s: record %zu (%s) ends before it begins", path,
                            i + 1, hrel_tev_kind_name(r->kind));
                goto fail;
            }
            if (!out->tid && r->tid > 0)
                out->tid = r->tid;
        }
        if (r->kind == HREL_TEV_END)
            out->ended = 1;
    }
    return 0;
fail:
    hrel_tevfile_clear(out);
    return -1;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int hrel_tevdir_read(const char *dir, hrel_tevdir **out, char *err, size_t errlen)
{
    DIR *dp;
    struct dirent *de;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    hrel_tevdir *d = NULL;

    *out = NULL;
    if (!(dp = opendir(dir))) {
        hrel_seterr(err, errlen, "%s: cannot open the trace folder", dir);
        return -1;
    }
    while ((de = readdir(dp))) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".tev") != 0)
            continue;
        if (n == cap) {
            size_t nc = cap ? 2 * cap : 16;
            char **nn = realloc(names, nc * sizeof *nn);
            if (!nn)
                goto oom;
            names = nn;
            cap = nc;
        }
        if (!(names[n] = malloc(strlen(dir) + len + 2)))
            goto oom;
        sprintf(names[n++], "%s/%s", dir, de->d_name);
    }
    closedir(dp);
    dp = NULL;
    if (n == 0) {
        hrel_seterr(err, errlen, "%s: no task files (*.tev) of hrel's preload tracer in the "
                    "folder", dir);
        goto fail;
    }
    qsort(names, n, sizeof *names, cmp_str);
    if (!(d = calloc(1, sizeof *d)) || !(d->path = hrel_strdup(dir)) ||
        !(d->file = calloc(n, sizeof *d->file)))
        goto oom;
    for (i = 0; i < n; i++) {
        if (hrel_tevfile_read(names[i], &d->file[i], err, errlen) != 0)
            goto fail;
        d->n++;
        if (strcmp(d->file[i].head.run, d->file[0].head.run) != 0) {
            hrel_seterr(err, errlen, "%s: files of two runs in one folder: %s is of run '%s', "
                        "%s of run '%s'", dir, d->file[0].path, d->file[0].head.run,
                        d->file[i].path, d->file[i].head.run);
            goto fail;
        }
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    *out = d;
    return 0;
oom:
    hrel_seterr(err, errlen, "%s: out of memory", dir);
fail:
    if (dp)
        closedir(dp);
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    hrel_tevdir_free(d);
    return -1;
}
