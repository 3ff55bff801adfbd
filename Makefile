# fastmem: header-only; nothing to build for users. Targets for developers:
#   make test        every build configuration this machine can run (see test/run.sh)
#   make test-quick  the main configuration only
#   make bench       fastmem against the system libc (see bench/)
#   make examples    build and run examples/, each timed against libc
#   make clean
# For users (see README "Installing"):
#   make install PREFIX=/usr/local   headers, drop-in <string.h>, fastmem.pc,
#                                    fastmem-dropin.pc, CMake package (DESTDIR works)
#   make single      dist/fastmem.h: one header with every backend pasted in
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

# ---- For users: install and single-file header ----------------------------
PREFIX ?= /usr/local
FASTMEM_VERSION := $(shell awk '/define FASTMEM_VERSION_(MAJOR|MINOR|PATCH) / { v = v (v == "" ? "" : ".") $$3 } END { print v }' fastmem.h)
.PHONY: install uninstall single
install:
	install -d $(DESTDIR)$(PREFIX)/include/fastmem-dropin $(DESTDIR)$(PREFIX)/share/pkgconfig $(DESTDIR)$(PREFIX)/share/cmake/fastmem
	install -m 644 fastmem.h $(wildcard fastmem_*.h) $(DESTDIR)$(PREFIX)/include
	install -m 644 dropin/string.h $(DESTDIR)$(PREFIX)/include/fastmem-dropin
	sed 's|@VERSION@|$(FASTMEM_VERSION)|' fastmem.pc.in > $(DESTDIR)$(PREFIX)/share/pkgconfig/fastmem.pc
	sed 's|@VERSION@|$(FASTMEM_VERSION)|' fastmem-dropin.pc.in > $(DESTDIR)$(PREFIX)/share/pkgconfig/fastmem-dropin.pc
	install -m 644 cmake/fastmemConfig.cmake $(DESTDIR)$(PREFIX)/share/cmake/fastmem
	sed 's|@VERSION@|$(FASTMEM_VERSION)|' cmake/fastmemConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/share/cmake/fastmem/fastmemConfigVersion.cmake
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/fastmem.h $(DESTDIR)$(PREFIX)/include/fastmem_*.h
	rm -f $(DESTDIR)$(PREFIX)/share/pkgconfig/fastmem.pc $(DESTDIR)$(PREFIX)/share/pkgconfig/fastmem-dropin.pc
	rm -rf $(DESTDIR)$(PREFIX)/include/fastmem-dropin
	rm -rf $(DESTDIR)$(PREFIX)/share/cmake/fastmem
single:
	sh tools/amalgamate.sh dist/fastmem.h

# A file that records what a build was made with: its rule sets BUILT_WITH, depends on FORCE
# (always runs) and has RECORD_BUILD as its recipe, which rewrites the file only when BUILT_WITH
# changed, so that what depends on it is rebuilt when the compiler or flags change. Single quotes
# are escaped for the shell; printf keeps backslashes as they are.
.PHONY: FORCE
FORCE:
RECORD_BUILD = @mkdir -p $(dir $@); printf '%s\n' '$(subst ','\'',$(BUILT_WITH))' | cmp -s - $@ || \
	printf '%s\n' '$(subst ','\'',$(BUILT_WITH))' > $@

# Each area of the project adds its own targets here.
-include bench/bench.mk
-include examples/examples.mk
-include test/extra.mk
