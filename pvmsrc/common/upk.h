/* upk -- bounded string unpack for PVM messages.
 *
 * Contract: hrel_upk_str(buf, cap) unpacks one string packed with pvm_pkstr
 * from the active receive buffer into buf (cap bytes, cap >= 1) and never
 * writes past buf[cap-1]: it reads the length pvm_pkstr put in front of the
 * bytes and refuses (without touching buf beyond buf[0]) a length below 1 or
 * above cap, or a string whose last byte is not '\0'. Returns 0 on success,
 * -1 when the message has no string there, -2 when the string does not fit
 * (buf then holds ""). pvm_upkstr itself has no bound and must not be used.
 */
#ifndef HREL_UPK_H
#define HREL_UPK_H

#include <stddef.h>

int hrel_upk_str(char *buf, size_t cap);

#endif
