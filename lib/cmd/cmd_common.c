/* cmd_common -- command-line handling shared by subcommands (hrel_cmd.h). */
#include "hrel_cmd.h"

int hrel_cmd_one_dir(const char *name, int argc, char **argv, const char *flag, int *on,
                     void (*usage)(FILE *), const char *what, int *first)
{
    const hrel_arg opts[] = {HREL_OPT_FLAG(flag, 0, on), HREL_OPT_END};
    int rc = hrel_args_run(name, argc, argv, opts, usage, NULL, stdout, stderr, first);
    if (rc >= 0)
        return rc;
    if (argc - *first != 1) {
        fprintf(stderr, "%s: give one %s (see --help)\n", name, what);
        return 2;
    }
    return -1;
}
