/* runmark -- whether a raw.csv is the whole run or what an interrupted run left.
 *
 * Contract: hrel_bench writes the metadata line "# complete: no (...)" before
 * the header and appends "# complete: yes" as the file's last line only when
 * every case was measured; a failure appends "# interrupted: REASON", a kill
 * leaves no last line at all. hrel_runmark_read scans FILE for those lines and
 * says which it is: the last "# complete:" line decides; a file with none
 * (older hrel, or hand-made) is "unmarked". Nothing printed or allocated.
 */
#ifndef HREL_RUNMARK_H
#define HREL_RUNMARK_H

#include <stddef.h>

typedef enum {
    HREL_RUN_UNMARKED = 0,   /* no "# complete:" line: cannot tell */
    HREL_RUN_COMPLETE,       /* last "# complete:" line says yes */
    HREL_RUN_INTERRUPTED     /* it says no: the run did not finish */
} hrel_runmark;

/* Classify PATH; for an interrupted file WHY gets the "# interrupted:" reason
 * (or "no '# complete: yes' line: the run was killed or is still going").
 * Return 0 and set *state, or -1 with "PATH: problem" in err. */
int hrel_runmark_read(const char *path, hrel_runmark *state, char *why, size_t whylen,
                      char *err, size_t errlen);

#endif
