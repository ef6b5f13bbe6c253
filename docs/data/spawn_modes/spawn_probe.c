/* spawn_probe -- when does pvm_spawn of one task return fast? (docs/predict.md,
 * "The spawn of one task"). Raw times, one line a spawn:
 *   mode,gap_s,i,spawn_s,start_s
 * spawn_s: the pvm_spawn call; start_s: from its return to the child's hello.
 * usage: spawn_probe N MODE GAP   (MODE: sleep: usleep GAP before each spawn;
 *        spin: compute GAP before it; exec: fork+exec /bin/true and wait for it
 *        first, as hrel_lifecycle's loop did before its spawns; fresh: each spawn
 *        made by a fork+exec'd copy of this program right after its enrolment;
 *        GAP 0 and sleep: spawn right after the previous child's exit notice)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <pvm3.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* spawn one child on this host, time it, wait for its hello, let it go and wait
   until it has left */
static int spawn_one(const char *self, const char *mode, double gap, int i)
{
    char *args[] = {"child", NULL};
    int tid;
    double t0, t1, t2;
    t0 = now();
    if (pvm_spawn((char *)self, args, PvmTaskHost, ".", 1, &tid) != 1) {
        fprintf(stderr, "spawn_probe: pvm_spawn failed\n");
        return 1;
    }
    t1 = now();
    pvm_recv(tid, 1);
    t2 = now();
    pvm_notify(PvmTaskExit, 9, 1, &tid);
    pvm_initsend(PvmDataDefault);
    pvm_send(tid, 2);
    pvm_recv(-1, 9);
    printf("%s,%g,%d,%.6f,%.6f\n", mode, gap, i, t1 - t0, t2 - t1);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    char self[512];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    int n, i;
    double gap;
    const char *mode;
    if (l <= 0)
        return 1;
    self[l] = 0;
    if (argc > 1 && strcmp(argv[1], "child") == 0) {
        int p;
        pvm_mytid();
        p = pvm_parent();
        pvm_initsend(PvmDataDefault);
        pvm_send(p, 1);
        pvm_recv(p, 2);
        pvm_exit();
        return 0;
    }
    if (argc > 2 && strcmp(argv[1], "first") == 0) {   /* a fresh copy's first spawn */
        int rc;
        pvm_mytid();
        rc = spawn_one(self, "fresh", 0, atoi(argv[2]));
        pvm_exit();
        return rc;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: spawn_probe N sleep|spin|exec|fresh GAP_S\n");
        return 2;
    }
    n = atoi(argv[1]);
    mode = argv[2];
    gap = atof(argv[3]);
    if (strcmp(mode, "fresh") != 0)
        pvm_mytid();
    for (i = 0; i < n; i++) {
        if (strcmp(mode, "fresh") == 0 || strcmp(mode, "exec") == 0) {
            char is[16];
            pid_t p = fork();
            snprintf(is, sizeof is, "%d", i);
            if (p == 0) {
                if (strcmp(mode, "fresh") == 0)
                    execl(self, self, "first", is, (char *)NULL);
                else
                    execl("/bin/true", "true", (char *)NULL);
                _exit(127);
            }
            waitpid(p, NULL, 0);
            if (strcmp(mode, "fresh") == 0)
                continue;
        }
        if (gap > 0 && strcmp(mode, "spin") == 0) {
            double e = now() + gap;
            while (now() < e)
                ;
        } else if (gap > 0)
            usleep((useconds_t)(gap * 1e6));
        if (spawn_one(self, mode, gap, i) != 0)
            return 1;
    }
    if (strcmp(mode, "fresh") != 0)
        pvm_exit();
    return 0;
}
