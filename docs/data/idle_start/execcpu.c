/* execcpu N S PROGRAM [ARGS...]: N times, sleep S seconds, then fork+exec PROGRAM
 * and print the child's CPU time (user + system, microseconds, from wait4's rusage)
 * and its minor page faults, one line each. What a process's start costs after the
 * machine idled S seconds (docs/predict.md, "A task's start after the machine idled"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int n, i;
    double pause;
    if (argc < 4 || (n = atoi(argv[1])) < 1 || (pause = atof(argv[2])) < 0) {
        fprintf(stderr, "usage: execcpu N PAUSE_S PROGRAM [ARGS...]\n");
        return 2;
    }
    for (i = 0; i < n; i++) {
        struct timespec ts = {(time_t)pause, (long)((pause - (double)(time_t)pause) * 1e9)};
        struct rusage ru;
        int st;
        pid_t p;
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
        if ((p = fork()) == 0) {
            execv(argv[3], argv + 3);
            _exit(127);
        }
        if (p < 0 || wait4(p, &st, 0, &ru) != p) {
            fprintf(stderr, "execcpu: fork or wait failed\n");
            return 1;
        }
        printf("%.0f %ld\n", (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
                                 ru.ru_utime.tv_usec + ru.ru_stime.tv_usec, ru.ru_minflt);
    }
    return 0;
}
