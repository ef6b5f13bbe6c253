#!/bin/sh
# Install the Debian packages hrel needs, if any is missing. Quiet when all are there.
# Usage: experiments/deps.sh [extra-package ...]
# apt's output goes to .log/deps.log (HREL_LOG_DIR); the terminal gets one line, and on failure the log's path.
# gfortran is optional: where it cannot be installed, one line says so and the build skips the Fortran examples.
set -e
for a in "$@"; do
    case "$a" in
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "deps.sh: unknown option '$a' (see --help)" >&2; exit 2 ;;
    esac
done
pkgs="pvm pvm-dev libgsl-dev gnuplot-nox libfftw3-dev make gcc $*"
optional="gfortran"
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing="" optmissing=""
for p in $pkgs; do have "$p" || missing="$missing $p"; done
for p in $optional; do have "$p" || optmissing="$optmissing $p"; done
[ -z "$missing$optmissing" ] && exit 0
logdir=${HREL_LOG_DIR:-$(cd "$(dirname "$0")/.." && pwd)/.log}
mkdir -p "$logdir" || { echo "deps.sh: cannot create $logdir" >&2; exit 1; }
log=$logdir/deps.log
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
: >"$log"
updated=0
apt_install() {   # apt_install PKG...: apt-get update (once), then install; output into the log
    { [ $updated = 1 ] || { $SUDO apt-get update -qq && updated=1; }; } &&
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@"
} >>"$log" 2>&1
if [ -n "$missing" ]; then
    echo "hrel: installing missing Debian packages:$missing (log: $log)" >&2
    # shellcheck disable=SC2086  # a list of package names
    if ! apt_install $missing; then
        grep -E '^(E|W):' "$log" | head -n 5 >&2
        echo "hrel: installing$missing FAILED; full log: $log" >&2
        exit 1
    fi
fi
if [ -n "$optmissing" ]; then
    [ -n "$missing" ] || echo "hrel: installing missing Debian packages:$optmissing (log: $log)" >&2
    # shellcheck disable=SC2086
    if ! apt_install $optmissing; then
        echo "hrel: optional$optmissing could not be installed (log: $log); the Fortran examples are skipped" >&2
        exit 0
    fi
fi
# apt's warnings reach the terminal (W: lines), the rest stays in the log
grep '^W:' "$log" >&2 || true
