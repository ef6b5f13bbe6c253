/* latex -- the one LaTeX table style of hrel (booktabs, caption above, math in
 * math mode), shared by `hrel fit` (lib/fit/tables.c) and `hrel compare --latex`.
 *
 * Contract: functions write to the caller's FILE and return nothing; the
 * caller checks ferror(). A document using the output needs \usepackage{booktabs}.
 * hrel_latex_text escapes LaTeX's special characters and sets hrel's symbols in
 * math mode: g_X / L_X -> $g_{X}$, T_average -> $T_{\mathrm{average}}$,
 * r2 -> $r^2$, "P.<digit>" (the papers' tables Pi.2) -> $\Pi$.<digit>,
 * "+-" -> $\pm$, the micro sign µ -> $\mu$. */
#ifndef HREL_LATEX_H
#define HREL_LATEX_H

#include <stdio.h>

void hrel_latex_text(const char *s, FILE *fp);
/* \begin{table} with the caption above, label (may be NULL) and \toprule */
void hrel_latex_begin(FILE *fp, const char *caption, const char *label, const char *colspec);
/* the same in type size SIZE ("footnotesize", "scriptsize") for wide tables */
void hrel_latex_begin_sized(FILE *fp, const char *caption, const char *label,
                            const char *colspec, const char *size);
void hrel_latex_midrule(FILE *fp);
/* \bottomrule, an optional note below in small type, \end{table} */
void hrel_latex_end(FILE *fp, const char *note);
/* a number as $m\times10^{e}$ with 4 significant digits; NaN as -- */
void hrel_latex_num(double v, FILE *fp);

#endif
