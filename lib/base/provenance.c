/* provenance -- see provenance.h. */
#include "provenance.h"

#include <ctype.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__clang__)
#define HREL_CC "clang " __VERSION__
#elif defined(__GNUC__)
#define HREL_CC "gcc " __VERSION__
#elif defined(__VERSION__)
#define HREL_CC __VERSION__
#else
#define HREL_CC "unknown"
#endif

/* First line of PATH into BUF without its newline; 0 if read. */
static int first_line(const char *path, char *buf, size_t len)
{
    FILE *fp = fopen(path, "r");
    int ok;
    if (!fp)
        return -1;
    ok = fgets(buf, (int)len, fp) != NULL;
    fclose(fp);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\r\n")] = '\0';
    return 0;
}

static int is_sha(const char *s)
{
    size_t i;
    for (i = 0; i < 40; i++)
        if (!isxdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

/* The commit of ROOT/.git's HEAD into OUT; 0 if found. */
static int git_head(const char *root, char *out, size_t len)
{
    char path[4200], line[512];
    snprintf(path, sizeof path, "%.3900s/.git/HEAD", root);
    if (first_line(path, line, sizeof line))
        return -1;
    if (strncmp(line, "ref: ", 5) == 0) {
        char ref[256];
        FILE *fp;
        snprintf(ref, sizeof ref, "%.200s", line + 5);
        snprintf(path, sizeof path, "%.3900s/.git/%s", root, ref);
        if (first_line(path, line, sizeof line) == 0 && is_sha(line)) {
            snprintf(out, len, "%.40s", line);
            return 0;
        }
        snprintf(path, sizeof path, "%.3900s/.git/packed-refs", root);
        if (!(fp = fopen(path, "r")))
            return -1;
        while (fgets(line, sizeof line, fp)) {
            line[strcspn(line, "\r\n")] = '\0';
            if (is_sha(line) && line[40] == ' ' && strcmp(line + 41, ref) == 0) {
                snprintf(out, len, "%.40s", line);
                fclose(fp);
                return 0;
            }
        }
        fclose(fp);
        return -1;
    }
    if (!is_sha(line))
        return -1;
    snprintf(out, len, "%.40s", line);   /* detached HEAD */
    return 0;
}

void hrel_prov_get(hrel_prov *p)
{
    struct utsname u;
    char exe[4096], line[512];
    FILE *fp;
    ssize_t n;
    int k;

    snprintf(p->kernel, sizeof p->kernel, "unknown");
    snprintf(p->cpu_model, sizeof p->cpu_model, "unknown");
    snprintf(p->compiler, sizeof p->compiler, "%s", HREL_CC);
    snprintf(p->commit, sizeof p->commit, "unknown");
    if (uname(&u) == 0)
        snprintf(p->kernel, sizeof p->kernel, "%.40s %.64s %.40s", u.sysname, u.release,
                 u.machine);
    if ((fp = fopen("/proc/cpuinfo", "r"))) {
        while (fgets(line, sizeof line, fp))
            if (strncmp(line, "model name", 10) == 0 && strchr(line, ':')) {
                const char *v = strchr(line, ':') + 1;
                while (*v == ' ' || *v == '\t')
                    v++;
                snprintf(p->cpu_model, sizeof p->cpu_model, "%.*s", (int)strcspn(v, "\r\n"), v);
                break;
            }
        fclose(fp);
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = '\0';
    for (k = 0; k < 3; k++) {   /* ROOT/bin/ARCH/prog -> ROOT */
        char *slash = strrchr(exe, '/');
        if (!slash || slash == exe)
            return;
        *slash = '\0';
    }
    git_head(exe, p->commit, sizeof p->commit);
}

int hrel_prov_write(FILE *fp, const char *pre)
{
    hrel_prov p;
    hrel_prov_get(&p);
    return fprintf(fp, "%skernel: %s\n%scpu_model: %s\n%scompiler: %s\n%shrel_commit: %s\n",
                   pre, p.kernel, pre, p.cpu_model, pre, p.compiler, pre, p.commit) < 0 ? -1 : 0;
}
