/* hrel_limits -- the stated limits of hrel's PVM programs, in one place (not
 * limits.h: that name is the C library's).
 *
 * Contract: every array sized by a rank count and every check of a processor
 * count in pvmsrc/ uses these names, so a limit is changed (and documented)
 * once. Error messages name the limit's value.
 */
#ifndef HREL_HREL_LIMITS_H
#define HREL_HREL_LIMITS_H

#define HREL_MAX_RANKS   256    /* most tasks (ranks) of one benchmark case, FFT or demo run */

#endif
