/* errmsg -- the error-message buffer every hrel module reports into, and a
 * string copy.
 *
 * Contract: functions that can fail take (char *err, size_t errlen) and fill
 * it with one line through hrel_seterr; err may be NULL (then nothing is
 * written). hrel_strdup returns a malloc'ed copy (the caller frees it) or NULL;
 * hrel_strv_free frees a malloc'ed array of such strings.
 */
#ifndef HREL_ERRMSG_H
#define HREL_ERRMSG_H

#include <stddef.h>

/* printf-style message into ERR[0..ERRLEN); nothing when ERR is NULL. */
void hrel_seterr(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A malloc'ed copy of S, or NULL when out of memory. */
char *hrel_strdup(const char *s);

/* Free the N strings of V (NULL entries allowed) and V itself; V may be NULL. */
void hrel_strv_free(char **v, size_t n);

#endif
