/* runmeta -- see runmeta.h. */
#include "runmeta.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <pvm3.h>

#include "provenance.h"
#include "vm.h"

void hrel_meta_common(FILE *fp, const char *program, const char *platform,
                      const char *hostfile, int route, int encoding)
{
    char when[64], herr[128], **hosts = NULL;
    int nhost = 0, i;
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    /* not given on the command line: what the scripts' platform helper
     * (experiments/platform_env.sh) exported for this run */
    if (!platform || !*platform)
        platform = getenv("HREL_PLATFORM");
    if (!hostfile || !*hostfile)
        hostfile = getenv("HREL_HOSTFILE");
    fprintf(fp, "# suite: hrel %s\n", HREL_VERSION);
    fprintf(fp, "# program: %s\n", program);
    fprintf(fp, "# date_utc: %s\n", when);
    fprintf(fp, "# platform: %s\n", platform && *platform ? platform : "(not given)");
    fprintf(fp, "# hostfile: %s\n", hostfile && *hostfile ? hostfile : "(not given)");
    fprintf(fp, "# hosts:");
    if (hrel_vm_hosts(&hosts, &nhost, herr, sizeof herr) == 0)
        for (i = 0; i < nhost; i++)
            fprintf(fp, " %s", hosts[i]);
    hrel_vm_free_names(hosts, nhost);
    fprintf(fp, "\n# pvm_version: %s\n", pvm_version());
    fprintf(fp, "# routing: %s\n", hrel_vm_route_name(route));
    fprintf(fp, "# encoding: %s\n", hrel_vm_encoding_name(encoding));
    hrel_prov_write(fp, "# ");   /* kernel, cpu_model, compiler, hrel_commit */
}

/* mkdir -p of BUF, which is modified and restored. */
static int mkdirs(char *buf)
{
    char *s;
    for (s = buf + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(buf, 0777) < 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    return 0;
}

int hrel_mkdir_p(const char *dir)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", dir);
    if (mkdirs(buf) < 0)
        return -1;
    return mkdir(buf, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

int hrel_mkdir_parents(const char *path)
{
    char buf[4096], *slash;
    snprintf(buf, sizeof buf, "%s", path);
    slash = strrchr(buf, '/');
    if (!slash || slash == buf)
        return 0;
    *slash = '\0';
    return hrel_mkdir_p(buf);
}
