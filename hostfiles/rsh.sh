#!/bin/bash
# rsh.sh -- the remote shell of emulated platforms (PVM_RSH points here).
#
#   rsh.sh [-l USER] [-n] HOST [-l USER] [-n] CMD [ARGS...]
#
# pvmd starts a slave pvmd as `$PVM_RSH HOST /usr/lib/pvm3/lib/pvmd -s ...`.
# This wrapper drops rsh's options (-l USER, -n: stdin is always /dev/null)
# and runs CMD as emulated host HOST through hostexec.sh, using the platform
# named by HREL_PLATFORM_STATE (exported by `platform.sh run`). A single CMD
# argument containing blanks is run by /bin/sh, as real rsh would.
set -u
host=""
while [ $# -gt 0 ]; do
    case "$1" in
        -l) shift 2 ;;
        -n) shift ;;
        *) if [ -z "$host" ]; then host=$1; shift; else break; fi ;;
    esac
done
if [ -z "$host" ] || [ $# -eq 0 ]; then
    echo "rsh.sh: usage: rsh.sh HOST CMD [ARGS...]" >&2; exit 1
fi
if [ -z "${HREL_PLATFORM_STATE:-}" ]; then
    echo "rsh.sh: HREL_PLATFORM_STATE is not set (use hostfiles/platform.sh run)" >&2; exit 1
fi
if [ $# -eq 1 ] && [[ "$1" == *" "* ]]; then set -- /bin/sh -c "$1"; fi
exec "$(dirname "$0")/hostexec.sh" "$HREL_PLATFORM_STATE" "$host" "$@" </dev/null
