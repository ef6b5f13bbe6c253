#!/bin/bash
ROOT=/work/main; export HREL_ROOT=$ROOT PVM_ALLOW_ROOT=yes
. $ROOT/hostfiles/vm.sh
hrel_vm_start /work/tord/local_usr >/dev/null || exit 1
B=$ROOT/bin/LINUX64; O=/work/tord/tjf; rm -rf $O; mkdir -p $O
endgs() { hrel_vm_end_group_servers "PVM_TMP=$PVM_TMP"; sleep 0.2; }
w() { sed -n 's/^wall_s //p' $O/w; }
for i in 1 2 3 4 5 6 7 8; do
  endgs; $B/hrel_timed -o $O/w -t 60 -- /usr/bin/tjf >/dev/null 2>&1; echo "U $(w)"
  endgs; mkdir -p $O/t$i; LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$O/t$i HREL_TRACE_RUN=t$i PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN \
      $B/hrel_timed -o $O/w -t 60 -- /usr/bin/tjf >/dev/null 2>&1; echo "T $(w)"
  endgs; mkdir -p $O/m$i; LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$O/m$i HREL_TRACE_RUN=m$i \
      $B/hrel_timed -o $O/w -t 60 -- /usr/bin/tjf >/dev/null 2>&1; echo "M $(w)"
  endgs; LD_PRELOAD=$B/libhrel_trace.so PVM_EXPORT=LD_PRELOAD $B/hrel_timed -o $O/w -t 60 -- /usr/bin/tjf >/dev/null 2>&1; echo "L $(w)"
done
endgs; hrel_vm_stop
