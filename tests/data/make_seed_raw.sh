#!/bin/sh
# make_seed_raw.sh -- write a SYNTHETIC raw.csv shaped like the benchmark's output,
# built from the seeds' published 8-processor times (seeds_000_pi1.csv, tables
# E.1..AA.1 of 000_0ad89ef62bbe2d0a.txt) plus invented processor dependence and
# noise. It is NOT a measurement: it exists to try the fit, the tables and the
# figures before real data exist. The metadata says so ("# synthetic: yes").
#
# Usage: tests/data/make_seed_raw.sh [ARCH [REPS [SEED]]] > raw.csv
#   ARCH  ORIGIN, SP2, UTP or COA (default UTP)
#   REPS  repetitions per (pattern, procs, h) (default 10)
#   SEED  random seed (default 1)
# Made-up parts: times at p processors are the 8-processor time times
# (1 + 0.04*(8-p)/2) for E and PP and (1 - 0.03*(8-p)/2) for OA, AO, AA; each
# repetition multiplies by exp(N(0, 0.03)) and, one time in twenty, by 1.3 (a
# slow outlier). Processor sets as in the seeds: {2,4,6,8} for E, PP and
# {4,6,8} for OA, AO, AA; msg_bytes from formula (4) of 002.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
arch=${1:-UTP}
reps=${2:-10}
seed=${3:-1}
awk -F, -v arch="$arch" -v reps="$reps" -v seed="$seed" '
BEGIN {
    srand(seed)
    print "# suite: hrel (synthetic test data, tests/data/make_seed_raw.sh)"
    print "# synthetic: yes -- seeds'"'"' 8-processor times of " arch " plus invented noise"
    print "# platform: synthetic-" arch
    print "# packet unit: bytes"
    print "# repetitions: " reps
    print "pattern,procs,h,msg_bytes,rep,seconds"
}
function gauss(   u, v) { u = rand(); v = rand(); if (u < 1e-12) u = 1e-12
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v) }
/^#/ || /^arch,/ { next }
$1 == arch {
    pat = $2; h = $3; t8 = $4
    if (pat == "E" || pat == "PP") { np = 4; P[1] = 2; P[2] = 4; P[3] = 6; P[4] = 8 }
    else { np = 3; P[1] = 4; P[2] = 6; P[3] = 8 }
    for (i = 1; i <= np; i++) {
        p = P[i]
        f = (pat == "E" || pat == "PP") ? 1 + 0.04 * (8 - p) / 2 : 1 - 0.03 * (8 - p) / 2
        if (pat == "E") m = h / 2
        else if (pat == "PP") m = h
        else if (pat == "AA") m = h / (2 * (p - 1))
        else m = h / (p - 1)
        for (r = 0; r < reps; r++) {
            t = t8 * f * exp(0.03 * gauss())
            if (rand() < 0.05) t *= 1.3
            printf "%s,%d,%d,%d,%d,%.6g\n", pat, p, h, int(m), r, t
        }
    }
}' "$dir/seeds_000_pi1.csv"
