/* latex -- hrel's one LaTeX table style (see latex.h). */
#include "latex.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

static int word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Length of the symbol token at s (s starts a word), after writing it as math;
 * 0 when s starts no symbol. */
static size_t math_token(const char *s, FILE *fp)
{
    size_t n;
    if (strncmp(s, "T_average", 9) == 0 && !word_char(s[9])) {
        fputs("$T_{\\mathrm{average}}$", fp);
        return 9;
    }
    if (strncmp(s, "r2", 2) == 0 && !word_char(s[2])) {
        fputs("$r^2$", fp);
        return 2;
    }
    if (s[0] == 'P' && s[1] == '.' && isdigit((unsigned char)s[2])) {
        fputs("$\\Pi$.", fp);
        return 2;
    }
    if ((s[0] == 'g' || s[0] == 'L') && s[1] == '_' && isalnum((unsigned char)s[2])) {
        for (n = 2; isalnum((unsigned char)s[n]); n++)
            ;
        if (s[n] == '_')
            return 0;
        fprintf(fp, "$%c_{", s[0]);
        fwrite(s + 2, 1, n - 2, fp);
        fputs("}$", fp);
        return n;
    }
    return 0;
}

void hrel_latex_text(const char *s, FILE *fp)
{
    static const char *const tex[][2] = {
        {"%", "\\%"}, {"&", "\\&"}, {"_", "\\_"}, {"#", "\\#"}, {"$", "\\$"},
        {"{", "\\{"}, {"}", "\\}"}, {"<", "$<$"}, {">", "$>$"}, {"^", "\\^{}"},
        {"~", "\\~{}"}, {"\\", "\\textbackslash{}"}, {"+-", "$\\pm$"},
        {"\xc2\xb5", "$\\mu$"},   /* the micro sign of "µs" */
    };
    const char *start = s;
    size_t k, n;
    while (*s) {
        if ((s == start || !word_char(s[-1])) && (n = math_token(s, fp)) > 0) {
            s += n;
            continue;
        }
        for (k = 0; k < sizeof tex / sizeof tex[0]; k++)
            if (strncmp(s, tex[k][0], strlen(tex[k][0])) == 0)
                break;
        if (k < sizeof tex / sizeof tex[0]) {
            fputs(tex[k][1], fp);
            s += strlen(tex[k][0]);
        } else {
            fputc(*s++, fp);
        }
    }
}

void hrel_latex_begin_sized(FILE *fp, const char *caption, const char *label,
                            const char *colspec, const char *size)
{
    fputs("\\begin{table}[htbp]\n\\centering\n\\caption{", fp);
    hrel_latex_text(caption ? caption : "", fp);
    fputs("}\n", fp);
    if (label) {
        const char *c;
        fputs("\\label{tab:", fp);
        for (c = label; *c; c++)    /* labels take no math: letters, digits, .:- */
            fputc(isalnum((unsigned char)*c) || *c == '.' || *c == '-' ? *c : '-', fp);
        fputs("}\n", fp);
    }
    /* small type and narrow column gaps (scoped to the table): wide tables of
     * numbers fit a single text column without being scaled */
    fprintf(fp, "\\%s\\setlength{\\tabcolsep}{2.5pt}\n\\begin{tabular}{%s}\n\\toprule\n",
            size, colspec);
}

void hrel_latex_begin(FILE *fp, const char *caption, const char *label, const char *colspec)
{
    hrel_latex_begin_sized(fp, caption, label, colspec, "footnotesize");
}

void hrel_latex_midrule(FILE *fp)
{
    fputs("\\midrule\n", fp);
}

void hrel_latex_end(FILE *fp, const char *note)
{
    fputs("\\bottomrule\n\\end{tabular}\n", fp);
    if (note) {
        fputs("\\par\\smallskip\\footnotesize ", fp);
        hrel_latex_text(note, fp);
        fputc('\n', fp);
    }
    fputs("\\end{table}\n\n", fp);
}

void hrel_latex_num(double v, FILE *fp)
{
    int e;
    double m;
    if (!isfinite(v)) {
        fputs("--", fp);
        return;
    }
    if (v == 0) {
        fputs("$0$", fp);
        return;
    }
    e = (int)floor(log10(fabs(v)));
    m = v / pow(10, e);
    if (fabs(m) >= 9.9995) {    /* rounding carried into the next decade */
        m /= 10;
        e++;
    }
    if (e == 0)
        fprintf(fp, "$%.3f$", m);
    else
        fprintf(fp, "$%.3f\\times10^{%d}$", m, e);
}
