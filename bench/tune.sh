#!/bin/sh
# bench/tune.sh - the measurements behind fastmem's x86 size thresholds.
#
#   sh bench/tune.sh movsb   rep movsb / rep stosb against the vector loops, every size
#   sh bench/tune.sh nt      non-temporal stores against rep movsb and the loop
#   sh bench/tune.sh plan    a CPU's row of the plan table (fm__x86_find_plan):
#                            rep movsb, rep stosb and non-temporal stores
#                            against the vector loop in one process, aligned
#                            and misaligned, twice (bench/plan.c)
#   sh bench/tune.sh narrow  the same for the AVX2 and SSE2 tiers' copy loops
#                            (32 and 16 bytes a store) at 2-64 KiB, at two
#                            distances dst - src mod 4096 (bench/plan.c --width)
#   sh bench/tune.sh novec   the no-vector build's word loops against rep movsb /
#                            rep stosb, size by size (bench/plan.c --novec)
#   sh bench/tune.sh slow    raw rep movsb at every distance mod 4096, and raw
#                            rep stosb at every dst % 64 (bench/plan.c --slow-scan)
#
# movsb and nt: each variant is one `make bench SECTION=sweep` run with
# fastmem limited by --cpu-limit (and its thresholds opened up by -D flags),
# against glibc as shipped. Variants run in separate processes, so they are compared through
# their ratio to the same libc column: (libc / variant A) / (libc / variant B)
# is B's time over A's, with the machine's drift between runs divided out.
# Prints memcpy and memset rows >= 1 KiB.
set -eu
cd "$(dirname "$0")/.."
out=${TUNE_OUT:-build/tune}
mkdir -p "$out"
run() { # name cflags limit
  make -s bench SECTION=sweep BENCH_OUT="$out/$1" BENCH_CFLAGS="-O2 $2" \
    BENCH_ARGS="--libc=plain --cpu-limit=$3" >"$out/$1.log" 2>&1 || { tail "$out/$1.log"; exit 1; }
}
table() { # header, then variant names
  printf '%s\n' "$1"; shift
  awk -F, -v names="$*" '
    BEGIN { nv = split(names, v, " ") }
    FNR == 1 { f++; next }
    $10 == "libc" && ($3 == "memcpy" || $3 == "memset") && $6 >= 1024 {
      k = $3 " " $4 " " $6; r[k, f] = $16; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
    }
    END {
      printf "%-22s", "func align size"; for (i = 1; i <= nv; i++) printf " %12s", "libc/" v[i]; printf "\n"
      for (j = 1; j <= nk; j++) {
        printf "%-22s", order[j]; for (i = 1; i <= nv; i++) printf " %12.2f", r[order[j], i]; printf "\n"
      }
    }' $(for n in "$@"; do echo "$out/$n/results.csv"; done)
}
# bench/plan.c, and beside it fastmem without vector registers (kernel-style
# flags) with its own probe state, as bench/ab.sh gives each side its own
plan() {
  ${CC:-gcc} -O2 -Wall -Wextra -mgeneral-regs-only -Dfm__cpu_state=fm__novec_cpu_state \
    -Dfm__nt_kib=fm__novec_nt_kib -Dfm__x86_big=fm__novec_x86_big -I. -c bench/novec_ops.c \
    -o "$out/novec_ops.o"
  ${CC:-gcc} -O2 -Wall -Wextra -I. bench/plan.c "$out/novec_ops.o" -o "$out/plan"
}
pinned() { taskset -c "${TUNE_CPU:-1}" "$@" 2>/dev/null || "$@"; }
open="-DFASTMEM_ALL_STRATEGIES -DFASTMEM_MOVSB_MIN=0 -DFASTMEM_STOSB_MIN=0"
case "${1:-}" in
movsb)
  # 0x1f: SSE2 AVX2 AVX512 ERMS FSRM, no NT; 0x17: the same without ERMS.
  run movsb "$open" 0x1f
  run loop "$open" 0x17
  table "rep movsb (every size) against the AVX-512 loop; > 1 = faster than glibc" movsb loop ;;
nt)
  run nt "$open -DFASTMEM_NT_THRESHOLD=1048576" 0x37
  run movsb "$open" 0x1f
  run loop "$open" 0x17
  table "non-temporal stores from 1 MiB, rep movsb, the loop; > 1 = faster than glibc" nt movsb loop ;;
plan)
  plan
  for round in 1 2; do
    for off in 0 5; do pinned "$out/plan" --off=$off; done
  done ;;
narrow)
  plan
  sizes="2048 4096 8192 16384 20480 24576 26624 28672 32768 49152 65536"
  for round in 1 2; do
    for width in 32 16; do
      for off in 0 5; do
        for shift in 2048 0; do pinned "$out/plan" --width=$width --off=$off --shift=$shift $sizes; done
      done
    done
  done ;;
slow)
  plan
  for n in 65536 4096 1048576; do "$out/plan" --slow-scan $n; done ;;
novec)
  plan
  for off in 0 5; do pinned "$out/plan" --novec --off=$off; done ;;
*) echo "usage: sh bench/tune.sh movsb|nt|plan|narrow|slow|novec" >&2; exit 2 ;;
esac
