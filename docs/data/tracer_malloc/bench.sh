#!/bin/bash
# bench.sh [REPS]: does the characterisation's benchmark pay what an untraced
# program pays for its large message buffers? hrel_bench's PingPong at an
# h-relation of 1 MB (-P PP -p 2 -s 1048576 -r 30, raw and default encoding),
# as it runs and with glibc's mmap threshold raised to 4 MB (GLIBC_TUNABLES,
# exported to its workers), interleaved REPS times (default 3) in one local
# virtual machine; prints kind, encoding, pass and the median of the 30 times.
# Run from the checkout's root after make.
set -u
reps=${1:-3}
ROOT=$(pwd); export HREL_ROOT=$ROOT PVM_ALLOW_ROOT=yes
. "$ROOT/hostfiles/vm.sh"
B=$ROOT/bin/${PVM_ARCH:-LINUX64}
tmp=$(mktemp -d)
hrel_vm_start "$ROOT/hostfiles/local" >/dev/null || exit 1
trap 'hrel_vm_stop; rm -rf "$tmp"' EXIT
echo "kind encoding pass median_s"
for i in $(seq 1 "$reps"); do
    for k in plain threshold_4MB; do
        for enc in raw default; do
            if [ $k = plain ]; then
                "$B/hrel_bench" -q -P PP -p 2 -s 1048576 -r 30 --encoding $enc -o "$tmp/$k.$enc.$i" >/dev/null 2>&1
            else
                GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=16777216 PVM_EXPORT=GLIBC_TUNABLES \
                    "$B/hrel_bench" -q -P PP -p 2 -s 1048576 -r 30 --encoding $enc -o "$tmp/$k.$enc.$i" >/dev/null 2>&1
            fi
            echo "$k $enc $i $(grep -v '^#' "$tmp/$k.$enc.$i/raw.csv" | awk -F, 'NR > 1 { print $NF }' | sort -g |
                awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
        done
    done
done
