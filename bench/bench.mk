# bench/bench.mk - the fastmem benchmark (included by the top-level Makefile;
# paths are relative to the repository root).
#
#   make bench                   every section, against both libc baselines
#   make bench-quick             every section briefly (CI smoke test, no speed checks)
#   make bench SECTION=distance  one section, or a comma list of:
#                                overlap distance mismatch sweep fleet large limits cliff
#   make bench RUNS=3            three runs in three processes; the summary from each
#                                row's median time (on a shared machine: see
#                                bench/merge_runs.sh)
#   make bench-build             build only;  make bench-clean  removes bench/out
#   make bench-report [RUN=dir]  summary.txt and the plots again from dir/results.csv and
#                                dir/meta.txt (default: BENCH_OUT), written to BENCH_OUT;
#                                e.g. RUN=bench/out BENCH_OUT=/tmp/r
#   make bench-snapshot [NAME=x] copy the last run (CSV, summary, plots) to
#                                bench/results/x/, a local copy (git-ignored: only
#                                bench/results/<cpu>/summary.md is committed);
#                                x defaults to <cpu tag>-<day>, e.g. intel-06h-cfh-2026-11-30
#
#   BENCH_CFLAGS  compiler flags (default -O2: the run-time probe picks the path)
#   BENCH_WARN    warning flags (CI: BENCH_WARN="-Wall -Wextra -Werror")
#   BENCH_ARGS    extra arguments (bench/README.md): --libc=plain, --cpu-limit=MASK,
#                 --no-hugepages, --aslr, --cpu=N|any, --max-wait=S, --peers=avx2
#   BENCH_OUT     output directory (default bench/out): results.csv, summary.txt,
#                 meta.txt and the SVG plots
#   BENCH_DPDK    DPDK's include flags (default: pkg-config libdpdk, else
#                 /usr/include/dpdk); BENCH_DPDK=none builds without the column

BENCH__GOAL := $(.DEFAULT_GOAL)

BENCH_CC ?= $(CC)
BENCH_CFLAGS ?= -O2
BENCH_WARN ?= -Wall -Wextra
BENCH_LDLIBS ?= -lm -ldl
BENCH_OUT ?= bench/out
BENCH_ARGS ?=
RUNS ?= 1
BENCH_BIN = $(BENCH_OUT)/bench
BENCH__ARGS = $(if $(SECTION),--section=$(SECTION)) $(BENCH_ARGS)
BENCH__RUN = $(BENCH_BIN) --out=$(BENCH_OUT) $(BENCH__ARGS)

.PHONY: bench bench-quick bench-build bench-clean bench-snapshot bench-report bench-dpdk-flags

# RUNS=N: the benchmark N times, each in its own process (BENCH_OUT/run1 ...),
# then one results.csv and summary.txt of the rows' median times
# (bench/merge_runs.sh says why)
bench: $(BENCH_BIN)
ifeq ($(RUNS),1)
	$(BENCH__RUN)
else
	rm -rf $(BENCH_OUT)/run[0-9]*
	for i in $$(seq $(RUNS)); do $(BENCH_BIN) --out=$(BENCH_OUT)/run$$i $(BENCH__ARGS) || exit 1; done
	sh bench/merge_runs.sh $(BENCH_OUT) $$(seq -f '$(BENCH_OUT)/run%g' $(RUNS))
	$(BENCH_BIN) --out=$(BENCH_OUT) --report-only=$(BENCH_OUT)
endif

bench-quick: $(BENCH_BIN)
	$(BENCH__RUN) --quick

bench-build: $(BENCH_BIN)

bench-report: $(BENCH_BIN)
	$(BENCH_BIN) --out=$(BENCH_OUT) --report-only=$(or $(RUN),$(BENCH_OUT))

# DPDK's rte_memcpy (Debian: dpdk-dev) is a peer column when its header is
# found: bench/peer_dpdk.c is compiled once per ISA (DPDK picks its code by
# target macros only), and machine.c picks the build at run time. Generic
# tuning on purpose: gcc's -march=corei7 -mavx2 splits every unaligned
# 32-byte load in two (corei7 tuning), which no AVX2 user of DPDK gets.
BENCH_DPDK ?= $(or $(shell pkg-config --cflags-only-I libdpdk 2>/dev/null),$(patsubst %,-I%,$(wildcard \
	/usr/include/dpdk /usr/include/*/dpdk)))
BENCH__DPDK_INC = $(patsubst -I%,-isystem %,$(filter -I%,$(BENCH_DPDK)))
BENCH__DPDK_ISA_avx512 = -march=x86-64-v4 -DRTE_MEMCPY_AVX512
BENCH__DPDK_ISA_avx2 = -march=x86-64-v3
BENCH__DPDK_ISA_sse = -march=x86-64-v2
# the flags of that column's build for ISA (avx512, avx2 or sse); nothing
# where no DPDK headers were found (bench/ab.sh -p, test/run.sh)
bench-dpdk-flags:
	@$(if $(BENCH__DPDK_INC),echo '$(BENCH__DPDK_INC) $(BENCH__DPDK_ISA_$(or $(ISA),avx512))',:)

# The benchmark's files (bench.h is what they share; bench/README.md says
# what each holds); peer_dpdk.c is compiled apart, once per ISA.
BENCH__SRC = bench/main.c bench/harness.c bench/core_share.c bench/machine.c bench/sections_move.c \
	bench/sections_size.c bench/section_cliff.c bench/report.c bench/plot.c
BENCH__HDR = bench/bench.h bench/timing.h bench/core_probe.h

# The compiler and flags of the last build (RECORD_BUILD, top Makefile): make bench BENCH_CC=clang
# after a gcc build rebuilds instead of rerunning gcc's binary.
$(BENCH_OUT)/built-with: BUILT_WITH = $(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_WARN) $(BENCH_DPDK) $(BENCH_LDLIBS)
$(BENCH_OUT)/built-with: FORCE
	$(RECORD_BUILD)

$(BENCH_BIN): $(BENCH__SRC) $(BENCH__HDR) bench/peer_dpdk.c bench/bench.mk $(BENCH_OUT)/built-with \
	$(wildcard fastmem*.h fastmem/*.h)
	@mkdir -p $(BENCH_OUT); def=; objs=; \
	if [ "$(BENCH_DPDK)" != none ] && $(BENCH_CC) $(BENCH__DPDK_INC) $(BENCH__DPDK_ISA_sse) -DPEER_ISA=sse \
		-fsyntax-only bench/peer_dpdk.c 2>/dev/null; then \
		for isa in avx512 avx2 sse; do \
			case $$isa in avx512) f="$(BENCH__DPDK_ISA_avx512)";; avx2) f="$(BENCH__DPDK_ISA_avx2)";; \
			*) f="$(BENCH__DPDK_ISA_sse)";; esac; \
			( set -x; $(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_WARN) $(BENCH__DPDK_INC) $$f -DPEER_ISA=$$isa \
				-c bench/peer_dpdk.c -o $(BENCH_OUT)/peer_dpdk_$$isa.o ) || exit 1; \
			objs="$$objs $(BENCH_OUT)/peer_dpdk_$$isa.o"; \
		done; \
		{ echo '#define BENCH_HAVE_DPDK 1'; printf '#define BENCH_DPDK_FLAGS_%s "%s"\n' \
			avx512 "$(BENCH__DPDK_ISA_avx512)" avx2 "$(BENCH__DPDK_ISA_avx2)" \
			sse "$(BENCH__DPDK_ISA_sse)"; } > $(BENCH_OUT)/peer_config.h; \
		def="$$def -include $(BENCH_OUT)/peer_config.h"; \
	else echo "bench: no usable DPDK rte_memcpy.h (BENCH_DPDK=$(BENCH_DPDK); Debian: apt-get install dpdk-dev): no dpdk column"; fi; \
	set -x; $(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_WARN) -I. $$def \
		-DBENCH_FLAGS='"$(BENCH_CFLAGS)"' -o $@ $(BENCH__SRC) $$objs $(BENCH_LDLIBS)

bench-clean:
	rm -rf $(BENCH_OUT)

# NAME defaults to the run's own name: <cpu tag>[-avx2peers][-limit0xN]-<day>,
# e.g. intel-06h-cfh-2026-11-30 (written by the run to BENCH_OUT/run_name).
bench-snapshot:
	@test -f $(BENCH_OUT)/summary.txt || { echo "no run in $(BENCH_OUT): make bench first"; exit 1; }
	@name='$(NAME)'; [ -n "$$name" ] || name=$$(cat $(BENCH_OUT)/run_name 2>/dev/null); \
	test -n "$$name" || { echo "usage: make bench-snapshot NAME=<cpu>-<date>"; exit 1; }; \
	set -x; mkdir -p bench/results/$$name && \
	cp $(BENCH_OUT)/results.csv $(BENCH_OUT)/summary.txt $(BENCH_OUT)/meta.txt \
		$(BENCH_OUT)/*.svg bench/results/$$name/

.DEFAULT_GOAL := $(BENCH__GOAL)
