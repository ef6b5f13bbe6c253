# Sourced by placement.sh and per_vm.sh: a local virtual machine of their own
# (hostfile $d/hf: PVM's examples and this checkout's programs), halted and its
# files removed on exit; ms CMD... prints CMD's wall time in ms.
# Needs ROOT, B (bin/LINUX64) set.
export PVM_ALLOW_ROOT=yes PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
[ -x /usr/bin/joinleave ] || { echo "$(basename "$0"): /usr/bin/joinleave is missing (Debian pvm-examples)" >&2; exit 1; }
d=$(mktemp -d)
halt() { (echo halt | pvm) >/dev/null 2>&1; sleep 0.5; }
trap 'halt; rm -rf "$d" /tmp/pvmd.$(id -u) /tmp/pvml.$(id -u)' EXIT
echo "* ep=/usr/bin:$B" >"$d/hf"
vm_start() { (echo quit | pvm "$d/hf") >/dev/null 2>&1; sleep 0.5; }
ms() { local s; s=$(date +%s%N); "$@" >/dev/null 2>&1; awk -v n=$(( $(date +%s%N) - s )) 'BEGIN { printf "%.1f", n / 1e6 }'; }
