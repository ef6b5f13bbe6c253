/* names -- a fixed, NULL-terminated table of names for the values 0, 1, ...
 * of an enumeration.
 *
 * Contract: NAMES holds non-NULL strings followed by NULL, the name of value
 * i at i (the same table serves an option's HREL_OPT_CHOICE words).
 * hrel_names_index returns the value whose name is WORD (exact, case
 * sensitive), or -1 when WORD is NULL or no name matches; hrel_names_at
 * returns the name of value I, or "?" when I is negative or past the last
 * name. The one way an enumeration with a name table (summary kinds, PSRS
 * input kinds, message kinds) maps names to values and back. Pure: no I/O, no
 * allocation.
 */
#ifndef HREL_NAMES_H
#define HREL_NAMES_H

int hrel_names_index(const char *word, const char *const *names);
const char *hrel_names_at(const char *const *names, int i);

#endif
