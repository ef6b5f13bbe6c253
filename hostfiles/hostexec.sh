#!/bin/bash
# hostexec.sh -- run a command as one emulated host of an hrel platform.
#
#   hostfiles/hostexec.sh STATEDIR HOST CMD [ARGS...]
#
# STATEDIR is the platform's state directory made by `platform.sh up`
# ($HREL_ROOT/.pvm/platform.NAME): it names the host's network namespace
# (file ns.HOST), the platform's hosts file and the host's private PVM_TMP.
# CMD runs in that namespace with its own UTS and mount namespaces: hostname
# HOST, the platform's hosts file bind-mounted over /etc/hosts (so pvmd's
# gethostbyname(gethostname()) gives the emulated address), and
# PVM_TMP=STATEDIR/HOST/tmp (hosts share one filesystem, so pvmd's files
# must not collide); with a CPU share (file cg.HOST) CMD runs in the host's
# cgroup. Exit status is CMD's, or 1 with one line on stderr.
set -u
if [ $# -lt 3 ]; then
    echo "hostexec: usage: hostexec.sh STATEDIR HOST CMD [ARGS...]" >&2; exit 1
fi
st=$1 host=$2; shift 2
if [ ! -r "$st/ns.$host" ]; then
    echo "hostexec: '$host' is not a host of the platform in '$st'" >&2; exit 1
fi
ns=$(cat "$st/ns.$host")
# a CPU share (cpu: in the description): the host's cgroup, joined below in
# the private mount namespace through a fresh mount of the cpu hierarchy (a
# caller inside another host's namespace has no /sys/fs/cgroup: ip netns exec
# mounts a sysfs of its own)
cg=""
[ -r "$st/cg.$host" ] && cg=$(cat "$st/cg.$host")
exec ip netns exec "$ns" unshare --uts --mount --propagation slave \
    /bin/bash -c 'hostname "$1" && mount --bind "$2" /etc/hosts || exit 1
                  if [ -n "$4" ]; then
                      mount -t cgroup -o cpu hrelcpu "$5" && echo $$ >"$5/$4/cgroup.procs" ||
                          { echo "hostexec: cannot join the CPU-share cgroup of $1" >&2; exit 1; }
                  fi
                  export PVM_TMP=$3 HREL_HOST=$1; shift 5; exec "$@"' \
    hostexec "$host" "$st/hosts" "$st/$host/tmp" "$cg" "$st/$host/cg" "$@"
