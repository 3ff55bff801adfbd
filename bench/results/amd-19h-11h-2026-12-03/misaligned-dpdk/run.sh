#!/bin/sh
# Copies of 97-1023 B at the benchmark's misaligned placement (src % 64 = 3,
# dst % 64 = 17, dst - src = 2062 mod 4096, separate buffers), fastmem's
# fm_memcpy against DPDK's rte_memcpy (AVX-512 build), each inlined into the
# same loop, and fastmem's AVX-512 tier inlined there (fi.c: no call site, no
# call). Prints fm_memcpy/inlined tier/DPDK ns per call for four placements. Run from the
# repository root: sh bench/results/amd-19h-11h-2026-12-03/misaligned-dpdk/run.sh
set -e
h=bench/results/amd-19h-11h-2026-12-03/misaligned-dpdk
o=${TMPDIR:-/tmp}/misaligned-dpdk
mkdir -p "$o"
gcc -O2 -march=x86-64-v4 -DRTE_MEMCPY_AVX512 -isystem /usr/include/dpdk \
  -isystem /usr/include/x86_64-linux-gnu/dpdk -c $h/dp.c -o "$o/dp.o"
gcc -O2 -I. -c $h/fm.c -o "$o/fm.o"
gcc -O2 -I. -c $h/fi.c -o "$o/fi.o"
gcc -O2 -I. $h/main.c "$o/fm.o" "$o/fi.o" "$o/dp.o" -o "$o/mis"
"$o/mis"
