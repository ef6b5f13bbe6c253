"""pvmd_pcap -- the pvmds' UDP datagrams in a pcap file (tcpdump -w, Ethernet,
any snap length of 54 bytes or more): packets(FN) yields, per IPv4 UDP datagram
with a pvmd header (its first fragment), (time s, source address's last byte, destination's last
byte, UDP length, pvmd sequence number, pvmd ack number). FN, or FN.gz when FN
is not there. Shared by pcap_resends.py, ring_storm/storm.py and coax_ring/*.py."""
import gzip
import os
import struct


def packets(fn):
    with (open(fn, 'rb') if os.path.exists(fn) else gzip.open(fn + '.gz', 'rb')) as f:
        f.read(24)
        while True:
            hh = f.read(16)
            if len(hh) < 16:
                return
            ts, tu, cl, _ = struct.unpack('<IIII', hh)
            ip = f.read(cl)[14:]
            if len(ip) < 20 or ip[9] != 17:
                continue
            if struct.unpack('>H', ip[6:8])[0] & 0x1fff:   # not a first fragment
                continue
            udp = ip[(ip[0] & 15) * 4:]
            p = udp[8:]
            if len(p) < 12:
                continue
            ulen = struct.unpack('>H', udp[4:6])[0]
            _, _, seq, ack = struct.unpack('>IIHH', p[:12])
            yield ts + tu / 1e6, ip[15], ip[19], ulen, seq, ack
