#!/bin/bash
# reimport.sh COPY [PLATFORM]: in a scratch copy of a stored matrix, each cell's
# predicting run imported again from its kept tev files by this checkout's hrel (so
# the trace carries what the models now read) into the cell's predicting_msgs.csv.
# Prints '# MATRIX CELL: no tev files' or '... import failed' for a cell it cannot
# import; exit 1 when there was one. PLATFORM: the cells' folder (default local).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
d=${1:?usage: reimport.sh COPY [PLATFORM]} plat=${2:-local} rc=0
for pm in "$d"/cells/"$plat"/*/predicting_msgs.csv; do
    c=$(dirname "$pm") r=$(sed -n '1s|^# source: .*/\(run[0-9]*\)/tev$|\1|p' "$pm")
    if [ -z "$r" ] || [ ! -d "$c/$r/tev" ]; then
        echo "# $(basename "$d") $(basename "$c"): no tev files"; rc=1
    elif ! { "$HREL" trace import "$c/$r/tev" -o "$c/$r" >/dev/null 2>&1 && cp "$c/$r/msgs.csv" "$pm"; }; then
        echo "# $(basename "$d") $(basename "$c"): import failed"; rc=1
    fi
done
exit $rc
