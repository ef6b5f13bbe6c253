# common.sh (sourced by variants.sh and overhead.sh, run from the checkout's
# root): ROOT, B (bin/$PVM_ARCH), tmp (a scratch folder, removed at exit) with
# tmp/old.so, the preload tracer as it was before its buffer was mapped (built
# from commit 4467d0d's trace_preload.c), and a local virtual machine whose ep=
# has /usr/bin first (PVM's examples), halted at exit.
set -u
ROOT=$(pwd); export HREL_ROOT=$ROOT PVM_ALLOW_ROOT=yes
. "$ROOT/hostfiles/vm.sh"
B=$ROOT/bin/${PVM_ARCH:-LINUX64}
tmp=$(mktemp -d)
git show 4467d0d:pvmsrc/preload/trace_preload.c >"$tmp/old.c"
gcc -O2 -D_POSIX_C_SOURCE=200809L -fPIC -shared -Ilib/io -o "$tmp/old.so" "$tmp/old.c" -ldl -lpthread || exit 1
printf '* ep=/usr/bin:$HREL_ROOT/bin/$PVM_ARCH:$PVM_ROOT/lib wd=%s\n' "$tmp" >"$tmp/hosts"
hrel_vm_start "$tmp/hosts" >/dev/null || exit 1
trap 'hrel_vm_stop; rm -rf "$tmp"' EXIT
