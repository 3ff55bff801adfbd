# test/harden.sh - hardening configurations, sourced at the end of test/run.sh
# (uses its $out, $WARN, pass/fail/broken counters and ran/skipped lists).
#
#   the suite (test/test.c -q) under ASan+UBSan with gcc and clang, and under
#     valgrind memcheck (which has no AVX-512: the probe must pick AVX2)
#   test/threads.c under TSan with gcc and clang
#   test/huge.c: sizes past 2^31 and 2^32, distances around 4 GiB
#   test/fuzz.c: the seed corpus replayed (libFuzzer and a gcc ASan build),
#     then libFuzzer for FUZZ_TIME seconds (default 60) in FUZZ_JOBS parallel
#     jobs (default 2); any crash or mismatch fails. FUZZ_TIME=0 skips it.
# Environment: FUZZ_TIME, FUZZ_JOBS, HUGE=0 (skip test/huge.c).

SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"

# hcfg NAME "COMPILER AND FLAGS" SOURCE "RUNNER" [ARGS...]
# Like cfg for any source; in addition the exit status must be 0, so that a
# sanitizer or valgrind report fails the configuration even when every
# check of the program passed.
hcfg() {
  local name=$1 cc=$2 src=$3 runner=$4; shift 4
  local bin="$out/$name" log="$out/$name.log" compiler=${cc%% *} rc last p f
  if ! command -v "$compiler" >/dev/null 2>&1; then skipped+=("$name (no $compiler)"); return 1; fi
  if [ -n "$runner" ] && ! command -v "${runner%% *}" >/dev/null 2>&1; then skipped+=("$name (no ${runner%% *})"); return 1; fi
  if ! $cc $WARN -I. "$src" -o "$bin" >"$log" 2>&1; then
    if grep -qE "cannot find -l|cannot find .*libclang_rt|No such file or directory.*(stdio|stdlib|bits/)|gnu/stubs" "$log"; then
      skipped+=("$name (no runtime library for: $cc)"); return 1
    fi
    echo "BUILD FAILED: $name: $cc $src"; head -n 20 "$log"; broken=$((broken + 1)); return 1
  fi
  $runner "$bin" "$@" >>"$log" 2>&1
  rc=$?
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
  if [ -z "$last" ]; then
    echo "CRASHED: $name (exit status $rc)"
    grep -E "ERROR|WARNING|runtime error|MISMATCH|FAIL|Invalid|uninitialised" "$log" | head -n 8
    broken=$((broken + 1)); return 1
  fi
  p=${last%% passed*} f=${last#*, }; f=${f%% failed}
  pass=$((pass + p)); fail=$((fail + f))
  [ "$f" = 0 ] || grep FAIL "$log" | head -n 10
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
    echo "FAILED: $name: exit status $rc (a sanitizer or valgrind report, see $log)"
    grep -E "ERROR|WARNING|runtime error|Invalid|uninitialised|definitely" "$log" | head -n 8
    fail=$((fail + 1))
  fi
  printf '  %-28s %s   [%s]\n' "$name" "$last" "$(grep -m1 -E '^fastmem ' "$log" | sed 's/^fastmem [a-z ]*: //' | cut -c1-90)"
  ran+=("$name")
  return 0
}

echo "hardening:"
# The suite under ASan+UBSan: every byte outside the buffers is checked by
# the guard pages as before, and every access by the sanitizers.
hcfg gcc-asan-ubsan     "gcc -std=c11 -O1 $SAN"           test/test.c "" -q
hcfg clang-asan-ubsan   "clang -std=c11 -O2 $SAN"         test/test.c "" -q
# The same with every strategy on (masked short paths, fewest-block tails)
hcfg clang-asan-ubsan-all-strategies "clang -std=c11 -O2 $SAN -DFASTMEM_ALL_STRATEGIES" test/test.c "" -q

# 32-bit x86 (under qemu-i386 where the kernel cannot run it): UBSan only;
# ASan's shadow memory setup does not get past qemu-user (it spins forever).
hcfg gcc-m32-ubsan      "gcc -m32 -std=c99 -O1 -g -fsanitize=undefined -fno-sanitize-recover=all"   test/test.c "${runner32:-}" -q
hcfg clang-m32-ubsan    "clang -m32 -std=c99 -O2 -g -fsanitize=undefined -fno-sanitize-recover=all" test/test.c "${runner32:-}" -q

# valgrind memcheck: it has no AVX-512, so the probe (CPUID + XGETBV) must
# fall back to AVX2, and memcheck must find no error.
if hcfg valgrind-memcheck "gcc -std=c11 -O2 -g" test/test.c \
    "valgrind -q --error-exitcode=99 --track-origins=yes" -q; then
  if grep -m1 '^fastmem test:' "$out/valgrind-memcheck.log" | grep -q 'avx512'; then
    echo "FAILED: valgrind-memcheck: the probe chose AVX-512 under valgrind, which cannot run it"; fail=$((fail + 1))
  fi
fi

# Threads: the first call raced by many threads, then concurrent calls.
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
hcfg gcc-tsan-threads   "gcc -std=c11 -O1 -g -fsanitize=thread -pthread"   test/threads.c ""
hcfg clang-tsan-threads "clang -std=c11 -O1 -g -fsanitize=thread -pthread" test/threads.c ""
hcfg gcc-threads        "gcc -std=c11 -O2 -pthread"                        test/threads.c "" -r 100

# Huge sizes (64-bit only; sparse and aliased mappings keep memory small).
if [ "${HUGE:-1}" != 0 ] && [ -f test/huge.c ]; then
  hcfg huge "gcc -std=c11 -O2" test/huge.c "" -q
fi

# Fuzzing: replay the seed corpus, then a bounded libFuzzer run.
hcfg gcc-fuzz-replay "gcc -std=c11 -O1 $SAN -DFUZZ_MAIN" test/fuzz.c "" test/corpus -r 30000
h_time=${FUZZ_TIME:-60} h_jobs=${FUZZ_JOBS:-2}
h_fz="$out/fuzz"
if ! command -v clang >/dev/null 2>&1; then skipped+=("libfuzzer (no clang)")
elif ! clang -std=c11 -O2 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $WARN -I. \
      test/fuzz.c -o "$h_fz" >"$out/fuzz-build.log" 2>&1; then
  if grep -q "libclang_rt.fuzzer" "$out/fuzz-build.log"; then skipped+=("libfuzzer (no libclang-rt-14-dev)")
  else echo "BUILD FAILED: libfuzzer"; head -n 20 "$out/fuzz-build.log"; broken=$((broken + 1)); fi
else
  h_ok=1 h_runs=0
  rm -rf "$out/fuzz-corpus" "$out"/fuzz-crash-* && mkdir -p "$out/fuzz-corpus"
  cp test/corpus/* "$out/fuzz-corpus/"
  if [ "$h_time" -gt 0 ]; then
    h_pids=""
    for h_j in $(seq 1 "$h_jobs"); do
      # each job its own seed; all share (and grow) the corpus directory
      "$h_fz" -max_total_time="$h_time" -max_len=64 -timeout=30 -rss_limit_mb=2048 -seed="$h_j$(date +%s | tail -c 6)" \
        -print_final_stats=1 -artifact_prefix="$out/fuzz-crash-" "$out/fuzz-corpus" >"$out/fuzz-$h_j.log" 2>&1 &
      h_pids="$h_pids $!"
    done
    wait $h_pids
    for h_j in $(seq 1 "$h_jobs"); do
      h_r=$(grep -E '^stat::number_of_executed_units' "$out/fuzz-$h_j.log" | awk '{print $2}')
      if [ -z "$h_r" ] || grep -qE 'MISMATCH|ERROR: (AddressSanitizer|libFuzzer)|runtime error' "$out/fuzz-$h_j.log"; then
        h_ok=0; echo "FAILED: libfuzzer job $h_j (log $out/fuzz-$h_j.log)"
        grep -m3 -E 'MISMATCH|ERROR|runtime error|SUMMARY' "$out/fuzz-$h_j.log"
        ls "$out"/fuzz-crash-* 2>/dev/null | head -n 3 | sed 's/^/  reproduce: '"$h_fz"' /'
      else h_runs=$((h_runs + h_r)); fi
    done
  else
    "$h_fz" -runs=0 "$out/fuzz-corpus" >"$out/fuzz-1.log" 2>&1 || { h_ok=0; echo "FAILED: libfuzzer corpus replay"; }
  fi
  if [ "$h_ok" = 1 ]; then
    pass=$((pass + 1)); ran+=(libfuzzer)
    printf '  %-28s %s\n' libfuzzer "1 passed, 0 failed   [$h_runs inputs in ${h_time}s x $h_jobs jobs, corpus $(ls "$out/fuzz-corpus" | wc -l) files]"
  else fail=$((fail + 1)); fi
fi
