/* upk -- bounded string unpack (see upk.h). */
#include "upk.h"

#include <pvm3.h>

/* pvm_pkstr packs an int length (strlen + 1) and then that many bytes with
 * the buffer's own encoding; unpacking the same two items with pvm_upkint and
 * pvm_upkbyte reads exactly what pvm_upkstr would, but lets us check the
 * length before any byte is copied. */
int hrel_upk_str(char *buf, size_t cap)
{
    int len = 0;
    if (!buf || cap < 1)
        return -1;
    buf[0] = '\0';
    if (pvm_upkint(&len, 1, 1) < 0)
        return -1;
    if (len < 1 || (size_t)len > cap)
        return -2;
    if (pvm_upkbyte(buf, len, 1) < 0) {
        buf[0] = '\0';
        return -1;
    }
    if (buf[len - 1] != '\0') {
        buf[0] = '\0';
        return -2;
    }
    return 0;
}
