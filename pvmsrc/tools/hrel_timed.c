/* hrel_timed -- the wall time of one run of a program, as a prediction means
 * it: from just before fork() to waitpid()'s return, the program started by
 * fork + exec as a shell starts one (lifecycle.csv's enrol and end are
 * measured the same way), with nothing else in between (no shell, no
 * timeout(1) process: each costs a fork and an exec, about a millisecond each
 * here; docs/predict.md "The clock around a run").
 *
 *   hrel_timed -o FILE [-t SECONDS] [-k SECONDS] -- PROGRAM [ARGS...]
 *
 * PROGRAM inherits standard input, output and error and runs in a process
 * group of its own. FILE gets one line "wall_s S" (CLOCK_MONOTONIC) once it
 * has ended. After -t SECONDS (default: none) the group gets SIGTERM and, -k
 * SECONDS later (default 5), SIGKILL, as timeout(1) --kill-after does.
 * Exit status: PROGRAM's; 124 when it ran past -t (137 when it had to be
 * killed), 128 + N when a signal N ended it, 127 when it could not be started,
 * 125 on bad usage (one line on standard error). SIGINT and SIGTERM sent to
 * hrel_timed go on to PROGRAM's group.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "hrel_timed: %s (usage: hrel_timed -o FILE [-t SECONDS] [-k SECONDS] "
                "-- PROGRAM [ARGS...])\n", msg);
    return 125;
}

/* Parse seconds >= 0 into *OUT. Return 0, or -1. */
static int seconds(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !(v >= 0) || v > 1e7)
        return -1;
    *out = v;
    return 0;
}

/* Wait for one of SET's signals for at most SECONDS (< 0: no limit). Return
 * the signal, or 0 when the time ran out. */
static int wait_signal(const sigset_t *set, double secs)
{
    for (;;) {
        int sig;
        if (secs < 0) {
            if (sigwait(set, &sig) == 0)
                return sig;
        } else {
            struct timespec ts;
            ts.tv_sec = (time_t)secs;
            ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
            sig = sigtimedwait(set, NULL, &ts);
            if (sig > 0)
                return sig;
            if (errno == EAGAIN)
                return 0;
        }
    }
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    double limit = -1, grace = 5, t0, t1, deadline = 0;
    int i, status = 0, timed_out = 0, killed = 0;
    sigset_t set, old;
    pid_t pid;
    FILE *fp;

    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: hrel_timed -o FILE [-t SECONDS] [-k SECONDS] -- PROGRAM [ARGS...]\n"
                   "Runs PROGRAM (fork + exec, in a process group of its own) and writes\n"
                   "'wall_s S' to FILE: from just before fork to waitpid's return.\n"
                   "  -t S  SIGTERM to its group after S seconds (exit 124), SIGKILL -k S\n"
                   "        later (default 5; exit 137)\n"
                   "Exit: PROGRAM's status, 128 + N for signal N, 127 not started, 125 usage.\n");
            return 0;
        }
        if (i + 1 >= argc)
            return usage("an option needs a value");
        if (!strcmp(argv[i], "-o"))
            out = argv[++i];
        else if (!strcmp(argv[i], "-t")) {
            if (seconds(argv[++i], &limit) != 0)
                return usage("-t needs seconds >= 0");
        } else if (!strcmp(argv[i], "-k")) {
            if (seconds(argv[++i], &grace) != 0)
                return usage("-k needs seconds >= 0");
        } else
            return usage("unknown option");
    }
    if (!out)
        return usage("give the file for the time: -o FILE");
    if (i >= argc - 1)
        return usage("no PROGRAM after --");
    argv += i + 1;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, &old);
    t0 = now_s();
    pid = fork();
    if (pid < 0) {
        fprintf(stderr, "hrel_timed: fork: %s\n", strerror(errno));
        return 127;
    }
    if (pid == 0) {
        setpgid(0, 0);
        sigprocmask(SIG_SETMASK, &old, NULL);
        execvp(argv[0], argv);
        fprintf(stderr, "hrel_timed: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);   /* both sides: no race with the signals below */
    if (limit >= 0)
        deadline = t0 + limit;
    for (;;) {
        double left = -1;
        int sig;
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (limit >= 0) {
            left = deadline - now_s();
            if (left < 0)
                left = 0;
        }
        sig = wait_signal(&set, left);
        if (sig == 0) {   /* the time ran out: TERM, then KILL after the grace */
            if (!timed_out) {
                timed_out = 1;
                kill(-pid, SIGTERM);
                deadline = now_s() + grace;
            } else {
                killed = 1;
                kill(-pid, SIGKILL);
                limit = -1;
            }
        } else if (sig == SIGINT || sig == SIGTERM)
            kill(-pid, sig);
    }
    t1 = now_s();
    if (!(fp = fopen(out, "w")) || fprintf(fp, "wall_s %.6f\n", t1 - t0) < 0 || fclose(fp) != 0) {
        fprintf(stderr, "hrel_timed: cannot write '%s': %s\n", out, strerror(errno));
        return 125;
    }
    if (timed_out)
        return killed ? 137 : 124;
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
