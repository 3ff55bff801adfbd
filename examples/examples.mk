# examples/: small programs from filesystems, databases and networking; each
# times itself against the C library and checks its own results.
#   make examples                     build and run them (7 timed rounds each)
#   make examples EXAMPLE_ARGS=-q     one round each (as the test suite runs them)
EXAMPLES := btree_leaf page_dedup packet_ring
EXAMPLE_CFLAGS ?= -std=c11 -O2 -Wall -Wextra -Werror -pedantic
EXAMPLE_ARGS ?=

.PHONY: examples
examples: $(EXAMPLES:%=$(BUILD)/examples/%)
	@status=0; for e in $^; do $$e $(EXAMPLE_ARGS) || status=1; done; exit $$status

# rebuilt when CC or EXAMPLE_CFLAGS change (RECORD_BUILD, top Makefile)
$(BUILD)/examples/built-with: BUILT_WITH = $(CC) $(EXAMPLE_CFLAGS)
$(BUILD)/examples/built-with: FORCE
	$(RECORD_BUILD)

$(BUILD)/examples/%: examples/%.c examples/example.h fastmem.h $(wildcard fastmem_*.h) \
	$(BUILD)/examples/built-with
	@mkdir -p $(dir $@)
	$(CC) $(EXAMPLE_CFLAGS) -I. $< -o $@
