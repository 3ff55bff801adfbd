#!/bin/sh
# bench/ab.sh - time the working tree's fastmem (B) against another version
# (A: a git revision, HEAD by default) and libc, in one process.
#
#   sh bench/ab.sh [-r REV] [-c "CC FLAGS"] [-p PEER] [-P N] OP [SIZE ... | fleet
#                  [--set=llc] [--sizes=LO-HI] [--order=sorted]] [--dist=D] [--limit=MASK]
#     OP: memcpy memmove memset memcmp memeq;  D: dst - src (default 1 MiB + 2048)
#     MASK: fm_cpu_limit(MASK) on both sides, e.g. 0x3b for the AVX2 tier
#     fleet: the benchmark's fleet table of OP (bench/fleet.h), L1-sized working set;
#       --set=llc: the LLC-sized one; --sizes=LO-HI: sizes uniform in [LO, HI]
#       instead of the fleet's; --order=sorted: the same calls sorted by size, so
#       that size branches predict (shuffled over sorted: what mispredicted size
#       branches cost each side)
#     PEER: the third column: libc (default), or for memcpy DPDK's rte_memcpy
#       (dpdk-dev) inlined and built as the benchmark's dpdk column: dpdk
#       (x86-64-v4, DPDK's AVX-512 code) or dpdk-avx2 (x86-64-v3)
#     -P N: the same at N code placements: N programs, A's and B's code 0, 16, 32 ...
#       bytes further on in each (padding before them), run in turns, twice;
#       per size the median over placements of each column and of A/B, and A/B's
#       range. For calls of a few ns, whose time can move 2x with their address
#       (bench/README.md, "Code placement").
#
# Prints ns per call and PEER/A, PEER/B and A/B (> 1: B faster). Code moved
# to another address can change a sub-2 ns call by 10% on its own, so trust
# a difference that repeats over runs, at neighbouring sizes too. Each size
# first waits for a core no other work shares (bench/core_probe.h); a row
# that could not ends in "shared", and a last line says how long it waited.
set -eu
cd "$(dirname "$0")/.."
rev=HEAD cc="${CC:-gcc} -O2" peer=libc places=0
while [ $# -gt 0 ]; do
  case $1 in
  -r) rev=$2; shift 2 ;;
  -P)
    case $2 in '' | *[!0-9]*) echo "ab.sh: -P takes a number of placements" >&2; exit 2 ;; esac
    places=$2; shift 2 ;;
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
# (own SIDE DIR: versions since 2026-12-06 keep the state in fm__shared)
own() {
  if grep -q 'fm__shared' "$2/fastmem.h"; then echo "-Dfm__shared=fm__shared_$1 -Dfm__x86_big=fm__x86_big_$1"
  else echo "-Dfm__cpu_state=fm__cpu_state_$1 -Dfm__nt_kib=fm__nt_kib_$1 -Dfm__x86_big=fm__x86_big_$1"; fi
}
# build PAD PROGRAM: the three sides into PROGRAM; where PAD is given, with
# PAD x 16 bytes of code in the first object, so that the A and B objects
# linked after it both sit PAD x 16 bytes further on
build() {
  pad=${1:+-DAB_PAD=$1}
  $cc $align $pad $(own libc "$out/A") -I"$out/A" $peer_flags -DNAME=libc -c bench/ab.c -o "$out/libc.o"
  $cc $align $(own A "$out/A") -I"$out/A" -DNAME=A -c bench/ab.c -o "$out/A.o"
  $cc $align $(own B .) -I. -DNAME=B -c bench/ab.c -o "$out/B.o"
  # and its own long paths: the same version's weak copies, and gcc's link-once
  # sections, would be one
  for o in libc A B; do
    objcopy -w -L 'fm__*' $(readelf -SW "$out/$o.o" | sed -n 's/.*] \(\.gnu\.linkonce\.t\.\([^ ]*\)\) .*/--rename-section \1=.text.\2/p') "$out/$o.o" || exit 1
  done
  $cc $align -DAB_PEER="\"$peer\"" bench/ab.c "$out/libc.o" "$out/A.o" "$out/B.o" -o "$2"
}
if [ "$places" -le 0 ]; then
  build "" "$out/ab"
  exec "$out/ab" "$@"
fi
# -P N: the placement is what varies, so no alignment flags (they would
# round the padding away)
align=
k=0
while [ "$k" -lt "$places" ]; do
  build "$k" "$out/ab$k"
  k=$((k + 1))
done
# "row name placement libc A B" for every row of every run; the lines
# above the first run's column heads are printed as they are
rm -f "$out/header" "$out/all"
for round in 1 2; do
  k=0
  while [ "$k" -lt "$places" ]; do
    "$out/ab$k" "$@" >"$out/run"
    cat "$out/run" >>"$out/all"
    [ -f "$out/header" ] || awk '$NF == "A/B" { exit } { print }' "$out/run" >"$out/header"
    awk -v k="$k" 'NF >= 7 && $2 ~ /^[0-9.]+$/ { print NR, $1, k, $2, $3, $4 }' "$out/run"
    k=$((k + 1))
  done
done >"$out/times"
cat "$out/header"
# per row and placement the least time of the two rounds, and A/B of those
awk '{ key = $1 " " $2 " " $3
       if (!(key in l) || $4 < l[key]) l[key] = $4
       if (!(key in a) || $5 < a[key]) a[key] = $5
       if (!(key in b) || $6 < b[key]) b[key] = $6 }
     END { for (key in l) print key, l[key], a[key], b[key], a[key] / b[key] }' "$out/times" |
  sort -k1,1n >"$out/places"
# the sorted values of column C of row R, one per line
column() { awk -v r="$1" -v c="$2" '$1 == r { print $c }' "$out/places" | sort -n; }
median() {
  column "$1" "$2" |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
first=size
case $(sed -n '1{s/^[^ ]* //;s/ .*//;p;}' "$out/places") in L1 | LLC) first= ;; esac
printf '%8s %9s %9s %9s %8s %8s %8s %11s\n' "$first" "$peer" A B "$peer/A" "$peer/B" A/B "A/B range"
for row in $(cut -d' ' -f1 "$out/places" | sort -nu); do
  awk -v name="$(awk -v r="$row" '$1 == r { print $2; exit }' "$out/places")" \
    -v l="$(median "$row" 4)" -v a="$(median "$row" 5)" -v b="$(median "$row" 6)" \
    -v ab="$(median "$row" 7)" -v lo="$(column "$row" 7 | sed -n 1p)" \
    -v hi="$(column "$row" 7 | sed -n '$p')" 'BEGIN {
    printf "%8s %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f %5.2f-%.2f\n", name, l, a, b, l / a, l / b, ab, lo, hi }'
done
echo "medians over $places code placements, each the least of two runs;" \
  "$(grep -c ' shared$' "$out/all" || :) rows of the $((2 * places)) runs measured on a shared core"
