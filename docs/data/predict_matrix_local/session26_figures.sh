#!/bin/bash
# session26_figures.sh: the figures of docs/predict.md's "The spawn of one task" (session 26)
# from the stored local matrices N, O, P (lifecycle.csv measured the old way), Q and R (each
# spawn a fresh copy's first). Output: session26_figures.txt
#   1. per set: the traced spawns of 1 and of 3 tasks (median of every traced run's spawn,
#      ms) against what the cells' lifecycle.csv prices them at (spawn,1; for 3 tasks the
#      line through spawn,1 and spawn,4), as the range over the set's cells;
#   2. per set and daemon-route cell: the median of the untraced runs, of the traced runs,
#      and the traced over the untraced (%);
#   3. the examples' passes 26 and 26b (../pvm_examples/session26, session26b): their untraced
#      runs inside the replay's 80 % interval, and each program's lifecycle.csv's spawn of one
#      task (median, ms);
#   4. ge's trace of pass 26 priced with its own lifecycle.csv and with four other programs'
#      of the same pass (the rest of its characterisation unchanged);
#   5. psrs (direct route): R's cell priced with R's files, then with each of N's swapped in
#      one at a time (N's predicting trace last), and both cells' spawn of one task;
#   6. fast-switch matrix I's characterisation (direct route): its samples over 0.15 s
#      (TCP's retransmission timeout) per pattern, processes and size;
#   7. Q's spawns of 3 tasks: the call's return and the children's enrolments after its begin
#      (traced: median over the runs of the 1st, 2nd, 3rd to enrol; ms), against what
#      the cell's lifecycle.csv prices (the return, then each child a spawn_start later).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python3 - "$here" <<'PY'
import sys, os, csv, glob, statistics as st
here = sys.argv[1]
sets = [s for s in 'NOPQR' if os.path.isdir(os.path.join(here, s))]
def lc(path):
    m = {}
    for r in csv.reader(l for l in open(path) if not l.startswith('#')):
        if r[0] != 'event' and r[2] == 'local':
            m[(r[0], int(r[1]))] = 1e3 * float(r[4])
    return m
print('# 1. spawns of 1 and 3 tasks: traced (median over every run) and lifecycle-priced (range over cells), ms')
print('%-4s %2s %6s %8s %16s' % ('set', 'k', 'spawns', 'traced', 'lifecycle'))
for s in sets:
    tr = {1: [], 3: []}; pr = {1: [], 3: []}; s1 = []
    for c in sorted(glob.glob(os.path.join(here, s, 'cells/local/*/'))):
        ks = set()
        for f in glob.glob(c + 'run*/msgs.csv'):
            for line in open(f):
                r = line.split(',')
                if len(r) > 7 and r[2] == 'spawn':
                    k = len(r[3].split(';'))
                    if k in tr:
                        tr[k].append(1e3 * (float(r[7]) - float(r[6]))); ks.add(k)
        m = lc(c + 'lifecycle.csv')
        s1.append(m[('spawn', 1)])
        for k in ks:
            pr[k].append(m[('spawn', 1)] + (m[('spawn', 4)] - m[('spawn', 1)]) * (k - 1) / 3)
    for k in (1, 3):
        print('%-4s %2d %6d %8.2f %7.2f to %5.2f' % (s, k, len(tr[k]), st.median(tr[k]), min(pr[k]), max(pr[k])))
    print('     the cells\' lifecycle.csv, spawn,1: ' + ' '.join('%.2f' % v for v in sorted(s1)))
print('# 2. daemon-route cells: median of the untraced and of the traced runs (s), traced/untraced - 1 (%)')
print('%-4s %-9s %8s %8s %7s' % ('set', 'cell', 'untraced', 'traced', '%'))
for s in sets:
    for c in sorted(glob.glob(os.path.join(here, s, 'cells/local/*/'))):
        pu = c + 'predict_untraced.csv'
        if '# route: daemon' not in open(pu).read():
            continue
        u = [float(x) for x in next(l for l in open(pu) if l.startswith('# measured_runs_s:')).split(':')[1].split(',')]
        t = [float(open(f).read()) for f in glob.glob(c + 'run*/time')]
        print('%-4s %-9s %8.4f %8.4f %+7.1f' % (s, os.path.basename(c.rstrip('/')), st.median(u), st.median(t), 100 * (st.median(t) / st.median(u) - 1)))
PY
for pass in session26 session26b; do
echo "# 3. the examples' $pass: runs inside the replay's 80 % interval; lifecycle.csv's spawn,1 (ms)"
tot=0 in=0
for d in "$here/../pvm_examples/$pass"/*/; do
    read -r k n < <(awk -F, '$1 == "replay" { lo = $5; hi = $6 } /^# measured_runs_s:/ { sub(/^# measured_runs_s: /, ""); m = $0 }
        END { n = split(m, v, ","); for (i = 1; i <= n; i++) k += (v[i] >= lo && v[i] <= hi); print k + 0, n }' "$d/predict_untraced.csv")
    tot=$((tot + n)) in=$((in + k))
    printf '%-10s %s of %s inside; spawn,1 %s\n' "$(basename "$d")" "$k" "$n" \
        "$(awk -F, '$1 == "spawn" && $2 == 1 && $3 == "local" { printf "%.2f", 1e3 * $5 }' "$d/lifecycle.csv")"
done
echo "$pass: $in of $tot"
done
ex=$here/../pvm_examples/session26
echo "# 4. ge (untraced median $(awk -F, '$1 == "replay" { print $3 }' "$ex/ge/predict_untraced.csv") s) priced with each program's lifecycle.csv"
H=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# price MSGS ON ROUTE: hrel predict's prediction of the trace MSGS on the folder ON, "X s"
price() {
    "$H" predict "$1" --on "$2" --platform local --route "$3" --hosts-from "$1" |
        sed -n 's/^predicted: \([0-9.e-]*\) s.*/\1 s/p'
}
cp -r "$ex/ge" "$tmp/on"
for p in ge fgexample gexamp thb tjf; do
    cp "$ex/$p/lifecycle.csv" "$tmp/on/"
    printf '%-10s %s\n' "$p" "$(price "$ex/ge/trace/msgs.csv" "$tmp/on" daemon)"
done
echo "# 5. psrs, direct route: R's cell with N's files swapped in one at a time"
for t in R N; do
    mkdir -p "$tmp/ps$t"; cp "$here/$t/cells/local/psrs/predicting_msgs.csv" "$tmp/ps$t/msgs.csv"
    r=$(sed -n 's|^# trace: .*/\(run[0-9]*\) .*|\1|p' "$here/$t/cells/local/psrs/hrel_predict.txt")
    cp "$here/$t/cells/local/psrs/$r/calibration.csv" "$tmp/ps$t/"
done
for f in none fit.csv sizes.csv setup.csv lifecycle.csv calibration.csv trace; do
    rm -rf "$tmp/on"; cp -r "$here/R/cells/local/psrs" "$tmp/on"; tr=R
    case $f in none) ;; trace) tr=N ;; *) cp "$here/N/cells/local/psrs/$f" "$tmp/on/" ;; esac
    printf '%-16s %s\n' "$f" "$(price "$tmp/ps$tr/msgs.csv" "$tmp/on" direct)"
done
for t in N R; do
    awk -F, -v t="$t" '$1 == "replay" { printf "%s as priced: %s s, untraced median %s s", t, $2, $3 }' \
        "$here/$t/cells/local/psrs/predict_untraced.csv"
    awk -F, '$1 == "spawn" && $2 == 1 && $3 == "local" { printf "; its lifecycle.csv: spawn,1 %.2f ms\n", 1e3 * $5 }' \
        "$here/$t/cells/local/psrs/lifecycle.csv"
done
echo "# 6. fast-switch matrix I's characterisation, direct route: samples over 0.15 s"
awk -F, '!/^#/ && $1 != "pattern" { k = $1 " " $2 " procs, " $4 " B"; n[k]++; if ($6 > 0.15) s[k]++ }
    END { for (k in s) printf "%s: %d of %d samples\n", k, s[k], n[k]; if (length(s) == 0) print "none" }' \
    "$here/../predict_matrix_fastswitch/I/char/fast-switch-direct/raw.csv"
echo "# 7. Q's spawns of 3 tasks: the return and the 1st, 2nd, 3rd child's enrolment after the call's begin (ms)"
python3 - "$here/Q/cells/local" <<'PY'
import sys, os, csv, glob, statistics as st
for c in sorted(glob.glob(os.path.join(sys.argv[1], '*/'))):
    enr = [[], [], []]; ret = []
    for f in glob.glob(c + 'run*/msgs.csv'):
        rows = [l.split(',') for l in open(f) if not l.startswith('#') and not l.startswith('rank')]
        sp = [r for r in rows if r[2] == 'spawn' and len(r[3].split(';')) == 3]
        if not sp:
            continue
        b = float(sp[0][6]); ret.append(1e3 * (float(sp[0][7]) - b))
        kids = [int(x) for x in sp[0][3].split(';')]
        en = sorted(1e3 * (float(r[7]) - b) for r in rows if r[2] == 'enrol' and int(r[0]) in kids)
        for i in range(min(3, len(en))):
            enr[i].append(en[i])
    if not ret:
        continue
    m = {}
    for r in csv.reader(l for l in open(c + 'lifecycle.csv') if not l.startswith('#')):
        if r[0] != 'event' and r[2] == 'local':
            m[(r[0], int(r[1]))] = 1e3 * float(r[4])
    s3 = m[('spawn', 1)] + (m[('spawn', 4)] - m[('spawn', 1)]) * 2 / 3
    ss = [m[('spawn_start', 1)] + i * (m[('spawn_start', 4)] - m[('spawn_start', 1)]) / 3 for i in range(3)]
    print('%-9s traced: return %.2f, enrolled %s | priced: return %.2f, enrolled %s' % (
        os.path.basename(c.rstrip('/')), st.median(ret), ' '.join('%.2f' % st.median(x) for x in enr),
        s3, ' '.join('%.2f' % (s3 + x) for x in ss)))
PY
