#!/bin/bash
# run.sh -- build and run the libFuzzer harnesses of hrel's text readers.
#
#   tests/fuzz/run.sh [SECONDS]     each reader fuzzed for SECONDS (default 3)
#
# Builds .fuzz/fuzz_<reader> with clang -fsanitize=fuzzer,address,undefined
# (installs clang with apt-get when missing), starts each from its seed corpus
# tests/fuzz/corpus/<reader>/ (new inputs go to .fuzz/corpus/<reader>/, the
# seeds stay unchanged) with -rss_limit_mb=200 and -timeout=10, and prints one
# line per reader. Exit 1 when any reader crashed, leaked, timed out or went
# beyond 200 MB (the crashing input is kept in .fuzz/).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SECS=${1:-3}
case $SECS in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$SECS'" >&2; exit 2;; esac
READERS="csv fitcsv raw trace msgtrace pvmtrace fftconst psrsconst hyper ccm tev"
OUT=$ROOT/.fuzz
if ! command -v clang >/dev/null 2>&1; then
    apt-get install -y -q clang >/dev/null 2>&1 || { echo "run.sh: clang missing and apt-get install clang failed" >&2; exit 1; }
fi
mkdir -p "$OUT"
LAYERS="base io stats fit model hyper fft psrs"
INC=""; SRCS=""
for l in $LAYERS; do INC="$INC -I$ROOT/lib/$l"; SRCS="$SRCS $(ls "$ROOT"/lib/$l/*.c)"; done
FLAGS="-g -O1 -std=c99 -D_POSIX_C_SOURCE=200809L -DHREL_VERSION=\"fuzz\" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
fail=0
lib=$OUT/libhrel_fuzz.a
if [ ! -f "$lib" ] || [ -n "$(find "$ROOT/lib" -name '*.[ch]' -newer "$lib" | head -1)" ]; then
    rm -rf "$OUT/obj"; mkdir -p "$OUT/obj"
    for s in $SRCS; do
        # shellcheck disable=SC2086
        clang $FLAGS $INC -c -o "$OUT/obj/$(basename "$(dirname "$s")")_$(basename "$s" .c).o" "$s" \
            >>"$OUT/build.log" 2>&1 || { echo "fuzz: build FAILED (log: $OUT/build.log)"; exit 1; }
    done
    rm -f "$lib"; ar rcs "$lib" "$OUT"/obj/*.o
fi
for r in $READERS; do
    bin=$OUT/fuzz_$r
    if [ ! -x "$bin" ] || [ "$lib" -nt "$bin" ] || [ "$ROOT/tests/fuzz/fuzz_reader.c" -nt "$bin" ]; then
        # shellcheck disable=SC2086
        if ! clang $FLAGS -DFUZZ_$r $INC -o "$bin" "$ROOT/tests/fuzz/fuzz_reader.c" "$lib" \
                -lgsl -lgslcblas -lfftw3 -lm >"$OUT/build_$r.log" 2>&1; then
            echo "fuzz $r: build FAILED (log: $OUT/build_$r.log)"; fail=1; continue
        fi
    fi
    mkdir -p "$OUT/corpus/$r"
    # ASan keeps freed memory in a quarantine of 256 MB by default, above the 200 MB
    # RSS limit: a small quarantine keeps that limit about the reader's own memory
    ( cd "$OUT" && ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16} "$bin" -max_total_time="$SECS" -rss_limit_mb=200 -timeout=10 -max_len=65536 \
        -artifact_prefix="$OUT/crash_$r-" "$OUT/corpus/$r" "$ROOT/tests/fuzz/corpus/$r" \
        >"$OUT/run_$r.log" 2>&1 )
    rc=$?
    runs=$(grep -o 'Done [0-9]* runs' "$OUT/run_$r.log" | grep -o '[0-9]*')
    if [ "$rc" -eq 0 ]; then
        echo "fuzz $r: ok (${runs:-?} runs in ${SECS}s)"
    else
        echo "fuzz $r: FAILED (exit $rc; log: $OUT/run_$r.log)"; fail=1
    fi
done
exit $fail
