/* test_hyper -- T(x; a, b), the packetised time and reduction rules 1-4 of
 * papers/003 against hand-worked cases and the paper's own examples
 * (figure 2, figure 5, the workstation of section 2.1, figure 7), and the
 * text form of communication graphs with its line-numbered errors. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "hyper.h"
#include "hyper_cb.h"


/* Write TEXT to a temp file named NAME; return its path (static buffer). */
static void test_formula(void)
{
    /* hand-worked: T(1; 2, 3) = 4/5 + 3 = 3.8; T(2; 1, 0.5) = 1/2 + 1 = 1.5 */
    HREL_CHECK_REL(hrel_hyper_T(1.0, 2.0, 3.0), 3.8, 1e-15, "T(1;2,3)");
    HREL_CHECK_REL(hrel_hyper_T(2.0, 1.0, 0.5), 1.5, 1e-15, "T(2;1,0.5)");
    HREL_CHECK_REL(hrel_hyper_T(0.0, 7.0, 3.0), 7.0, 1e-15, "T(0;a,b) = a");
    HREL_CHECK_REL(hrel_hyper_T(123.0, 7.0, 0.0), 7.0, 1e-15, "b = 0: T = a");
    HREL_CHECK_REL(hrel_hyper_T(10.0, 0.0, 0.25), 2.5, 1e-15, "a = 0: T = b x");
    HREL_CHECK_ABS(hrel_hyper_T(0.0, 0.0, 0.0), 0.0, 0.0, "T(0;0,0) = 0");
    /* asymptote of slope b: T(x) - b x = a^2/(a + b x) -> 0 */
    HREL_CHECK_ABS(hrel_hyper_T(1e9, 1.0, 1.0) - 1e9, 0.0, 1e-6, "asymptote b x");
    /* monotone increasing on a grid */
    {
        int ok = 1;
        double x, prev = -1;
        for (x = 0; x < 1e5; x = x * 1.5 + 1) {
            double t = hrel_hyper_T(x, 1e-3, 1e-6);
            if (t <= prev)
                ok = 0;
            prev = t;
        }
        HREL_CHECK(ok, "T increasing in x");
    }
    HREL_CHECK_REL(hrel_hyper_linear(10.0, 2.0, 0.5), 7.0, 1e-15, "alpha + beta x");
}

static void test_packet(void)
{
    /* figure 2: a = 1, m = 0.5, p = 2, so b = a/p + m = 1 */
    double a = 1.0, m = 0.5, p = 2.0, b = hrel_hyper_b_packet(a, m, p);
    int k;
    HREL_CHECK_REL(b, 1.0, 1e-15, "b = a/p + m (figure 2)");
    HREL_CHECK_REL(hrel_hyper_t_packet(3.0, a, m, p), 3.5, 1e-15, "t(3) = 1*2 + 1.5");
    HREL_CHECK_REL(hrel_hyper_t_packet(4.0, a, m, p), 4.0, 1e-15, "t(4) = 1*2 + 2");
    HREL_CHECK_REL(hrel_hyper_t_packet(0.5, a, m, p), 1.25, 1e-15, "t(0.5) = 1 + 0.25");
    /* at whole packets x = kp the packet time is b x, and T exceeds it by a^2/(a+bx) */
    for (k = 1; k <= 5; k++) {
        double x = k * p;
        HREL_CHECK_REL(hrel_hyper_t_packet(x, a, m, p), b * x, 1e-15, "t(kp) = b kp");
        HREL_CHECK_REL(hrel_hyper_T(x, a, b) - hrel_hyper_t_packet(x, a, m, p),
                       a * a / (a + b * x), 1e-12, "T - t = a^2/(a+bx) at kp");
    }
    /* both limits: t -> a as x -> 0, t/x -> b as x -> inf */
    HREL_CHECK_REL(hrel_hyper_t_packet(1e-9, a, m, p), a, 1e-8, "t -> a at 0");
    HREL_CHECK_REL(hrel_hyper_t_packet(1e9 + 1, a, m, p) / (1e9 + 1), b, 1e-8, "t/x -> b");
}

static void test_rules(void)
{
    hrel_hyper_cb two[2] = {{1.0, 2.0}, {3.0, 5.0}}, r, bad[1] = {{-1.0, 0.0}};
    hrel_hyper_cb fig5[2] = {{2.0, 3.0}, {3.0, 2.0}};
    hrel_hyper_cb par[2] = {{2.0, 3.0}, {3.0, 6.0}};
    hrel_hyper_cb one = {4.0, 0.5}, s = {5.0, 9.0}, l = {100.0, 0.25};

    HREL_CHECK(hrel_hyper_cb_serial(two, 2, 0, &r) == 0, "serial independent ok");
    HREL_CHECK_REL(r.a, 4.0, 0, "rule 1 independent a = sum");
    HREL_CHECK_REL(r.b, 5.0, 0, "rule 1 independent b = max");
    HREL_CHECK(hrel_hyper_cb_serial(two, 2, 1, &r) == 0, "serial dependent ok");
    HREL_CHECK_REL(r.a, 4.0, 0, "rule 1 dependent a = sum");
    HREL_CHECK_REL(r.b, 7.0, 0, "rule 1 dependent b = sum");

    /* figure 5: dependent parallel of T(x;2,3) and T(x;3,2) is T(x;2,2) */
    HREL_CHECK(hrel_hyper_cb_parallel(fig5, 2, 1, &r) == 0, "parallel dependent ok");
    HREL_CHECK_REL(r.a, 2.0, 0, "figure 5 a = min(2,3)");
    HREL_CHECK_REL(r.b, 2.0, 0, "figure 5 b = min(3,2)");
    HREL_CHECK_REL(hrel_hyper_cb_T(0.0, &r), hrel_hyper_T(0.0, 2.0, 3.0), 1e-15,
                   "figure 5: at x = 0 equals T(x;2,3)");
    HREL_CHECK_REL(hrel_hyper_cb_T(1e9, &r) / hrel_hyper_T(1e9, 3.0, 2.0), 1.0, 1e-8,
                   "figure 5: as x -> inf approaches T(x;3,2)");
    /* independent parallel: 1/b = 1/3 + 1/6 = 1/2 */
    HREL_CHECK(hrel_hyper_cb_parallel(par, 2, 0, &r) == 0, "parallel independent ok");
    HREL_CHECK_REL(r.a, 2.0, 0, "rule 2 independent a = min");
    HREL_CHECK_REL(r.b, 2.0, 1e-15, "rule 2 independent 1/b = sum 1/b_i");

    /* rule 3: n = 3 messages, this one 1 of 6 bytes: (3a, 6b); equal sizes: (na, nb) */
    HREL_CHECK(hrel_hyper_cb_concurrent(&one, 3, 1.0, 6.0, &r) == 0, "concurrent ok");
    HREL_CHECK_REL(r.a, 12.0, 0, "rule 3 a = n a");
    HREL_CHECK_REL(r.b, 3.0, 1e-15, "rule 3 b = b X / x_i");
    HREL_CHECK(hrel_hyper_cb_concurrent(&one, 4, 8.0, 32.0, &r) == 0, "concurrent equal ok");
    HREL_CHECK_REL(r.a, 16.0, 0, "rule 3 equal sizes a = n a");
    HREL_CHECK_REL(r.b, 2.0, 0, "rule 3 equal sizes b = n b");

    /* rule 4 */
    hrel_hyper_cb_general(&s, &l, &r);
    HREL_CHECK(r.a == 5.0 && r.b == 0.25, "rule 4: a of small, b of large");

    /* refusals */
    HREL_CHECK(hrel_hyper_cb_serial(two, 0, 0, &r) != 0, "serial of nothing refused");
    HREL_CHECK(hrel_hyper_cb_parallel(bad, 1, 0, &r) != 0, "negative a refused");
    HREL_CHECK(hrel_hyper_cb_concurrent(&one, 2, 5.0, 4.0, &r) != 0, "x_i > X refused");
    HREL_CHECK(hrel_hyper_cb_concurrent(&one, 2, 0.0, 4.0, &r) != 0, "x_i = 0 refused");
}

/* Section 2.1: CB_a and CB_os on the main processor (dependent), CB_c on the
 * adapter: a = a_a + a_os + a_c, b = max(b_a + b_os, b_c). */
static void test_workstation(void)
{
    hrel_hyper_cb dep[2] = {{10.0, 0.3}, {20.0, 0.5}}, cp, ser[2], r;
    hrel_hyper_graph *g = NULL;
    char err[256];
    int i;
    const double bc[2] = {0.6, 1.0}, want_b[2] = {0.8, 1.0};

    for (i = 0; i < 2; i++) {
        HREL_CHECK(hrel_hyper_cb_serial(dep, 2, 1, &cp) == 0, "CB' = CB_a + CB_os");
        ser[0] = cp;
        ser[1].a = 5.0;
        ser[1].b = bc[i];
        HREL_CHECK(hrel_hyper_cb_serial(ser, 2, 0, &r) == 0, "CB = CB' + CB_c");
        HREL_CHECK_REL(r.a, 35.0, 1e-15, "2.1: a = a_a + a_os + a_c");
        HREL_CHECK_REL(r.b, want_b[i], 1e-15, "2.1: b = max(b_a + b_os, b_c)");
        /* the same through a graph: blocks on the same processor are dependent */
        HREL_CHECK(hrel_hyper_graph_alloc(&g) == 0, "graph alloc");
        HREL_CHECK(hrel_hyper_graph_block(g, "app", 10.0, 0.3, "cpu", err, sizeof err) == 0 &&
                   hrel_hyper_graph_block(g, "os", 20.0, 0.5, "cpu", err, sizeof err) == 0 &&
                   hrel_hyper_graph_block(g, "nic", 5.0, bc[i], NULL, err, sizeof err) == 0 &&
                   hrel_hyper_graph_message(g, "m", 100.0, "app,os,nic", err, sizeof err) == 0,
                   "graph built");
        HREL_CHECK(hrel_hyper_graph_reduce(g, NULL, "m", &r, err, sizeof err) == 0, "graph reduced");
        HREL_CHECK_REL(r.a, 35.0, 1e-15, "2.1 graph: a");
        HREL_CHECK_REL(r.b, want_b[i], 1e-15, "2.1 graph: b");
        hrel_hyper_graph_free(g);
        g = NULL;
    }
}

/* The graph TEXT written to the temporary FILE and read back (checked as
 * WHAT); NULL, with the reason printed, when it cannot be read. */
static hrel_hyper_graph *read_graph(const char *file, const char *text, const char *what)
{
    const char *path = hrel_test_write_tmp(file, text);
    hrel_hyper_graph *g = NULL;
    char err[256];

    HREL_CHECK(path != NULL, "temp file written");
    HREL_CHECK(path && hrel_hyper_graph_read(path, &g, err, sizeof err) == 0, what);
    if (!g)
        printf("  (%s)\n", path ? err : "no temporary file");
    return g;
}

/* Figure 7: 1 -> 4 (m1), 2 -> 5 (m2), 3 -> 4 (m3) over a shared network. */
static void test_figure7(void)
{
    const char *text =
        "# figure 7 of papers/003\n"
        "block CB1 a=1 b=0.1\n"
        "block CB2 a=2 b=0.2\n"
        "block CB3 a=3 b=0.3\n"
        "block CB4 a=4 b=0.4\n"
        "block CB5 a=5 b=0.5\n"
        "block C   a=10 b=0.01   # the network\n"
        "message m1 size=100 path=CB1,C,CB4\n"
        "message m2 size=300 path=CB2,C,CB5\n"
        "message m3 size=50  path=CB3,C,CB4\n"
        "reduce m1\n";
    char name[160];
    hrel_hyper_graph *g = read_graph("hyper_fig7.graph", text, "figure 7 graph read");
    hrel_hyper_cb r;
    char err[256];
    double x1 = 100, x2 = 300, x3 = 50, bcp, b4p, want_b;

    if (!g)
        return;
    HREL_CHECK_INT(hrel_hyper_graph_nresult(g), 1, "one result line");
    HREL_CHECK(hrel_hyper_graph_result(g, 0, name, sizeof name, &r, err, sizeof err) == 0, "result 0");
    HREL_CHECK_HAS(name, "m1", "result named after its message");
    /* a = a1 + 3 a_c + 2 a4; b = max(b1, b_c (x1+x2+x3)/x1, b4 (x1+x3)/x1) */
    bcp = 0.01 * (x1 + x2 + x3) / x1;
    b4p = 0.4 * (x1 + x3) / x1;
    want_b = 0.1;
    if (bcp > want_b)
        want_b = bcp;
    if (b4p > want_b)
        want_b = b4p;
    HREL_CHECK_REL(r.a, 1.0 + 3 * 10.0 + 2 * 4.0, 1e-15, "figure 7: a = a1 + 3a_c + 2a4");
    HREL_CHECK_REL(r.b, want_b, 1e-15, "figure 7: b = max(b1, b'_c, b'_4)");
    hrel_hyper_graph_free(g);
}

/* Alternatives, phases and rule 4 in the text form. */
static void test_text_form(void)
{
    const char *text =
        "block A a=2 b=3 on=p\n"
        "block B a=3 b=2 on=p\n"
        "block X a=2 b=3\n"
        "block Y a=3 b=6\n"
        "phase small\n"
        "message m path=A|B\n"
        "phase large\n"
        "message m path=X|Y\n"
        "reduce small:m\n"
        "reduce large:m\n"
        "general G small=small:m large=large:m\n";
    char name[160];
    hrel_hyper_graph *g = read_graph("hyper_alt.graph", text, "alternatives read");
    hrel_hyper_cb r;
    char err[256];

    if (!g)
        return;
    HREL_CHECK_INT(hrel_hyper_graph_nresult(g), 3, "three results");
    HREL_CHECK(hrel_hyper_graph_result(g, 0, name, sizeof name, &r, err, sizeof err) == 0, "result 0");
    HREL_CHECK(r.a == 2.0 && r.b == 2.0, "same processor: dependent parallel (figure 5)");
    HREL_CHECK(hrel_hyper_graph_result(g, 1, name, sizeof name, &r, err, sizeof err) == 0, "result 1");
    HREL_CHECK_REL(r.b, 2.0, 1e-15, "different processors: 1/b = 1/3 + 1/6");
    HREL_CHECK(hrel_hyper_graph_result(g, 2, name, sizeof name, &r, err, sizeof err) == 0, "result 2");
    HREL_CHECK(r.a == 2.0 && fabs(r.b - 2.0) < 1e-15, "general: a small, b large");
    HREL_CHECK_HAS(name, "G", "general result named");
    hrel_hyper_graph_free(g);
}

/* Bad graph files: one line naming FILE:LINE and the problem. */
static void test_text_errors(void)
{
    static const struct {
        const char *text;      /* file content */
        const char *want;      /* expected piece of the message */
    } bad[] = {
        {"block W a=1 b=1\nmessage m path=W,Q\n", ":2: message m: unknown block 'Q'"},
        {"block W a=1 b=x\n", ":1: block W: b='x' is not a number"},
        {"block W a=1\n", ":1: block W: needs a= and b="},
        {"block W a=1 b=1\nblock W a=2 b=2\n", ":2: block W defined twice"},
        {"block W a=1 b=1\nmessage m path=W\nfrobnicate\n", ":3: unknown statement 'frobnicate'"},
        {"block W a=1 b=1\nmessage m path=W\nreduce zz\n", ":3: no message 'zz' in phase main"},
        {"block W a=1 b=1\nmessage m path=W,,W\n", ":2: message m: empty stage"},
        {"block W a=1 b=1\nmessage m path=W size=0\n", ":2: message m: size='0'"},
        {"block W a=1 b=1\n", ":1: the graph has no message"},
        {"block W a=-1 b=1\n", ":1: block W: a='-1' is not a number >= 0"},
    };
    size_t i;
    char err[256], nm[64];
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hrel_hyper_graph *g = NULL;
        const char *path;
        snprintf(nm, sizeof nm, "hyper_bad%zu.graph", i);
        path = hrel_test_write_tmp(nm, bad[i].text);
        err[0] = '\0';
        HREL_CHECK(hrel_hyper_graph_read(path, &g, err, sizeof err) != 0, "bad graph refused");
        HREL_CHECK_HAS(err, bad[i].want, "error names line and problem");
        hrel_hyper_graph_free(g);
    }
    {
        hrel_hyper_graph *g = NULL;
        HREL_CHECK(hrel_hyper_graph_read("/nonexistent/x.graph", &g, err, sizeof err) != 0,
                   "missing file refused");
        HREL_CHECK_HAS(err, "cannot open", "missing file message");
    }
}

/* Issue 14: a stage of 65 alternatives said "more than 64 alternatives in a stage"
 * with no file, and only when reduced (alternatives on one processor past the 64th
 * were dropped silently); now refused when read, naming FILE:LINE. */
static void test_alternatives_limit(void)
{
    char text[8192], err[256];
    size_t n = 0, i;
    hrel_hyper_graph *g = NULL;
    const char *path;

    for (i = 0; i <= HREL_HYPER_MAX_ALT; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "block B%zu a=1 b=1 on=p\n", i);
    n += (size_t)snprintf(text + n, sizeof text - n, "message m path=");
    for (i = 0; i <= HREL_HYPER_MAX_ALT; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%sB%zu", i ? "|" : "", i);
    snprintf(text + n, sizeof text - n, "\n");
    path = hrel_test_write_tmp("hyper_alt65.graph", text);
    err[0] = '\0';
    HREL_CHECK(hrel_hyper_graph_read(path, &g, err, sizeof err) != 0, "65 alternatives refused");
    HREL_CHECK_HAS(err, "hyper_alt65.graph:66: message m: stage 1 of the path has more than 64",
                   "the file, line and limit named");
    hrel_hyper_graph_free(g);
}

int main(void)
{
    hrel_test_init();
    test_formula();
    test_packet();
    test_rules();
    test_workstation();
    test_figure7();
    test_text_form();
    test_text_errors();
    test_alternatives_limit();
    return hrel_test_summary("test_hyper");
}
