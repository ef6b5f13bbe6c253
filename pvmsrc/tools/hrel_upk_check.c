/* hrel_upk_check -- self-check of the bounded string unpack (pvmsrc/common/upk)
 * against the running pvmd: the task sends itself strings packed with
 * pvm_pkstr (fitting, exactly full, one byte too long, 64 KiB) in each
 * encoding and unpacks them into a 16-byte buffer with hrel_upk_str, checking
 * that fitting strings arrive intact, longer ones are refused with -2 and the
 * byte after the buffer is never written. Prints one line per failed check;
 * exit 0 when all pass, 1 otherwise (used by tests/e2e/test_upk.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvm3.h>

#include "args.h"
#include "upk.h"
#include "vm.h"

#define CAP 16
#define TAG 4242

static int one(int me, int enc, size_t len, int want)
{
    char *s = malloc(len + 1);
    char buf[CAP + 1];
    int rc;
    if (!s)
        return 1;
    memset(s, 'x', len);
    s[len] = '\0';
    memset(buf, '#', sizeof buf);
    pvm_initsend(enc);
    pvm_pkstr(s);
    pvm_send(me, TAG);
    free(s);
    if (pvm_recv(me, TAG) < 0) {
        printf("encoding %d length %zu: no message\n", enc, len);
        return 1;
    }
    rc = hrel_upk_str(buf, CAP);
    if (rc != want || buf[CAP] != '#' || (want == 0 && strlen(buf) != len) ||
        (want != 0 && buf[0] != '\0')) {
        printf("encoding %d length %zu: got %d, wanted %d\n", enc, len, rc, want);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int me, bad = 0, e, rc;
    const int encs[] = {PvmDataDefault, PvmDataRaw};
    rc = hrel_args_none("hrel_upk_check", argc, argv,
                        "usage: hrel_upk_check   (self-check of the bounded string unpack; needs a pvmd)\n", stdout, stderr);
    if (rc >= 0)
        return rc;
    me = hrel_vm_enroll();
    if (me < 0) {
        fprintf(stderr, "hrel_upk_check: no pvmd (pvm_mytid %d)\n", me);
        return 1;
    }
    for (e = 0; e < 2; e++) {
        bad += one(me, encs[e], 0, 0);
        bad += one(me, encs[e], CAP - 1, 0);
        bad += one(me, encs[e], CAP, -2);
        bad += one(me, encs[e], 65536, -2);
    }
    pvm_exit();
    return bad ? 1 : 0;
}
