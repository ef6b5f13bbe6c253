#!/usr/bin/env python3
"""gen.py N B [B2]: hrel_pvmdcpu's remote ping-pong as a message-level trace (msgs.csv on
stdout): N round trips, B bytes from rank 0 (host 1) and B2 (default B) back from rank 1
(host 2), no computation between the calls."""
import sys
n=int(sys.argv[1]); b=int(sys.argv[2]); b2=int(sys.argv[3]) if len(sys.argv)>3 else b
D=1e-4
print("# ranks: 2\nrank,host,kind,peers,bytes,tag,t_begin,t_end,inside,gap_cpu_s,gap_blocked")
print("0,1,start,,0,-1,0.000000,0.000000,,0,0")
print("0,1,spawn,1,0,-1,0.000000,0.000000,,0,0")
for i in range(n):
    T=i*D; print(f"0,1,send,1,{b},1,{T:.6f},{T:.6f},,0,0"); print(f"0,1,recv,1,{b2},2,{T:.6f},{T+D:.6f},,0,0")
print("1,2,start,,0,-1,0.000000,0.000000,,0,0")
for i in range(n):
    T=i*D; s=max(T-D/2,0); print(f"1,2,recv,0,{b},1,{s:.6f},{T+D/2:.6f},,0,0"); print(f"1,2,send,0,{b2},2,{T+D/2:.6f},{T+D/2:.6f},,0,0")
