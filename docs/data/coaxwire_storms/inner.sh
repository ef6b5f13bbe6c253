#!/bin/bash
# inner.sh VARIANT OUT -- PROGRAM [ARGS]: one timed run of PROGRAM in the virtual machine
# `hostfiles/platform.sh run` has started, as predict.sh's --inner runs it; prints one CSV row
# variant,wall_s,big_datagrams,collisions,deferrals to OUT/rows.csv. VARIANT:
#   U  untraced (predict.sh's untraced run)
#   T  traced by hrel's preload tracer (predict.sh's traced run)
#   L  the tracer loaded in every task (LD_PRELOAD exported) but not recording (no HREL_TRACE_DIR)
set -u
v=${1:?VARIANT}; out=${2:?OUT}; shift 3
B=$HREL_ROOT/bin/$PVM_ARCH
big() { local f b=0 y; for f in "$HREL_PLATFORM_STATE"/ns.*; do
          [ "$f" = "$HREL_PLATFORM_STATE/ns.sw" ] && continue
          y=$(ip netns exec "$(cat "$f")" awk '$1=="Ip:" && $2!~/^[0-9]/{for(i=2;i<=NF;i++)h[i]=$i;next}
               $1=="Ip:"{for(i=2;i<=NF;i++)if(h[i]=="FragOKs")print $i}' /proc/net/snmp); b=$((b + y)); done; echo $b; }
ctr() { kill -USR1 "$HREL_WIRE_PID"; sleep 0.3
        grep '^hrel-wire: frames_in' "$HREL_WIRE_LOG" | tail -n 1 | sed 's/.* collisions \([0-9]*\) deferrals \([0-9]*\).*/\1 \2/'; }
"$B/hrel_pvmdrtt" >/dev/null 2>&1
b0=$(big); read -r c0 d0 < <(ctr)
case $v in
U) PVMTRCBUF=4000000 "$B/hrel_timed" -o "$out/w.$$" -t 120 -k 5 -- "$@" >/dev/null 2>&1 </dev/null ;;
T) mkdir -p "$out/tev.$$"
   LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$out/tev.$$ HREL_TRACE_RUN=T$$ \
   PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN \
     "$B/hrel_timed" -o "$out/w.$$" -t 120 -k 5 -- "$@" >/dev/null 2>&1 </dev/null ;;
L) LD_PRELOAD=$B/libhrel_trace.so PVM_EXPORT=LD_PRELOAD \
     "$B/hrel_timed" -o "$out/w.$$" -t 120 -k 5 -- "$@" >/dev/null 2>&1 </dev/null ;;
esac
b1=$(big); read -r c1 d1 < <(ctr)
w=$(sed -n 's/^wall_s //p' "$out/w.$$"); rm -f "$out/w.$$"
echo "$v,$w,$((b1 - b0)),$((c1 - c0)),$((d1 - d0))" >>"$out/rows.csv"
