#!/bin/sh
# bench/ab.sh - time the working tree's fastmem (B) against another version
# (A: a git revision, HEAD by default) and libc, in one process.
#
#   sh bench/ab.sh [-r REV] [-c "CC FLAGS"] [-p PEER] OP [SIZE ... | random [--sizes=LO-HI]
#                  [--order=sorted]]
#                  [--dist=D] [--limit=MASK]
#     OP: memcpy memmove memset memcmp memeq;  D: dst - src (default 1 MiB + 2048)
#     MASK: fm_cpu_limit(MASK) on both sides, e.g. 0x3b for the AVX2 tier
#     random: a table of random sizes and offsets, as the benchmark's random section;
#       --sizes=LO-HI: sizes uniform in [LO, HI] instead of the section's mix;
#       --order=sorted: the same calls sorted by size, so that size branches predict
#       (shuffled over sorted: what mispredicted size branches cost each side)
#     PEER: the third column: libc (default), or for memcpy DPDK's rte_memcpy
#       (dpdk-dev) inlined and built as the benchmark's dpdk column: dpdk
#       (x86-64-v4, DPDK's AVX-512 code) or dpdk-avx2 (x86-64-v3)
#
# Prints ns per call and PEER/A, PEER/B and A/B (> 1: B faster). Code moved
# to another address can change a sub-2 ns call by 10% on its own, so trust
# a difference that repeats over runs, at neighbouring sizes too. Each size
# first waits for a core no other work shares (bench/core_probe.h); a row
# that could not ends in "shared", and a last line says how long it waited.
set -eu
cd "$(dirname "$0")/.."
rev=HEAD cc="${CC:-gcc} -O2" peer=libc
while [ $# -gt 0 ]; do
  case $1 in
  -r) rev=$2; shift 2 ;;
  -c) cc=$2; shift 2 ;;
  -p) peer=$2; shift 2 ;;
  *) break ;;
  esac
done
# the peer side: glibc, or rte_memcpy built with the benchmark's flags (bench.mk)
peer_flags="-DAB_LIBC"
case $peer in
libc) ;;
dpdk | dpdk-avx2)
  [ "${1:-}" = memcpy ] || { echo "ab.sh: -p $peer times memcpy only" >&2; exit 2; }
  [ "$peer" = dpdk ] && isa=avx512 || isa=avx2
  flags=$(make -s --no-print-directory bench-dpdk-flags ISA=$isa)
  [ -n "$flags" ] || { echo "ab.sh: no DPDK headers (Debian: apt-get install dpdk-dev)" >&2; exit 2; }
  peer_flags="-DAB_DPDK $flags" ;;
*) echo "ab.sh: -p libc|dpdk|dpdk-avx2" >&2; exit 2 ;;
esac
# every function, loop and jump target aligned alike in A and B, so that
# placement does not decide (without this, identical code differed by up to
# 1.2x at 33-256 B between the two objects). Not -falign-labels: its padding
# lands inside loops and runs on every step; on AMD family 1Ah two copies of
# the same SSE2 loop, padded so, ran 1.2-1.6x apart at 4-64 KiB.
align="-falign-functions=64 -falign-loops=64"
# gcc also aligns jump targets (padding only where nothing falls through);
# clang refuses the flag
echo 'int x;' >"${TMPDIR:-/tmp}/ab$$.c"
if $cc -Werror -falign-jumps=32 -c "${TMPDIR:-/tmp}/ab$$.c" -o /dev/null 2>/dev/null; then
  align="$align -falign-jumps=32"
fi
rm -f "${TMPDIR:-/tmp}/ab$$.c"
out=${BUILD:-build}/ab
rm -rf "$out"; mkdir -p "$out/A"
for f in fastmem.h fastmem_x86.h fastmem_ppc.h; do git show "$rev:$f" >"$out/A/$f"; done
# each side gets its own probe state and plan sizes (fastmem shares them
# program-wide through weak symbols), so a change to the probe or to a plan
# row is measured too (until 2026-12-03 the sides shared the plan sizes,
# fm__x86_big: whichever side probed last set both, so an A/B of a plan
# size such as cmp_narrow read one plan on both sides)
own() { echo "-Dfm__cpu_state=fm__cpu_state_$1 -Dfm__nt_kib=fm__nt_kib_$1 -Dfm__x86_big=fm__x86_big_$1"; }
$cc $align $(own libc) -I"$out/A" $peer_flags -DNAME=libc -c bench/ab_loop.c -o "$out/libc.o"
$cc $align $(own A) -I"$out/A" -DNAME=A -c bench/ab_loop.c -o "$out/A.o"
$cc $align $(own B) -I. -DNAME=B -c bench/ab_loop.c -o "$out/B.o"
$cc $align -DAB_PEER="\"$peer\"" bench/ab_main.c "$out/libc.o" "$out/A.o" "$out/B.o" -o "$out/ab"
"$out/ab" "$@"
