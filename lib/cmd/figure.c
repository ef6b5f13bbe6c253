/* figure -- gnuplot from C (see figure.h). */
#include "figure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errmsg.h"

int hrel_cmd_root(char *buf, size_t len)
{
    const char *env = getenv("HREL_ROOT");
    char self[4096];
    ssize_t n;
    int up;
    if (env && *env) {
        snprintf(buf, len, "%s", env);
        return 0;
    }
    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return -1;
    self[n] = '\0';
    for (up = 0; up < 3; up++) {   /* .../ROOT/bin/ARCH/hrel */
        char *sl = strrchr(self, '/');
        if (!sl)
            return -1;
        *sl = '\0';
    }
    snprintf(buf, len, "%s", self[0] ? self : "/");
    return 0;
}

int hrel_cmd_figure(const char *name, const char *base, const char *const *args, int nargs,
                    char *err, size_t errlen)
{
    static const char *const ext[] = {".png", ".pdf", "_1col.pdf"};
    char root[4096], script[4200], out[4200];
    const char *argv[64];
    int e, i, st;
    if (nargs > 56) {
        hrel_seterr(err, errlen, "figure %s: too many arguments", name);
        return -1;
    }
    if (hrel_cmd_root(root, sizeof root) != 0) {
        hrel_seterr(err, errlen, "cannot find the checkout (set HREL_ROOT)");
        return -1;
    }
    snprintf(script, sizeof script, "%s/plots/%s.gp", root, name);
    for (e = 0; e < 3; e++) {
        pid_t pid;
        int k = 0;
        snprintf(out, sizeof out, "%s%s", base, ext[e]);
        argv[k++] = "gnuplot";
        argv[k++] = "-c";
        argv[k++] = script;
        for (i = 0; i < nargs; i++)
            argv[k++] = args[i];
        argv[k++] = out;
        argv[k] = NULL;
        fflush(NULL);
        if ((pid = fork()) < 0) {
            hrel_seterr(err, errlen, "cannot start gnuplot");
            return -1;
        }
        if (pid == 0) {
            if (!freopen("/dev/null", "w", stderr) || !freopen("/dev/null", "w", stdout))
                _exit(126);
            execvp("gnuplot", (char *const *)argv);
            _exit(127);
        }
        if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
                hrel_seterr(err, errlen, "gnuplot is not installed: no figure %s", out);
            else
                hrel_seterr(err, errlen, "gnuplot failed on plots/%s.gp -> %s", name, out);
            return -1;
        }
    }
    return 0;
}
