# Hardening targets (included by the top Makefile; see README "Hardening").
#   make fuzz [FUZZ_TIME=600] [FUZZ_JOBS=2]  libFuzzer on test/fuzz.c; the corpus
#                         grows in $(BUILD)/fuzz-corpus across runs, crashes land
#                         in $(BUILD)/fuzz-crash-*
#   make test-huge        sizes past 2^31 and 2^32 (also part of make test)
#   make test-threads     the threads test under TSan (also part of make test)
FUZZ_TIME ?= 600
FUZZ_JOBS ?= 2
FUZZ_FLAGS = -std=c11 -O2 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

.PHONY: fuzz test-huge test-threads
fuzz:
	mkdir -p $(BUILD)/fuzz-corpus
	clang $(FUZZ_FLAGS) -I. test/fuzz.c -o $(BUILD)/fuzz
	cp -n test/corpus/* $(BUILD)/fuzz-corpus/
	$(BUILD)/fuzz -max_total_time=$(FUZZ_TIME) -fork=$(FUZZ_JOBS) -max_len=64 -timeout=30 \
	  -rss_limit_mb=2048 -artifact_prefix=$(BUILD)/fuzz-crash- $(BUILD)/fuzz-corpus

test-huge:
	mkdir -p $(BUILD)/test
	gcc -std=c11 -O2 -I. test/huge.c -o $(BUILD)/test/huge
	$(BUILD)/test/huge -v

test-threads:
	mkdir -p $(BUILD)/test
	clang -std=c11 -O1 -g -fsanitize=thread -pthread -I. test/threads.c -o $(BUILD)/test/threads-tsan
	$(BUILD)/test/threads-tsan
