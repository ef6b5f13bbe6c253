#!/bin/bash
# Memory follows the size of the input file (issue 14): a 1 MB line that the
# CSV reader refuses (a header of 1 048 576 empty columns, a data row with
# 1 048 576 fields) is refused before it is split into fields, so reading it
# costs about the file itself, not one allocation per field. Checked through
# `hrel fit`'s peak RSS (GNU time) against the same command on a small file:
# the 1 MB input may add at most 8 MB (it added 42 MB when every field was
# copied before the count was checked).
. "$(dirname "$0")/common.sh"
[ -x /usr/bin/time ] || "$ROOT/experiments/deps.sh" time >/dev/null 2>&1
# peak RSS in KB of `hrel fit FILE --csv`, its stderr in $T/err
rss() { /usr/bin/time -f '%M' -o "$T/time" "$BIN/hrel" fit "$1" --csv >/dev/null 2>"$T/err"; tail -n 1 "$T/time"; }
printf 'pattern,procs,h,msg_bytes,rep,seconds\nE,2,64,32,0,0.1\n' >"$T/small.csv"
head -c 1048575 /dev/zero | tr '\0' ',' >"$T/header.csv"; echo >>"$T/header.csv"
{ printf 'pattern,procs,h,msg_bytes,rep,seconds\n'; head -c 1048500 /dev/zero | tr '\0' ','; echo; } >"$T/row.csv"
base=$(rss "$T/small.csv")
hdr=$(rss "$T/header.csv")
check "1 MB header refused: one line naming the column limit" \
    grep -qx "hrel fit: $T/header.csv:1: 1048576 columns in the header (at most 1024)" "$T/err"
row=$(rss "$T/row.csv")
check "1 MB row refused: one line naming its field count" \
    grep -qx "hrel fit: $T/row.csv:2: 1048501 fields, the header has 6" "$T/err"
echo "peak RSS: small file $base KB, 1 MB header $hdr KB, 1 MB row $row KB"
check "1 MB header costs at most 8 MB more than a small file" test "$hdr" -le $((base + 8192))
check "1 MB row costs at most 8 MB more than a small file" test "$row" -le $((base + 8192))
finish
