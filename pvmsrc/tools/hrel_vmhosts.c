/* hrel_vmhosts -- print the hosts of the running virtual machine, one per line.
 * Exit 0, or 1 with one line when no pvmd answers. Unlike the pvm console it
 * never starts a pvmd itself, so scripts can use it as a health probe
 * (hostfiles/vm.sh). */
#include <stdio.h>
#include <string.h>

#include <pvm3.h>

#include "args.h"
#include "vm.h"

int main(int argc, char **argv)
{
    char **hosts = NULL, err[256] = "";
    int n = 0, i, rc;
    rc = hrel_args_none("hrel_vmhosts", argc, argv,
                        "usage: hrel_vmhosts   (print the virtual machine's hosts; exit 1 if no pvmd)\n", stdout, stderr);
    if (rc >= 0)
        return rc;
    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_vmhosts: no PVM daemon answers\n");
        return 1;
    }
    if (hrel_vm_hosts(&hosts, &n, err, sizeof err) < 0) {
        fprintf(stderr, "hrel_vmhosts: %s\n", err);
        pvm_exit();
        return 1;
    }
    for (i = 0; i < n; i++)
        printf("%s\n", hosts[i]);
    hrel_vm_free_names(hosts, n);
    pvm_exit();
    return 0;
}
