#!/bin/bash
# compare.sh [others]: replay_pvmd against replay_pvmd_shared (the same replay
# with every host's ranks and pvmds on the machine's 2 cores), priced by this
# checkout's hrel from the stored traces (copies; nothing stored is changed).
# Default: every stored set of fast-switch daemon-route cells and held-out
# programs; 'others': the stored sets of the other emulated LANs (lan-utp in the
# reference matrix and matrix D, lan-coax, lan-coax-wire, lan-utp-wire).
# Prints set,cell,replay_pvmd_pct,replay_pvmd_shared_pct (error % against the
# median of the untraced runs, + = predicted short), then per set and pooled:
# median and maximum |error| and the cells within 15 % (issue 22's goal on
# fast-switch). Run from the checkout's root.
set -eu
H=bin/${PVM_ARCH:-LINUX64}/hrel
R=docs/data/heldout_daemon/reprice_wire.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rows=$tmp/rows.csv; : >"$rows"
# a matrix folder: reprice a copy of its PLATFORM cells, read matrix.csv
matrix() {   # matrix SET DIR PLATFORM
    mkdir -p "$tmp/$1"
    cp -r "$2/cells" "$tmp/$1/cells"; cp -r "$2/char" "$tmp/$1/char"   # local's cells: predict_x
    [ ! -f "$2/info" ] || cp "$2/info" "$tmp/$1/"
    experiments/predict_matrix.sh --reprice --run "$tmp/$1" --platforms "$3" >/dev/null 2>"$tmp/$1.err" ||
        { echo "compare.sh: $2: $(tail -n 1 "$tmp/$1.err")" >&2; exit 1; }
    awk -F, -v s="$1" -v p="$3" '$1 != p { next }
        $3 == "daemon" && $4 == "same" && $5 == "replay_pvmd" { a[$2] = $10 }
        $3 == "daemon" && $4 == "same" && $5 == "replay_pvmd_shared" { b[$2] = $10 }
        END { for (c in a) if (c in b) printf "%s,%s,%.2f,%.2f\n", s, c, a[c], b[c] }' \
        "$tmp/$1/matrix.csv" | sort >>"$rows"
}
# held-out program folders: reprice_wire.sh plain and with --share-cpus
held() {   # held SET DIR
    "$R" "$H" "$2"/*/ | tail -n +2 | cut -d, -f1,3 | sort >"$tmp/a"
    REPRICE_OPTS=--share-cpus "$R" "$H" "$2"/*/ | tail -n +2 | cut -d, -f1,3 | sort >"$tmp/b"
    join -t, "$tmp/a" "$tmp/b" | sed "s/^/$1,/" >>"$rows"
}
if [ "${1:-}" = others ]; then
    matrix lan-utp-reference docs/data/predict_matrix lan-utp
    matrix lan-utp-D docs/data/predict_matrix_lcnow lan-utp
    for p in lan-coax lan-coax-wire; do   # laid out as a matrix by their reprice.sh
        docs/data/predict_matrix_coax/reprice.sh "$p" "$tmp/$p-m" >/dev/null 2>&1
        matrix "$p" "$tmp/$p-m" "$p"
    done
    held lan-coax-wire-fresh docs/data/predict_matrix_coax/lan-coax-wire_fresh/cells
    held lan-coax-wire-held docs/data/heldout_daemon/lan-coax-wire
    held lan-coax-wire-held-2 docs/data/heldout_daemon/lan-coax-wire-2
    held lan-utp-wire-held docs/data/heldout_daemon/lan-utp-wire
else
    matrix reference docs/data/predict_matrix fast-switch
    matrix D docs/data/predict_matrix_lcnow fast-switch
    for s in E F; do matrix "$s" "docs/data/predict_matrix_fastswitch/$s" fast-switch; done
    for s in 2 3 4; do held "held-$s" "docs/data/heldout_daemon/fast-switch-$s"; done
fi
echo "set,cell,replay_pvmd_pct,replay_pvmd_shared_pct"
cat "$rows"
awk -F, '
    function med(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function ab(x) { return x < 0 ? -x : x }
    function line(name, k,   i, n, x, y, mx, my, wx, wy) { n = cnt[k]; mx = my = wx = wy = 0
        for (i = 1; i <= n; i++) { x[i] = ab(P[k, i]); y[i] = ab(S[k, i])
            if (x[i] > mx) mx = x[i]; if (y[i] > my) my = y[i]; wx += x[i] <= 15; wy += y[i] <= 15 }
        printf "# %-10s %2d cells: replay_pvmd %5.1f / %5.1f %%, %2d within 15 %%; replay_pvmd_shared %5.1f / %5.1f %%, %2d within 15 %%\n", name, n, med(x, n), mx, wx, med(y, n), my, wy }
    { k = $1; cnt[k]++; P[k, cnt[k]] = $3; S[k, cnt[k]] = $4; if (!(k in seen)) { seen[k] = 1; order[++ns] = k }
      cnt["all"]++; P["all", cnt["all"]] = $3; S["all", cnt["all"]] = $4 }
    END { print "# median / max |error| per set and pooled"
          for (i = 1; i <= ns; i++) line(order[i], order[i]); line("pooled", "all") }' "$rows"
