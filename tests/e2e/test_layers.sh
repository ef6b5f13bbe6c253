#!/bin/bash
# test_layers.sh -- the layering rules of the README's Layout section hold:
# lib/ (libhrel and the hrel command) uses no PVM, lib/ never includes a
# pvmsrc/ header, each lib/ layer includes only its own folder and the layers
# below it (the order of Makefile.aimk's LAYER_* lines), and a pvmsrc/ family
# never includes another family. Ends with "N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARCH=${PVM_ARCH:-LINUX64}
pass=0 fail=0
check() { local what=$1; shift; if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL test_layers.sh: $what"; fi; }

check "libhrel.a is built" test -f "$ROOT/$ARCH/libhrel.a"
check "libhrel.a needs no pvm_ symbol" test -z "$(nm "$ROOT/$ARCH/libhrel.a" 2>/dev/null | grep -E ' U pvm_')"
check "bin/hrel is not linked with libpvm3" test -z "$(ldd "$ROOT/bin/$ARCH/hrel" 2>/dev/null | grep -i pvm)"
check "no lib/ file includes pvm3.h" test -z "$(grep -rl 'pvm3.h' "$ROOT/lib" --include='*.[ch]')"

# the headers each folder may include: its own and those of the layers Makefile.aimk names
headers_of() { for d in "$@"; do ls "$ROOT/$d"/*.h 2>/dev/null; done | xargs -n1 basename 2>/dev/null; }
bad=""
for layer in base io stats fit model hyper fft psrs cmd; do
    allowed=$(sed -n "s/^LAYER_$layer *= *//p" "$ROOT/Makefile.aimk")
    [ -n "$allowed" ] || { bad="$bad no-LAYER_$layer"; continue; }
    ok=$(headers_of $(for a in $allowed; do echo lib/$a; done))
    for f in "$ROOT"/lib/$layer/*.[ch]; do
        for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
            echo "$ok" | grep -qx "$h" || bad="$bad $(basename "$f"):$h"
        done
    done
done
check "every lib/ include points down the layers (wrong: ${bad:-none})" test -z "$bad"
bad=""
for fam in bench fft psrs tools examples; do
    [ -d "$ROOT/pvmsrc/$fam" ] || continue
    for other in bench fft psrs tools examples; do
        [ "$other" = "$fam" ] && continue
        for h in $(headers_of pvmsrc/$other); do
            grep -l "#include \"$h\"" "$ROOT"/pvmsrc/$fam/*.[ch] >/dev/null 2>&1 &&
                ! [ -f "$ROOT/pvmsrc/$fam/$h" ] && bad="$bad $fam->$other:$h"
        done
    done
done
check "no pvmsrc family includes another (wrong: ${bad:-none})" test -z "$bad"
echo "test_layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
