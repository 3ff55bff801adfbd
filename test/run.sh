#!/usr/bin/env bash
# Runs the fastmem test suite in every build configuration this machine can
# build and run, then prints the totals: "N passed, M failed".
#
#   test/run.sh [quick]     quick: one configuration per compiler only
#
# Each configuration compiles test/test.c with its flags, runs it (natively,
# or under qemu-user for other targets) and adds its counts to the totals.
# A configuration whose compiler or emulator is missing is listed as SKIPPED.
set -u
cd "$(dirname "$0")/.."
out=${BUILD:-build}/test
mkdir -p "$out"
WARN="-Wall -Wextra -Werror -pedantic"
pass=0 fail=0 broken=0
ran=() skipped=()

# cfg NAME "COMPILER AND FLAGS" "RUNNER" [TEST ARGS...]   (SRC=file: another test program)
cfg() {
  local name=$1 cc=$2 runner=$3; shift 3
  local bin="$out/$name" log="$out/$name.log"
  local compiler=${cc%% *}
  if ! command -v "$compiler" >/dev/null 2>&1; then skipped+=("$name (no $compiler)"); return; fi
  if [ -n "$runner" ] && ! command -v "${runner%% *}" >/dev/null 2>&1; then skipped+=("$name (no ${runner%% *})"); return; fi
  if ! $cc $WARN -I. "${SRC:-test/test.c}" -o "$bin" >"$log" 2>&1; then
    # a missing target library is a skip; a warning or error in fastmem is a failure
    if grep -qE "cannot find -l|No such file or directory.*(stdio|stdlib|bits/)|cannot find crt|gnu/stubs" "$log"; then
      skipped+=("$name (no target libc for: $cc)"); return
    fi
    echo "BUILD FAILED: $name: $cc"; head -n 20 "$log"; broken=$((broken + 1)); return
  fi
  local res
  res=$($runner "$bin" "$@" 2>&1 | tee -a "$log" | tail -n 40)
  local last=$(printf '%s\n' "$res" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
  if [ -z "$last" ]; then echo "CRASHED: $name"; printf '%s\n' "$res" | tail -n 5; broken=$((broken + 1)); return; fi
  local p=${last%% passed*} f=${last#*, }; f=${f%% failed}
  pass=$((pass + p)); fail=$((fail + f))
  [ "$f" = 0 ] || printf '%s\n' "$res" | grep FAIL | head -n 10
  printf '  %-28s %s   [%s]\n' "$name" "$last" "$(printf '%s\n' "$res" | head -n 1 | sed 's/^fastmem test: //')"
  ran+=("$name")
}

echo "fastmem: make test"
# The main configuration: every feature subset, every size and offset.
cfg gcc-O2-c11          "gcc -std=c11 -O2"              ""
if [ "${1:-}" != quick ]; then
  cfg clang-O2-c11      "clang -std=c11 -O2"            "" -q
  for o in O0 O3 Os; do
    cfg gcc-$o-c99      "gcc -std=c99 -$o"              "" -q
    cfg clang-$o-c99    "clang -std=c99 -$o"            "" -q
  done
  cfg g++-O2-c++11      "g++ -x c++ -std=c++11 -O2"     "" -q
  cfg clang++-O2-c++11  "clang++ -x c++ -std=c++11 -O2" "" -q
  cfg gcc-no-probe-native   "gcc -std=c11 -O2 -march=native -DFASTMEM_NO_PROBE" "" -q
  cfg gcc-no-probe-baseline "gcc -std=c11 -O2 -DFASTMEM_NO_PROBE"               "" -q
  cfg clang-no-probe-native "clang -std=c11 -O2 -march=native -DFASTMEM_NO_PROBE" "" -q
  cfg gcc-portable      "gcc -std=c11 -O2 -DFASTMEM_PORTABLE" "" -q
  # Thresholds at 0 (a user may define them so): rep movsb / rep stosb for
  # every size past the tiers' unrolled classes (above 8 vectors), on any
  # CPU with ERMS whatever its plan, and it must still build warning-free.
  cfg gcc-string-ops-from-0 "gcc -std=c11 -O2 -DFASTMEM_ALL_STRATEGIES -DFASTMEM_MOVSB_MIN=0 -DFASTMEM_STOSB_MIN=0" "" -q
  # Every strategy on any CPU whose features allow it, whatever its plan:
  # the masked short paths (inlined in clang builds and gcc builds for
  # AVX-512 targets; that one runs only where the CPU has AVX-512) and the
  # fewest-block tails on any CPU with AVX-512.
  cfg clang-all-strategies "clang -std=c11 -O2 -DFASTMEM_ALL_STRATEGIES" "" -q
  if grep -qw avx512bw /proc/cpuinfo 2>/dev/null && grep -qw avx512vl /proc/cpuinfo; then
    cfg gcc-v4-all-strategies "gcc -std=c11 -O2 -march=x86-64-v4 -DFASTMEM_ALL_STRATEGIES" "" -q
  fi
  # 32-bit x86: this kernel cannot run i386 binaries itself, qemu-i386 can.
  runner32=""; command -v qemu-i386 >/dev/null 2>&1 && runner32="qemu-i386"
  [ -z "$runner32" ] && { echo 'int main(void){return 0;}' > "$out/e.c"; gcc -m32 "$out/e.c" -o "$out/e32" 2>/dev/null && "$out/e32" 2>/dev/null || runner32="qemu-i386"; }
  cfg gcc-m32-O2        "gcc -m32 -std=c99 -O2"         "$runner32" -q
  cfg clang-m32-O2      "clang -m32 -std=c99 -O2"       "$runner32" -q
  # x86-64 CPUs without AVX-512 (qemu's "max": AVX2) and without AVX (Nehalem):
  # the probe and every call site must keep to the CPU's instructions, or the
  # run stops on SIGILL; fm_cpu_limit on a CPU that has them cannot show that.
  cfg gcc-qemu-avx2     "gcc -std=c11 -O2"              "qemu-x86_64 -cpu max" -q
  cfg clang-qemu-avx2   "clang -std=c11 -O2"            "qemu-x86_64 -cpu max" -q
  cfg gcc-qemu-sse2     "gcc -std=c11 -O2"              "qemu-x86_64 -cpu Nehalem-v1" -q
  cfg clang-qemu-sse2   "clang -std=c11 -O2"            "qemu-x86_64 -cpu Nehalem-v1" -q
  # fastmem.h compiled on its own, as C and C++, warning-free (clang warns
  # about unused static inline functions in a main file, not in a header);
  # C also without declarations after statements, as some projects build.
  hp=0 hf=0
  for hc in "gcc -x c -std=c99 -pedantic -Wdeclaration-after-statement" \
            "clang -x c -std=c11 -pedantic -Wdeclaration-after-statement" \
            "g++ -x c++ -std=c++11 -pedantic" "clang++ -x c++ -std=c++11 -pedantic"; do
    for hd in "" "-DFASTMEM_PORTABLE" "-DFASTMEM_NO_PROBE" "-DFASTMEM_ALL_STRATEGIES"; do
      command -v "${hc%% *}" >/dev/null 2>&1 || continue
      if $hc $hd -Wall -Wextra -Werror -fsyntax-only fastmem.h >"$out/header.log" 2>&1; then hp=$((hp + 1))
      else hf=$((hf + 1)); echo "FAILED: $hc $hd -Wall -Wextra -Werror fastmem.h"; head -n 5 "$out/header.log"; fi
    done
  done
  pass=$((pass + hp)); fail=$((fail + hf))
  echo "  header-alone                 $hp passed, $hf failed"

  # Slow modes: copies, moves and sets of 16 KiB, 64 KiB and 1 MiB at every
  # relative placement class, each tier; a class over 3x the median class
  # fails. Native only (timings under an emulator mean nothing). The second
  # build puts rep movsb / rep stosb at every size on any CPU with ERMS, so
  # their guards are checked on CPUs whose plan does not use them; the third
  # puts non-temporal stores at the two larger sizes.
  SRC=test/cliff.c cfg cliff-plan "gcc -std=c11 -O2" ""
  # clang builds take the AVX-512 byte-masked short paths where the plan
  # says so (gcc ones do not by default): their calls at the ends of pages.
  SRC=test/cliff.c cfg cliff-clang "clang -std=c11 -O2" ""
  SRC=test/cliff.c cfg cliff-string-ops "gcc -std=c11 -O2 -DFASTMEM_ALL_STRATEGIES -DFASTMEM_MOVSB_MIN=0 -DFASTMEM_STOSB_MIN=0" ""
  SRC=test/cliff.c cfg cliff-non-temporal "gcc -std=c11 -O2 -DFASTMEM_NT_THRESHOLD=32768" ""
  # Generated code: constant sizes reduce to straight-line code, no libc calls.
  if sh test/codegen.sh >"$out/codegen.log" 2>&1; then c=$(grep -c '^ok' "$out/codegen.log"); pass=$((pass + c)); echo "  codegen                      $c passed, 0 failed"
  else cat "$out/codegen.log" | grep -v '^ok'; c=$(grep -c '^not ok' "$out/codegen.log"); fail=$((fail + c)); c2=$(grep -c '^ok' "$out/codegen.log"); pass=$((pass + c2)); fi
  # The benchmark, briefly: it must build warning-free with gcc and clang and
  # run every section (a smoke test: no speed is asserted on a shared machine).
  # Every section must have written rows, and where DPDK's header is
  # installed (.ci/run installs dpdk-dev) the dpdk column too.
  bench_rows() {
    local s
    for s in overlap distance mismatch sweep fleet large cliff; do
      grep -q ",$s," "$1" || { echo "bench: no $s rows in $1"; return 1; }
    done
    # the report of this run: a summary and plots (the outputs of an earlier
    # run were removed first, so that they cannot stand in for them)
    grep -q '^== summary' "${1%/results.csv}/summary.txt" || { echo "bench: no summary.txt"; return 1; }
    ls "${1%/results.csv}"/*.svg >/dev/null 2>&1 || { echo "bench: no plots"; return 1; }
    # each process says how often it found its core shared (core_share.c)
    for s in libc libc-norep; do
      grep -q "^$s," "$1" || continue
      grep -q "^core: *$s: [0-9]* rows; [0-9]* waited" "${1%/results.csv}/meta.txt" ||
        { echo "bench: no core line for $s in meta.txt"; return 1; }
    done
    for s in /usr/include/dpdk/rte_memcpy.h /usr/include/*/dpdk/rte_memcpy.h; do
      [ -f "$s" ] || continue
      grep -q ',dpdk,' "$1" || { echo "bench: $s is installed but $1 has no dpdk column"; return 1; }
      break
    done
  }
  rm -f "$out/bench/summary.txt" "$out/bench"/*.svg
  if make -s bench-quick BENCH_OUT="$out/bench" BENCH_WARN="-Wall -Wextra -Werror" >"$out/bench.log" 2>&1 &&
     make -s bench-build BENCH_CC=clang BENCH_OUT="$out/bench-clang" BENCH_WARN="-Wall -Wextra -Werror" >>"$out/bench.log" 2>&1 &&
     bench_rows "$out/bench/results.csv" >>"$out/bench.log" 2>&1; then
    pass=$((pass + 1)); echo "  bench-quick                  1 passed, 0 failed   [$(grep -c . "$out/bench/results.csv") CSV rows, $(ls "$out/bench"/*.svg | wc -l) plots]"
  else
    fail=$((fail + 1)); echo "FAILED: make bench-quick (see $out/bench.log)"; tail -n 15 "$out/bench.log"
  fi
  # make bench RUNS=N: the merge of runs on known times, and the summary's
  # rows below 0.9 of the best peer (test/bench_merge.sh), then the merge on
  # two copies of the quick run, whose summary must say so.
  if sh test/bench_merge.sh "$out/bench-merge" "$out/bench/bench" >"$out/bench-merge.log" 2>&1 &&
     sh bench/merge_runs.sh "$out/bench-merged" "$out/bench" "$out/bench" >>"$out/bench-merge.log" 2>&1 &&
     "$out/bench/bench" --out="$out/bench-merged" --report-only="$out/bench-merged" >>"$out/bench-merge.log" 2>&1 &&
     grep -q 'median of 2 runs' "$out/bench-merged/summary.txt"; then
    pass=$((pass + 1)); echo "  bench-merge                  1 passed, 0 failed"
  else
    fail=$((fail + 1)); echo "FAILED: bench-merge (see $out/bench-merge.log)"; tail -n 15 "$out/bench-merge.log"
  fi
  # The A/B timing beside it builds warning-free and runs (HEAD against the
  # working tree; with DPDK's rte_memcpy as the peer where dpdk-dev is
  # installed, in its AVX2 build, which every CPU with AVX2 runs), with its
  # report of the core (bench/core_probe.h), and its fleet table.
  dpdk_hdr=$(make -s --no-print-directory bench-dpdk-flags ISA=avx2)
  grep -qw avx2 /proc/cpuinfo 2>/dev/null || dpdk_hdr=
  if BUILD="$out/ab-build" sh bench/ab.sh -c "${CC:-gcc} -O2 -Wall -Wextra -Werror" memcpy 64 >"$out/bench-tools.log" 2>&1 &&
     grep -q '^ *64 .*[0-9]' "$out/bench-tools.log" && grep -q '^core: waited' "$out/bench-tools.log" &&
     BUILD="$out/ab-build" sh bench/ab.sh -c "${CC:-gcc} -O2 -Wall -Wextra -Werror" memeq fleet --set=llc >>"$out/bench-tools.log" 2>&1 &&
     grep -q '^ *LLC .*[0-9]' "$out/bench-tools.log" &&
     BUILD="$out/ab-build" sh bench/ab.sh -c "${CC:-gcc} -O2 -Wall -Wextra -Werror" -P 2 memcmp 40 >>"$out/bench-tools.log" 2>&1 &&
     grep -q '^ *40 .*[0-9]-[0-9]' "$out/bench-tools.log" && grep -q '^medians over 2 code placements' "$out/bench-tools.log" &&
     [ "$(nm "$out/ab-build/ab/ab0" | grep ' ab_run_A$')" != "$(nm "$out/ab-build/ab/ab1" | grep ' ab_run_A$')" ] &&
     { [ -z "$dpdk_hdr" ] ||
       { BUILD="$out/ab-build" sh bench/ab.sh -c "${CC:-gcc} -O2 -Wall -Wextra -Werror" -p dpdk-avx2 memcpy 300 >>"$out/bench-tools.log" 2>&1 &&
         grep -q '^ *size *dpdk-avx2 ' "$out/bench-tools.log" && grep -q '^ *300 .*[0-9]' "$out/bench-tools.log"; }; }; then
    pass=$((pass + 1)); echo "  bench-tools                  1 passed, 0 failed"
  else
    fail=$((fail + 1)); echo "FAILED: bench-tools (see $out/bench-tools.log)"; tail -n 15 "$out/bench-tools.log"
  fi
  # Other areas add their configurations in files sourced here; each uses
  # cfg or adds to pass/fail/skipped itself.
  for extra in test/cross.sh test/harden.sh test/user.sh test/builds.sh test/link.sh; do
    [ -f "$extra" ] && . "$extra"
  done
fi
for s in "${skipped[@]}"; do echo "SKIPPED: $s"; done
[ "$broken" = 0 ] || { echo "$broken configuration(s) failed to build or crashed"; fail=$((fail + broken)); }
echo "${#ran[@]} configurations run, ${#skipped[@]} skipped"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
