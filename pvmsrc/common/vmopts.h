/* vmopts -- the words of the PVM options every hrel program shares:
 * --route, --encoding and --place (README, option vocabulary).
 *
 * Contract: the word lists are NULL-terminated, in the order of their index,
 * for HREL_ARG_CHOICE entries of lib/base/args tables; index 0 is the
 * default. hrel_vmopts_route/encoding turn an index into the PVM constant
 * (only pvm3.h's macros are used: no libpvm call, so option parsing that uses
 * this module links into unit tests without PVM). Place indexes are the
 * hrel_place values of vm.h.
 *
 * One default encoding for every program: raw (PvmDataRaw). Raw copies the
 * data once at pack time, as ordinary PVM programs do, and it is the one
 * encoding under which the traced programs' M-step counts are right
 * (mstep.h counts 0 outgoing bytes for PvmDataInPlace, whose data stay in the
 * user's buffer). inplace and default (XDR) stay available by name.
 */
#ifndef HREL_VMOPTS_H
#define HREL_VMOPTS_H

extern const char *const hrel_vmopts_route_words[];      /* direct daemon */
extern const char *const hrel_vmopts_encoding_words[];   /* raw inplace default */
extern const char *const hrel_vmopts_place_words[];      /* rr block pvm */

/* PVM constant of route index IDX (PvmRouteDirect, PvmDontRoute). */
int hrel_vmopts_route(int idx);
/* PVM constant of encoding index IDX (PvmDataRaw, PvmDataInPlace, PvmDataDefault). */
int hrel_vmopts_encoding(int idx);

#endif
