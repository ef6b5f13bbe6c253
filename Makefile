# hrel front door. The real build is Makefile.aimk, run through PVM's aimk.
#
#   make            install missing Debian packages, build everything (aimk)
#   make check      build, then run every test (unit + end-to-end on a private pvmd)
#                   (SANITIZE=1: unit + CLI tests on an ASan+LSan+UBSan build instead)
#   make study      build, then run the pattern study on a local virtual machine
#                   (PLATFORM=local by default; see hostfiles/)
#   make fuzz       fuzz every text reader with libFuzzer+ASan+UBSan (FUZZ_SECONDS=60 each)
#   make bench      suite PingPong, bare PVM ping-pong, NetPIPE (netpipe-pvm, installed on
#                   first use), raw TCP and the bare ping-pong under the preload
#                   tracer, interleaved in rounds, ratios with spread, the tracer's
#                   ns per message (PLATFORM=local by default; BENCH_ARGS=--rounds/-r/-s ...)
#   make bench-scale  replay, daemon model, BSPWB/MPM and trace import on synthetic traces of
#                   10^5 and 10^6 events (SCALE_ARGS=--big adds 10^7): events/s, bytes/event,
#                   figure (experiments/bench_scale.sh, docs/scale.md)
#   make compare    g and L per pattern across platforms (newest run of each)
#   make paper      all tables and figures of RUNS="DIR ..." (default: every
#                   results/*/ with tables.tex) in one PDF, results/paper/paper.pdf
#                   (installs pdflatex from Debian's texlive on first use)
#   make clean      remove build output (results/ is kept)

PLATFORM ?= local
export PVM_ROOT  ?= /usr/lib/pvm3
export HREL_ROOT := $(CURDIR)

# The build's output goes to .log/build.log: the terminal gets one line, the
# compiler's warnings, and on failure the errors and the log's path.
# PVM's aimk passes the source directory to make unquoted, and make cannot name
# files with spaces: a checkout whose path holds a space is built through a
# symbolic link without one (/tmp/hrel-src-UID-CHECKSUM, remade on every build).
all:
	@experiments/deps.sh
	@mkdir -p .log; src=$$PWD; \
	case "$$src" in *[[:space:]]*) \
	    src=/tmp/hrel-src-$$(id -u)-$$(printf '%s' "$$PWD" | cksum | cut -d' ' -f1); \
	    ln -sfn "$$PWD" "$$src" || exit 1 ;; esac; \
	if (cd "$$src" && PVM_ROOT=$(PVM_ROOT) aimk) > .log/build.log 2>&1; then \
	    grep -E 'warning:' .log/build.log >&2 || true; \
	    echo "hrel: built (log: .log/build.log)"; \
	else \
	    grep -E 'error|warning:|Error' .log/build.log | head -n 20 >&2; \
	    echo "hrel: build FAILED; full log: $(CURDIR)/.log/build.log" >&2; exit 1; \
	fi

# SANITIZE=1: the unit tests and the analysis command's tests on an ASan+LSan+UBSan
# build of its own (LINUX64-san/, bin/LINUX64-san/; tests/sanitize.sh)
check: all
	@experiments/deps.sh pvm-examples
	@$(if $(filter 1,$(SANITIZE)),tests/sanitize.sh,tests/run.sh)

# libFuzzer runs of every text reader (tests/fuzz/run.sh; FUZZ_SECONDS each, default 60)
fuzz:
	@tests/fuzz/run.sh $(or $(FUZZ_SECONDS),60)

study: all
	@experiments/study.sh $(if $(HOSTFILE),--hostfile $(HOSTFILE),--platform $(PLATFORM)) $(STUDY_ARGS)

bench: all
	@experiments/deps.sh netpipe-pvm
	@experiments/bench.sh $(if $(HOSTFILE),--hostfile $(HOSTFILE),--platform $(PLATFORM)) $(BENCH_ARGS)

bench-scale: all
	@experiments/deps.sh time
	@experiments/bench_scale.sh $(SCALE_ARGS)

compare: all
	@experiments/compare.sh --latest

paper: all
	@experiments/deps.sh texlive-latex-base texlive-latex-recommended
	@experiments/paper.sh $(RUNS)

clean:
	@if command -v aimk >/dev/null 2>&1; then PVM_ROOT=$(PVM_ROOT) aimk clean >/dev/null; fi
	rm -rf LINUX*/ bin/ tests/tmp .pvm

.PHONY: all check study bench bench-scale compare paper clean fuzz
