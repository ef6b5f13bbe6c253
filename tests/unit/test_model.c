/* Unit tests of lib/model: BSP, BSPWB and MPM on examples worked by hand
 * (docs/model.md shows the arithmetic), @ = + versus max, per-pattern g/L. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "sample.h"
#include "model.h"
#include "trace.h"

/* Set row (S, I): w, in, out and one partner (or -1 for none). */
static void set(hrel_trace *t, int s, int i, double w, double in, double out, int partner)
{
    hrel_trace_row *r = hrel_trace_at(t, s, i);
    r->w_s = w;
    r->in_bytes = in;
    r->out_bytes = out;
    if (partner >= 0)
        hrel_trace_set_partners(t, s, i, &partner, 1, NULL, 0);
}

int main(void)
{
    hrel_trace *t = NULL;
    hrel_model_gl gl[16];
    double phi[16], hm[16], T[4], cost[4], h[16], psi, tot;
    char err[512] = "";
    hrel_op op;
    int i, all[3];
    const char *fit;

    hrel_test_init();

    HREL_CHECK_INT(hrel_op_parse("sum", &op), 0, "sum parses");
    HREL_CHECK_INT(op, HREL_OP_SUM, "sum is +");
    HREL_CHECK_INT(hrel_op_parse("max", &op), 0, "max parses");
    HREL_CHECK_INT(op, HREL_OP_MAX, "max");
    HREL_CHECK(hrel_op_parse("min", &op) != 0, "min refused");

    /* Example 1, figure-1 shape: MPM below BSPWB. 4 ranks, w1 = (5,5,1,1),
     * w2 = (1,1,5,5), exchanges of 250 bytes each way 0-1, 2-3 then 0-2, 1-3;
     * g = 0.001, L = 0.5. @ = +: h = 500, g h + L = 1.
     *   Φ1 = (5+1, 5+1, 1+1, 1+1) = (6, 6, 2, 2)
     *   Φ2,0 = max(Φ1,0 + 1, Φ1,2 + 5) + 1 = max(7, 7) + 1 = 8, likewise all: Ψ = 8
     *   BSPWB T1 = 5 + 1 = 6, T2 = 6 + 5 + 1 = 12;  BSP supersteps 6 + 6 = 12 */
    hrel_trace_alloc(4, 2, &t, err, sizeof err);
    set(t, 1, 0, 5, 250, 250, 1);
    set(t, 1, 1, 5, 250, 250, 0);
    set(t, 1, 2, 1, 250, 250, 3);
    set(t, 1, 3, 1, 250, 250, 2);
    set(t, 2, 0, 1, 250, 250, 2);
    set(t, 2, 1, 1, 250, 250, 3);
    set(t, 2, 2, 5, 250, 250, 0);
    set(t, 2, 3, 5, 250, 250, 1);
    hrel_model_gl_fill(t, 0.001, 0.5, gl);
    hrel_model_h(t, HREL_OP_SUM, h);
    HREL_CHECK_REL(h[5], 500, 1e-12, "h = in + out");
    HREL_CHECK_INT(hrel_model_mpm(t, HREL_OP_SUM, gl, phi, hm, &psi, err, sizeof err), 0, "mpm");
    HREL_CHECK_REL(phi[0], 6, 1e-12, "Φ1,0 = 6");
    HREL_CHECK_REL(phi[2], 2, 1e-12, "Φ1,2 = 2");
    HREL_CHECK_REL(phi[4], 8, 1e-12, "Φ2,0 = 8");
    HREL_CHECK_REL(phi[7], 8, 1e-12, "Φ2,3 = 8");
    HREL_CHECK_REL(psi, 8, 1e-12, "Ψ = 8");
    {   /* hrel_model_gl_new (constant g and L) and Ψ alone (PHI NULL) give the same */
        hrel_model_gl *gn = NULL;
        double psi2 = 0;
        HREL_CHECK_INT(hrel_model_gl_new(t, NULL, 0.001, 0.5, &gn, err, sizeof err), 0, "gl_new");
        HREL_CHECK(gn && gn[7].g == 0.001 && gn[7].L == 0.5, "gl_new fills every row");
        HREL_CHECK_INT(hrel_model_mpm(t, HREL_OP_SUM, gn, NULL, NULL, &psi2, err, sizeof err), 0,
                       "mpm without phi");
        HREL_CHECK_REL(psi2, 8, 1e-12, "Ψ = 8 without phi");
        free(gn);
        HREL_CHECK(hrel_model_gl_new(t, "/nonexistent/fit.csv", 0, 0, &gn, err, sizeof err) != 0 &&
                   gn == NULL, "gl_new from a missing fit file fails, nothing allocated");
    }
    HREL_CHECK_INT(hrel_model_bspwb(t, HREL_OP_SUM, gl, T, &tot, err, sizeof err), 0, "bspwb");
    HREL_CHECK_REL(T[0], 6, 1e-12, "T1 = 6");
    HREL_CHECK_REL(T[1], 12, 1e-12, "T2 = 12");
    HREL_CHECK_REL(tot, 12, 1e-12, "BSPWB total 12");
    HREL_CHECK(psi < tot, "MPM below BSPWB on the imbalanced schedule");
    HREL_CHECK_INT(hrel_model_bsp(t, HREL_OP_SUM, gl, cost, &tot, err, sizeof err), 0, "bsp");
    HREL_CHECK_REL(cost[0], 6, 1e-12, "BSP superstep 1 = 6");
    HREL_CHECK_REL(cost[1], 6, 1e-12, "BSP superstep 2 = 6");
    HREL_CHECK_REL(tot, 12, 1e-12, "BSP total 12");

    /* @ = max: h = 250, g h + L = 0.75. Φ1 = (5.75, 5.75, 1.75, 1.75);
     * Φ2,i = max(5.75 + 1, 1.75 + 5) + 0.75 = 7.5; BSPWB 5.75 + 5.75 = 11.5 */
    HREL_CHECK_INT(hrel_model_mpm(t, HREL_OP_MAX, gl, phi, hm, &psi, err, sizeof err), 0,
                   "mpm max");
    HREL_CHECK_REL(hm[0], 250, 1e-12, "H with @ = max");
    HREL_CHECK_REL(phi[1], 5.75, 1e-12, "Φ1,1 with max");
    HREL_CHECK_REL(psi, 7.5, 1e-12, "Ψ with max = 7.5");
    hrel_model_bspwb(t, HREL_OP_MAX, gl, T, &tot, err, sizeof err);
    HREL_CHECK_REL(tot, 11.5, 1e-12, "BSPWB with max = 11.5");

    /* per-row g and L: step 2 on rank 2 gets L = 2.5 (g h + L = 3 there).
     * Φ2,0 = max(6+1, 2+5) + 1 = 8 (rank 0's own g/L); Φ2,2 = 7 + 3 = 10;
     * BSPWB T2 = 6 + 5 + max(1, 3) = 14 */
    gl[6].L = 2.5;
    hrel_model_mpm(t, HREL_OP_SUM, gl, phi, hm, &psi, err, sizeof err);
    HREL_CHECK_REL(phi[4], 8, 1e-12, "per-row g/L: Φ2,0 uses rank 0's");
    HREL_CHECK_REL(phi[6], 10, 1e-12, "per-row g/L: Φ2,2 uses rank 2's");
    hrel_model_bspwb(t, HREL_OP_SUM, gl, T, &tot, err, sizeof err);
    HREL_CHECK_REL(tot, 14, 1e-12, "per-row g/L: BSPWB takes max(g h + L)");
    hrel_trace_free(t);
    t = NULL;

    /* Example 2: every Ω is all processors (all-to-all, 100 bytes to each
     * other): MPM = BSPWB. 3 ranks, w1 = (3,1,2), w2 = (1,4,2), in = out = 200,
     * h = 400, g = 0.01, L = 0.1: g h + L = 4.1. T1 = 3 + 4.1 = 7.1,
     * T2 = 7.1 + 4 + 4.1 = 15.2 and Φ2,i = max(7.1 + w2,j) + 4.1 = 15.2 */
    hrel_trace_alloc(3, 2, &t, err, sizeof err);
    for (i = 0; i < 3; i++) {
        static const double w1[3] = {3, 1, 2}, w2[3] = {1, 4, 2};
        all[0] = 0;
        all[1] = 1;
        all[2] = 2;
        set(t, 1, i, w1[i], 200, 200, -1);
        set(t, 2, i, w2[i], 200, 200, -1);
        hrel_trace_set_partners(t, 1, i, all, 3, NULL, 0);
        hrel_trace_set_partners(t, 2, i, all, 3, NULL, 0);
    }
    hrel_model_gl_fill(t, 0.01, 0.1, gl);
    hrel_model_mpm(t, HREL_OP_SUM, gl, phi, hm, &psi, err, sizeof err);
    hrel_model_bspwb(t, HREL_OP_SUM, gl, T, &tot, err, sizeof err);
    HREL_CHECK_REL(T[0], 7.1, 1e-12, "all-to-all T1 = 7.1");
    HREL_CHECK_REL(tot, 15.2, 1e-12, "all-to-all BSPWB = 15.2");
    HREL_CHECK_REL(psi, 15.2, 1e-12, "all-to-all MPM = 15.2");
    for (i = 0; i < 3; i++)
        HREL_CHECK_REL(phi[3 + i], tot, 1e-12, "every Φ2,i equals T2");
    hrel_trace_free(t);
    t = NULL;

    /* Example 3: H is the max over the partners. 4 ranks, one step, rank 0
     * sends 1000 bytes to rank 1 (PingPong), 2 and 3 idle; w = (1,2,3,4),
     * g = 0.001, L = 0.1. Φ1,0 = 1 + 1 + 0.1 = 2.1 (Ω = {0});
     * Φ1,1 = max(1,2) + 0.001 max(1000, 1000) + 0.1 = 3.1; Φ1,2 = 3 + 0.1;
     * Φ1,3 = 4.1 = Ψ; BSPWB 4 + 1.1 = 5.1 */
    hrel_trace_alloc(4, 1, &t, err, sizeof err);
    set(t, 1, 0, 1, 0, 1000, -1);
    set(t, 1, 1, 2, 1000, 0, 0);
    set(t, 1, 2, 3, 0, 0, -1);
    set(t, 1, 3, 4, 0, 0, -1);
    hrel_model_gl_fill(t, 0.001, 0.1, gl);
    hrel_model_mpm(t, HREL_OP_SUM, gl, phi, hm, &psi, err, sizeof err);
    HREL_CHECK_REL(phi[0], 2.1, 1e-12, "sender alone: Φ1,0 = 2.1");
    HREL_CHECK_REL(phi[1], 3.1, 1e-12, "receiver waits for its partner: Φ1,1 = 3.1");
    HREL_CHECK_REL(phi[2], 3.1, 1e-12, "idle rank pays L: Φ1,2 = 3.1");
    HREL_CHECK_REL(psi, 4.1, 1e-12, "Ψ = 4.1");
    hrel_model_bspwb(t, HREL_OP_SUM, gl, T, &tot, err, sizeof err);
    HREL_CHECK_REL(tot, 5.1, 1e-12, "BSPWB 5.1");

    /* g/L from a fit table: pooled for unnamed steps, per pattern otherwise */
    hrel_trace_at(t, 1, 1)->pattern[0] = 'P';
    hrel_trace_at(t, 1, 1)->pattern[1] = 'P';
    hrel_trace_at(t, 1, 2)->pattern[0] = 'E';
    fit = hrel_test_write_tmp("model_fit.csv", "pattern,procs,g,L,r2,n\n"
                    "PP,2,9,9,1,5\nPP,4,0.002,0.2,1,5\nE,all,0.003,0.3,1,5\n"
                    "ALL,all,0.001,0.1,1,20\n");
    HREL_CHECK_INT(hrel_model_gl_from_fit(t, fit, gl, err, sizeof err), 0, "fit table read");
    HREL_CHECK_REL(gl[0].g, 0.001, 1e-12, "unnamed step: pooled g");
    HREL_CHECK_REL(gl[1].g, 0.002, 1e-12, "PP with 4 ranks: row PP,4");
    HREL_CHECK_REL(gl[1].L, 0.2, 1e-12, "PP,4 L");
    HREL_CHECK_REL(gl[2].L, 0.3, 1e-12, "E: row E,all");
    hrel_trace_at(t, 1, 3)->pattern[0] = 'X';
    HREL_CHECK(hrel_model_gl_from_fit(t, fit, gl, err, sizeof err) != 0, "unknown pattern");
    HREL_CHECK_HAS(err, "no fitted row for pattern X", "error names the pattern");
    hrel_trace_at(t, 1, 3)->pattern[0] = '\0';
    fit = hrel_test_write_tmp("model_fit_nopool.csv", "pattern,procs,g,L,r2,n\nE,all,0.003,0.3,1,5\n");
    HREL_CHECK(hrel_model_gl_from_fit(t, fit, gl, err, sizeof err) != 0, "no pooled row");
    HREL_CHECK_HAS(err, "pattern ALL", "error names the pooled row");
    hrel_trace_free(t);

    /* formula 18 */
    return hrel_test_summary("test_model");
}
