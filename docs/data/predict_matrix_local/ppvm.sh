# Sourced by bench_order.sh and ../recv_block/pp_recv.sh: a local virtual machine
# of hrel's programs in a scratch folder, and PP,2's medians of a raw.csv.
#   ppvm_init      d (a scratch folder, removed on exit with the pvmd halted), its hostfile
#   vm [TUNABLES]  start the virtual machine (GLIBC_TUNABLES in the pvmd's environment)
#   halt           stop it
#   med RAW        PP,2's median per size, "size:us ..."
ppvm_init() {
    export PVM_ALLOW_ROOT=yes PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
    d=$(mktemp -d)
    trap 'halt; rm -rf "$d" /tmp/pvmd.$(id -u) /tmp/pvml.$(id -u)' EXIT
    echo "* ep=$B" >"$d/hf"
}
halt() { (echo halt | pvm) >/dev/null 2>&1; sleep 0.5; }
vm() { (echo quit | GLIBC_TUNABLES=${1:-} pvm "$d/hf") >/dev/null 2>&1; sleep 0.5; }
med() {   # PP,2 medians per size of raw.csv $1
    awk -F, '$1 == "PP" && $2 == 2 { print $3, $6 * 1e6 }' "$1" | sort -n -k1,1 -k2,2g |
        awk '{ n[$1]++; v[$1, n[$1]] = $2 } END { for (k in n) printf "%s:%.0f ", k, v[k, int((n[k] + 1) / 2)] }' |
        tr ' ' '\n' | sort -n | tr '\n' ' '; echo
}
