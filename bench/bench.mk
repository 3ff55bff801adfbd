# bench/bench.mk - the fastmem benchmark (included by the top-level Makefile;
# paths are relative to the repository root).
#
#   make bench                   every section, against both libc baselines
#   make bench-quick             every section briefly (CI smoke test, no speed checks)
#   make bench SECTION=seed003   one section, or a comma list of:
#                                seed000 seed003 seed004 sweep random large limits
#   make bench-build             build only;  make bench-clean  removes bench/out
#   make bench-snapshot NAME=x   copy the last run (CSV, summary, plots) to
#                                bench/results/x/ to be committed (README figures)
#
#   BENCH_CFLAGS  compiler flags (default -O2: the run-time probe picks the path)
#   BENCH_WARN    warning flags (CI: BENCH_WARN="-Wall -Wextra -Werror")
#   BENCH_ARGS    extra arguments: --libc=plain, --cpu-limit=MASK, --no-hugepages,
#                 --cpu=N or --cpu=any
#   BENCH_OUT     output directory (default bench/out): results.csv, summary.txt,
#                 meta.txt and the SVG plots

BENCH__GOAL := $(.DEFAULT_GOAL)

BENCH_CC ?= $(CC)
BENCH_CFLAGS ?= -O2
BENCH_WARN ?= -Wall -Wextra
BENCH_LDLIBS ?= -lm -ldl
BENCH_OUT ?= bench/out
BENCH_ARGS ?=
BENCH_BIN = $(BENCH_OUT)/bench
BENCH__RUN = $(BENCH_BIN) --out=$(BENCH_OUT) $(if $(SECTION),--section=$(SECTION)) $(BENCH_ARGS)

.PHONY: bench bench-quick bench-build bench-clean bench-snapshot

bench: $(BENCH_BIN)
	$(BENCH__RUN)

bench-quick: $(BENCH_BIN)
	$(BENCH__RUN) --quick

bench-build: $(BENCH_BIN)

# fm_path_name() is used when the header provides it (probed at build time).
$(BENCH_BIN): bench/bench.c bench/bench.mk $(wildcard fastmem*.h fastmem/*.h)
	@mkdir -p $(BENCH_OUT)
	@printf '#include "fastmem.h"\nint main(void) { return !fm_path_name(); }\n' > $(BENCH_OUT)/probe.c; \
	if $(BENCH_CC) -I. -Werror=implicit-function-declaration -fsyntax-only $(BENCH_OUT)/probe.c \
		2>/dev/null; then def=-DBENCH_HAVE_PATH_NAME; \
	else def=; echo "bench: fm_path_name() not found, building without it"; fi; \
	set -x; $(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_WARN) -I. $$def \
		-DBENCH_FLAGS='"$(BENCH_CFLAGS)"' -o $@ bench/bench.c $(BENCH_LDLIBS)

bench-clean:
	rm -rf $(BENCH_OUT)

bench-snapshot:
	@test -n "$(NAME)" || { echo "usage: make bench-snapshot NAME=<machine>-<date>"; exit 1; }
	@test -f $(BENCH_OUT)/summary.txt || { echo "no run in $(BENCH_OUT): make bench first"; exit 1; }
	mkdir -p bench/results/$(NAME)
	cp $(BENCH_OUT)/results.csv $(BENCH_OUT)/summary.txt $(BENCH_OUT)/meta.txt \
		$(BENCH_OUT)/*.svg bench/results/$(NAME)/

.DEFAULT_GOAL := $(BENCH__GOAL)
