# fastmem: header-only; nothing to build for users. Targets for developers:
#   make test        every build configuration this machine can run (see test/run.sh)
#   make test-quick  the main configuration only
#   make bench       fastmem against the system libc (see bench/)
#   make clean
CC ?= cc
BUILD ?= build

.PHONY: all test test-quick clean
all: test

test:
	BUILD=$(BUILD) bash test/run.sh

test-quick:
	BUILD=$(BUILD) bash test/run.sh quick

clean:
	rm -rf $(BUILD) bench/out

# Each area of the project adds its own targets here.
-include bench/bench.mk
-include examples/examples.mk
-include test/extra.mk
