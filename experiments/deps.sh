#!/bin/sh
# Install the Debian packages hrel needs, if any is missing. Quiet when all are there.
# Usage: experiments/deps.sh [extra-package ...]
set -e
for a in "$@"; do
    case "$a" in
        -h|--help) sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "deps.sh: unknown option '$a' (see --help)" >&2; exit 2 ;;
    esac
done
pkgs="pvm pvm-dev libgsl-dev gnuplot-nox libfftw3-dev make gcc $*"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "hrel: installing missing Debian packages:$missing" >&2
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >&2
