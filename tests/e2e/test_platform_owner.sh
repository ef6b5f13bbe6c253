#!/bin/bash
# End-to-end test of emulated-platform ownership (issue 14 item 3): a platform
# brought up by one checkout is refused, with one line naming that checkout, to
# `up`, `run`, `down`, `probe` and `exec` of another checkout, and left working;
# `down --force` takes it down once its owning command no longer runs; the owner
# itself takes it down as before. Needs root (network namespaces).
# Prints "N passed, N failed".
. "$(dirname "$0")/common.sh"

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP test_platform_owner: network namespaces need root"; finish
fi
P=$ROOT/hostfiles/platform.sh
TG=$(printf %s "$ROOT" | cksum | cut -c1-4)
name=hrelown${TG}
printf 'hosts: 2\nmedium: switched\nrate: 100mbit\n' >"$T/$name.platform"
printf '* ep=%s wd=%s\noa\nob\n' "$T" "$T" >"$T/$name"
# "another checkout": its own HREL_ROOT (the owner record names it)
other=$T/other-checkout
mkdir -p "$other"
ns_up() { ip netns list | awk '{print $1}' | grep -qx "hrel.$name.sw"; }
ns_up_not() { ! ns_up; }
one_line() { [ "$(wc -l <"$1")" -eq 1 ]; }

HREL_ROOT=$other "$P" up "$T/$name.platform" >"$T/up.out" 2>&1
check "the other checkout brings it up ($(head -n 1 "$T/up.out"))" ns_up
check "owner record names the other checkout" grep -qx "root=$other" "/run/hrel/platform.$name"

for verb in down up probe exec run; do
    case $verb in
        down)  "$P" down "$name" ;;
        up)    "$P" up "$T/$name.platform" ;;
        probe) "$P" probe "$name" --seconds 1 ;;
        exec)  "$P" exec "$name" oa -- true ;;
        run)   "$P" run "$T/$name.platform" --no-probe -- true ;;
    esac >"$T/$verb.out" 2>"$T/$verb.err"; rc=$?
    check "$verb from this checkout refused (exit $rc)" [ "$rc" -ne 0 ]
    check "$verb: one line" one_line "$T/$verb.err"
    check "$verb: names the owning checkout" grep -qF "belongs to another checkout, $other" "$T/$verb.err"
    check "$verb: the platform is still up" ns_up
done
check "the other checkout's state is intact" test -r "$other/.pvm/platform.$name/info"
check "its owner record is intact" grep -qx "root=$other" "/run/hrel/platform.$name"

# the command that built it (up) has exited: --force may take it down
"$P" down "$name" --force >"$T/force.out" 2>"$T/force.err"; rc=$?
check "down --force of a platform whose owner command ended (exit $rc)" [ "$rc" -eq 0 ]
check "down --force says whose platform it took down" grep -qF "taking down the platform of $other" "$T/force.err"
check "down --force removed the namespaces" ns_up_not
check "down --force removed the owner record" test ! -e "/run/hrel/platform.$name"

# the owner's own up and down work as before, and leave no record
"$P" up "$T/$name.platform" >/dev/null 2>"$T/up2.err"
check "this checkout brings it up" ns_up
check "owner record names this checkout" grep -qx "root=$ROOT" "/run/hrel/platform.$name"
"$P" down "$name" >/dev/null 2>"$T/down2.err"; rc=$?
check "the owner takes it down (exit $rc)" [ "$rc" -eq 0 ]
check "nothing left: namespaces" ns_up_not
check "nothing left: owner record" test ! -e "/run/hrel/platform.$name"
finish
