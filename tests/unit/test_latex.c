/* Unit tests of lib/io/latex: symbols in math mode, escapes, the booktabs
 * frame with the caption above, and numbers as m x 10^e. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hrel_test.h"
#include "latex.h"

static char out[4096];

static FILE *open_buf(void)
{
    FILE *fp = tmpfile();
    return fp;
}

static const char *close_buf(FILE *fp)
{
    size_t n;
    out[0] = '\0';
    if (!fp)
        return out;
    rewind(fp);
    n = fread(out, 1, sizeof out - 1, fp);
    out[n] = '\0';
    fclose(fp);
    return out;
}

static const char *text(const char *s)
{
    FILE *fp = open_buf();
    if (fp)
        hrel_latex_text(s, fp);
    return close_buf(fp);
}

static const char *num(double v)
{
    FILE *fp = open_buf();
    if (fp)
        hrel_latex_num(v, fp);
    return close_buf(fp);
}

int main(void)
{
    FILE *fp;
    const char *s, *cap, *top, *tab;
    hrel_test_init();
    HREL_CHECK(strcmp(text("g_E"), "$g_{E}$") == 0, "g_E in math mode");
    HREL_CHECK(strcmp(text("L_POA (s)"), "$L_{POA}$ (s)") == 0, "L_POA in math mode");
    HREL_CHECK(strcmp(text("T_average (s)"), "$T_{\\mathrm{average}}$ (s)") == 0,
               "T_average upright subscript");
    HREL_CHECK(strcmp(text("r2"), "$r^2$") == 0, "r2 as r squared");
    HREL_CHECK(strcmp(text("tables P.2"), "tables $\\Pi$.2") == 0, "tables Pi.2");
    HREL_CHECK(strcmp(text("PP.1"), "PP.1") == 0, "PP.1 is not Pi");
    HREL_CHECK(strcmp(text("sr2 big_g_x"), "sr2 big\\_g\\_x") == 0,
               "symbols only at a word start, other _ escaped");
    HREL_CHECK(strcmp(text("50% & #1 <2 +-3"), "50\\% \\& \\#1 $<$2 $\\pm$3") == 0,
               "special characters escaped");
    HREL_CHECK(strcmp(text("607.5 \xc2\xb5s"), "607.5 $\\mu$s") == 0, "micro sign in math");
    HREL_CHECK(strcmp(num(4.2268e-07), "$4.227\\times10^{-7}$") == 0, "number with exponent");
    HREL_CHECK(strcmp(num(9.99995e-3), "$1.000\\times10^{-2}$") == 0, "rounding into next decade");
    HREL_CHECK(strcmp(num(2.5), "$2.500$") == 0, "exponent 0 left out");
    HREL_CHECK(strcmp(num(NAN), "--") == 0, "NaN as --");

    fp = open_buf();
    if (fp) {
        hrel_latex_begin(fp, "g_E per platform", "x_y", "lr");
        fputs("a & b \\\\\n", fp);
        hrel_latex_midrule(fp);
        hrel_latex_end(fp, "note r2");
    }
    s = close_buf(fp);
    cap = strstr(s, "\\caption{$g_{E}$ per platform}");
    top = strstr(s, "\\toprule");
    tab = strstr(s, "\\begin{tabular}{lr}");
    HREL_CHECK(cap && tab && cap < tab, "caption above the tabular");
    HREL_CHECK(tab && top && tab < top, "booktabs toprule after begin tabular");
    HREL_CHECK_HAS(s, "\\label{tab:x-y}", "label without math or underscore");
    HREL_CHECK_HAS(s, "\\midrule\n", "midrule");
    HREL_CHECK_HAS(s, "\\bottomrule\n\\end{tabular}", "bottomrule closes");
    HREL_CHECK_HAS(s, "note $r^2$", "note below in the same style");
    HREL_CHECK(strstr(s, "\\hline") == NULL, "no hline (booktabs only)");
    return hrel_test_summary("test_latex");
}
