#!/bin/sh
# The AVX2 tier's copies of 200 B-1 KiB, taken apart: through the call, the
# tier's tests inlined, the forward loop alone; DPDK's AVX2 copy and glibc's
# AVX2 memcpy beside them. From the repository root:
#   sh bench/results/amd-19h-11h-2026-12-03/avx2-path/run.sh [REV]
# REV (optional): time that revision's headers instead of the working tree's.
set -e
h=bench/results/amd-19h-11h-2026-12-03/avx2-path
o=${TMPDIR:-/tmp}/avx2-path
inc=.
mkdir -p "$o"
if [ -n "${1:-}" ]; then
  mkdir -p "$o/rev"
  for f in fastmem.h fastmem_x86.h fastmem_ppc.h; do git show "$1:$f" >"$o/rev/$f"; done
  inc=$o/rev
fi
gcc -O2 -march=x86-64-v3 -isystem /usr/include/dpdk -isystem /usr/include/x86_64-linux-gnu/dpdk \
  -c $h/peers.c -o "$o/peers.o"
gcc -O2 -I"$inc" -c $h/loops.c -o "$o/loops.o"
gcc -O2 $h/main.c "$o/loops.o" "$o/peers.o" -o "$o/avx2-path"
GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX512F,-AVX512BW,-AVX512VL taskset -c 0 "$o/avx2-path" 0x3b
