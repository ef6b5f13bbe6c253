#!/bin/bash
# late_compare.sh OUT.csv MODE [LATE_S]: the stored folders of the userspace wire's platforms
# (lan-coax-wire: held-out sets 1, 2 and 5, S20's cells, the coax matrices' cells laid out as
# ../predict_matrix_coax/reprice.sh does; lan-utp-wire: its held-out set) priced by this
# checkout's hrel predict as it is and with the wire's lateness priced, replay_pvmd against the
# untraced median (../tbf_ports/summary.py OUT.csv summarises). The lateness is the folder's
# wire.csv (what the characterisation measured: lan-coax-wire-5, S20), else LATE_S (default
# 7.218856e-05 s, lan-coax-wire-5's). MODE:
#   handover  hrel predict --wire-late: each packet handed over late (the opt-in that exists)
#   offer     each packet offered to the wire late, as hrel-wire reads a frame late (a scratch
#             build: scratch.patch, HREL_OFFER_LATE; built in a temporary clone, a minute)
set -u
out=$(realpath -m "${1:?OUT.csv}"); mode=${2:?MODE}; late=${3:-7.218856e-05}
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
H=$root/bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
case $mode in
handover) after=$H; how='exec "$H" "$@" --wire-late "$l"' ;;
offer)    git clone -q "$root" "$tmp/c" && (cd "$tmp/c" && git apply "$here/scratch.patch" && make -s >/dev/null 2>&1) ||
              { echo "late_compare: building the scratch hrel failed" >&2; exit 1; }
          after=$tmp/c/bin/${PVM_ARCH:-LINUX64}/hrel; how='HREL_OFFER_LATE=$l exec "$A" "$@"' ;;
*) echo "late_compare: MODE is handover or offer" >&2; exit 1 ;;
esac
cat >"$tmp/hrel_late" <<EOT
#!/bin/bash
H=$H A=$after
on=""; prev=""
for a in "\$@"; do [ "\$prev" = "--on" ] && on=\$a; prev=\$a; done
l=$late
[ -n "\$on" ] && [ -s "\$on/wire.csv" ] && l=\$(awk -F, '!/^#/ && \$1 != "frames" { print \$3 }' "\$on/wire.csv" | tail -n 1)
[ "\$1" = predict ] || exec "\$H" "\$@"
$how
EOT
chmod +x "$tmp/hrel_late"
for s in lan-coax-wire lan-coax-wire_fresh lan-coax-wire_third; do
    mkdir -p "$tmp/$s/cells" "$tmp/$s/char"
    cp -r "$here/../predict_matrix_coax/$s/cells" "$tmp/$s/cells/lan-coax-wire"
    cp -r "$here/../predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon" "$tmp/$s/char/"
    for c in "$tmp/$s/cells/lan-coax-wire"/*/; do
        for f in calibration lifecycle; do
            [ -s "$c/$f.csv" ] || cp "$tmp/$s/char/lan-coax-wire-daemon/$f.csv" "$c/"
        done
    done
done
cd "$here/.." || exit 1
MODEL=replay_pvmd tbf_ports/compare.sh "$H" "$tmp/hrel_late" heldout_daemon/lan-coax-wire/*/ \
    heldout_daemon/lan-coax-wire-2/*/ heldout_daemon/lan-coax-wire-5/*/ \
    predict_matrix_lancoaxwire/S20/cells/lan-coax-wire/*/ "$tmp"/lan-coax-wire*/cells/lan-coax-wire/*/ \
    heldout_daemon/lan-utp-wire/*/ | sed "s#$tmp/#predict_matrix_coax/#" >"$out"
