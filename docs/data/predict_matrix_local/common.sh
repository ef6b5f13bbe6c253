# Sourced by refit.sh and sizes.sh: H (this folder), ROOT (the checkout), HREL,
# t (a scratch folder, removed on exit); side_by_side A B LABEL_A LABEL_B SET
# prints the replay's summary rows of the matrix folders A and B ("# SET LABEL:
# ...") and, per cell, its error in A and in B ("SET| cell | route | A | B").
H=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$H/../../.." && pwd)
HREL=$ROOT/bin/LINUX64/hrel
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
side_by_side() {
    local a=$1 b=$2 la=$3 lb=$4 s=$5
    grep '^| local | \(daemon\|direct\) | same | replay |' "$a/summary.md" | sed "s/^/# $s $la: /"
    grep '^| local | \(daemon\|direct\) | same | replay |' "$b/summary.md" | sed "s/^/# $s $lb: /"
    paste -d'|' <(grep '^| local' "$a/cells.md" | awk -F'|' '{ print $3 "|" $4 "|" $13 }') \
                <(grep '^| local' "$b/cells.md" | awk -F'|' '{ print $13 }') | sed "s/^/$s|/"
}
