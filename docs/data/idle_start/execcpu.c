/* execcpu [-t MB] [-s MS] N S PROGRAM [ARGS...]: N times, sleep S seconds, then fork+exec
 * PROGRAM and print the child's CPU time (user + system, microseconds, from wait4's rusage)
 * and its minor page faults, one line each. What a process's start costs after the machine
 * idled S seconds (docs/predict.md, "A task's start after the machine idled"). After the
 * sleep and before the fork, -t MB writes MB megabytes of fresh memory (and frees it), -s MS
 * spins MS milliseconds in this process: does either bring the cost back down? */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    int n, i, c;
    long mb = 0;
    double pause, spin = 0;
    while ((c = getopt(argc, argv, "+t:s:")) != -1) {
        if (c == 't')
            mb = atol(optarg);
        else if (c == 's')
            spin = atof(optarg) / 1e3;
        else
            return 2;
    }
    argv += optind - 1;
    argc -= optind - 1;
    if (argc < 4 || (n = atoi(argv[1])) < 1 || (pause = atof(argv[2])) < 0 || mb < 0 || spin < 0) {
        fprintf(stderr, "usage: execcpu [-t MB] [-s MS] N PAUSE_S PROGRAM [ARGS...]\n");
        return 2;
    }
    for (i = 0; i < n; i++) {
        struct timespec ts = {(time_t)pause, (long)((pause - (double)(time_t)pause) * 1e9)};
        struct rusage ru;
        volatile unsigned long x = 0;
        double t0;
        int st;
        pid_t p;
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
        if (mb > 0) {
            size_t len = (size_t)mb << 20;
            char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (m == MAP_FAILED) {
                fprintf(stderr, "execcpu: mmap of %ld MB failed\n", mb);
                return 1;
            }
            memset(m, 1, len);
            munmap(m, len);
        }
        for (t0 = now_s(); now_s() - t0 < spin;)
            x++;
        if ((p = fork()) == 0) {
            execv(argv[3], argv + 3);
            _exit(127);
        }
        if (p < 0 || wait4(p, &st, 0, &ru) != p) {
            fprintf(stderr, "execcpu: fork or wait failed\n");
            return 1;
        }
        printf("%.0f %ld\n", (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
                                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec), ru.ru_minflt);
    }
    return 0;
}
