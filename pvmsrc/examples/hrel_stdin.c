/* hrel_stdin -- a master/worker program that reads its problem from its
 * standard input (scanf), as many PVM programs do (PVM's own gexample asks
 * for its sizes): plain pvm_* calls, no hrel code; a test subject for the
 * preload tracer and prediction with a given input (experiments/trace.sh
 * --stdin FILE, predict.sh --stdin FILE; docs/predict.md).
 *
 * Input (whitespace-separated): the number of workers W, the count N, then N
 * numbers; where the numbers stop early, the rest are made up as i % 1000
 * (so "3 1000000" alone is a problem of 1000000 numbers). An empty input is
 * the default problem, W = 3, N = 1000000 made-up numbers, said in the result
 * line (predict_matrix.sh runs it so, its standard input being /dev/null).
 *
 * The task started from the shell reads the input, spawns W workers (copies
 * of itself), sends each its share (an int count and that many doubles) and
 * receives from each its sum, sum of squares, minimum and maximum; it prints
 * N, the sum, the mean, the standard deviation, min and max (deterministic)
 * and the time. Messages go through the daemons (PVM's default route).
 *
 * usage: hrel_stdin < INPUT
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#include <pvm3.h>

#define TAG_SHARE 81
#define TAG_PART 82
#define MAXW 64
#define MAXN 100000000

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

static int worker(void)
{
    int n, i;
    double *x, r[4];
    pvm_recv(pvm_parent(), TAG_SHARE);
    pvm_upkint(&n, 1, 1);
    if (n < 0 || n > MAXN || !(x = malloc((n ? n : 1) * sizeof *x)))
        return 1;
    pvm_upkdouble(x, n, 1);
    r[0] = r[1] = 0;
    r[2] = n ? x[0] : 0;
    r[3] = r[2];
    for (i = 0; i < n; i++) {
        r[0] += x[i];
        r[1] += x[i] * x[i];
        if (x[i] < r[2]) r[2] = x[i];
        if (x[i] > r[3]) r[3] = x[i];
    }
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&n, 1, 1);
    pvm_pkdouble(r, 4, 1);
    pvm_send(pvm_parent(), TAG_PART);
    free(x);
    return 0;
}

int main(int argc, char **argv)
{
    int w = 3, n = 1000000, given = 0, k, i, m, first = 1, tids[MAXW];
    double *x, r[4], sum = 0, sq = 0, lo = 0, hi = 0, t0, mean;
    const char *input = "default";

    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "usage: hrel_stdin < INPUT   (W N, then up to N numbers)\n");
        return 2;
    }
    t0 = now_s();
    if (pvm_mytid() < 0)
        return 1;
    if (pvm_parent() != PvmNoParent) {
        int rc = worker();
        pvm_exit();
        return rc;
    }
    k = scanf("%d %d", &w, &n);
    if (k == 2)
        input = "stdin";
    else if (k != EOF) {
        fprintf(stderr, "hrel_stdin: the input must start with the workers and the count\n");
        pvm_exit();
        return 2;
    }
    if (w < 1 || w > MAXW || n < 1 || n > MAXN) {
        fprintf(stderr, "hrel_stdin: workers 1..%d, count 1..%d\n", MAXW, MAXN);
        pvm_exit();
        return 2;
    }
    if (!(x = malloc(n * sizeof *x))) {
        pvm_exit();
        return 1;
    }
    if (k == 2)
        while (given < n && scanf("%lf", &x[given]) == 1)
            given++;
    for (i = given; i < n; i++)
        x[i] = i % 1000;
    if (pvm_spawn("hrel_stdin", NULL, PvmTaskDefault, "", w, tids) != w) {
        fprintf(stderr, "hrel_stdin: could not spawn %d workers\n", w);
        pvm_exit();
        return 1;
    }
    for (k = 0, i = 0; k < w; k++, i += m) {
        m = n / w + (k < n % w);
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&m, 1, 1);
        pvm_pkdouble(x + i, m, 1);
        pvm_send(tids[k], TAG_SHARE);
    }
    for (k = 0; k < w; k++) {
        pvm_recv(tids[k], TAG_PART);
        pvm_upkint(&m, 1, 1);
        pvm_upkdouble(r, 4, 1);
        if (m == 0)
            continue;
        sum += r[0];
        sq += r[1];
        if (first || r[2] < lo) lo = r[2];
        if (first || r[3] > hi) hi = r[3];
        first = 0;
    }
    mean = sum / n;
    printf("hrel_stdin: input=%s read=%d workers=%d n=%d sum=%.6g mean=%.6g sd=%.6g min=%g max=%g "
           "time=%.6f s\n", input, given, w, n, sum, mean, sqrt(fmax(sq / n - mean * mean, 0)), lo,
           hi, now_s() - t0);
    free(x);
    pvm_exit();
    return 0;
}
